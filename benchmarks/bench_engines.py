"""Benchmark: the shipped engines with this tree and with another revision, in one run, so the two
are measured on the same machine at the same moment: for each table (Sequence best against best
and random against random, 2 players; Firecrackers with ``best`` at 4 players), rounds interleaved
(A, B, A, B...), each round one process of the revision playing the games in one worker; the
median games per CPU second of each (the process's own CPU time: on a machine shared with other
work, wall-clock time mostly measures the others) and their ratio (this / other: above 1 is
faster here). The records are compared too: the same seeds should give the same games.

Run from the repository: python benchmarks/bench_engines.py [--against main] [--rounds 5] [--games 400]
The other revision is taken with ``git archive`` into a temporary folder; nothing is checked out.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TABLES = {
    "sequence best": ("sequence", 2, "best"),
    "sequence random": ("sequence", 2, "random"),
    "firecrackers best": ("firecrackers", 4, "best"),
}

PLAY = """
import hashlib, json, sys, time
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.app.simulators import simulator_for
from generator.sim.runner import run
kind, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
definition = load_project(shipped_root(), layouts=False).game(kind)
simulator = simulator_for(kind)
start = time.process_time()
result = run(simulator, definition, players, [BotSpec.parse(bot)] * players, games, seed=1, workers=1)
seconds = time.process_time() - start
digest = hashlib.sha256(json.dumps([[r.scores, r.turns] for r in result.records]).encode()).hexdigest()[:12]
print(json.dumps({"rate": games / seconds, "digest": digest}))
"""


def export_revision(revision: str, folder: Path) -> Path:
    """The files of ``revision`` in ``folder`` (``git archive``)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def play(tree: Path, table: tuple[str, int, str], games: int) -> dict[str, float | str]:
    """Games per second (and a digest of the records) of one process with the code of ``tree``."""
    kind, players, bot = table
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", PLAY, kind, str(players), bot, str(games)], env=env, cwd=tree,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{kind} failed with {tree}:\n{done.stdout}{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", help="the revision to compare with (default: main)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each (default: 5)")
    parser.add_argument("--games", type=int, default=400, help="games a round (default: 400)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.games} games a round, "
          f"{args.rounds} interleaved rounds, one worker")
    with tempfile.TemporaryDirectory() as temp:
        base = export_revision(args.against, Path(temp) / "base")
        for label, table in TABLES.items():
            games = args.games if table[0] == "sequence" else max(1, args.games // 2)
            play(base, table, 20), play(ROOT, table, 20)  # warm up: byte-compiled modules
            rates: dict[str, list[float]] = {"base": [], "this": []}
            digests: dict[str, set[str]] = {"base": set(), "this": set()}
            for _ in range(args.rounds):
                for name, tree in (("base", base), ("this", ROOT)):
                    found = play(tree, table, games)
                    rates[name].append(float(found["rate"]))
                    digests[name].add(str(found["digest"]))
            b, t = statistics.median(rates["base"]), statistics.median(rates["this"])
            same = "the same records" if digests["base"] == digests["this"] else "different records"
            print(f"{label:18s} {args.against} {b:7.1f} games/CPU-s ({min(rates['base']):.0f}-{max(rates['base']):.0f}), "
                  f"this tree {t:7.1f} ({min(rates['this']):.0f}-{max(rates['this']):.0f}), medians of "
                  f"{args.rounds}; ratio this/{args.against} {t / b:.3f}; {same}")


if __name__ == "__main__":
    main()
