"""A rules file as a game engine: a definition's ``engine: rules.py`` compiled and run, its
functions called by ``generator.playtest.State``, every mistake located at its line.

A rules file is Python: it runs with the rights of the user who runs ``simulate``, so only a
project you trust should be simulated. It is run here only (``simulate``, ``sweep``, ``compare``,
``replay``); the loader reads its text and never runs it.

What the file defines (``docs/rules-files.md``):

- ``setup(state)``: the zones and the first deal;
- ``actions(state) -> list``: the legal actions of ``state.current``;
- ``play(state, action)``: apply one of them (and ``state.end_turn()`` when the turn is over);
- ``is_over(state) -> bool``: whether the game has ended;
- ``scores(state) -> list[number]``: each player's score (at any time: greedy bots read it);
- optional: ``describe(state, action) -> str`` (an action in words), ``worth(state, player) ->
  number`` (one player's standing: the bots maximise its lead over the best other player's, instead
  of the score lead) or ``heuristic(state, player) -> number`` (the whole judgement), ``facts(state)
  -> dict`` (the game's own figures: numbers the reports average and ``compare`` tests),
  ``MAX_DECISIONS`` (default 10 000: a game still running after it is a rules gap).

The source is compiled once per process (a worker compiles the text its cell carries), under its
path, so tracebacks and messages name ``card_defs/rules.py:41``.
"""

from __future__ import annotations

import hashlib
import inspect
import linecache
import math
import random
import sys
import traceback
import types
from typing import Any, Callable, Collection, Mapping, Sequence

from ..model.common import Scoring
from ..model.rulesource import RulesSource
from ..sim.callclock import CLOCK, DEFAULT_CALL_SECONDS, MAX_CALL_SECONDS, MISTAKES, armed, from_a_signal
from ..sim.isolation import DEFAULT_MEMORY_MB, MAX_MEMORY_MB, ask_memory_bound, captured
from ..sim.errors import GameError
from ..sim.general import leads
from .cards import Card, FieldValue, make_cards
from .state import Action, State, default_words, missing_value

DEFAULT_MAX_DECISIONS = 10_000
"""Decisions after which a game that has not ended is a rules gap (a rules file may say
``MAX_DECISIONS = ...``)."""

REQUIRED = {
    "setup": ("state",),
    "actions": ("state",),
    "play": ("state", "action"),
    "is_over": ("state",),
    "scores": ("state",),
}
OPTIONAL = {
    "describe": ("state", "action"),
    "heuristic": ("state", "player"),
    "worth": ("state", "player"),
    "facts": ("state",),
}


