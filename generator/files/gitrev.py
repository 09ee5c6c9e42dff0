"""A project folder as it was at a git revision (``compare --against REV``), unpacked into a
temporary folder without trusting the history.

The revision's listing (``git ls-tree -r -l``) is checked first: only regular files and folders
under the project's ``card_defs/`` and ``layouts/`` are taken (definitions, card lists, rules
files, layouts, fonts, artwork), a symbolic link (or anything else that is not a file) is refused
naming the revision and the path (what it points to was never meant to be read), and a file larger
than a project read allows for its kind (``saferead.limit_for``) is refused from its listed size.
Then ``git archive`` is asked for exactly the files a project read opens, streamed (never held in
memory) and unpacked member by member: each member is checked again as it comes (its kind, its
size from its header before its bytes are read, its path inside the target), and only folders and
new regular files are made. A file is extracted by ``tarfile`` with its ``data`` filter (which
refuses, on its own, any path or link leading outside the target and any special file) where the
Python has it (3.11.4 and later), else written here, created exclusively and never through a link
(Debian 12's 3.11.2 has no filter). Every git command runs with a time limit.
"""

from __future__ import annotations

import os
import subprocess
import tarfile
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Callable

from .paths import display_path, resolved
from .saferead import limit_for

GIT_TIMEOUT_S = 60
"""Seconds each git command may take (a history on a network drive, a huge repository)."""

MAX_REVISION_FILES = 5_000
"""Files unpacked from a revision: a project holds a few dozen."""

MAX_REVISION_BYTES = 256 * 1024 * 1024
"""Bytes unpacked from a revision, all files together (each is limited by its kind too)."""

FOLDERS = ("card_defs", "layouts")
"""What a revision's project needs: its definitions and its layouts."""

_MEMBER_KINDS = {
    tarfile.SYMTYPE: "a symbolic link",
    tarfile.LNKTYPE: "a hard link",
    tarfile.CHRTYPE: "a device",
    tarfile.BLKTYPE: "a device",
    tarfile.FIFOTYPE: "a FIFO (named pipe)",
}
_DATA_FILTER = getattr(tarfile, "data_filter", None)
"""tarfile's extraction filter for data archives, where this Python has it (3.11.4 and later)."""
_FILTER_ERRORS: tuple[type[Exception], ...] = (tarfile.FilterError,) if hasattr(tarfile, "FilterError") else ()
_LINK_MODE = "120000"
_SUBMODULE_MODE = "160000"


class RevisionError(Exception):
    """The revision cannot be unpacked (the message says why, naming the revision and the path)."""


@dataclass(frozen=True)
class _Revision:
    """One unpacking: the revision, the repository's top folder, the project's folder in it
    (``prefix``: its path in the repository, with a final ``/`` unless it is the top) and how
    messages name a path of the repository (as the user would type the project's file)."""

    revision: str
    top: Path
    prefix: str
    shown: Callable[[str], str]

    def where(self, name: str) -> str:
        return f"{self.shown(name)} at {self.revision}"


