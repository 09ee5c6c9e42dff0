"""Sequence games as JSON traces (``generator.sim.traces``): written by ``simulate --export``, replayed
action by action by ``replay sequence FILE``.

The deal is every hand and the draw deck (top card last) as card codes (``7H``, ``JD``); each
decision is the engine's action number (see ``engine``) with its words (``play 7H on r3c4``,
``exchange dead 5C``, ``sequence r5c0-r5c4``), and what it made (a sequence, the win).
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.sim.base import TraceSpec
from .engine import SequenceState, make_engine

KIND = "sequence"


def _deal(state: SequenceState) -> dict[str, Any]:
    codes = state.geo.codes
    return {
        "hands": [[codes[card] for card in hand] for hand in state.hands],
        "deck": [codes[card] for card in state.deck],
    }


def _outcome(state: SequenceState) -> dict[str, Any]:
    facts = state.outcome()
    return {
        "end": facts["end"],
        "winner_team": facts["winner_team"],
        "teams": facts["teams"],
        "sequences": facts["sequences"],
        "scores": state.scores(),
        "turns": state.turns,
        "decisions": len(state.history),
    }


def _step(state: SequenceState, action: int) -> dict[str, Any]:
    """Apply ``action`` to ``state`` and say what it was and what it made."""
    seat = state.current_player()
    team = seat % state.engine.teams
    text = state.describe(action)
    before = state.seq_count[team]
    state.apply(action)
    if state.seq_count[team] > before:
        text += f"; team {team} has {state.seq_count[team]} sequence{'s' if state.seq_count[team] != 1 else ''}"
    if state.end is not None:
        text += f"; game over ({state.end}" + (f", team {state.winner} wins)" if state.winner is not None else ")")
    return {"seat": seat, "action": action, "text": text}


def describe(outcome: Mapping[str, Any]) -> str:
    """One line for a replayed game (``cardforge replay``)."""
    winner = outcome.get("winner_team")
    result = f"team {winner} wins" if winner is not None else "no winner"
    sequences = " to ".join(str(n) for n in outcome.get("sequences", []))
    return (f"{result}, sequences {sequences}, {outcome.get('turns')} turns "
            f"({outcome.get('decisions')} decisions), ended: {outcome.get('end')}")


TRACE = TraceSpec(kind=KIND, make_engine=make_engine, deal=_deal, step=_step, outcome=_outcome, describe=describe)
"""Sequence's traces: ``TRACE.trace`` is the Simulator's ``trace_game``, ``TRACE.replayer()`` its
replayer (``replay sequence FILE``)."""
trace = TRACE.trace
replay = TRACE.replay
