"""Playtest targets, measured: a rules file's length, random play's speed, and how strong and how
costly the general bots are (``ismcts`` and ``rollout`` at their default budgets) against
``greedy``, in every rules-file game the project ships or tests.

    python benchmarks/bench_playtest.py                          # every game, 200 games a matchup
    python benchmarks/bench_playtest.py --games 400 --only nothanks --bots rollout
    python benchmarks/bench_playtest.py --cost --bots ismcts --repeat 5   # the costs only, least of 5

Games: Lost Cities (``tests/data/lostcities``, a single round), Orchard (``examples/orchard``),
Lantern Harbour (``examples/lanterns``), Kites (the tutorial's game, docs/rules-files.md, built in
a temporary folder from the page) and No Thanks! (``tests/data/nothanks``). A two-player matchup
plays half the games with each bot first; a four-player one puts the bot in each seat in turn
among three ``greedy`` ones (chance: 25 %); the bots measured are also matched against each other
(at four players each way round: one seat of the first among the second). Targets (issue "general bots that play like a skilled
player"): at least 70 % of two-player games, at least 40 % as one seat among three greedy ones, at
most 10 ms a decision in Orchard and No Thanks!, random play of a 40-card game at least 1,000
games a second. Figures printed, never asserted (machines are shared: compare figures of one run);
docs/simulating.md keeps those of a run with its command.

``--ceiling`` measures instead how far looking ahead can go in one game and table size: one seat
among ``greedy`` ones (the seat taken in turn, game seeds 1000 on), played by ``rollout`` at its
default budget, by ``rollout:4,800`` and ``rollout:4,2000`` (twice and five times the positions
judged) and by a ``rollout:1,2000`` that sees every hidden card, the deck's order included, its one
deal the game itself (a cheat, as an upper bound: no bot may play so).

    python benchmarks/bench_playtest.py --ceiling --only orchard --players 4 --games 200
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
from generator.sim.general import DEFAULT_ITERATIONS, ROLLOUT_DEALS, ROLLOUT_EVALUATIONS
from generator.app.simulators import simulator_for
from generator.sim.runner import make_bots, play_game, run
from generator.sim.stats import wilson_interval
from generator.app.catalog import GAMES as CATALOG

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "lostcities": (ROOT / "tests" / "data" / "lostcities", {"rounds": 1}),
    "orchard": (ROOT / "examples" / "orchard", {}),
    "lanterns": (ROOT / "examples" / "lanterns", {}),
    "kites": (None, {}),
    "nothanks": (ROOT / "tests" / "data" / "nothanks", {}),
}


def kites_project() -> Path:
    """The tutorial's Kites, written from docs/rules-files.md into a temporary folder."""
    import sys
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tests.test_tutorial import steps, write_step

    project = Path(tempfile.mkdtemp(prefix="kites-")) / "kites"
    for kind, argument, body in steps():
        if kind in ("file", "append", "replace"):
            write_step(project, kind, argument, body)
    return project


def definition(name: str) -> tuple[GameDefinition, dict[str, Any]]:
    folder, rules = GAMES[name]
    return load_project(folder or kites_project(), CATALOG, layouts=False).game(name), rules


def code_lines(path: Path) -> tuple[int, int]:
    """All lines, and lines that are neither blank, comments nor docstring-only lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return len(lines), sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def random_speed(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], games: int) -> float:
    """Games a second of CPU of random play in this process (bots made for every game, as the runner
    does)."""
    players = min(game.info.players)
    engine = simulator.make_engine(game, players, game.info.options.resolve(rules))
    specs = [BotSpec("random")] * players
    start = time.process_time()
    for index in range(games):
        play_game(engine, make_bots(simulator, engine, specs), 11, index, competitive=True)
    return games / (time.process_time() - start)


def matchup(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], bot: str, players: int,
            games: int, workers: int, against: str = "greedy") -> tuple[float, float, float]:
    """``bot``'s share of wins (a tie shares the win) in each seat in turn, ``against`` in the others."""
    wins = 0.0
    played = 0
    for seat in range(players):
        seats = [against] * players
        seats[seat] = bot
        result = run(simulator, game, players, [BotSpec.parse(s) for s in seats], games // players, seed=3 + seat,
                     workers=workers, options=rules)
        for record in result.records:
            played += 1
            if seat in record.winners:
                wins += 1 / len(record.winners)
    low, high = wilson_interval(wins, played)
    return wins / played, low, high


def decision_time(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], bot: str, players: int,
                  games: int) -> float:
    """Mean milliseconds of CPU ``bot`` takes a decision with more than one legal action, over whole
    games against ``greedy`` (one process: the CPU time of one core, which other work on a shared
    machine disturbs less than the time on the clock)."""
    engine = simulator.make_engine(game, players, game.info.options.resolve(rules))
    spent = 0.0
    decisions = 0
    for index in range(games):
        bots = make_bots(simulator, engine, [BotSpec.parse(bot)] + [BotSpec("greedy")] * (players - 1))
        timed = _Timed(bots[0])
        play_game(engine, [timed, *bots[1:]], 5, index, competitive=True)
        spent += timed.spent
        decisions += timed.decisions
    return 1000 * spent / max(1, decisions)


class _Timed:
    """A general bot whose decisions with a choice are timed, in CPU time of this process."""

    needs_state = True

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.spent = 0.0
        self.decisions = 0

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self.bot.choose(observation, legal, rng)

    def choose_with_state(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) < 2:
            return self.bot.choose_with_state(state, legal, rng)
        start = time.process_time()
        action = self.bot.choose_with_state(state, legal, rng)
        self.spent += time.process_time() - start
        self.decisions += 1
        return action


