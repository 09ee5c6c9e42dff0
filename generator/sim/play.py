"""Playing one game of a table: the bots of each seat, each asked for its decisions through the
channel it declared, until the game ends; its record (scores, winners, length). The runner
(``runner``) plays many such games on an executor; this module is what each of them does.

What a bot is given:

- ``choose(observation, legal, rng)``: the normal case; ``observation`` is ``state.observation(seat)``
  and ``legal`` is ``state.legal_actions()``. A Hanabi bot therefore never sees its own hand.
- Bots that must see the whole state (the Hanabi ``cheat`` bot, an upper bound on what is possible)
  say so explicitly, in one of two ways:

  * a class attribute ``needs_state = True`` and a method ``choose_with_state(state, legal, rng)``,
    which the runner calls *instead of* ``choose``;
  * a method ``bind_state(state)``, which the runner calls with the live state just before every
    ``choose(observation, legal, rng)`` of that bot.

  Both receive the live state: a bot must not change it (it may ``clone()`` it to look ahead).

A game that takes more than ``max_turns`` decisions stops with ``TurnLimitExceeded`` (a broken
engine or bot loop, never a normal ending).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from .api import (
    Bot,
    BotSpec,
    Engine,
    GameRecord,
    GameState,
    Simulator,
    game_seed,
    resolve_options,
)
from .base import check_players
from .callclock import armed
from .errors import GameContext

DEFAULT_MAX_TURNS = 100_000
"""More decisions than any real game of the supported families takes, by orders of magnitude."""

class TurnLimitExceeded(RuntimeError):
    """A game went on past the turn limit: an engine or bot that never ends a game."""


class BotSpecError(ValueError):
    """An unknown bot name, a bad bot parameter, or a number of --bot values that fits no table."""


def bot_rng(game_seed_value: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` for one game: independent of the deal and of the
    other seats, and fixed by the game's seed."""
    return random.Random(f"cardforge-bot:{game_seed_value}:{seat}")


def resolve_bots(simulator: Simulator, specs: Sequence[BotSpec], players: int) -> tuple[BotSpec, ...]:
    """One BotSpec per seat: N values for N seats or one for every seat; ``best`` is resolved.

    Raises BotSpecError for an unknown name or a count that matches neither rule."""
    if not specs:
        specs = (BotSpec("best"),)
    if len(specs) == 1:
        specs = tuple(specs) * players
    elif len(specs) != players:
        raise BotSpecError(
            f"{len(specs)} bots given for {players} players: give one --bot for every seat, "
            "or a single --bot for all of them"
        )
    resolved: list[BotSpec] = []
    for spec in specs:
        if spec.name == "best":
            best = BotSpec.parse(simulator.best_bot(players))
            spec = BotSpec(best.name, spec.param if spec.param is not None else best.param)
        if spec.name not in simulator.bots:
            known = ", ".join(sorted(simulator.bots)) + ", best"
            raise BotSpecError(f"unknown bot '{spec.name}' for {simulator.kind} (bots: {known})")
        resolved.append(spec)
    return tuple(resolved)


