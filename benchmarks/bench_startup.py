"""Benchmark of whole commands as a user starts them (interpreter start-up included), run
alternately in one session so the ratios compare like with like on a shared machine:

- ``cardforge --help`` against ``python -c "import click"`` (target: at most 1.5x);
- ``cardforge validate`` of the shipped games (the repository's card_defs/ and layouts/: Hanabi
  and its six-suit variant, Sequence, Firecrackers and Scoreworks) against the same baseline
  (target: at most 8x), cold: with an empty user cache for every run (nothing remembered, fonts
  parsed, as a first run after installing); then with the fonts remembered (the user cache of
  the run before) and with no user cache at all (``CARDFORGE_NO_CACHE=1``), and the same for the
  example kit (Lantern Harbour, examples/lanterns), for the record;
- ``cardforge list`` and ``deck hanabi --json`` against the same baseline (for the record);
- ``cardforge build hanabi`` against decksmith making the same 50 Hanabi fronts (target: at
  least 10x faster), when decksmith is installed: set ``DECKSMITH`` to its command, or install it
  in ``../decksmith-venv`` as ``../shared/peers/README.md`` says (the peer script lives in
  ``../shared/peers/decksmith-hanabi/run.sh``); the size of both PDFs is printed;
- with ``--against REV`` (main, say), the same validate and build commands with that revision's
  code (``git archive`` into a temporary folder, run as ``python -m generator.cli`` like this
  tree's rows marked so), interleaved in the same rounds: the before/after ratio of one run.

Every process runs as on a user's machine, with Python's bytecode cache: ``PYTHONDONTWRITEBYTECODE``
is unset for them (an installed package such as decksmith has its bytecode written at install
time; an editable install of cardforge writes it on its first run, the warm-up round here). The
user cache is a temporary folder of the run (``CARDFORGE_CACHE_DIR``), and ``SOURCE_DATE_EPOCH``
is fixed so that the PDFs compared are the same bytes whatever the files' dates.

Run: python benchmarks/bench_startup.py [--rounds N] [--against REV]

Figures with the start-up machinery removed (no replay of validate's findings, no compiled
dataclass code, no forked copy, hashlib and importlib.metadata, the interpreter's own teardown),
``--rounds 15``, decksmith installed, a quiet 2-core machine: see the closing note of the issue
that removed it and ``git log benchmarks/bench_startup.py`` for the figures of each change.
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
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
PEER = ROOT.parent / "shared" / "peers" / "decksmith-hanabi" / "run.sh"

TARGETS = {
    "cardforge --help": ("import click", 1.5, "at most"),
    "validate shipped games, cold": ("import click", 8.0, "at most"),
    "decksmith (50 Hanabi fronts)": ("cardforge build hanabi", 10.0, "at least"),
}
"""Row -> (the row it is measured against, the ratio, at most or at least that)."""


def _cardforge() -> list[str]:
    found = shutil.which("cardforge", path=str(Path(sys.executable).parent)) or shutil.which("cardforge")
    return [found] if found else [sys.executable, "-m", "generator.cli"]


def _decksmith() -> str | None:
    given = os.environ.get("DECKSMITH")
    if given:
        return given
    local = ROOT.parent / "decksmith-venv" / "bin" / "decksmith"
    return str(local) if local.exists() else None


USER_ENV = {key: value for key, value in os.environ.items()
            if key not in ("PYTHONDONTWRITEBYTECODE", "CARDFORGE_NO_CACHE", "CARDFORGE_CACHE_DIR")}
"""The environment of a user's shell: bytecode is cached."""
USER_ENV["SOURCE_DATE_EPOCH"] = "1735689600"


class Command:
    """One command line to time: its environment, and what to do before each run (not timed)."""

    def __init__(self, argv: list[str], env: dict[str, str], before: Callable[[], None] = lambda: None) -> None:
        self.argv, self.env, self.before = argv, env, before

    def seconds(self) -> float:
        self.before()
        start = time.perf_counter()
        done = subprocess.run(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=self.env, cwd=ROOT)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(self.argv)} failed:\n{done.stderr.decode(errors='replace')}")
        return seconds


