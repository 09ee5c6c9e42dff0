"""The summary of a run as typed values: settings, scores, seats, bots, lengths, the designers'
measures, the findings, and the game's own statistics (a JSON-like mapping, game-specific).

Reports read attributes; ``RunSummary.to_json()`` is the ``--json`` output (the keys of the
earlier dict-shaped summary are kept; new ones are added). Conventions:

- Cooperative games (Hanabi): the score of a game is the team score (seat 0's, every seat shares
  it); ``perfect`` is the share of games the game counts as won (the records' winners).
- Competitive games: ``scores.mean`` is the mean of every seat's score over every game, its
  ``stderr`` comes from the per-game seat average (one sample per game, so seats of one game are
  not counted as independent); ``seats.mean_score`` gives each seat's own mean. In
  ``seats.win_rate`` a shared win is **counted** for every winner: the seats of a winning team and
  seats tied for the top score each count the game as won, so the rates may add up to more than 1.
  ``shared_wins`` counts the games with several winners, ``draws`` the games nobody won.
"""

from __future__ import annotations

import math
import statistics

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from ..model.common import Scoring
from .api import GameRecord
from .findings import (
    DRAW_SHARE,
    LONG_GAME_FACTOR,
    SEAT_WEIGHT,
    Finding,
    interval_text,
    long_game_threshold,
    merged,
    percent,
)
from .significance import (
    Difference,
    corrected,
    games_for_mean,
    games_for_rate,
    paired_difference,
)
from .stats import Z_95, histogram, mean, seat_wins, stderr, wilson_interval

if TYPE_CHECKING:
    from .skill import SkillTrace

SCORE_PRECISION = 0.01
"""``games_needed``: the mean score known within +- this share of itself."""
RATE_PRECISION = 0.01
"""``games_needed``: each win rate (or the perfect rate) known within +- this many (1 point)."""


def _r(value: float, digits: int = 4) -> float:
    return round(value, digits)


TIE_WORDS = {
    "shared": "tied seats share the win",
    "draw": "a tie is a draw nobody wins",
    "later-seat": "the tied seat later in the turn order wins",
    "earlier-seat": "the tied seat earlier in the turn order wins",
}
"""How reports say the definition's ``tie_break:``."""


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its 95 % Wilson interval."""

    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, successes: float, trials: int) -> "Rate":
        low, high = wilson_interval(successes, trials)
        return cls(_r(successes / trials if trials else 0.0), _r(low), _r(high))

    def interval(self) -> list[float]:
        return [self.low, self.high]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95 % interval (normal approximation)."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True, slots=True)
class DeckIdentity:
    """Which deck a run played: the project folder, the files its definitions were read from, a
    SHA-256 of those files as read, and the values changed by ``--set`` (path -> value)."""

    project: str
    files: tuple[str, ...] = ()
    sha256: str | None = None
    changes: Mapping[str, OptionValue] = field(default_factory=dict)

    def short(self) -> str:
        """The deck in one line: ``folder, definitions 1a2b3c4d5e6f, actions.treasure.coins=3``."""
        parts = [self.project or "?"]
        if self.sha256:
            parts.append(f"definitions {self.sha256[:12]}")
        parts += [f"{path}={_value_text(value)}" for path, value in self.changes.items()]
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"project": self.project, "files": list(self.files), "sha256": self.sha256,
                "changes": dict(self.changes)}


def _value_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


@dataclass(frozen=True, slots=True)
class RunSettings:
    """What was played: the game, the seed, each seat's bot, the rules, engine settings, the deck."""

    game_id: str
    kind: str
    seed: int
    seat_bots: tuple[str, ...]
    rules: Mapping[str, OptionValue]
    extra: Mapping[str, str] = field(default_factory=dict)
    deck: DeckIdentity | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game_id": self.game_id, "kind": self.kind, "seed": self.seed,
                                "seat_bots": list(self.seat_bots), "rules": dict(self.rules)}
        if self.extra:
            data["extra"] = dict(self.extra)
        if self.deck is not None:
            data["deck"] = self.deck.to_json()
        return data


