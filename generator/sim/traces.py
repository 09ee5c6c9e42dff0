"""JSON traces of simulated games, for the games without a community file format (Sequence,
Firecrackers): written by ``simulate --export``, read back action by action by ``replay``.

A trace is one JSON object:

- ``format`` (``cardforge-trace``) and ``version`` (1);
- ``game`` (the game kind), ``definition`` (the id of the definition played), ``players`` and
  ``bots`` (the bot of each seat, as ``simulate --bot`` names it);
- ``index`` (the game's number in its run: ``game-00001.json`` is index 0) and ``seed``: the game's
  own seed; ``random.Random(seed)`` dealt the game and drew every later shuffle, so the game
  replays with the definition it was played with (the deal is checked against ``deal``);
- ``rules`` (every rule option as the engine played it) and ``settings`` (engine settings such as
  Firecrackers' ``expansion`` and ``scoreworks``; null when not given);
- ``deal``: the game's own description of the deal, cards named as the game names them;
- ``decisions``: every decision in order, ``{"seat", "action", "text"}``; ``action`` is the
  engine's action (tuples written as lists), ``text`` says it in words for a reader (replay
  ignores it);
- ``outcome``: what the finished game came to; a replay that ends elsewhere says so.

Which rules a replay uses: the definition's, then ``--rule`` overrides, then the file's ``rules``
(the file says how the game was actually played).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Callable, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from .api import GameRecord, GameState, IllegalAction, InvariantError, ReplayError
from .callclock import armed

FORMAT = "cardforge-trace"
VERSION = 1
FILE_FORMAT = "cardforge JSON trace"
"""What ``replay --help`` and messages call these files."""


def encode(action: Any) -> Any:
    """An engine action as JSON: tuples become lists (strings and numbers stay)."""
    if isinstance(action, (tuple, list)):
        return [encode(part) for part in action]
    return action


def decode(value: Any) -> Any:
    """A JSON action as the engine's: lists become tuples; only text, whole numbers and lists of
    them are actions (ValueError otherwise: no true/false, no objects)."""
    if isinstance(value, list):
        return tuple(decode(part) for part in value)
    if isinstance(value, str) or type(value) is int:
        return value
    raise ValueError(f"{json.dumps(value)} is not an action")


def plain(value: Any) -> Any:
    """A value as it reads back from JSON (tuples as lists, keys as text), for comparisons."""
    return json.loads(json.dumps(value))


def document(kind: str, definition: GameDefinition, engine: Any, record: GameRecord, *,
             settings: Mapping[str, Any], deal: Mapping[str, Any], decisions: Sequence[Mapping[str, Any]],
             outcome: Mapping[str, Any]) -> dict[str, Any]:
    """A trace with every field of the format, in the order a reader meets them."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": kind,
        "definition": definition.info.id,
        "players": engine.players,
        "bots": list(record.bots),
        "index": record.index,
        "seed": record.seed,
        "rules": dict(engine.options),
        "settings": dict(settings),
        "deal": dict(deal),
        "decisions": [dict(step) for step in decisions],
        "outcome": plain(dict(outcome)),
    }


