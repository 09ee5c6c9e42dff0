"""What a Firecrackers designer should look at in a run (cards and actions whose buyers win or lose
far more than any seat, actions nobody buys, games stopped by the safety limit), and the figures
``cardforge compare`` tests between two decks (each card's and action's buy rate and buyers' win
share, explosions and rounds per game)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from generator.model import GameDefinition
from generator.sim.api import Figure, GameRecord
from generator.sim.findings import Finding, interval_text, percent

from ..model import FirecrackersDefinition
from .setup import compile_table
from .summary import _action_of, _bought, _win_share, typical_win_share

NEVER_LISTED = 6
"""Actions named in full in a "never bought" finding."""
FAR = 0.05
"""A flagged card or action is a finding when its buyers' win share is this far (5 points) from
the typical row's: winning "far more" or "far less", not merely beyond chance."""


def _far(row: Mapping[str, Any]) -> bool:
    return bool(row.get("flag")) and abs(float(row.get("effect", 0.0))) >= FAR


def _balance_finding(what: str, name: str, subject: str, row: Mapping[str, Any],
                     table: Sequence[Mapping[str, Any]], baseline: float) -> Finding:
    share, low, high = row["buyers_win_share"], row["win_share_low"], row["win_share_high"]
    typical = typical_win_share(list(table))  # type: ignore[arg-type]
    wins = row["flag"] == "high"
    return Finding(
        f"{what}-{'wins' if wins else 'loses'}",
        f"{subject} win {'' if wins else 'only '}{percent(share)} {interval_text(low, high)} of their games "
        f"against {percent(typical)} for the typical {what}'s buyers ({percent(baseline)} for any seat)",
        f"bought by {percent(row['buyer_share'])} of seats; their mean score {row['buyers_mean_score']:.1f}"
        + (f" against {row['others_mean_score']:.1f}" if row["others_mean_score"] is not None else " (every seat bought one)")
        + f"; Holm-corrected over the {what}s",
        weight=1 + 10 * abs(row["effect"]), subject=name,
    )


def findings(game: Mapping[str, Any], players: int, definition: GameDefinition | None = None) -> list[Finding]:
    """The ``Simulator.findings`` of Firecrackers, read from its summary (and the deck in play)."""
    found: list[Finding] = []
    baseline = float(game.get("baseline_win_share", 0.0))
    actions = {row["action"]: row for row in game.get("balance_actions", ())
               if _far(row) and row["action"] != "plain"}  # plain cards are no action: their cards speak
    for row in actions.values():
        cards = [r["card"] for r in game.get("balance_cards", ()) if _action_of(r["card"]) == row["action"]]
        subject = f"Buyers of {row['action']} cards" + (f" ({', '.join(cards)})" if 1 < len(cards) <= 4 else "")
        found.append(_balance_finding("action", row["action"], subject, row, game.get("balance_actions", ()), baseline))
    for row in game.get("balance_cards", ()):
        action = _action_of(row["card"])
        if _far(row) and not (action in actions and actions[action]["flag"] == row["flag"]):
            found.append(_balance_finding("card", row["card"], f"Buyers of {row['card']}", row,
                                          game.get("balance_cards", ()), baseline))
    games = sum(int(v) for v in game.get("end_reasons", {}).values())
    stopped = int(game.get("end_reasons", {}).get("max_rounds", 0))
    if stopped and games:
        rounds = game.get("rounds", {}).get("max")
        found.append(Finding("stalled-games", f"{stopped} {'game' if stopped == 1 else 'games'} "
                             f"({percent(stopped / games)}) never ended and {'was' if stopped == 1 else 'were'} "
                             "stopped by the max_rounds safety limit",
                             f"the longest ran {rounds} rounds against a mean of "
                             f"{float(game.get('rounds', {}).get('mean', 0.0)):.1f}",
                             weight=8 + 20 * stopped / games))
    if isinstance(definition, FirecrackersDefinition) and games:
        bought = {row["action"] for row in game.get("balance_actions", ())}
        try:
            kinds = compile_table(definition, players).kinds
        except ValueError:
            kinds = ()
        in_play = sorted({k.action for k in kinds if k.action is not None})
        never = [a for a in in_play if a not in bought]
        if never:
            listed = ", ".join(never[:NEVER_LISTED]) + (f" and {len(never) - NEVER_LISTED} more" if len(never) > NEVER_LISTED else "")
            found.append(Finding("never-bought", f"No player bought a card with {listed} in {games} games",
                                 "their effects come into play only from starting decks, if at all",
                                 weight=1.5, subject=",".join(never)))
    return found


def figures(records: Sequence[GameRecord], players: int) -> list[Figure]:
    """Each card's and action's buy rate (per game: the share of seats that bought it) and buyers'
    win share (per buying seat), explosions and rounds per game."""
    keys = tuple(r.index for r in records)
    result = [
        Figure("explosions per game", tuple(float(sum(r.outcome.get("explosions", []))) for r in records), keys),
        Figure("rounds per game", tuple(float(r.outcome.get("rounds", 0)) for r in records), keys),
    ]
    for key, group in (("card", "cards"), ("action", "actions")):
        rates: dict[str, list[float]] = {}
        shares: dict[str, list[float]] = {}
        for i, record in enumerate(records):
            for seat, bought in enumerate(_bought(record, players, key)):
                for name in bought:
                    rates.setdefault(name, [0.0] * len(records))[i] += 1.0 / players
                    shares.setdefault(name, []).append(_win_share(record, seat))
        for name in sorted(rates):
            result.append(Figure(f"{name} buy rate", tuple(rates[name]), keys, percent=True, group=group,
                                 zero_when_absent=True))
            result.append(Figure(f"{name} buyers' win share", tuple(shares[name]), None, percent=True, group=group))
    return result

