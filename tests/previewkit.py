"""A designer's own small deck for the preview's tests: Starfall (a card-list game) with a few
distinct cards, one of them in three copies, a shared back with a logo, and Comets, a second game
a change to Starfall must leave alone."""

from __future__ import annotations

import struct
import threading
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.app.web import Limits
from generator.app.preview.server import PreviewServer
from generator.app.preview.session import PreviewSession

STARFALL = """\
game: custom
id: starfall
name: Starfall
players: [2, 3]
card_size: poker
cards:
  - {id: sun-1, suit: sun, rank: 1, text: Draw a card.}
  - {id: sun-2, suit: sun, rank: 2, text: Skip a player.}
  - {id: moon-1, suit: moon, rank: 1, text: Take a card back.}
  - {id: wild, count: 3, suit: wild, rank: 0, text: Play as any suit.}
"""

COMETS = """\
game: custom
id: comets
name: Comets
players: [2, 4]
card_size: poker
template: starfall
cards:
  - {id: comet-1, suit: comet, rank: 1, text: Fly.}
  - {id: comet-2, suit: comet, rank: 2, text: Fly twice.}
"""

FACES = """\
faces:
  starfall:
    base_width: 63.5
    base_height: 88.9
    front:
      regions:
        ground: {x: 0, y: 0, width: 63.5, height: 88.9, shape: rect, fill: "#f4f1e8", bleed: true}
        rank:  {x: 4, y: 4, width: 12, height: 10, text: "{rank}", font: sans-bold, max_pt: 24, min_pt: 10}
        suit:  {x: 8, y: 30, width: 47.5, height: 10, text: "{suit|upper}", font: sans, max_pt: 18, min_pt: 8}
        rule:  {x: 6, y: 50, width: 51.5, height: 25, text: "{text}", font: sans, max_pt: 10, min_pt: 6}
    back:
      regions:
        sky:   {x: 0, y: 0, width: 63.5, height: 88.9, shape: rect, fill: "#1d2747", bleed: true}
        logo:  {x: 21.75, y: 14, width: 20, height: 20, image: art/logo.png}
        title: {x: 6, y: 40, width: 51.5, height: 12, text: "STARFALL", font: sans-bold, max_pt: 28, min_pt: 12, colour: "#ffffff"}
"""


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG of one colour (artwork for the tests, made here)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def make_project(folder: Path, *, comets: bool = False) -> Path:
    """The Starfall project (and Comets, if asked) in ``folder``; returns the folder."""
    (folder / "card_defs").mkdir(parents=True)
    (folder / "layouts").mkdir()
    (folder / "art").mkdir()
    (folder / "card_defs" / "starfall.yaml").write_text(STARFALL, encoding="utf-8")
    if comets:
        (folder / "card_defs" / "comets.yaml").write_text(COMETS, encoding="utf-8")
    (folder / "layouts" / "starfall.yaml").write_text(FACES, encoding="utf-8")
    (folder / "art" / "logo.png").write_bytes(png(240, 240, (240, 200, 60)))
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must be there once) with ``new`` in a file, as a save would."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (old, text)
    path.write_text(text.replace(old, new), encoding="utf-8")


@contextmanager
def serving(session: PreviewSession, limits: Limits = Limits()) -> Iterator[PreviewServer]:
    """The preview's server on a free port of this machine, in a thread, for the block's time."""
    running = PreviewServer("127.0.0.1", 0, session, limits)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    try:
        yield running
    finally:
        running.shutdown()
        running.server_close()
        thread.join(5)
