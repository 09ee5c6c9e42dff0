"""Hanabi statistics over many games: score distribution, perfect games, end reasons, storm tokens,
and each suit's firework (which suits a deck makes hard: a variant's new suit shows here)."""

from __future__ import annotations

from typing import Any, Sequence

from generator.sim.api import GameRecord
from generator.sim.stats import mean, stderr, wilson_interval


def summarize(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """The ``Simulator.summarize`` of Hanabi (team score: every seat has the same; the score
    distribution is the run's own ``score_histogram``)."""
    scores = [r.outcome.get("score", r.scores[0] if r.scores else 0) for r in records]
    n = len(records)
    perfect = sum(1 for r in records if r.outcome.get("won"))
    ends: dict[str, int] = {}
    for r in records:
        reason = str(r.outcome.get("end"))
        ends[reason] = ends.get(reason, 0) + 1
    low, high = wilson_interval(perfect, n)
    return {
        "hanabi": {
            "games": n,
            "score_mean": round(mean(scores), 4),
            "score_stderr": round(stderr(scores), 4),
            "perfect_rate": round(perfect / n, 4) if n else 0.0,
            "perfect_interval": [round(low, 4), round(high, 4)],
            "end_reasons": dict(sorted(ends.items())),
            "strikes_mean": round(mean([r.outcome.get("strikes", 0) for r in records]), 4),
            "clues_left_mean": round(mean([r.outcome.get("clues", 0) for r in records]), 4),
            "turns_mean": round(mean([r.turns for r in records]), 4),
            "suits": _suits(records),
        }
    }


def _suits(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Suit key -> the mean height of its firework at the end and the share of games completing it."""
    heights: dict[str, list[int]] = {}
    complete: dict[str, int] = {}
    for r in records:
        fireworks = r.outcome.get("fireworks", {})
        top = r.outcome.get("max_score", 0) // max(1, len(fireworks))
        for key, height in fireworks.items():
            heights.setdefault(key, []).append(int(height))
            complete[key] = complete.get(key, 0) + (height == top)
    return {
        key: {"mean_height": round(mean(h), 4), "complete_rate": round(complete[key] / len(h), 4)}
        for key, h in heights.items()
    }
