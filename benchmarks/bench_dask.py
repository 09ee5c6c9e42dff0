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
import os
import time
from contextlib import ExitStack
from typing import Any, Callable

import distributed
import psutil  # type: ignore[import-untyped]  # installed with distributed, which ships no stubs for it

from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.app.cluster import DaskExecutor
from generator.app.simulators import simulator_for
from generator.sim.runner import Cell, RunResult, run_cells
from generator.app.catalog import GAMES

THRESHOLDS = (8, 9, 10, 11, 12)


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """CPU time (user + system) used so far by this process (with a local cluster: the scheduler
    and the client) and by the processes ``pids`` (the workers)."""
    workers = 0.0
    for pid in pids:
        times = psutil.Process(pid).cpu_times()
        workers += times.user + times.system
    return time.process_time(), workers


def timed(play: Callable[[], list[RunResult]], pids: list[int]) -> tuple[float, tuple[float, float], list[RunResult]]:
    """Wall-clock seconds, CPU seconds (this process, the workers) and the results of one run."""
    main, workers = cpu_seconds(pids)
    start = time.perf_counter()
    results = play()
    elapsed = time.perf_counter() - start
    main_after, workers_after = cpu_seconds(pids)
    return elapsed, (main_after - main, workers_after - workers), results


def busy(executor: DaskExecutor, cells: list[Cell], workers: int) -> tuple[float, float]:
    """One sweep on the cluster with its task stream: the wall time, and the seconds the workers
    spent computing tasks (the rest of ``workers x wall`` they waited for work or moved data)."""
    with distributed.get_task_stream(executor.client) as stream:
        start = time.perf_counter()
        run_cells(cells, executor=executor)
        elapsed = time.perf_counter() - start
    computing = sum(part["stop"] - part["start"] for task in stream.data for part in task["startstops"]
                    if part["action"] == "compute")
    return elapsed, computing


def cluster(workers: int, stack: ExitStack) -> tuple[DaskExecutor, list[int]]:
    """A local cluster of ``workers`` single-threaded worker processes, kept until ``stack`` closes,
    and the worker processes' ids."""
    local = stack.enter_context(distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None))
    client = stack.enter_context(distributed.Client(local, set_as_default=False))
    pids = list(client.run(os.getpid).values())
    return DaskExecutor(client), pids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games-per-value", type=int, default=400, help="games of each threshold")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each setting (the best counts)")
    args = parser.parse_args()
    project = load_project(shipped_root(), GAMES, layouts=False)
    game = project.game("firecrackers")
    simulator = simulator_for("firecrackers")
    cells = [Cell(simulator, game, 4, (BotSpec("best"),), args.games_per_value, 1, {"explosion_threshold": t})
             for t in THRESHOLDS]
    games = sum(c.games for c in cells)
    print(f"sweep: Firecrackers, 4 players, best, explosion_threshold {THRESHOLDS[0]}..{THRESHOLDS[-1]}, "
          f"{games} games; best of {args.repeat}")
    times: dict[str, list[float]] = {"one": [], "single": [], "double": []}
    cpus: dict[str, list[tuple[float, float]]] = {"one": [], "single": [], "double": []}
    records: dict[str, list[Any]] = {}
    load = os.getloadavg()[0]
    with ExitStack() as stack:
        (one_worker, pids1), (two_workers, pids2) = cluster(1, stack), cluster(2, stack)
        plays: dict[str, tuple[Callable[[], list[RunResult]], list[int]]] = {
            "one": (lambda: run_cells(cells, workers=1), []),
            "single": (lambda: run_cells(cells, executor=one_worker), pids1),  # type: ignore[arg-type]
            "double": (lambda: run_cells(cells, executor=two_workers), pids2),  # type: ignore[arg-type]
        }
        for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits every setting
            for name, (play, pids) in plays.items():
                elapsed, cpu, results = timed(play, pids)
                times[name].append(elapsed)
                cpus[name].append(cpu)
                records[name] = [r.records for r in results]
        streams = {name: busy(executor, cells, n) for name, executor, n in
                   (("single", one_worker, 1), ("double", two_workers, 2))}
    load = max(load, os.getloadavg()[0])
    one, single, double = min(times["one"]), min(times["single"]), min(times["double"])
    cpu_one = min(sum(c) for c in cpus["one"])
    main_single, worker_single = min(cpus["single"], key=sum)
    cpu_single, cpu_double = main_single + worker_single, min(sum(c) for c in cpus["double"])
    print(f"  machine load (1-minute average, other work included): up to {load:.2f} on {os.cpu_count()} cores")
    print(f"  one process:              {one:6.2f} s wall, {cpu_one:6.2f} s CPU  ({games / one:6.1f} games/s, "
          f"{1000 * cpu_one / games:.2f} ms CPU a game)")
    print(f"  local cluster, 1 worker:  {single:6.2f} s wall, {cpu_single:6.2f} s CPU  ({games / single:6.1f} games/s)")
    print(f"  local cluster, 2 workers: {double:6.2f} s wall, {cpu_double:6.2f} s CPU  ({games / double:6.1f} games/s)")
    print("  every run (wall s): " + "; ".join(f"{k} " + ", ".join(f"{t:.2f}" for t in v) for k, v in times.items()))
    same = records["one"] == records["single"] == records["double"]
    print(f"  speed-up of 2 workers over one process (wall): {one / double:.2f}x (target: at least 1.6x)")
    game_s, game_cpu = one / games, cpu_one / games
    rows = (("wall clock", single - one, game_s), ("CPU of the worker", worker_single - cpu_one, game_cpu),
            ("CPU of the scheduler and client", main_single, game_cpu))
    for label, spent, unit in rows:
        per_game = spent / games
        print(f"  cluster overhead per game, {label}: {1000 * per_game:+.3f} ms = {100 * per_game / unit:+.1f} % "
              "of a game's time (target: under 5 %)")
    for name, workers in (("single", 1), ("double", 2)):
        elapsed, computing = streams[name]
        idle = workers * elapsed - computing
        print(f"  {workers} worker(s), from the task stream: busy {100 * computing / (workers * elapsed):.1f} % of the "
              f"time; waiting and moving data {1000 * idle / games:.3f} ms a game = "
              f"{100 * idle / computing:.1f} % of a game's time (whatever the machine's load)")
    print(f"  identical records on one process and on the cluster: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
