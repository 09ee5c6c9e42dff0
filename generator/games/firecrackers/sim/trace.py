"""Firecrackers games as JSON traces (``generator.sim.traces``): written by ``simulate --export``,
replayed action by action by ``replay firecrackers FILE``.

Cards are named by their kind label (``red-3-plain``, ``black-2-double_sight``). The deal is every
starting deck (top card last), the shop's piles (top card last) and the Scoreworks card drawn; each
decision is the engine's action (``"reveal"``, ``["buy", kind]``...) with its words (``buy
red-3-plain``, ``reveal: blue-5-try_again; explodes``). Settings name the expansion (its id) and a
Scoreworks card fixed by ``--setting scoreworks=KEY``: ``replay`` looks the expansion up in the
project, as ``simulate --expansion`` does.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.sim import traces
from generator.sim.api import ReplayError
from generator.sim.base import TraceSpec
from ..model import ScoreworksDefinition
from .engine import FirecrackersEngine, make_engine
from .state import FirecrackersState

KIND = "firecrackers"

KIND_ARGUMENT = {"buy", "take"}
"""Actions whose second item is a card kind (what the shop sells, a stick_it_out free card)."""
SEAT_AND_ROW = {"destroy", "hide", "steal"}
"""Actions ``(verb, seat, index)`` naming a card of a seat's revealed row (destroy_others...)."""


def _deal(state: FirecrackersState) -> dict[str, Any]:
    label = state.table.label
    return {
        "decks": [[label(card) for card in deck] for deck in state.deck],
        "shop": [[label(card) for card in pile] for pile in state.shop],
        "scoreworks": state.scoreworks.key if state.scoreworks is not None else None,
    }


def _outcome(state: FirecrackersState) -> dict[str, Any]:
    facts = state.outcome()
    return {
        "end": facts["end"],
        "scores": facts["scores"],
        "rounds": facts["rounds"],
        "explosions": facts["explosions"],
        "stops": facts["stops"],
        "scoreworks": facts["scoreworks"],
        "underdog_colour": facts["underdog_colour"],
        "turns": state.turns,
    }


def decision_words(state: FirecrackersState, seat: int, kind: str, action: Any) -> str:
    """A decision in words, read in the state it is taken in."""
    if not isinstance(action, tuple):
        return str(action) if kind == "turn" else f"{kind}: {action}"
    table = state.table
    verb = action[0]
    if verb in KIND_ARGUMENT or (kind == "old_fireworks" and verb == "return"):
        return f"{verb} {table.kinds[action[1]].label}"
    if verb == "destroy" and isinstance(action[1], str):
        return f"destroy {table.kinds[action[2]].label} from the {action[1]}"
    if verb in SEAT_AND_ROW:
        return f"{verb} {table.label(state.revealed[action[1]][action[2]])} of seat {action[1]}"
    if verb in ("return", "shift", "aside"):
        return f"{kind}: {verb} {table.label(state.revealed[seat][action[1]])}"
    if verb == "colour":
        return f"{kind}: {table.packs[action[1]]}"
    if verb == "force":
        return f"force seat {action[1]} to {action[2]}"
    return f"{kind}: {verb} seat {action[1]}"


def aftermath(revealed: set[int], explosions: list[int], state: FirecrackersState, seat: int, kind: str) -> str:
    """What a decision of ``seat`` did, said after it (``revealed``, ``explosions``: the seat's
    revealed row and every seat's explosions before it): the cards a turn revealed, who exploded."""
    text = ""
    if kind == "turn":
        shown = [state.table.label(c) for c in state.revealed[seat] if c not in revealed]
        if shown:
            text += ": " + ", ".join(shown)
    exploded = [s for s in range(state.n) if state.explosions[s] > explosions[s]]
    if exploded:
        text += "; explodes" if exploded == [seat] else "; " + ", ".join(f"seat {s}" for s in exploded) + " explode"
    return text


def _step(state: FirecrackersState, action: Any) -> dict[str, Any]:
    """Apply ``action`` to ``state`` and say what it was and what it did to the seat that took it."""
    seat = state.current_player()
    kind = state.pending_kind
    text = decision_words(state, seat, kind, action)
    revealed, explosions = set(state.revealed[seat]), list(state.explosions)
    state.apply(action)
    text += aftermath(revealed, explosions, state, seat, kind)
    return {"seat": seat, "decision": kind, "action": traces.encode(action), "text": text}


def _settings(engine: FirecrackersEngine) -> dict[str, Any]:
    fixed = engine.rules.fixed_scoreworks
    return {
        "expansion": engine.expansion.info.id if engine.expansion is not None else None,
        "scoreworks": fixed.key if fixed is not None else None,
    }


def _check_settings(named: Mapping[str, Any], given: Mapping[str, Any]) -> None:
    """The expansion a replay is given (resolved by the caller from the project) must be the one the
    trace was played with."""
    expansion: ScoreworksDefinition | None = given.get("expansion")
    if "expansion" in named and (expansion is None or expansion.info.id != named["expansion"]):
        raise ReplayError(None, f"the game was played with the expansion '{named['expansion']}': replay it "
                                "in a project that has it")
    if expansion is not None and "expansion" not in named:
        raise ReplayError(None, "the game was played without an expansion")


def describe(outcome: Mapping[str, Any]) -> str:
    """One line for a replayed game (``cardforge replay``)."""
    scores = " ".join(str(s) for s in outcome.get("scores") or []) or "-"
    card = f", Scoreworks {outcome['scoreworks']}" if outcome.get("scoreworks") else ""
    return (f"scores {scores}, {outcome.get('rounds')} rounds, {outcome.get('turns')} decisions{card}, "
            f"ended: {outcome.get('end')}")


TRACE = TraceSpec(kind=KIND, make_engine=make_engine, deal=_deal, step=_step, outcome=_outcome, describe=describe,
                  settings=_settings, check_settings=_check_settings)
"""Firecrackers' traces: ``TRACE.trace`` is the Simulator's ``trace_game``; ``TRACE.replayer()``
replays a trace with the expansion and Scoreworks card it names (``expansion`` and ``scoreworks``,
resolved by the caller)."""
trace = TRACE.trace
replay = TRACE.replay
