"""A folder of finished cells (``sweep`` and ``compare`` with ``--results DIR``): each cell's records
are written as soon as its last game is in, so an interrupted command resumes where it stopped.

A cell file is named by a hash of what fixes its games (the deck's SHA-256 and changed values, the
table, the resolved bots and rules, the seed, the number of games) and holds that description
with the records, gzip-compressed JSON, written in one step (never half a file). A file is read
as data and checked record by record; one that does not match or does not read is played again.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import zlib
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..files.atomicio import write_atomic
from ..files.saferead import ReadError, read_regular
from ..sim.api import GameRecord

FORMAT = 2
"""2: records of games where every player tied count them all as winners when their game says so
(Firecrackers); format 1's records said nobody won, so its cells are played again."""
MAX_RECORD_BYTES = 64 * 1024
"""Bytes of JSON one game's record may take in a cell file (Hanabi's take about 2 KB, Firecrackers'
4 KB): a cell file is read only up to its games' share of this, so a planted file that unpacks
to gigabytes (a gzip bomb) is refused after a few of them."""


class ResultStore:
    """The cell files of one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @staticmethod
    def key(description: Mapping[str, Any]) -> str:
        """The hash naming a cell: SHA-256 of its description as canonical JSON."""
        text = json.dumps({"format": FORMAT, **description}, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def path(self, description: Mapping[str, Any]) -> Path:
        name = str(description.get("game_id", "cell"))
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:40]
        return self.folder / f"{safe}-{self.key(description)[:20]}.json.gz"

    def load(self, description: Mapping[str, Any]) -> tuple[tuple[GameRecord, ...] | None, str]:
        """The records of the cell, or None when it has not been played; with why a file that is
        there could not be used ('' when there is none)."""
        path = self.path(description)
        if not (path.exists() or path.is_symlink()):
            return None, ""  # anything else there is read as a file is, or refused saying what it is
        return _read(path, self.key(description), int(description.get("games", -1)))

    def save(self, description: Mapping[str, Any], records: Sequence[GameRecord]) -> Path:
        """Write the cell's file in one step; returns its path."""
        path = self.path(description)
        data = {"format": FORMAT, "key": self.key(description), "cell": dict(description),
                "records": [r.to_json() for r in records]}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        write_atomic(path, gzip.compress(text.encode("utf-8"), mtime=0))
        return path


def _read(path: Path, key: str, games: int) -> tuple[tuple[GameRecord, ...] | None, str]:
    """Records of a cell file, or None and why not."""
    limit = 1024 * 1024 + max(games, 0) * MAX_RECORD_BYTES
    try:
        packed = read_regular(path, limit, "cell file")
        with gzip.GzipFile(fileobj=io.BytesIO(packed)) as handle:
            raw = handle.read(limit + 1)
    except ReadError as exc:
        return None, f"{path.name}: {exc}"
    except (OSError, EOFError, zlib.error) as exc:
        return None, f"cannot read {path.name}: {exc}"
    if len(raw) > limit:
        return None, f"{path.name} unpacks to more than {limit:,} bytes: too large for a cell of {games} games"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{path.name} is not a cell file: {exc}"
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None, f"{path.name} was written for another cell or version"
    items = data.get("records")
    if not isinstance(items, list) or len(items) != games:
        return None, f"{path.name} does not hold {games} games"
    try:
        records = tuple(GameRecord.from_json(item) for item in items)
    except ValueError as exc:
        return None, f"{path.name}: {exc}"
    if sorted(r.index for r in records) != list(range(games)):
        return None, f"{path.name} does not hold games 0 to {games - 1}"
    return records, ""
