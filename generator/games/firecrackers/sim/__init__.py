"""The Firecrackers engine (with the Scoreworks expansion) and its bots.

Modules, from the leaves up (no module imports one above it): ``vocab`` (shared words: reveal,
stop, end, pass), ``setup`` (definition -> card tables, the deal), ``rules`` (typed rule
settings), ``points`` (card points), ``scoreworks`` (the expansion's scoring rules), ``scoring``
(end scores), ``board`` (piles, in-round facts, primitives), ``shop`` (buying), ``reveal``
(revealing and exploding), ``actions`` (effect of each action key), ``observation`` (what a seat
sees), ``invariants``, ``state`` (rounds and turns, the game interface), ``engine``
(``make_engine``), ``bots``, ``staging`` (staged positions for tests), ``summary``, ``findings``
(what a designer should look at; compared figures), ``trace`` (games as JSON traces, and their
replay), ``shown`` (the game at ``cardforge play``'s table).
"""

from __future__ import annotations

from generator.sim.api import Simulator
from generator.sim.base import bot_table
from .bots import DEFAULT_THRESHOLD, make_pyro
from .engine import FirecrackersEngine, make_engine
from .findings import figures, findings
from .state import FirecrackersState
from .summary import summarize
from .shown import firecrackers_presenter
from .trace import TRACE

SIMULATOR = Simulator(
    kind="firecrackers",
    make_engine=make_engine,
    bots=bot_table(pyro=make_pyro),
    best=f"pyro:{DEFAULT_THRESHOLD:g}",
    competitive=True,
    everyone_tied_wins=True,  # "Highest score wins!": every tied player wins, all of them included
    summarize=summarize,
    trace_game=TRACE.trace,
    replayer=TRACE.replayer(),
    presenter=firecrackers_presenter,
    findings=findings,
    figures=figures,
    settings={"scoreworks": "The key of the Scoreworks card in play (with --expansion scoreworks); "
                            "default: drawn at random for each game."},
)

__all__ = ["SIMULATOR", "FirecrackersEngine", "FirecrackersState", "make_engine", "summarize"]
