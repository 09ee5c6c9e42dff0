"""The cases of tests/test_forked.py, each run in a fresh interpreter (``python
tests/forkcases.py NAME TMP``): a copy is forked only where no other thread runs, and a test
session may have one (Dask's offload thread, once a test has used a cluster). Exit status 0 when
the case holds, 3 when no copy can be forked here (the test then skips)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from generator import forked


def _wait_for(path: Path, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.005)


def results_in_order_both_processes_take_tasks(tmp_path: Path, _: str) -> None:
    taken = tmp_path / "taken"

    def task(i: int, in_copy: bool) -> tuple[int, int, bool]:
        if in_copy:
            taken.touch()
        time.sleep(0.002 * (i % 5))
        return i * i, os.getpid(), in_copy

    results = forked.share(40, task, before=lambda: _wait_for(taken))
    assert [square for square, _, _ in results] == [i * i for i in range(40)]
    by_copy = {pid for _, pid, in_copy in results if in_copy}
    assert len(by_copy) == 1 and os.getpid() not in by_copy
    assert any(not in_copy and pid == os.getpid() for _, pid, in_copy in results)


def without_a_copy_before_then_tasks_in_order(tmp_path: Path, _: str) -> None:
    calls: list[object] = []
    results = forked.share(5, lambda i, in_copy: calls.append((i, in_copy)) or i, before=lambda: calls.append("before"),
                           fork=False)
    assert results == [0, 1, 2, 3, 4]
    assert calls == ["before", *((i, False) for i in range(5))]


def a_task_the_copy_leaves_is_done_here(tmp_path: Path, _: str) -> None:
    taken = tmp_path / "taken"
    known: list[str] = []

    def task(i: int, in_copy: bool) -> str:
        if in_copy:
            taken.touch()
            raise LookupError("the copy cannot tell")
        return f"{i}: {known[0]}"

    def before() -> None:
        _wait_for(taken)
        known.append("told")

    assert forked.share(6, task, before=before) == [f"{i}: told" for i in range(6)]


def a_copy_that_dies_or_cannot_send_leaves_its_tasks(tmp_path: Path, how: str) -> None:
    taken = tmp_path / "taken"

    def task(i: int, in_copy: bool) -> object:
        if in_copy:
            taken.touch()
            if how == "exits":
                os._exit(7)
            return lambda: i  # a result that cannot be pickled
        return i

    assert forked.share(8, task, before=lambda: _wait_for(taken)) == list(range(8))


def an_exception_comes_from_the_first_task_that_raises(tmp_path: Path, _: str) -> None:
    def task(i: int, in_copy: bool) -> int:
        if i in (3, 6):
            raise ValueError(i)
        return i

    with pytest.raises(ValueError) as raised:
        forked.share(10, task)
    assert raised.value.args == (3,)


def what_the_copy_saw_is_reported_back(tmp_path: Path, _: str) -> None:
    taken = tmp_path / "taken"
    seen: list[int] = []
    merged: list[list[int]] = []
    stop = forked.report_from_copy(lambda: list(seen), merged.append)
    try:
        def task(i: int, in_copy: bool) -> int:
            seen.append(i)
            if in_copy:
                taken.touch()
            return i

        forked.share(4, task, before=lambda: _wait_for(taken))
    finally:
        stop()
    assert len(merged) == 1 and merged[0] and set(merged[0]) <= {0, 1, 2, 3}
    assert set(merged[0]) | set(seen) == {0, 1, 2, 3}
    assert not forked._REPORTERS


def an_interruption_kills_and_reaps_the_copy(tmp_path: Path, _: str) -> None:
    pid_file = tmp_path / "pid"

    def task(i: int, in_copy: bool) -> int:
        if in_copy:
            pid_file.write_text(str(os.getpid()))
            time.sleep(60)
        return i

    def before() -> None:
        _wait_for(pid_file)
        time.sleep(0.05)  # the pid written whole
        raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        forked.share(3, task, before=before)
    assert time.monotonic() - started < 30
    with pytest.raises(ProcessLookupError):  # killed, and reaped (a zombie could still be signalled)
        os.kill(int(pid_file.read_text()), 0)


def a_recorded_validate_notes_what_its_copy_read(tmp_path: Path, _: str) -> None:
    """The replay of ``validate`` must know every file the run read, also those only the forked
    copy opened (a font, a picture): else an edit to one would replay stale findings."""
    read_by_copy = tmp_path / "only-the-copy-reads-this.txt"
    read_by_copy.write_text("x")
    script = textwrap.dedent(f"""
        import os, sys, time
        from pathlib import Path
        from generator import forked
        from generator.cli.validatecache import Recorder
        recorder = Recorder(["validate"])
        recorder.start()
        taken = Path({str(tmp_path / 'taken')!r})
        def task(i, in_copy):
            if in_copy:
                Path({str(read_by_copy)!r}).read_text()
                import json.tool  # a module only the copy imports
                taken.touch()
            return i
        def before():
            while not taken.exists():
                time.sleep(0.005)
        forked.share(3, task, before=before)
        recorder.recording = False
        print({str(read_by_copy)!r} in recorder.files, any(p.endswith("json/tool.py") for p in recorder.copy_modules),
              "json.tool" in sys.modules, file=sys.__stdout__)
    """)
    env = {**os.environ, "CARDFORGE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "False"]


def validate_finds_with_a_copy_what_it_finds_alone(tmp_path: Path, example: str) -> None:
    """check_build(check_only=True) shares the games with a copy; its findings are the ones a
    single process makes, in the same order (the shipped kit, the example kit, and a project
    with mistakes in its rules, its templates and its text)."""
    import shutil

    from generator.build import BuildOptions, check_build, load_toolkit
    from generator.loader import load_project
    from generator.paths import shipped_root

    if example == "shipped":
        root = shipped_root()
    elif example == "lanterns":
        root = shipped_root() / "examples" / "lanterns"
    else:
        root = tmp_path / "project"
        shutil.copytree(shipped_root() / "card_defs", root / "card_defs")
        shutil.copytree(shipped_root() / "layouts", root / "layouts")

        def edit(path: Path, old: str, new: str) -> None:
            text = path.read_text()
            assert old in text
            path.write_text(text.replace(old, new, 1))

        edit(root / "card_defs" / "hanabi.yaml", "ranks: {1: 3,", "ranks: {1: 4,")  # the rulebook's deck has three 1s
        edit(root / "layouts" / "faces.yaml", "max_pt: 120, min_pt: 40", "max_pt: 120, min_pt: 115")  # too large
        edit(root / "card_defs" / "firecrackers.yaml", "    name: Red\n", "    name: " + "Red Crimson " * 8 + "\n")

    def check() -> list[object]:
        project = load_project(root)
        options = BuildOptions(all_packs=True, lang="all")
        return list(check_build(project, list(project.games), options, load_toolkit(project), check_only=True).findings)

    shared = check()
    forked.copies_help = lambda: False  # type: ignore[assignment]
    alone = check()
    assert shared == alone
    if example == "broken":
        codes = {f.code for f in alone}  # type: ignore[attr-defined]
        assert {"text-does-not-fit", "rank-shape"} <= codes and any(f.is_error for f in alone), codes  # type: ignore[attr-defined]


CASES = {case.__name__: case for case in (
    results_in_order_both_processes_take_tasks, without_a_copy_before_then_tasks_in_order,
    a_task_the_copy_leaves_is_done_here, a_copy_that_dies_or_cannot_send_leaves_its_tasks,
    an_exception_comes_from_the_first_task_that_raises, what_the_copy_saw_is_reported_back,
    an_interruption_kills_and_reaps_the_copy, a_recorded_validate_notes_what_its_copy_read,
    validate_finds_with_a_copy_what_it_finds_alone)}

if __name__ == "__main__":
    name, folder, argument = sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else ""
    if name != "without_a_copy_before_then_tasks_in_order" and not forked.copies_help():
        sys.exit(3)
    CASES[name](folder, argument)
