"""A small rules-file game for the tests: a project folder with a card list, a face template and a
rules file ("Tens": play a card of your hand onto your pile or draw; the highest pile wins), with
hooks to break its rules on purpose."""

from __future__ import annotations

from pathlib import Path

DEFINITION = """\
game: custom
id: tens
name: Tens
players: [2, 3]
card_size: poker
cards: tens.csv
engine: rules.py
fields:
  value: {type: integer, min: 1, max: 9}
options:
  hand:
    default: 3
    min: 1
    max: 5
    description: Cards dealt to each player.
"""

LAYOUT = """\
faces:
  tens:
    base_width: 63.5
    base_height: 88.9
    front:
      regions:
        value: {x: 5, y: 5, width: 53.5, height: 40, text: "{value}", font: serif-bold, max_pt: 60, min_pt: 12}
"""

RULES = '''\
"""Tens: on your turn play a card onto your pile, or draw. The game ends when the deck and every
hand are empty; the highest pile wins."""
from generator.playtest import State


def setup(state: State) -> None:
    deck = state.new_zone("deck", visible="hidden", cards=state.components["deck"])
    state.shuffle(deck)
    state.deal(deck, state.new_zones("hand"), state.options["hand"])
    state.new_zones("pile", visible="public")


def actions(state: State) -> list:
    found = [("play", card) for card in state.zone("hand", state.current)]
    if len(state.zone("deck")):
        found.append("draw")
    return found or ["pass"]


def play(state: State, action) -> None:
    me = state.current
    if action == "draw":
        state.draw(state.zone("deck"), state.zone("hand", me))
    elif action != "pass":
        state.move(action[1], state.zone("pile", me))
    state.end_turn()


def is_over(state: State) -> bool:
    return not len(state.zone("deck")) and not any(len(state.zone("hand", p)) for p in state.players)


def scores(state: State) -> list:
    return [sum(card.value for card in state.zone("pile", p)) for p in state.players]
'''


def card_list() -> str:
    return "id,count,value\n" + "".join(f"c{v},2,{v}\n" for v in range(1, 10))


def make_project(folder: Path, rules: str = RULES) -> Path:
    """The Tens project in ``folder`` (rules text replaceable)."""
    (folder / "card_defs").mkdir(parents=True)
    (folder / "layouts").mkdir()
    (folder / "card_defs" / "tens.yaml").write_text(DEFINITION, encoding="utf-8")
    (folder / "card_defs" / "tens.csv").write_text(card_list(), encoding="utf-8")
    (folder / "card_defs" / "rules.py").write_text(rules, encoding="utf-8")
    (folder / "layouts" / "tens.yaml").write_text(LAYOUT, encoding="utf-8")
    return folder


def line_of(text: str, needle: str) -> int:
    """The line number (from 1) of the first line of ``text`` holding ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)
