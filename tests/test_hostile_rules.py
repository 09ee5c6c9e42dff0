"""A rules file that hangs, floods or silences a run, one case of every kind a hostile trial used:
an endless loop in one call, memory that grows every decision, ``KeyboardInterrupt``,
``os._exit``, a crash of the interpreter, a thread left running. Each runs ``cardforge simulate``
in a child process capped in time and memory (``tests/capped.py``), with one worker and with two,
and must end with a message located in the rules file, exit 1, no traceback and no success: the
games run in worker processes of their own (``generator.sim.isolation``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .capped import run
from .hostile import Cases, Setup, check
from .rulesgame import RULES, make_project

pytestmark = pytest.mark.e2e

case = Cases()
PLAY = "    me = state.current\n"


def plant(project: Path, code: str, *, where: str = PLAY, head: str = "", workers: str = "1") -> list[str]:
    """``code`` (lines of ``play()``'s body, or of ``where``'s function) planted in the rules."""
    rules = project / "card_defs" / "rules.py"
    text = rules.read_text(encoding="utf-8")
    assert where in text
    rules.write_text(head + text.replace(where, where + code, 1), encoding="utf-8")
    return ["simulate", "tens", "-k", "6", "-w", workers, "--skill-games", "0", "--bot", "random"]


def line(project: Path, text: str) -> str:
    lines = (project / "card_defs" / "rules.py").read_text(encoding="utf-8").splitlines()
    return f"card_defs/rules.py:{next(i for i, found in enumerate(lines, 1) if text in found)}"


LOOP = "    while True:\n        pass\n"


@case(1, "the call was still running after 0.5 s", "card_defs/rules.py:")
def endless_loop(p: Path) -> list[str]:
    return plant(p, LOOP, head="MAX_CALL_SECONDS = 0.5\n")


@case(1, "the call was still running after 0.5 s", "card_defs/rules.py:")
def endless_loop_two_workers(p: Path) -> list[str]:
    return plant(p, LOOP, head="MAX_CALL_SECONDS = 0.5\n", workers="2")


@case(1, "the game took more than its memory bound (64 MB)", "card_defs/rules.py:")
def memory_growing_every_decision(p: Path) -> list[str]:
    return plant(p, "    GROWN.append(bytearray(10_000_000))\n", head="GROWN = []\nMAX_MEMORY_MB = 64\n")


@case(1, "KeyboardInterrupt: (no message) raised by the rules file (not the user's Ctrl-C)", "card_defs/rules.py:")
def keyboard_interrupt_raised(p: Path) -> list[str]:
    return plant(p, "    raise KeyboardInterrupt\n")


@case(1, "with exit status 3 (os._exit", "card_defs/rules.py:1:")
def os_exit(p: Path) -> list[str]:
    return plant(p, "    import os\n    os._exit(3)\n")


@case(1, "crashed the interpreter (SIGSEGV, a segmentation fault)", "card_defs/rules.py:")
def segmentation_fault(p: Path) -> list[str]:
    return plant(p, "    import ctypes\n    ctypes.string_at(0)\n")


@case(1, "crashed the interpreter (SIGSEGV, a segmentation fault)", "card_defs/rules.py:")
def segmentation_fault_two_workers(p: Path) -> list[str]:
    return plant(p, "    import ctypes\n    ctypes.string_at(0)\n", workers="2")


@case(1, "the rules file left 1 thread running (waiter); a rules file must not start threads", "card_defs/rules.py:")
def thread_left_running(p: Path) -> list[str]:
    return plant(p, "    import threading, time\n"
                 "    threading.Thread(target=lambda: time.sleep(600), name='waiter').start()\n",
                 where="def setup(state: State) -> None:\n")


def engine(project: Path, name: str) -> None:
    """The definition's ``engine:`` made to name ``name``."""
    definition = project / "card_defs" / "tens.yaml"
    definition.write_text(definition.read_text(encoding="utf-8").replace("engine: rules.py", f"engine: {name}"),
                          encoding="utf-8")


SIMULATE = ["simulate", "tens", "-k", "4", "-w", "1", "--skill-games", "0", "--bot", "random"]


