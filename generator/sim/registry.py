"""Which games can be simulated: the game registry's descriptions that have a simulator."""

from __future__ import annotations

from .. import registry
from .api import Simulator


def simulator_for(kind: str) -> Simulator:
    """The Simulator of a game kind; KeyError when the kind is unknown or has no simulator."""
    try:
        simulator = registry.lookup(kind).simulator()
    except registry.RegistryError as exc:
        raise KeyError(str(exc)) from None
    if simulator is None:
        raise KeyError(f"no simulator for '{kind}' (simulated games: {', '.join(simulated_kinds())})")
    return simulator


def simulated_kinds() -> tuple[str, ...]:
    """Every registered kind that has a simulator (imports each game's engine)."""
    return tuple(d.kind for d in registry.descriptions() if d.simulator() is not None)


def is_registered(simulator: Simulator) -> bool:
    """True when the registry gives back this very simulator for its kind (a worker process can
    then look it up by name instead of receiving it pickled)."""
    try:
        return registry.lookup(simulator.kind).simulator() is simulator
    except registry.RegistryError:
        return False
