"""Which games can be simulated: the game catalog's descriptions that have a simulator."""

from __future__ import annotations

from ..sim.api import Simulator
from .catalog import GAMES, RegistryError


def simulator_for(kind: str) -> Simulator:
    """The Simulator of a game kind; KeyError when the kind is unknown or has no simulator."""
    try:
        simulator = GAMES.lookup(kind).simulator()
    except RegistryError as exc:
        raise KeyError(str(exc)) from None
    if simulator is None:
        raise KeyError(f"no simulator for '{kind}' (simulated games: {', '.join(simulated_kinds())})")
    return simulator


def simulated_kinds() -> tuple[str, ...]:
    """Every registered kind that has a simulator (imports each game's engine)."""
    return tuple(d.kind for d in GAMES.descriptions() if d.simulator() is not None)
