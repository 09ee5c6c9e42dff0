"""What a Hanabi designer should look at in a run (a suit completed far less often than the others,
games lost on the third storm token, no perfect game at all), and the figures ``cardforge compare``
tests between two decks (each suit's completion, storm tokens and clues left per game)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from generator.model import GameDefinition
from generator.sim.api import Figure, GameRecord
from generator.sim.findings import Finding, percent
from generator.sim.significance import holm, rate_test

FAR = 0.10
"""A suit is a finding when its completion rate is this far (10 points) from the other suits'."""
STRIKEOUT_SHARE = 0.05
"""Games ending on the last storm token above this share are a finding."""


def findings(game: Mapping[str, Any], players: int, definition: GameDefinition | None = None) -> list[Finding]:
    """The ``Simulator.findings`` of Hanabi, read from its summary."""
    stats = game.get("hanabi", {})
    games = int(stats.get("games", 0))
    if not games:
        return []
    found: list[Finding] = []
    suits = stats.get("suits", {})
    tests = []
    for key, row in suits.items():
        others = [r["complete_rate"] for k, r in suits.items() if k != key]
        if not others:
            continue
        ordered = sorted(others)  # the median: one odd suit must not make the others look odd
        expected = (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2
        tests.append((key, row["complete_rate"], expected, rate_test(row["complete_rate"] * games, games, expected)))
    _, significant = holm([p for *_, p in tests])
    for (key, rate, expected, _), flagged in zip(tests, significant):
        if flagged and abs(rate - expected) >= FAR:
            found.append(Finding(
                "suit-harder" if rate < expected else "suit-easier",
                f"The {key} firework is completed in {percent(rate)} of games against {percent(expected)} "
                "for the typical other suit",
                f"mean height {suits[key]['mean_height']:g}; Holm-corrected over the suits",
                weight=1 + 10 * abs(rate - expected), subject=key,
            ))
    ends = stats.get("end_reasons", {})
    strikeouts = int(ends.get("strikeout", 0))
    if strikeouts / games > STRIKEOUT_SHARE:
        found.append(Finding("strikeouts", f"{percent(strikeouts / games)} of games end on the last storm token",
                             f"{strikeouts} of {games} games; {stats.get('strikes_mean', 0):g} storm tokens per game",
                             weight=1 + 10 * strikeouts / games))
    if not stats.get("perfect_rate"):
        found.append(Finding("never-perfect", f"No game of {games} reached a perfect score",
                             f"mean score {stats.get('score_mean', 0):g}", weight=1.0))
    return found


def figures(records: Sequence[GameRecord], players: int) -> list[Figure]:
    """Each suit's completion (per game), storm tokens and clues left per game."""
    keys = tuple(r.index for r in records)
    result = [
        Figure("storm tokens turned per game", tuple(float(r.outcome.get("strikes", 0)) for r in records), keys),
        Figure("note tokens left at the end", tuple(float(r.outcome.get("clues", 0)) for r in records), keys),
    ]
    suits: list[str] = []
    for record in records:
        for key in record.outcome.get("fireworks", {}):
            if key not in suits:
                suits.append(key)
    for key in suits:
        values = []
        for record in records:
            fireworks = record.outcome.get("fireworks", {})
            top = record.outcome.get("max_score", 0) // max(1, len(fireworks))
            values.append(float(fireworks.get(key, 0) == top))
        result.append(Figure(f"{key} firework completed", tuple(values), keys, percent=True, group="suits"))
    return result
