"""A run's files land together or not at all (generator/files/atomicio.py): a failure while staging, or
while renaming, leaves the old files; only regular files are replaced; nothing temporary is left."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from generator.files import atomicio
from generator.files.atomicio import OutputError, StagedWrite, held_signals, write_atomic, write_all


def _old_output(folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    files = {f"f{i}.pdf": f"old {i}".encode() for i in range(4)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _new(folder: Path) -> list[tuple[Path, bytes]]:
    return [(folder / f"f{i}.pdf", f"new {i}".encode()) for i in range(5)]


def test_every_file_lands_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _old_output(out)
    staged = StagedWrite(_new(out))
    staged.write()
    assert staged.committed
    assert _contents(out) == {f"f{i}.pdf": f"new {i}".encode() for i in range(5)}


@pytest.mark.parametrize("failing", [0, 2, 4])
def test_a_failure_while_staging_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: int) -> None:
    out = tmp_path / "out"
    old = _old_output(out)
    real = atomicio._write_file
    calls = []

    def disk_full(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) > failing:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomicio, "_write_file", disk_full)
    staged = StagedWrite(_new(out))
    with pytest.raises(OutputError, match="No space left on device"):
        staged.write()
    assert not staged.committed and _contents(out) == old


def test_a_failed_rename_puts_the_old_files_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    old = _old_output(out)
    real = os.replace
    renamed = []

    def failing(source: str | Path, target: str | Path) -> None:
        if Path(source).name.startswith("new-"):
            renamed.append(target)
            if len(renamed) == 3:
                raise OSError(5, "Input/output error", str(target))
        real(source, target)

    monkeypatch.setattr(atomicio.os, "replace", failing)
    with pytest.raises(OutputError, match="the previous files were put back"):
        write_all(_new(out))
    assert _contents(out) == old  # f4.pdf, which did not exist, is not there either


def test_an_interruption_while_staging_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    old = _old_output(out)

    def interrupted(path: Path, data: bytes) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomicio, "_write_file", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_all(_new(out))
    assert _contents(out) == old


@pytest.mark.usefixtures("sigint_raises")
def test_a_signal_during_the_renames_waits_until_they_are_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    _old_output(out)
    real = os.replace

    def signalled(source: str | Path, target: str | Path) -> None:
        real(source, target)
        if Path(target).name == "f1.pdf":
            os.kill(os.getpid(), signal.SIGINT)  # delivered when the renames are done

    monkeypatch.setattr(atomicio.os, "replace", signalled)
    staged = StagedWrite(_new(out))
    with pytest.raises(KeyboardInterrupt):
        staged.write()
    assert staged.committed
    assert _contents(out) == {f"f{i}.pdf": f"new {i}".encode() for i in range(5)}


@pytest.mark.usefixtures("sigint_raises")
def test_held_signals_are_delivered_afterwards() -> None:
    with pytest.raises(KeyboardInterrupt):
        with held_signals():
            os.kill(os.getpid(), signal.SIGINT)
            reached = True
    assert reached


@pytest.mark.usefixtures("sigint_raises")
def test_a_signal_another_thread_receives_is_held_too() -> None:
    """With other threads alive, the kernel may hand a process's signal to any of them; Python
    then runs its handler in the main thread at once. It must still wait for the block's end
    (an interrupted ``simulate --export`` left an empty .part file that way)."""
    ready, done = threading.Event(), threading.Event()

    def other() -> None:
        ready.set()
        done.wait(5)

    thread = threading.Thread(target=other)
    thread.start()
    ready.wait(5)
    steps = []
    try:
        with pytest.raises(KeyboardInterrupt):
            with held_signals():
                signal.pthread_kill(thread.ident or 0, signal.SIGINT) if hasattr(signal, "pthread_kill") else None
                os.kill(os.getpid(), signal.SIGINT)
                for step in range(200_000):  # bytecodes at which a handler would run
                    steps.append(step)
        assert len(steps) == 200_000
    finally:
        done.set()
        thread.join(5)


@pytest.mark.usefixtures("sigint_raises")
def test_write_atomic_leaves_no_temporary_file_whenever_it_is_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at any step of the writing (here: right after each of the functions it calls in
    turn) acts once the file is in place, and nothing else is left."""
    target = tmp_path / "game.json"
    target.write_text("old")
    for name in ("_temporary_beside", "fdopen", "fsync", "replace"):
        module = atomicio if name == "_temporary_beside" else atomicio.os
        real = getattr(module, name)

        def interrupted(*args: object, _real: object = real, **kwargs: object) -> object:
            result = _real(*args, **kwargs)  # type: ignore[operator]
            os.kill(os.getpid(), signal.SIGINT)
            return result

        monkeypatch.setattr(module, name, interrupted)
        with pytest.raises(KeyboardInterrupt):
            write_atomic(target, b"new")
        monkeypatch.undo()
        left = sorted(p.name for p in tmp_path.iterdir())
        assert left == ["game.json"], (name, left)
        assert target.read_text() == "new"
        target.write_text("old")


def test_only_regular_files_and_real_folders(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    (tmp_path / "link.pdf").symlink_to(target)
    os.mkfifo(tmp_path / "pipe.pdf")
    for name in ("link.pdf", "pipe.pdf"):
        with pytest.raises(OutputError, match="cardforge replaces only regular files"):
            write_atomic(tmp_path / name, b"new")
        with pytest.raises(OutputError, match="cardforge replaces only regular files"):
            write_all([(tmp_path / "fine.pdf", b"x"), (tmp_path / name, b"new")])
    assert target.read_text() == "keep" and not (tmp_path / "fine.pdf").exists()
    (tmp_path / "linked").symlink_to(tmp_path)
    with pytest.raises(OutputError, match="is a symbolic link, not a folder to write into"):
        write_all([(tmp_path / "linked" / "a.pdf", b"x")])
    with pytest.raises(OutputError, match="is a FIFO"):
        write_all([(tmp_path / "pipe.pdf" / "a.pdf", b"x")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "link.pdf", "linked", "pipe.pdf"]


def test_write_atomic_does_not_follow_a_planted_temporary_name(tmp_path: Path) -> None:
    """The temporary file's name is new each time, created exclusively: a link planted under the
    name the old code used is left alone."""
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    (tmp_path / f".kit.pdf.{os.getpid()}.part").symlink_to(target)
    write_atomic(tmp_path / "kit.pdf", b"new")
    assert (tmp_path / "kit.pdf").read_bytes() == b"new" and target.read_text() == "keep"
