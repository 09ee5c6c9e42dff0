"""Hanabi ``smart`` with and without the stall convention: where the last copies go, and the score.

Plays the same deals (``game_seed(SEED, i)``) with ``smart`` at every seat, once as SmartBot plays
(``stall=False``, the ``smart`` bot) and once with the stall convention (``stall=True``, the
blueprint of ``search`` at two players; see ``generator/games/hanabi/sim/smartbot.py``). Prints
each one's mean score and perfect games, the mean of the paired differences with its standard
error, and how many times a game a last copy of a kind still needed left a hand, by cause:

- *misplayed*: played where it could not go;
- *moved by a warning / another clue / a play / a discard*: discarded as the discarder's chop, but
  not the chop the player before saw before their turn: their turn moved it, and nobody looked at
  the new one;
- *no note token*: the player before saw it as the chop and had no token to warn with;
- *not warned*: the player before saw it as the chop, had a token, and no warning was read (one
  read as a token reclaim, a chop the conventions wrongly took for safe);
- *other*: any other discard of a last copy (every card a known last copy, say).

Run: python benchmarks/bench_hanabi_stall.py [--games N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bench_hanabi_bots import PAPER

from generator.app.catalog import GAMES
from generator.files.paths import shipped_root
from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import HanabiEngine, HanabiState, make_engine
from generator.games.hanabi.sim.engine import DISCARD, PLAY
from generator.games.hanabi.sim.smartbot import SmartBot
from generator.loader import load_project
from generator.sim.api import game_seed
from generator.sim.stats import mean, stderr

CAUSES = ("misplayed", "moved by a warning", "moved by another clue", "moved by a play", "moved by a discard",
          "no note token", "not warned", "other")


def lost_last_copy(state: HanabiState, seat: int, action: tuple[int, ...]) -> bool:
    """Whether ``action`` of ``seat`` takes the last copy of a kind still needed out of play."""
    if action[0] not in (PLAY, DISCARD):
        return False
    engine = state.engine
    kind = state.deck[state.hands[seat][action[1]]]
    suit, rank = divmod(kind, engine.max_rank)
    needed = state.fireworks[suit] <= rank
    last = engine.copies[kind] - state.discarded[kind] == 1
    return needed and last and not (action[0] == PLAY and state.fireworks[suit] == rank)


def play(engine: HanabiEngine, value: int, stall: bool, causes: Counter[str]) -> HanabiState:
    """One game of ``smart`` at every seat; counts the last copies lost, by cause, into ``causes``."""
    state = engine.new_game(random.Random(value))
    players = state.engine.players
    bots = [SmartBot(state.engine.strikeout_zero, state.engine.five_returns, stall=stall) for _ in range(players)]
    seen: dict[int, tuple[int, int, tuple[int, ...], bool]] = {}
    """By player: their chop's order as the player before saw it, that player's tokens, action, and
    whether it was a warning to them."""
    while not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        bot = bots[seat]
        action = bot.choose(obs, state.legal_actions(), random.Random(0))
        following = (seat + 1) % players
        chop = bot.next_discard(following)
        warning = action[0] not in (PLAY, DISCARD) and action == bot._warn(obs)
        seen[following] = (state.hands[following][chop] if chop >= 0 else -1, obs.clues, action, warning)
        if lost_last_copy(state, seat, action):
            causes[cause(state, seat, action, seen.get(seat))] += 1
        state.apply(action)
    return state


def cause(state: HanabiState, seat: int, action: tuple[int, ...],
          before: tuple[int, int, tuple[int, ...], bool] | None) -> str:
    """Why a last copy left ``seat``'s hand (see the module docstring)."""
    if action[0] == PLAY:
        return "misplayed"
    if before is None:
        return "other"
    order = state.hands[seat][action[1]]
    chop, tokens, their_action, warning = before
    if chop != order:
        if warning:
            return "moved by a warning"
        return {PLAY: "moved by a play", DISCARD: "moved by a discard"}.get(their_action[0], "moved by another clue")
    return "no note token" if tokens == 0 else "not warned"


def main() -> None:
    """Play the deals both ways; print the scores and the last copies lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="deals (default 3000)")
    parser.add_argument("--players", type=int, default=2, help="table size (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games is at least 2 (a standard error needs two)")
    game = load_project(shipped_root(), GAMES).game("hanabi")
    assert isinstance(game, HanabiDefinition)
    engine = make_engine(game, args.players, PAPER)
    scores: dict[bool, list[float]] = {}
    causes: dict[bool, Counter[str]] = {}
    print(f"hanabi, {args.players} players, smart at every seat, {args.games} deals of seed {args.seed}")
    for stall in (False, True):
        causes[stall] = Counter()
        started = time.process_time()
        scores[stall] = [float(play(engine, game_seed(args.seed, i), stall, causes[stall]).score())
                         for i in range(args.games)]
        seconds = time.process_time() - started
        perfect = 100 * sum(1 for s in scores[stall] if s == engine.perfect) / args.games
        print(f"  stall={stall!s:<6} mean {mean(scores[stall]):.3f} ± {stderr(scores[stall]):.3f}, "
              f"{perfect:.1f} % perfect, {seconds:.1f} s of CPU")
    differences = [b - a for a, b in zip(scores[False], scores[True])]
    print(f"  paired difference (stall - SmartBot): {mean(differences):+.3f} ± {stderr(differences):.3f}")
    print(f"\nlast copies of a kind still needed lost, a game{'':<12}{'SmartBot':>10}{'stall':>10}")
    for name in CAUSES:
        print(f"  {name:<58}{causes[False][name] / args.games:>10.3f}{causes[True][name] / args.games:>10.3f}")
    total = {stall: sum(causes[stall].values()) / args.games for stall in (False, True)}
    print(f"  {'all':<58}{total[False]:>10.3f}{total[True]:>10.3f}")


if __name__ == "__main__":
    main()
