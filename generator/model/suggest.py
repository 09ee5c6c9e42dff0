"""The "did you mean" of every message that names something unknown."""

from __future__ import annotations

from typing import Iterable


def closest(word: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The known name nearest ``word`` (difflib's similarity ratio at least ``cutoff``), or None.
    difflib is imported here, when a message needs it, not by every module that may word one."""
    import difflib

    found = difflib.get_close_matches(word, list(known), n=1, cutoff=cutoff)
    return found[0] if found else None