@dataclass(frozen=True, slots=True)
class ScoreStats:
    """Scores: team scores (cooperative) or every seat's (competitive)."""

    mean: float
    stderr: float
    sd: float
    """Standard deviation of the per-game score (what ``games_needed`` scales with)."""
    minimum: float | None
    maximum: float | None
    histogram: Mapping[str, int]
    is_outcome: bool
    """The scores only say who won (Sequence: 1, 0.5, 0): the reports leave the mean out."""
    lowest_wins: bool = False
    tie_break: str = "shared"
    """Who wins a tie for the best score (the definition's ``tie_break:``)."""
    """The lowest score wins (the definition's ``scoring: lowest``): the scores are as the rules
    count them, and the reports say which way they go."""


@dataclass(frozen=True, slots=True)
class SeatStats:
    """Competitive games: each seat's wins, scores and score distribution."""

    win_rate: tuple[Rate, ...]
    mean_score: tuple[float, ...]
    stderr: tuple[float, ...]
    histograms: tuple[Mapping[str, int], ...]
    shared_wins: int
    draws: int
    advantage: tuple[Difference, ...] = ()
    """Each seat's win rate against the mean of the other seats' in the same games (paired,
    Holm-corrected over the seats)."""
    score_gap: tuple[Difference, ...] = ()
    """Each seat's score against the mean of the other seats' in the same games (paired,
    Holm-corrected over the seats): seats can win as often and still score far apart."""


@dataclass(frozen=True, slots=True)
class PerfectStats:
    """Cooperative games: the games the table won."""

    games: int
    rate: Rate


@dataclass(frozen=True, slots=True)
class LengthStats:
    """Game length in turns, and the bots' decisions and time."""

    mean: float
    stderr: float
    minimum: int | None
    maximum: int | None
    median: float
    long_games: int
    """Games longer than three times the median (see ``findings.LONG_GAME_FACTOR``)."""
    decisions: int
    elapsed_s: float | None


@dataclass(frozen=True, slots=True)
class BotStats:
    """One bot as named on the command line: its seats, mean score and (competitive) win rate."""

    bot: str
    seats: tuple[int, ...]
    seat_games: int
    mean_score: float
    stderr: float
    win: Rate | None

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"bot": self.bot, "seats": list(self.seats), "seat_games": self.seat_games,
                               "mean_score": self.mean_score, "stderr": self.stderr}
        if self.win is not None:
            row["win_rate"] = self.win.rate
            row["win_rate_ci"] = self.win.interval()
        return row


