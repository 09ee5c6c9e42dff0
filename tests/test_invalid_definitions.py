"""Input/expected pairs: each file of tests/data/invalid is validated as a user would, and the exit
code and every reported line must match its ``.expected`` file.

Regenerate the expected files after an intended change of wording with
``CARDFORGE_UPDATE_GOLDENS=1 pytest tests/test_invalid_definitions.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.app.catalog import GAMES
from generator.cli.main import cli

CASES = Path(__file__).parent / "data" / "invalid"
CASE_FILES = sorted(CASES.glob("*.yaml"))
KINDS = "<registered games>"
"""Stands in the expected files for the list of registered game kinds, which an installed game
package extends (the list itself is the registry's: tests/test_registry.py)."""


def test_there_are_at_least_thirty_cases() -> None:
    assert len(CASE_FILES) >= 30


@pytest.mark.parametrize("case", CASE_FILES, ids=lambda p: p.stem)
def test_invalid_definition(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES)
    result = CliRunner().invoke(cli, ["validate", case.name])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    actual = f"exit: {result.exit_code}\n{result.output}".replace(", ".join(GAMES.kinds()), KINDS)
    expected_file = case.with_suffix(".expected")
    if os.environ.get("CARDFORGE_UPDATE_GOLDENS") == "1":
        expected_file.write_text(actual)
    assert actual == expected_file.read_text()
    assert "Traceback" not in result.output
    # every reported line names its place as path:line:col
    for line in result.output.splitlines():
        if line.startswith(case.name):
            path, line_no, column, _ = line.split(":", 3)
            assert path == case.name and int(line_no) >= 1 and int(column) >= 1
