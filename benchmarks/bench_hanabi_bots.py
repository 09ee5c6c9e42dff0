"""Hanabi bots' strength and cost at every table size, beside the published figures.

For each bot and each table size: mean score with its standard error, % perfect games, and the CPU
time per decision (this process and its worker processes, user + system, divided by the decisions
of every seat), over ``--games`` games from ``--seed``, with the options the published bot results
use (a strikeout keeps the fireworks, clues must touch a card; ``--rulebook`` plays the rulebook's
own options instead). The published figures (``hanabi.md`` of the reference notes) are printed
beside ours.

Run: python benchmarks/bench_hanabi_bots.py [--games N] [--seed S] [--workers W] [--chunk C]
         [--bots info,search,smart,...] [--players 2,3,4,5] [--variant hanabi-multicolor] [--rulebook]

``--chunk C`` plays a cell's games C at a time, the k-th chunk (from 0) with seed S + k, and prints
the figures so far after each: a run of hours shows where it stands, and one cut short goes on
from the next chunk with ``--seed`` (its games are the same as in the whole run).
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from typing import Any, Iterator

from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import make_engine
from generator.loader import load_project
from generator.model.options import OptionValue
from generator.files.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec, GameRecord, game_seed
from generator.sim.play import bot_rng, make_bots
from generator.sim.stats import mean, stderr
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES

PAPER: dict[str, OptionValue] = {"strikeout": "keep", "empty_clues": False}

PUBLISHED = {
    "SimpleBot": (16.92, 18.48, 19.32, 18.50),
    "HolmesBot": (20.75, 20.86, 20.46, 18.40),
    "SmartBot": (23.09, 23.30, 22.44, 20.69),
    "hanabi.rs info": (22.52, 24.79, 24.94, 24.92),
    "Fireflower": (23.37, None, None, None),
    "SPARTA (learned blueprint)": (24.61, None, None, None),
    "CheatBot": (24.90, 24.98, 24.97, 24.95),
}
"""Published self-play means at 2 / 3 / 4 / 5 players, the same options (``hanabi.md``)."""


def cpu_seconds() -> float:
    """User + system CPU time of this process and of its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def search_games(games: int, seed: int, chunk: int) -> Iterator[tuple[int, Any, list[Any], list[random.Random]]]:
    """The games of ``--chunk CHUNK --bots search --players 2 --seed SEED``, one at a time, ready to
    play outside the runner (the k-th chunk with seed SEED + k, each game dealt and its bots' generators
    seeded as the runner does): each game's seed, its state, the two ``search`` bots and their
    generators. What the other Hanabi benchmarks replay positions of."""
    game = load_project(shipped_root(), GAMES).game("hanabi")
    assert isinstance(game, HanabiDefinition)
    simulator = simulator_for("hanabi")
    engine = make_engine(game, 2, PAPER)
    for number in range(games):
        value = game_seed(seed + number // chunk, number % chunk)
        bots = make_bots(simulator, engine, [BotSpec("search")] * 2)
        yield value, engine.new_game(random.Random(value)), bots, [bot_rng(value, seat) for seat in range(2)]


def main() -> None:
    """Play every bot at every table size and print its figures, then the published ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per bot and table size (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--bots", default="random,simple,holmes,smart,info,search,cheat",
                        help="comma-separated bots ('best' too)")
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated table sizes")
    parser.add_argument("--variant", default="hanabi", help="definition id (hanabi, hanabi-multicolor)")
    parser.add_argument("--rulebook", action="store_true", help="the rulebook's options instead of the papers'")
    parser.add_argument("--chunk", type=int, default=0, help="games per chunk, each with the next seed (0: one run)")
    args = parser.parse_args()

    project = load_project(shipped_root(), GAMES)
    game = project.game(args.variant)
    simulator = simulator_for("hanabi")
    options: dict[str, OptionValue] = {} if args.rulebook else PAPER
    sizes = [int(p) for p in args.players.split(",")]
    print(f"{args.variant}, {args.games} games per cell, seed {args.seed}, {args.workers} worker(s), "
          f"options {options or 'of the rulebook'}")
    print(f"{'bot':<14}{'players':>8}{'mean':>8}{'s.e.':>7}{'perfect':>9}{'ms/decision':>13}{'wall s':>8}")
    for name in args.bots.split(","):
        for players in sizes:
            spec = BotSpec.parse(name)
            label = f"{name} ({simulator.best_bot(players)})" if spec.name == "best" else name
            cpu, wall = cpu_seconds(), time.perf_counter()
            size = args.chunk if args.chunk > 0 else args.games
            records: list[GameRecord] = []
            for k, start in enumerate(range(0, args.games, size)):
                result = runner.run(simulator, game, players, [spec], min(size, args.games - start), args.seed + k,
                                    workers=args.workers, options=options)
                records.extend(result.records)
                if args.chunk > 0:
                    so_far = [r.scores[0] for r in records]
                    print(f"  {label}, {players} players, seeds {args.seed}..{args.seed + k}: {len(so_far)} games, "
                          f"mean {mean(so_far):.2f} ± {stderr(so_far):.3f}, "
                          f"{100 * sum(1 for r in records if r.outcome.get('won')) / len(records):.1f} % perfect",
                          flush=True)
            cpu, wall = cpu_seconds() - cpu, time.perf_counter() - wall
            scores = [r.scores[0] for r in records]
            n = len(scores)
            average = mean(scores)
            error = stderr(scores)
            perfect = 100 * sum(1 for r in records if r.outcome.get("won")) / n
            decisions = sum(r.decisions for r in records)
            print(f"{label:<14}{players:>8}{average:>8.2f}{error:>7.3f}{perfect:>8.1f}%{1000 * cpu / decisions:>13.3f}"
                  f"{wall:>8.0f}", flush=True)
    if not args.rulebook and args.variant == "hanabi":
        print("\npublished (same options), 2 / 3 / 4 / 5 players:")
        for bot, figures in PUBLISHED.items():
            print(f"  {bot:<28}" + "".join(f"{f:>8.2f}" if f is not None else f"{'-':>8}" for f in figures))


if __name__ == "__main__":
    main()
