"""The words every Firecrackers module shares: the turn choices and the 'none' of optional choices.

A leaf module (it imports nothing of the package), so the state, the shop, the effects, the
observation and the bots can all use these names without importing each other.
"""

from __future__ import annotations

from typing import Callable

REVEAL = "reveal"
"""Flip the top card of your deck (its action runs, then the explosion check)."""
STOP = "stop"
"""Leave the round and buy with the coins of your revealed cards."""
END = "end"
"""End the turn without stopping (after no_hesitation allowed more reveals)."""
PASS = "pass"
"""Buy nothing more; also 'none' in optional choices."""

Resolver = Callable[..., None]
"""What a decision runs with the choice appended to its arguments (see ``Board.ask``)."""
