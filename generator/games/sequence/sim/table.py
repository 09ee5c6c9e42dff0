"""One Sequence table: the definition, the players, the typed rule settings and what follows from
them (teams, hand size, sequences to win, chips, the board's integer tables).

``SequenceRules`` reads the definition's rule options once (``read_ruleset``: the defaults live in
``card_defs/sequence.yaml`` only). The engine, the state, the observation and the bots all read
the table from here, so none of them needs to import another for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from generator.model import OptionValue
from ..model import SequenceDefinition
from generator.sim.rulesets import read_ruleset
from .geometry import Geometry, build_geometry

_GEOMETRY_CACHE: dict[int, tuple[SequenceDefinition, Geometry]] = {}


def geometry_for(definition: SequenceDefinition) -> Geometry:
    """The (cached) integer tables of a definition."""
    cached = _GEOMETRY_CACHE.get(id(definition))
    if cached is None or cached[0] is not definition:
        cached = (definition, build_geometry(definition))
        _GEOMETRY_CACHE[id(definition)] = cached
    return cached[1]


@dataclass(frozen=True, slots=True)
class SequenceRules:
    """The simulated rule options of ``sequence.yaml`` (each field reads the option of its name)."""

    teams: int
    deck_exhausted: Literal["reshuffle", "draw"]
    full_board: Literal["draw", "continue"]
    advanced_one_eyed_jacks: bool
    dead_card_exchange: bool


def resolve_teams(definition: SequenceDefinition, players: int, requested: int) -> int:
    """Teams at the table: the ``teams`` option, or (0) as the rulebook chooses; ValueError if impossible."""
    if players not in definition.info.players:
        allowed = ", ".join(str(n) for n in definition.info.players)
        raise ValueError(f"Sequence is played by {allowed} players, not {players}")
    teams = requested or definition.teams_for(players)
    if teams < 2 or teams > definition.max_teams:
        raise ValueError(f"Sequence is played by 2 to {definition.max_teams} teams, not {teams}")
    if players <= definition.max_teams and teams != players:
        raise ValueError(f"with {players} players everyone plays alone ({players} teams), not {teams} teams")
    if players % teams:
        raise ValueError(f"{players} players cannot form {teams} teams of equal size")
    if len(definition.chips) < teams:
        raise ValueError(f"{teams} teams need {teams} chip colours; the definition has {len(definition.chips)}")
    return teams


@dataclass(frozen=True, slots=True)
class SequenceTable:
    """One Sequence table: definition, players, rule settings and the tables derived from them."""

    definition: SequenceDefinition
    players: int
    options: Mapping[str, OptionValue]
    """The resolved rule options (every option of the definition, defaults filled in)."""
    rules: SequenceRules
    geometry: Geometry
    teams: int
    hand_size: int
    to_win: int
    chips: tuple[int, ...]
    """Chips in each team's supply (its colour's count)."""

    @property
    def reshuffle(self) -> bool:
        """An empty draw deck is refilled from the discard piles (else the game is a draw)."""
        return self.rules.deck_exhausted == "reshuffle"

    @property
    def advanced(self) -> bool:
        """The advanced rule: one-eyed jacks may break a completed sequence."""
        return self.rules.advanced_one_eyed_jacks

    @property
    def exchange(self) -> bool:
        """Dead cards may be exchanged."""
        return self.rules.dead_card_exchange

    @property
    def full_board_draws(self) -> bool:
        """A full board without a win ends the game as a draw (else play goes on with jacks)."""
        return self.rules.full_board == "draw"

    def team_of(self, seat: int) -> int:
        """Teams alternate around the table: seat ``s`` plays for team ``s % teams``."""
        return seat % self.teams

    @classmethod
    def build(cls, definition: SequenceDefinition, players: int, options: Mapping[str, OptionValue]) -> "SequenceTable":
        """Check the table and read the rules; ValueError for a table the definition cannot seat."""
        resolved = dict(definition.info.options.resolve(options))
        rules = read_ruleset(SequenceRules, resolved, game=definition.info.id)
        teams = resolve_teams(definition, players, rules.teams)
        try:
            hand_size = definition.hand_size(players)
            to_win = definition.to_win(teams)
        except KeyError as exc:
            raise ValueError(f"the definition gives no hand size or sequences to win for {exc.args[0]}") from exc
        return cls(
            definition=definition,
            players=players,
            options=resolved,
            rules=rules,
            geometry=geometry_for(definition),
            teams=teams,
            hand_size=hand_size,
            to_win=to_win,
            chips=tuple(chip.count for chip in definition.chips[:teams]),
        )
