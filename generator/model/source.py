"""Source locations: every object built from a definition file remembers where it came from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class SourceLoc:
    """A place in a definition file: path as the user names it, 1-based line and column."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"

    def shifted(self, columns: int) -> "SourceLoc":
        """The same line, ``columns`` characters further right (a word inside a one-line scalar)."""
        return SourceLoc(self.path, self.line, self.column + columns)


UNKNOWN_LOC = SourceLoc("<built-in>", 0, 0)
"""Location of objects built in code rather than read from a file (tests, defaults)."""
