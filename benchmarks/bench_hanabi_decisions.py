"""Hanabi ``search``: other settings judged decision by decision, on the positions of its own games.

Plays the games of ``bench_hanabi_bots.py --chunk C --bots search --players 2`` (the default
settings at both seats; the games are those of the 1000-game figures). At every decision, each
variant decides too: a copy of the deciding bot as it was (its models and its generator), with
other settings. Where a variant chooses another action than the default, every action chosen there
is judged by the *oracle*: ``--oracle`` worlds, the same for all of them, dealt as the search deals
its own (consistent with what the seat knows, explaining its partner's last turn), each action
played out once in each, everyone following the conventions afterwards. The variant's gain at that
decision is its action's mean value less the default's. A variant's gain a game is the sum over
the game's decisions, printed with its standard error over the games, beside how many of its
decisions differed and the CPU time of its decisions.

It measures what a decision is worth with the conventions played afterwards (what the search
itself estimates, with many more worlds), not the final score: the partner's own search and the
later decisions are left out. So it screens an idea before 1000 games of ``bench_hanabi_bots.py``
measure it, where the luck of the deal drowns differences of a few hundredths: only decisions that
differ count here, each judged on hundreds of shared worlds.

A variant is ``NAME=VALUE[,NAME=VALUE...]``, NAME one of the bot's settings: ``budget`` (playouts
a decision, default 200), ``threshold`` (how much better an action must be, default 0.1),
``focus`` (candidates besides the blueprint's kept in the race after a round, default 3),
``endgame`` (cards left from which every decision is searched, default 6), ``endgame_factor`` (the
budget's factor from there, default 4), ``extra`` (at a close call, how many times the budget more
playouts the blueprint's action and the best challenger get, default 0).

Run: python benchmarks/bench_hanabi_decisions.py [--games N] [--seed S] [--chunk C] [--oracle W]
         [--variant budget=400 --variant threshold=0.05 ...]
"""

from __future__ import annotations

import argparse
import copy
import random

from bench_hanabi_bots import cpu_seconds, search_games  # the CPU clock and the games of the 1000-game figures

from generator.games.hanabi.sim.searchbot import SearchBot
from generator.sim.stats import mean, stderr

SETTINGS = {"budget": int, "threshold": float, "focus": int, "endgame": int, "endgame_factor": int, "extra": float}
"""What a variant may set, and the type of each."""


def variant(text: str) -> dict[str, float]:
    """``NAME=VALUE[,NAME=VALUE...]`` as settings of ``SearchBot``."""
    settings: dict[str, float] = {}
    for part in text.split(","):
        name, equals, value = part.partition("=")
        if not equals or name not in SETTINGS:
            raise argparse.ArgumentTypeError(f"{part!r}: a variant sets {', '.join(SETTINGS)} (budget=400)")
        try:
            settings[name] = SETTINGS[name](value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r}: {value!r} is not a number of the kind {name} takes") from None
    return settings


def label(settings: dict[str, float]) -> str:
    return ",".join(f"{name}={value:g}" for name, value in settings.items())


def snapshot(bot: SearchBot) -> SearchBot:
    """A copy of ``bot`` as it is (its models and its record of the game), sharing the engine."""
    return copy.deepcopy(bot, {id(bot.engine): bot.engine})


class Tally:
    """One variant's figures: its gain in each game, its differing decisions, its CPU time."""

    def __init__(self) -> None:
        self.gains: list[float] = []
        self.differed = 0
        self.decisions = 0
        self.cpu = 0.0


def main() -> None:
    """Play the default's games; let every variant decide at every decision; judge the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the first chunk's seed (default 1)")
    parser.add_argument("--chunk", type=int, default=50, help="games per seed, as bench_hanabi_bots.py --chunk")
    parser.add_argument("--oracle", type=int, default=400, help="worlds the oracle judges a decision on (default 400)")
    parser.add_argument("--variant", type=variant, action="append", default=None,
                        help="settings to compare with the default (repeatable; default budget=400 and threshold=0.05)")
    args = parser.parse_args()
    variants: list[dict[str, float]] = args.variant or [{"budget": 400}, {"threshold": 0.05}]
    if args.games < 2 or args.oracle < 2:
        parser.error("--games and --oracle are at least 2 (a standard error needs two)")

    tallies = [Tally() for _ in variants]
    own_cpu, oracle_cpu, decisions, scores = 0.0, 0.0, 0, []
    print(f"hanabi, 2 players, search at both seats, {args.games} games from seed {args.seed} in chunks of "
          f"{args.chunk}; the oracle judges on {args.oracle} worlds")
    for number, (value, state, bots, rngs) in enumerate(search_games(args.games, args.seed, args.chunk)):
        gains = [0.0] * len(variants)
        turn = 0
        while not state.is_terminal():
            seat = state.current_player()
            bot, obs, legal = bots[seat], state.observation(seat), state.legal_actions()
            assert isinstance(bot, SearchBot)
            before, rng_before = snapshot(bot), copy.deepcopy(rngs[seat])
            started = cpu_seconds()
            action = bot.choose(obs, legal, rngs[seat])
            own_cpu += cpu_seconds() - started
            decisions += 1
            chosen = []
            for settings, tally in zip(variants, tallies):
                other = snapshot(before)
                for name, setting in settings.items():
                    setattr(other, name, setting)
                started = cpu_seconds()
                chosen.append(other.choose(obs, legal, copy.deepcopy(rng_before)))
                tally.cpu += cpu_seconds() - started
                tally.decisions += 1
            differing = [action] + sorted({c for c in chosen if c != action}, key=repr)
            if len(differing) > 1:
                started = cpu_seconds()
                judge = snapshot(before)
                judge.prepare(obs, legal)
                values = judge.judge(obs, differing, args.oracle, random.Random(value * 1000 + turn))
                worth = {a: mean(v) for a, v in zip(differing, values)}
                oracle_cpu += cpu_seconds() - started
                for k, (c, tally) in enumerate(zip(chosen, tallies)):
                    if c != action:
                        tally.differed += 1
                        gains[k] += worth[c] - worth[action]
            state.apply(action)
            turn += 1
        scores.append(state.score())
        for gain, tally in zip(gains, tallies):
            tally.gains.append(gain)
        if (number + 1) % 10 == 0 or number + 1 == args.games:
            print(f"  {number + 1} games, default {mean(scores):.2f}: " + ", ".join(
                f"{label(s)} {mean(t.gains):+.3f}" for s, t in zip(variants, tallies)), flush=True)
    print(f"default: {mean(scores):.2f} ± {stderr(scores):.3f} over {args.games} games, "
          f"{1000 * own_cpu / decisions:.0f} ms of CPU a decision; the oracle {oracle_cpu / args.games:.1f} s a game")
    print(f"{'variant':<28}{'gain a game':>12}{'s.e.':>7}{'differing a game':>18}{'ms a decision':>15}")
    for settings, tally in zip(variants, tallies):
        print(f"{label(settings):<28}{mean(tally.gains):>+12.3f}{stderr(tally.gains):>7.3f}"
              f"{tally.differed / args.games:>18.2f}{1000 * tally.cpu / tally.decisions:>15.0f}")


if __name__ == "__main__":
    main()
