"""Work shared with a forked copy (generator/forked.py): the results of one process, in order,
whatever the copy did; and ``validate``, which shares its games so, finds what one process finds.

Each case runs in a fresh interpreter (tests/forkcases.py): a copy is forked only where no other
thread runs, and this session may have one by now (Dask's offload thread)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).with_name("forkcases.py")


@pytest.mark.parametrize("case, argument", [
    ("results_in_order_both_processes_take_tasks", ""),
    ("without_a_copy_the_tasks_run_here_in_order", ""),
    ("a_task_that_raises_in_the_copy_is_done_here", ""),
    ("a_copy_that_dies_or_cannot_send_leaves_its_tasks", "exits"),
    ("a_copy_that_dies_or_cannot_send_leaves_its_tasks", "unpicklable"),
    ("an_exception_comes_from_the_first_task_that_raises", ""),
    ("what_the_copy_saw_is_reported_back", ""),
    ("an_interruption_kills_and_reaps_the_copy", ""),
    ("every_copy_is_reaped", ""),
    ("tasks_are_taken_in_the_order_given", ""),
    ("a_recorded_validate_notes_what_its_copy_read", ""),
    ("methods_the_copy_compiled_are_remembered", ""),
    ("validate_finds_with_a_copy_what_it_finds_alone", "shipped"),
    ("validate_finds_with_a_copy_what_it_finds_alone", "lanterns"),
    ("validate_finds_with_a_copy_what_it_finds_alone", "broken"),
])
def test_shared_work(case: str, argument: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(CASES), case, str(tmp_path), argument], capture_output=True,
                          text=True, timeout=300, cwd=CASES.parent)
    if done.returncode == 3:
        pytest.skip("no copy can be forked here (os.fork, or two CPUs)")
    assert done.returncode == 0, done.stdout + done.stderr
