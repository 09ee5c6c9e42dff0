"""``cardforge simulate``, ``sweep`` and ``replay`` through click's CliRunner.

The simulate and sweep tests play the toy game of tests/test_sim_runner.py, registered in place of
the real engines and served by a toy project, so they test the command and not an engine."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

import generator.cli.simulate as simulate_module
import generator.cli.table as table_module
from generator.app.catalog import GAMES
from generator.cli.main import cli
from generator.model import Project
from generator.sim.api import Replayer, ReplayError
from tests.test_sim_runner import TOY_COOP, TOY_RACE, ToyGame, toy_definition

TOY_PROJECT = Project("toy", (toy_definition("race", "toyrace"), toy_definition("coop", "toycoop")))


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy project, its two games registered under their own kinds for the test."""
    monkeypatch.setattr(table_module, "open_project", lambda project_dir: TOY_PROJECT)
    monkeypatch.setattr(simulate_module, "open_project", lambda project_dir: TOY_PROJECT)
    GAMES.register(ToyGame("toyrace", TOY_RACE))
    GAMES.register(ToyGame("toycoop", TOY_COOP))
    yield
    GAMES.unregister("toyrace")
    GAMES.unregister("toycoop")


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def test_simulate_json_fields(toy: None) -> None:
    result = invoke("simulate", "race", "--players", "2", "--games", "40", "--bot", "random", "--bot", "greedy",
                    "--seed", "3", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output + result.stderr
    data = json.loads(result.stdout)
    for key in ("games", "mean_score", "stderr", "seat_win_rate", "mean_turns", "decisions", "elapsed_s",
                "score_histogram", "seat_win_rate_ci", "bots", "game"):
        assert key in data, key
    assert data["games"] == 40 and len(data["seat_win_rate"]) == 2
    assert data["seat_bots"] == ["random", "greedy"]
    assert data["rules"]["target"] == 20
    assert data["decisions"] > 0 and data["elapsed_s"] >= 0
    # every game has a winner, a shared win counts for every winner, a draw for nobody
    assert sum(data["seat_win_rate"]) == pytest.approx(1.0 + (data["shared_wins"] - data["draws"]) / 40, abs=1e-3)


@pytest.mark.e2e
def test_simulate_same_summary_for_any_worker_count(toy: None) -> None:
    outputs = []
    for workers in ("1", "2"):
        result = invoke("simulate", "race", "-n", "3", "-k", "30", "--bot", "random", "--seed", "5",
                        "--workers", workers, "--json", "--rule", "target=25")
        assert result.exit_code == 0, result.stderr
        data = json.loads(result.stdout)
        data.pop("elapsed_s")
        outputs.append(data)
    assert outputs[0] == outputs[1]
    assert outputs[0]["rules"]["target"] == 25


def test_simulate_text_summary(toy: None) -> None:
    result = invoke("simulate", "race", "-n", "2", "-k", "20", "--bot", "random", "--bot", "cautious:0.4",
                    "--workers", "1")
    assert result.exit_code == 0, result.stderr
    for text in ("mean score", "+-", "per seat:", "win rate", "score distribution (every seat of every game):", "mean turns",
                 "game statistics:", "cautious:0.4"):
        assert text in result.stdout, text


def test_simulate_cooperative_reports_perfect_games(toy: None) -> None:
    result = invoke("simulate", "coop", "-n", "2", "-k", "20", "--workers", "1", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert 0.0 <= data["perfect_rate"] <= 1.0 and "seat_win_rate" not in data
    assert data["seat_bots"] == ["greedy", "greedy"]  # best


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rule", "nonsense=1"], "unknown rule option 'nonsense'"),
        (["--rule", "target=1000"], "at most 60"),
        (["--rule", "target"], "expected NAME=VALUE"),
        (["--bot", "nobody"], "unknown bot 'nobody'"),
        (["--bot", "random", "--bot", "random", "--bot", "random"], "3 bots given for 2 players"),
        (["--bot", "cautious:7"], "cautious takes a probability"),
        (["--players", "7"], "played by 2, 3, 4 players, not 7"),
        (["--expansion", "nope"], "no expansion 'nope'"),
        (["--setting", "scoreworks=underdog"], "race has no engine setting 'scoreworks' (settings: none)"),
        (["--setting", "scoreworks"], "expected NAME=VALUE"),
    ],
)
def test_simulate_usage_errors_exit_2(toy: None, args: list[str], message: str) -> None:
    result = invoke("simulate", "race", "-n", "2", "-k", "5", "--workers", "1", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_simulate_unknown_game_exit_2(toy: None) -> None:
    result = invoke("simulate", "chess", "-k", "5")
    assert result.exit_code == 2 and "no game 'chess'" in result.stderr


@pytest.mark.e2e
def test_simulate_export_and_report(toy: None, tmp_path: Path) -> None:
    out = tmp_path / "games"
    report = tmp_path / "report.html"
    result = invoke("simulate", "coop", "-n", "3", "-k", "12", "--workers", "2", "--export", str(out),
                    "--report", str(report))
    assert result.exit_code == 0, result.stderr
    files = sorted(p.name for p in out.iterdir())
    assert files == [f"game-{i:05d}.json" for i in range(1, 13)]
    assert json.loads((out / "game-00001.json").read_text())["players"] == ["seat 0", "seat 1", "seat 2"]
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "Score distribution" in page
    assert "already holds" not in result.stderr
    again = invoke("simulate", "coop", "-n", "3", "-k", "3", "--workers", "1", "--export", str(out))
    assert again.exit_code == 0 and "already holds 12 game files" in again.stderr
    assert len(list(out.iterdir())) == 12


def test_export_refused_without_a_format(toy: None, tmp_path: Path) -> None:
    result = invoke("simulate", "race", "-k", "3", "--export", str(tmp_path / "x"))
    assert result.exit_code == 2 and "no game file format" in result.stderr


def test_sweep_rows_json_and_report(toy: None, tmp_path: Path) -> None:
    report = tmp_path / "sweep.html"
    result = invoke("sweep", "race", "-n", "2", "-k", "20", "--bot", "greedy", "--workers", "1",
                    "--set", "target=10,30", "--json", "--report", str(report))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    rows = data["rows"]
    assert [row["set"] for row in rows] == [{"target": 10}, {"target": 30}]
    assert rows[0]["mean_turns"] < rows[1]["mean_turns"]
    change = next(f for f in data["findings"] if f["code"] == "sweep-change" and "game length" in f["sentence"])
    assert set(change) == {"code", "subject", "sentence", "evidence", "weight"}  # as simulate --json's findings
    assert change["sentence"].endswith("at target=30") and change["evidence"].startswith("difference +")
    assert all(len(row["seat_win_rate"]) == 2 for row in rows)
    page = report.read_text(encoding="utf-8")
    assert page.count("<svg") >= 3 and "polyline" in page


def test_sweep_ranges_and_text(toy: None) -> None:
    result = invoke("sweep", "race", "-k", "5", "--workers", "1", "--set", "target=10..12")
    assert result.exit_code == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    header = next(i for i, line in enumerate(lines) if line.startswith("target"))
    assert "mean score" in lines[header] and lines[header].split()[-3:] == ["draws", "mean", "turns"]
    assert [line.split()[0] for line in lines[header + 1:]] == ["10", "11", "12"]
    assert "swept: target = 10, 11, 12" in lines and "what to look at:" in lines


@pytest.mark.parametrize("value, message", [("target=1000", "at most 60"),
                                            ("nope=1,2", "'nope' is neither a rule option of race"),
                                            ("target=", "expected PATH=V1")])
def test_sweep_usage_errors(toy: None, value: str, message: str) -> None:
    result = invoke("sweep", "race", "-k", "5", "--workers", "1", "--set", value)
    assert result.exit_code == 2 and message in result.stderr


# --------------------------------------------------------------------------- replay


def fake_replay(definition: Any, data: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    for i, action in enumerate(data.get("actions", [])):
        if action.get("type") not in (0, 1, 2, 3, 4):
            raise ReplayError(i, f"unknown action type {action.get('type')}")
    return {"score": 3, "fireworks": {"red": 3}, "strikes": 0, "clues": 8, "turns": len(data["actions"]),
            "end": "normal", "overrides": overrides}


@pytest.fixture()
def fake_hanablive(toy: None) -> Iterator[None]:
    """The cooperative toy game with a replayer of its own, so the command is tested on its own."""
    replayer = Replayer("toy JSON", fake_replay, lambda data: {},
                        lambda outcome: f"score {outcome['score']} [red {outcome['fireworks']['red']}]")
    GAMES.register(ToyGame("toycoop", dataclasses.replace(TOY_COOP, replayer=replayer)))
    yield
    GAMES.register(ToyGame("toycoop", TOY_COOP))


def test_replay_reports_every_file_and_exits_1(fake_hanablive: None, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"actions": [{"type": 0, "target": 0}]}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"actions": [{"type": 0}, {"type": 1}, {"type": 3}, {"type": 9}]}))
    junk = tmp_path / "junk.json"
    junk.write_text("this is { not json")
    result = invoke("replay", "coop", str(bad), str(junk), str(good), "--json", "--rule", "target=30")
    assert result.exit_code == 1
    assert "bad.json: action 3: unknown action type 9" in result.stderr
    assert "junk.json: not a JSON file" in result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["score"] == 3 and data["file"].endswith("good.json") and data["overrides"] == {"target": 30}


