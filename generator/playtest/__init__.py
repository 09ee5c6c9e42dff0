"""Playtest your own game: the API a rules file is written against. **This module is the stable
API of cardforge for outside code**: the names below keep their meaning across versions; a change
that breaks them is announced and comes with a new major version.

A definition names its rules file beside its card list (``engine: rules.py``); the file defines a
few functions of a ``State`` (``docs/rules-files.md`` is the tutorial)::

    from generator.playtest import State

    def setup(state: State) -> None:
        deck = state.new_zone("deck", visible="hidden", cards=state.components["deck"])
        state.shuffle(deck)
        state.deal(deck, state.new_zones("hand"), 5)

    def actions(state: State) -> list:
        return [("play", card) for card in state.zone("hand", state.current)]

    def play(state: State, action) -> None: ...
    def is_over(state: State) -> bool: ...
    def scores(state: State) -> list[float]: ...

What it gives:

- ``State``: one game in progress: players and turn order, zones, the components' cards, the rule
  options, the game's random generator, and the designer's own values;
- ``Zone`` and ``Visibility``: where cards are, and who knows them (general bots redeal what their
  player cannot see when they search);
- ``Card``: a physical card of a component, the card list's columns as typed attributes;
- ``Action``: what ``actions`` returns, any hashable value (text, numbers, cards, zones, tuples);
- ``GameError``: what a mistake in the rules becomes, located at its line of the rules file.

The cards come from the definition's components: ``state.components`` maps a component's name to
its cards. A definition with one card list (``game: custom``) has one component, ``deck``; a
definition with several components gives each its own name in the same mapping.

A rules file is code: cardforge runs it only in ``simulate``, ``sweep``, ``compare`` and
``replay``, with your rights. Simulate only projects you trust.
"""

from __future__ import annotations

from ..sim.errors import GameError
from .cards import Card, FieldValue
from .state import Action, State, View
from .zones import Visibility, Zone

__all__ = ["Action", "Card", "FieldValue", "GameError", "State", "View", "Visibility", "Zone"]