def recorded_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The rule options a trace fixes itself (its ``rules``): what ``--rule`` cannot change for it."""
    rules = data.get("rules")
    return dict(rules) if isinstance(rules, Mapping) else {}


def recorded_settings(data: Mapping[str, Any]) -> dict[str, str]:
    """The engine settings a trace names (``--expansion`` and ``--setting`` of its run), as text."""
    settings = data.get("settings")
    if not isinstance(settings, Mapping):
        return {}
    return {str(name): str(value) for name, value in settings.items() if value is not None}


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
"""A game kind or definition id as a trace may name it (anything else is not repeated in a message)."""


def foreign_trace(data: Mapping[str, Any], kind: str, file: str = "FILE") -> str | None:
    """Why ``data``, a cardforge trace of another game than ``kind``, is not replayed as ``kind``,
    with the command that replays ``file``; None when it is no trace or a trace of ``kind``."""
    game = data.get("game")
    if data.get("format") != FORMAT or game == kind or not isinstance(game, str) or not _NAME.fullmatch(game):
        return None
    named = data.get("definition")
    replay_as = named if isinstance(named, str) and _NAME.fullmatch(named) else game
    return f"a cardforge trace of a {game} game, not of {kind}: replay it with `cardforge replay {replay_as} {file}`"


def recorded_rule_names(data: Mapping[str, Any], definition: GameDefinition) -> Mapping[str, Any]:
    """A game file's ``rules``, checked to be an object naming rule options of ``definition``
    (their values are checked when the options are resolved); ReplayError if not."""
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise ReplayError(None, "'rules' must be an object of rule options")
    known = definition.info.options.defaults()
    for name in rules:
        if name not in known:
            raise ReplayError(None, f"'rules': {definition.info.id} has no rule option '{name}'")
    return rules


def read_header(data: Mapping[str, Any], definition: GameDefinition, kind: str,
                overrides: Mapping[str, OptionValue] | None) -> tuple[int, dict[str, OptionValue], int]:
    """The players, rule options and seed of a trace of ``kind``; ReplayError (no action index)
    when the file is no such trace or does not fit the definition."""
    if not isinstance(data, Mapping):
        raise ReplayError(None, "a game file must be a JSON object")
    if data.get("format") != FORMAT:
        raise ReplayError(None, f"not a {FILE_FORMAT} ('format' should be '{FORMAT}')")
    if data.get("version") != VERSION:
        raise ReplayError(None, f"trace version {data.get('version')!r}: this cardforge reads version {VERSION}")
    foreign = foreign_trace(data, kind)
    if foreign is not None or data.get("game") != kind:
        raise ReplayError(None, foreign or f"a trace of a {data.get('game')!r} game, not of {kind}")
    players = data.get("players")
    if type(players) is not int or players not in definition.info.players:
        allowed = ", ".join(str(p) for p in definition.info.players)
        raise ReplayError(None, f"'players' is {players!r}: {definition.info.id} is played by {allowed}")
    seed = data.get("seed")
    if type(seed) is not int:
        raise ReplayError(None, "'seed' must be a whole number (the game's seed)")
    rules = recorded_rule_names(data, definition)
    if not isinstance(data.get("decisions"), list):
        raise ReplayError(None, "'decisions' must be a list")
    try:
        options = dict(definition.info.options.resolve({**(overrides or {}), **rules}))
    except Exception as exc:  # OptionError and friends: a bad value in the file or in --rule
        raise ReplayError(None, str(exc)) from exc
    return players, options, seed


def check_deal(data: Mapping[str, Any], deal: Mapping[str, Any], definition: GameDefinition) -> None:
    """The file's deal must be the one its seed deals: else the definition (or the engine) is not
    the one the game was played with."""
    recorded = data.get("deal")
    if recorded is not None and plain(recorded) != plain(deal):
        differ = sorted(key for key in {*plain(deal), *(recorded if isinstance(recorded, Mapping) else {})}
                        if not isinstance(recorded, Mapping) or plain(deal).get(key) != recorded.get(key))
        raise ReplayError(None, f"the seed deals another game than the file's ({', '.join(differ) or 'deal'} "
                                f"differ): the game was played with another {definition.info.id} or another engine")


def play_back(state: GameState, decisions: Sequence[Any],
              choose: Callable[[GameState, Any], Any] | None = None) -> None:
    """Apply every decision in order, checking the seat and the action: ReplayError with the index
    of the first one that is malformed or illegal. ``choose(state, written)`` turns a decision's
    written action into the engine's (ValueError when there is none); by default ``decode``."""
    for index, step in enumerate(decisions):
        if not isinstance(step, Mapping) or "action" not in step:
            raise ReplayError(index, "a decision needs an 'action'")
        if state.is_terminal():
            raise ReplayError(index, "a decision after the end of the game")
        seat = state.current_player()
        if "seat" in step and step["seat"] != seat:
            raise ReplayError(index, f"it is seat {seat}'s decision, not seat {step['seat']!r}'s")
        try:
            action = decode(step["action"]) if choose is None else choose(state, step["action"])
            state.apply(action)
        except (ValueError, IllegalAction) as exc:
            raise ReplayError(index, str(exc)) from exc


