"""The Simulator of a game played by a rules file: the general bots, traces and their replay, and
the game's own figures (its ``facts``), for any game kind whose engine is a ``RulesEngine``.

A game kind gives only ``make_engine(definition, players, options, **extra)`` (which reads the
rules file and the components from its definition); ``rules_simulator`` does the rest.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ..sim.api import Figure, GameRecord, GameState, Simulator
from ..sim.base import TraceSpec
from ..sim.general import BOTS
from ..sim.stats import mean, stderr
from ..sim.traces import play_back
from .shown import rules_presenter
from .state import State, encode_action

BEST = "greedy"
"""What ``--bot best`` plays in a rules-file game: ``rollout`` plays better but a hundred times
slower; ``best`` is the strong bot a thousand-game run can afford (the skill trace measures how
much better ``rollout`` does)."""


def _deal(state: State) -> dict[str, Any]:
    """Every zone after setup, its cards by id (bottom first)."""
    return {"zones": {zone.label: [card.id for card in zone] for zone in state.zones}}


def _step(state: State, action: Any) -> dict[str, Any]:
    player = state.current_player()
    text = state.words(action)
    state.apply(action)
    if state.is_terminal():
        scores = " ".join(f"{s:g}" for s in state.scores())
        text += f"; game over, scores {scores}"
    return {"seat": player, "action": encode_action(action), "text": text}


def _outcome(state: State) -> dict[str, Any]:
    facts = state.outcome()
    return {"scores": facts["scores"], "turns": facts["turns"], "decisions": facts["decisions"],
            "facts": facts.get("facts", {})}


def _describe(outcome: Mapping[str, Any]) -> str:
    scores = " ".join(f"{s:g}" for s in outcome.get("scores") or []) or "-"
    return f"scores {scores}, {outcome.get('turns')} turns, {outcome.get('decisions')} decisions"


def _play_back(state: GameState, decisions: Sequence[Any]) -> None:
    """Every recorded decision applied: the legal action the file writes (cards by id, zones by
    label), by the seat it names; ReplayError at the first that is not."""
    play_back(state, decisions, choose=_legal_action)


def _legal_action(state: GameState, written: Any) -> Any:
    """The legal action a trace writes as ``written`` (ValueError when none is)."""
    for action in state.legal_actions():
        if encode_action(action) == written:
            return action
    raise ValueError(f"{written!r} is not a legal action of seat {state.current_player()} here")


def rules_trace(kind: str, make_engine: Callable[..., Any]) -> TraceSpec:
    """Traces of a rules-file game: the deal is every zone after setup, each decision the action
    (cards by id, zones by label) and its words."""
    return TraceSpec(kind=kind, make_engine=make_engine, deal=_deal, step=_step, outcome=_outcome,
                     describe=_describe, play_back=_play_back)


def _numeric(records: Sequence[GameRecord]) -> dict[str, list[float]]:
    """Each numeric fact (true/false counted as 1/0) by name, over the games that report it."""
    values: dict[str, list[float]] = {}
    for record in records:
        for name, value in (record.outcome.get("facts") or {}).items():
            if isinstance(value, (int, float)):
                values.setdefault(name, []).append(float(value))
    return values


def summarize_facts(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """The game's own figures: each fact's mean per game (with its standard error), lowest and
    highest, and the rounds per game when the rules mark rounds."""
    table = {name: {"mean": round(mean(v), 4), "stderr": round(stderr(v), 4), "min": min(v), "max": max(v),
                    "games": len(v)}
             for name, v in _numeric(records).items()}
    summary: dict[str, Any] = {}
    if table:
        summary["facts"] = table
    rounds = [float(r.outcome.get("rounds", 0)) for r in records]
    if any(rounds):
        summary["rounds_per_game"] = round(mean(rounds), 4)
    return summary


def fact_figures(records: Sequence[GameRecord], players: int) -> list[Figure]:
    """Each numeric fact, game by game, for ``compare`` (paired by game: the same deal in A and B)."""
    figures = []
    for name, values in _numeric(records).items():
        keyed = [(r.index, float(v)) for r in records for k, v in (r.outcome.get("facts") or {}).items()
                 if k == name and isinstance(v, (int, float))]
        figures.append(Figure(f"fact {name}", tuple(v for _, v in keyed), tuple(i for i, _ in keyed),
                              group="facts", zero_when_absent=False))
    return figures


def rules_simulator(kind: str, make_engine: Callable[..., Any]) -> Simulator:
    """The Simulator of a game kind played by rules files (see the module docstring)."""
    trace = rules_trace(kind, make_engine)
    return Simulator(
        kind=kind,
        make_engine=make_engine,
        bots=BOTS,
        best=BEST,
        competitive=True,
        summarize=summarize_facts,
        figures=fact_figures,
        trace_game=trace.trace,
        replayer=trace.replayer(),
        presenter=rules_presenter,
        runs_designer_code=True,
    )
