"""Benchmark of a large card-list deck: a collectible-card-game prototype of 1 000 distinct cards.

Writes a project (the Orchard example's art and templates, a generated card list with a different
name, value and rule text on every card), then prints:

- ``cardforge validate`` as a whole process (interpreter start-up included; target under 1 s),
- ``cardforge build`` of the deck in one process: in-process time of load, checks, layout, render
  and write (target under 3 s), and the whole process for reference,
- how many distinct card drawings the PDF stores against the cards it prints (identical faces,
  the backs here, are stored once).

Run: python benchmarks/bench_large_deck.py [--cards 1000] [--rounds 5]
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

import pikepdf

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "orchard"
FRUITS = ("apple", "pear", "plum", "cherry")
COLOURS = {"apple": "#c0392b", "pear": "#8fa832", "plum": "#6c3483", "cherry": "#a93226"}
WORDS = ("harvest", "blossom", "orchard", "ladder", "basket", "sunrise", "frost", "hive", "branch", "root")


def write_project(folder: Path, cards: int) -> None:
    """The Orchard example with a card list of ``cards`` distinct cards, each with its own rule text."""
    shutil.copytree(EXAMPLE / "art", folder / "art")
    (folder / "layouts").mkdir()
    shutil.copy(EXAMPLE / "layouts" / "orchard.yaml", folder / "layouts")
    (folder / "card_defs").mkdir()
    rows = ["id,count,template,fruit,value,colour,text"]
    per_fruit = dict.fromkeys(FRUITS, 0)
    for n in range(cards):
        fruit = FRUITS[n % len(FRUITS)]
        per_fruit[fruit] += 1
        rule = " ".join(WORDS[(n * 7 + k) % len(WORDS)] for k in range(3 + n % 9))
        template = "orchard" if n % 10 == 0 else "orchard-action"  # a plain fruit card now and then
        rows.append(f"card-{n:04d},1,{template},{fruit},{1 + n % 8},{COLOURS[fruit]},"
                    f"Card {n}: when you play it gain {1 + n % 5} and {rule}.")
    (folder / "card_defs" / "big.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    counts = ", ".join(f"{fruit}: {count}" for fruit, count in per_fruit.items())
    (folder / "card_defs" / "big.yaml").write_text(f"""\
game: custom
id: big
name: Big Orchard
players: [2, 6]
card_size: poker
cards: big.csv
fields:
  fruit: {{type: choice, choices: [{", ".join(FRUITS)}], required: true}}
  value: {{type: integer, min: 1, max: 8}}
  colour: {{type: colour, required: true}}
composition:
  total: {cards}
  count_by:
    fruit: {{{counts}}}
""", encoding="utf-8")


USER_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""The environment of a user's shell: Python's bytecode is cached, as on a user's machine."""


def command() -> str:
    """The ``cardforge`` command of this interpreter's environment."""
    beside = Path(sys.executable).with_name("cardforge")
    found = str(beside) if beside.exists() else shutil.which("cardforge")
    if found is None:
        raise SystemExit("cardforge is not installed: pip install -e .")
    return found


def whole_process(args: list[str], rounds: int) -> list[float]:
    """Wall times of ``cardforge ARGS`` run as a new process ``rounds`` times (exit 0 required)."""
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        done = subprocess.run([command(), *args], capture_output=True, text=True, env=USER_ENV)
        times.append(time.perf_counter() - t)
        if done.returncode != 0:
            raise SystemExit(f"cardforge {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return times


def in_process_build(project_dir: Path, out: Path) -> tuple[float, float]:
    """One build in this process, as ``cardforge build big`` does it: (seconds, of which writing)."""
    from generator.app.build import BuildOptions, plan_build
    from generator.app.catalog import GAMES
    from generator.loader import load_project

    t = time.perf_counter()
    project = load_project(project_dir, GAMES)
    plan = plan_build(project, [project.game("big")], BuildOptions(), out)
    w = time.perf_counter()
    plan.write()
    end = time.perf_counter()
    return end - t, end - w


def stored_drawings(pdf: Path) -> tuple[int, int]:
    """(distinct form XObjects in the PDF, card drawings placed on its pages)."""
    with pikepdf.open(pdf) as document:
        forms = {o.objgen for o in document.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"}
        placed = 0
        for page in document.pages:
            placed += sum(1 for _ in pikepdf.parse_content_stream(page, "Do"))
    return len(forms), placed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "project"
        write_project(folder, options.cards)
        out = Path(tmp) / "out"
        validate = whole_process(["validate", "big", "--project", str(folder)], options.rounds)
        in_process_build(folder, out)  # warm the file cache and write the first PDF
        builds = [in_process_build(folder, out) for _ in range(options.rounds)]
        process = whole_process(["build", "big", "--project", str(folder), "--out", str(out)], max(2, options.rounds // 2))
        forms, placed = stored_drawings(out / "big.pdf")
        size = (out / "big.pdf").stat().st_size
    print(f"deck: {options.cards} distinct cards (rule text on each), Orchard templates, poker size")
    print(f"validate, whole process:     median {statistics.median(validate):.2f} s, "
          f"worst {max(validate):.2f} s  (target < 1 s)")
    totals = [b[0] for b in builds]
    print(f"build, in one process:       median {statistics.median(totals):.2f} s, worst {max(totals):.2f} s "
          f"(of which writing {statistics.median(b[1] for b in builds):.2f} s)  (target < 3 s)")
    print(f"build, whole process:        median {statistics.median(process):.2f} s")
    print(f"PDF: {size / 1e6:.1f} MB, {forms} drawings stored (distinct faces, each artwork once) for {placed} "
          f"faces placed ({options.cards} fronts, {options.cards} backs)")


if __name__ == "__main__":
    main()
