"""A rules file beside the card list (``engine: rules.py``): read by the loader and never run by
validate, build or preview; run by simulate; every mistake in it reported at its line with the game
that shows it, the gaps in the rules as findings of their own, without a traceback unless asked."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.loader import DefinitionErrors, load_project
from generator.app.catalog import GAMES
from tests.rulesgame import RULES, line_of, make_project


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def simulate(project: Path, *extra: str) -> Any:
    """20 games of random play (its mistakes come from the rules, never from a bot's search)."""
    return invoke("simulate", "tens", "--project", str(project), "-k", "20", "-w", "1", "--skill-games", "0",
                  "--bot", "random", *extra)


@pytest.fixture(autouse=True)
def inside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages name files from the folder a command runs in: these tests run in the project."""
    (tmp_path / "tens").mkdir()
    monkeypatch.chdir(tmp_path / "tens")


@pytest.fixture()
def tens(tmp_path: Path) -> Path:
    return make_project(tmp_path / "tens")


def broken(tmp_path: Path, old: str, new: str) -> tuple[Path, str]:
    assert old in RULES
    rules = RULES.replace(old, new)
    return make_project(tmp_path / "tens", rules), rules


# --------------------------------------------------------------------------- it plays


@pytest.mark.e2e
def test_a_rules_file_game_plays_and_reports(tens: Path) -> None:
    result = invoke("simulate", "tens", "--project", str(tens), "-k", "40", "-w", "1", "--skill-games", "8", "--json")
    assert result.exit_code == 0, result.output + result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 40 and data["seat_bots"] == ["greedy", "greedy"]
    assert len(data["deck"]["files"]) == 3  # the definition, its card list and its rules file
    steps = data["skill_trace"]["steps"]
    assert [(s["stronger"], s["weaker"]) for s in steps] == [("greedy", "random"), ("rollout", "greedy")]
    assert all(s["games"] == 8 and 0 <= s["win_rate_ci"][0] <= s["win_rate"] <= s["win_rate_ci"][1] for s in steps)


def test_a_custom_deck_without_rules_names_the_fix(tmp_path: Path) -> None:
    project = make_project(tmp_path / "tens")
    definition = project / "card_defs" / "tens.yaml"
    definition.write_text(definition.read_text().replace("engine: rules.py\n", ""))
    result = simulate(project)
    assert result.exit_code == 2 and "names no rules file to play by" in result.stderr and "engine: rules.py" in result.stderr


# --------------------------------------------------------------------------- mistakes, located


@pytest.mark.parametrize("workers", ["1", "2"])
def test_an_endless_loop_in_one_call_is_stopped_at_its_bound_and_located(tmp_path: Path, workers: str) -> None:
    """A loop inside one call of ``play()`` ran until Ctrl-C: each call into the rules now has a
    time bound (``MAX_CALL_SECONDS``, 5 s unless the file says otherwise), passing it is a located
    error with the game that shows it."""
    project, rules = broken(tmp_path, "        state.move(action[1], state.zone(\"pile\", me))",
                            "        state.move(action[1], state.zone(\"pile\", me))\n"
                            "        while state.decisions > 3:\n"
                            "            state.rng.random()")
    rules_file = project / "card_defs" / "rules.py"
    rules_file.write_text("MAX_CALL_SECONDS = 0.5\n" + rules_file.read_text())
    line = line_of(rules, "state.rng.random()") + 1
    result = invoke("simulate", "tens", "--project", str(project), "-k", "20", "-w", workers, "--skill-games", "0",
                    "--bot", "random")
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith("card_defs/rules.py:") and "CallTimeout: the call was still running after 0.5 s" in first
    assert int(first.split(":")[1]) in (line - 1, line) and "in game 0 of --seed 1" in result.stderr


def test_a_call_bound_the_rules_file_gives_must_be_a_number_of_seconds(tmp_path: Path) -> None:
    project, _ = broken(tmp_path, "\n", "\n")
    rules_file = project / "card_defs" / "rules.py"
    rules_file.write_text("MAX_CALL_SECONDS = 'long'\n" + rules_file.read_text())
    result = simulate(project)
    assert result.exit_code == 1 and "MAX_CALL_SECONDS should be a number of seconds" in result.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sys_exit_in_the_rules_is_their_mistake_never_a_silent_success(tmp_path: Path, workers: str) -> None:
    """``raise SystemExit(0)`` in ``play()`` made simulate exit 0 printing nothing: it is a located
    rules error like any other exception, on one worker or several."""
    project, rules = broken(tmp_path, "        state.move(action[1], state.zone(\"pile\", me))",
                            "        state.move(action[1], state.zone(\"pile\", me))\n"
                            "        raise SystemExit(0)")
    line = line_of(rules, "raise SystemExit(0)")
    result = invoke("simulate", "tens", "--project", str(project), "-k", "20", "-w", workers, "--skill-games", "0",
                    "--bot", "random")
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"card_defs/rules.py:{line}:9: error: SystemExit: 0 (during play() of player ")


@pytest.mark.e2e
def test_an_exception_is_reported_at_its_line_with_the_game(tmp_path: Path) -> None:
    project, rules = broken(tmp_path, "        state.move(action[1], state.zone(\"pile\", me))",
                            "        state.move(action[1], state.zone(\"pile\", me))\n"
                            "        if action[1].value == 9 and len(state.zone(\"pile\", me)) > 2:\n"
                            "            state.bonus = 1 / 0")
    line = line_of(rules, "1 / 0")
    result = simulate(project)
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == (f"card_defs/rules.py:{line}:27: error: ZeroDivisionError: division by zero "
                        f"(during play() of player {lines[0][-2]})")
    assert "bots: random, random" in lines[1]
    assert lines[1].startswith("  in game ") and "of --seed 1 (its own seed " in lines[1]
    assert "decisions" in lines[2] and any(": play c9" in text for text in lines[3:])
    assert "to play it again: cardforge simulate tens --players 2 --bot random --seed 1 --games " in result.stderr
    assert "(--traceback shows where in the code)" in result.stderr
    shown = simulate(project, "--traceback")
    assert "Traceback (most recent call last)" in shown.stderr and f'card_defs/rules.py", line {line}, in play' \
        in shown.stderr
    two = invoke("simulate", "tens", "--project", str(project), "-k", "20", "-w", "2", "--skill-games", "0",
                 "--bot", "random")
    assert two.stderr == result.stderr  # the first failing game, whatever the number of workers


@pytest.mark.parametrize("old, new, expected", [
    ("def actions(state: State) -> list:", "def actions(state: State) -> list", "{line}:34: error: syntax error: expected ':'"),
    ("from generator.playtest import State", "from generator.playtest import State\nimport no_such_module",
     "{line}:1: error: ModuleNotFoundError: No module named 'no_such_module' (during loading the rules file)"),
    ("def scores(state: State) -> list:", "def score(state: State) -> list:",
     "1: error: the rules file defines no scores(state); a rules file defines setup(state), actions(state), "
     "play(state, action), is_over(state), scores(state)"),
    ("def play(state: State, action) -> None:", "def play(state: State) -> None:",
     "{line}: error: play should take 2 arguments: def play(state, action)"),
])
def test_a_rules_file_that_does_not_load_is_located(tmp_path: Path, old: str, new: str, expected: str) -> None:
    project, rules = broken(tmp_path, old, new)
    result = simulate(project)
    line = line_of(rules, new.splitlines()[-1])
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0] == "card_defs/rules.py:" + expected.format(line=line)


@pytest.mark.parametrize("old, new, function, message", [
    ('    return found or ["pass"]', "    return found", "def actions",
     "rules gap: player {player} has no legal action and the game is not over"),
    ("    return not len(state.zone(\"deck\")) and", "    return False and", "def is_over",
     "rules gap: the game has not ended after 40 decisions (is_over() never said yes)"),
    ("    return [sum(card.value for card in state.zone(\"pile\", p)) for p in state.players]",
     "    return [None for p in state.players]", "def scores", "rules gap: the score of player 0 is None, not a number"),
])
def test_gaps_in_the_rules_are_findings(tmp_path: Path, old: str, new: str, function: str, message: str) -> None:
    project, rules = broken(tmp_path, old, new)
    if "False" in new:
        (project / "card_defs" / "rules.py").write_text(rules + "\nMAX_DECISIONS = 40\n")
    result = simulate(project)
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.stderr
    first = result.stderr.splitlines()[0]
    player = re.search(r"player (\d)", first)
    assert first.startswith(f"card_defs/rules.py:{line_of(rules, function)}: "
                            + message.format(player=player[1] if player else "?"))
    assert re.search(r"in game \d+ of --seed 1 \(its own seed \d+\)", result.stderr)


def test_a_replay_of_a_broken_rules_file_is_located(tens: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    assert simulate(tens, "--export", str(games)).exit_code == 0
    replayed = invoke("replay", "tens", str(games / "game-00001.json"), "--project", str(tens))
    assert replayed.exit_code == 0 and "scores" in replayed.stdout
    rules = tens / "card_defs" / "rules.py"
    rules.write_text(rules.read_text().replace("    state.end_turn()", "    state.end_turn()\n    state.nope.x = 1"))
    failed = invoke("replay", "tens", str(games / "game-00001.json"), "--project", str(tens))
    assert failed.exit_code == 1 and "card_defs/rules.py:" in failed.stderr and "Traceback" not in failed.stderr
    assert "AttributeError: the game has no value 'nope'" in failed.stderr


# --------------------------------------------------------------------------- never run by the others


IMPORTED = '''\
import pathlib
pathlib.Path(__file__).with_name("IMPORTED").write_text("the rules file ran")
raise SystemExit("a rules file must not run here")
'''


@pytest.mark.e2e
def test_validate_build_and_preview_never_run_the_rules_file(tmp_path: Path) -> None:
    project = make_project(tmp_path / "tens", IMPORTED + RULES)
    marker = project / "card_defs" / "IMPORTED"
    for args in (["validate"], ["build", "--out", "out"], ["deck", "tens"], ["list"]):
        done = subprocess.run([sys.executable, "-m", "generator.cli.main", *args], cwd=project, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0 and not marker.exists(), (args, done.stdout, done.stderr)
    code = ("import sys; from pathlib import Path; from generator.app.preview.session import PreviewSession; "
            "s = PreviewSession(Path('.')); assert s.rebuild() is not None; "
            "assert not [m for m in sys.modules if m.startswith('cardforge_rules')]; print('clean')")
    done = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "clean", done.stdout + done.stderr
    assert not marker.exists() and (project / "out" / "tens.pdf").is_file()
    played = simulate(project)  # the control: simulate does run it
    assert played.exit_code == 1 and marker.exists()
    assert "SystemExit: a rules file must not run here" in played.stderr


def test_the_loader_reads_the_rules_file_with_care(tmp_path: Path) -> None:
    project = make_project(tmp_path / "tens")
    definition = project / "card_defs" / "tens.yaml"
    for value, message in [("../rules.py", "is outside the folder of tens.yaml"),
                           ("rules.txt", "a rules file is a Python file"),
                           ("missing.py", "engine 'missing.py' does not exist"),
                           ("/etc/passwd.py", "should be a file name beside tens.yaml")]:
        definition.write_text(definition.read_text().split("engine:")[0] + f"engine: {value}\n"
                              + definition.read_text().split("engine:")[1].split("\n", 1)[1])
        with pytest.raises(DefinitionErrors) as caught:
            load_project(project, GAMES, layouts=False)
        assert message in caught.value.report() and "card_defs/tens.yaml:7:9" in caught.value.report()


# --------------------------------------------------------------------------- the card list's numbers


def test_set_changes_a_card_of_the_card_list(tens: Path) -> None:
    base = json.loads(simulate(tens, "--json").stdout)
    richer = simulate(tens, "--json", "--set", "cards.c1.value=9")
    assert richer.exit_code == 0, richer.stderr
    data = json.loads(richer.stdout)
    assert data["mean_score"] > base["mean_score"] and data["deck"]["changes"] == {"cards.c1.value": 9}
    more = json.loads(simulate(tens, "--json", "--set", "cards.c9.count=4").stdout)
    assert more["mean_turns"] > base["mean_turns"]
    wrong = simulate(tens, "--set", "cards.c1.value=12")
    assert wrong.exit_code == 1
    assert "card_defs/tens.csv:2:6: value '12' of card 'c1' is above its maximum 9 (the value given by --set " \
        "cards.c1.value=12)" in wrong.stderr
    near = simulate(tens, "--set", "cards.c1.valu=3")
    assert near.exit_code == 2 and "did you mean 'cards.c1.value'?" in near.stderr


def test_the_deck_identity_covers_the_card_list_and_the_rules(tens: Path) -> None:
    first = json.loads(simulate(tens, "--json").stdout)["deck"]["sha256"]
    rules = tens / "card_defs" / "rules.py"
    rules.write_text(rules.read_text() + "\n# a comment\n")
    second = json.loads(simulate(tens, "--json").stdout)["deck"]["sha256"]
    cards = tens / "card_defs" / "tens.csv"
    cards.write_text(cards.read_text() + "c10,1,9\n")
    third = json.loads(simulate(tens, "--json").stdout)["deck"]["sha256"]
    assert len({first, second, third}) == 3


def test_an_action_that_names_a_card_hidden_from_its_player_is_a_gap_at_actions(tmp_path: Path) -> None:
    """A list of legal actions is what its player is shown: an action naming a card of the face-down
    deck tells them that card. It was played without a word; it is a rules gap at ``def actions``."""
    project, rules = broken(tmp_path, '        found.append("draw")',
                            '        found.append(("draw", state.zone("deck").top))')
    rules = rules.replace('    if action == "draw":', '    if action[0] == "draw":')
    (project / "card_defs" / "rules.py").write_text(rules)
    result = simulate(project)
    assert result.exit_code == 1, result.stderr
    assert result.stderr.startswith(f"card_defs/rules.py:{line_of(rules, 'def actions')}: rules gap: actions() names "
                                    "card '"), result.stderr
    assert "in zone 'deck', which player 0 cannot see" in result.stderr


def test_a_card_lost_during_play_is_reported_at_play_with_the_decision_that_lost_it(tmp_path: Path) -> None:
    """Cards move only through the state; a rules file that takes one out of a zone by the list's own
    methods loses it. That was reported at ``def setup`` once the game ended; it is reported at
    ``def play``, at the decision that lost it."""
    project, rules = broken(tmp_path, "        state.draw(state.zone(\"deck\"), state.zone(\"hand\", me))",
                            "        state.draw(state.zone(\"deck\"), state.zone(\"hand\", me))\n"
                            "        list.pop(state.zone(\"hand\", me))")
    result = simulate(project)
    assert result.exit_code == 1, result.stderr
    assert result.stderr.startswith(f"card_defs/rules.py:{line_of(rules, 'def play')}: rules gap: card '"), result.stderr
    assert "is in no zone" in result.stderr.splitlines()[0]
    steps = [line for line in result.stderr.splitlines() if line.startswith("    ") and ". player " in line]
    assert steps and steps[-1].endswith("draw"), result.stderr
