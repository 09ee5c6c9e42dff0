"""The one small interface every simulated game implements, and the record a played game leaves.

Modelled on OpenSpiel: a state knows whose turn it is, the legal actions, how to apply one, when the
game is over and what each seat scored; a bot sees only ``observation(seat)``, never the state.
Randomness is always passed in (a ``random.Random``), so a seed fixes a whole game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, Protocol, Sequence

from ..model import GameDefinition, OptionValue

if TYPE_CHECKING:  # only for the hooks' types
    from .findings import Finding
    from .tableview import Presenter

TERMINAL = -1
"""``current_player()`` of a finished game."""

Action = Hashable
"""An action is any hashable value the engine defines (a small tuple or int: cheap to make and compare)."""


class InvariantError(AssertionError):
    """A state broke one of its game's invariants (cards not conserved, tokens out of bounds, ...)."""


class GameState(Protocol):
    """A game in progress. Engines mutate it in place for speed; ``clone`` copies it."""

    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the game is over."""

    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take (never empty before the end)."""

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player; raises IllegalAction if it is not legal."""

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[float]:
        """Final score of each seat (cooperative games give every seat the team score)."""

    def observation(self, seat: int) -> Any:
        """What the player in ``seat`` may see; the only thing a bot is given."""

    def check_invariants(self) -> None:
        """Raise InvariantError if the state is impossible under the rules."""

    def clone(self) -> "GameState": ...

    @property
    def turns(self) -> int:
        """Turns taken so far (one per decision of a player)."""

    def outcome(self) -> dict[str, Any]:
        """Game-specific facts about a finished game for the statistics (end reason, per-seat data...).

        Optional key read by every summary: ``standings``, each seat's score after each round (a
        list of lists), from which the lead changes, the winner's worst deficit and the games
        decided in their last round are measured."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state (says why)."""


class Bot(Protocol):
    """A player: picks one of the legal actions from its observation."""

    @property
    def name(self) -> str: ...

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


class Engine(Protocol):
    """A game's rules for one table: definition, number of players and resolved rule options. An
    engine whose games are won by the lowest score says so with ``lowest_wins = True`` (read with
    ``getattr``: an engine without it is won by the highest)."""

    @property
    def players(self) -> int: ...

    @property
    def options(self) -> Mapping[str, OptionValue]: ...

    def new_game(self, rng: random.Random) -> GameState:
        """Shuffle and deal a new game using only ``rng``."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot named on the command line: ``name`` or ``name:param`` (``pyro:0.3``)."""

    name: str
    param: str | None = None

    @classmethod
    def parse(cls, text: str) -> "BotSpec":
        name, sep, param = text.partition(":")
        return cls(name.strip(), param.strip() if sep else None)

    def __str__(self) -> str:
        return self.name if self.param is None else f"{self.name}:{self.param}"


BotFactory = Callable[[str | None, int, Any], Bot]
"""Makes a bot from its parameter, its seat and its game's own engine (bots may read rule options)."""


class ReplayError(ValueError):
    """A game file that cannot be replayed: ``action_index`` is the offending action (None when the
    file's structure itself is wrong); the message reads ``action 3: reason``."""

    def __init__(self, action_index: int | None, reason: str) -> None:
        super().__init__(reason if action_index is None else f"action {action_index}: {reason}")
        self.action_index = action_index
        self.reason = reason

    def __reduce__(self) -> Any:  # raised in a guarded process, raised again in the command
        return (ReplayError, (self.action_index, self.reason))


@dataclass(frozen=True)
class Restored:
    """A game a file leaves, to go on from (``cardforge play --from``)."""

    engine: Engine
    deal: Callable[[Any], GameState]
    """The game's start dealt on an engine (the file's, or one made again from changed rules):
    from the file's seed, or from the deck order it records."""
    actions: tuple[Any, ...]
    """The engine's actions the file records, checked legal, in order."""
    seed: int
    """The game's seed (for a file with none, a number made from its deal): the bots' draws."""


@dataclass(frozen=True, slots=True)
class Replayer:
    """Replays a game's recorded files action by action (``cardforge replay``)."""

    file_format: str
    """What the files are, for help and messages (``hanab.live JSON``)."""
    replay: Callable[[GameDefinition, Mapping[str, Any], Mapping[str, OptionValue]], dict[str, Any]]
    """``replay(definition, data, overrides)``: the game's outcome; ReplayError when an action is
    illegal or the file is malformed."""
    recorded_rules: Callable[[Mapping[str, Any]], dict[str, OptionValue]]
    """The rule options a file fixes itself (they take precedence over ``--rule``)."""
    describe: Callable[[Mapping[str, Any]], str]
    """One line of text for a replayed game's outcome."""
    recorded_settings: Callable[[Mapping[str, Any]], dict[str, str]] | None = None
    """The engine settings a file names (a game played ``--expansion scoreworks`` names it), as
    text; ``replay`` resolves them as ``simulate --expansion`` and ``--setting`` do and passes them
    to ``replay`` as keyword arguments. None: the files name none."""
    restore: Callable[..., "Restored"] | None = None
    """``restore(definition, data, overrides, **settings)``: the game a file leaves, to go on from
    (``cardforge play --from``); ReplayError as ``replay``."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a run as its units' values; ``keys`` are the game indexes of per-game values
    (what pairs two runs), None for other units. ``percent``: a rate, shown in percent."""

    name: str
    values: tuple[float, ...]
    keys: tuple[int, ...] | None = None
    percent: bool = False
    group: str = "run"
    zero_when_absent: bool = False
    """A per-game count or rate that a run without it has at 0 in every game (a card nobody
    bought), rather than a figure the run does not have."""
    seat: int | None = None
    """The seat a per-seat figure is about (tables of different sizes do not compare it)."""


