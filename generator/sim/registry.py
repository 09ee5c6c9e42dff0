"""Which games can be simulated: each engine module registers a Simulator under its game kind."""

from __future__ import annotations

import importlib

from .api import Simulator

_ENGINE_MODULES = {
    "hanabi": "generator.sim.hanabi",
    "sequence": "generator.sim.sequence",
    "firecrackers": "generator.sim.firecrackers",
}
_REGISTRY: dict[str, Simulator] = {}


def register(simulator: Simulator) -> Simulator:
    """Called once by each engine package at import time."""
    _REGISTRY[simulator.kind] = simulator
    return simulator


def simulator_for(kind: str) -> Simulator:
    """The Simulator of a game kind (``hanabi``, ``sequence``, ``firecrackers``); KeyError if none."""
    if kind not in _REGISTRY:
        module = _ENGINE_MODULES.get(kind)
        if module is None:
            raise KeyError(f"no simulator for '{kind}' (simulated games: {', '.join(_ENGINE_MODULES)})")
        importlib.import_module(module)
    return _REGISTRY[kind]


def simulated_kinds() -> tuple[str, ...]:
    return tuple(_ENGINE_MODULES)
