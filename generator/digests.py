"""SHA-256 without loading OpenSSL.

``hashlib`` loads its OpenSSL binding when imported, 2-3 ms of a command's start; the
interpreter's own SHA-256 module gives the same digests, a little more slowly on large data (the
files hashed at start-up, definitions and layouts, are kilobytes). The standard library's
``random`` does the same for SHA-512. Where CPython is built without its own module, hashlib's
is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256  # CPython 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # CPython 3.12 and later
        except ImportError:
            from hashlib import sha256

__all__ = ["sha256", "file_sha256"]

CHUNK = 1 << 16


def file_sha256(handle: BinaryIO) -> str:
    """The SHA-256 of what is left to read of ``handle``, in hexadecimal."""
    digest = sha256()
    while chunk := handle.read(CHUNK):
        digest.update(chunk)
    return digest.hexdigest()