def check_outcome(data: Mapping[str, Any], outcome: Mapping[str, Any], finished: bool) -> None:
    """A finished replay must come to the outcome the file records (else the engine plays the
    game differently from the one that wrote it)."""
    recorded = data.get("outcome")
    if not finished or not isinstance(recorded, Mapping):
        return
    replayed = plain(dict(outcome))
    differ = [key for key in replayed if key in recorded and recorded[key] != replayed[key]]
    if differ:
        shown = "; ".join(f"{key} {json.dumps(replayed[key])} (the file: {json.dumps(recorded[key])})" for key in differ)
        raise ReplayError(None, f"the game replays to another outcome: {shown}")


def retrace(kind: str, engine: Any, state: Any, record: GameRecord, *, deal: Callable[[Any], dict[str, Any]],
            step: Callable[[Any, Any], dict[str, Any]], outcome: Callable[[Any], dict[str, Any]],
            settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The trace of a finished game (a Simulator's ``trace_game``): the game is dealt again from
    its seed and its decisions (``state.history``) played again, each said in words by ``step``;
    InvariantError if that does not end where the game did (an engine that does not play the same
    game from the same seed)."""
    again = engine.new_game(random.Random(record.seed))
    dealt = deal(again)
    decisions = [step(again, action) for action in state.history]
    ended = outcome(again)
    if plain(ended) != plain(outcome(state)):
        raise InvariantError(f"game {record.index} does not play again from its seed to the same end")
    return document(kind, engine.definition, engine, record, settings=dict(settings or {}), deal=dealt,
                    decisions=decisions, outcome=ended)


def restore_game(data: Mapping[str, Any], definition: GameDefinition, seed: int, make_engine: Callable[[], Any], *,
                 deal: Callable[[Any], dict[str, Any]],
                 play_back: Callable[[GameState, Sequence[Any]], None] = play_back) -> tuple[Any, GameState]:
    """The engine ``make_engine`` builds and the game a trace leaves on it: dealt from ``seed``
    (checked against the trace's deal), every decision applied with ``play_back``. Raises
    ReplayError."""
    try:
        engine = make_engine()
    except (ValueError, KeyError) as exc:
        raise ReplayError(None, str(exc.args[0]) if exc.args else str(exc)) from exc
    with armed(getattr(engine, "call_seconds", None)):  # each call into a rules file, bounded
        state = engine.new_game(random.Random(seed))
        check_deal(data, deal(state), definition)
        play_back(state, data["decisions"])
    return engine, state


def replay_game(data: Mapping[str, Any], definition: GameDefinition, seed: int, make_engine: Callable[[], Any], *,
                deal: Callable[[Any], dict[str, Any]], outcome: Callable[[Any], dict[str, Any]],
                play_back: Callable[[GameState, Sequence[Any]], None] = play_back) -> dict[str, Any]:
    """Replay a trace on the engine ``make_engine`` builds: deal from ``seed`` (checked against the
    trace's deal), apply every decision with ``play_back`` (checked seat and action), and return
    the outcome (``end`` is ``unfinished`` when the decisions stop before the game does). Raises
    ReplayError."""
    engine, state = restore_game(data, definition, seed, make_engine, deal=deal, play_back=play_back)
    result = outcome(state)
    check_outcome(data, result, state.is_terminal())
    if not state.is_terminal():
        result["end"] = "unfinished"
    return result