def git(folder: Path, *command: str) -> bytes:
    """The output of ``git -C FOLDER COMMAND...``; RevisionError with git's last line of error."""
    try:
        done = subprocess.run(["git", "-C", str(folder), *command], capture_output=True, timeout=GIT_TIMEOUT_S,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise RevisionError("--against needs git, which is not installed") from None
    except subprocess.TimeoutExpired:
        raise RevisionError(f"git {command[0]} took more than {GIT_TIMEOUT_S} s") from None
    except OSError as exc:
        raise RevisionError(f"--against: cannot run git: {exc.strerror or exc}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RevisionError(f"--against: git {command[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def checkout(folder: Path, revision: str, into: Path) -> Path:
    """The project folder ``folder`` (its ``card_defs/`` and ``layouts/``) as it was at
    ``revision``, unpacked into the empty folder ``into``; returns the project folder there.
    RevisionError for anything that stops it."""
    top = Path(os.fsdecode(git(folder, "rev-parse", "--show-toplevel").rstrip(b"\n")))
    try:
        inside = PurePosixPath(resolved(folder).relative_to(resolved(top)).as_posix())
    except (OSError, ValueError):
        raise RevisionError(f"--against: {display_path(folder)} is not inside its git repository {top}") from None
    prefix = "" if str(inside) == "." else f"{inside}/"
    shown_folder = PurePosixPath(display_path(folder))  # the project as the user named it, its links not followed
    rev = _Revision(revision, top, prefix, lambda name: str(shown_folder / name[len(prefix):]))
    tops = _listing(rev, [f"{revision}:{prefix}"], recursive=False)
    for mode, kind, _, name in tops:
        if name in FOLDERS and kind != "tree":
            raise RevisionError(f"{rev.where(prefix + name)}: is {_kind(mode, kind)}, not a folder; compare --against "
                                "reads only regular files and folders from history")
    folders = [f"{prefix}{name}" for name in FOLDERS if any(entry[3] == name for entry in tops)]
    if f"{prefix}card_defs" not in folders:
        raise RevisionError(f"--against: the project has no card_defs/ at {revision}")
    target = into / "tree"
    for name in folders:
        (target / name).mkdir(parents=True)
    files = _files(rev, folders)
    if files:
        _unpack(rev, folders, files, target)
    return target / inside


def _listing(rev: _Revision, arguments: list[str], *, recursive: bool) -> list[tuple[str, str, int, str]]:
    """``git ls-tree`` as (mode, type, size, path) entries (size -1 where git gives none)."""
    options = ["-r", "-l"] if recursive else ["-l"]
    found = []
    for line in git(rev.top, "ls-tree", "-z", *options, *arguments).split(b"\0"):
        info, _, name = line.partition(b"\t")
        fields = info.split()
        if len(fields) == 4:
            size = int(fields[3]) if fields[3].isdigit() and len(fields[3]) < 20 else -1
            found.append((fields[0].decode("ascii", "replace"), fields[1].decode("ascii", "replace"), size,
                          os.fsdecode(name)))
    return found


def _kind(mode: str, kind: str) -> str:
    if mode == _LINK_MODE:
        return "a symbolic link"
    return {"blob": "a file", "commit": "a submodule", "tree": "a folder"}.get(kind, "not a regular file")


def _files(rev: _Revision, folders: list[str]) -> list[str]:
    """The files of ``folders`` at the revision that a project read opens, checked from the
    listing: a link or another kind of entry is refused, as is a file too large for its kind."""
    entries = _listing(rev, [rev.revision, "--", *folders], recursive=True)
    if len(entries) > MAX_REVISION_FILES:
        raise RevisionError(f"--against: {rev.revision} holds {len(entries):,} files under {' and '.join(folders)}; "
                            f"at most {MAX_REVISION_FILES:,} are read")
    files: list[str] = []
    total = 0
    for mode, kind, size, name in entries:
        if mode == _SUBMODULE_MODE:
            continue  # git archive leaves submodules out: nothing of it is read
        if kind != "blob" or mode == _LINK_MODE:
            raise RevisionError(f"{rev.where(name)}: is {_kind(mode, kind)}; compare --against reads only regular "
                                "files and folders from history")
        limit = limit_for(name)
        if limit is None:
            continue  # a kind of file no project read opens: not unpacked
        if size > limit or size < 0:
            raise RevisionError(f"{rev.where(name)}: the file is {size:,} bytes; at most {limit:,} are read")
        total += size
        if total > MAX_REVISION_BYTES:
            raise RevisionError(f"--against: the files at {rev.revision} are more than {MAX_REVISION_BYTES:,} bytes "
                                "together")
        files.append(name)
    return files


def _unpack(rev: _Revision, folders: list[str], files: list[str], target: Path) -> None:
    """Stream ``git archive REVISION -- FILES`` into ``target``, member by member."""
    pathspecs = [f":(literal){name}" for name in files]
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(["git", "-C", str(rev.top), "archive", "--format=tar", rev.revision, "--",
                                        *pathspecs], stdout=subprocess.PIPE, stderr=errors, stdin=subprocess.DEVNULL)
        except OSError as exc:
            raise RevisionError(f"--against: cannot run git: {exc.strerror or exc}") from None
        expired = threading.Event()

        def expire() -> None:
            expired.set()
            process.kill()

        timer = threading.Timer(GIT_TIMEOUT_S, expire)
        timer.start()
        failure: RevisionError | None = None
        finished = False
        try:
            assert process.stdout is not None
            _members(rev, process.stdout, folders, set(files), target)
            _drain(rev, process.stdout)
            finished = True
        except RevisionError as exc:
            failure = exc
        finally:
            if not finished:
                process.kill()
            status = process.wait()  # a finished archive: git is exiting (the timer still bounds it)
            timer.cancel()
            if process.stdout is not None:
                process.stdout.close()
        if status > 0:  # git's own error says more than the archive it left unfinished
            errors.seek(0)
            said = errors.read(4096).decode("utf-8", "replace").strip().splitlines()
            raise RevisionError(f"--against: git archive: {said[-1] if said else f'stopped (status {status})'}")
        if expired.is_set():  # what the archive cut short said is not the cause
            raise RevisionError(f"--against: git archive took more than {GIT_TIMEOUT_S} s")
        if failure is not None:
            raise failure
        if status < 0:
            raise RevisionError(f"--against: git archive was stopped (signal {-status})")


MAX_TRAILER_BYTES = 1024 * 1024
"""What may follow a tar archive's end: git pads it to a record of 10 240 bytes."""


def _drain(rev: _Revision, stream: IO[bytes]) -> None:
    """Read what git writes after the archive's end (its padding), so that it exits on its own
    rather than being stopped while it writes."""
    left = MAX_TRAILER_BYTES
    while chunk := stream.read(min(left, 65536)):
        left -= len(chunk)
        if left <= 0:
            raise RevisionError(f"--against: the archive of {rev.revision} goes on after its end")


def _members(rev: _Revision, stream: IO[bytes], folders: list[str], wanted: set[str], target: Path) -> None:
    """Unpack the tar ``stream`` into ``target``: the ``wanted`` files and the folders above them."""
    total = 0
    try:
        with tarfile.open(fileobj=stream, mode="r|") as archive:
            for member in archive:
                name = member.name
                if member.isdir():
                    relative = _inside(rev, name.rstrip("/"), folders, folder=True)
                    if relative is not None:
                        (target / relative).mkdir(parents=True, exist_ok=True)
                    continue
                if not member.isreg():
                    kind = _MEMBER_KINDS.get(member.type, f"not a regular file (tar type {member.type!r})")
                    link = f" to '{member.linkname[:200]}'" if member.issym() or member.islnk() else ""
                    raise RevisionError(f"{rev.where(name)}: is {kind}{link}; compare --against reads only regular "
                                        "files and folders from history")
                relative = _inside(rev, name, folders, folder=False)
                limit = limit_for(name)
                if relative is None or limit is None or name not in wanted:
                    raise RevisionError(f"{rev.where(name)}: was not asked for; nothing is unpacked from a revision "
                                        "but the project's own files")
                if member.size > limit:
                    raise RevisionError(f"{rev.where(name)}: the file is {member.size:,} bytes; at most {limit:,} are read")
                total += member.size
                if total > MAX_REVISION_BYTES:
                    raise RevisionError(f"--against: the files at {rev.revision} are more than "
                                        f"{MAX_REVISION_BYTES:,} bytes together")
                if (target / relative).exists() or (target / relative).is_symlink():
                    raise RevisionError(f"{rev.where(name)}: is in the archive twice")
                if _DATA_FILTER is not None:
                    archive.extract(member, target, set_attrs=False, filter=_DATA_FILTER)
                    continue
                source = archive.extractfile(member)
                if source is not None:
                    _write_new(target / relative, source, member.size, rev.where(name))
    except _FILTER_ERRORS as exc:  # (what the checks above let through, the filter did not)
        raise RevisionError(f"--against: {exc}; nothing is unpacked outside the project's folders") from None
    except tarfile.TarError as exc:
        raise RevisionError(f"--against: the archive of {rev.revision} cannot be read: {exc}") from None


def _inside(rev: _Revision, name: str, folders: list[str], *, folder: bool) -> Path | None:
    """The member's path relative to the target: None for a folder above the project's folders
    (the repository's own); RevisionError for any path that is absolute, holds ``..`` or lies
    outside the project's folders (git writes none; a crafted archive might)."""
    parts = PurePosixPath(name).parts
    unsafe = not parts or name.startswith("/") or "\0" in name or any(p in ("..", ".", "") for p in parts)
    if not unsafe:
        if any(name == f or name.startswith(f"{f}/") for f in folders):
            return Path(*parts)
        if folder and any(f.startswith(f"{name}/") for f in folders):
            return None
    raise RevisionError(f"{rev.where(name)}: a path outside the project's folders; nothing is unpacked outside them")


def _write_new(path: Path, source: IO[bytes], size: int, where: str) -> None:
    """Write ``size`` bytes of ``source`` to the new file ``path`` (never through a link: the
    folders are the ones made here, and the file is created exclusively)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags, 0o644)
    except FileExistsError:
        raise RevisionError(f"{where}: is in the archive twice") from None
    with os.fdopen(descriptor, "wb") as handle:
        left = size
        while left > 0:
            chunk = source.read(min(1 << 20, left))
            if not chunk:
                raise RevisionError(f"{where}: the archive ends inside the file")
            handle.write(chunk)
            left -= len(chunk)
