"""The Sequence engine and its bots.

Modules: ``geometry`` (definition -> integer tables: cells, lines, card -> cells), ``engine`` (deal,
moves, sequences, dead cards, the end, invariants, the observation), ``bots``, ``summary``.
"""

from __future__ import annotations

from generator.sim.api import Simulator
from .bots import BEST, BOTS, HeuristicBot, RandomBot
from .engine import SequenceEngine, SequenceState, SequenceView, make_engine
from .findings import figures, findings
from .summary import summarize

SIMULATOR = Simulator(
    kind="sequence",
    make_engine=make_engine,
    bots=BOTS,
    best=BEST,
    competitive=True,
    summarize=summarize,
    findings=findings,
    figures=figures,
    score_is_outcome=True,
)

__all__ = [
    "SIMULATOR", "HeuristicBot", "RandomBot", "SequenceEngine", "SequenceState", "SequenceView",
    "make_engine", "summarize",
]
