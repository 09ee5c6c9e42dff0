"""``cardforge tune`` against a grid sweep: the games each spends to reach the same confidence.

    python benchmarks/bench_tune.py                      # No Thanks!, 4 greedy seats, chips 5..15
    python benchmarks/bench_tune.py --play-grid          # and play the grid sweep too (minutes)

The tune: ``cardforge tune nothanks --players 4 --bot greedy --vary chips=5..15 --goal
seats-equal=3`` on the rules file of tests/data/nothanks. It answers with the chosen value and an
interval over the confirmation's fresh games at that value.
A grid sweep gives its answer that confidence only by playing every value (it cannot know which
one it will pick) as many games as make the chosen value's interval as narrow as the tune's:
``values x N1``, N1 from the interval's half-width and the standard deviation the tune measured
(one look at 95 %, where the tune's looks are stricter). Also printed: the grid whose runs only
just fit the goal's band around the tune's estimate (a grid that knew the margin beforehand). With
``--play-grid`` the grid sweep is played at N1 games a value and the chosen value's seats are
printed from it.

Target (issue "tell the designer what to change"): the tune spends at most a third of the grid's
games. Figures printed, never asserted; docs/simulating.md keeps those of a run with its command.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from statistics import NormalDist

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ROOT / "tests" / "data" / "nothanks"


def cardforge(*args: str) -> dict:
    command = [sys.executable, "-m", "generator.cli", *args, "--json"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"failed: {' '.join(args)}\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--range", default="5..15", help="chips values tried (default 5..15)")
    parser.add_argument("--tolerance", type=float, default=3.0, help="seats-equal tolerance in points")
    parser.add_argument("--budget", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--play-grid", action="store_true", help="play the grid sweep as well")
    options = parser.parse_args()
    table = ["--project", str(PROJECT), "--players", "4", "--bot", "greedy", "--seed", str(options.seed)]
    if options.workers:
        table += ["--workers", str(options.workers)]
    start = time.perf_counter()
    data = cardforge("tune", "nothanks", *table, "--vary", f"chips={options.range}",
                     "--goal", f"seats-equal={options.tolerance:g}", "--budget", str(options.budget))
    elapsed = time.perf_counter() - start
    games = data["games"]
    values = len(data["vary"][0]["values"])
    goal = data["goals"][0]
    estimate = goal["estimate"]
    print(f"tune: {data['finish']} at {data['chosen']}, seat gap {estimate['value']:.2f} points "
          f"[{estimate['low']:.2f}, {estimate['high']:.2f}] over {estimate['games']:,} games ({elapsed:.0f} s)")
    print(f"tune games: {games['search']:,} searching, {games['confirmation']:,} confirming, "
          f"{games['baseline']:,} at the definition's values; {games['total']:,} in all")
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * 4))  # four seats, one look
    half = estimate["high"] - estimate["value"]  # the worst seat's half-width (the low end is cut at 0)
    one_run = math.ceil((z * estimate["sd"] / half) ** 2) if half > 0 else None
    margin = goal["band"][1] - estimate["value"]
    just = math.ceil((z * estimate["sd"] / margin) ** 2) if margin > 0 else None
    if one_run is None:
        print("grid: no interval to match")
        return
    grid = values * one_run
    searched = games["search"] + games["confirmation"]
    print(f"grid sweep, the same interval: {values} values x {one_run:,} games = {grid:,} games")
    print(f"tune / grid: {searched / grid:.2f} without the definition's values, {games['total'] / grid:.2f} with them "
          "(target: at most 0.33)")
    if just is not None:
        print(f"a grid that only just fits the band around the tune's estimate: {values} x {just:,} = {values * just:,} "
              f"games; tune / that grid: {searched / (values * just):.2f}")
    if options.play_grid:
        start = time.perf_counter()
        sweep = cardforge("sweep", "nothanks", *table, "--set", f"chips={options.range}", "--games", str(one_run))
        row = next(r for r in sweep["rows"] if r["set"] == data["chosen"])
        rates = row["seat_win_rate"]
        print(f"grid played ({time.perf_counter() - start:.0f} s): at {data['chosen']} the seats win "
              + ", ".join(f"{100 * r['rate']:.1f} %" for r in rates))


if __name__ == "__main__":
    main()