class LoadedRules:
    """The functions of one rules file (implements ``generator.playtest.state.Rules``)."""

    def __init__(self, source: RulesSource) -> None:
        self.source = source
        self.path = source.path
        """The file as messages name it; also the name it is compiled under (tracebacks show it)."""
        self.filename = source.path
        module = _run(source)
        self.module = module
        functions: dict[str, Callable[..., Any]] = {}
        for name, params in {**REQUIRED, **OPTIONAL}.items():
            value = module.__dict__.get(name)
            if value is None:
                if name in REQUIRED:
                    raise GameError(f"the rules file defines no {name}({', '.join(params)}); a rules file defines "
                                    + ", ".join(f"{n}({', '.join(p)})" for n, p in REQUIRED.items()),
                                    where=f"{self.path}:1", code="rules")
                continue
            if not callable(value):
                raise GameError(f"{name} should be a function: def {name}({', '.join(params)})",
                                where=self._place(value), code="rules")
            _check_signature(name, value, params, self._place(value))
            functions[name] = value
        self.setup = functions["setup"]
        self.actions = functions["actions"]
        self.play = functions["play"]
        self.is_over = functions["is_over"]
        self.scores = functions["scores"]
        self.describe = functions.get("describe")
        self.heuristic = functions.get("heuristic")
        self.worth = functions.get("worth")
        if self.heuristic is not None and self.worth is not None:
            raise GameError("the rules file defines both heuristic(state, player) and worth(state, player); define "
                            "one: worth is a player's own standing, compared with the best other player's, "
                            "heuristic the whole comparison", where=self._place(self.worth), code="rules")
        self._facts = functions.get("facts")
        self.functions = functions
        limit = module.__dict__.get("MAX_DECISIONS", DEFAULT_MAX_DECISIONS)
        if type(limit) is not int or limit < 1:
            raise GameError(f"MAX_DECISIONS should be a whole number above 0, not {limit!r}",
                            where=f"{self.path}:1", code="rules")
        self.limit = limit
        seconds = module.__dict__.get("MAX_CALL_SECONDS", DEFAULT_CALL_SECONDS)
        if type(seconds) not in (int, float) or not 0 < seconds <= MAX_CALL_SECONDS:
            raise GameError(f"MAX_CALL_SECONDS should be a number of seconds above 0 and at most "
                            f"{MAX_CALL_SECONDS:g}, not {seconds!r}", where=f"{self.path}:1", code="rules")
        self.call_seconds = float(seconds)
        """How long one call into the file may run (``generator.sim.callclock``)."""
        memory = module.__dict__.get("MAX_MEMORY_MB", DEFAULT_MEMORY_MB)
        if type(memory) is not int or not 0 < memory <= MAX_MEMORY_MB:
            raise GameError(f"MAX_MEMORY_MB should be a whole number of megabytes above 0 and at most "
                            f"{MAX_MEMORY_MB}, not {memory!r}", where=f"{self.path}:1", code="rules")
        self.memory_mb = memory
        """How much memory a process playing the file's games may take (``generator.sim.isolation``)."""

    def _place(self, value: Any) -> str:
        code = getattr(value, "__code__", None)
        if code is not None and code.co_filename == self.filename:
            return f"{self.path}:{code.co_firstlineno}"
        return f"{self.path}:1"

    # ----------------------------------------------------------------- what State asks
    def words(self, state: State, action: Action) -> str:
        describe = self.describe
        if describe is None:
            return default_words(action)
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            text = describe(state, action)
        except GameError:
            raise
        except MISTAKES as exc:  # sys.exit() in the rules is their mistake
            raise self.failure(exc, state, "describe") from None
        finally:
            clock.depth -= 1
        return str(text)

    def facts(self, state: State) -> Mapping[str, Any]:
        facts = self._facts
        if facts is None:
            return {}
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            found = facts(state)
        except GameError:
            raise
        except MISTAKES as exc:
            raise self.failure(exc, state, "facts") from None
        finally:
            clock.depth -= 1
        if not isinstance(found, Mapping):
            raise GameError(f"facts() should give a dict of numbers by name, not {type(found).__name__}",
                            where=self._place(facts), code="rules")
        clean: dict[str, float | int | bool | str] = {}
        for name, value in found.items():
            if isinstance(value, (bool, str)) or (isinstance(value, (int, float)) and math.isfinite(value)):
                clean[str(name)] = value
            else:
                raise GameError(f"facts() gave {name!r}: {value!r}; a fact is a number, true/false or text",
                                where=self._place(facts), code="rules")
        return clean

    def evaluate(self, state: State, player: int) -> float:
        """What ``greedy`` maximises: the rules' ``heuristic``; else the player's ``worth`` minus the
        best other player's; else the same with the scores."""
        if self.heuristic is None:
            return self.evaluate_each(state)[player]
        return self._judged(self.heuristic, "heuristic", state, player)

    def evaluate_each(self, state: State) -> list[float]:
        """``evaluate`` for every player, in player order (from one reading of each player's worth
        or score: a search judging a position for every seat pays for it once)."""
        if self.heuristic is not None:
            return [self._judged(self.heuristic, "heuristic", state, player) for player in state._players]
        if self.worth is not None:
            standing = [self._judged(self.worth, "worth", state, player) for player in state._players]
        else:
            standing = state._checked_scores()
            if state._lowest:
                standing = [-score for score in standing]
        return leads(standing)

    def _judged(self, function: Callable[..., Any], name: str, state: State, player: int) -> float:
        """``function(state, player)`` (the heuristic or the worth), checked to be a number."""
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            value = function(state, player)
        except GameError:
            raise
        except MISTAKES as exc:
            raise self.failure(exc, state, name) from None
        finally:
            clock.depth -= 1
        if type(value) is bool or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise GameError(f"{name}() gave {value!r} for player {player}, not a number",
                            where=self._place(function), code="rules")
        return float(value)

    def failure(self, exc: BaseException, state: State | None, during: str) -> GameError:
        """An exception raised while the rules ran, located at the deepest line of the rules file
        (the user's Ctrl-C is raised again: it is no mistake of the rules)."""
        if from_a_signal(exc):
            raise exc
        where = self.locate(exc)
        player = f" of player {state._current}" if state is not None and not state._over else ""
        error = GameError(self._message(exc), where=where, code="exception",
                          detail="".join(traceback.format_exception(exc)), during=f"{during}(){player}",
                          actions=state._history if state is not None else ())
        return error

    def _message(self, exc: BaseException) -> str:
        """What the error of ``exc`` says: memory past the bound, a KeyboardInterrupt the file
        raised itself, or the exception as Python names it."""
        if isinstance(exc, MemoryError):
            return (f"MemoryError: the game took more than its memory bound ({self.memory_mb} MB); a rules file "
                    "may allow more with MAX_MEMORY_MB = ...")
        message = f"{type(exc).__name__}: {_text(exc)}"
        if isinstance(exc, KeyboardInterrupt):
            message += " raised by the rules file (not the user's Ctrl-C)"
        return message

    def escaped(self, exc: BaseException) -> GameError:
        """What escaped a game's calls into the file (a KeyboardInterrupt it raised, memory that ran
        out in cardforge's part of the game), located at the file's deepest line in its traceback."""
        return GameError(self._message(exc), where=self.locate(exc), code="exception",
                         detail="".join(traceback.format_exception(exc)), during="the game")

    def gap(self, code: str, message: str, function: str, state: State) -> GameError:
        """A rules gap, located at the rules function it concerns."""
        found = self.functions.get(function)
        return GameError(message, where=self._place(found) if found is not None else f"{self.path}:1",
                         code=code, actions=state._history)

    def locate(self, exc: BaseException) -> str:
        """``path:line:col`` of the deepest frame of ``exc`` in the rules file (``path:1`` if none)."""
        found = ""
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename == self.filename and frame.lineno:
                column = getattr(frame, "colno", None)
                found = f"{self.path}:{frame.lineno}" + (f":{column + 1}" if column is not None else "")
        return found or f"{self.path}:1"


