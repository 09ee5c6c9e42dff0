"""Summary statistics of a run: mean score with its standard error, distributions, win rates with
95 % Wilson intervals, game lengths, per-bot results, and the game's own statistics.

Conventions (documented here once, used by the CLI, ``--json`` and the report):

- Cooperative games (Hanabi): the score of a game is the team score (seat 0's, every seat shares
  it); ``perfect_rate`` is the share of games the game counts as won (the records' winners).
- Competitive games: ``mean_score`` is the mean of every seat's score over every game, its
  ``stderr`` comes from the per-game seat average (one sample per game, so seats of one game are
  not counted as independent); ``seat_mean_score`` gives each seat's own mean. In
  ``seat_win_rate`` a shared win is **counted** for every winner: the seats of a winning team (they
  share the team's score) and seats tied for the top score each count the game as won, so a seat's
  rate is its team's rate in team games, and the rates may add up to more than 1.
  ``shared_wins`` counts the games with several winners, ``draws`` the games nobody won (every
  seat tied: see ``generator.sim.runner``).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from .api import GameRecord

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (0.0 for no values)."""
    return math.fsum(values) / len(values) if values else 0.0


def stderr(values: Sequence[float]) -> float:
    """Standard error of the mean: sample standard deviation / sqrt(n) (0.0 below two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    variance = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) when there are no trials.

    ``successes`` may be fractional."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: no rounding noise
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def score_key(score: float) -> str:
    """A score as a histogram key: ``25`` rather than ``25.0`` for whole numbers."""
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


def histogram(values: Sequence[float]) -> dict[str, int]:
    """Count of each distinct value, keys in increasing numeric order."""
    counts: dict[float, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return {score_key(v): counts[v] for v in sorted(counts)}


def _round(value: float, digits: int = 4) -> float:
    return round(value, digits)


def _rate(successes: float, trials: int) -> dict[str, float]:
    low, high = wilson_interval(successes, trials)
    rate = successes / trials if trials else 0.0
    return {"rate": _round(rate), "low": _round(low), "high": _round(high)}


def seat_wins(records: Sequence[GameRecord], players: int) -> list[int]:
    """Games won by each seat, a shared win (team or tie) counted for every winner."""
    wins = [0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1
    return wins


def _bot_results(records: Sequence[GameRecord], players: int, competitive: bool) -> list[dict[str, Any]]:
    """Per bot (as named on the command line): seats taken, mean score and win share.

    The standard error is over games (one sample per game: the mean of the bot's seats in it), since
    seats of one game are not independent; in a cooperative game they even share one score."""
    by_bot: dict[str, dict[str, Any]] = {}
    for record in records:
        in_game: dict[str, list[float]] = {}
        for seat in range(players):
            name = record.bots[seat] if seat < len(record.bots) else "?"
            entry = by_bot.setdefault(name, {"per_game": [], "seat_games": 0, "wins": 0, "seats": set()})
            in_game.setdefault(name, []).append(record.scores[seat])
            entry["seats"].add(seat)
            entry["seat_games"] += 1
            if seat in record.winners:
                entry["wins"] += 1
        for name, scores in in_game.items():
            by_bot[name]["per_game"].append(mean(scores))
    results: list[dict[str, Any]] = []
    for name in sorted(by_bot):
        entry = by_bot[name]
        n = entry["seat_games"]
        row: dict[str, Any] = {
            "bot": name,
            "seats": sorted(entry["seats"]),
            "seat_games": n,
            "mean_score": _round(mean(entry["per_game"])),
            "stderr": _round(stderr(entry["per_game"])),
        }
        if competitive:
            interval = _rate(entry["wins"], n)
            row["win_rate"] = interval["rate"]
            row["win_rate_ci"] = [interval["low"], interval["high"]]
        results.append(row)
    return results


def summarize(
    records: Sequence[GameRecord],
    players: int,
    *,
    competitive: bool,
    game_summary: Callable[[Sequence[GameRecord], int], dict[str, Any]] | None = None,
    elapsed_s: float | None = None,
    score_is_outcome: bool = False,
) -> dict[str, Any]:
    """The summary of a run as a JSON-ready dict (see the module docstring for the conventions).

    ``game_summary`` is the simulator's ``summarize``; its result goes under the key ``game``.
    ``score_is_outcome`` (the simulator's flag) is passed on for the reports: the scores only say
    who won, so the mean score is not shown."""
    games = len(records)
    if competitive:
        per_game = [mean(r.scores) for r in records]
        all_scores = [s for r in records for s in r.scores]
        score_mean = mean(all_scores)
    else:
        per_game = [r.scores[0] if r.scores else 0.0 for r in records]
        all_scores = per_game
        score_mean = mean(per_game)
    turns = [float(r.turns) for r in records]
    summary: dict[str, Any] = {
        "games": games,
        "players": players,
        "competitive": competitive,
        "score_is_outcome": score_is_outcome,
        "mean_score": _round(score_mean),
        "stderr": _round(stderr(per_game)),
        "min_score": min(all_scores) if all_scores else None,
        "max_score": max(all_scores) if all_scores else None,
        "score_histogram": histogram(all_scores),
    }
    if competitive:
        rates = [_rate(wins, games) for wins in seat_wins(records, players)]
        summary["seat_win_rate"] = [r["rate"] for r in rates]
        summary["seat_win_rate_ci"] = [[r["low"], r["high"]] for r in rates]
        summary["seat_mean_score"] = [_round(mean([r.scores[s] for r in records])) for s in range(players)]
        summary["seat_stderr"] = [_round(stderr([r.scores[s] for r in records])) for s in range(players)]
        summary["shared_wins"] = sum(1 for r in records if len(r.winners) > 1)
        summary["draws"] = sum(1 for r in records if not r.winners)
        summary["win_rate_ties"] = "counted"
    else:
        won = sum(1 for r in records if r.winners)
        interval = _rate(won, games)
        summary["perfect_games"] = won
        summary["perfect_rate"] = interval["rate"]
        summary["perfect_rate_ci"] = [interval["low"], interval["high"]]
    summary["mean_turns"] = _round(mean(turns))
    summary["turns_stderr"] = _round(stderr(turns))
    summary["min_turns"] = int(min(turns)) if turns else None
    summary["max_turns"] = int(max(turns)) if turns else None
    summary["decisions"] = sum(r.decisions for r in records)
    summary["elapsed_s"] = None if elapsed_s is None else _round(elapsed_s, 3)
    summary["bots"] = _bot_results(records, players, competitive)
    if game_summary is not None and records:
        summary["game"] = game_summary(records, players)
    return summary
