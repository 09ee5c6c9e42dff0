"""What the preview page shows at one moment (a Snapshot), and the update that brings a page from
one snapshot to the next: only the faces whose drawing changed, the games whose cards changed, and
the problems. Plain values, turned into JSON for the page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True, slots=True)
class ProblemView:
    """A mistake shown on the page, at its place: ``where`` is ``path:line:col`` (empty when the
    mistake has no place in a file), ``source`` the offending line as the file holds it."""

    where: str
    message: str
    severity: str = "error"
    """``error`` or ``warning``."""
    source: str | None = None
    column: int = 0
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"where": self.where, "message": self.message, "severity": self.severity, "source": self.source,
                "column": self.column, "notes": list(self.notes)}


@dataclass(frozen=True, slots=True)
class CardView:
    """One distinct card (or token, or the board) of a game: its faces and what hovering shows."""

    key: str
    """Unique on the page: the game and the card's faces."""
    kind: str
    """``card``, ``token``, ``tile``, ``board``, ``mat`` or ``box``."""
    label: str
    ids: tuple[str, ...]
    """The ids of the physical cards that look like this (one per copy)."""
    fields: tuple[tuple[str, str], ...]
    front: str
    """The face id of the front (a key of ``Snapshot.faces``)."""
    back: str | None
    width_mm: float
    height_mm: float
    component: str = ""
    """The component it belongs to (``deck``, ``chips``, ``board``...): the page filters by it."""

    @property
    def count(self) -> int:
        return len(self.ids)

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "label": self.label, "ids": list(self.ids), "count": self.count,
                "fields": [list(pair) for pair in self.fields], "front": self.front, "back": self.back,
                "w": self.width_mm, "h": self.height_mm, "component": self.component}


@dataclass(frozen=True, slots=True)
class GameView:
    """A game's section of the page."""

    id: str
    name: str
    cards: tuple[CardView, ...]
    pages: int
    """How many printed pages the sheet view shows (0 when the kit could not be imposed)."""
    stale: bool = False
    """The game's definition cannot be loaded now: these are its last good cards."""
    language: str = ""
    """The language of these cards ("" for a game in one language)."""
    game: str = ""
    """The game's id (``id`` adds the language of a translation: ``orchard.de``)."""
    languages: tuple[str, ...] = ()
    """Every language of the game, the first the one its files are written in."""

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "cards": [c.as_json() for c in self.cards], "pages": self.pages,
                "stale": self.stale, "language": self.language, "game": self.game or self.id,
                "languages": list(self.languages)}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the page shows: games in order, the markup of every face by face id, the
    problems, and the fonts the faces draw with (family name -> URL)."""

    version: int
    games: tuple[GameView, ...] = ()
    faces: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[ProblemView, ...] = ()
    fonts: tuple[tuple[str, str], ...] = ()
    title: str = ""


def update(old: Snapshot | None, new: Snapshot, session: str) -> dict[str, Any]:
    """The JSON update that turns a page showing ``old`` (None: an empty page) into ``new``.

    Faces are compared by identity first (the preview reuses the markup of a face that did not
    change), then by value; games by value."""
    old_faces: Mapping[str, str] = old.faces if old is not None else {}
    faces = {fid: markup for fid, markup in new.faces.items()
             if (before := old_faces.get(fid)) is not markup and before != markup}
    old_games = {g.id: g for g in old.games} if old is not None else {}
    games = {g.id: g.as_json() for g in new.games if old_games.get(g.id) != g}
    message: dict[str, Any] = {
        "session": session,
        "version": new.version,
        "full": old is None,
        "title": new.title,
        "order": [g.id for g in new.games],
        "games": games,
        "faces": faces,
        "removed": sorted(fid for fid in old_faces if fid not in new.faces),
        "problems": [p.as_json() for p in new.problems],
        "fonts": [list(pair) for pair in new.fonts],
    }
    return message
