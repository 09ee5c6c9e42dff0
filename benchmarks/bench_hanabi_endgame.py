"""Hanabi ``search`` in the last rounds: the same positions finished with other endgame settings.

Plays the games of ``bench_hanabi_bots.py --chunk C --bots search --players 2`` (the k-th chunk
of C games with seed S + k) with ``search`` at both seats until the draw pile holds ``--from``
cards, then finishes each game from that position once with the default settings and once with
each variant (the bots as they were there: their models and their generators), and prints each
one's mean score, its mean difference from the default with the standard error of those paired
differences, and the CPU time of the finishes. A change to the last rounds alone is measured on
the same positions, so the luck of the deal does not drown it: where 1000 whole games tell means
apart to about 0.06 points, 100 paired ones tell apart a change that alters few games to a few
hundredths.

A variant is ``ENDGAME,FACTOR[,BONUS]``: every decision is searched from ENDGAME cards left in the
draw pile (default 6), with FACTOR times the budget (default 4), a perfect playout worth BONUS more
than its score (default 1); ENDGAME is at most ``--from``.

Run: python benchmarks/bench_hanabi_endgame.py [--games N] [--seed S] [--chunk C] [--from K]
         [--variant 10,4 --variant 6,10 --variant 6,4,0 ...]
"""

from __future__ import annotations

import argparse
import copy
import random
from typing import Any

from bench_hanabi_bots import cpu_seconds, search_games  # the CPU clock and the games of the 1000-game figures

from generator.games.hanabi.sim import HanabiState
from generator.games.hanabi.sim.searchbot import ENDGAME, ENDGAME_FACTOR, PERFECT_BONUS, SearchBot
from generator.sim.stats import mean, stderr


def play(state: HanabiState, bots: list[Any], rngs: list[random.Random], until_left: int = -1) -> None:
    """Play ``state`` with ``bots`` (each drawing from its own generator) until the draw pile holds
    ``until_left`` cards, by default to the end."""
    while not state.is_terminal() and len(state.deck) - state.next_card > until_left:
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]))


Variant = tuple[int, int, float]
"""Cards left from which every decision is searched, the budget's factor there, a perfect game's bonus."""


def variant(text: str) -> Variant:
    """``ENDGAME,FACTOR[,BONUS]``: two whole numbers and a number."""
    endgame, _, rest = text.partition(",")
    factor, _, bonus = rest.partition(",")
    return int(endgame), int(factor or ENDGAME_FACTOR), float(bonus or PERFECT_BONUS)


def label(setting: Variant) -> str:
    endgame, factor, bonus = setting
    return f"{endgame},{factor}" + ("" if bonus == PERFECT_BONUS else f",{bonus:g}")


def main() -> None:
    """Play to the position, finish it every way, print the paired figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="positions (games) to finish (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the first chunk's seed (default 1)")
    parser.add_argument("--chunk", type=int, default=50, help="games per seed, as bench_hanabi_bots.py --chunk")
    parser.add_argument("--from", dest="start", type=int, default=10,
                        help="cards left in the draw pile where the finishes start (default 10)")
    parser.add_argument("--variant", type=variant, action="append", default=None,
                        help="ENDGAME,FACTOR[,BONUS] to compare with the default (repeatable; default 10,4 and 6,10)")
    args = parser.parse_args()
    variants: list[Variant] = [(ENDGAME, ENDGAME_FACTOR, PERFECT_BONUS)] + (
        args.variant or [(10, ENDGAME_FACTOR, PERFECT_BONUS), (ENDGAME, 10, PERFECT_BONUS)])
    for setting in variants:
        endgame, factor, _ = setting
        if not 0 <= endgame <= args.start or factor < 1:
            parser.error(f"variant {label(setting)}: ENDGAME is 0 to --from ({args.start}), FACTOR at least 1")

    scores: list[list[int]] = [[] for _ in variants]
    perfect = [0] * len(variants)
    spent = [0.0] * len(variants)
    print(f"hanabi, 2 players, search at both seats, {args.games} games from seed {args.seed} in chunks of "
          f"{args.chunk}, finished from {args.start} cards left in the draw pile")
    for number, (_, state, bots, rngs) in enumerate(search_games(args.games, args.seed, args.chunk)):
        play(state, bots, rngs, until_left=args.start)
        position = (state, bots, rngs)
        for k, (endgame, factor, bonus) in enumerate(variants):
            state_k, bots_k, rngs_k = copy.deepcopy(position)
            for bot in bots_k:
                assert isinstance(bot, SearchBot)
                bot.endgame, bot.endgame_factor, bot.perfect_bonus = endgame, factor, bonus
            started = cpu_seconds()
            play(state_k, bots_k, rngs_k)
            scores[k].append(state_k.score())
            perfect[k] += state_k.end == "perfect"
            spent[k] += cpu_seconds() - started
        if (number + 1) % 10 == 0 or number + 1 == args.games:
            print(f"  {number + 1} games: " + ", ".join(f"{label(v)} {mean(s):.2f}" for v, s in zip(variants, scores)),
                  flush=True)
    print(f"{'variant':<16}{'mean':>7}{'s.e.':>7}{'perfect':>9}{'vs default':>12}{'s.e.':>7}{'CPU s a finish':>16}")
    base = scores[0]
    for setting, own, wins, cpu in zip(variants, scores, perfect, spent):
        differences = [float(x - y) for x, y in zip(own, base)]
        print(f"{label(setting):<16}{mean(own):>7.2f}{stderr(own):>7.3f}{100 * wins / len(own):>8.1f}%{mean(differences):>+12.3f}"
              f"{stderr(differences):>7.3f}{cpu / len(own):>16.2f}")


if __name__ == "__main__":
    main()
