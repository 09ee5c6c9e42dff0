"""Every simulation command works for a game played by its rules file, as for the shipped games:
simulate (text, --json, --report with the skill trace), --export and replay, sweep over the card
list's numbers and the rule options (resumed with --results), compare of two decks, and --rule.
(The Dask cluster: ``tests/test_cluster.py``.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from tests.rulesgame import make_project

pytestmark = pytest.mark.e2e


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def ok(result: Any) -> Any:
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture()
def tens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    project = make_project(tmp_path / "tens")
    monkeypatch.chdir(project)
    return project


def test_simulate_text_json_and_report_carry_the_skill_trace(tens: Path) -> None:
    text = ok(invoke("simulate", "tens", "-k", "30", "-w", "1", "--skill-games", "6", "--report", "r.html")).stdout
    assert "skill trace (each bot against the one below it" in text and "rollout vs greedy" in text
    assert "greedy vs random" in text and "report written to r.html" in text
    page = (tens / "r.html").read_text()
    assert "<h2>Skill trace</h2>" in page and "rollout against greedy" in page
    data = json.loads(ok(invoke("simulate", "tens", "-k", "30", "-w", "1", "--skill-games", "0", "--json")).stdout)
    assert "skill_trace" not in data and data["rules"] == {"hand": 3}
    three = json.loads(ok(invoke("simulate", "tens", "-n", "3", "-k", "12", "-w", "1", "--json", "--skill-games", "6",
                                 "--rule", "hand=2", "--bot", "random")).stdout)
    assert three["players"] == 3 and three["rules"] == {"hand": 2}
    assert [s["games"] for s in three["skill_trace"]["steps"]] == [6, 6]
    assert three["skill_trace"]["steps"][0]["chance"] == pytest.approx(1 / 3, abs=1e-4)


def test_export_and_replay(tens: Path) -> None:
    ok(invoke("simulate", "tens", "-k", "5", "-w", "2", "--skill-games", "0", "--bot", "ismcts:5",
              "--bot", "random", "--export", "games"))
    files = sorted((tens / "games").glob("game-*.json"))
    assert len(files) == 5
    trace = json.loads(files[0].read_text())
    assert trace["game"] == "custom" and trace["definition"] == "tens" and trace["bots"] == ["ismcts:5", "random"]
    assert set(trace["deal"]["zones"]) == {"deck", "hand:0", "hand:1", "pile:0", "pile:1"}
    assert all(step["text"] for step in trace["decisions"])
    replayed = ok(invoke("replay", "tens", *map(str, files), "--json"))
    outcomes = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert [o["scores"] for o in outcomes] == [json.loads(f.read_text())["outcome"]["scores"] for f in files]
    trace["decisions"][3]["action"] = ["play", "no-such-card"]
    files[0].write_text(json.dumps(trace))
    bad = invoke("replay", "tens", str(files[0]))
    assert bad.exit_code == 1 and "action 3: ['play', 'no-such-card'] is not a legal action of seat" in bad.stderr


def test_sweep_over_a_card_and_an_option_resumes(tens: Path) -> None:
    args = ("sweep", "tens", "-k", "16", "-w", "2", "--set", "cards.c9.value=1,9", "--set", "hand=2,4",
            "--results", "cells", "--json")
    first = json.loads(ok(invoke(*args)).stdout)
    rows = first["rows"]
    assert [row["set"] for row in rows] == [{"cards.c9.value": 1, "hand": 2}, {"cards.c9.value": 1, "hand": 4},
                                            {"cards.c9.value": 9, "hand": 2}, {"cards.c9.value": 9, "hand": 4}]
    assert rows[2]["mean_score"] > rows[0]["mean_score"]
    again = json.loads(ok(invoke(*args)).stdout)["rows"]
    untimed = [{k: v for k, v in row.items() if k != "elapsed_s"} for row in rows]
    assert [{k: v for k, v in row.items() if k != "elapsed_s"} for row in again] == untimed  # read back from cells/
    assert len(list((tens / "cells").iterdir())) == 4


def test_compare_two_decks(tens: Path, tmp_path: Path) -> None:
    other = make_project(tmp_path / "other")
    cards = other / "card_defs" / "tens.csv"
    cards.write_text(cards.read_text().replace("c1,2,1", "c1,2,8"))
    data = json.loads(ok(invoke("compare", "tens", str(tens), str(other), "-k", "60", "-w", "1", "--json")).stdout)
    figures = {f["figure"]: f for f in data["figures"]}
    assert figures["mean score"]["b"] > figures["mean score"]["a"]
    same = json.loads(ok(invoke("compare", "tens", ".", ".", "-k", "30", "-w", "1", "--json",
                                "--set", "cards.c1.value=8")).stdout)
    assert {f["figure"]: f for f in same["figures"]}["mean score"]["difference"] > 0


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_compare_against_a_revision_of_the_rules(tens: Path) -> None:
    """--against plays the rules file (and card list) of the revision as A, the folder's as B."""
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tens), *args], check=True, capture_output=True)

    git("init", "-q")
    git("add", "card_defs", "layouts")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "rules")
    rules = tens / "card_defs" / "rules.py"
    rules.write_text(rules.read_text().replace("    return [sum(card.value for card in",
                                               "    return [2 * sum(card.value for card in"))
    data = json.loads(ok(invoke("compare", "tens", ".", "--against", "HEAD", "-k", "30", "-w", "1", "--json")).stdout)
    assert data["a"]["deck"]["sha256"] != data["b"]["deck"]["sha256"]
    assert data["b"]["mean_score"] == pytest.approx(2 * data["a"]["mean_score"])
