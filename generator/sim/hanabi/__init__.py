"""The Hanabi engine, its bots and the hanab.live file format, registered on import.

Modules: ``engine`` (deal, actions, end, invariants), ``observation`` (what a seat sees), ``bots``,
``hanablive`` (replay and export of the community format), ``summary`` (statistics).
"""

from __future__ import annotations

from ..api import Simulator
from ..registry import register
from .bots import BOTS
from .engine import HanabiEngine, HanabiState, make_engine
from .hanablive import ReplayError, export, replay
from .summary import summarize

SIMULATOR = register(
    Simulator(
        kind="hanabi",
        make_engine=make_engine,
        bots=BOTS,
        best="smart",
        competitive=False,
        summarize=summarize,
        export_game=export,
    )
)

__all__ = ["SIMULATOR", "HanabiEngine", "HanabiState", "ReplayError", "export", "make_engine", "replay", "summarize"]
