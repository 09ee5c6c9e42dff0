"""A rules file named by a definition (``engine: rules.py``): its path as messages name it, its
text as read, and where the definition names it. The text travels with the definition (to worker
processes and cluster machines); only the simulator runs it (``generator.playtest.rulesfile``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import sha256

from .source import UNKNOWN_LOC, SourceLoc


@dataclass(frozen=True, slots=True)
class RulesSource:
    """The Python source of a game's rules, read by the loader, never imported by it."""

    path: str
    """The file as messages name it (``card_defs/rules.py``)."""
    text: str
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the definition names the file (its ``engine:`` value)."""

    @property
    def sha256(self) -> str:
        return sha256(self.text.encode("utf-8")).hexdigest()
