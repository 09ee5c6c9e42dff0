"""Firecrackers statistics over many games: scores per seat and bot, explosions, rounds, a balance
table of the cards bought (sorted by effect, with intervals and the rows that stand out flagged),
and the effect of each Scoreworks card. ``findings`` turns them into sentences; ``figures`` gives
``cardforge compare`` each card's and action's buy rate and buyers' win share.

Wins here are *win shares*: a tie splits the win among the tied seats, so the shares of a table add
up to 1 (the run's own ``seat_win_rate`` counts a tie as a win for every tied seat). A card's
buyers winning more says the card goes with winning, not that it causes it (strong players may
buy it, or buy more of everything)."""

from __future__ import annotations

from typing import Any, Sequence

from generator.sim.api import GameRecord
from generator.sim.significance import holm, rate_test
from generator.sim.stats import histogram, mean, stderr, wilson_interval


def _r(value: float) -> float:
    return round(value, 4)


def _win_share(record: GameRecord, seat: int) -> float:
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def _distribution(scores: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(scores)
    n = len(ordered)
    return {
        "mean": _r(mean(ordered)),
        "stderr": _r(stderr(ordered)),
        "min": ordered[0] if n else None,
        "median": ordered[n // 2] if n else None,
        "max": ordered[-1] if n else None,
        "histogram": histogram(ordered),
    }


def _balance(records: Sequence[GameRecord], players: int, key: str) -> list[dict[str, Any]]:
    """Per card (``key='card'``: card kind) or per action: copies bought, how often a seat bought
    it, and the mean final score and win share of those seats against the others, with the win
    share's 95 % interval, its ``effect`` against the typical row (the median buyers' win share of
    the table: winners buy more of everything, so any seat's share would flag most cards) and a
    ``flag`` for the rows that stand out beyond chance (Holm-corrected over the table). Sorted by
    effect, largest first. ``others_mean_score`` is None when every seat of every game bought it
    (there are no others to compare with)."""
    rows: dict[str, dict[str, Any]] = {}
    seat_games = len(records) * players
    for record in records:
        for seat, bought in enumerate(_bought(record, players, key)):
            for name, count in bought.items():
                row = rows.setdefault(name, {"copies": 0, "scores": [], "wins": 0.0})
                row["copies"] += count
                row["scores"].append(record.scores[seat])
                row["wins"] += _win_share(record, seat)
    all_scores = [s for r in records for s in r.scores]
    total = sum(all_scores)
    typical = _median([rows[name]["wins"] / len(rows[name]["scores"]) for name in rows])
    result = []
    for name in sorted(rows):
        row = rows[name]
        buyers = len(row["scores"])
        others = seat_games - buyers
        other_mean = _r((total - sum(row["scores"])) / others) if others else None  # every seat bought it
        low, high = wilson_interval(row["wins"], buyers)
        result.append({
            key: name,
            "copies": row["copies"],
            "per_game": _r(row["copies"] / len(records)),
            "buyer_share": _r(buyers / seat_games),
            "buyers_mean_score": _r(mean(row["scores"])),
            "others_mean_score": other_mean,
            "buyers_win_share": _r(row["wins"] / buyers),
            "win_share_low": _r(low),
            "win_share_high": _r(high),
            "effect": _r(row["wins"] / buyers - typical),
            "p": rate_test(row["wins"], buyers, typical),
        })
    adjusted, significant = holm([row.pop("p") for row in result])
    for row, p, flagged in zip(result, adjusted, significant):
        row["p_holm"] = round(p, 6)
        row["flag"] = ("high" if row["effect"] > 0 else "low") if flagged else ""
    result.sort(key=lambda row: (-row["effect"], row[key]))
    return result


def _bought(record: GameRecord, players: int, key: str) -> list[dict[str, int]]:
    """What each seat bought in one game: card kinds (``key='card'``) or actions."""
    per_seat = record.outcome.get("bought", [])
    result = []
    for seat in range(players):
        bought = per_seat[seat] if seat < len(per_seat) else {}
        if key == "action":
            grouped: dict[str, int] = {}
            for label, count in bought.items():
                grouped[_action_of(label)] = grouped.get(_action_of(label), 0) + count
            bought = grouped
        result.append(bought)
    return result


def _action_of(label: str) -> str:
    """``red-3-destroy_others`` -> ``destroy_others`` (``-c2`` cost suffixes dropped)."""
    action = label.split("-", 2)[2] if label.count("-") >= 2 else label
    return action.split("-c")[0]


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    return (ordered[(n - 1) // 2] + ordered[n // 2]) / 2 if n else 0.0


def typical_win_share(rows: Sequence[dict[str, Any]]) -> float:
    """The median buyers' win share of a balance table (what its ``effect`` is measured from)."""
    return _median([float(row["buyers_win_share"]) for row in rows])


def _baseline(records: Sequence[GameRecord], players: int) -> float:
    """Any seat's win share over the run (1 / players when every game has a winner)."""
    games = len(records)
    return sum(1.0 for r in records if r.winners) / (games * players) if games and players else 0.0


def summarize(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """Firecrackers statistics of a run (merged under ``game`` in the summary), JSON-ready."""
    games = len(records)
    if not games:
        return {}
    explosions = [sum(r.outcome.get("explosions", [])) for r in records]
    stops = [sum(r.outcome.get("stops", [])) for r in records]
    rounds = [float(r.outcome.get("rounds", 0)) for r in records]
    exits = sum(explosions) + sum(stops)
    by_bot: dict[str, list[float]] = {}
    wins_by_bot: dict[str, float] = {}
    for record in records:
        for seat in range(players):
            name = record.bots[seat]
            by_bot.setdefault(name, []).append(record.scores[seat])
            wins_by_bot[name] = wins_by_bot.get(name, 0.0) + _win_share(record, seat)
    ends: dict[str, int] = {}
    for record in records:
        reason = str(record.outcome.get("end", ""))
        ends[reason] = ends.get(reason, 0) + 1
    summary: dict[str, Any] = {
        "seat_scores": [{"seat": s, **_distribution([r.scores[s] for r in records])} for s in range(players)],
        "seat_win_share": [_r(sum(_win_share(r, s) for r in records) / games) for s in range(players)],
        "bot_scores": {name: _distribution(scores) for name, scores in sorted(by_bot.items())},
        "bot_win_share": {name: _r(wins_by_bot[name] / len(by_bot[name]))
                         for name in sorted(by_bot)},
        "explosion_rate": _r(sum(explosions) / exits) if exits else 0.0,
        "explosions_per_game": _r(mean([float(e) for e in explosions])),
        "seat_explosions": [_r(mean([float(r.outcome["explosions"][s]) for r in records]))
                            for s in range(players)],
        "rounds": {"mean": _r(mean(rounds)), "stderr": _r(stderr(rounds)),
                   "min": int(min(rounds)), "max": int(max(rounds)), "histogram": histogram(rounds)},
        "end_reasons": dict(sorted(ends.items())),
        "baseline_win_share": _r(_baseline(records, players)),
        "balance_cards": _balance(records, players, "card"),
        "balance_actions": _balance(records, players, "action"),
    }
    used = [r for r in records if r.outcome.get("scoreworks")]
    if used:
        per_card: dict[str, list[GameRecord]] = {}
        for record in used:
            per_card.setdefault(str(record.outcome["scoreworks"]), []).append(record)
        summary["scoreworks"] = {
            key: {
                "games": len(group),
                "mean_score": _r(mean([s for r in group for s in r.scores])),
                "mean_default_score": _r(mean([float(s) for r in group for s in r.outcome.get("default_scores", [])])),
                "mean_winning_score": _r(mean([max(r.scores) for r in group])),
                "mean_spread": _r(mean([max(r.scores) - min(r.scores) for r in group])),
                "seat_win_share": [_r(sum(_win_share(r, s) for r in group) / len(group)) for s in range(players)],
            }
            for key, group in sorted(per_card.items())
        }
    return summary
