"""generator.digests: the interpreter's own SHA-256 gives hashlib's digests."""

from __future__ import annotations

import hashlib
import io

import pytest

from generator.digests import CHUNK, file_sha256, sha256


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17])
def test_digests_are_hashlibs(size: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert file_sha256(io.BytesIO(data)) == hashlib.sha256(data).hexdigest()
    handle = io.BytesIO(b"skipped" + data)
    handle.read(7)
    assert file_sha256(handle) == hashlib.sha256(data).hexdigest()  # what is left to read
