"""Sequence statistics over many games: wins per seat and team, game length, endings, jack use."""

from __future__ import annotations

from typing import Any, Sequence

from generator.sim.api import GameRecord
from generator.sim.stats import mean, wilson_interval


def _rate(wins: float, games: int) -> dict[str, float]:
    low, high = wilson_interval(wins, games)
    return {"rate": round(wins / games, 4) if games else 0.0, "low": round(low, 4), "high": round(high, 4)}


def summarize(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """The ``Simulator.summarize`` of Sequence: win rates with 95 % Wilson intervals (draws count as
    no win), mean turns (cards played: chips placed or removed; dead-card exchanges and choices of
    the five are not turns and are counted apart), end reasons, jacks played, dead cards exchanged
    and choices of the five per game."""
    n = len(records)
    teams = max((int(r.outcome.get("teams", 0)) for r in records), default=0)
    seat_wins = [0] * players
    team_wins = [0] * teams
    ends: dict[str, int] = {}
    two_eyed = one_eyed = exchanges = sequences = choices = chosen_games = 0
    for record in records:
        winner = record.outcome.get("winner_team")
        if winner is not None:
            team_wins[winner] += 1
            for seat in range(players):
                if seat % teams == winner:
                    seat_wins[seat] += 1
        reason = str(record.outcome.get("end"))
        ends[reason] = ends.get(reason, 0) + 1
        two_eyed += sum(record.outcome.get("two_eyed_jacks", ()))
        one_eyed += sum(record.outcome.get("one_eyed_jacks", ()))
        exchanges += sum(record.outcome.get("dead_card_exchanges", ()))
        sequences += sum(record.outcome.get("sequences", ()))
        choices += int(record.outcome.get("sequence_choices", 0))
        chosen_games += 1 if record.outcome.get("lines_with_a_choice", 0) else 0
    draws = sum(1 for r in records if r.outcome.get("winner_team") is None)
    per_game = (lambda total: round(total / n, 4)) if n else (lambda total: 0.0)
    return {
        "sequence": {
            "games": n,
            "teams": teams,
            "seat_win_rate": [_rate(w, n) for w in seat_wins],
            "team_win_rate": [_rate(w, n) for w in team_wins],
            "draw_rate": _rate(draws, n),
            "mean_turns": round(mean([r.turns for r in records]), 4),
            "turns_counted": "cards played (dead-card exchanges and choices of the five apart)",
            "end_reasons": dict(sorted(ends.items())),
            "two_eyed_jacks_per_game": per_game(two_eyed),
            "one_eyed_jacks_per_game": per_game(one_eyed),
            "dead_card_exchanges_per_game": per_game(exchanges),
            "sequences_per_game": per_game(sequences),
            "sequence_choices_per_game": per_game(choices),
            "games_with_a_line_of_six": chosen_games,
        }
    }