def check_table(
    simulator: Simulator,
    definition: GameDefinition,
    players: int,
    bots: Sequence[BotSpec],
    *,
    options: Mapping[str, OptionValue] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> tuple[BotSpec, ...]:
    """Build the engine and the bots of a table once, so a table the rules or the engine refuse
    fails here (ValueError, KeyError) before any game; returns the bot of each seat."""
    check_players(definition, players)
    resolved = resolve_options(definition, options)
    specs = resolve_bots(simulator, bots, players)
    engine = simulator.make_engine(definition, players, resolved, **dict(extra or {}))
    make_bots(simulator, engine, specs)
    return specs


def make_bots(simulator: Simulator, engine: Engine, specs: Sequence[BotSpec]) -> list[Bot]:
    """Fresh bots for one game, seat by seat; a bad parameter raises BotSpecError."""
    bots: list[Bot] = []
    for seat, spec in enumerate(specs):
        try:
            bots.append(simulator.bots[spec.name](spec.param, seat, engine))
        except (ValueError, TypeError) as exc:
            raise BotSpecError(f"bot '{spec}': {exc}") from exc
    return bots


Decide = Callable[[GameState, int, Sequence[Any], random.Random], Any]


def decider(bot: Bot) -> Decide:
    """How the runner asks ``bot`` for a decision, through the channel it declared (see the module
    docstring); chosen once per game so the per-move cost stays one call."""
    if getattr(bot, "needs_state", False):
        choose_with_state = bot.choose_with_state  # type: ignore[attr-defined]
        return lambda state, seat, legal, rng: choose_with_state(state, legal, rng)
    choose = bot.choose
    bind = getattr(bot, "bind_state", None)
    if bind is not None:
        def bound(state: GameState, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
            bind(state)
            return choose(state.observation(seat), legal, rng)
        return bound
    return lambda state, seat, legal, rng: choose(state.observation(seat), legal, rng)


def winners_of(outcome: Mapping[str, Any], scores: Sequence[float], competitive: bool | None,
               everyone_tied_wins: bool = False, tie_break: str = "shared") -> tuple[int, ...]:
    """Competitive: the seats with the top score (several on a tie, or the whole winning team of a
    team game, whose members share the team's score); when every seat has the top score the game is
    a draw and nobody wins, unless ``everyone_tied_wins`` (``Simulator.everyone_tied_wins``): then
    every seat wins, as any other tie. Cooperative: every seat when
    ``outcome()["won"]`` is true (or, failing that key, when the score reaches ``outcome()["max_score"]``).
    ``competitive=None`` (a caller without the Simulator) treats a game whose outcome has a ``won``
    key as cooperative. ``tie_break`` (an engine's ``tie_break``, the definition's ``tie_break:``)
    settles a tie for the top score: ``shared`` as above, ``draw`` (nobody wins), ``later-seat`` or
    ``earlier-seat`` (the tied seat latest or earliest in the turn order wins alone)."""
    if not scores:
        return ()
    if competitive is None:
        competitive = "won" not in outcome
    if competitive:
        top = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == top)
        if len(winners) > 1 and tie_break != "shared":
            return () if tie_break == "draw" else (winners[-1],) if tie_break == "later-seat" else (winners[0],)
        return winners if everyone_tied_wins or len(winners) < len(scores) or len(scores) == 1 else ()
    if "won" in outcome:
        won = bool(outcome["won"])
    else:
        won = "max_score" in outcome and scores[0] >= outcome["max_score"]
    return tuple(range(len(scores))) if won else ()


def play_game_state(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    index: int,
    *,
    competitive: bool | None = None,
    everyone_tied_wins: bool = False,
    labels: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> tuple[GameRecord, GameState]:
    """Play game ``index`` of run ``seed`` to the end; the record and the final state (for export)."""
    value = game_seed(seed, index)
    rngs = [bot_rng(value, seat) for seat in range(len(bots))]
    deciders = [decider(bot) for bot in bots]
    decisions = 0
    with armed(getattr(engine, "call_seconds", None)):  # each call into a rules file, bounded
        state = engine.new_game(random.Random(value))
        while not state.is_terminal():
            if decisions >= max_turns:
                raise TurnLimitExceeded(f"game {index} of seed {seed} did not end within {max_turns} decisions")
            seat = state.current_player()
            legal = state.legal_actions()
            state.apply(deciders[seat](state, seat, legal, rngs[seat]))
            decisions += 1
        scores = tuple(float(s) for s in state.scores())
        outcome = dict(state.outcome())
    names = tuple(labels) if labels is not None else tuple(getattr(b, "name", type(b).__name__) for b in bots)
    record = GameRecord(
        index=index,
        seed=value,
        scores=scores,
        turns=state.turns,
        decisions=decisions,
        winners=winners_of(outcome, [-s for s in scores] if getattr(engine, "lowest_wins", False) else scores,
                           competitive, everyone_tied_wins, getattr(engine, "tie_break", "shared")),
        bots=names,
        outcome=outcome,
    )
    return record, state


def game_context(engine: Engine, seed: int, index: int, labels: Sequence[str],
                 actions: Sequence[Any] = ()) -> GameContext:
    """Which game of a run an error happened in, with the decisions before it in words when the
    engine can say them (``engine.words(seed, actions)``)."""
    value = game_seed(seed, index)
    words = getattr(engine, "words", None)
    steps = tuple(words(value, actions)) if words is not None and actions else ()
    return GameContext(seed, index, value, engine.players, tuple(labels), steps)


def play_game(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    index: int,
    *,
    competitive: bool | None = None,
    everyone_tied_wins: bool = False,
    labels: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> GameRecord:
    """Play game ``index`` of run ``seed`` with one bot per seat and return its record.

    Pass ``competitive=simulator.competitive`` and ``everyone_tied_wins=simulator.everyone_tied_wins``
    (the winners depend on them; see ``winners_of``) and ``labels`` to name the bots in the record
    (default: each bot's ``name``)."""
    return play_game_state(engine, bots, seed, index, competitive=competitive, everyone_tied_wins=everyone_tied_wins,
                           labels=labels, max_turns=max_turns)[0]
