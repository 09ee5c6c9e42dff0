"""The Hanabi engine, its bots and the hanab.live file format.

Modules: ``engine`` (deal, actions, end, invariants), ``observation`` (what a seat sees), ``bots``
(the registry of bots and the simple ones), ``smartbot`` (SmartBot's conventions; with the stall,
``best`` at two players), ``infobot`` with
``hatcode``, ``hatquestions``, ``hatpublic``, ``hatclues`` and ``cardtable`` (hat guessing: ``best``
from three players), ``searchbot`` with ``worlds`` (a search over SmartBot's conventions: the
strongest at two players, asked for by name since it costs thousands of times ``smart``'s time), ``hanablive`` (replay and export of the community format), ``summary`` (statistics), ``shown``
(the game at ``cardforge play``'s table).
"""

from __future__ import annotations

from generator.sim.api import Replayer, ReplayError, Simulator

from .bots import BOTS
from .engine import HanabiEngine, HanabiState, make_engine
from .hanablive import describe, export, recorded_rules, replay, restore
from .findings import figures, findings
from .summary import summarize
from .shown import hanabi_presenter

SIMULATOR = Simulator(
    kind="hanabi",
    make_engine=make_engine,
    bots=BOTS,
    best="info",
    best_by_players={2: "smart:stall"},
    competitive=False,
    summarize=summarize,
    findings=findings,
    figures=figures,
    export_game=export,
    replayer=Replayer("hanab.live JSON", replay, recorded_rules, describe, restore=restore),  # type: ignore[arg-type]
    presenter=hanabi_presenter,
)

__all__ = ["SIMULATOR", "HanabiEngine", "HanabiState", "ReplayError", "export", "make_engine", "replay", "summarize"]
