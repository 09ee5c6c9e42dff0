"""What a Sequence designer should look at in a run (rules that never come into play: jacks never
played, dead cards never exchanged), and the figures ``cardforge compare`` tests between two decks
(jacks, dead-card exchanges and sequences per game)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from generator.model import GameDefinition
from generator.sim.api import Figure, GameRecord
from generator.sim.findings import Finding

NEVER = (
    ("two_eyed_jacks_per_game", "two-eyed jacks (wild)"),
    ("one_eyed_jacks_per_game", "one-eyed jacks (removing a chip)"),
    ("dead_card_exchanges_per_game", "dead-card exchanges"),
)


def findings(game: Mapping[str, Any], players: int, definition: GameDefinition | None = None) -> list[Finding]:
    """The ``Simulator.findings`` of Sequence, read from its summary."""
    stats = game.get("sequence", {})
    games = int(stats.get("games", 0))
    found: list[Finding] = []
    ends = stats.get("end_reasons", {})
    draws = {"board_full": "the board fills without a winner", "blocked": "nobody can move",
             "deck_exhausted": "the draw deck runs out", "turn_limit": "the game reaches the move limit"}
    for reason, how in draws.items():
        count = int(ends.get(reason, 0))
        if games and count / games > 0.02:
            found.append(Finding("draw-reason", f"{100 * count / games:.1f} % of games are drawn because {how}",
                                 f"{count} of {games} games end '{reason}'",
                                 weight=(8.0 if reason == "turn_limit" else 2.0) + 10 * count / games, subject=reason))
    for key, what in NEVER:
        if games and key in stats and not stats[key]:
            found.append(Finding("never-played", f"The rule of {what} never came into play in {games} games",
                                 f"{key.replace('_', ' ')}: 0", weight=1.5, subject=key))
    return found


def figures(records: Sequence[GameRecord], players: int) -> list[Figure]:
    """Jacks, dead-card exchanges and sequences per game."""
    keys = tuple(r.index for r in records)
    return [
        Figure(f"{name.replace('_', ' ')} per game", tuple(float(sum(r.outcome.get(name, ()))) for r in records), keys)
        for name in ("two_eyed_jacks", "one_eyed_jacks", "dead_card_exchanges", "sequences")
    ]
