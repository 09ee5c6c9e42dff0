"""What JSON traces cost: Sequence and Firecrackers games per second played without and with
``--export`` (a trace deals the game again from its seed and plays its decisions once more, in
words), the size of a trace, and how fast ``replay`` checks traces. One process.

Run: python benchmarks/bench_traces.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim import runner
from generator.sim.api import BotSpec
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = work()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    project = load_project(shipped_root(), GAMES)
    tables: list[tuple[str, int, dict[str, Any]]] = [
        ("sequence", 2, {}),
        ("firecrackers", 4, {}),
        ("firecrackers", 4, {"expansion": project.expansion("firecrackers", "scoreworks")}),
    ]
    for game_id, players, extra in tables:
        definition = project.game(game_id)
        simulator = simulator_for(definition.info.kind)
        assert simulator.replayer is not None

        def play(export: bool) -> runner.RunResult:
            return runner.run(simulator, definition, players, [BotSpec("best")], args.games, args.seed,
                              extra=extra, export=export)

        _, plain_s = timed(lambda: play(False))
        result, export_s = timed(lambda: play(True))
        files = [json.loads(json.dumps(data)) for data in result.exports]
        sizes = [len(json.dumps(data)) for data in files]
        settings = {"expansion": extra["expansion"]} if extra else {}
        _, replay_s = timed(lambda: [simulator.replayer.replay(definition, data, None, **settings) for data in files])
        label = f"{game_id} x{players}" + (" +scoreworks" if extra else "")
        print(f"{label:28s} {args.games / plain_s:8.0f} games/s plain, {args.games / export_s:8.0f} with traces "
              f"(x{export_s / plain_s:.2f}); trace {sum(sizes) / len(sizes) / 1024:.1f} KB on average; "
              f"replay {args.games / replay_s:.0f} games/s")


if __name__ == "__main__":
    main()
