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


class Sides:
    """Which process runs a task, and a meeting point: ``copy_began()`` in the copy's tasks,
    ``wait_for_copy()`` in this process's (its first task waits until the copy has one)."""

    def __init__(self, folder: Path) -> None:
        self.parent = os.getpid()
        self.taken = folder / "taken"

    @property
    def in_copy(self) -> bool:
        return os.getpid() != self.parent

    def copy_began(self) -> None:
        self.taken.touch()

    def wait_for_copy(self) -> None:
        _wait_for(self.taken)

    def square(self, i: int) -> tuple[int, int]:
        """A task both processes take (this one's first task waits for the copy to have one):
        i squared, and the process that worked it out."""
        if self.in_copy:
            self.copy_began()
        else:
            self.wait_for_copy()
        time.sleep(0.002 * (i % 5))
        return i * i, os.getpid()


def results_in_order_both_processes_take_tasks(tmp_path: Path, _: str) -> None:
    results = forked.share(40, Sides(tmp_path).square)
    assert [square for square, _ in results] == [i * i for i in range(40)]
    pids = {pid for _, pid in results}
    assert len(pids) == 2 and os.getpid() in pids


def without_a_copy_the_tasks_run_here_in_order(tmp_path: Path, _: str) -> None:
    calls: list[tuple[int, int]] = []
    assert forked.share(5, lambda i: calls.append((i, os.getpid())) or i, fork=False) == [0, 1, 2, 3, 4]
    assert calls == [(i, os.getpid()) for i in range(5)]
    many = forked.MAX_TASKS + 1  # more numbers than a pipe surely holds before anyone reads it
    assert forked.share(many, lambda i: (i, os.getpid())) == [(i, os.getpid()) for i in range(many)]


def a_task_that_raises_in_the_copy_is_done_here(tmp_path: Path, _: str) -> None:
    sides = Sides(tmp_path)

    def task(i: int) -> str:
        if sides.in_copy:
            sides.copy_began()
            raise LookupError("the copy cannot tell")
        sides.wait_for_copy()
        return f"{i} here"

    assert forked.share(6, task) == [f"{i} here" for i in range(6)]


def a_copy_that_dies_or_cannot_send_leaves_its_tasks(tmp_path: Path, how: str) -> None:
    sides = Sides(tmp_path)

    def task(i: int) -> object:
        if sides.in_copy:
            sides.copy_began()
            if how == "exits":
                os._exit(7)
            return lambda: i  # a result that cannot be pickled
        sides.wait_for_copy()
        return i

    assert forked.share(8, task) == list(range(8))


def an_exception_comes_from_the_first_task_that_raises(tmp_path: Path, _: str) -> None:
    def task(i: int) -> int:
        if i in (3, 6):
            raise ValueError(i)
        return i

    with pytest.raises(ValueError) as raised:
        forked.share(10, task)
    assert raised.value.args == (3,)


def what_the_copy_saw_is_reported_back(tmp_path: Path, _: str) -> None:
    sides = Sides(tmp_path)
    seen: list[int] = []
    merged: list[list[int]] = []
    stop = forked.report_from_copy(lambda: list(seen), merged.append)
    try:
        def task(i: int) -> int:
            seen.append(i)
            if sides.in_copy:
                sides.copy_began()
            else:
                sides.wait_for_copy()
            return i

        forked.share(4, task)
    finally:
        stop()
    assert len(merged) == 1 and merged[0] and set(merged[0]) <= {0, 1, 2, 3}
    assert set(merged[0]) | set(seen) == {0, 1, 2, 3} and not set(merged[0]) & set(seen)
    assert not forked._REPORTERS


