"""One game's table: the live game, the pages people play it from, and what each page is sent.

A page is opened with a secret token and plays one seat, or (a hot seat) several seats of people
sharing one screen: a hot-seat page shows what every player sees until one of its players says
they are looking. What a page is sent is made from its seat's view only (``LiveGame.table``,
``LiveGame.log_for``): the test of ``cardforge play`` reads every byte sent to a seat and finds
no card hidden from it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ...sim.api import TERMINAL
from ...sim.callclock import armed
from ...sim.errors import GameError
from ...sim.isolation import Printed, captured
from ...sim.live import PUBLIC_SEAT, LiveGame, NotYourTurn
from ...sim.tableview import Placed, ShownCard, redacted
from .faces import FaceBook


@dataclass
class Page:
    """A link to the table: the seats it plays, and what its person chose to see."""

    token: str
    seats: tuple[int, ...]
    looking: int | None = None
    """On a hot seat: the player now looking at the screen (None: nobody, the hands stay hidden)."""
    open_hands: bool = False

    @property
    def hot(self) -> bool:
        return len(self.seats) > 1

    def seat(self) -> int:
        """The seat whose view the page shows now."""
        if not self.hot:
            return self.seats[0]
        return self.looking if self.looking is not None else PUBLIC_SEAT


@dataclass
class Table:
    """The live game and its pages (every method is called under the server's lock)."""

    game: LiveGame
    faces: FaceBook
    fonts: list[tuple[str, str]]
    title: str
    pages: dict[str, Page] = field(default_factory=dict)
    message: str = ""
    """The last thing the table has to say to everyone (a reload, a mistake of the rules)."""
    failed: bool = False
    """The rules failed: the game cannot go on (the message says where)."""

    @classmethod
    def seated(cls, game: LiveGame, faces: FaceBook, fonts: list[tuple[str, str]], title: str, *,
               one_page_each: bool) -> Table:
        """A table with its pages: one per person (``one_page_each``, for people on other
        machines), else one page for every person at this screen (a hot seat when several)."""
        table = cls(game, faces, fonts, title)
        people = game.people
        groups = [(seat,) for seat in people] if one_page_each else [people] if people else []
        for seats in groups:
            token = secrets.token_urlsafe(18)
            table.pages[token] = Page(token, seats)
        return table

    def page(self, token: str) -> Page | None:
        """The page of ``token`` (compared in constant time), or None."""
        found = None
        for known, page in self.pages.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = page
        return found

    # ------------------------------------------------------------------ what a page does
    def act(self, page: Page, index: int, version: int) -> None:
        seat = page.seat()
        if seat < 0 or seat not in page.seats:
            raise NotYourTurn("say which player is looking first")
        self._guarded(lambda: self.game.act(seat, index, version))
        if page.hot and self.game.to_act != seat:
            page.looking = None  # the next player looks on their own

    def look(self, page: Page, seat: int | None) -> None:
        if seat is not None and seat not in page.seats:
            raise NotYourTurn(f"player {seat} does not play at this screen")
        page.looking = seat

    def set_open_hands(self, page: Page, on: bool) -> None:
        if on and not self.open_hands_allowed(page):
            raise NotYourTurn("open hands are for a table of one person and bots")
        page.open_hands = on

    def open_hands_allowed(self, page: Page) -> bool:
        return not page.hot and len(self.game.people) == 1

    def undo(self, page: Page) -> None:
        if page.hot or not self.game.can_undo():
            raise NotYourTurn("undo is for a table of one person")
        self.game.undo()
        self.message = ""
        self.failed = False

    def bot_move(self) -> bool:
        """One bot move if a bot is to move; whether one was made."""
        if self.failed or not self.game.bot_to_move():
            return False
        self._guarded(self.game.bot_move)
        return True

    def _guarded(self, move: Callable[[], Any]) -> None:
        """A move, its calls into a rules file bounded in time and its prints kept with an error
        it ends in (``generator.sim.callclock``, ``generator.sim.isolation``)."""
        try:
            with self.bounded() as printed:
                try:
                    move()
                except GameError as exc:
                    exc.printed = printed.text()
                    raise
        except GameError as exc:
            self.failed = True
            self.message = exc.report()
            raise

    @contextmanager
    def bounded(self) -> Iterator[Printed]:
        """Calls into the game's own code (a rules file) within their time bound, what they print
        captured."""
        with armed(getattr(self.game.engine, "call_seconds", None)), captured() as printed:
            yield printed

    # ------------------------------------------------------------------ what a page is sent
    def view(self, page: Page, sent_faces: set[str]) -> dict[str, Any]:
        """Everything the page shows, for its seat only; faces it has not been sent yet are added
        (and recorded in ``sent_faces``). The rules file's words are bounded as its moves are."""
        with self.bounded():
            return self._view(page, sent_faces)

    def _view(self, page: Page, sent_faces: set[str]) -> dict[str, Any]:
        game = self.game
        seat = page.seat()
        open_hands = page.open_hands and self.open_hands_allowed(page)
        shown = game.table(seat, open_hands)
        faces: dict[str, dict[str, Any]] = {}

        def card(c: ShownCard) -> dict[str, Any]:
            fid = self.faces.fronts.get(c.face) if c.face is not None else None
            if c.id is not None:
                entry: dict[str, Any] = {"id": c.id}
                if fid is None:
                    entry["text"] = c.id
            else:
                fid = self.faces.backs.get(c.back) if c.back is not None else None
                entry = {}
            if c.note:
                entry["note"] = c.note
            if c.handle is not None:
                entry["handle"] = c.handle
            if fid is not None:
                entry["f"] = fid
                if fid not in sent_faces:
                    face = self.faces.faces[fid]
                    faces[fid] = {"svg": face.markup, "w": face.width_mm, "h": face.height_mm}
                    sent_faces.add(fid)
            return entry

        def placed(p: Placed) -> dict[str, Any]:
            entry: dict[str, Any] = {"x": p.x_mm, "y": p.y_mm, "w": p.w_mm, "h": p.h_mm}
            if p.handle is not None:
                entry["handle"] = p.handle
            if p.label:
                entry["label"] = p.label
            if p.face is not None:
                entry.update(card(ShownCard(p.face, p.face, None)))
                del entry["id"]
            return entry

        zones = [{"key": z.key, "name": z.name, "owner": z.owner, "kind": z.kind, "visibility": z.visibility,
                  "count": len(z.cards), "cards": [card(c) for c in z.cards],
                  **({"placed": [placed(p) for p in z.placed]} if z.placed else {})}
                 for z in shown.zones]
        legal: list[dict[str, Any]] = []
        if seat >= 0 and seat in page.seats and game.to_act == seat and not self.failed:
            visible = shown.card_ids()
            handles = {c.handle for z in shown.zones for c in z.cards if c.handle is not None} | {
                p.handle for z in shown.zones for p in z.placed if p.handle is not None}
            every = game.table(seat, True).card_ids()
            for index, (words, named) in enumerate(game.legal(seat)):
                legal.append({"i": index, "words": redacted(words, every - visible),
                              "cards": [c for c in named if c in visible or c in handles]})
        to_act = game.to_act
        return {
            "title": self.title,
            "version": game.version,
            "seed": game.seed,
            "players": [{"seat": s, "label": game.label(s), "here": s in page.seats}
                        for s in range(game.engine.players)],
            "seat": seat,
            "hot": page.hot,
            "current": None if to_act == TERMINAL else to_act,
            "zones": zones,
            "counters": [list(pair) for pair in shown.counters],
            "scores": list(shown.scores) if shown.scores is not None else None,
            "legal": legal,
            "log": game.log_for(seat, open_hands),
            "result": game.result(),
            "canUndo": not page.hot and game.can_undo(),
            "openHands": open_hands,
            "openHandsAllowed": self.open_hands_allowed(page),
            "message": self.message,
            "failed": self.failed,
            "faces": faces,
        }
