"""The Firecrackers engine (with the Scoreworks expansion) and its bots.

Modules: ``setup`` (definition -> card tables, the deal), ``state`` (rounds, turns, explosions,
the end), ``shop`` (buying), ``actions`` (effect of each action key), ``scoring`` and
``scoreworks`` (end scores), ``observation`` (what a seat sees), ``bots``, ``engine``
(``make_engine``), ``summary``, ``findings`` (what a designer should look at; compared figures).
"""

from __future__ import annotations

from generator.sim.api import Simulator
from .bots import DEFAULT_THRESHOLD, make_pyro, make_random
from .engine import FirecrackersEngine, make_engine
from .findings import figures, findings
from .state import FirecrackersState
from .summary import summarize

SIMULATOR = Simulator(
    kind="firecrackers",
    make_engine=make_engine,
    bots={"random": make_random, "pyro": make_pyro},
    best=f"pyro:{DEFAULT_THRESHOLD:g}",
    competitive=True,
    summarize=summarize,
    findings=findings,
    figures=figures,
    settings={"scoreworks": "The key of the Scoreworks card in play (with --expansion scoreworks); "
                            "default: drawn at random for each game."},
)

__all__ = ["SIMULATOR", "FirecrackersEngine", "FirecrackersState", "make_engine", "summarize"]
