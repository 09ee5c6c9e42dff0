"""Playtest targets, measured: a rules file's length, random play's speed, and how the general bots
play (``ismcts`` at its default budget against ``greedy`` and ``random``, and its time a decision).

    python benchmarks/bench_playtest.py                    # every figure, the default games
    python benchmarks/bench_playtest.py --games 200 --workers 2

Games: Lost Cities (``tests/data/lostcities``, a single round: ``--rule rounds=1``, the game the
rulebook plays three times for a match) and Orchard (``examples/orchard``, 40 cards). Two-player
matchups are played half with each bot first. Figures printed, never asserted (machines are shared:
compare figures of one run).

Figures after the merge of components (``--games 200 --workers 2``, a 2-core machine shared with
two other engineers' work, load average 3.8-5.5, so the times are upper bounds): the Lost Cities
rules file has 143 lines (113 of code); random play 328 games/s for Lost Cities (60 cards) and
1,234 games/s for Orchard (40 cards) in one process; ``ismcts`` (100 iterations) takes 27.5 ms a
decision in Lost Cities and 20.3 ms in Orchard, and wins 78.0 % [71.8, 83.2] against ``greedy``
and 98.0 % [95.0, 99.2] against ``random`` in Lost Cities, 91.0 % [86.2, 94.2] and 90.5 % [85.6,
93.8] in Orchard. Orchard's ``heuristic`` did not value the cards in hand, so taking a card looked
the same whatever the card (``greedy`` beat ``random`` in 57 % of games); with them (``--only
orchard``, load average 1.3): random play 2,109 games/s, ``ismcts`` 9.8 ms a decision, 62.0 %
[55.1, 68.4] against the now stronger ``greedy`` and 98.0 % [95.0, 99.2] against ``random``.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path
from typing import Any, Sequence

from generator.loader import load_project
from generator.model import GameDefinition
from generator.sim.api import BotSpec, Simulator
from generator.sim.general import DEFAULT_ITERATIONS
from generator.app.simulators import simulator_for
from generator.sim.runner import make_bots, play_game, run
from generator.sim.stats import wilson_interval
from generator.app.catalog import GAMES as CATALOG

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "lostcities": (ROOT / "tests" / "data" / "lostcities", {"rounds": 1}),
    "orchard": (ROOT / "examples" / "orchard", {}),
}


def definition(name: str) -> tuple[GameDefinition, dict[str, Any]]:
    folder, rules = GAMES[name]
    return load_project(folder, CATALOG, layouts=False).game(name), rules


def code_lines(path: Path) -> tuple[int, int]:
    """All lines, and lines that are neither blank, comments nor docstring-only lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return len(lines), sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def random_speed(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], games: int) -> float:
    """Games a second of random play in this process (bots made for every game, as the runner does)."""
    engine = simulator.make_engine(game, 2, game.info.options.resolve(rules))
    specs = [BotSpec("random")] * 2
    start = time.perf_counter()
    for index in range(games):
        play_game(engine, make_bots(simulator, engine, specs), 11, index, competitive=True)
    return games / (time.perf_counter() - start)


def matchup(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], bot: str, other: str,
            games: int, workers: int) -> tuple[float, float, float]:
    """``bot``'s share of wins against ``other`` (a tie shares the win), half the games first."""
    wins = 0.0
    played = 0
    for seats in ((bot, other), (other, bot)):
        result = run(simulator, game, 2, [BotSpec.parse(s) for s in seats], games // 2, seed=3, workers=workers,
                     options=rules)
        mine = seats.index(bot)
        for record in result.records:
            played += 1
            if mine in record.winners:
                wins += 1 / len(record.winners)
    low, high = wilson_interval(wins, played)
    return wins / played, low, high


def decision_time(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], bot: str, games: int) -> float:
    """Mean milliseconds ``bot`` takes a decision, over whole games against ``greedy`` (one process)."""
    engine = simulator.make_engine(game, 2, game.info.options.resolve(rules))
    spent = 0.0
    decisions = 0
    for index in range(games):
        bots = make_bots(simulator, engine, [BotSpec.parse(bot), BotSpec("greedy")])
        state = engine.new_game(random.Random(index))
        rngs = [random.Random(index * 2 + s) for s in range(2)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if seat == 0:
                start = time.perf_counter()
                action = bots[0].choose_with_state(state, legal, rngs[0])  # type: ignore[attr-defined]
                spent += time.perf_counter() - start
                decisions += 1
            else:
                action = bots[1].choose_with_state(state, legal, rngs[1])  # type: ignore[attr-defined]
            state.apply(action)
    return 1000 * spent / max(1, decisions)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each matchup (half each seating)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bot", default="ismcts", help="the searching bot to measure (default: ismcts)")
    parser.add_argument("--only", choices=sorted(GAMES), default=None)
    args = parser.parse_args(argv)
    simulator = simulator_for("custom")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; ismcts default "
          f"{DEFAULT_ITERATIONS} iterations")
    total, code = code_lines(GAMES["lostcities"][0] / "card_defs" / "rules.py")
    print(f"Lost Cities rules file: {total} lines ({code} not blank or comments); target <= 150")
    for name in ([args.only] if args.only else sorted(GAMES)):
        game, rules = definition(name)
        cards = len(game.cards())
        print(f"\n{name}: {cards} cards, 2 players" + (f", rules {rules}" if rules else ""))
        speed = random_speed(simulator, game, rules, 1000)
        print(f"  random play, one process: {speed:,.0f} games/s (target >= 1,000 for a 40-card game)")
        ms = decision_time(simulator, game, rules, args.bot, 4)
        print(f"  {args.bot}: {ms:.1f} ms a decision (mean over 4 games against greedy, one process; "
              "target < 50)")
        for other in ("greedy", "random"):
            rate, low, high = matchup(simulator, game, rules, args.bot, other, args.games, args.workers)
            print(f"  {args.bot} against {other}: wins {100 * rate:.1f} % [{100 * low:.1f}, {100 * high:.1f}] "
                  f"of {args.games} games (target >= {60 if other == 'greedy' else 95} %)")


if __name__ == "__main__":
    main()
