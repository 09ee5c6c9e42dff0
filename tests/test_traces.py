"""JSON traces of Sequence and Firecrackers games: ``simulate --export`` writes every decision with
the seed, the rules, the players and their bots; ``replay`` deals the game again from its seed and
checks it decision by decision. Exported games replay to the same outcome whatever the seed and the
rule options; a tampered file is refused at the decision that breaks."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli.main import cli
from generator.games.firecrackers.model import FirecrackersDefinition, ScoreworksDefinition
from generator.games.firecrackers.sim import SIMULATOR as FIRECRACKERS
from generator.games.firecrackers.sim.trace import replay as replay_firecrackers
from generator.games.sequence.model import SequenceDefinition
from generator.games.sequence.sim import SIMULATOR as SEQUENCE
from generator.games.sequence.sim.trace import replay as replay_sequence
from generator.model import Project
from generator.sim.api import BotSpec, ReplayError
from generator.sim.runner import RunResult, run

EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def roundtrip(data: dict[str, Any]) -> dict[str, Any]:
    """What a file holds: the trace written as JSON and read back."""
    return json.loads(json.dumps(data))


@pytest.fixture(scope="module")
def seq(shipped_project: Project) -> SequenceDefinition:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    return game


def sequence_run(seq: SequenceDefinition, players: int = 2, games: int = 3, seed: int = 1,
                 options: dict[str, Any] | None = None, bot: str = "heuristic") -> RunResult:
    return run(SEQUENCE, seq, players, [BotSpec.parse(bot)], games, seed, options=options or {}, export=True)


def firecrackers_run(fc: FirecrackersDefinition, players: int = 3, games: int = 3, seed: int = 1,
                     options: dict[str, Any] | None = None, bot: str = "best", **extra: Any) -> RunResult:
    return run(FIRECRACKERS, fc, players, [BotSpec.parse(bot)], games, seed, options=options or {}, extra=extra, export=True)


# --- what a trace holds -----------------------------------------------------------------------------


def test_a_sequence_trace_holds_every_decision_the_seed_the_rules_and_the_bots(seq: SequenceDefinition) -> None:
    result = sequence_run(seq, games=2, seed=9)
    for record, data in zip(result.records, result.exports):
        assert (data["format"], data["version"], data["game"], data["definition"]) == ("cardforge-trace", 1, "sequence", "sequence")
        assert data["players"] == 2 and data["bots"] == ["heuristic", "heuristic"]
        assert (data["index"], data["seed"]) == (record.index, record.seed)
        assert data["rules"] == seq.info.options.defaults()
        assert len(data["deal"]["hands"]) == 2 and all(len(hand) == 7 for hand in data["deal"]["hands"])
        assert len(data["deal"]["deck"]) == 104 - 14
        assert len(data["decisions"]) == record.decisions
        assert {tuple(sorted(step)) for step in data["decisions"]} == {("action", "seat", "text")}
        assert data["outcome"]["turns"] == record.turns and data["outcome"]["winner_team"] == record.outcome["winner_team"]
        assert "wins" in data["decisions"][-1]["text"] or record.outcome["winner_team"] is None


def test_a_firecrackers_trace_names_its_cards_and_its_expansion(fc: FirecrackersDefinition, sw: ScoreworksDefinition) -> None:
    result = firecrackers_run(fc, games=2, seed=4, expansion=sw, scoreworks="underdog")
    for record, data in zip(result.records, result.exports):
        assert data["settings"] == {"expansion": "scoreworks", "scoreworks": "underdog"}
        assert data["deal"]["scoreworks"] == "underdog" and data["outcome"]["scoreworks"] == "underdog"
        assert all(len(deck) == 5 for deck in data["deal"]["decks"])
        assert any(label.startswith("black-") for deck in data["deal"]["decks"] for label in deck)
        assert data["decisions"][0]["decision"] == "turn" and data["decisions"][0]["text"].startswith(("reveal", "stop"))
        assert data["decisions"][-1]["decision"] == "underdog"
        assert data["outcome"]["scores"] == [int(s) for s in record.scores]
        assert data["bots"] == ["pyro:0.3"] * 3


# --- exported games replay to the same outcome -----------------------------------------------------


@EXAMPLES
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4, 6]), bot=st.sampled_from(["random", "heuristic"]),
       advanced=st.booleans(), full_board=st.sampled_from(["draw", "continue"]),
       deck=st.sampled_from(["reshuffle", "draw"]), exchange=st.booleans())
def test_sequence_traces_replay_to_the_same_outcome(seq: SequenceDefinition, seed: int, players: int, bot: str,
                                                    advanced: bool, full_board: str, deck: str, exchange: bool) -> None:
    options = {"advanced_one_eyed_jacks": advanced, "full_board": full_board, "deck_exhausted": deck,
               "dead_card_exchange": exchange}
    result = sequence_run(seq, players, games=2, seed=seed, options=options, bot=bot)
    for record, data in zip(result.records, result.exports):
        outcome = replay_sequence(seq, roundtrip(data))
        assert outcome == data["outcome"]
        assert (outcome["winner_team"], outcome["end"], outcome["turns"]) == (
            record.outcome["winner_team"], record.outcome["end"], record.turns)
        assert outcome["scores"] == list(record.scores) and outcome["decisions"] == record.decisions


@EXAMPLES
@given(seed=st.integers(0, 10_000), players=st.integers(2, 7), bot=st.sampled_from(["random", "pyro:0.3", "pyro:0.6"]),
       shop=st.sampled_from(["piles", "open"]), stayin=st.sampled_from(["reveal_again", "hide_card"]),
       wildcards=st.sampled_from(["every_colour", "revealed_colours"]), blind=st.sampled_from(["any_card", "own_cards"]),
       reckless=st.sampled_from(["previous_turn", "seat_before"]), short=st.booleans(), threshold=st.integers(8, 12),
       card=st.sampled_from([None, "random", "underdog", "raincheck", "only_action"]))
@pytest.mark.e2e
def test_firecrackers_traces_replay_to_the_same_outcome(fc: FirecrackersDefinition, sw: ScoreworksDefinition, seed: int,
                                                        players: int, bot: str, shop: str, stayin: str, wildcards: str,
                                                        blind: str, reckless: str, short: bool, threshold: int,
                                                        card: str | None) -> None:
    options = {"shop": shop, "stayin_alive": stayin, "wildcards": wildcards, "blind_eye": blind,
               "reckless_neighbor": reckless, "short_game": short, "explosion_threshold": threshold}
    extra: dict[str, Any] = {}
    if card is not None:
        extra["expansion"] = sw
        if card != "random":
            extra["scoreworks"] = card
    result = firecrackers_run(fc, players, games=2, seed=seed, options=options, bot=bot, **extra)
    for record, data in zip(result.records, result.exports):
        settings_ = {"expansion": sw, "scoreworks": extra.get("scoreworks")} if card is not None else {}
        outcome = replay_firecrackers(fc, roundtrip(data), **settings_)
        assert outcome == data["outcome"]
        assert (outcome["end"], outcome["rounds"], outcome["turns"]) == (
            record.outcome["end"], record.outcome["rounds"], record.turns)
        assert outcome["scores"] == [int(s) for s in record.scores]


@pytest.mark.e2e
def test_the_trace_of_a_game_is_the_same_whatever_the_number_of_workers(seq: SequenceDefinition) -> None:
    one = run(SEQUENCE, seq, 3, [BotSpec("random")], 6, 2, workers=1, export=True)
    two = run(SEQUENCE, seq, 3, [BotSpec("random")], 6, 2, workers=2, export=True)
    assert one.exports == two.exports


# --- tampered files ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seq_trace(seq: SequenceDefinition) -> dict[str, Any]:
    return roundtrip(sequence_run(seq, games=1, seed=3).exports[0])


@pytest.fixture(scope="module")
def fc_trace(fc: FirecrackersDefinition) -> dict[str, Any]:
    return roundtrip(firecrackers_run(fc, games=1, seed=3).exports[0])


def tampered(data: dict[str, Any], change: Any) -> dict[str, Any]:
    copied = copy.deepcopy(data)
    change(copied)
    return copied


def test_an_illegal_action_is_refused_at_its_index(seq: SequenceDefinition, seq_trace: dict[str, Any]) -> None:
    def occupied(d: dict[str, Any]) -> None:  # decision 5 plays on a cell decision 0 took
        d["decisions"][5]["action"] = d["decisions"][0]["action"]
        d["decisions"][5]["seat"] = d["decisions"][5]["seat"]
    with pytest.raises(ReplayError) as info:
        replay_sequence(seq, tampered(seq_trace, occupied))
    assert info.value.action_index == 5 and "not legal" in info.value.reason


@pytest.mark.parametrize("change, index, words", [
    (lambda d: d["decisions"][2].update(seat=1 - d["decisions"][2]["seat"]), 2, "decision, not seat"),
    (lambda d: d["decisions"][3].update(action=True), 3, "true is not an action"),
    (lambda d: d["decisions"][3].update(action=-99999), 3, "not legal"),
    (lambda d: d["decisions"][3].update(action={"play": 1}), 3, "is not an action"),
    (lambda d: d["decisions"][1].pop("action"), 1, "needs an 'action'"),
    (lambda d: d["decisions"].append(d["decisions"][-1]), -1, "after the end of the game"),
])
def test_decisions_that_break(seq: SequenceDefinition, seq_trace: dict[str, Any], change: Any, index: int, words: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay_sequence(seq, tampered(seq_trace, change))
    expected = index if index >= 0 else len(seq_trace["decisions"])
    assert info.value.action_index == expected and words in info.value.reason


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(seed=d["seed"] + 1), "the seed deals another game"),
    (lambda d: d["outcome"].update(winner_team=1 - d["outcome"]["winner_team"]), "another outcome"),
    (lambda d: d.update(format="hanab.live"), "not a cardforge JSON trace"),
    (lambda d: d.update(game="firecrackers"), "not of sequence"),
    (lambda d: d.update(players=5), "is played by"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d["rules"].update(jokers=True), "no rule option 'jokers'"),
    (lambda d: d["rules"].update(full_board="sometimes"), "full_board"),
    (lambda d: d.update(decisions={}), "'decisions' must be a list"),
])
def test_files_that_are_not_the_game(seq: SequenceDefinition, seq_trace: dict[str, Any], change: Any, words: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay_sequence(seq, tampered(seq_trace, change))
    assert info.value.action_index is None and words in info.value.reason


def test_a_trace_cut_short_replays_unfinished(seq: SequenceDefinition, seq_trace: dict[str, Any]) -> None:
    outcome = replay_sequence(seq, tampered(seq_trace, lambda d: d.update(decisions=d["decisions"][:10])))
    assert outcome["end"] == "unfinished" and outcome["decisions"] == 10


def test_a_firecrackers_purchase_that_was_not_on_offer(fc: FirecrackersDefinition, fc_trace: dict[str, Any]) -> None:
    index = next(i for i, step in enumerate(fc_trace["decisions"]) if step["decision"] == "buy" and step["action"] != "pass")
    kinds = {k.label: k.index for k in FIRECRACKERS.make_engine(fc, 3).table.kinds}
    def wrong(d: dict[str, Any]) -> None:
        d["decisions"][index]["action"] = ["buy", kinds["black-4-money_trade"] if d["decisions"][index]["action"][1] != kinds["black-4-money_trade"] else 0]
    with pytest.raises(ReplayError) as info:
        replay_firecrackers(fc, tampered(fc_trace, wrong))
    assert info.value.action_index == index and "not legal" in info.value.reason


def test_a_firecrackers_trace_needs_its_expansion(fc: FirecrackersDefinition, sw: ScoreworksDefinition) -> None:
    data = roundtrip(firecrackers_run(fc, games=1, seed=2, expansion=sw).exports[0])
    with pytest.raises(ReplayError, match="expansion 'scoreworks'"):
        replay_firecrackers(fc, data)
    assert replay_firecrackers(fc, data, expansion=sw) == data["outcome"]
    plain = roundtrip(firecrackers_run(fc, games=1, seed=2).exports[0])
    with pytest.raises(ReplayError, match="without an expansion"):
        replay_firecrackers(fc, plain, expansion=sw)


# --- the commands -----------------------------------------------------------------------------------


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args))


@pytest.mark.e2e
def test_simulate_exports_and_replay_reads_sequence_traces(tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = invoke("simulate", "sequence", "-n", "3", "-k", "4", "-w", "2", "--export", str(out))
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-0000{i}.json" for i in range(1, 5)]
    replayed = invoke("replay", "sequence", *map(str, files), "--json")
    assert replayed.exit_code == 0, replayed.output
    lines = [json.loads(line) for line in replayed.output.splitlines()]
    assert [line["outcome"] if "outcome" in line else line["end"] for line in lines] and len(lines) == 4
    for line, file in zip(lines, files):
        assert {k: v for k, v in line.items() if k != "file"} == json.loads(file.read_text())["outcome"]


def test_replay_reports_the_decision_that_breaks_and_exits_1(tmp_path: Path) -> None:
    out = tmp_path / "games"
    assert invoke("simulate", "sequence", "-k", "2", "-w", "1", "--export", str(out)).exit_code == 0
    good, bad = sorted(out.glob("game-*.json"))
    data = json.loads(bad.read_text())
    data["decisions"][4]["action"] = data["decisions"][0]["action"]
    bad.write_text(json.dumps(data))
    result = invoke("replay", "sequence", str(bad), str(good))
    assert result.exit_code == 1
    assert f"{bad}: action 4: " in result.stderr and "not legal" in result.stderr
    assert result.stdout.startswith(f"{good}: ") and "Traceback" not in result.output


def test_replay_of_a_trace_of_another_game_names_the_command_that_replays_it(tmp_path: Path) -> None:
    out = tmp_path / "games"
    assert invoke("simulate", "firecrackers", "-k", "1", "-w", "1", "--export", str(out)).exit_code == 0
    trace = str(out / "game-00001.json")
    for game in ("hanabi", "sequence"):
        result = invoke("replay", game, trace)
        assert result.exit_code == 1, result.output
        assert result.stderr.strip() == (f"{trace}: a cardforge trace of a firecrackers game, not of {game}: "
                                         f"replay it with `cardforge replay firecrackers {trace}`")


def test_replay_finds_the_expansion_in_the_project(tmp_path: Path, project_copy: Path) -> None:
    out = tmp_path / "games"
    played = invoke("simulate", "firecrackers", "-n", "4", "-k", "2", "-w", "1", "--expansion", "scoreworks",
                    "--export", str(out), "--project", str(project_copy))
    assert played.exit_code == 0, played.output
    files = sorted(map(str, out.glob("game-*.json")))
    result = invoke("replay", "firecrackers", *files, "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    assert all("Scoreworks " in line for line in result.stdout.splitlines())
    (project_copy / "card_defs" / "scoreworks.yaml").unlink()
    missing = invoke("replay", "firecrackers", files[0], "--project", str(project_copy))
    assert missing.exit_code == 1 and "expansion 'scoreworks'" in missing.stderr


def test_a_game_without_a_file_format_is_still_refused() -> None:
    """Every shipped game now has one; the check stays for games that have none (a toy game)."""
    for kind in ("hanabi", "sequence", "firecrackers"):
        from generator.app.simulators import simulator_for

        simulator = simulator_for(kind)
        assert simulator.replayer is not None
        assert simulator.export_game is not None or simulator.trace_game is not None
