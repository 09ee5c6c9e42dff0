"""Writing files so that a reader never sees half of one, and a run's files land together or not at all.

``write_atomic`` writes one file: a temporary file beside the target (created exclusively, so
nothing planted under its name is followed), flushed to disk, then renamed into place.
``write_all`` writes every file of a run (a build's PDFs and manifests, an export's images): each
is written into a temporary folder beside its output first; only when every one is on disk are
they renamed into place, with SIGINT, SIGTERM and SIGHUP held back for those few renames, and the
files they replace kept as hard links until the last rename succeeded (a failed rename puts the
old files back). So a build that fails, is interrupted or fills the disk leaves the previous
output as it was (all old) or the new one (all new), never a mix, and no temporary file behind.

Only regular files are replaced: a target that is a symbolic link, a FIFO, a device or a folder
is refused (``OutputError``), as is an output folder that is not a real folder.
"""

from __future__ import annotations

import os
import signal
import stat
import threading
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Iterator, Sequence

from .saferead import file_kind

_HELD = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
PREFIX = ".cardforge-"
"""Temporary files and folders start with this (and are removed on every way out)."""


class OutputError(Exception):
    """An output that cannot be written: a target that is not a regular file, an output folder
    that is not a folder, or an error of the file system (the message names the path)."""


def _existing(path: Path) -> os.stat_result | None:
    """``path``'s own status (a link's, not its target's), None when nothing is there;
    OutputError when it cannot be looked at."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise OutputError(f"{path}: cannot write: {getattr(exc, 'strerror', None) or exc}") from None


def check_target(path: Path) -> None:
    """OutputError unless ``path`` is absent or a regular file (a symbolic link is refused, not
    followed: writing through it would replace what it points to)."""
    info = _existing(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{path}: is {file_kind(info.st_mode)}; cardforge replaces only regular files")


def check_folder(path: Path) -> None:
    """OutputError unless ``path`` is absent (it will be made) or a real folder (not a link to one)."""
    if str(path).strip() == "":
        raise OutputError("the output folder is empty: name a folder")
    info = _existing(path)
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{path}: is {file_kind(info.st_mode)}, not a folder to write into")


def _make_folder(path: Path) -> None:
    check_folder(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{path}: cannot create the folder: {exc.strerror or exc}") from None


@contextmanager
def held_signals() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block ends (then they act as usual): for the
    renames that put a run's files in place, and for making and removing temporary files.

    In the main thread the signals' Python handlers are replaced for the block by one that only
    notes the signal, which is then handed to the handler that was there: blocking the signals
    with ``pthread_sigmask`` alone holds them for this thread only, and a process with other
    threads (an executor's, a cluster client's) has the signal delivered to one of those, whose
    Python handler then runs in the main thread at once. Elsewhere the signals are blocked for
    the calling thread, which is all a thread can do."""
    if threading.current_thread() is not threading.main_thread():
        if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows: nothing to hold
            yield
            return
        previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
        return
    pending: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        pending.append(signum)

    previous = {number: signal.signal(number, note) for number in _HELD
                if signal.getsignal(number) != signal.SIG_IGN}  # an ignored signal stays ignored
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if pending:
            _deliver(pending[0], previous[pending[0]])


