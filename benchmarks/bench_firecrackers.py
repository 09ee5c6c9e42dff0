"""Firecrackers simulator speed: games per second with 4 players and ``best`` (1 and 2 processes),
plus the explosion rate and the mean number of rounds of those games.

Run: python benchmarks/bench_firecrackers.py [--games N] [--players P] [--expansion]
"""

from __future__ import annotations

import argparse
import time

from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES


def main() -> None:
    """Time one run per worker count and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per timed run")
    parser.add_argument("--players", type=int, default=4, help="players at the table")
    parser.add_argument("--bot", default="best", help="bot of every seat")
    parser.add_argument("--expansion", action="store_true", help="play with Scoreworks")
    parser.add_argument("--seed", type=int, default=1, help="run seed")
    args = parser.parse_args()
    project = load_project(shipped_root(), GAMES)
    game = project.game("firecrackers")
    extra = {"expansion": project.expansions_of("firecrackers")[0]} if args.expansion else {}
    simulator = simulator_for("firecrackers")
    bots = [BotSpec.parse(args.bot)]
    print(f"Firecrackers, {args.players} players, bot {args.bot} "
          f"({runner.resolve_bots(simulator, bots, 1)[0]}), {args.games} games, "
          f"Scoreworks {'on' if args.expansion else 'off'}")
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = runner.run(simulator, game, args.players, bots, args.games, args.seed, workers=workers, extra=extra)
        elapsed = time.perf_counter() - start
        rates[workers] = args.games / elapsed
        print(f"  {workers} process{'es' if workers > 1 else ''}: {rates[workers]:8.1f} games/s ({elapsed:.2f} s)")
    summary = simulator.summarize(result.records, args.players)  # type: ignore[misc]
    print(f"  speed-up with 2 processes: {rates[2] / rates[1]:.2f}x")
    print(f"  explosion rate: {summary['explosion_rate']:.3f} of players leaving a round "
          f"({summary['explosions_per_game']:.2f} explosions per game)")
    print(f"  mean rounds per game: {summary['rounds']['mean']:.2f}")
    shares = ", ".join(f"{share:.3f}" for share in summary["seat_win_share"])
    print(f"  win share per seat: {shares}")


if __name__ == "__main__":
    main()
