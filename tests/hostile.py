"""What every hostile-input test file shares: a table of cases (``Cases``) and the one check every
case must pass (``check``): ``cardforge`` run in a child process capped in time and memory
(``tests/capped.py``) ends with a one-line message at the mistake's place, exit 1 (or 2 for a
usage error), no traceback, and nothing written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest

from .capped import run

Setup = Callable[[Path], list[str]]
EXCEPTION = re.compile(r"^(?!Error: )\S*(Error|Exception|Interrupt)\b", re.M)
"""A line naming a Python exception (click's own usage errors start with "Error: ")."""


class Cases:
    """The cases of one test file: ``@cases(code, says, located)`` on a setup function registers
    it; ``cases.params`` feeds ``pytest.mark.parametrize(("setup", "code", "says", "located"), ...)``."""

    def __init__(self) -> None:
        self.params: list[object] = []

    def __call__(self, code: int, says: str, located: str | None = None, *,
                 slow: bool = False) -> Callable[[Setup], Setup]:
        """Register a case: ``setup`` plants the input in a copy of the shipped project (the
        command's folder) and returns the command line; the command must exit ``code`` and say
        ``says`` on one line, which starts with ``located`` (a path and line) when given."""

        def register(setup: Setup) -> Setup:
            marks = [pytest.mark.slow] if slow else []
            self.params.append(pytest.param(setup, code, says, located, id=setup.__name__, marks=marks))
            return setup

        return register


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def deny(args: list[str], project: Path) -> tuple[list[str], dict[str, str]]:
    """``@deny_read=PATH`` and ``@deny_write=PATH`` in a case's command line: make that path of the
    project unreadable or unwritable for the child (see tests/capped.py)."""
    env: dict[str, str] = {}
    kept: list[str] = []
    for arg in args:
        if arg.startswith("@deny_"):
            key, _, path = arg[1:].partition("=")
            env[f"CARDFORGE_TEST_{key.upper()}"] = str(project / path)
        else:
            kept.append(arg)
    return kept, env


def check(project: Path, setup: Setup, code: int, says: str, located: str | None, *,
          lines: int | None = 2) -> None:
    """Run the case and hold it to the rule of the module docstring (``lines``: at most so many
    lines of message; None for a game's error, which goes on with the game that shows it)."""
    most = lines
    args, env = deny(setup(project), project)
    result = run(*args, cwd=project, **env)
    assert result.code == code, result.output
    assert "Traceback" not in result.output and not EXCEPTION.search(result.output), result.output
    # notes about other games (a shipped variant's six suits) are not part of the answer
    printed = [line for line in result.output.splitlines() if line.strip() and ": note: " not in line]
    said = [line for line in printed if says in line]
    assert said, result.output
    if located is not None:
        assert said[0].startswith(located), said[0]
    if most is not None:  # click's usage lines, or the message and a summary
        assert len(printed) <= (most + 1 if code == 2 else most), result.output
    else:
        assert printed[0] == said[0], result.output
    assert not (project / "out").exists() or not any((project / "out").iterdir())
    leftovers = [p for p in project.rglob(".cardforge-*")]
    assert not leftovers, leftovers
