"""Unpacking a revision (generator/files/gitrev.py) member by member, whatever the archive holds: a
crafted tar stream (git writes none of these) with links, devices, absolute paths, ``..``, a
file not asked for or declaring gigabytes is refused, naming the revision and the path, and
nothing is made outside the target folder. Runs on every Python from 3.11.2 (no extraction
filter is used)."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from generator.files.gitrev import RevisionError, _members, _Revision

REVISION = _Revision("HEAD~1", Path("."), "", lambda name: name)
FOLDERS = ["card_defs", "layouts"]


def archive(*members: tuple[tarfile.TarInfo, bytes]) -> io.BytesIO:
    """A tar stream of the members (a member's bytes may be fewer than its declared size: the
    refusals come from the header)."""
    out = io.BytesIO()
    for info, data in members:
        out.write(info.tobuf(format=tarfile.PAX_FORMAT))
        out.write(data + b"\0" * (-len(data) % tarfile.BLOCKSIZE))
    out.write(b"\0" * tarfile.BLOCKSIZE * 2)
    out.seek(0)
    return out


def member(name: str, kind: bytes = tarfile.REGTYPE, size: int = 0, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.size, info.linkname = kind, size, link
    return info


def test_folders_and_the_files_asked_for_are_unpacked(tmp_path: Path) -> None:
    stream = archive((member("card_defs", tarfile.DIRTYPE), b""), (member("card_defs/a.yaml", size=5), b"game:"))
    _members(REVISION, stream, FOLDERS, {"card_defs/a.yaml"}, tmp_path)
    assert (tmp_path / "card_defs/a.yaml").read_bytes() == b"game:"


@pytest.mark.parametrize(("entry", "says"), [
    (member("card_defs/x.yaml", tarfile.SYMTYPE, link="/etc/passwd"), "card_defs/x.yaml at HEAD~1: is a symbolic link to '/etc/passwd'"),
    (member("card_defs/x.yaml", tarfile.LNKTYPE, link="../../etc/passwd"), "is a hard link to '../../etc/passwd'"),
    (member("card_defs/x.yaml", tarfile.CHRTYPE), "card_defs/x.yaml at HEAD~1: is a device"),
    (member("card_defs/x.yaml", tarfile.FIFOTYPE), "is a FIFO (named pipe)"),
    (member("/etc/cron.d/x.yaml"), "/etc/cron.d/x.yaml at HEAD~1: a path outside the project's folders"),
    (member("card_defs/../../x.yaml"), "a path outside the project's folders"),
    (member("elsewhere/x.yaml"), "a path outside the project's folders"),
    (member("card_defs/y.yaml", size=4), "card_defs/y.yaml at HEAD~1: was not asked for"),
    (member("card_defs/x.yaml", size=3 * 1024**3), "card_defs/x.yaml at HEAD~1: the file is 3,221,225,472 bytes; at most 2,000,000"),
])
def test_what_git_never_writes_is_refused_and_nothing_escapes(tmp_path: Path, entry: tarfile.TarInfo, says: str) -> None:
    target = tmp_path / "target"
    target.mkdir()
    data = b"game" if 0 < entry.size < 1000 else b""
    with pytest.raises(RevisionError) as refused:
        _members(REVISION, archive((entry, data)), FOLDERS, {"card_defs/x.yaml"}, target)
    assert says in str(refused.value)
    assert [p.name for p in tmp_path.iterdir()] == ["target"]
    assert all(p.is_dir() or p.stat().st_size <= 4 for p in target.rglob("*"))


def test_a_damaged_archive_is_one_message(tmp_path: Path) -> None:
    with pytest.raises(RevisionError, match="the archive of HEAD~1 cannot be read"):
        _members(REVISION, io.BytesIO(b"not a tar stream at all" * 40), FOLDERS, set(), tmp_path)


def test_an_archive_that_ends_inside_a_file_is_one_message(tmp_path: Path) -> None:
    stream = io.BytesIO(member("card_defs/x.yaml", size=100).tobuf(format=tarfile.PAX_FORMAT) + b"game")
    with pytest.raises(RevisionError, match="HEAD~1"):
        _members(REVISION, stream, FOLDERS, {"card_defs/x.yaml"}, tmp_path)


@pytest.mark.parametrize("data_filter", [True, False], ids=["tarfile-data-filter", "written-here"])
def test_both_ways_of_unpacking_give_the_same_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    data_filter: bool) -> None:
    """With tarfile's data filter (Python 3.11.4 and later) and without it (Debian's 3.11.2):
    the same files, the same refusals of a file given twice."""
    from generator.files import gitrev

    if data_filter and gitrev._DATA_FILTER is None:
        pytest.skip("this Python's tarfile has no data filter")
    if not data_filter:
        monkeypatch.setattr(gitrev, "_DATA_FILTER", None)
    stream = archive((member("card_defs", tarfile.DIRTYPE), b""), (member("card_defs/a.yaml", size=5), b"game:"),
                     (member("layouts/f.yaml", size=3), b"x: "))
    _members(REVISION, stream, FOLDERS, {"card_defs/a.yaml", "layouts/f.yaml"}, tmp_path / "t")
    assert sorted(str(p.relative_to(tmp_path / "t")) for p in (tmp_path / "t").rglob("*")) == [
        "card_defs", "card_defs/a.yaml", "layouts", "layouts/f.yaml"]
    assert (tmp_path / "t" / "layouts" / "f.yaml").read_bytes() == b"x: "
    twice = archive((member("card_defs/a.yaml", size=1), b"a"), (member("card_defs/a.yaml", size=1), b"b"))
    with pytest.raises(RevisionError, match="card_defs/a.yaml at HEAD~1: is in the archive twice"):
        _members(REVISION, twice, FOLDERS, {"card_defs/a.yaml"}, tmp_path / "u")
    assert (tmp_path / "u" / "card_defs" / "a.yaml").read_bytes() == b"a"
