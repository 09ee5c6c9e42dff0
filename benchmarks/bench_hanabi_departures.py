"""How often Hanabi's two-player ``search`` leaves the conventions, and how often the other seat's
belief filter then finds no deal explaining the move: full games, once for each setting.

``bench_hanabi_decisions.py`` judges a setting's decisions with the conventions played afterwards;
it does not see what a move off the conventions costs the partner, whose belief filter (the worlds
it searches in must explain the partners' moves by the conventions) finds no deal that explains it.
This plays the games of the 1000-game figures (``bench_hanabi_bots.py --chunk 50 --bots search
--players 2``) with the default settings and with each variant, both seats alike, and prints the
mean score, the decisions a game that left the conventions, and the share of the worlds dealt for
which no explaining deal was found.

Run: python benchmarks/bench_hanabi_departures.py [--games N] [--seed S] [--chunk C]
         [--variant threshold=0 ...]
"""

from __future__ import annotations

import argparse

from bench_hanabi_bots import cpu_seconds, search_games  # the CPU clock and the games of the 1000-game figures
from bench_hanabi_decisions import label, variant

from generator.games.hanabi.sim.searchbot import SearchBot
from generator.sim.stats import mean, stderr


def main() -> None:
    """Play the games once with the default settings and once with each variant; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games a setting (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the first chunk's seed (default 1)")
    parser.add_argument("--chunk", type=int, default=50, help="games per seed, as bench_hanabi_bots.py --chunk")
    parser.add_argument("--variant", type=variant, action="append", default=None,
                        help="settings besides the default (repeatable; default threshold=0)")
    parser.add_argument("--no-default", action="store_true", help="play the variants only")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games is at least 2 (a standard error needs two)")
    settings_list: list[dict[str, float]] = ([] if args.no_default else [{}]) + (args.variant or [{"threshold": 0.0}])

    print(f"hanabi, 2 players, search at both seats, {args.games} games from seed {args.seed} in chunks of {args.chunk}")
    print(f"{'settings':<28}{'mean':>7}{'s.e.':>7}{'left the conventions, a game':>30}"
          f"{'worlds unexplained':>20}{'ms a decision':>15}")
    for settings in settings_list:
        scores: list[float] = []
        departures = dealt = unexplained = decisions = 0
        cpu = 0.0
        for _, state, bots, rngs in search_games(args.games, args.seed, args.chunk):
            for bot in bots:
                assert isinstance(bot, SearchBot)
                for name, setting in settings.items():
                    setattr(bot, name, setting)
            started = cpu_seconds()
            while not state.is_terminal():
                seat = state.current_player()
                state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]))
                decisions += 1
            cpu += cpu_seconds() - started
            scores.append(state.score())
            departures += sum(bot.departures for bot in bots)
            dealt += sum(bot.worlds_dealt for bot in bots)
            unexplained += sum(bot.unexplained for bot in bots)
        print(f"{label(settings) or 'default':<28}{mean(scores):>7.2f}{stderr(scores):>7.3f}"
              f"{departures / args.games:>30.2f}{100 * unexplained / max(dealt, 1):>19.1f}%"
              f"{1000 * cpu / decisions:>15.0f}", flush=True)


if __name__ == "__main__":
    main()
