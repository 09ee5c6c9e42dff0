"""The rule settings of one Firecrackers table, resolved once by the engine and shared by its games.

``RuleSettings`` holds the definition's rule options, typed (read with ``read_ruleset``: the
defaults live in ``card_defs/firecrackers.yaml`` only). ``Rules`` adds what the engine derives from
them and from the table once: the Scoreworks core rules in play, the cards, the price order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..model import ScoreworksCard


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """The rule options of ``firecrackers.yaml`` (each field reads the option of its name)."""

    explosion_threshold: int
    short_game: bool
    neighbour: Literal["next", "previous"]
    max_rounds: int
    scoreworks_core_rules: bool
    shop: Literal["piles", "open"]
    """piles: only the top card of each shop pile is for sale; open: any card of the shop."""
    stayin_alive: Literal["reveal_again", "hide_card"]
    """hide_card: the card that would have exploded you is also turned face down."""
    wildcards: Literal["every_colour", "revealed_colours"]
    """Which of your colour totals wildcard_up/down change."""
    blind_eye: Literal["any_card", "own_cards"]
    """Whose revealed cards blind_eye may turn face down."""
    reckless_neighbor: Literal["previous_turn", "seat_before"]
    """Who "the previous player" of reckless_neighbor is."""

    @property
    def neighbour_step(self) -> int:
        """Seat offset of "your neighbour" in single-neighbour effects (+1 next, -1 previous)."""
        return -1 if self.neighbour == "previous" else 1


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule settings of one table (typed options + expansion + derived tables), shared by its games."""

    settings: RuleSettings
    must_buy: bool
    """Scoreworks core rule: if you can buy something, you must."""
    last_alive_destroy: bool
    """Scoreworks core rule: the last player alive may destroy one revealed or discarded card."""
    scoreworks_cards: tuple[ScoreworksCard, ...]
    fixed_scoreworks: ScoreworksCard | None
    points_bound: int
    """The largest absolute number of points one card can be worth (for the invariants)."""
    kinds_by_cost: tuple[tuple[int, int], ...]
    """(cost, kind) of every card kind, cheapest first (the open shop's affordable kinds)."""
    pile_of_kind: tuple[int, ...]
    """The shop pile each card kind lies in (open shop: one pile per kind)."""
    piles: int
    """How many piles the shop has."""

    @property
    def open_shop(self) -> bool:
        """Whether a buyer may take any card of the shop (else only the top card of a pile)."""
        return self.settings.shop == "open"

    @property
    def threshold(self) -> int:
        """The explosion threshold before this round's changes."""
        return self.settings.explosion_threshold

    @property
    def max_rounds(self) -> int:
        """The safety stop of a simulated game."""
        return self.settings.max_rounds
