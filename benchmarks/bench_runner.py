"""Prints games and decisions per second of the runner for every simulated game, with 1 and 2 workers.

Usage: python benchmarks/bench_runner.py [--games K] [--bot NAME] [--kind KIND ...]
The bot is ``best`` except for Hanabi, whose ``best`` at two players is a search (``smart`` is measured).
The tables are the issue's reference tables (Hanabi 2 players, Sequence 2, Firecrackers 4); a kind
whose engine is not available is reported and skipped. Wall-clock figures include the start-up of
the worker processes, as a user of ``cardforge simulate --workers 2`` would see them.
"""

from __future__ import annotations

import argparse
import time

from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.app.simulators import simulated_kinds, simulator_for
from generator.sim.runner import run
from generator.app.catalog import GAMES

TABLES = {"hanabi": ("hanabi", 2), "sequence": ("sequence", 2), "firecrackers": ("firecrackers", 4)}
RUNNER_BOTS = {"hanabi": "smart"}
"""Bots measured instead of ``best`` where ``best`` searches (Hanabi's at two players spends tens of
milliseconds a decision, which would measure the search, not the runner)."""


def main() -> None:
    """Run each table with one and two workers and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per measurement")
    parser.add_argument("--bot", default=None, help="bot for every seat (default: best; smart for Hanabi)")
    parser.add_argument("--kind", action="append", choices=simulated_kinds(), help="game kinds to measure")
    args = parser.parse_args()
    project = load_project(shipped_root(), GAMES)
    print(f"{'game':<14}{'players':>8}{'workers':>8}{'games/s':>10}{'decisions/s':>13}{'speed-up':>10}")
    for kind in args.kind or simulated_kinds():
        try:
            simulator = simulator_for(kind)
        except (ImportError, KeyError) as exc:
            print(f"{kind:<14} not available: {exc}")
            continue
        game_id, players = TABLES[kind]
        definition = project.game(game_id)
        base = 0.0
        for workers in (1, 2):
            start = time.perf_counter()
            bot = args.bot or RUNNER_BOTS.get(kind, "best")
            result = run(simulator, definition, players, [BotSpec.parse(bot)], args.games, seed=1, workers=workers)
            elapsed = time.perf_counter() - start
            rate = args.games / elapsed
            decisions = sum(r.decisions for r in result.records) / elapsed
            base = base or rate
            print(f"{game_id:<14}{players:>8}{workers:>8}{rate:>10.1f}{decisions:>13,.0f}{rate / base:>9.2f}x")


if __name__ == "__main__":
    main()