@case(1, "is outside the folder of tens.yaml", "card_defs/tens.yaml:")
def engine_outside_the_project(p: Path) -> list[str]:
    (p.parent / "elsewhere.py").write_text(RULES, encoding="utf-8")
    engine(p, "../../elsewhere.py")
    return SIMULATE


@case(1, "no absolute path", "card_defs/tens.yaml:")
def engine_absolute(p: Path) -> list[str]:
    engine(p, str(p / "card_defs" / "rules.py"))
    return SIMULATE


@case(1, "not a regular file", "card_defs/tens.yaml:")
def engine_fifo(p: Path) -> list[str]:
    os.mkfifo(p / "card_defs" / "pipe.py")
    engine(p, "pipe.py")
    return SIMULATE


@case(1, "is outside the folder of tens.yaml", "card_defs/tens.yaml:")
def engine_link_to_dev_zero(p: Path) -> list[str]:
    os.symlink("/dev/zero", p / "card_defs" / "zero.py")
    engine(p, "zero.py")
    return SIMULATE


@case(1, "rules file", "card_defs/tens.yaml:")
def engine_of_10_mb(p: Path) -> list[str]:
    (p / "card_defs" / "rules.py").write_text(RULES + "#" * 10_000_000 + "\n", encoding="utf-8")
    return SIMULATE


@case(1, "syntax error", "card_defs/rules.py:")
def engine_syntax_error(p: Path) -> list[str]:
    return plant(p, "    if True\n")


@pytest.mark.parametrize(("setup", "code", "says", "located"), case.params)
def test_a_rules_file_cannot_hang_or_silence_a_run(tmp_path: Path, setup: Setup, code: int, says: str,
                                                   located: str | None) -> None:
    project = make_project(tmp_path / "tens")
    check(project, setup, code, says, located, lines=None)


@pytest.mark.parametrize("planted, text", [
    ("    import ctypes\n    ctypes.string_at(0)\n", "ctypes.string_at(0)"),
    ("    raise KeyboardInterrupt\n", "raise KeyboardInterrupt"),
])
def test_the_line_named_is_the_line_that_did_it(tmp_path: Path, planted: str, text: str) -> None:
    """The segfault is located by the interpreter's fault handler in the worker, the interrupt by its
    traceback: both at the planted line."""
    project = make_project(tmp_path / "tens")
    args = plant(project, planted)
    result = run(*args, cwd=project)
    assert result.code == 1 and result.stderr.startswith(line(project, text) + ":"), result.output


def test_what_a_rules_file_prints_is_captured_bounded_and_shown_with_its_failure(tmp_path: Path) -> None:
    """Printing a megabyte a decision once wrote gigabytes to the terminal: it is captured, the run's
    output stays small, and a game that fails shows the last lines it printed."""
    rules = RULES.replace(PLAY, PLAY + "    print('x' * 1_000_000)\n    print('turn', state.turn)\n")
    project = make_project(tmp_path / "tens", rules)
    fine = run("simulate", "tens", "-k", "20", "-w", "1", "--skill-games", "0", "--bot", "random", cwd=project)
    assert fine.code == 0 and len(fine.output) < 20_000, fine.output[:2000]
    shown = run("simulate", "tens", "-k", "2", "-w", "1", "--skill-games", "0", "--bot", "random", "--show-prints",
                cwd=project)
    assert shown.code == 0 and "game 0| turn " in shown.stderr and "game 1| turn " in shown.stderr
    assert len(shown.output) < 2 * 2 * 16_000 + 10_000  # the last 16,000 characters of each game
    failing = rules.replace("    state.end_turn()", "    state.end_turn()\n    if state.turn > 4:\n"
                            "        raise ValueError('four')")
    (project / "card_defs" / "rules.py").write_text(failing, encoding="utf-8")
    failed = run("simulate", "tens", "-k", "2", "-w", "1", "--skill-games", "0", "--bot", "random", cwd=project)
    assert failed.code == 1 and "error: ValueError: four" in failed.stderr.splitlines()[0]
    assert "what the game printed:" in failed.stderr and "  | turn " in failed.stderr
    assert "characters before" in failed.stderr and len(failed.output) < 10_000


