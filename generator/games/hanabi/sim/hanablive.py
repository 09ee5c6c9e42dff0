"""The hanab.live game format: replay a game file through the engine, and export a simulated game.

A file holds ``players`` (names, player 0 first), ``deck`` (``{"suitIndex", "rank"}`` from the top;
player 0 is dealt the first full hand, then player 1, ...), ``actions`` (``{"type", "target",
"value"}``: 0 play and 1 discard of the card of that order, 2 colour clue and 3 rank clue to a
player, 4 game ended) and optional ``options`` (``variant`` and table options such as
``emptyClues``). Suit index ``i`` is the definition's ``i``-th suit (red, yellow, green, blue,
white; the multicolour variant adds a sixth, clued like any colour: the site's "6 Suits").

Exported files also carry ``"rules"``: every rule option of the definition the game was played
under (the site's format cannot hold a strikeout that keeps the score, four storm tokens...), so
``replay`` plays them back under the same rules. Viewers ignore the key.

Which rules a replay uses: the definition's, then ``--rule`` overrides, then the file's ``rules``,
then its table options (the file says how the recorded game was actually played).
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Mapping, TypeGuard

from generator.model import OptionValue
from generator.sim import traces
from generator.sim.api import IllegalAction, ReplayError, Restored

from ..model import HanabiDefinition
from .engine import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE, HanabiEngine, HanabiState

GAME_OVER = 4
VARIANTS = {3: "3 Suits", 4: "4 Suits", 5: "No Variant", 6: "6 Suits"}
"""The site's variant for a definition with that many suits all clued like plain colours."""
TABLE_OPTIONS = {"emptyClues": "empty_clues"}
"""hanab.live table options and the rule option each one sets."""
UNSUPPORTED_OPTIONS = ("oneExtraCard", "oneLessCard", "allOrNothing", "detrimentalCharacters", "deckPlays")
PLAYER_NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")


def _int(value: object) -> TypeGuard[int]:
    """A JSON integer (``True`` is not one)."""
    return type(value) is int


def recorded_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The rule options a file itself fixes (its ``rules`` and table options), unchecked: what a
    ``--rule`` override cannot change for that file."""
    fixed: dict[str, Any] = {}
    rules = data.get("rules")
    if isinstance(rules, Mapping):
        fixed.update(rules)
    options = data.get("options")
    if isinstance(options, Mapping):
        fixed.update({rule: options[name] for name, rule in TABLE_OPTIONS.items() if name in options})
    return fixed


def _options(definition: HanabiDefinition, data: Mapping[str, Any],
             overrides: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
    """Definition defaults, then ``overrides``, then the file's ``rules`` and table options (they say
    how the recorded game was actually played; see ``recorded_rules``), once the file's are checked."""
    traces.recorded_rule_names(data, definition)  # checked here; read by recorded_rules
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ReplayError(None, "'options' must be an object")
    variant = options.get("variant")
    if variant is not None:
        expected = VARIANTS.get(len(definition.suits))
        if variant != expected:
            raise ReplayError(None, f"variant '{variant}' is not {definition.info.id} (its variant is "
                                    f"'{expected}'): replay the file with the game of that variant "
                                    f"(`cardforge list` shows the games and variants)")
    for name in UNSUPPORTED_OPTIONS:
        if options.get(name):
            raise ReplayError(None, f"table option '{name}' is not supported")
    for name in TABLE_OPTIONS:
        if name in options and not isinstance(options[name], bool):
            raise ReplayError(None, f"option '{name}' must be true or false")
    chosen: dict[str, OptionValue] = {**(overrides or {}), **recorded_rules(data)}
    try:
        return dict(definition.info.options.resolve(chosen))
    except Exception as exc:  # OptionError and friends: a bad --rule value
        raise ReplayError(None, str(exc)) from exc


def _start(definition: HanabiDefinition, data: Mapping[str, Any],
           overrides: Mapping[str, OptionValue] | None) -> tuple[HanabiState, list[Any]]:
    if not isinstance(data, Mapping):
        raise ReplayError(None, "a game file must be a JSON object")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ReplayError(None, "'players' must be a list of player names")
    if len(players) not in definition.info.players:
        raise ReplayError(None, f"{len(players)} players: {definition.info.id} is played by "
                                f"{definition.info.players_text}")
    deck = data.get("deck")
    if not isinstance(deck, list):
        raise ReplayError(None, "'deck' must be a list of cards")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError(None, "'actions' must be a list")
    engine = HanabiEngine(definition, len(players), _options(definition, data, overrides))
    kinds: list[int] = []
    for i, card in enumerate(deck):
        if not isinstance(card, Mapping) or not _int(card.get("suitIndex")) or not _int(card.get("rank")):
            raise ReplayError(None, f"deck card {i} needs integer 'suitIndex' and 'rank'")
        suit, rank = card["suitIndex"], card["rank"]
        if not 0 <= suit < engine.suits or not 1 <= rank <= engine.max_rank:
            raise ReplayError(None, f"deck card {i}: no suit {suit} rank {rank} in {definition.info.id}")
        kinds.append(suit * engine.max_rank + rank - 1)
    if sorted(kinds) != sorted(engine.deck_kinds):
        raise ReplayError(None, f"the deck is not {definition.info.id}'s: {_deck_difference(engine, kinds)}")
    state = engine.game_from_deck(kinds)
    return state, actions


