"""Hostile git history for ``compare --against REV``: symbolic links pointing outside the tree,
a folder that is a link, files far larger than a project read allows, revisions that are not
ones. Each must end with one line naming the revision and the path, as every case of
``tests/test_hostile.py``, and nothing may be unpacked outside the temporary folder."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from .hostile import Cases, Setup, check

pytestmark = [pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"), pytest.mark.e2e]
case = Cases()
COMPARE = ["compare", "hanabi", ".", "--against", "HEAD", "-k", "2", "-w", "1"]


def git(project: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(project), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                          check=True, capture_output=True).stdout


def commit(project: Path) -> None:
    """Commit everything the project folder holds (a repository is made the first time)."""
    if not (project / ".git").exists():
        git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "deck")


@case(1, "card_defs/evil.yaml at HEAD: is a symbolic link; compare --against reads only regular files and folders")
def history_link_to_outside(p: Path) -> list[str]:
    os.symlink("/etc/passwd", p / "card_defs/evil.yaml")  # tarfile's own error escaped as a traceback
    commit(p)
    (p / "card_defs/evil.yaml").unlink()
    return COMPARE


@case(1, "card_defs/up.yaml at HEAD: is a symbolic link")
def history_link_up_the_tree(p: Path) -> list[str]:
    os.symlink("../../../../../../../../tmp/elsewhere.yaml", p / "card_defs/up.yaml")
    commit(p)
    return COMPARE


@case(1, "card_defs at HEAD: is a symbolic link, not a folder")
def history_definitions_folder_is_a_link(p: Path) -> list[str]:
    shutil.move(p / "card_defs", p / "real_defs")
    os.symlink("real_defs", p / "card_defs")
    commit(p)
    return COMPARE


@case(1, "card_defs/hanabi.yaml at HEAD: the file is 6,000,000 bytes; at most 2,000,000 are read")
def history_file_of_6_mb(p: Path) -> list[str]:
    commit(p)
    definition = p / "card_defs/hanabi.yaml"
    kept = definition.read_bytes()
    definition.write_bytes(kept + b"#" * (6_000_000 - len(kept)))
    commit(p)
    definition.write_bytes(kept)
    return COMPARE


@case(1, "--against: git rev-parse: fatal: not a git repository")
def history_outside_a_repository(p: Path) -> list[str]:
    return COMPARE


@case(1, "--against: git ls-tree: fatal: Not a valid object name HEAD~40:")
def history_revision_that_is_not_there(p: Path) -> list[str]:
    commit(p)
    return ["compare", "hanabi", ".", "--against", "HEAD~40", "-k", "2"]


@case(1, "--against: the project has no card_defs/ at HEAD")
def history_without_definitions(p: Path) -> list[str]:
    (p / "notes.txt").write_text("no deck yet")
    git(p, "init", "-q")
    git(p, "add", "notes.txt")
    git(p, "commit", "-q", "-m", "notes")
    return COMPARE


def loose_blob(project: Path, prefix: bytes, unit: bytes, count: int) -> str:
    """Write a loose git object holding ``prefix + unit * count`` without ever building it (its
    zlib stream is one deflated ``unit`` repeated); returns its id."""
    size = len(prefix) + len(unit) * count
    header = b"blob %d\0" % size
    digest = hashlib.sha1(header + prefix)
    adler = zlib.adler32(header + prefix)
    for _ in range(count):
        digest.update(unit)
        adler = zlib.adler32(unit, adler)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = packer.compress(header + prefix) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(unit) + packer.flush(zlib.Z_FULL_FLUSH)
    tail = packer.flush()
    name = digest.hexdigest()
    folder = project / ".git/objects" / name[:2]
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / name[2:], "wb") as handle:
        handle.write(b"\x78\x9c" + head)
        for _ in range(count):
            handle.write(block)
        handle.write(tail + (adler & 0xFFFFFFFF).to_bytes(4, "big"))
    return name


@case(1, "card_defs/hanabi.yaml at huge: the file is 3,221,225,482 bytes; at most 2,000,000", slow=True)
def history_file_of_3_gb(p: Path) -> list[str]:
    """The trial's: 3 GB in history ended in MemoryError after 26 s (git archive read whole)."""
    commit(p)
    blob = loose_blob(p, b"# padding\n", b"#" * (1 << 20), 3072)
    git(p, "update-index", "--cacheinfo", f"100644,{blob},card_defs/hanabi.yaml")
    git(p, "commit", "-q", "-m", "huge")
    git(p, "reset", "-q", "--hard", "HEAD~1")
    git(p, "update-ref", "refs/heads/huge", "HEAD@{1}")
    return ["compare", "hanabi", ".", "--against", "huge", "-k", "2", "-w", "1"]


@pytest.mark.parametrize(("setup", "code", "says", "located"), case.params)
def test_hostile_history_gets_one_line(project_copy: Path, setup: Setup, code: int, says: str,
                                       located: str | None) -> None:
    check(project_copy, setup, code, says, located)
    assert not (project_copy.parent / "elsewhere.yaml").exists()