def test_no_process_to_spare_is_one_line(tmp_path: Path) -> None:
    """Under a limit on processes (``ulimit -u``; as root it does not hold, so the refusal is
    planted where Python forks), a rules file's games cannot start their worker: one line that
    says so, exit 1."""
    import subprocess
    import sys

    from .capped import environment

    project = make_project(tmp_path / "tens")
    refuse = ("import errno, os, sys\n"
              "def refused():\n    raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))\n"
              "os.fork = refused\nsys.argv = ['cardforge'] + sys.argv[1:]\n"
              "from generator.cli import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", refuse, *SIMULATE], cwd=project, capture_output=True, text=True,
                          timeout=60, env=environment())
    assert done.returncode == 1 and done.stdout == "", done.stderr
    assert done.stderr.strip() == ("cardforge: cannot start a process to play the rules file's games: Resource "
                                   "temporarily unavailable (a limit on processes, such as ulimit -u?)")


@pytest.mark.parametrize("megabytes", [22, 26, 30])
def test_validate_under_a_tiny_memory_limit_ends_in_one_line(tmp_path: Path, megabytes: int) -> None:
    """``validate`` with an address space too small for Python's libraries ends with one line (or
    succeeds), never a traceback."""
    project = make_project(tmp_path / "tens")
    result = run("validate", cwd=project, memory=megabytes * 1024 * 1024)
    assert "Traceback" not in result.output, result.output
    if result.code != 0:
        assert result.code == 1 and len(result.output.strip().splitlines()) == 1, result.output
        assert "out of memory" in result.output


def _traces(project: Path) -> None:
    """Two games' traces of the unbroken rules (what replay reads), in ``traces/``."""
    from click.testing import CliRunner

    from generator.cli.main import cli

    done = CliRunner().invoke(cli, ["simulate", "tens", "-k", "2", "-w", "1", "--skill-games", "0", "--bot", "random",
                                    "--export", str(project / "traces"), "--project", str(project)])
    assert done.exit_code == 0, done.output


@pytest.mark.parametrize("command, planted, says", [
    ("sweep", "    import os\n    os._exit(3)\n", "with exit status 3"),
    ("compare", "    import ctypes\n    ctypes.string_at(0)\n", "crashed the interpreter (SIGSEGV"),
    ("replay", "    import os\n    os._exit(3)\n", "with exit status 3"),
    ("replay", "    raise KeyboardInterrupt\n", "raised by the rules file (not the user's Ctrl-C)"),
    ("replay", "    while True:\n        pass\n", "the call was still running after 0.5 s"),
])
def test_sweep_compare_and_replay_hold_the_same_bounds(tmp_path: Path, command: str, planted: str, says: str) -> None:
    """The guarantees of simulate hold in every command that runs a rules file: sweep and compare
    play their cells in the same worker processes, replay plays each file in one."""
    project = make_project(tmp_path / "tens")
    if command == "replay":
        _traces(project)
    head = "MAX_CALL_SECONDS = 0.5\n" if "while True" in planted else ""
    plant(project, planted, head=head)
    args = {"sweep": ["sweep", "tens", "--set", "hand=2..3", "-k", "4", "-w", "1", "--bot", "random"],
            "compare": ["compare", "tens", ".", str(make_project(tmp_path / "other")), "-k", "4", "-w", "1",
                        "--bot", "random"],
            "replay": ["replay", "tens", "traces/game-00001.json"]}[command]
    result = run(*args, cwd=project)
    assert result.code == 1, result.output
    assert "Traceback" not in result.output and says in result.output, result.output
    first = result.stderr.splitlines()[0]
    assert "card_defs/rules.py:" in first or "rules.py:" in first, result.stderr


def test_a_thread_started_by_the_files_top_level_does_not_hold_the_command(tmp_path: Path) -> None:
    """A thread the rules file starts as it is loaded runs in the command's own process, which
    Python would then wait for for ever (and SIGTERM printed a traceback): the command ends, at
    the thread's function, exit 1."""
    rules = RULES.replace("def setup(state: State) -> None:\n",
                          "import threading, time\nthreading.Thread(target=lambda: time.sleep(600), name='waiter').start()"
                          "\n\n\ndef setup(state: State) -> None:\n", 1)
    project = make_project(tmp_path / "tens", rules)
    result = run(*SIMULATE, cwd=project)
    assert result.code == 1 and "Traceback" not in result.output, result.output
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(line(project, "threading.Thread(") + ": error: the rules file left 1 thread running (waiter)")