def test_replay_text_and_success(fake_hanablive: None, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"actions": []}))
    result = invoke("replay", "coop", str(good))
    assert result.exit_code == 0, result.stderr
    assert "score 3" in result.stdout and "red 3" in result.stdout


def test_replay_needs_a_game_with_a_file_format(fake_hanablive: None, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text("{}")
    result = invoke("replay", "race", str(good))
    assert result.exit_code == 2 and "race has no game file format to replay" in result.stderr


def test_replay_with_the_hanabi_engine_names_the_action(tmp_path: Path) -> None:
    """Through the real hanab.live reader (once the Hanabi engine exists): a card that the acting
    player does not hold, and a discard with all 8 clue tokens, are refused by index."""
    pytest.importorskip("generator.games.hanabi.sim.hanablive")
    deck = [{"suitIndex": s, "rank": r} for s in range(5) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
    base = {"players": ["alice", "bob"], "deck": deck}
    not_held = tmp_path / "not_held.json"
    not_held.write_text(json.dumps({**base, "actions": [{"type": 0, "target": 7, "value": 0}]}))
    full_clues = tmp_path / "full_clues.json"
    full_clues.write_text(json.dumps({**base, "actions": [{"type": 0, "target": 0}, {"type": 1, "target": 5}]}))
    result = CliRunner().invoke(cli, ["replay", "hanabi", str(not_held), str(full_clues), "--json"])
    assert result.exit_code == 1, result.output
    assert "not_held.json: action 0: " in result.stderr
    assert "full_clues.json: action 1: " in result.stderr


def test_mean_score_line_only_where_scores_are_points() -> None:
    """Sequence's scores only say who won (1, 0.5, 0): no mean score line, even at three players where
    a draw pays 0.5 to each; Firecrackers' points keep it, even for a single game."""
    sequence = invoke("simulate", "sequence", "-n", "3", "-k", "6", "--workers", "1")
    assert sequence.exit_code == 0, sequence.stderr
    assert not any(line.startswith("mean score") for line in sequence.stdout.splitlines())
    one = invoke("simulate", "firecrackers", "-n", "3", "-k", "1", "--workers", "1")
    assert one.exit_code == 0, one.stderr
    assert any(line.startswith("mean score") for line in one.stdout.splitlines())


def test_replay_notes_a_rule_the_file_already_fixes(tmp_path: Path) -> None:
    """An exported file records its rules; a different --rule is not used, and a note says so."""
    out = tmp_path / "games"
    made = invoke("simulate", "hanabi", "-n", "2", "-k", "2", "--bot", "random", "--workers", "1",
                  "--rule", "storm_tokens=4", "--export", str(out))
    assert made.exit_code == 0, made.stderr
    result = invoke("replay", "hanabi", str(out / "game-00001.json"), "--rule", "storm_tokens=3",
                    "--rule", "five_returns_clue=true")
    assert result.exit_code == 0, result.stderr
    assert "--rule storm_tokens not used: the file was played with storm_tokens=4" in result.stderr
    assert "five_returns_clue" not in result.stderr  # the file's value: nothing to say


def test_progress_written_to_a_log_is_a_line_every_few_seconds() -> None:
    """Piped (CI, a log file) a long run once printed nothing for minutes: a line every few seconds
    says how far it is, how fast it goes and how long is left; a short run prints none."""
    from generator.cli.table import ProgressLines, progress_line

    now = [100.0]
    lines: list[str] = []
    progress = ProgressLines(1000, "orchard x2", lines.append, lambda: now[0], every=5.0)
    for _ in range(10):
        now[0] += 1.0
        progress(50)
    assert lines == ["orchard x2: 250/1,000 games (25 %), 50 games/s, about 15 s left",
                     "orchard x2: 500/1,000 games (50 %), 50 games/s, about 10 s left"]
    now[0] += 10.0
    progress(500)
    assert lines[-1] == "orchard x2: 1,000/1,000 games (100 %), 50 games/s"
    quick: list[str] = []
    short = ProgressLines(10, "x", quick.append, lambda: now[0])
    short(10)
    assert quick == []
    assert progress_line("tune", 30, 7200, 1.0).endswith("about 3 min 59 s left")


def test_quiet_silences_the_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped, a run writes its progress lines on stderr (here every task: no wait); --quiet none."""
    from generator.cli import table

    monkeypatch.setattr(table, "PROGRESS_EVERY_S", 0.0)
    args = ["simulate", "hanabi", "-k", "40", "-w", "1", "--bot", "smart", "--skill-games", "0"]
    shown = CliRunner().invoke(cli, args)
    assert shown.exit_code == 0 and "games/s" in shown.stderr and "/40 games" in shown.stderr, shown.stderr
    quiet = CliRunner().invoke(cli, [*args, "--quiet"])
    assert quiet.exit_code == 0 and "/40 games" not in quiet.stderr, quiet.stderr
