"""Hanabi ``search``: how sharp its worlds are, with the belief filter replaying more or fewer turns.

Plays the games of ``bench_hanabi_bots.py --chunk C --bots search --players 2`` (the default
settings at both seats). Beside each seat, an observer per ``--depths`` value follows the same
turns: a ``search`` of budget 0 whose filter replays the turns since its ``depth``-th last turn.
At every decision each observer deals ``--worlds`` worlds, the same generator seed for all, and
the benchmark counts how often a world gives a card of the deciding seat's hand its true kind:
the mean chance of the truth a card, and its mean logarithm (a world never right counts as half a
world). Decisions right after a partner's move that left the blueprint are counted apart (no deal
explains such a move). Also the share of worlds no deal explained and the CPU time a world.

It measures the beliefs, not the play: sharper worlds are a reason to measure a setting over 1000
games of ``bench_hanabi_bots.py``, not a gain in score.

Run: python benchmarks/bench_hanabi_beliefs.py [--games N] [--seed S] [--chunk C] [--worlds W]
         [--depths 1,4]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict

from bench_hanabi_bots import search_games  # the games of the 1000-game figures

from generator.games.hanabi.sim.engine import HanabiState
from generator.games.hanabi.sim.observation import Observation
from generator.games.hanabi.sim.searchbot import SearchBot


def observe(bot: SearchBot, obs: Observation, legal: list[tuple[int, ...]], worlds: int,
            rng: random.Random) -> list[HanabiState]:
    """What ``bot.choose`` does with a budget, but deal ``worlds`` worlds instead of searching."""
    bot.prepare(obs, legal)
    dealt = bot._worlds(obs, bot.blueprint.own_possibilities(obs), worlds, rng)
    bot.finish(obs)
    return dealt


def main() -> None:
    """Play the default's games, let each observer deal worlds at every decision, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first chunk's seed (default 1)")
    parser.add_argument("--chunk", type=int, default=50, help="games per seed, as bench_hanabi_bots.py --chunk")
    parser.add_argument("--worlds", type=int, default=16, help="worlds an observer deals a decision (default 16)")
    parser.add_argument("--depths", default="1,4", help="the filter depths compared (default 1,4)")
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    if args.games < 1 or args.worlds < 1 or min(depths) < 1:
        parser.error("--games, --worlds and every depth are at least 1")

    sums: dict[tuple[int, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])  # chance, log, cards
    cpu = dict.fromkeys(depths, 0.0)
    dealt = dict.fromkeys(depths, 0)
    unexplained = dict.fromkeys(depths, 0)
    floor = 1 / (2 * args.worlds)
    for value, state, bots, rngs in search_games(args.games, args.seed, args.chunk):
        observers = {d: [SearchBot(state.engine, 0, depth=d) for _ in range(2)] for d in depths}
        after_departure = False
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            hand = state.hands[seat]
            when = "after a departure" if after_departure else "otherwise"
            for d in depths:
                observer = observers[d][seat]
                started, before = time.process_time(), observer.unexplained
                worlds = observe(observer, obs, legal, args.worlds, random.Random(value * 1000 + state.turns))
                cpu[d] += time.process_time() - started
                dealt[d] += len(worlds)
                unexplained[d] += observer.unexplained - before
                tally = sums[(d, when)]
                for order in hand:
                    chance = sum(w.deck[order] == state.deck[order] for w in worlds) / len(worlds)
                    tally[0] += chance
                    tally[1] += math.log(max(chance, floor))
                    tally[2] += 1
            bot = bots[seat]
            departures = bot.departures
            state.apply(bot.choose(obs, legal, rngs[seat]))
            after_departure = bot.departures > departures
    print(f"hanabi, 2 players, search at both seats, {args.games} games from seed {args.seed}; "
          f"{args.worlds} worlds an observer a decision")
    print(f"{'depth':>5}  {'decisions':<18}{'cards':>7}{'chance of the truth':>21}{'mean log':>10}"
          f"{'unexplained':>13}{'ms a world':>12}")
    for d in depths:
        for when in ("otherwise", "after a departure"):
            chance, log, cards = sums[(d, when)]
            print(f"{d:>5}  {when:<18}{int(cards):>7}{chance / max(cards, 1):>21.4f}{log / max(cards, 1):>10.4f}"
                  f"{100 * unexplained[d] / max(dealt[d], 1):>12.1f}%{1000 * cpu[d] / max(dealt[d], 1):>12.2f}")


if __name__ == "__main__":
    main()
