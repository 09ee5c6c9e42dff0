"""A sweep on a local Dask cluster against one process: the speed-up of two single-threaded workers,
and the cluster's overhead per game (one worker against one process), with identical records.

The sweep: Firecrackers, 4 players, ``best`` bots, explosion_threshold 8..12, 400 games each
(2 000 games). Each timing is the best of ``--repeat`` runs, the settings taking turns (the
machine may be shared); the clusters are started before the clock and kept for every run, as a
cluster is in use.

Run: python benchmarks/bench_dask.py [--games-per-value N] [--repeat R]   (needs cardforge[dask])
"""

from __future__ import annotations

import argparse
import time
from contextlib import ExitStack
from typing import Any, Callable

import distributed

from generator.loader import load_project
from generator.paths import shipped_root
from generator.sim.api import BotSpec
from generator.sim.cluster import DaskExecutor
from generator.sim.registry import simulator_for
from generator.sim.runner import Cell, RunResult, run_cells

THRESHOLDS = (8, 9, 10, 11, 12)


def timed(play: Callable[[], list[RunResult]]) -> tuple[float, list[RunResult]]:
    start = time.perf_counter()
    results = play()
    return time.perf_counter() - start, results


def cluster(workers: int, stack: ExitStack) -> DaskExecutor:
    """A local cluster of ``workers`` single-threaded worker processes, kept until ``stack`` closes."""
    local = stack.enter_context(distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None))
    client = stack.enter_context(distributed.Client(local, set_as_default=False))
    return DaskExecutor(client)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games-per-value", type=int, default=400, help="games of each threshold")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each setting (the best counts)")
    args = parser.parse_args()
    project = load_project(shipped_root(), layouts=False)
    game = project.game("firecrackers")
    simulator = simulator_for("firecrackers")
    cells = [Cell(simulator, game, 4, (BotSpec("best"),), args.games_per_value, 1, {"explosion_threshold": t})
             for t in THRESHOLDS]
    games = sum(c.games for c in cells)
    print(f"sweep: Firecrackers, 4 players, best, explosion_threshold {THRESHOLDS[0]}..{THRESHOLDS[-1]}, "
          f"{games} games; best of {args.repeat}")
    times: dict[str, list[float]] = {"one": [], "single": [], "double": []}
    records: dict[str, list[Any]] = {}
    with ExitStack() as stack:
        one_worker, two_workers = cluster(1, stack), cluster(2, stack)
        plays: dict[str, Callable[[], list[RunResult]]] = {
            "one": lambda: run_cells(cells, workers=1),
            "single": lambda: run_cells(cells, executor=one_worker),  # type: ignore[arg-type]
            "double": lambda: run_cells(cells, executor=two_workers),  # type: ignore[arg-type]
        }
        for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits every setting
            for name, play in plays.items():
                elapsed, results = timed(play)
                times[name].append(elapsed)
                records[name] = [r.records for r in results]
    one, single, double = min(times["one"]), min(times["single"]), min(times["double"])
    print(f"  one process:                      {one:6.2f} s  ({games / one:6.1f} games/s, {1000 * one / games:.2f} ms a game)")
    print(f"  local cluster, 1 worker:          {single:6.2f} s  ({games / single:6.1f} games/s)")
    print(f"  local cluster, 2 workers:         {double:6.2f} s  ({games / double:6.1f} games/s)")
    print("  every run (s): " + "; ".join(f"{k} " + ", ".join(f"{t:.2f}" for t in v) for k, v in times.items()))
    same = records["one"] == records["single"] == records["double"]
    overhead = (single - one) / games
    print(f"  speed-up of 2 workers over one process: {one / double:.2f}x (target: at least 1.6x)")
    print(f"  cluster overhead per game: {1000 * overhead:+.3f} ms = {100 * overhead / (one / games):+.1f} % "
          f"of a game's time (target: under 5 %)")
    print(f"  identical records on one process and on the cluster: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