@dataclass(frozen=True, slots=True)
class Measures:
    """The measures designers use, where the run has them (None otherwise).

    ``first_player_advantage``: seat 0's win rate minus the mean of the other seats' (competitive
    games with the same bot in every seat). ``lead_changes``, ``winner_deficit`` and
    ``decided_last_round`` need the engine to record ``standings`` (each seat's score after each
    round) in its outcome: how often the lead passes to another seat, how far behind the eventual
    winner was at worst, and the share of games whose leader before the last round did not win.
    ``games_for_score`` / ``games_for_rate``: games needed for a 95 % interval of +- 1 % of the
    mean score / +- 1 point on every win rate (or the perfect rate)."""

    first_player_advantage: Estimate | None = None
    lead_changes: Estimate | None = None
    winner_deficit: Estimate | None = None
    decided_last_round: Rate | None = None
    games_for_score: int | None = None
    games_for_rate: int | None = None
    first_player_p: float | None = None
    """The two-sided p-value of the first-player advantage (against no advantage)."""
    balance: Estimate | None = None
    """1 minus the largest gap between two seats' win rates (Ludii's balance), its interval that
    of the per-game gap between those two seats."""
    decisiveness: Estimate | None = None
    """The share of a game (in rounds, from ``standings``) played before the eventual winner led
    for good: low when the winner is clear early."""
    length_spread: tuple[float, float, float] | None = None
    """The standard deviation of a game's length in turns, and its 10th and 90th percentiles."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in ("first_player_advantage", "balance", "lead_changes", "winner_deficit", "decisiveness"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value.to_json()
        if self.first_player_p is not None:
            data["first_player_p_value"] = self.first_player_p
        if self.length_spread is not None:
            sd, p10, p90 = self.length_spread
            data["length_spread"] = {"sd": sd, "p10": p10, "p90": p90}
        if self.decided_last_round is not None:
            rate = self.decided_last_round
            data["decided_last_round"] = {"rate": rate.rate, "low": rate.low, "high": rate.high}
        data["games_needed"] = {
            "score_within_share": SCORE_PRECISION, "score": self.games_for_score,
            "rate_within": RATE_PRECISION, "rate": self.games_for_rate,
        }
        return data


@dataclass(frozen=True, slots=True)
class RunSummary:
    """Everything a report shows about one run (see the module docstring)."""

    games: int
    players: int
    competitive: bool
    scores: ScoreStats
    lengths: LengthStats
    bots: tuple[BotStats, ...]
    seats: SeatStats | None = None
    perfect: PerfectStats | None = None
    measures: Measures = field(default_factory=Measures)
    game: Mapping[str, Any] = field(default_factory=dict)
    """The game's own statistics (its Simulator's ``summarize``), JSON-like."""
    findings: tuple[Finding, ...] = ()
    settings: RunSettings | None = None
    skill: "SkillTrace | None" = None
    """The game's skill trace (``generator.sim.skill``), for games played by the general bots."""

    @property
    def game_id(self) -> str:
        return self.settings.game_id if self.settings is not None else "?"

    def seat_bot(self, seat: int) -> str:
        bots = self.settings.seat_bots if self.settings is not None else ()
        return bots[seat] if seat < len(bots) else "?"

    def with_settings(self, settings: RunSettings, game_findings: Sequence[Finding] = ()) -> "RunSummary":
        """The summary with its settings, and the findings recomputed (some depend on the bots)."""
        summary = replace(self, settings=settings)
        return replace(summary, findings=merged(run_findings(summary), game_findings))

    def with_skill(self, trace: "SkillTrace") -> "RunSummary":
        """The summary with the game's skill trace, and what it says among the findings."""
        return replace(self, skill=trace, findings=merged(self.findings, trace.findings()))

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: the settings, then the statistics (stable keys)."""
        data: dict[str, Any] = self.settings.to_json() if self.settings is not None else {}
        scores = self.scores
        data.update({
            "games": self.games,
            "players": self.players,
            "competitive": self.competitive,
            "score_is_outcome": scores.is_outcome,
            "scoring": "lowest" if scores.lowest_wins else "highest",
            "tie_break": scores.tie_break,
            "mean_score": scores.mean,
            "stderr": scores.stderr,
            "min_score": scores.minimum,
            "max_score": scores.maximum,
            "score_histogram": dict(scores.histogram),
        })
        if self.seats is not None:
            seats = self.seats
            data["seat_win_rate"] = [r.rate for r in seats.win_rate]
            data["seat_win_rate_ci"] = [r.interval() for r in seats.win_rate]
            data["seat_mean_score"] = list(seats.mean_score)
            data["seat_stderr"] = list(seats.stderr)
            data["seat_score_histogram"] = [dict(h) for h in seats.histograms]
            data["shared_wins"] = seats.shared_wins
            data["draws"] = seats.draws
            data["win_rate_ties"] = "counted"
            data["seat_advantage"] = [d.to_json() for d in seats.advantage]
            if seats.score_gap:
                data["seat_score_gap"] = [d.to_json() for d in seats.score_gap]
        if self.perfect is not None:
            data["perfect_games"] = self.perfect.games
            data["perfect_rate"] = self.perfect.rate.rate
            data["perfect_rate_ci"] = self.perfect.rate.interval()
        lengths = self.lengths
        data.update({
            "mean_turns": lengths.mean,
            "turns_stderr": lengths.stderr,
            "min_turns": lengths.minimum,
            "max_turns": lengths.maximum,
            "median_turns": lengths.median,
            "long_games": lengths.long_games,
            "decisions": lengths.decisions,
            "elapsed_s": lengths.elapsed_s,
            "bots": [b.to_json() for b in self.bots],
            "measures": self.measures.to_json(),
            "findings": [f.to_json() for f in self.findings],
        })
        if self.game:
            data["game"] = dict(self.game)
        if self.skill is not None:
            data["skill_trace"] = self.skill.to_json()
        return data


GameSummary = Callable[[Sequence[GameRecord], int], Mapping[str, Any]]
GameFindings = Callable[[Mapping[str, Any], int, GameDefinition | None], Sequence[Finding]]


def summarize(
    records: Sequence[GameRecord],
    players: int,
    *,
    competitive: bool,
    game_summary: GameSummary | None = None,
    game_findings: GameFindings | None = None,
    elapsed_s: float | None = None,
    score_is_outcome: bool = False,
    settings: RunSettings | None = None,
    definition: GameDefinition | None = None,
) -> RunSummary:
    """The summary of a run (see the module docstring for the conventions).

    ``game_summary`` is the simulator's ``summarize`` (its result is ``game``), ``game_findings``
    its ``findings`` (read from that result and the ``definition`` played, when given). ``score_is_outcome`` (the simulator's flag) is passed
    on for the reports: the scores only say who won, so the mean score is not shown."""
    games = len(records)
    if competitive:
        per_game = [mean(r.scores) for r in records]
        all_scores = [s for r in records for s in r.scores]
        score_mean = mean(all_scores)
    else:
        per_game = [r.scores[0] if r.scores else 0.0 for r in records]
        all_scores = per_game
        score_mean = mean(per_game)
    spread = stderr(per_game) * (len(per_game) ** 0.5)
    scores = ScoreStats(
        mean=_r(score_mean), stderr=_r(stderr(per_game)), sd=_r(spread),
        minimum=min(all_scores) if all_scores else None, maximum=max(all_scores) if all_scores else None,
        histogram=histogram(all_scores), is_outcome=score_is_outcome,
        lowest_wins=definition is not None and definition.info.scoring is Scoring.LOWEST,
        tie_break=definition.info.tie_break.value if definition is not None else "shared",
    )
    seats = _seat_stats(records, players, gaps=not score_is_outcome) if competitive else None
    perfect = None
    if not competitive:
        won = sum(1 for r in records if r.winners)
        perfect = PerfectStats(won, Rate.of(won, games))
    game = dict(game_summary(records, players)) if game_summary is not None and records else {}
    summary = RunSummary(
        games=games, players=players, competitive=competitive, scores=scores,
        lengths=_length_stats(records, elapsed_s), bots=_bot_stats(records, players, competitive),
        seats=seats, perfect=perfect, game=game,
    )
    summary = replace(summary, measures=_measures(records, summary))
    found = list(game_findings(game, players, definition)) if game_findings is not None and game else []
    if settings is not None:
        return summary.with_settings(settings, found)
    return replace(summary, findings=merged(run_findings(summary), found))


def _against_the_others(values: list[list[float]]) -> list[Difference]:
    """Each seat's values (one a game) against the mean of the other seats' in the same game
    (paired: seat minus the others), Holm-corrected over the seats."""
    players, games = len(values), len(values[0])
    found = []
    for seat in range(players):
        others = [mean([values[t][i] for t in range(players) if t != seat]) for i in range(games)]
        found.append(paired_difference(others, values[seat]))
    return corrected(found)


def _seat_stats(records: Sequence[GameRecord], players: int, *, gaps: bool = True) -> SeatStats:
    """Each seat's wins and scores; ``gaps``: test each seat's score against the others' too (not
    when the scores only say who won)."""
    games = len(records)
    wins = seat_wins(records, players)
    advantage: list[Difference] = []
    score_gap: list[Difference] = []
    if players >= 2 and games:
        advantage = _against_the_others([[1.0 if s in r.winners else 0.0 for r in records] for s in range(players)])
        if gaps:
            score_gap = _against_the_others([[r.scores[s] for r in records] for s in range(players)])
    return SeatStats(
        win_rate=tuple(Rate.of(w, games) for w in wins),
        mean_score=tuple(_r(mean([r.scores[s] for r in records])) for s in range(players)),
        stderr=tuple(_r(stderr([r.scores[s] for r in records])) for s in range(players)),
        histograms=tuple(histogram([r.scores[s] for r in records]) for s in range(players)),
        shared_wins=sum(1 for r in records if len(r.winners) > 1),
        draws=sum(1 for r in records if not r.winners),
        advantage=tuple(advantage),
        score_gap=tuple(score_gap),
    )


def _length_stats(records: Sequence[GameRecord], elapsed_s: float | None) -> LengthStats:
    turns = sorted(float(r.turns) for r in records)
    n = len(turns)
    median = (turns[(n - 1) // 2] + turns[n // 2]) / 2 if n else 0.0
    limit = long_game_threshold(median)
    return LengthStats(
        mean=_r(mean(turns)), stderr=_r(stderr(turns)),
        minimum=int(turns[0]) if n else None, maximum=int(turns[-1]) if n else None,
        median=median, long_games=sum(1 for t in turns if t > limit),
        decisions=sum(r.decisions for r in records),
        elapsed_s=None if elapsed_s is None else _r(elapsed_s, 3),
    )


def _bot_stats(records: Sequence[GameRecord], players: int, competitive: bool) -> tuple[BotStats, ...]:
    """Per bot (as named on the command line): seats taken, mean score and win share.

    The standard error is over games (one sample per game: the mean of the bot's seats in it), since
    seats of one game are not independent; in a cooperative game they even share one score."""
    per_game: dict[str, list[float]] = {}
    seat_games: dict[str, int] = {}
    wins: dict[str, int] = {}
    seats: dict[str, set[int]] = {}
    for record in records:
        in_game: dict[str, list[float]] = {}
        for seat in range(players):
            name = record.bots[seat] if seat < len(record.bots) else "?"
            in_game.setdefault(name, []).append(record.scores[seat])
            seats.setdefault(name, set()).add(seat)
            seat_games[name] = seat_games.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (seat in record.winners)
        for name, values in in_game.items():
            per_game.setdefault(name, []).append(mean(values))
    return tuple(
        BotStats(bot=name, seats=tuple(sorted(seats[name])), seat_games=seat_games[name],
                 mean_score=_r(mean(per_game[name])), stderr=_r(stderr(per_game[name])),
                 win=Rate.of(wins[name], seat_games[name]) if competitive else None)
        for name in sorted(per_game)
    )


def _measures(records: Sequence[GameRecord], summary: RunSummary) -> Measures:
    games = len(records)
    if not games:
        return Measures()
    fpa = None
    seats = summary.seats
    same_bots = len({bot for r in records for bot in r.bots}) == 1
    if seats is not None and seats.advantage and same_bots:
        first = seats.advantage[0]
        fpa = Estimate(_r(first.difference), _r(first.low), _r(first.high))
    if seats is not None:
        rates = [r.rate for r in seats.win_rate]
    else:
        assert summary.perfect is not None
        rates = [summary.perfect.rate.rate]
    games_for_rate_ = games_for_rate(max(rates, key=lambda p: p * (1 - p)), RATE_PRECISION)
    scores = summary.scores
    games_for_score = None
    if not scores.is_outcome and scores.mean:
        games_for_score = games_for_mean(scores.sd, abs(scores.mean) * SCORE_PRECISION)
    measures = Measures(first_player_advantage=fpa, games_for_score=games_for_score, games_for_rate=games_for_rate_,
                        first_player_p=_r(seats.advantage[0].p_value, 6) if fpa is not None and seats is not None else None,
                        balance=_balance(records, summary.players) if seats is not None and same_bots else None,
                        length_spread=_length_spread(records))
    if seats is not None:
        measures = _standings_measures(records, measures)
    return measures


def _balance(records: Sequence[GameRecord], players: int) -> Estimate | None:
    """1 minus the largest gap between two seats' win rates; the interval is the paired interval of
    the per-game gap between the seats that win most and least (a seat shares a tie's win)."""
    if players < 2:
        return None
    wins = [[1.0 if s in r.winners else 0.0 for r in records] for s in range(players)]
    rates = [mean(w) for w in wins]
    best = max(range(players), key=lambda s: rates[s])
    worst = min(range(players), key=lambda s: rates[s])
    gaps = [a - b for a, b in zip(wins[best], wins[worst])]
    gap = _estimate(gaps)
    return Estimate(_r(1 - gap.value), _r(max(0.0, 1 - gap.high)), _r(min(1.0, 1 - gap.low)))


def _length_spread(records: Sequence[GameRecord]) -> tuple[float, float, float] | None:
    """The standard deviation of the games' lengths (turns), and their 10th and 90th percentiles."""
    if len(records) < 2:
        return None
    turns = [float(r.turns) for r in records]
    deciles = statistics.quantiles(turns, n=10, method="inclusive")
    return (_r(stderr(turns) * math.sqrt(len(turns))), _r(deciles[0]), _r(deciles[-1]))


def _standings_measures(records: Sequence[GameRecord], measures: Measures) -> Measures:
    """Lead changes, the winner's worst deficit and late decisions, from ``outcome['standings']``."""
    changes: list[float] = []
    deficits: list[float] = []
    clear: list[float] = []
    late = 0
    decided = 0
    for record in records:
        standings = record.outcome.get("standings")
        if not standings:
            continue
        rows = [list(map(float, row)) for row in standings] + [list(record.scores)]
        changes.append(float(_lead_changes(rows)))
        if record.winners and len(rows) > 1:
            clear.append(_clear_from(rows, record.winners) / (len(rows) - 1))
        if record.winners:
            deficits.append(min(max(max(row) - row[w] for row in rows[:-1]) if len(rows) > 1 else 0.0
                                for w in record.winners))
            if len(rows) >= 3:
                decided += 1
                before = rows[-3]  # the standings after the round before the last one
                top = max(before)
                if not any(before[w] == top for w in record.winners):
                    late += 1
    if not changes:
        return measures
    return replace(
        measures,
        lead_changes=_estimate(changes),
        winner_deficit=_estimate(deficits) if deficits else None,
        decided_last_round=Rate.of(late, decided) if decided else None,
        decisiveness=_estimate(clear) if clear else None,
    )


def _clear_from(rows: Sequence[Sequence[float]], winners: Sequence[int]) -> int:
    """The first round after which a winner leads (alone or tied) in every later round: 0 when a
    winner led from the first round, ``len(rows) - 1`` when only the final scores put it ahead."""
    first = len(rows) - 1
    for index in range(len(rows) - 1, -1, -1):
        row = rows[index]
        if any(row[w] == max(row) for w in winners):
            first = index
        else:
            break
    return first


def _lead_changes(rows: Sequence[Sequence[float]]) -> int:
    """How often a seat other than the current leader takes the lead alone (ties keep the lead)."""
    leader: int | None = None
    changes = 0
    for row in rows:
        top = max(row)
        leaders = [s for s, v in enumerate(row) if v == top]
        if len(leaders) == 1 and leaders[0] != leader:
            if leader is not None:
                changes += 1
            leader = leaders[0]
    return changes


def _estimate(values: Sequence[float]) -> Estimate:
    m, se = mean(values), stderr(values)
    return Estimate(_r(m), _r(m - Z_95 * se), _r(m + Z_95 * se))


def run_findings(summary: RunSummary) -> list[Finding]:
    """The findings every game shares: unequal seats, long games, draws."""
    found: list[Finding] = []
    found += _seat_findings(summary)
    found += _length_findings(summary)
    seats = summary.seats
    if seats is not None and summary.games and seats.draws / summary.games > DRAW_SHARE:
        share = seats.draws / summary.games
        found.append(Finding("draws", f"{percent(share)} of games end in a draw (nobody wins)",
                             f"{seats.draws} of {summary.games} games", weight=share))
    return found


def _seat_findings(summary: RunSummary) -> list[Finding]:
    """Seats whose win rate differs from the other seats' beyond chance (Holm-corrected tests of
    each seat against the mean of the others, game by game), when every seat has the same bot:
    with different bots the differences are the bots'."""
    seats = summary.seats
    settings = summary.settings
    bots = settings.seat_bots if settings is not None else ()
    if seats is None or summary.players < 2 or len(set(bots)) > 1 or not seats.advantage:
        return []
    flagged = [s for s, test in enumerate(seats.advantage) if test.significant]
    if not flagged:
        return _score_gap_findings(summary)
    rates = seats.win_rate
    low_seat = min(range(len(rates)), key=lambda s: rates[s].rate)
    high_seat = max(range(len(rates)), key=lambda s: rates[s].rate)
    low, high = rates[low_seat], rates[high_seat]
    first = "the first player" if low_seat == 0 else None
    first_high = "the first player" if high_seat == 0 else None
    name_low = f"seat {low_seat}" + (f" ({first})" if first else "")
    name_high = f"seat {high_seat}" + (f" ({first_high})" if first_high else "")
    sentence = (f"Seats are not equal: {name_low} wins {percent(low.rate)} {interval_text(low.low, low.high)} "
                f"of games against {percent(high.rate)} {interval_text(high.low, high.high)} for {name_high}")
    evidence = " and ".join(f"seat {s} {seats.advantage[s].difference * 100:+.1f} points" for s in flagged) + \
        " from the other seats' mean, beyond chance (Holm-corrected over the seats, 5 %)"
    return [Finding("seat-advantage", sentence, evidence,
                    weight=SEAT_WEIGHT + 10 * (high.rate - low.rate))]


def _score_gap_findings(summary: RunSummary) -> list[Finding]:
    """Seats that win about as often as the others but score apart from them beyond chance: the
    win rates alone would hide it (a lowest-wins game whose first seat ends 13 points better)."""
    seats = summary.seats
    if seats is None or not seats.score_gap:
        return []
    flagged = [s for s, test in enumerate(seats.score_gap) if test.significant]
    if not flagged:
        return []
    means = seats.mean_score
    lowest = summary.scores.lowest_wins
    best_seat = (min if lowest else max)(range(len(means)), key=lambda s: means[s])
    worst_seat = (max if lowest else min)(range(len(means)), key=lambda s: means[s])
    gap = abs(means[best_seat] - means[worst_seat])
    sentence = (f"Seats score apart though they win alike: seat {best_seat} scores {means[best_seat]:.1f} on average "
                f"against {means[worst_seat]:.1f} for seat {worst_seat}, {gap:.1f} points "
                f"{'fewer (the lowest score wins)' if lowest else 'more'}")
    evidence = " and ".join(f"seat {s} {seats.score_gap[s].difference:+.1f} points "
                            f"[{seats.score_gap[s].low:+.1f}, {seats.score_gap[s].high:+.1f}]" for s in flagged) + \
        " from the other seats' mean score, beyond chance (Holm-corrected over the seats, 5 %)"
    spread = max(abs(summary.scores.mean), 1.0)
    return [Finding("seat-score-gap", sentence, evidence, weight=1.0 + min(5.0, 5 * gap / spread))]


def _length_findings(summary: RunSummary) -> list[Finding]:
    lengths = summary.lengths
    if not summary.games or lengths.median <= 0 or lengths.long_games == 0:
        return []
    share = lengths.long_games / summary.games
    return [Finding(
        "long-games",
        f"{lengths.long_games} {'game' if lengths.long_games == 1 else 'games'} ({percent(share)}) "
        f"{'runs' if lengths.long_games == 1 else 'run'} more than {LONG_GAME_FACTOR:g} times the median length",
        f"up to {lengths.maximum} turns against a median of {lengths.median:g}",
        weight=0.5 + min(1.0, 20 * share),
    )]
