"""Benchmark of the refusals: the time and peak memory of ``cardforge`` refusing each hostile input
of the test suite's tables (tests/test_hostile.py, tests/test_hostile_cardlists.py,
tests/test_hostile_history.py), beside the same commands on normal files, so each refusal can be
compared with what a normal file costs on the same machine in the same run.

Each case is planted in a fresh copy of the shipped project, as the tests do, and the command runs
in a child process through the tests' harness (tests/capped.py, without its caps); its wall time
and its peak resident memory (Linux's VmHWM, which the child reports as it exits) are printed
with the first line it said.

Run: python benchmarks/bench_refusals.py [NAME ...]   (names select cases by substring)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.app.initproject import init_project  # noqa: E402
from tests import test_hostile, test_hostile_cardlists, test_hostile_history  # noqa: E402
from tests.capped import command, environment  # noqa: E402
from tests.hostile import deny  # noqa: E402
from tests.workbooks import workbook  # noqa: E402

Setup = Callable[[Path], list[str]]


def normal_shipped(_: Path) -> list[str]:
    return ["validate"]


def normal_example_csv(p: Path) -> list[str]:
    test_hostile_cardlists.orchard(p, "orchard.csv")
    return ["validate"]


def normal_example_xlsx(p: Path) -> list[str]:
    rows = test_hostile_cardlists.rows()
    test_hostile_cardlists.orchard(p, "cards.xlsx", workbook(rows))
    return ["validate"]


def normal_2000_card_xlsx(p: Path) -> list[str]:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["id", "count", "template", "fruit", "value", "colour", "text"])
    for number in range(2000):
        sheet.append([f"apple-{number}", 1, "orchard", "apple", number % 8 + 1, "#c0392b", f"the text of card {number}"])
    book.save(test_hostile_cardlists.orchard(p, "cards.xlsx"))
    return ["validate", "orchard"]


def normal_compare_against_head(p: Path) -> list[str]:
    test_hostile_history.commit(p)
    return test_hostile_history.COMPARE


NORMAL: list[tuple[str, Setup]] = [
    ("normal: validate the shipped project", normal_shipped),
    ("normal: validate it with the example deck (CSV)", normal_example_csv),
    ("normal: the same with its cards as .xlsx", normal_example_xlsx),
    ("normal: a 2000-card .xlsx", normal_2000_card_xlsx),
    ("normal: compare --against HEAD -k 2", normal_compare_against_head),
]


PEAK = """
import atexit, sys
def _peak():
    with open("/proc/self/status") as status:
        peak = next((line.split()[1] for line in status if line.startswith("VmHWM:")), "0")
    sys.__stderr__.write(f"bench-peak-kb {peak}\\n")
atexit.register(_peak)
"""
"""Prepended to the harness: the child reports its own peak resident memory as it exits (Linux's
VmHWM starts afresh at exec, where getrusage's ru_maxrss keeps the forking parent's)."""


def measure(setup: Setup) -> tuple[float, float, int, str]:
    """Seconds, peak megabytes, exit status and first line said by the command ``setup`` makes."""
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "proj"
        init_project(project)
        args, env = deny(setup(project), project)
        harness = command(*args)
        harness[2] = PEAK + harness[2]
        started = time.perf_counter()
        done = subprocess.run(harness, cwd=project, capture_output=True, text=True, env=environment(**env))
        seconds = time.perf_counter() - started
    output = done.stdout + done.stderr
    peak = re.search(r"bench-peak-kb (\d+)", output)
    said = [line for line in output.splitlines() if line.strip() and ": note: " not in line and "bench-peak" not in line]
    return seconds, int(peak.group(1)) / 1024 if peak else float("nan"), done.returncode, said[0] if said else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="run only the cases whose name holds one of these")
    args = parser.parse_args()
    cases: list[tuple[str, Setup]] = list(NORMAL)
    for module in (test_hostile_cardlists, test_hostile_history, test_hostile):
        cases += [(param.values[0].__name__, param.values[0]) for param in module.case.params]
    print(f"{'case':<46} {'time':>7} {'memory':>9}  status  first line said")
    for name, setup in cases:
        if args.names and not any(wanted in name for wanted in args.names):
            continue
        seconds, megabytes, code, said = measure(setup)
        print(f"{name:<46} {seconds:6.2f}s {megabytes:7.1f}MB  {code:>6}  {said[:100]}")


if __name__ == "__main__":
    main()
