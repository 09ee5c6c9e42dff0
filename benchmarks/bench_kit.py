"""Benchmark: building the whole shipped kit (``cardforge build``: every shipped game) with this
tree and with another revision, in one run, so the two are measured on the same machine at the
same moment: whole processes, rounds interleaved (A, B, A, B...), the median of each and their
ratio. Also the example kit (Lantern Harbour), built by this tree only.

Run from the repository: python benchmarks/bench_kit.py [--against main] [--rounds 9]
The other revision is taken with ``git archive`` into a temporary folder; nothing is checked out.

Figures when components came in (a shared 2-core machine, two runs): main median 1.298 s, this
tree 1.315 s (ratio 1.014, 9 rounds); main 1.412 s, this tree 1.392 s (ratio 0.985, 11 rounds):
the same within the machine's noise. The example kit builds in about 1.2-1.3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export_revision(revision: str, folder: Path) -> Path:
    """The files of ``revision`` in ``folder`` (``git archive``)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def build_seconds(tree: Path, work: Path, *args: str) -> float:
    """One whole ``cardforge build`` process with the code of ``tree``, run in ``work`` (an empty
    folder: the shipped games are built), its output into a fresh folder."""
    out = Path(tempfile.mkdtemp(dir=work))
    env = {**os.environ, "PYTHONPATH": str(tree), "SOURCE_DATE_EPOCH": "1735689600"}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator.cli", "build", "--out", str(out), *args], cwd=work, env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"build failed with {tree}:\n{done.stdout}{done.stderr}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", help="the revision to compare with (default: main)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each (default: 9)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        base = export_revision(args.against, Path(temp) / "base")
        work = Path(temp) / "work"
        work.mkdir()
        for tree in (base, ROOT):  # warm up: byte-compiled modules, font files in the page cache
            build_seconds(tree, work)
        times: dict[str, list[float]] = {"base": [], "this": []}
        for _ in range(args.rounds):
            times["base"].append(build_seconds(base, work))
            times["this"].append(build_seconds(ROOT, work))
        example = ROOT / "examples" / "lanterns"
        kit = [build_seconds(ROOT, work, "--project", str(example)) for _ in range(max(3, args.rounds // 3))]
    base_median, this_median = statistics.median(times["base"]), statistics.median(times["this"])
    print(f"whole shipped kit, cardforge build (5 games), whole process, {args.rounds} interleaved rounds:")
    print(f"  {args.against:<12} median {base_median:.3f} s  (min {min(times['base']):.3f}, max {max(times['base']):.3f})")
    print(f"  {'this tree':<12} median {this_median:.3f} s  (min {min(times['this']):.3f}, max {max(times['this']):.3f})")
    print(f"  ratio this/{args.against}: {this_median / base_median:.3f}")
    print(f"example kit (Lantern Harbour: 2 decks, tokens, tiles, a tiled board, a box, rules), this tree: "
          f"median {statistics.median(kit):.3f} s over {len(kit)} builds")


if __name__ == "__main__":
    main()