def _deliver(signum: int, handler: object) -> None:
    """Act on a held signal as ``handler`` (the one in place before it was held) would have."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        os.kill(os.getpid(), signum)  # the default action: end the process (SIGINT's default raises)


def _write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to the new file ``path`` (which must not exist) and flush it to disk."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _sync_folder(path: Path) -> None:
    """Flush a folder's entries (the renames) to disk where the system allows it."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _temporary_beside(path: Path) -> tuple[int, Path]:
    """A new file beside ``path`` to write into, created exclusively with the permissions every
    new file of the user gets (0666 less the umask, as the staged outputs of ``StagedWrite``):
    ``tempfile.mkstemp`` makes it 0600, and the output kept that after the rename."""
    for _ in range(100):
        candidate = path.parent / f"{PREFIX}{path.name}.{os.urandom(6).hex()}.part"  # (secrets: 5 ms to import)
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(f"{path.parent}: no free name for a temporary file")


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; on any error the old file is left as it was
    and the temporary file is removed. The few milliseconds of the writing hold SIGINT, SIGTERM
    and SIGHUP back (they act as soon as it is done), so an interruption never leaves the
    temporary file behind, whatever moment it arrives at. OutputError when ``path`` is not a
    regular file (or its folder not a folder); OSError from the file system."""
    with held_signals():
        _make_folder(path.parent)
        check_target(path)
        descriptor, temporary = _temporary_beside(path)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            check_target(path)
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise


class StagedWrite:
    """The files of one run, written all together or not at all (see the module docstring).

    ``committed`` tells, after ``write`` returned or raised, whether the new files are in place (an
    interruption that arrives during the renames is raised only once they are all done)."""

    def __init__(self, files: Sequence[tuple[Path, bytes]]) -> None:
        self.files = list(files)
        self.committed = False

    def write(self) -> None:
        """Write every file (OutputError naming the path for any file-system error); nothing of the
        old output is changed unless every new file was written first."""
        targets = [path for path, _ in self.files]
        if len(set(targets)) != len(targets):
            raise OutputError("two outputs of this run have the same name")
        folders = list(dict.fromkeys(path.parent for path in targets))
        for folder in folders:
            _make_folder(folder)
        for path in targets:
            check_target(path)
        import shutil  # (imported by a write only: a command that checks starts without them)
        import tempfile

        stages: dict[Path, Path] = {}
        try:
            for folder in folders:
                try:
                    with held_signals():  # a folder made is a folder known, to be removed below
                        stages[folder] = Path(tempfile.mkdtemp(prefix=PREFIX, dir=folder))
                except OSError as exc:
                    raise OutputError(f"{folder}: cannot write: {exc.strerror or exc}") from None
            staged: list[tuple[Path, Path]] = []
            for index, (path, data) in enumerate(self.files):
                new = stages[path.parent] / f"new-{index}"
                try:
                    _write_file(new, data)
                except OSError as exc:
                    raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from None
                staged.append((new, path))
            with held_signals():
                self._commit(staged, stages)
        finally:
            with held_signals():
                for stage in stages.values():
                    shutil.rmtree(stage, ignore_errors=True)

    def _commit(self, staged: list[tuple[Path, Path]], stages: dict[Path, Path]) -> None:
        """Rename every staged file into place, keeping the old files until all are done; on a
        failure, put back what was there (signals are held by the caller)."""
        kept: list[tuple[Path, Path | None]] = []
        for index, (_, path) in enumerate(staged):
            check_target(path)
            old = None
            if path.exists():
                old = stages[path.parent] / f"old-{index}"
                try:
                    try:
                        os.link(path, old)
                    except OSError:  # a file system without hard links
                        import shutil

                        shutil.copy2(path, old)
                except OSError as exc:
                    raise OutputError(f"{path}: cannot keep the previous file: {exc.strerror or exc}") from None
            kept.append((path, old))
        done: list[tuple[Path, Path | None]] = []
        try:
            for (new, path), entry in zip(staged, kept):
                os.replace(new, path)
                done.append(entry)
        except OSError as exc:
            for path, old in reversed(done):
                if old is not None:
                    os.replace(old, path)
                else:
                    path.unlink(missing_ok=True)
            raise OutputError(f"{exc.filename or staged[len(done)][1]}: cannot write: {exc.strerror or exc}; "
                              "the previous files were put back") from None
        for folder in stages:
            _sync_folder(folder)
        self.committed = True


def write_all(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write every file of a run, all or none (``StagedWrite``)."""
    StagedWrite(files).write()