def an_interruption_kills_and_reaps_the_copy(tmp_path: Path, _: str) -> None:
    sides = Sides(tmp_path)
    pid_file = tmp_path / "pid"

    def task(i: int) -> int:
        if sides.in_copy:
            pid_file.write_text(str(os.getpid()))
            sides.copy_began()
            time.sleep(60)
        sides.wait_for_copy()
        raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        forked.share(3, task)
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
        parent = os.getpid()
        def task(i):
            if os.getpid() != parent:
                Path({str(read_by_copy)!r}).read_text()
                import json.tool  # a module only the copy imports
                taken.touch()
            else:
                while not taken.exists():
                    time.sleep(0.005)
            return i
        forked.share(3, task)
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


def methods_the_copy_compiled_are_remembered(tmp_path: Path, _: str) -> None:
    """A dataclass defined only in the copy (a game module only it imported) has its compiled
    methods sent back, for the user cache to keep."""
    os.environ["CARDFORGE_CACHE_DIR"] = str(tmp_path / "cache")
    os.environ.pop("CARDFORGE_NO_CACHE", None)
    from generator import classcode

    classcode.install()
    sides = Sides(tmp_path)

    def task(i: int) -> int:
        if sides.in_copy:
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class OnlyInTheCopy:
                a_field_named_for_this_test: int

            sides.copy_began()
        else:
            sides.wait_for_copy()
        return i

    forked.share(3, task)
    assert any("a_field_named_for_this_test" in source for source in classcode._known)
    assert classcode._state["new"]


def every_copy_is_reaped(tmp_path: Path, _: str) -> None:
    """A copy that sent its results is reaped at once when it is gone, else before the next copy
    is made or when this process ends: no copy is left a zombie, however many shares run."""
    pids: list[int] = []

    def task(i: int) -> int:
        if os.getpid() not in pids:
            pids.append(os.getpid())
        return i

    for _ in range(5):
        assert forked.share(4, task) == [0, 1, 2, 3]
    time.sleep(0.2)  # (every copy has left by now)
    forked._reap_leaving(wait=False)
    assert not forked._LEAVING
    with pytest.raises(ChildProcessError):  # no child of this process is left to reap
        os.waitpid(-1, os.WNOHANG)
    forked._reap_leaving()  # (what the exit handler does: nothing left)


def tasks_are_taken_in_the_order_given(tmp_path: Path, _: str) -> None:
    """``order`` says which task is taken next (the pipe hands the numbers out so); the results
    are in order of the task numbers whatever it is, and an order that is not a permutation is
    refused before anything runs."""
    assert forked._numbers(4, [2, 0, 3, 1]) == b"".join(forked._NUMBER.pack(i) for i in (2, 0, 3, 1))
    for wrong in ([0, 1, 2], [0, 1, 2, 2], [0, 1, 2, 4]):
        with pytest.raises(ValueError):
            forked.share(4, lambda i: i, order=wrong)
    order = list(reversed(range(20)))
    results = forked.share(20, Sides(tmp_path).square, order=order)
    assert [square for square, _ in results] == [i * i for i in range(20)]
    assert len({pid for _, pid in results}) == 2
    assert forked.share(20, lambda i: i, order=order, fork=False) == list(range(20))


CASES = {case.__name__: case for case in (
    results_in_order_both_processes_take_tasks, without_a_copy_the_tasks_run_here_in_order,
    a_task_that_raises_in_the_copy_is_done_here, a_copy_that_dies_or_cannot_send_leaves_its_tasks,
    an_exception_comes_from_the_first_task_that_raises, what_the_copy_saw_is_reported_back,
    an_interruption_kills_and_reaps_the_copy, a_recorded_validate_notes_what_its_copy_read,
    validate_finds_with_a_copy_what_it_finds_alone, methods_the_copy_compiled_are_remembered, every_copy_is_reaped,
    tasks_are_taken_in_the_order_given)}

if __name__ == "__main__":
    name, folder, argument = sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else ""
    if name != "without_a_copy_the_tasks_run_here_in_order" and not forked.copies_help():
        sys.exit(3)
    CASES[name](folder, argument)
