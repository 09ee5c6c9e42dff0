"""``cardforge tune`` through click's CliRunner, on the No Thanks! rules file (tests/data/nothanks):
a value found and confirmed, one that no value in the range can meet, ``--apply`` writing into the
definition, ``--results`` read back, and the usage errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e  # real games through the command, some of them a few seconds each
from click.testing import CliRunner

from generator.cli.main import cli

NO_THANKS = Path(__file__).parent / "data" / "nothanks"
TABLE = ["--players", "4", "--bot", "greedy", "--workers", "1"]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, ["tune", "nothanks", "--project", str(NO_THANKS), *TABLE, *args])


@pytest.fixture(scope="module")
def length_tune() -> dict[str, Any]:
    """A game of 95 turns: about 9 chips each (84 turns at 8, 103 at 10 with these bots)."""
    result = invoke("--vary", "chips=7..11", "--goal", "length=95±6", "--budget", "8000", "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_tune_finds_and_confirms_the_value_that_meets_the_goal(length_tune: dict[str, Any]) -> None:
    data = length_tune
    assert data["finish"] == "met" and data["chosen"] == {"chips": 9}
    goal = data["goals"][0]
    assert goal["figure"] == "game length (turns)" and goal["band"] == [89.0, 101.0] and goal["verdict"] == "met"
    assert 89.0 <= goal["estimate"]["low"] <= goal["estimate"]["value"] <= goal["estimate"]["high"] <= 101.0
    games = data["games"]
    assert games["total"] == games["search"] + games["confirmation"] + games["baseline"] <= 8000
    assert games["confirmation"] >= 1000 and games["baseline"] > 0  # chips=9 differs from the definition's 0
    rows = {row["set"]["chips"]: row for row in data["search"]["values"]}
    assert rows[7]["status"] == "left" and rows[9]["confirmed"] == games["confirmation"]
    changed = {c["figure"] for c in data["changes"]["figures"] if c["significant"]}
    assert "game length (turns)" in changed  # the definition's 11 chips play longer games


def test_tune_says_when_no_value_can_meet_the_goal() -> None:
    result = invoke("--vary", "chips=5..7", "--goal", "length=140", "--budget", "3000")
    assert result.exit_code == 0, result.stderr
    assert "no value meets the goals; the closest: chips=7" in result.stdout
    assert "to play it" not in result.stdout


def test_tune_text_report_and_apply(tmp_path: Path) -> None:
    """The text, the HTML report, and --apply writing the chosen value into the definition in place."""
    project = tmp_path / "nothanks"
    shutil.copytree(NO_THANKS, project)
    definition = project / "card_defs" / "nothanks.yaml"
    before = definition.read_text(encoding="utf-8")
    report = tmp_path / "tune.html"
    result = CliRunner().invoke(cli, ["tune", "nothanks", "--project", str(project), *TABLE, "--vary", "chips=7..11",
                                      "--goal", "length=95±6", "--budget", "8000", "--apply", "--report", str(report)])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "chosen: chips=9" in out and "to play it: cardforge simulate nothanks --set chips=9" in out
    assert "the search (95 % intervals, values in order of preference):" in out
    assert "applied to" in out
    assert definition.read_text(encoding="utf-8") == before.replace("    default: 0\n", "    default: 9\n", 1)
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "chips=9 (confirmation)" in page


def test_results_are_read_back_by_the_same_tune(tmp_path: Path) -> None:
    args = ["--vary", "chips=5..7", "--goal", "length=140", "--budget", "3000", "--json", "--results", str(tmp_path / "r")]
    first = invoke(*args)
    assert first.exit_code == 0, first.stderr
    played = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert played
    second = invoke(*args)
    assert second.exit_code == 0, second.stderr
    assert json.loads(second.stdout) == json.loads(first.stdout)
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == played


@pytest.mark.parametrize("args, message", [
    (["--vary", "players=3..5", "--goal", "seats-equal"], "--vary players"),
    (["--vary", "chips=a..b", "--goal", "seats-equal"], "expected LO..HI"),
    (["--vary", "chips=9..5", "--goal", "seats-equal"], "low end comes first"),
    (["--vary", "chips=5..7", "--goal", "seats-equal=0"], "above 0"),
    (["--vary", "chips=5..7", "--goal", "seats-equal", "--budget", "1200"], "give at least 1,300"),
    (["--vary", "nope=1..3", "--goal", "seats-equal"], "'nope' is neither a rule option"),
    (["--vary", "chips=5..6", "--vary", "chips=7", "--goal", "seats-equal"], "only once"),
    (["--vary", "chips=5..6", "--goal", "chip count=3", "--budget", "1200"], "no run of nothanks reports 'chip count'"),
])
def test_tune_usage_errors(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr


def test_ctrl_c_says_what_was_learnt_and_the_same_tune_goes_on(tmp_path: Path) -> None:
    """Ctrl-C during a round: exit 130 with the values played so far on stderr; the batches kept in
    --results are read back by the same tune, which then ends as one run would."""
    import os
    import signal
    import subprocess
    import time

    from .capped import command, default_signals, environment

    results = tmp_path / "batches"
    args = ("tune", "nothanks", "--project", str(NO_THANKS), *TABLE, "--vary", "chips=5..9", "--goal",
            "length=95±6", "--budget", "8000", "--json", "--results", str(results))
    child = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=environment(), start_new_session=True, preexec_fn=default_signals)
    deadline = time.monotonic() + 120  # (bounds a hang only)
    while not (results.is_dir() and any(results.iterdir())):
        assert time.monotonic() < deadline and child.poll() is None, "no batch was kept"
        time.sleep(0.05)
    os.killpg(child.pid, signal.SIGINT)
    _, errors = child.communicate(timeout=60)
    assert child.returncode == 130, errors
    assert ("tune so far (95 % intervals):" in errors or "tune: no round finished yet" in errors) and "Traceback" not in errors
    assert "run the same tune again to go on" in errors
    kept = len(list(results.iterdir()))
    done = subprocess.run(command(*args), capture_output=True, text=True, env=environment(), timeout=300,
                          preexec_fn=default_signals)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["finish"] == "met"
    assert len(list(results.iterdir())) > kept


def test_a_grid_beyond_200_combinations_is_screened_then_raced() -> None:
    """273 combinations of chips and cards removed: a Bayesian screening picks the finalists that
    race; the answer lies in the grid and the games stay within the budget."""
    result = invoke("--vary", "chips=3..15", "--vary", "removed=0..20", "--goal", "length=95±8", "--budget", "6000",
                    "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["search"]["screened"] >= 1600
    assert len(data["search"]["values"]) <= 13  # the finalists (and the definition's own values)
    assert 3 <= data["chosen"]["chips"] <= 15 and 0 <= data["chosen"]["removed"] <= 20
    assert data["games"]["total"] <= 6000