class _Seeing:
    """A game whose determinisations are the game itself: the cheat of ``--ceiling``."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def determinize(self, observer: int, rng: random.Random) -> Any:
        return self._state.clone(rng)


def _seeing_rollout() -> Any:
    """``rollout:1,2000`` that sees every hidden card (its one deal is the game itself)."""
    from generator.sim.general import RolloutBot

    bot = RolloutBot(1, 2000)
    weigh = bot._weigh
    bot._weigh = lambda state, legal, rng: weigh(_Seeing(state), legal, rng)  # type: ignore[method-assign]
    return bot


def ceiling(simulator: Simulator, game: GameDefinition, rules: dict[str, Any], players: int, games: int) -> None:
    """One seat among greedy ones, played by ever stronger look-aheads (the module docstring)."""
    from generator.sim.general import GreedyBot, RolloutBot

    engine = simulator.make_engine(game, players, game.info.options.resolve(rules))
    makers = {"rollout": RolloutBot, "rollout:4,800": lambda: RolloutBot(4, 800),
              "rollout:4,2000": lambda: RolloutBot(4, 2000),
              "rollout:1,2000 seeing every card": _seeing_rollout}
    for label, make in makers.items():
        wins = 0.0
        started = time.process_time()
        for index in range(games):  # the deals of the figures in docs/simulating.md (game seeds 1000 on)
            seat = index % players
            bots = [make() if s == seat else GreedyBot() for s in range(players)]
            state = engine.new_game(random.Random(1000 + index))
            rngs = [random.Random(index * 7 + s) for s in range(players)]
            while not state.is_terminal():
                current = state.current_player()
                state.apply(bots[current].choose_with_state(state, state.legal_actions(), rngs[current]))
            scores = [-x for x in state.scores()] if getattr(state, "lowest_wins", False) else state.scores()
            winners = [p for p, x in enumerate(scores) if x == max(scores)]
            wins += 1 / len(winners) if seat in winners else 0.0
        low, high = wilson_interval(wins, games)
        print(f"  {players} players, {label} among greedy: wins {100 * wins / games:.1f} % [{100 * low:.1f}, "
              f"{100 * high:.1f}] of {games} games; {time.process_time() - started:.0f} s of CPU", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each matchup (shared over the seats)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bots", nargs="+", default=["ismcts", "rollout"], help="the bots to measure")
    parser.add_argument("--only", choices=sorted(GAMES), default=None)
    parser.add_argument("--ceiling", action="store_true", help="how far looking ahead goes (module docstring)")
    parser.add_argument("--players", type=int, default=None, help="--ceiling: the table size (default 2)")
    parser.add_argument("--cost", action="store_true",
                        help="only the costs: random play's speed and each bot's CPU a decision (no matchups)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each cost this many times and print the least (what a quiet core gives: "
                             "other work on the machine only adds to a measurement)")
    args = parser.parse_args(argv)
    simulator = simulator_for("custom")
    if args.ceiling:
        for name in ([args.only] if args.only else list(GAMES)):
            game, rules = definition(name)
            players = args.players or 2
            if players in game.info.players:
                print(f"{name}:")
                ceiling(simulator, game, rules, players, args.games)
        return
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; ismcts default "
          f"{DEFAULT_ITERATIONS} iterations, rollout default {ROLLOUT_DEALS} deals and {ROLLOUT_EVALUATIONS} positions")
    total, code = code_lines(GAMES["lostcities"][0] / "card_defs" / "rules.py")  # type: ignore[operator]
    print(f"Lost Cities rules file: {total} lines ({code} not blank or comments); target <= 150")
    for name in ([args.only] if args.only else list(GAMES)):
        game, rules = definition(name)
        cards = len(game.cards())
        print(f"\n{name}: {cards} cards, {game.info.players_text} players" + (f", rules {rules}" if rules else ""))
        speed = max(random_speed(simulator, game, rules, 300) for _ in range(args.repeat))
        print(f"  random play, one process: {speed:,.0f} games a second of CPU (target >= 1,000 for a 40-card game)")
        for players in (2, 4):
            if players not in game.info.players:
                continue
            target = 70 if players == 2 else 40
            for bot in args.bots:
                ms = min(decision_time(simulator, game, rules, bot, players, 3) for _ in range(args.repeat))
                if args.cost:
                    print(f"  {players} players, {bot}: {ms:.1f} ms of CPU a decision (target <= 10)", flush=True)
                    continue
                rate, low, high = matchup(simulator, game, rules, bot, players, args.games, args.workers)
                print(f"  {players} players, {bot} against greedy: wins {100 * rate:.1f} % [{100 * low:.1f}, "
                      f"{100 * high:.1f}] of {args.games} games (target >= {target} %); {ms:.1f} ms a decision "
                      "(target <= 10)", flush=True)
            for index, bot in enumerate([] if args.cost else args.bots):  # each against each other, both ways
                for other in args.bots[index + 1:]:
                    for one, two in ((bot, other), (other, bot)):
                        rate, low, high = matchup(simulator, game, rules, one, players, args.games, args.workers,
                                                  against=two)
                        print(f"  {players} players, {one} against {two}: wins {100 * rate:.1f} % [{100 * low:.1f}, "
                              f"{100 * high:.1f}] of {args.games} games (chance {100 / players:.0f} %)", flush=True)
                        if players == 2:
                            break  # at two players the other way round is the rest of the same games


if __name__ == "__main__":
    main()
