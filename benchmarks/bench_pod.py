"""Benchmark of the print-shop side, as whole commands beside the peer: ``cardforge export GAME
--pod mpc`` for the whole kit (every shipped game: one 822 x 1122 px PNG per distinct face), a
``cardforge build`` of the whole kit, and decksmith making the 50 Hanabi fronts as per-card PNGs
imposed on A4 (``../shared/peers/decksmith-hanabi``). Runs alternate, and the medians are printed
with their ratios to decksmith, per card and per run.

Run: python benchmarks/bench_pod.py [--runs N]
(DECKSMITH=path/to/decksmith to use a decksmith that is not on PATH; the peer is skipped, with a
message, when decksmith is not installed.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER = ROOT.parent / "shared" / "peers" / "decksmith-hanabi" / "run.sh"
GAMES = ("hanabi", "hanabi-multicolor", "sequence", "firecrackers", "scoreworks")
CARDFORGE = [sys.executable, "-m", "generator.cli.main"]


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    return time.perf_counter() - started


def export_all(out: Path) -> float:
    total = 0.0
    for game in GAMES:
        total += timed([*CARDFORGE, "export", game, "--pod", "mpc", "--out", str(out / game)])
    return total


def decksmith() -> str | None:
    found = os.environ.get("DECKSMITH") or shutil.which("decksmith")
    if found is None and (ROOT.parent / "decksmith-venv" / "bin" / "decksmith").exists():
        found = str(ROOT.parent / "decksmith-venv" / "bin" / "decksmith")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    peer = decksmith()
    if peer is None or not PEER.exists():
        print("decksmith is not installed (or ../shared/peers is missing): the peer is skipped")
    times: dict[str, list[float]] = {"export --pod mpc (whole kit)": [], "build (whole kit)": [], "decksmith (50 fronts)": []}
    faces = 0
    with tempfile.TemporaryDirectory() as work:
        for run in range(runs):
            out = Path(work) / f"run{run}"
            times["export --pod mpc (whole kit)"].append(export_all(out / "pod"))
            faces = sum(1 for _ in (out / "pod").rglob("*.png"))
            times["build (whole kit)"].append(timed([*CARDFORGE, "build", "--out", str(out / "build")]))
            if peer is not None and PEER.exists():
                times["decksmith (50 fronts)"].append(timed(["bash", str(PEER)], env={**os.environ, "DECKSMITH": peer}))
    cards = {"export --pod mpc (whole kit)": faces, "build (whole kit)": 0, "decksmith (50 fronts)": 50}
    peer_time = statistics.median(times["decksmith (50 fronts)"]) if times["decksmith (50 fronts)"] else None
    print(f"{runs} runs, alternating; median wall time of whole commands (interpreter start-up included)")
    print(f"{'what':<32} {'seconds':>8} {'faces':>6} {'ms/face':>8} {'x decksmith/run':>16} {'x decksmith/face':>17}")
    for name, values in times.items():
        if not values:
            continue
        median = statistics.median(values)
        count = cards[name]
        per = f"{median / count * 1000:8.1f}" if count else f"{'':>8}"
        ratio_run = f"{median / peer_time:16.2f}" if peer_time else f"{'-':>16}"
        ratio_face = (f"{(median / count) / (peer_time / 50):17.2f}" if peer_time and count else f"{'-':>17}")
        print(f"{name:<32} {median:8.2f} {count or '':>6} {per} {ratio_run} {ratio_face}")
    print(f"(the whole kit is {len(GAMES)} games; build writes every game's PDF and manifest; export writes one PNG "
          "per distinct face of every game, at MakePlayingCards' poker size)")


if __name__ == "__main__":
    main()
