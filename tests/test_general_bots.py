"""The bots every rules-file game gets (generator/sim/general.py), on No Thanks! written as a rules
file (tests/data/nothanks): ``rollout`` plays legal, complete and reproducible games, never looks at
what its seat cannot see, names the searched copy when the rules fail there, and beats greedy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.app.catalog import GAMES
from generator.app.simulators import simulator_for
from generator.loader import load_project
from generator.model import GameDefinition
from generator.playtest import GameError
from generator.sim.api import BotSpec
from generator.sim.general import RolloutBot, make_rollout
from generator.sim.runner import run

NO_THANKS = Path(__file__).parent / "data" / "nothanks"


@pytest.fixture(scope="module")
def nothanks() -> GameDefinition:
    return load_project(NO_THANKS, GAMES, layouts=False).game("nothanks")


def test_rollout_plays_complete_games_the_same_for_a_seed(nothanks: GameDefinition) -> None:
    simulator = simulator_for("custom")
    bots = [BotSpec.parse("rollout:2,40"), BotSpec("greedy"), BotSpec("random")]
    first = run(simulator, nothanks, 3, bots, 3, seed=4)
    again = run(simulator, nothanks, 3, bots, 3, seed=4)
    assert first.records == again.records
    assert all(record.decisions > 20 for record in first.records)
    assert first.bots == ("rollout:2,40", "greedy", "random")


def test_rollout_takes_only_what_its_seat_may_see(nothanks: GameDefinition) -> None:
    """Two games that differ only in cards its seat cannot see (the deck's order and the cards set
    aside) get the same decision from the same generator: it searches deals of the unseen cards."""
    engine = simulator_for("custom").make_engine(nothanks, 4, nothanks.info.options.resolve({}))
    state = engine.new_game(random.Random(9))
    for _ in range(6):
        state.apply("pass")
    other = state.clone(random.Random(1))
    unseen = [*other.zone("deck"), *other.zone("set aside")]
    random.Random(3).shuffle(unseen)
    for card in unseen[: len(other.zone("deck"))]:
        other.move(card, other.zone("deck"))
    for card in unseen[len(other.zone("deck")):]:
        other.move(card, other.zone("set aside"))
    assert [c.id for c in other.zone("deck")] != [c.id for c in state.zone("deck")]
    bot = RolloutBot(3, 120)
    for seed in range(6):
        assert bot.choose_with_state(state, state.legal_actions(), random.Random(seed)) == \
            bot.choose_with_state(other, other.legal_actions(), random.Random(seed))


def test_a_mistake_met_while_looking_ahead_names_the_searched_copy(nothanks: GameDefinition) -> None:
    engine = simulator_for("custom").make_engine(nothanks, 3, nothanks.info.options.resolve({}))
    state = engine.new_game(random.Random(2))
    rules = state._rules
    real_play = rules.play

    def failing(game, action):  # type: ignore[no-untyped-def]
        if game is not state:
            raise GameError("a mistake of the rules", where="card_defs/rules.py:33")
        return real_play(game, action)

    rules.play = failing
    try:
        with pytest.raises(GameError) as raised:
            RolloutBot(2, 20).choose_with_state(state, state.legal_actions(), random.Random(1))
    finally:
        rules.play = real_play
    assert "in a copy of the game searched by rollout:2,20" in raised.value.during


@pytest.mark.parametrize(("param", "says"), [("x", "rollout takes a number of deals"), ("0", "1 to"),
                                             ("4,0", "judges 1 to")])
def test_a_bad_budget_is_refused(param: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        make_rollout(param, 0, None)
    assert make_rollout(None, 0, None).name == "rollout"
    assert make_rollout("3,90", 0, None).name == "rollout:3,90"


@pytest.mark.e2e
def test_rollout_beats_greedy_as_one_seat_among_three(nothanks: GameDefinition) -> None:
    """One rollout seat among three greedy ones, turn by turn in every seat (chance: 25 %)."""
    simulator = simulator_for("custom")
    wins = 0.0
    for seat in range(4):
        bots = [BotSpec("greedy")] * 4
        bots[seat] = BotSpec("rollout")
        result = run(simulator, nothanks, 4, bots, 10, seed=20 + seat, workers=2)
        wins += sum(1 / len(r.winners) for r in result.records if seat in r.winners)
    assert wins / 40 >= 0.45, wins


@pytest.mark.parametrize("name", ["nothanks", "lostcities"])
def test_the_rules_file_test_games_keep_the_contract(name: str) -> None:
    """The rules-file games the bots are measured on (benchmarks/bench_playtest.py) play legal games
    at every table size and replay from their traces."""
    from generator.sim.contract import check_random_play, check_replay

    definition = load_project(Path(__file__).parent / "data" / name, GAMES, layouts=False).game(name)
    check_random_play(simulator_for("custom"), definition, games=6)
    check_replay(simulator_for("custom"), definition)


def test_the_lowest_total_wins_where_the_definition_says_so(nothanks: GameDefinition, tmp_path: Path) -> None:
    """``scoring: lowest``: the scores are the rules' totals, the winners hold the lowest, the bots
    play to lower theirs and the reports say which way the scores go; a wrong value is located."""
    import shutil

    from click.testing import CliRunner

    from generator.cli.main import cli
    from generator.model.common import Scoring

    assert nothanks.info.scoring is Scoring.LOWEST
    result = run(simulator_for("custom"), nothanks, 4, [BotSpec("greedy")], 20, seed=3)
    for record in result.records:
        assert record.winners == tuple(s for s, v in enumerate(record.scores) if v == min(record.scores))
    assert sum(record.scores[0] for record in result.records) > 0  # totals as the rules count them
    done = CliRunner().invoke(cli, ["simulate", "nothanks", "--project", str(NO_THANKS), "--games", "8",
                                    "--players", "3", "--skill-games", "0"])
    assert done.exit_code == 0 and "the lowest score wins" in done.output
    shutil.copytree(NO_THANKS, tmp_path / "p")
    definition = tmp_path / "p" / "card_defs" / "nothanks.yaml"
    definition.write_text(definition.read_text().replace("scoring: lowest", "scoring: fewest"))
    bad = CliRunner().invoke(cli, ["validate", "--project", str(tmp_path / "p")])
    assert bad.exit_code == 1 and "card_defs/nothanks.yaml:11:10:" in bad.output and "scoring" in bad.output


@pytest.mark.parametrize(("tie_break", "expected"), [("shared", (1, 2)), ("draw", ()), ("later-seat", (2,)),
                                                     ("earlier-seat", (1,))])
def test_a_tie_for_the_best_score_is_settled_as_the_definition_says(tie_break: str, expected: tuple[int, ...]) -> None:
    from generator.sim.play import winners_of

    assert winners_of({}, [3.0, 5.0, 5.0], True, tie_break=tie_break) == expected
    assert winners_of({}, [3.0, 5.0, 4.0], True, tie_break=tie_break) == (1,)  # no tie: the best alone


def test_tie_break_is_read_from_the_definition_and_reported(tmp_path: Path) -> None:
    """``tie_break: later-seat`` reaches the engine (every game has one winner), the summary and
    the report; a wrong value is located."""
    import shutil

    from click.testing import CliRunner

    from generator.cli.main import cli
    from generator.model.common import TieBreak

    shutil.copytree(NO_THANKS, tmp_path / "p")
    definition = tmp_path / "p" / "card_defs" / "nothanks.yaml"
    definition.write_text(definition.read_text().replace("\nscoring: lowest\n", "\nscoring: lowest\ntie_break: later-seat\n"))
    game = load_project(tmp_path / "p", GAMES, layouts=False).game("nothanks")
    assert game.info.tie_break is TieBreak.LATER_SEAT
    result = run(simulator_for("custom"), game, 3, [BotSpec("greedy")], 30, seed=2)
    assert all(len(record.winners) == 1 for record in result.records)
    done = CliRunner().invoke(cli, ["simulate", "nothanks", "--project", str(tmp_path / "p"), "--games", "8",
                                    "--players", "3", "--skill-games", "0"])
    assert done.exit_code == 0 and "ties: the tied seat later in the turn order wins" in done.output
    definition.write_text(definition.read_text().replace("tie_break: later-seat", "tie_break: last"))
    bad = CliRunner().invoke(cli, ["validate", "--project", str(tmp_path / "p")])
    assert bad.exit_code == 1 and "card_defs/nothanks.yaml:12:12:" in bad.output and "tie_break" in bad.output
