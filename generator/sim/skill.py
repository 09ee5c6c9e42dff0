"""The skill trace of a game (after Ludii's SkillTrace): does playing better win more, and how much?

Each level of a ladder of bots (``random``, ``greedy``, then ``rollout``, the strongest general bot)
plays the level below it: one seat stronger, every other seat the weaker bot, the stronger seat taken in
turn by every seat (so a first-player advantage cancels out). For each step the stronger bot's
share of wins (a tie shares the win) comes with its 95 % Wilson interval, against what chance
gives (one game in ``players``). Steps well above chance say skill matters; a ladder near
chance says the game is mostly luck.

Cells are ordinary runner cells, so the skill trace plays on the same executor as the run
(local processes or a Dask cluster) with the same reproducibility.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from .api import BotSpec, Simulator
from .findings import Finding, interval_text, percent
from .runner import Cell, RunResult
from .stats import wilson_interval

LADDER = ("random", "greedy", "rollout")
"""The bots of the trace, weakest first. The top is the strongest general bot: ``rollout`` beats
``greedy`` where ``ismcts`` at a budget a trace can afford does not (No Thanks! at four players:
ismcts 28.5 % as one seat among three greedy ones, chance 25 %; rollout 69.8 %), so the trace
tells a game of skill from one of luck by play a skilled player would recognise."""
DEFAULT_GAMES = 60
"""Games of each step (shared out over the seats): enough to tell a clear skill step from chance
(an interval of about +-12 points) in the time of the run itself."""
NEEDED_BOTS = ("random", "greedy", "rollout")


def has_skill_trace(simulator: Simulator) -> bool:
    """Whether a game has the general bots a skill trace climbs."""
    return all(name in simulator.bots for name in NEEDED_BOTS)


@dataclass(frozen=True, slots=True)
class SkillStep:
    """One step of the ladder: ``stronger`` against ``weaker``."""

    stronger: str
    weaker: str
    games: int
    wins: float
    """The stronger bot's games won (a tie shares the win among the tied)."""
    low: float
    high: float
    chance: float
    """The share of games a bot no better than the others would win (1 / players)."""

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def beyond_chance(self) -> bool:
        """The interval lies above chance: the stronger bot is stronger in this game."""
        return self.low > self.chance

    def to_json(self) -> dict[str, Any]:
        return {"stronger": self.stronger, "weaker": self.weaker, "games": self.games,
                "win_rate": round(self.rate, 4), "win_rate_ci": [round(self.low, 4), round(self.high, 4)],
                "chance": round(self.chance, 4), "beyond_chance": self.beyond_chance}


@dataclass(frozen=True, slots=True)
class SkillTrace:
    """The steps of the ladder, weakest first."""

    players: int
    steps: tuple[SkillStep, ...]

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "steps": [step.to_json() for step in self.steps]}

    def findings(self) -> list[Finding]:
        """What the trace says in one sentence, with each step as evidence."""
        if not self.steps:
            return []
        evidence = "; ".join(f"{s.stronger} beats {s.weaker} in {percent(s.rate)} {interval_text(s.low, s.high)}"
                             for s in self.steps) + f" of games, {percent(self.steps[0].chance)} by chance"
        above = [s for s in self.steps if s.beyond_chance]
        below = [s for s in self.steps if s.high < s.chance]
        best = max(self.steps, key=lambda s: s.rate)
        found: list[Finding] = [
            Finding("skill-inversion", f"{s.stronger} plays this game worse than {s.weaker}: it wins only "
                    f"{percent(s.rate)} {interval_text(s.low, s.high)} of games against it ({percent(s.chance)} by "
                    "chance)" + (" (a worth(state, player) or heuristic(state, player) in the rules file tells "
                                 "greedy what a good position is)" if s.stronger == "greedy" else ""),
                    f"{s.games} games, {s.stronger} in every seat in turn", weight=2.5, subject=s.stronger)
            for s in below]
        if not above:
            return found + [Finding("skill-luck", "Skill barely matters: no better bot wins beyond chance against "
                                    "the one below it (a game of luck, or one whose skill these bots do not find)",
                                    evidence, weight=3.0)]
        top = self.steps[-1]
        if top.beyond_chance:
            sentence = (f"Skill matters: each better bot wins more, up to {top.stronger}, which beats "
                        f"{top.weaker} in {percent(top.rate)} of games" if len(above) == len(self.steps) else
                        f"Skill matters: {top.stronger} still beats {top.weaker} in {percent(top.rate)} of games")
        else:
            sentence = (f"Skill matters up to a point: {best.stronger} beats {best.weaker} in {percent(best.rate)} of "
                        f"games, but {top.stronger} does no better than {top.weaker} beyond chance")
        return found + [Finding("skill-trace", sentence, evidence, weight=2.0)]


def skill_cells(simulator: Simulator, definition: GameDefinition, players: int, seed: int, *,
                games: int = DEFAULT_GAMES, ladder: Sequence[str] = LADDER,
                options: Mapping[str, OptionValue] | None = None,
                extra: Mapping[str, Any] | None = None) -> list[Cell]:
    """The cells of a skill trace: for each step and each seat, the stronger bot in that seat."""
    cells: list[Cell] = []
    per_seat = _split(games, players)
    for weaker, stronger in zip(ladder, ladder[1:]):
        for seat in range(players):
            bots = tuple(BotSpec.parse(stronger if s == seat else weaker) for s in range(players))
            cells.append(Cell(simulator, definition, players, bots, per_seat[seat], seed,
                              dict(options or {}), dict(extra or {})))
    return cells


def _split(games: int, players: int) -> list[int]:
    """``games`` shared out over the seats (the first seats take the remainder)."""
    return [games // players + (1 if seat < games % players else 0) for seat in range(players)]


def skill_trace(results: Sequence[RunResult], players: int, ladder: Sequence[str] = LADDER) -> SkillTrace:
    """The trace from the results of ``skill_cells`` (in their order)."""
    steps = []
    for number, (weaker, stronger) in enumerate(zip(ladder, ladder[1:])):
        wins = 0.0
        games = 0
        for seat in range(players):
            for record in results[number * players + seat].records:
                games += 1
                if seat in record.winners:
                    wins += 1.0 / len(record.winners)
        low, high = wilson_interval(wins, games)
        steps.append(SkillStep(stronger, weaker, games, wins, low, high, 1.0 / players))
    return SkillTrace(players, tuple(steps))
