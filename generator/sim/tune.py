"""The search of ``cardforge tune``: which of the values tried meets every goal, found with as few
games as the answer needs.

The values tried are a grid (every combination of each ``--vary``'s values), ranked before any game
is played by how little they change the definition: fewest values changed, then nearest to the
definition's values. The search plays them in rounds (racing, or successive elimination): every
value in the race plays a batch of games, twice as large each round and on the same seeds (the same
deals where the decks allow, so values are compared on equal luck). A value whose interval lies
outside a goal's band, or within a quarter of the tolerance of its end, leaves; one still undecided
after twice the games a value well inside would need is set aside as on the edge. Only the values
changing the fewest of the definition's values race: once some have their estimates inside every
band, the first two of those in order of preference, else all of them (the others could only be
chosen if those left); every value plays the first three rounds (700 games), whose estimates are
too rough to rank by. After those rounds the race chooses the first value in preference whose
estimates lie inside every band, unless its confirmation would cost more than twice the cheapest
such value's (a value whose interval already meets every goal is chosen at once); a confirmation then plays it on fresh seeds until the
interval over those games alone (the race's games of a value chosen because they looked good would
flatter it), at a confidence that halves its error rate at each look (so that together they keep
the stated one), meets every goal or misses one.

Pure: the caller plays the games (``plan`` says which) and hands back their figures (``record``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping, Sequence

from ..model import OptionValue
from .api import Figure
from .goals import Estimate, Goal, Verdict

FIRST_BATCH = 100
"""Games each value plays in the first round (doubled every round)."""
FIRST_LOOK = 0.25
"""The share of the games the race's estimates say a confirmation needs that its first look plays
(the next looks are sized from the confirmation's own estimates)."""
CONFIRMATION_MARGIN = 1.25
"""A confirmation plays this many times the games its estimate says it needs."""
SETTLED = 7
"""Games, in first batches, every value racing plays before only those inside the bands go on (three
rounds: an estimate of 100 games is too rough to rank values by)."""
CHEAP = 2
"""A value inside the bands is chosen before a nearer one whose confirmation would cost more than
this many times its own."""
RACING_INSIDE = 2
"""Values whose estimates lie inside every band that race at once (the others wait behind them)."""
EDGE_GAMES = 2
"""A value's games, in units of what a confirmation of a figure half a tolerance inside its band
needs, after which a value still undecided is set aside (``Status.EDGE``)."""
MIN_CONFIRMATION = 1000
"""The fewest games a confirmation plays (it is also what the definition's own values are compared
with, game by game)."""


@dataclass(frozen=True, slots=True)
class Knob:
    """One ``--vary``: the value's name (a rule option or a path of the deck), the values to try in
    order, and the definition's own value (None: the definition leaves it out)."""

    name: str
    values: tuple[OptionValue, ...]
    current: OptionValue | None


@dataclass(frozen=True, slots=True)
class Candidate:
    """One combination of the knobs' values, with how much it changes the definition."""

    values: Mapping[str, OptionValue]
    changed: int
    """How many values differ from the definition's."""
    distance: float
    """How far they are from it, each in units of its knob's range."""

    def changes(self, knobs: Sequence[Knob]) -> dict[str, OptionValue]:
        """The values that differ from the definition's."""
        return {k.name: self.values[k.name] for k in knobs if self.values[k.name] != k.current}


def candidate(knobs: Sequence[Knob], values: Sequence[OptionValue]) -> Candidate:
    """The combination of ``values`` (one per knob, in order) with how much it changes the definition."""
    chosen = dict(zip((k.name for k in knobs), values))
    changed = sum(1 for k, v in zip(knobs, values) if v != k.current)
    distance = math.fsum(_distance(k, v) for k, v in zip(knobs, values))
    return Candidate(chosen, changed, distance)


def ranked(found: Sequence[Candidate]) -> list[Candidate]:
    """Candidates in order of preference: fewest values changed, then nearest the definition's
    values, then the order given."""
    return sorted(found, key=lambda c: (c.changed, c.distance))  # stable: ties keep the given order


def candidates(knobs: Sequence[Knob]) -> list[Candidate]:
    """Every combination of the knobs' values, in order of preference (``ranked``)."""
    import itertools

    return ranked([candidate(knobs, values) for values in itertools.product(*(k.values for k in knobs))])


def _distance(knob: Knob, value: OptionValue) -> float:
    """How far ``value`` is from the definition's, in units of the knob's range (1 for a value the
    definition leaves out or that is not a number)."""
    if value == knob.current:
        return 0.0
    numbers = [v for v in knob.values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if (knob.current is None or isinstance(knob.current, bool) or not isinstance(knob.current, (int, float))
            or isinstance(value, bool) or not isinstance(value, (int, float)) or len(numbers) < 2):
        return 1.0
    span = (max(numbers) - min(numbers)) or 1.0
    return abs(float(value) - float(knob.current)) / span


class Status(str, Enum):
    """Where a value stands in the race."""

    UNTRIED = "untried"
    RACING = "racing"
    LEFT = "left"
    """A goal's interval lies outside its band."""
    INSIDE = "inside"
    """Every goal's estimate inside its band (its interval still crosses an end of one)."""
    MET = "met"
    """Every goal's interval inside its band."""
    EDGE = "edge"
    """Still undecided after EDGE_GAMES times the games a value well inside its bands would need:
    its figure sits on a band's end; it is set aside so that it does not hold the race."""


@dataclass
class Standing:
    """What the search knows of one value: the figures of its games, and each goal's estimate."""

    figures: list[list[Figure]] = field(default_factory=list)
    games: int = 0
    estimates: list[tuple[Estimate, bool] | None] = field(default_factory=list)
    status: Status = Status.UNTRIED
    confirmations: list[list[Figure]] = field(default_factory=list)
    """The figures of each confirmation batch (fresh seeds), kept apart from the race's."""
    confirmed: int = 0

    def deviation(self, goals: Sequence[Goal]) -> float:
        """How far the estimates lie outside the goals' bands (inf before any game)."""
        if not self.estimates or any(e is None for e in self.estimates):
            return math.inf
        return math.fsum(g.deviation(e, p) for g, (e, p) in zip(goals, (e for e in self.estimates if e is not None)))


@dataclass(frozen=True, slots=True)
class Batch:
    """Games to play: ``games`` games of candidate ``index`` on ``seed``."""

    index: int
    games: int
    seed: int


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the search as played, for the report's search path."""

    number: int
    games_each: int
    played: tuple[int, ...]
    left: tuple[int, ...]
    """Values that left the race after this round."""


def round_seed(seed: int, number: int) -> int:
    """The seed of a round (every value in it plays the same seed: paired, fair comparisons)."""
    return random.Random(f"cardforge:tune:{seed}:{number}").getrandbits(62)


def screen_seed(seed: int, number: int) -> int:
    """The seed of a screening batch (before the race, apart from its rounds')."""
    return random.Random(f"cardforge:tune:{seed}:screen:{number}").getrandbits(62)


def confirmation_seed(seed: int, attempt: int) -> int:
    """Fresh games for a confirmation, apart from every round's."""
    return random.Random(f"cardforge:tune:{seed}:confirm:{attempt}").getrandbits(62)


class Search:
    """The race over ``candidates`` for ``goals`` (see the module's docstring)."""

    def __init__(self, candidates: Sequence[Candidate], goals: Sequence[Goal], *, seed: int,
                 confidence: float = 0.95, seats: int = 2, first_batch: int = FIRST_BATCH, screened: int = 0) -> None:
        if not candidates or not goals:
            raise ValueError("a search needs values to try and a goal")
        self.candidates = list(candidates)
        self.goals = list(goals)
        self.seed = seed
        self.confidence = confidence
        self.seats = seats
        self.first_batch = first_batch
        self.standings = [Standing() for _ in self.candidates]
        self.rounds: list[Round] = []
        self.spent = screened
        """Games of the rounds, and of the screening that chose the candidates (when there was one)."""
        self.screened = screened
        self.screened_values = 0
        """Combinations a screening played (0 without one)."""
        self.confirmed_games = 0
        """Games of confirmations."""

    # ----------------------------------------------------------------- the race
    def plan(self, games_left: int) -> list[Batch]:
        """The next round's batches (the same seed for all), or [] when the race is over (a value
        chosen, or every value left) or the next round would pass ``games_left``."""
        racing = self.racing()
        if not racing or self.choice() is not None:
            return []
        size = self.first_batch * 2 ** len(self.rounds)
        if size * len(racing) > games_left:
            size = games_left // len(racing)
            if size < self.first_batch:
                return []
        seed = round_seed(self.seed, len(self.rounds))
        return [Batch(i, size, seed) for i in racing]

    def racing(self) -> list[int]:
        """The values that need games, among those that change the fewest of the definition's values
        (values changing more play only once all of those have left): the first RACING_INSIDE in
        order of preference whose estimates lie inside every band, or, while none does, every
        value still in the race (the others wait: they could only be chosen if those left)."""
        live = [i for i, s in enumerate(self.standings) if s.status not in (Status.LEFT, Status.EDGE, Status.MET)]
        if not live:
            return []
        fewest = min(self.candidates[i].changed for i in live)
        if any(s.status is Status.MET and self.candidates[i].changed <= fewest for i, s in enumerate(self.standings)):
            return []
        group = [i for i in live if self.candidates[i].changed == fewest]
        settled = [i for i in group if self.standings[i].games >= SETTLED * self.first_batch]
        if len(settled) < len(group):
            return group  # the first rounds: every estimate too rough to rank the values by
        inside = [i for i in group if self.standings[i].status is Status.INSIDE][:RACING_INSIDE]
        return inside or group

    def record(self, batches: Sequence[Batch], figures: Sequence[Sequence[Figure]]) -> None:
        """The figures of each batch of a round (in the order planned): the standings are measured
        again and the round is kept for the search path."""
        left = []
        for batch, found in zip(batches, figures):
            before = self.standings[batch.index].status
            self.add(batch.index, batch.games, found)
            if self.standings[batch.index].status in (Status.LEFT, Status.EDGE) and before is not Status.LEFT:
                left.append(batch.index)
        games = batches[0].games if batches else 0
        self.rounds.append(Round(len(self.rounds), games, tuple(b.index for b in batches), tuple(left)))

    def add(self, index: int, games: int, figures: Sequence[Figure], counted: bool = True) -> None:
        """Games of one value (a round's batch, or with ``counted`` False its screening's games,
        already in ``spent``): measured with all its games."""
        standing = self.standings[index]
        standing.figures.append(list(figures))
        standing.games += games
        self.spent += games if counted else 0
        merged = merge_figures(standing.figures)
        standing.estimates = [goal.measure(merged, self.confidence) for goal in self.goals]
        standing.status = self.judge(standing.estimates)
        if standing.status in (Status.RACING, Status.INSIDE) and standing.games >= self.edge_games(standing):
            standing.status = Status.EDGE

    def edge_games(self, standing: Standing) -> float:
        """EDGE_GAMES times the games for an interval of half a tolerance on each goal's figure (its
        spread as measured): what a value is given before it is set aside as on the edge."""
        most = 0
        for goal, measured in zip(self.goals, standing.estimates):
            if measured is not None and goal.half_band(measured[1]) > 0:
                estimate, percent = measured
                most = max(most, goal.games_for(estimate.spread, goal.half_band(percent) / 2, self.confidence, self.seats))
        return EDGE_GAMES * most if most else math.inf

    def judge(self, estimates: Sequence[tuple[Estimate, bool] | None]) -> Status:
        """A value's status from its goals' estimates (a goal its games cannot measure leaves it)."""
        if any(e is None for e in estimates):
            return Status.LEFT
        measured = [(g, e, p) for g, (e, p) in zip(self.goals, (e for e in estimates if e is not None))]
        verdicts = [g.verdict(e, p) for g, e, p in measured]
        if Verdict.MISSED in verdicts or any(g.beyond_reach(e, p) for g, e, p in measured):
            return Status.LEFT
        if all(v is Verdict.MET for v in verdicts):
            return Status.MET
        if all(g.inside(e, p) for g, e, p in measured):
            return Status.INSIDE
        return Status.RACING

    def choice(self, confirmable: int | None = None) -> int | None:
        """The value the race chose, among those that change the fewest of the definition's values
        and are still in the race: the first whose interval meets every goal; else, once every one
        of them has played the first rounds, the first in preference whose estimates lie inside
        every band and whose confirmation needs at most CHEAP times the games of the cheapest such
        value's (and at most ``confirmable``); None while the race must go on, or when every value
        has left."""
        alive = [i for i, s in enumerate(self.standings) if s.status not in (Status.LEFT, Status.EDGE)]
        if not alive:
            return None
        fewest = min(self.candidates[i].changed for i in alive)
        group = [i for i in alive if self.candidates[i].changed == fewest]
        met = [i for i in group if self.standings[i].status is Status.MET]
        if met:
            return met[0]
        if any(self.standings[i].games < SETTLED * self.first_batch for i in group):
            return None
        costs = {i: self.confirmation_games(i) for i in group if self.standings[i].status is Status.INSIDE}
        known = {i: c for i, c in costs.items() if c is not None}
        if not known:
            return None
        cheapest = min(known.values())
        if confirmable is not None and cheapest > confirmable:
            return None
        return next(i for i in group if i in known and known[i] <= CHEAP * cheapest)

    def leader(self) -> int | None:
        """What a race ended by the budget leaves to confirm: a value whose interval meets every
        goal, else the value whose estimates lie inside every band with the fewest games left to
        confirm it (each in order of preference)."""
        met = [i for i, s in enumerate(self.standings) if s.status is Status.MET]
        if met:
            return met[0]
        inside = [i for i, s in enumerate(self.standings) if s.status in (Status.INSIDE, Status.EDGE)
                  and all(e is not None and g.inside(*e) for g, e in zip(self.goals, s.estimates))]
        if not inside:
            return None
        return min(inside, key=lambda i: (self.confirmation_games(i) or math.inf, i))

    def undecided_before(self, index: int) -> list[int]:
        """Values nearer the definition's than ``index`` (fewer changed, or as many and nearer)
        that neither left nor were chosen: they may meet the goals too, with more games."""
        return [i for i in range(index) if self.standings[i].status in (Status.RACING, Status.INSIDE, Status.MET, Status.EDGE)]

    def closest(self) -> int:
        """The value nearest to meeting every goal (least deviation; preference breaks ties)."""
        return min(range(len(self.standings)), key=lambda i: (self.standings[i].deviation(self.goals), i))

    def leave(self, index: int) -> None:
        """A value whose confirmation missed a goal leaves the race (the search goes on)."""
        self.standings[index].status = Status.LEFT

    # ----------------------------------------------------------------- confirming
    def looks(self, index: int) -> int:
        """How many times value ``index``'s confirmation was judged: once per confirmation batch."""
        return len(self.standings[index].confirmations)

    def final(self, index: int, looks: int | None = None) -> list[tuple[Estimate, bool] | None]:
        """Each goal's estimate over the confirmation games of value ``index`` only (fresh games:
        the race's games of a value chosen because they looked good would flatter it), its interval
        at the confidence of its last look (``look_confidence``), so the stated confidence holds
        whichever look ended the confirmation."""
        standing = self.standings[index]
        merged = merge_figures(standing.confirmations)
        return [goal.measure(merged, self.look_confidence(looks if looks is not None else self.looks(index)))
                for goal in self.goals]

    def look_confidence(self, look: int) -> float:
        """The confidence of a confirmation's look ``look`` (from 1): its error rate is the stated
        one halved at each look (half, a quarter, ...), so all looks together keep within it."""
        return 1.0 - (1.0 - self.confidence) * 0.5 ** max(1, look)

    def verdicts(self, index: int) -> list[Verdict]:
        """Each goal against ``final``'s estimates (a goal that cannot be measured is missed)."""
        return [g.verdict(*m) if m is not None else Verdict.MISSED for g, m in zip(self.goals, self.final(index))]

    def confirmation_games(self, index: int) -> int | None:
        """Games value ``index``'s confirmation needs to play more for every goal's ``final``
        interval (with one more look) to fit its band: the estimates (the confirmation's once it has
        games, else the race's, of which the first look plays FIRST_LOOK) taken as true, with
        CONFIRMATION_MARGIN more; at least MIN_CONFIRMATION. None when an estimate lies outside a
        band."""
        standing = self.standings[index]
        looks = self.looks(index) + 1
        confidence = self.look_confidence(looks)
        estimates = self.final(index, looks) if standing.confirmations else standing.estimates
        needed = 0
        for goal, measured in zip(self.goals, estimates):
            if measured is None:
                return None
            estimate, percent = measured
            games = goal.games_to_confirm(estimate, percent, confidence, self.seats)
            if games is None:
                return None
            needed = max(needed, math.ceil(games * CONFIRMATION_MARGIN))
        if not standing.confirmations:  # the race's estimates are rough (a largest gap reads high): look early
            needed = math.ceil(needed * FIRST_LOOK)
        return max(MIN_CONFIRMATION, needed - standing.confirmed)

    def confirm(self, index: int, games: int, figures: Sequence[Figure]) -> None:
        """A confirmation's games of value ``index``, on fresh seeds (kept apart from its race's)."""
        standing = self.standings[index]
        standing.confirmations.append(list(figures))
        standing.confirmed += games
        self.confirmed_games += games

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [{"round": r.number, "games_each": r.games_each, "values": len(r.played),
                            "left": len(r.left)} for r in self.rounds], "games": self.spent,
                "screened": self.screened, "screened_values": self.screened_values}


def merge_figures(batches: Sequence[Sequence[Figure]]) -> list[Figure]:
    """The figures of several batches of one value as one run's (values joined by name; a figure
    that is zero when absent gets zeros for the batches that lack it)."""
    if len(batches) == 1:
        return list(batches[0])
    order: list[str] = []
    first: dict[str, Figure] = {}
    for figures in batches:
        for figure in figures:
            if figure.name not in first:
                first[figure.name] = figure
                order.append(figure.name)
    merged = []
    for name in order:
        template = first[name]
        values: list[float] = []
        complete = True
        for figures in batches:
            found = next((f for f in figures if f.name == name), None)
            if found is not None:
                values.extend(found.values)
            elif template.zero_when_absent:
                values.extend([0.0] * _games(figures))
            else:
                complete = complete and template.keys is None  # a per-unit figure: its units, where found
        if complete:
            merged.append(Figure(name, tuple(values), None, template.percent, template.group,
                                 template.zero_when_absent, template.seat))
    return merged


def _games(figures: Sequence[Figure]) -> int:
    """The games of a batch: the length of its first per-game figure."""
    return next((len(f.values) for f in figures if f.keys is not None), 0)


class Finish(str, Enum):
    """How a tune ended."""

    MET = "met"
    """A value met every goal in its confirmation, at the confidence asked."""
    UNCONFIRMED = "unconfirmed"
    """The search chose a value, but its confirmation (within the budget) neither met nor missed."""
    NONE = "none"
    """Every value tried misses a goal: the closest is given."""
    STOPPED = "stopped"
    """The budget or the time limit ended the search before it chose: the closest so far is given."""


@dataclass(frozen=True)
class Outcome:
    """A finished tune: the search, what it chose or came closest to, the confirmation's estimates,
    the games spent, and what the chosen values change in the rest of the figures."""

    search: Search
    knobs: tuple[Knob, ...]
    finish: Finish
    chosen: int
    """The candidate chosen (MET, UNCONFIRMED) or the closest (NONE, STOPPED)."""
    confirmed: tuple[tuple[Estimate, bool] | None, ...] = ()
    """Each goal's final estimate (``Search.final``) after a confirmation (empty without one)."""
    baseline_games: int = 0
    changes: Any = None
    """The comparison (``generator.sim.compare.Comparison``) of the definition's values with the
    chosen ones over the confirmation's games; None when nothing changed or no baseline was played."""
    summary: Any = None
    """The confirmation run's summary (``RunSummary``), for its length, scores and findings."""
    why_stopped: str = ""

    @property
    def candidate(self) -> Candidate:
        return self.search.candidates[self.chosen]

    @property
    def confirmation_games(self) -> int:
        return self.search.confirmed_games

    @property
    def total_games(self) -> int:
        return self.search.spent + self.search.confirmed_games + self.baseline_games

    @property
    def estimates(self) -> tuple[tuple[Estimate, bool] | None, ...]:
        """The chosen value's estimates: the confirmation's, else the search's."""
        return self.confirmed or tuple(self.search.standings[self.chosen].estimates)

    def to_json(self) -> dict[str, Any]:
        goals = []
        for goal, measured in zip(self.search.goals, self.estimates):
            percent = measured[1] if measured is not None else bool(goal.percent)
            low, high = goal.bounds(percent)
            goals.append({"goal": goal.text, "figure": goal.figure_name(), "band": [low, high],
                          "unit": "points" if percent else "value",
                          "estimate": measured[0].to_json() if measured is not None else None,
                          "verdict": goal.verdict(*measured).value if measured is not None else None})
        rows = []
        for candidate, standing in zip(self.search.candidates, self.search.standings):
            rows.append({"set": dict(candidate.values), "changed": candidate.changed, "games": standing.games,
                         "confirmed": standing.confirmed,
                         "status": standing.status.value,
                         "estimates": [e[0].to_json() if e is not None else None for e in standing.estimates]})
        return {
            "finish": self.finish.value, "why_stopped": self.why_stopped or None,
            "chosen": dict(self.candidate.values), "changed": self.candidate.changes(self.knobs),
            "confidence": self.search.confidence, "goals": goals,
            "vary": [{"name": k.name, "values": list(k.values), "definition": k.current} for k in self.knobs],
            "games": {"search": self.search.spent, "confirmation": self.confirmation_games,
                      "baseline": self.baseline_games, "total": self.total_games},
            "search": {**self.search.to_json(), "values": rows},
            "changes": self.changes.to_json() if self.changes is not None else None,
            "summary": self.summary.to_json() if self.summary is not None else None,
        }
