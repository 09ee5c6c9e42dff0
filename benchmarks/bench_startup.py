"""Benchmark of whole commands as a user starts them (interpreter start-up included), run
alternately in one session so the ratios compare like with like on a shared machine:

- ``cardforge --help`` against ``python -c "import click"`` (target: within 4x);
- ``cardforge validate`` of the shipped kit (the repository's card_defs/ and layouts/: Hanabi and
  its six-suit variant, Sequence, Firecrackers and Scoreworks) and of the example kit (Lantern
  Harbour, examples/lanterns) against the same baseline (target: within 4x). Each is measured
  three ways: cold (no remembered validation: the run loads, lays out and checks everything; the
  user cache keeps only the compiled dataclass methods, as a second run of any command has them),
  with no user cache at all (``CARDFORGE_NO_CACHE=1``: the very first run), and warm (the same
  command on unchanged files replays the remembered findings);
- ``cardforge list``, ``deck hanabi --json``, against the same baseline (for the record);
- ``cardforge build hanabi`` against decksmith making the same 50 Hanabi fronts (target: at least
  15x faster), when decksmith is installed: set ``DECKSMITH`` to its command, or install it in
  ``../decksmith-venv`` as ``../shared/peers/README.md`` says (the peer script lives in
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

Figures when the user cache came in (``--rounds 15 --against main``, a shared 2-core machine with
other benchmarks running; two runs, medians): import click 0.059 / 0.075 s; validate of the
shipped kit cold 6.73x / 5.40x, with no cache 8.49x / 7.17x, warm 0.76x / 0.56x (main, as
``python -m generator.cli``: 8.10x / 7.23x); of the example kit cold 4.55x / 3.61x, no cache
5.89x / 5.32x, warm 0.68x / 0.59x (main 6.01x / 5.44x); decksmith / build hanabi 17.3x / 18.5x,
with no cache 13.2x / 13.5x (main 13.0x / 13.5x); hanabi.pdf 106534 bytes here and on main.

Figures later, with faces fitting each text once and a faster preflight (``--rounds 9``, decksmith
installed, a quieter machine): import click 0.039 s; validate of the shipped kit cold 5.94x
(0.234 s), no cache 7.49x, warm 0.68x; of the example kit cold 4.25x, no cache 5.68x, warm 0.65x;
``--help`` 1.28x; decksmith (3.124 s) / build hanabi (0.205 s) 15.2x, with no cache 10.8x.

Figures with validate's games laid out by two processes, its sheets checked without planning
pages, font metrics read back without reading the fonts and fewer imports (``--rounds 11``,
decksmith installed, a quiet machine): import click 0.039 s; validate of the shipped kit cold
4.44x (0.174 s), no cache 6.01x, warm 0.62x; of the example kit cold 4.02x, no cache 5.42x, warm
0.63x; ``--help`` 1.21x; decksmith (3.091 s) / build hanabi (0.195 s) 15.8x, with no cache 11.0x.

Figures with font metrics kept as arrays, no OpenSSL, difflib, expat or card list reader loaded,
cheaper YAML checks, no repeated card lists or comparisons, outline boxes remembered, the copy's
results read as soon as they are written and the tasks taken largest first, the rules together
(``--rounds 15``, decksmith installed, a quiet machine, cardforge with its extras and no other game
package installed): import click 0.039-0.040 s; validate of the shipped kit cold 3.92x / 3.95x /
3.92x (0.152-0.155 s) in three runs, no cache 5.30x, warm 0.55x; of the example kit cold 3.73x -
3.83x, no cache 5.2x, warm 0.55x; ``--help`` 1.20x; decksmith (3.10 s) / build hanabi (0.187 s)
16.5x-16.8x, with no cache 11.5x-11.7x. With ``--against adb8dad`` (the code before these
changes) in the same run: shipped kit cold 3.91x; as ``python -m generator.cli``, adb8dad 0.214 s
(its runs have no cache) against 0.158 s cold and 0.213 s with no cache; build hanabi 0.270 s
against 0.192 s; hanabi.pdf 106534 bytes on both. On a busy host the two-process part varies by
up to 20 ms from run to run (the copy waits for the second CPU): runs then gave 4.1x-4.4x.
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


def _cardforge() -> list[str]:
    found = shutil.which("cardforge", path=str(Path(sys.executable).parent)) or shutil.which("cardforge")
    return [found] if found else [sys.executable, "-m", "generator.cli.main"]


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
    cache = temp / "cache"
    env = {**USER_ENV, "CARDFORGE_CACHE_DIR": str(cache)}
    no_cache = {**env, "CARDFORGE_NO_CACHE": "1"}
    lanterns = str(ROOT / "examples" / "lanterns")

    def forget_validations() -> None:
        shutil.rmtree(cache / "validate", ignore_errors=True)

    cardforge = _cardforge()
    module = [sys.executable, "-m", "generator.cli"]
    tree_env = {**env, "PYTHONPATH": str(ROOT)}
    commands: dict[str, Command] = {
        "python -c 'import click'": Command([sys.executable, "-c", "import click"], env),
        "cardforge --help": Command([*cardforge, "--help"], env),
        "cardforge list": Command([*cardforge, "list"], env),
        "cardforge deck hanabi --json": Command([*cardforge, "deck", "hanabi", "--json"], env),
        "validate shipped kit, cold": Command([*cardforge, "validate"], env, forget_validations),
        "validate shipped kit, no cache": Command([*cardforge, "validate"], no_cache),
        "validate shipped kit, warm": Command([*cardforge, "validate"], env),
        "validate example kit, cold": Command([*cardforge, "validate", "--project", lanterns], env, forget_validations),
        "validate example kit, no cache": Command([*cardforge, "validate", "--project", lanterns], no_cache),
        "validate example kit, warm": Command([*cardforge, "validate", "--project", lanterns], env),
        "cardforge build hanabi": Command([*cardforge, "build", "hanabi", "--out", str(out)], env),
        "cardforge build hanabi, no cache": Command([*cardforge, "build", "hanabi", "--out", str(out)], no_cache),
    }
    if args.against:
        base = export_revision(args.against, temp / "base")
        base_env = {**no_cache, "PYTHONPATH": str(base)}
        for name, argv in (("validate shipped kit", ["validate"]),
                           ("validate example kit", ["validate", "--project", lanterns]),
                           ("build hanabi", ["build", "hanabi", "--out", str(temp / "base-out")])):
            commands[f"[{args.against}] {name}"] = Command([*module, *argv], base_env)
            commands[f"[this, -m, cold] {name}"] = Command([*module, *argv], tree_env, forget_validations)
            commands[f"[this, -m, no cache] {name}"] = Command([*module, *argv], {**no_cache, "PYTHONPATH": str(ROOT)})
    decksmith = _decksmith()
    if decksmith and PEER.exists():
        commands["decksmith (50 Hanabi fronts)"] = Command(["bash", str(PEER)], {**env, "DECKSMITH": decksmith})
    else:
        print("decksmith not found (set DECKSMITH or see ../shared/peers/README.md): build ratio skipped")
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache, the bytecode and the user cache once
        command.seconds()
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(command.seconds())
    median = {name: statistics.median(values) for name, values in times.items()}
    base_time = median["python -c 'import click'"]
    print(f"{rounds} rounds, median of whole processes (interpreter start-up included):")
    for name, value in median.items():
        print(f"  {name:<40} {value:7.3f} s   {value / base_time:5.2f} x import click")
    print(f"cardforge --help / import click: {median['cardforge --help'] / base_time:.2f} (target <= 4)")
    for kit in ("shipped kit", "example kit"):
        figures = ", ".join(f"{how} {median[f'validate {kit}, {how}'] / base_time:.2f}" for how in ("cold", "no cache", "warm"))
        print(f"cardforge validate ({kit}) / import click: {figures} (target <= 4)")
    if args.against:
        for name in ("validate shipped kit", "validate example kit", "build hanabi"):
            before = median[f"[{args.against}] {name}"]
            cold, bare = median[f"[this, -m, cold] {name}"], median[f"[this, -m, no cache] {name}"]
            print(f"{name} (python -m generator.cli): {args.against} {before:.3f} s; this tree cold {cold:.3f} s "
                  f"({before / cold:.2f}x faster), with no cache {bare:.3f} s ({before / bare:.2f}x faster)")
    pdf = out / "hanabi.pdf"
    print(f"hanabi.pdf: {pdf.stat().st_size} bytes" + (
        f" ({args.against}: {(temp / 'base-out' / 'hanabi.pdf').stat().st_size} bytes)" if args.against else ""))
    peer = median.get("decksmith (50 Hanabi fronts)")
    if peer is not None:
        print(f"decksmith / cardforge build hanabi: {peer / median['cardforge build hanabi']:.1f}x, "
              f"with no cache {peer / median['cardforge build hanabi, no cache']:.1f}x (target >= 15)")
    shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
