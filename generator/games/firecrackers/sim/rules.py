"""The rule settings of one Firecrackers table, resolved once by the engine and shared by its games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..model import ScoreworksCard

if TYPE_CHECKING:
    from .state import FirecrackersState


class Rules:
    """The rule settings of one table (resolved options + expansion), shared by its games."""

    __slots__ = ("threshold", "short_game", "neighbour_step", "max_rounds", "must_buy", "last_alive_destroy",
                 "scoreworks_cards", "fixed_scoreworks", "effects", "points_bound", "kinds_by_cost")

    def __init__(
        self,
        threshold: int,
        short_game: bool,
        neighbour_step: int,
        max_rounds: int,
        must_buy: bool,
        last_alive_destroy: bool,
        scoreworks_cards: tuple[ScoreworksCard, ...],
        fixed_scoreworks: ScoreworksCard | None,
        effects: dict[str, Callable[["FirecrackersState", int, int], None]],
        points_bound: int,
        kinds_by_cost: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.threshold = threshold
        self.short_game = short_game
        self.neighbour_step = neighbour_step
        self.max_rounds = max_rounds
        self.must_buy = must_buy
        self.last_alive_destroy = last_alive_destroy
        self.scoreworks_cards = scoreworks_cards
        self.fixed_scoreworks = fixed_scoreworks
        self.effects = effects
        self.points_bound = points_bound
        self.kinds_by_cost = kinds_by_cost
        """(cost, kind) of every card kind, cheapest first (the shop's affordable kinds)."""