@dataclass(frozen=True, slots=True)
class Simulator:
    """What a game family registers so the runner and the CLI can play it."""

    kind: str
    make_engine: Callable[..., Engine]
    """``make_engine(definition, players, options, **extra)`` with extra keyword settings such as
    ``expansion`` or ``scoreworks`` for Firecrackers."""
    bots: Mapping[str, BotFactory]
    best: str
    """The strongest bot that does not cheat: what ``--bot best`` means (unless ``best_by_players``
    names another for the table's size)."""
    competitive: bool
    everyone_tied_wins: bool = False
    """A competitive game where every seat ties for the top score: True, every tied player wins (a
    rulebook that names no draw: Firecrackers' "Highest score wins!"); False, a draw nobody wins
    (Sequence scores its draws 0.5 for every seat). Fewer tied seats always share the win."""
    summarize: Callable[[Sequence["GameRecord"], int], dict[str, Any]] | None = None
    """Extra game-specific statistics over many records (players given); merged into the summary."""
    findings: Callable[[Mapping[str, Any], int, GameDefinition | None], Sequence["Finding"]] | None = None
    """Game-specific findings read from ``summarize``'s result (players and, when known, the
    definition played given): cards whose buyers win far more than the others, rules that never
    come into play..."""
    figures: Callable[[Sequence["GameRecord"], int], Sequence[Figure]] | None = None
    """Game-specific figures ``cardforge compare`` tests between two runs (each card's buy rate...)."""
    export_game: Callable[[Any], dict[str, Any]] | None = None
    """A finished game in the game's community file format (Hanabi: hanab.live JSON), for
    ``simulate --export``; None when the game has no such format."""
    trace_game: Callable[[Any, Any, "GameRecord"], dict[str, Any]] | None = None
    """``trace_game(engine, state, record)``: a finished game as a JSON trace of every decision with
    its seed, rules, players and bots (``generator.sim.traces``), for ``simulate --export`` when the
    game has no community format."""
    score_is_outcome: bool = False
    """The scores only encode win, draw or loss (Sequence: 1, 0.5, 0): a mean score says nothing
    there, so summaries leave it out."""
    replayer: Replayer | None = None
    """Replays the game's recorded files, when the game has a file format."""
    settings: Mapping[str, str] = field(default_factory=dict)
    """Extra engine settings the command line may give (``--setting NAME=VALUE``), each with its
    help text; passed to ``make_engine`` as keyword arguments (text values)."""
    presenter: Callable[[Any], "Presenter"] | None = None
    """How the game shows itself at a table (``cardforge play``), made for an engine; None: the
    game cannot be played at a table."""
    best_by_players: Mapping[int, str] = field(default_factory=dict)
    """The strongest fair bot at a table size where it is not ``best`` (Hanabi: SmartBot's conventions
    at two players, hat guessing from three). ``best`` answers at a command's usual speed: a bot
    that spends a tenth of a second a decision (Hanabi's ``search``) is asked for by name."""

    runs_designer_code: bool = False
    """The game runs code the designer wrote (a rules file), which may exit, crash or hang: its
    games are played in worker processes that can fail without taking the command along
    (``generator.sim.isolation``)."""

    def best_bot(self, players: int) -> str:
        """What ``--bot best`` means at a table of ``players``."""
        return self.best_by_players.get(players, self.best)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one finished game leaves behind (small and picklable: it crosses process boundaries)."""

    index: int
    seed: int
    scores: tuple[float, ...]
    turns: int
    decisions: int
    winners: tuple[int, ...]
    """Seats that won (ties: several; cooperative games: every seat when the game counts as won)."""
    bots: tuple[str, ...]
    outcome: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (``from_json`` reads it back)."""
        return {"index": self.index, "seed": self.seed, "scores": list(self.scores), "turns": self.turns,
                "decisions": self.decisions, "winners": list(self.winners), "bots": list(self.bots),
                "outcome": dict(self.outcome)}

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        """A record written by ``to_json``; ValueError when ``data`` is not one (a file from
        elsewhere is checked, never trusted)."""
        if not isinstance(data, dict):
            raise ValueError("a game record is a JSON object")
        try:
            index, seed, turns, decisions = (data[k] for k in ("index", "seed", "turns", "decisions"))
            scores, winners, bots, outcome = data["scores"], data["winners"], data["bots"], data["outcome"]
        except KeyError as exc:
            raise ValueError(f"a game record lacks '{exc.args[0]}'") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (index, seed, turns, decisions)):
            raise ValueError("index, seed, turns and decisions of a game record are whole numbers")
        if not (isinstance(scores, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores)):
            raise ValueError("the scores of a game record are a list of numbers")
        if not (isinstance(winners, list) and all(isinstance(v, int) and 0 <= v < len(scores) for v in winners)):
            raise ValueError("the winners of a game record are seat numbers")
        if not (isinstance(bots, list) and all(isinstance(v, str) for v in bots)) or not isinstance(outcome, dict):
            raise ValueError("the bots of a game record are names and its outcome an object")
        return cls(index, seed, tuple(float(v) for v in scores), turns, decisions, tuple(winners), tuple(bots), outcome)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: depends on the run seed and the index only, never on
    which worker plays the game, so results are the same whatever the number of workers."""
    return random.Random(f"cardforge:{seed}:{index}").getrandbits(63)


def resolve_options(definition: GameDefinition, overrides: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
    """The definition's rule options at their defaults, with checked overrides applied."""
    return definition.info.options.resolve(overrides)
