"""Benchmark of the print-shop side, as whole commands, game by game against the game's own build:
``cardforge build GAME`` (its PDF kit), ``cardforge export GAME --pod mpc`` (one 822 x 1122 px PNG
per distinct face, every other component as a PDF with bleed) with an empty user cache ("cold")
and again with the faces the first export left there ("warm": the edit loop, where the unchanged
faces are not drawn again), and ``cardforge preflight GAME --pod mpc`` followed by the export (the
export reuses the faces the preflight drew). Beside them, decksmith making the 50 Hanabi fronts as
per-card PNGs imposed on A4 (``../shared/peers/decksmith-hanabi``).

Runs alternate; medians of wall time (interpreter start-up included) and their ratio to the
game's build, measured in the same run, are printed. The target: the shop export within 3 times
the build.

Run: python benchmarks/bench_pod.py [--runs N] [--games hanabi,sequence,...]
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
STEPS = ("build", "export, cold", "export, warm", "preflight + export")


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    return time.perf_counter() - started


def with_cache(folder: Path) -> dict[str, str]:
    """The environment of a command whose user cache is ``folder``."""
    env = {key: value for key, value in os.environ.items() if key != "CARDFORGE_NO_CACHE"}
    env["CARDFORGE_CACHE_DIR"] = str(folder)
    return env


def one_game(game: str, work: Path) -> dict[str, float]:
    """Each step once for ``game``, the font cache warm in every one (the build's too), the faces'
    cache emptied where the step says cold."""
    cache = work / "cache"
    shutil.rmtree(cache, ignore_errors=True)
    env = with_cache(cache)
    timed([*CARDFORGE, "build", game, "--out", str(work / "warm-up")], env)  # fonts into the cache
    out: dict[str, float] = {"build": timed([*CARDFORGE, "build", game, "--out", str(work / "build")], env)}
    export = [*CARDFORGE, "export", game, "--pod", "mpc", "--out", str(work / "pod")]
    shutil.rmtree(cache / "faces", ignore_errors=True)
    out["export, cold"] = timed(export, env)
    out["export, warm"] = timed(export, env)
    shutil.rmtree(cache / "faces", ignore_errors=True)
    out["preflight + export"] = (timed([*CARDFORGE, "preflight", game, "--pod", "mpc"], env) + timed(export, env))
    return out


def decksmith() -> str | None:
    found = os.environ.get("DECKSMITH") or shutil.which("decksmith")
    if found is None and (ROOT.parent / "decksmith-venv" / "bin" / "decksmith").exists():
        found = str(ROOT.parent / "decksmith-venv" / "bin" / "decksmith")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    games = args.games.split(",")
    peer = decksmith()
    if peer is None or not PEER.exists():
        print("decksmith is not installed (or ../shared/peers is missing): the peer is skipped")
        peer = None
    times: dict[str, dict[str, list[float]]] = {game: {step: [] for step in STEPS} for game in games}
    peer_times: list[float] = []
    faces: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as work:
        for _ in range(args.runs):
            for game in games:
                folder = Path(work) / game
                for step, seconds in one_game(game, folder).items():
                    times[game][step].append(seconds)
                faces[game] = sum(1 for _ in (folder / "pod").rglob("*.png"))
            if peer is not None:
                peer_times.append(timed(["bash", str(PEER)], env={**os.environ, "DECKSMITH": peer}))
    print(f"{args.runs} runs, alternating; median wall seconds of whole commands, and x the game's build")
    print(f"{'game':<18}{'faces':>6}" + "".join(f"{step:>22}" for step in STEPS))
    for game in games:
        build = statistics.median(times[game]["build"])
        cells = []
        for step in STEPS:
            median = statistics.median(times[game][step])
            cells.append(f"{median:8.2f} s" + (f" ({median / build:4.1f}x)" if step != "build" else " " * 8))
        print(f"{game:<18}{faces[game]:>6}" + "".join(f"{cell:>22}" for cell in cells))
    if peer_times:
        cold = statistics.median(times["hanabi"]["export, cold"]) if "hanabi" in times else None
        peer_median = statistics.median(peer_times)
        line = f"decksmith, 50 Hanabi fronts: {peer_median:.2f} s"
        if cold is not None:
            line += f"; cardforge's cold Hanabi export is {peer_median / cold:.1f}x faster"
        print(line)


if __name__ == "__main__":
    main()
