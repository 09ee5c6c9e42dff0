"""Sequence simulator speed and bot strength: games per second (1 and 2 processes) for best-vs-best
and random-vs-random with 2 players, and win rates per seat (heuristic vs random, vs itself), with
the mean turns (cards played) and how often a chip completed a line of six or more.

Run: python benchmarks/bench_sequence.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import time

from generator.games.sequence.sim import summarize
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES


def seat_rates(result: runner.RunResult) -> str:
    """Win rate of each seat with its 95 % interval, and the draw rate."""
    summary = summarize(result.records, result.players)["sequence"]
    parts = [f"seat {seat}: {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]" for seat, r in enumerate(summary["seat_win_rate"])]
    parts.append(f"draws {summary['draw_rate']['rate']:.3f}")
    return "; ".join(parts) + (f"; mean turns {summary['mean_turns']:.1f} (cards played); "
                               f"{summary['games_with_a_line_of_six']} games with a line of six, "
                               f"{summary['sequence_choices_per_game']:.3f} choices of the five per game")


def main() -> None:
    """Time each table with 1 and 2 worker processes and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per timed run")
    parser.add_argument("--seed", type=int, default=1, help="run seed")
    args = parser.parse_args()
    game = load_project(shipped_root(), GAMES).game("sequence")
    simulator = simulator_for("sequence")
    tables = [
        ("best vs best", [BotSpec(simulator.best)] * 2),
        ("random vs random", [BotSpec("random")] * 2),
    ]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Sequence, 2 players, {args.games} games per run, best = {simulator.best}, "
          f"{os.cpu_count()} CPUs, load average {load:.2f}")
    for label, bots in tables:
        rates = {}
        for workers in (1, 2):
            start, cpu = time.perf_counter(), time.process_time()
            result = runner.run(simulator, game, 2, bots, args.games, args.seed, workers=workers)
            rates[workers] = args.games / (time.perf_counter() - start)
            if workers == 1:
                cpu_rate = args.games / (time.process_time() - cpu)
        print(f"{label:18s} 1 process {rates[1]:8.1f} games/s ({cpu_rate:.1f} per CPU second), "
              f"2 processes {rates[2]:8.1f} games/s (x{rates[2] / rates[1]:.2f})")
        print(f"{'':18s} {seat_rates(result)}")
    for label, bots in (
        ("heuristic vs random", [BotSpec("heuristic"), BotSpec("random")]),
        ("random vs heuristic", [BotSpec("random"), BotSpec("heuristic")]),
    ):
        result = runner.run(simulator, game, 2, bots, args.games, args.seed)
        print(f"{label:18s} {seat_rates(result)}")


if __name__ == "__main__":
    main()
