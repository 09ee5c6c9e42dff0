"""Benchmark of whole commands as a user starts them (interpreter start-up included), run
alternately in one session so the ratios compare like with like on a shared machine:

- ``cardforge --help`` against ``python -c "import click"`` (target: within 4x);
- ``cardforge list``, ``validate``, ``deck hanabi --json``, against the same baseline (for the record);
- ``cardforge build hanabi`` against decksmith making the same 50 Hanabi fronts (target: at least
  10x faster), when decksmith is installed: set ``DECKSMITH`` to its command, or install it in
  ``../decksmith-venv`` as ``../shared/peers/README.md`` says (the peer script lives in
  ``../shared/peers/decksmith-hanabi/run.sh``).

Every process runs as on a user's machine, with Python's bytecode cache: ``PYTHONDONTWRITEBYTECODE``
is unset for them (an installed package such as decksmith has its bytecode written at install
time; an editable install of cardforge writes it on its first run, the warm-up round here).

Run: python benchmarks/bench_startup.py [--rounds N]
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


def _cardforge() -> list[str]:
    found = shutil.which("cardforge", path=str(Path(sys.executable).parent)) or shutil.which("cardforge")
    return [found] if found else [sys.executable, "-m", "generator.cli.main"]


def _decksmith() -> str | None:
    given = os.environ.get("DECKSMITH")
    if given:
        return given
    local = ROOT.parent / "decksmith-venv" / "bin" / "decksmith"
    return str(local) if local.exists() else None


USER_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""The environment of a user's shell: bytecode is cached."""


def _time(command: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env or USER_ENV,
                   cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    rounds = parser.parse_args().rounds
    out = Path(tempfile.mkdtemp(prefix="cardforge-bench-"))
    cardforge = _cardforge()
    commands: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "python -c 'import click'": ([sys.executable, "-c", "import click"], None),
        "cardforge --help": ([*cardforge, "--help"], None),
        "cardforge list": ([*cardforge, "list"], None),
        "cardforge validate": ([*cardforge, "validate"], None),
        "cardforge deck hanabi --json": ([*cardforge, "deck", "hanabi", "--json"], None),
        "cardforge build hanabi": ([*cardforge, "build", "hanabi", "--out", str(out)], None),
    }
    decksmith = _decksmith()
    if decksmith and PEER.exists():
        commands["decksmith (50 Hanabi fronts)"] = (["bash", str(PEER)], {**USER_ENV, "DECKSMITH": decksmith})
    else:
        print("decksmith not found (set DECKSMITH or see ../shared/peers/README.md): build ratio skipped")
    times: dict[str, list[float]] = {name: [] for name in commands}
    for name, (command, env) in commands.items():  # warm the file cache once
        _time(command, env)
    for _ in range(rounds):
        for name, (command, env) in commands.items():
            times[name].append(_time(command, env))
    median = {name: statistics.median(values) for name, values in times.items()}
    base = median["python -c 'import click'"]
    print(f"{rounds} rounds, median of whole processes (interpreter start-up included):")
    for name, value in median.items():
        print(f"  {name:<32} {value:7.3f} s   {value / base:5.2f} x import click")
    print(f"cardforge --help / import click: {median['cardforge --help'] / base:.2f} (target <= 4)")
    peer = median.get("decksmith (50 Hanabi fronts)")
    if peer is not None:
        print(f"decksmith / cardforge build hanabi: {peer / median['cardforge build hanabi']:.1f}x (target >= 10)")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
