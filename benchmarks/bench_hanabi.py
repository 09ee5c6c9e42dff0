"""Hanabi simulator speed and bot strength.

Prints: decisions per second under uniformly random legal play (one process; the reference engines
do ~46,000 (DeepMind's Python API) and ~149,000 (OpenSpiel)); games per second with ``best`` in one
and two processes; the mean score (and % perfect) of ``best``, ``holmes``, ``simple`` and ``cheat`` at 2-5
players with the bot-paper options (strikeout=keep, empty_clues=false), to compare with the
published results (HolmesBot 20.75/20.86/20.46/18.40, SmartBot 23.09/23.30/22.44/20.69).

Run: python benchmarks/bench_hanabi.py [--games N] [--workers W] [--bots best,holmes,simple,cheat]
"""

from __future__ import annotations

import argparse
import random
import time

from generator.games.hanabi.sim import make_engine
from generator.loader import load_project
from generator.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec, game_seed
from generator.sim.registry import simulator_for

PAPER = {"strikeout": "keep", "empty_clues": False}


def random_play_rate(game: object, seconds: float) -> tuple[float, int]:
    """Decisions per second of random legal play (3 players, rulebook options), for ``seconds``."""
    engine = make_engine(game, 3)  # type: ignore[arg-type]
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(game_seed(0, games))
        state = engine.new_game(rng)
        legal_actions, apply, choice = state.legal_actions, state.apply, rng.choice
        while state.end is None:
            apply(choice(legal_actions()))
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), games


def main() -> None:
    """Measure and print every figure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per bot and player count")
    parser.add_argument("--workers", type=int, default=1, help="processes for the score table")
    parser.add_argument("--bots", default="best,holmes,simple,cheat", help="bots of the score table")
    parser.add_argument("--seed", type=int, default=1, help="run seed")
    args = parser.parse_args()
    project = load_project(shipped_root())
    game = project.game("hanabi")
    simulator = simulator_for("hanabi")

    rate, games = random_play_rate(game, 3.0)
    print(f"random legal play: {rate:,.0f} decisions/s (1 process, 3 players, {games} games)")

    best = [BotSpec("best")]
    timed_games = max(50, args.games // 2)
    for workers in (1, 2):
        start = time.perf_counter()
        result = runner.run(simulator, game, 3, best, timed_games, args.seed, workers=workers, options=PAPER)
        elapsed = time.perf_counter() - start
        decisions = sum(r.decisions for r in result.records)
        print(f"best ({simulator.best}), 3 players: {timed_games / elapsed:,.1f} games/s, "
              f"{decisions / elapsed:,.0f} decisions/s ({workers} process{'es' if workers > 1 else ''})")

    print(f"mean score over {args.games} games, strikeout=keep, empty_clues=false (% perfect)")
    print("bot        " + "".join(f"{p}p".rjust(16) for p in (2, 3, 4, 5)))
    for name in args.bots.split(","):
        cells = []
        for players in (2, 3, 4, 5):
            result = runner.run(simulator, game, players, [BotSpec(name)], args.games, args.seed,
                                workers=args.workers, options=PAPER)
            scores = [r.scores[0] for r in result.records]
            perfect = sum(1 for r in result.records if r.outcome.get("won"))
            cells.append(f"{sum(scores) / len(scores):6.2f} ({100 * perfect / len(scores):4.1f}%)")
        label = f"{name} ({simulator.best})" if name == "best" else name
        print(label.ljust(11) + "".join(c.rjust(16) for c in cells))


if __name__ == "__main__":
    main()
