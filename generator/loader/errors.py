"""The one error type of the loader: every user mistake as ``path:line:col: message``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..model.source import SourceLoc

if TYPE_CHECKING:
    from ..model import GameDefinition


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One mistake in a definition file, at its place."""

    loc: SourceLoc
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: {self.message}"


class DefinitionErrors(Exception):
    """Raised once with every problem found in the files (never only the first)."""

    def __init__(self, problems: list[Problem], partial: Sequence["GameDefinition"] = ()) -> None:
        self.problems = sorted(set(problems))
        self.partial = list(partial)
        """Definitions read in spite of the problems (a card list with a wrong cell): ``validate``
        checks them too, so one run reports every mistake; nothing prints or plays them."""
        super().__init__(self.report())

    def report(self) -> str:
        """All problems, one per line, in file order."""
        return "\n".join(str(p) for p in self.problems)