def _text(exc: BaseException) -> str:
    text = missing_value(exc) or str(exc)
    if isinstance(exc, KeyError) and len(exc.args) == 1 and isinstance(exc.args[0], str):
        text = exc.args[0]
    return text or "(no message)"


def _check_signature(name: str, function: Callable[..., Any], params: Sequence[str], where: str) -> None:
    try:
        inspect.signature(function).bind(*params)
    except TypeError:
        raise GameError(f"{name} should take {len(params)} argument{'s' if len(params) != 1 else ''}: "
                        f"def {name}({', '.join(params)})", where=where, code="rules") from None
    except ValueError:  # a builtin without a signature: let it run
        pass


_LOADED: dict[tuple[str, str], LoadedRules] = {}
"""Rules files loaded in this process, by path and SHA-256 of the text."""


def load_rules(source: RulesSource) -> LoadedRules:
    """The rules of ``source``, compiled and run once per process; GameError (located) when the
    file does not compile, fails when run, or lacks what a rules file defines."""
    key = (source.path, source.sha256)
    loaded = _LOADED.get(key)
    if loaded is None:
        loaded = LoadedRules(source)
        _LOADED[key] = loaded
    return loaded


def _run(source: RulesSource) -> types.ModuleType:
    """The rules file as a module (named after its text, so two versions never mix)."""
    filename = source.path
    try:
        code = compile(source.text, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        line = exc.lineno or 1
        column = f":{exc.offset}" if exc.offset else ""
        raise GameError(f"syntax error: {exc.msg}", where=f"{source.path}:{line}{column}", code="syntax") from None
    except ValueError as exc:  # a NUL byte in the text
        raise GameError(f"the rules file cannot be compiled: {exc}", where=f"{source.path}:1", code="syntax") from None
    lines = source.text.splitlines(keepends=True)
    linecache.cache[filename] = (len(source.text), None, lines, filename)  # tracebacks show its lines
    name = "cardforge_rules_" + hashlib.sha256(f"{source.path}\0{source.text}".encode("utf-8")).hexdigest()[:16]
    module = types.ModuleType(name, f"The rules file {source.path}")
    module.__file__ = filename
    sys.modules[name] = module  # dataclasses and pickling look a class's module up by name
    try:
        with armed(DEFAULT_CALL_SECONDS):  # the file's own top level is bounded as a call is
            CLOCK.depth += 1
            CLOCK.calls += 1
            try:
                exec(code, module.__dict__)
            finally:
                CLOCK.depth -= 1
    except MISTAKES as exc:  # sys.exit() in a rules file is its mistake, not ours to obey
        if from_a_signal(exc):
            raise
        del sys.modules[name]
        kind = "import" if isinstance(exc, ImportError) else "exception"
        raise GameError(f"{type(exc).__name__}: {_text(exc)}", where=_deepest(exc, filename, source.path), code=kind,
                        detail="".join(traceback.format_exception(exc)), during="loading the rules file") from None
    return module


def _deepest(exc: BaseException, filename: str, path: str) -> str:
    found = f"{path}:1"
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == filename and frame.lineno:
            column = getattr(frame, "colno", None)
            found = f"{path}:{frame.lineno}" + (f":{column + 1}" if column is not None else "")
    return found


Rows = Sequence[tuple[str, int, Mapping[str, FieldValue]]]
"""A component's card list: ``(id, count, fields)`` per distinct card."""


class RulesEngine:
    """One table of a rules-file game (implements ``generator.sim.api.Engine``): the rules, the
    components' cards (built once, shared by every game), the players and the rule options."""

    def __init__(self, source: RulesSource, components: Mapping[str, Rows], players: int,
                 options: Mapping[str, Any], definition: Any = None, numbered: Collection[str] = ()) -> None:
        self.rules = load_rules(source)
        self.call_seconds = self.rules.call_seconds
        """How long one call into the rules file may run (``simulate`` and ``replay`` bound it)."""
        self.memory_mb = self.rules.memory_mb
        """How much memory a process playing its games may take (``generator.sim.isolation``)."""
        ask_memory_bound(self.memory_mb)
        self.definition = definition
        info = getattr(definition, "info", None)
        self.lowest_wins = getattr(info, "scoring", None) is Scoring.LOWEST
        """Whether the lowest score wins (the definition's ``scoring: lowest``)."""
        tie_break = getattr(info, "tie_break", None)
        self.tie_break = tie_break.value if tie_break is not None else "shared"
        """Who wins a tie for the best score (the definition's ``tie_break:``)."""
        self.players = players
        self.options = dict(options)
        self.components: dict[str, tuple[Card, ...]] = {name: make_cards(name, rows, name in numbered)
                                                        for name, rows in components.items()}
        self.by_id: dict[str, Card] = {}
        for cards in self.components.values():
            for card in cards:
                if card.id in self.by_id:
                    raise ValueError(f"two pieces of the components have the id '{card.id}'")
                self.by_id[card.id] = card

    def new_game(self, rng: random.Random) -> State:
        """A game dealt by the rules' ``setup`` with ``rng``."""
        rules = self.rules
        state = State(rules, self.players, self.components, self.options, rng, lowest_wins=self.lowest_wins)
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            rules.setup(state)
            over = rules.is_over(state)
        except GameError:
            raise
        except MISTAKES as exc:
            raise rules.failure(exc, state, "setup") from None
        finally:
            clock.depth -= 1
        state._check_cards()
        state._over = bool(over)
        return state

    def escaped(self, exc: BaseException) -> GameError:
        """A located error for what escaped a game (``generator.sim.isolation``)."""
        return self.rules.escaped(exc)

    def words(self, seed: int, actions: Sequence[Action]) -> list[str]:
        """The decisions ``actions`` of the game dealt from ``seed``, in words (``player 0: play
        apple-3``), as far as they replay (what an error report shows)."""
        steps: list[str] = []
        try:
            with armed(self.call_seconds), captured():  # what the game printed is the game's, not this replay's
                state = self.new_game(random.Random(seed))
                for number, action in enumerate(actions, 1):
                    player = state.current_player()
                    steps.append(f"player {player}: {state.words(action)}")
                    if number < len(actions):  # the last is the one that failed: not played again
                        state.apply(action)
        except Exception:  # the decision that failed is the error being reported
            pass
        return steps
