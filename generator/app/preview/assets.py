"""The bytes the preview serves besides its page: the project's fonts and the artwork its faces
draw, held in memory by digest. The server looks names up here and nowhere else, so no request can
reach a file."""

from __future__ import annotations

import hashlib
import re
import threading

ASSET_PREFIX = "/asset/"
_URL = re.compile(r"/asset/[0-9a-f]{20}\.[a-z]+")


class Assets:
    """Digest-named bytes with their media type; ``keep`` forgets what the page no longer uses."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[bytes, str]] = {}
        self._lock = threading.Lock()

    def add(self, data: bytes, mime: str, suffix: str) -> str:
        """The URL the page fetches ``data`` from (the same for the same bytes)."""
        url = f"{ASSET_PREFIX}{hashlib.sha256(data).hexdigest()[:20]}.{re.sub(r'[^a-z]', '', suffix.lower()) or 'bin'}"
        with self._lock:
            if url not in self._items:
                self._items = {**self._items, url: (data, mime)}
        return url

    def get(self, url: str) -> tuple[bytes, str] | None:
        return self._items.get(url)

    def keep(self, urls: set[str]) -> None:
        with self._lock:
            self._items = {url: item for url, item in self._items.items() if url in urls}

    @staticmethod
    def urls_in(markup: str) -> set[str]:
        return set(_URL.findall(markup))