def _deck_difference(engine: HanabiEngine, kinds: list[int]) -> str:
    """``2 red 5 (1 in the game), 2 red 1 (3 in the game)``: the kinds whose counts differ."""
    counts = [0] * engine.kinds
    for kind in kinds:
        counts[kind] += 1
    wrong = [f"{n} {engine.kind_name(k)} ({engine.copies[k]} in the game)"
             for k, n in enumerate(counts) if n != engine.copies[k]]
    return f"{len(kinds)} cards ({len(engine.deck_kinds)} in the game); " + ", ".join(wrong[:6]) + (
        f" and {len(wrong) - 6} more" if len(wrong) > 6 else "")


def _played(definition: HanabiDefinition, data: Mapping[str, Any],
            overrides: Mapping[str, OptionValue] | None) -> tuple[HanabiState, list[tuple[int, ...]], bool]:
    """The game a hanab.live file leaves: the state, the engine's actions applied, and whether a
    game-over action ended it. Raises ReplayError."""
    state, actions = _start(definition, data, overrides)
    engine = state.engine
    terminated = False
    moves: list[tuple[int, ...]] = []
    for i, action in enumerate(actions):
        if not isinstance(action, Mapping) or not _int(action.get("type")):
            raise ReplayError(i, "an action needs an integer 'type'")
        kind = action["type"]
        if terminated or state.is_terminal():
            raise ReplayError(i, f"action after the end of the game ({state.end or 'game over'})")
        seat = state.current_player()
        target = action.get("target")
        value = action.get("value")
        if kind in (PLAY, DISCARD):
            if not _int(target):
                raise ReplayError(i, "a play or discard needs the card's order as 'target'")
            hand = state.hands[seat]
            if target not in hand:
                raise ReplayError(i, f"card {target} is not in the hand of player {seat} ({_name(data, seat)})")
            move: tuple[int, ...] = (kind, hand.index(target))
        elif kind in (COLOUR_CLUE, RANK_CLUE):
            if not _int(target) or not 0 <= target < engine.players:
                raise ReplayError(i, f"clue to player {target!r}: no such player")
            if not _int(value):
                raise ReplayError(i, "a clue needs an integer 'value'")
            if kind == COLOUR_CLUE and not 0 <= value < engine.suits:
                raise ReplayError(i, f"colour clue value {value} out of range 0-{engine.suits - 1}")
            if kind == RANK_CLUE and not 1 <= value <= engine.max_rank:
                raise ReplayError(i, f"rank clue value {value} out of range 1-{engine.max_rank}")
            move = (kind, target, value)
        elif kind == GAME_OVER:
            terminated = True
            continue
        else:
            raise ReplayError(i, f"unknown action type {kind}")
        try:
            state.apply(move)
        except IllegalAction as exc:
            raise ReplayError(i, str(exc)) from exc
        moves.append(move)
    return state, moves, terminated


def replay(definition: HanabiDefinition, data: Mapping[str, Any],
           overrides: Mapping[str, OptionValue] | None = None) -> dict[str, Any]:
    """Replay a hanab.live game: its score, fireworks by suit key, storm tokens turned, note tokens
    left, turns and why it ended (``perfect``, ``strikeout``, ``deck_out``, ``terminated`` by a
    game-over action, ``unfinished`` when the actions stop first). Raises ReplayError."""
    state, _, terminated = _played(definition, data, overrides)
    end = state.end or ("terminated" if terminated else "unfinished")
    return {
        "score": state.score(),
        "fireworks": {s.key: state.fireworks[i] for i, s in enumerate(definition.suits)},
        "strikes": state.storms,
        "clues": state.clues,
        "turns": state.turns,
        "end": end,
    }


def restore(definition: HanabiDefinition, data: Mapping[str, Any],
            overrides: Mapping[str, OptionValue] | None = None) -> Restored:
    """The game a hanab.live file leaves, to go on from (``cardforge play --from``): dealt from
    the deck the file records. ReplayError when it does not replay, or ended by a game-over."""
    state, moves, terminated = _played(definition, data, overrides)
    if terminated:
        raise ReplayError(None, "the game was ended by a game-over action: there is nothing to go on with")
    deck = list(state.deck)
    seed = zlib.crc32(json.dumps(deck).encode("ascii"))
    return Restored(state.engine, lambda engine: engine.game_from_deck(deck), tuple(moves), seed)


def _name(data: Mapping[str, Any], seat: int) -> str:
    players = data.get("players") or []
    return str(players[seat]) if seat < len(players) else f"seat {seat}"


def export(state: HanabiState) -> dict[str, Any]:
    """A (finished) game in the hanab.live format; replaying it gives the same score."""
    engine = state.engine
    r = engine.max_rank
    actions: list[dict[str, int]] = []
    for _seat, action, detail in state.log:
        if action[0] in (PLAY, DISCARD):
            actions.append({"type": action[0], "target": detail[0], "value": 0})
        else:
            actions.append({"type": action[0], "target": action[1], "value": action[2]})
    names = [PLAYER_NAMES[p] if p < len(PLAYER_NAMES) else f"Player {p + 1}" for p in range(engine.players)]
    options: dict[str, Any] = {"variant": VARIANTS.get(engine.suits, f"{engine.suits} Suits"),
                               "emptyClues": engine.empty_clues}
    return {
        "players": names,
        "deck": [{"suitIndex": k // r, "rank": k % r + 1} for k in state.deck],
        "actions": actions,
        "options": options,
        "rules": dict(engine.options),
    }


def describe(outcome: Mapping[str, Any]) -> str:
    """One line for a replayed game (``cardforge replay``)."""
    fireworks = " ".join(f"{suit} {rank}" for suit, rank in outcome.get("fireworks", {}).items())
    return (f"score {outcome.get('score')}, {outcome.get('turns')} turns, {outcome.get('strikes')} strikes, "
            f"{outcome.get('clues')} clues left, ended: {outcome.get('end')} [{fireworks}]")
