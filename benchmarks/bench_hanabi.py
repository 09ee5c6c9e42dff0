"""Hanabi engine speed: uniformly random legal play against DeepMind's engine in the same run, and the
games per second of ``best``.

Random play: moves (player decisions; DeepMind's chance moves, the deals, are not counted) per second
of uniformly random legal play in this one process, under the same rules for both engines (DeepMind's
defaults: a clue must touch a card, 3 storm tokens, 8 note tokens, the usual hand sizes), at 2 to 5
players. The two engines are measured in alternate rounds and each keeps its best round, so load from
other work on the machine weighs on both alike; the ratio is ours over DeepMind's. DeepMind's engine
is the ``hanabi-learning-environment`` package (not a dependency of this project: it builds with
``CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment``); without it only our
figures are printed. Ours under the rulebook's options (clues touching no card allowed) follows.

Then games per second of ``best`` at three players in one and two processes. Bot strength and cost
per decision: ``benchmarks/bench_hanabi_bots.py``.

Run: python benchmarks/bench_hanabi.py [--seconds S] [--rounds R] [--games N] [--players 2,3,4,5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from generator.games.hanabi.sim import make_engine
from generator.loader import load_project
from generator.model.options import OptionValue
from generator.files.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec, game_seed
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES

SAME_AS_DEEPMIND: dict[str, OptionValue] = {"empty_clues": False}
"""Our options matching DeepMind's defaults (its strikeout scores 0 as our rulebook default does)."""


def our_rate(game: Any, players: int, options: dict[str, Any], seconds: float) -> float:
    """Moves per second of uniformly random legal play on our engine, for about ``seconds``."""
    engine = make_engine(game, players, options)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(game_seed(0, games))
        state = engine.new_game(rng)
        legal_actions, apply, below = state.legal_actions, state.apply, rng.randrange
        while state.end is None:
            legal = legal_actions()
            apply(legal[below(len(legal))])
            moves += 1
        games += 1
    return moves / (time.perf_counter() - start)


def deepmind_player() -> Callable[[int, float, bool], float] | None:
    """Random play on DeepMind's engine from Python, or None when it is not installed. ``direct``:
    instead of the API's ``legal_moves()`` (a Python object per legal move, as its examples play), draw
    from the game's whole move table until the library says a move is legal (uniform over the legal
    moves too) and call the library's functions directly: the fastest Python loop we found."""
    try:
        from hanabi_learning_environment import pyhanabi  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    if not (pyhanabi.cdef_loaded() or pyhanabi.try_cdef()) or not (pyhanabi.lib_loaded() or pyhanabi.try_load()):
        return None

    def rate(players: int, seconds: float, direct: bool) -> float:
        game = pyhanabi.HanabiGame({"players": players, "random_start_player": False, "seed": 1})
        every_move = [game.get_move(uid) for uid in range(game.max_moves())]  # alive: they own their C moves
        table = [move.c_move for move in every_move]
        is_legal, apply_move, lib = pyhanabi.lib.MoveIsLegal, pyhanabi.lib.StateApplyMove, pyhanabi.lib
        rng = random.Random(1)
        chance = pyhanabi.CHANCE_PLAYER_ID
        moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            c_state = state._state
            while not state.is_terminal():
                if lib.StateCurPlayer(c_state) == chance:
                    lib.StateDealRandomCard(c_state)
                    continue
                if direct:
                    move = table[rng.randrange(len(table))]
                    while not is_legal(c_state, move):
                        move = table[rng.randrange(len(table))]
                    apply_move(c_state, move)
                else:
                    legal = state.legal_moves()
                    state.apply_move(legal[rng.randrange(len(legal))])
                moves += 1
        return moves / (time.perf_counter() - start)

    return rate


def main() -> None:
    """Measure and print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="length of one measuring round")
    parser.add_argument("--rounds", type=int, default=3, help="alternate rounds per engine (the best counts)")
    parser.add_argument("--players", default="2,3,4,5", help="table sizes of the random-play comparison")
    parser.add_argument("--games", type=int, default=400, help="games of best for the games/s figures")
    parser.add_argument("--seed", type=int, default=1, help="run seed")
    args = parser.parse_args()
    project = load_project(shipped_root(), GAMES)
    game = project.game("hanabi")
    simulator = simulator_for("hanabi")

    deepmind = deepmind_player()
    print("random legal play, moves/s, one process, best of "
          f"{args.rounds} alternate rounds of {args.seconds:g} s, clues must touch a card:")
    if deepmind is None:
        print("  (DeepMind's hanabi-learning-environment is not installed: our engine only)")
    print(f"{'players':>8}{'ours':>10}{'DeepMind':>10}{'ratio':>8}{'DeepMind direct':>17}{'ratio':>8}")
    for players in (int(p) for p in args.players.split(",")):
        ours = theirs = direct = 0.0
        for _ in range(args.rounds):
            ours = max(ours, our_rate(game, players, SAME_AS_DEEPMIND, args.seconds))
            if deepmind is not None:
                theirs = max(theirs, deepmind(players, args.seconds, False))
                direct = max(direct, deepmind(players, args.seconds, True))
        if deepmind is None:
            print(f"{players:>8}{ours:>10,.0f}")
        else:
            print(f"{players:>8}{ours:>10,.0f}{theirs:>10,.0f}{ours / theirs:>7.2f}x{direct:>17,.0f}{ours / direct:>7.2f}x")
    if deepmind is not None:
        print("  DeepMind: its Python API as its examples use it (legal_moves(), then apply_move()); direct: "
              "random draws from its move table until MoveIsLegal, library functions called directly")
    rulebook = max(our_rate(game, 3, {}, args.seconds) for _ in range(args.rounds))
    print(f"ours under the rulebook's options (clues touching no card allowed), 3 players: {rulebook:,.0f} moves/s")

    best = [BotSpec("best")]
    for workers in (1, 2):
        start = time.perf_counter()
        result = runner.run(simulator, game, 3, best, args.games, args.seed, workers=workers,
                            options={"strikeout": "keep", "empty_clues": False})
        elapsed = time.perf_counter() - start
        decisions = sum(r.decisions for r in result.records)
        print(f"best ({simulator.best_bot(3)}), 3 players: {args.games / elapsed:,.1f} games/s, "
              f"{decisions / elapsed:,.0f} decisions/s ({workers} process{'es' if workers > 1 else ''})")


if __name__ == "__main__":
    main()