def export_revision(revision: str, folder: Path) -> Path:
    """The files of ``revision`` in ``folder`` (``git archive``)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--against", default=None, help="also time REV's code in the same rounds (e.g. main)")
    args = parser.parse_args()
    rounds = args.rounds
    temp = Path(tempfile.mkdtemp(prefix="cardforge-bench-"))
    out = temp / "out"
    kept = temp / "cache"
    empty = temp / "empty-cache"
    remembered = {**USER_ENV, "CARDFORGE_CACHE_DIR": str(kept)}
    cold = {**USER_ENV, "CARDFORGE_CACHE_DIR": str(empty)}
    no_cache = {**USER_ENV, "CARDFORGE_NO_CACHE": "1", "CARDFORGE_CACHE_DIR": str(empty)}
    lanterns = str(ROOT / "examples" / "lanterns")

    def forget() -> None:
        shutil.rmtree(empty, ignore_errors=True)

    cardforge = _cardforge()
    module = [sys.executable, "-m", "generator.cli"]
    commands: dict[str, Command] = {
        "import click": Command([sys.executable, "-c", "import click"], remembered),
        "cardforge --help": Command([*cardforge, "--help"], remembered),
        "cardforge list": Command([*cardforge, "list"], remembered),
        "cardforge deck hanabi --json": Command([*cardforge, "deck", "hanabi", "--json"], remembered),
        "validate shipped games, cold": Command([*cardforge, "validate"], cold, forget),
        "validate shipped games, fonts remembered": Command([*cardforge, "validate"], remembered),
        "validate shipped games, no cache": Command([*cardforge, "validate"], no_cache),
        "validate example kit, cold": Command([*cardforge, "validate", "--project", lanterns], cold, forget),
        "validate example kit, fonts remembered": Command([*cardforge, "validate", "--project", lanterns], remembered),
        "cardforge build hanabi": Command([*cardforge, "build", "hanabi", "--out", str(out)], remembered),
        "cardforge build hanabi, cold": Command([*cardforge, "build", "hanabi", "--out", str(out)], cold, forget),
    }
    if args.against:
        base = export_revision(args.against, temp / "base")
        base_env = {**no_cache, "PYTHONPATH": str(base)}
        for name, argv in (("validate shipped games", ["validate"]),
                           ("validate example kit", ["validate", "--project", lanterns]),
                           ("build hanabi", ["build", "hanabi", "--out", str(temp / "base-out")])):
            commands[f"[{args.against}, -m, no cache] {name}"] = Command([*module, *argv], base_env)
            commands[f"[this, -m, no cache] {name}"] = Command([*module, *argv], {**no_cache, "PYTHONPATH": str(ROOT)})
    decksmith = _decksmith()
    if decksmith and PEER.exists():
        commands["decksmith (50 Hanabi fronts)"] = Command(["bash", str(PEER)], {**remembered, "DECKSMITH": decksmith})
    else:
        print("decksmith not found (set DECKSMITH or see ../shared/peers/README.md): build ratio skipped")
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache, the bytecode and the user cache once
        command.seconds()
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(command.seconds())
    median = {name: statistics.median(values) for name, values in times.items()}
    base_time = median["import click"]
    print(f"{rounds} rounds, median of whole processes (interpreter start-up included):")
    for name, value in median.items():
        print(f"  {name:<48} {value:7.3f} s   {value / base_time:5.2f} x import click")
    print("targets:")
    for name, (against, ratio, how) in TARGETS.items():
        if name not in median:
            continue
        found = median[name] / median[against]
        met = found <= ratio if how == "at most" else found >= ratio
        print(f"  {name} / {against}: {found:.2f} (target {how} {ratio:g}): {'met' if met else 'NOT MET'}")
    if args.against:
        for name in ("validate shipped games", "validate example kit", "build hanabi"):
            before = median[f"[{args.against}, -m, no cache] {name}"]
            now = median[f"[this, -m, no cache] {name}"]
            print(f"{name} (python -m generator.cli, no cache): {args.against} {before:.3f} s, this tree "
                  f"{now:.3f} s ({now / before:.2f}x the time)")
    pdf = out / "hanabi.pdf"
    print(f"hanabi.pdf: {pdf.stat().st_size} bytes" + (
        f" ({args.against}: {(temp / 'base-out' / 'hanabi.pdf').stat().st_size} bytes)" if args.against else ""))
    shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
