"""From a laid-out kit and a build's findings to what the page shows: one card view per distinct
look (copies counted, the fields every copy shares), and problems with the line of the file they
point at."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ...files.paths import followed
from ...files.saferead import ReadError, read_regular
from ...layout.kit import Kit, Piece
from ...layout.scene import Scene
from ...loader import Problem
from ...model.source import SourceLoc
from ...validate import Finding, Severity
from .snapshot import CardView, ProblemView

MAX_SOURCE_BYTES = 2_000_000
"""Files larger than this are not read to show a line (definition files are far smaller)."""
MAX_SOURCE_LINE = 400
"""A longer offending line is cut (with an ellipsis) on the page."""


def face_id(game_id: str, scene: Scene) -> str:
    """The id of a face on the page: stable while the game and the face's key stay the same, so
    the page redraws a changed face in place."""
    return "f" + hashlib.sha1(f"{game_id}\0{scene.key}".encode("utf-8")).hexdigest()[:12]


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float, bool)) or value is None:
        return json.dumps(value)
    return json.dumps(value, sort_keys=True, default=str)


def _shared_fields(records: Sequence[dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    """The fields (but the id) every copy has with the same value, in the first copy's order."""
    if not records:
        return ()
    first = records[0]
    return tuple((str(name), _text(value)) for name, value in first.items()
                 if name != "id" and all(r.get(name) == value for r in records[1:]))


def _label(ids: Sequence[str]) -> str:
    """What the page writes under a card: its id, or for copies (``red-1-1``, ``red-1-2``) the
    part they share (``red-1``)."""
    if len(ids) == 1:
        return ids[0]
    common = os.path.commonprefix(list(ids)).rstrip("-_. ")
    return common or ids[0]


def card_views(game_id: str, kit: Kit, records: Iterable[dict[str, Any]]) -> list[tuple[CardView, list[Scene]]]:
    """One view per distinct (front, back) pair of the kit's pieces, component by component
    (cards, tokens and tiles, boards, mats and boxes), each with the scenes it shows; ``records``
    are the game's deck records (by id) whose shared fields hovering shows."""
    by_id = {str(r.get("id")): r for r in records}
    groups: dict[tuple[str, str | None], list[Piece]] = {}
    for piece in kit.pieces:
        back = face_id(game_id, piece.back) if piece.back is not None else None
        groups.setdefault((face_id(game_id, piece.front), back), []).append(piece)
    views: list[tuple[CardView, list[Scene]]] = []
    for (front, back), pieces in groups.items():
        first = pieces[0]
        ids = tuple(p.id for p in pieces)
        fields = _shared_fields([by_id[i] for i in ids if i in by_id])
        scenes = [first.front] + ([first.back] if first.back is not None else [])
        view = CardView(f"{game_id}/{front}/{back or ''}", first.kind.value, _label(ids), ids, fields, front, back,
                        first.front.width_mm, first.front.height_mm, first.component)
        views.append((view, scenes))
    return views


class SourceLines:
    """Reads the line a problem points at, from files inside the folders it may read (the project
    and the toolkit's own), each file once per version."""

    def __init__(self, folders: Sequence[Path]) -> None:
        self.folders = [followed(f) for f in folders]
        self._files: dict[str, tuple[tuple[int, int], list[str]]] = {}

    def line(self, loc: SourceLoc) -> str | None:
        if loc.line <= 0 or loc.path.endswith(".xlsx"):
            return None
        path = Path(loc.path)
        try:
            resolved = followed(path)
            if not any(resolved.is_relative_to(folder) for folder in self.folders):
                return None
            info = resolved.stat()
            if info.st_size > MAX_SOURCE_BYTES:
                return None
            stamp = (info.st_size, info.st_mtime_ns)
            cached = self._files.get(loc.path)
            if cached is None or cached[0] != stamp:
                text = read_regular(resolved, MAX_SOURCE_BYTES).decode("utf-8", "replace")
                cached = self._files[loc.path] = (stamp, text.splitlines())
        except (OSError, ReadError):  # a FIFO or a device is not opened: its problem says what it is
            return None
        lines = cached[1]
        if loc.line > len(lines):
            return None
        line = lines[loc.line - 1].lstrip("\ufeff").rstrip()
        return line if len(line) <= MAX_SOURCE_LINE else line[:MAX_SOURCE_LINE] + "\u2026"


def problem_views(problems: Iterable[Problem], findings: Iterable[Finding],
                  line: Callable[[SourceLoc], str | None]) -> tuple[ProblemView, ...]:
    """Loading problems and build findings (errors, then warnings; notes are left out) as the
    page shows them, each once, in file order."""
    seen: set[tuple[str, str]] = set()
    views: list[tuple[int, SourceLoc, ProblemView]] = []

    def add(loc: SourceLoc, message: str, severity: str, notes: tuple[str, ...] = ()) -> None:
        where = str(loc) if loc.line > 0 else ""
        if (where, message) in seen:
            return
        seen.add((where, message))
        views.append((0 if severity == "error" else 1, loc,
                      ProblemView(where, message, severity, line(loc), loc.column, notes)))

    for problem in problems:
        add(problem.loc, problem.message, "error")
    for finding in findings:
        if finding.severity is Severity.NOTE or finding.deviation:
            continue
        notes = tuple(note.format() for note in finding.notes)
        add(finding.loc, f"{finding.message} [{finding.rule_id}/{finding.code}]", finding.severity.value, notes)
    views.sort(key=lambda entry: (entry[0], entry[1].path, entry[1].line, entry[1].column))
    return tuple(view for _, _, view in views)
