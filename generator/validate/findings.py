"""What a validation run reports: findings with a stable rule id and code, a severity and a place."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..model.source import SourceLoc


class Severity(str, Enum):
    """How bad a finding is: errors stop a build and fail ``cardforge validate``; warnings do not;
    notes say how a deck differs where that is allowed (a rulebook variant, a declared deviation)."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Note:
    """A second place a finding concerns (the layout region of text that does not fit...)."""

    loc: SourceLoc
    message: str

    def format(self) -> str:
        return f"{self.loc}: note: {self.message}"


@dataclass(frozen=True, slots=True, order=True)
class Finding:
    """One problem a rule found, at the place in a definition file that causes it.

    Tests and tools match on ``rule_id`` and ``code`` (stable), never on the wording of ``message``.
    """

    loc: SourceLoc
    rule_id: str
    code: str
    severity: Severity = field(compare=False)
    message: str = field(compare=False)
    game_id: str = field(default="", compare=False)
    notes: tuple[Note, ...] = field(default=(), compare=False)
    deviation: str = field(default="", compare=False)
    """The reason the definition gives for this departure (``deviations:``); it is then a note."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format(self) -> str:
        """``path:line:col: severity: message [rule-id/code]``, the form every tool of ours prints."""
        first = f"{self.loc}: {self.severity.value}: {self.message} [{self.rule_id}/{self.code}]"
        return "\n".join([first, *(note.format() for note in self.notes)])

    def as_json(self) -> dict[str, object]:
        return {
            "rule": self.rule_id,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "game": self.game_id,
            "file": self.loc.path,
            "line": self.loc.line,
            "column": self.loc.column,
            "notes": [
                {"file": n.loc.path, "line": n.loc.line, "column": n.loc.column, "message": n.message}
                for n in self.notes
            ],
            "deviation": self.deviation or None,
        }
