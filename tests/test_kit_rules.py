"""Lantern Harbour (the example of a whole game, ``cardforge init DIR --example kit``) plays by its
rules file: every component reaches it as typed values from its card list, it keeps the public
contract with random play at every player count, every bot plays it, and ``--set`` on a
component's card list changes the game."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.games.custom.model import CustomDefinition
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.contract import check_bots, check_random_play, check_replay
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES

EXAMPLE = shipped_root() / "examples" / "lanterns"


def definition(folder: Path = EXAMPLE) -> CustomDefinition:
    game = load_project(folder, GAMES, layouts=False).game("lanterns")
    assert isinstance(game, CustomDefinition)
    return game


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result


def test_the_rules_receive_every_component_typed() -> None:
    game = definition()
    engine = simulator_for("custom").make_engine(game, 3, {})
    state = engine.new_game(random.Random(1))
    parts = state.components
    assert {name: len(cards) for name, cards in parts.items()} == {
        "ships": 36, "voyages": 10, "lanterns": 24, "reefs": 6, "harbour": 1, "box": 1}
    galleon = next(card for card in parts["ships"] if card.id == "teal-8")
    assert galleon.value == 8 and galleon.vessel == "Galleon" and galleon.component == "ships"
    assert next(card for card in parts["voyages"] if card.id == "great-fleet").points == 8
    assert [card.id for card in parts["lanterns"]][:2] == ["lanterns-1", "lanterns-2"]  # as cardforge deck numbers them
    assert state.reefs == {6, 12, 18, 24, 30, 36}  # one reef for each tile of the component
    assert [len(state.zone("lit", p)) for p in state.players] == [4, 4, 4]
    assert state.legal_actions()[0][0] == "keep"  # the first decisions: each player keeps a voyage


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_keeps_the_contract(players: int) -> None:
    check_random_play(simulator_for("custom"), definition(), games=40, players=[players])


@pytest.mark.e2e
def test_every_bot_plays_and_a_game_replays() -> None:
    check_bots(simulator_for("custom"), definition())
    check_replay(simulator_for("custom"), definition())


def test_simulate_with_every_general_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLE, tmp_path / "kit")
    result = invoke("simulate", "lanterns", "--project", "kit", "-k", "6", "-w", "1", "--skill-games", "0",
                    "--bot", "random", "--bot", "greedy", "--bot", "ismcts:8", "--players", "3", "--json")
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["seat_bots"] == ["random", "greedy", "ismcts:8"]
    assert "voyages fulfilled" in data["game"]["facts"]
    files = data["deck"]["files"]
    assert any(name.endswith("rules.py") for name in files) and any(name.endswith("voyages.csv") for name in files)


def test_set_changes_a_card_of_a_component(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--set components.NAME.cards.ROW.COLUMN reaches the rules: voyages worth 10 points lift the scores."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLE, tmp_path / "kit")
    base = ["simulate", "lanterns", "--project", "kit", "-k", "40", "-w", "1", "--skill-games", "0",
            "--bot", "random", "--json"]
    plain = json.loads(invoke(*base).stdout)
    values = ",".join(f"components.voyages.cards.{v}.points=10" for v in (
        "convoy-crimson", "convoy-teal", "convoy-amber", "convoy-violet", "full-moon", "long-quay", "small-craft",
        "great-fleet", "night-watch", "clear-skies"))
    richer = json.loads(invoke(*base, *[a for v in values.split(",") for a in ("--set", v)]).stdout)
    assert richer["deck"]["changes"]["components.voyages.cards.great-fleet.points"] == 10
    assert richer["mean_score"] > plain["mean_score"] + 1
    wrong = CliRunner().invoke(cli, [*base, "--set", "components.voyages.cards.no-such-voyage.points=3"])
    assert wrong.exit_code == 2 and "did you mean 'components.voyages.cards.convoy-amber.points'" in wrong.output


def harbour_with_galleons(game: CustomDefinition, galleons: int) -> list[float]:
    """The scores when player 0 kept The Great Fleet and has ``galleons`` galleons in their rows."""
    state = simulator_for("custom").make_engine(game, 2, {}).new_game(random.Random(3))
    cards = {card.id: card for card in state.cards}
    state.move(cards["great-fleet"], state.zone("voyage", 0))
    for colour in ("crimson", "teal", "amber", "violet")[:galleons]:
        state.move(cards[f"{colour}-8"], state.zone(colour, 0))
    return state.scores()


def test_a_voyage_goal_is_played_from_its_card_values() -> None:
    """The goal of a voyage comes from its columns of voyages.csv (the card prints the same values):
    --set components.voyages.cards.great-fleet.amount=3 asks three galleons instead of two."""
    assert harbour_with_galleons(definition(), 2)[0] == pytest.approx(8.4)  # 8 points + 4 lanterns lit
    assert harbour_with_galleons(definition(), 1)[0] == pytest.approx(0.4)
    file = (EXAMPLE / "card_defs" / "lanterns.yaml").resolve()
    game = load_project(EXAMPLE, GAMES, layouts=False, changes={file: {"components.voyages.cards.great-fleet.amount": 3}}
                        ).game("lanterns")
    assert isinstance(game, CustomDefinition)
    assert harbour_with_galleons(game, 2)[0] == pytest.approx(0.4)
    assert harbour_with_galleons(game, 3)[0] == pytest.approx(8.4)


def test_a_voyage_naming_no_vessel_of_the_ships_is_refused() -> None:
    file = (EXAMPLE / "card_defs" / "lanterns.yaml").resolve()
    game = load_project(EXAMPLE, GAMES, layouts=False, changes={
        file: {"components.voyages.cards.small-craft.vessels": "Dinghy, Skif"}}).game("lanterns")
    assert isinstance(game, CustomDefinition)
    with pytest.raises(Exception, match="small-craft.*Skif"):
        simulator_for("custom").make_engine(game, 2, {}).new_game(random.Random(1))


def test_set_changes_the_played_goal_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every voyage asking five galleons (the deck has four) is never fulfilled; asking one often is."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLE, tmp_path / "kit")
    base = ["simulate", "lanterns", "--project", "kit", "-k", "30", "-w", "1", "--skill-games", "0",
            "--bot", "random", "--json"]
    voyages = ["convoy-crimson", "convoy-teal", "convoy-amber", "convoy-violet", "full-moon", "long-quay",
               "small-craft", "great-fleet", "night-watch", "clear-skies"]

    def fulfilled(amount: int) -> float:
        args = [a for v in voyages for a in ("--set", f"components.voyages.cards.{v}.goal=galleons",
                                              "--set", f"components.voyages.cards.{v}.amount={amount}")]
        data = json.loads(invoke(*base, *args).stdout)
        assert data["deck"]["changes"]["components.voyages.cards.great-fleet.amount"] == amount
        return float(data["game"]["facts"]["voyages fulfilled"]["mean"])

    assert fulfilled(5) == 0
    assert fulfilled(1) > 0.3
