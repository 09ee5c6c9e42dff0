"""The Sequence engine and its bots.

Modules, from the leaves up (no module imports one above it): ``geometry`` (definition -> integer
tables: cells, lines, card -> cells), ``table`` (one table: typed rule settings, teams, hands),
``claims`` (which lines of five a team may claim), ``board`` (chips, line tables, sequences, the
choice of the five, breaking a sequence), ``actions`` (the legal actions of a decision),
``observation`` (what a seat sees), ``engine`` (deal, cards, moves, dead cards, the end,
invariants), ``bots``, ``summary``, ``trace`` (games as JSON traces, and their replay), ``shown``
(the game at ``cardforge play``'s table).
"""

from __future__ import annotations

from generator.sim.api import Simulator
from generator.sim.base import RandomBot
from .bots import BEST, BOTS, HeuristicBot
from .engine import SequenceEngine, SequenceState, make_engine
from .findings import figures, findings
from .observation import SequenceView
from .shown import sequence_presenter
from .summary import summarize
from .trace import TRACE

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
    trace_game=TRACE.trace,
    replayer=TRACE.replayer(),
    presenter=sequence_presenter,
)

__all__ = [
    "SIMULATOR", "HeuristicBot", "RandomBot", "SequenceEngine", "SequenceState", "SequenceView",
    "make_engine", "summarize",
]
