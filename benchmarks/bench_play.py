"""How fast ``cardforge play`` answers in a real browser (headless Chromium), game by game: a
person's click until the page shows its result, and a bot's move (its default budget) until the
page shows it. Targets (issue 34): a person's action on the page within 100 ms, a bot's move
within 1 s.

Each game is served by ``cardforge play`` as a designer starts it (a subprocess, --pause 0 so a
bot moves as soon as it has chosen) and played to the end by clicking the first action. The page
records the moment each new version is drawn (a MutationObserver on the version it writes), so
the figures include the server, the stream and the drawing.

    python benchmarks/bench_play.py [--games orchard,lanterns,hanabi]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.files.paths import shipped_root  # noqa: E402
from tests.browser import Chromium  # noqa: E402

TABLES = {
    "orchard": (shipped_root() / "examples" / "orchard", ["orchard", "-n", "3", "--seat", "human", "--seat", "ismcts",
                                                          "--seat", "greedy"]),
    "lanterns": (shipped_root() / "examples" / "lanterns", ["lanterns", "--seat", "human", "--seat", "ismcts"]),
    "hanabi": (shipped_root(), ["hanabi", "-n", "3", "--seat", "human", "--seat", "info", "--seat", "info"]),
    "sequence": (shipped_root(), ["sequence", "--seat", "human", "--seat", "best"]),
    "firecrackers": (shipped_root(), ["firecrackers", "-n", "3", "--seat", "human", "--seat", "best", "--seat", "best"]),
}
RECORD = """(() => { window.drawn = []; new MutationObserver(() => window.drawn.push(
  [document.body.dataset.version, document.body.dataset.current, performance.now()]))
  .observe(document.body, {attributes: true, attributeFilter: ['data-version']}); })()"""
CLICK = """new Promise((resolve) => { const v = document.body.dataset.version; const t0 = performance.now();
  new MutationObserver((_, o) => { if (document.body.dataset.version !== v) { o.disconnect();
  resolve(performance.now() - t0); } }).observe(document.body, {attributes: true, attributeFilter: ['data-version']});
  document.querySelector('#actions button').click(); })"""


def measure(browser: Chromium, name: str, seed: int) -> tuple[list[float], list[float]]:
    folder, args = TABLES[name]
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "play", *args, "--no-browser", "--pause", "0",
                                "--seed", str(seed)], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    try:
        url = None
        assert process.stdout is not None
        for line in process.stdout:
            found = re.search(r"http://\S+", line)
            if found:
                url = found.group(0)
                break
        assert url, "cardforge play printed no link"
        tab = browser.page(1400, 1000)
        tab.goto(url)
        tab.wait_for("document.body.dataset.version !== undefined", 30)
        tab.evaluate(RECORD)
        person: list[float] = []
        while True:
            state = tab.wait_for("(() => { if (!document.getElementById('result').hidden) return 'over';"
                                 " return document.querySelectorAll('#actions button').length ? 'move' : null; })()", 120)
            if state == "over":
                break
            person.append(tab.evaluate(CLICK, 30))
        drawn = tab.evaluate("window.drawn")
        bots = []
        people = {0}
        for (_, current, at), (_, _, next_at) in zip(drawn, drawn[1:]):
            if current != "" and int(current) not in people:  # a bot was to move: its move until drawn
                bots.append(next_at - at)
        tab.close()
        return person, bots
    finally:
        process.terminate()
        process.wait(10)


def line(name: str, what: str, values: list[float], target: float) -> str:
    if not values:
        return f"{name:9} {what:14} none"
    p95 = sorted(values)[max(0, int(len(values) * 0.95) - 1)]
    return (f"{name:9} {what:14} n={len(values):3}  median {statistics.median(values):7.1f} ms  95th {p95:7.1f} ms"
            f"  worst {max(values):7.1f} ms  target {target:.0f} ms: {'met' if p95 <= target else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    with Chromium.start(1400, 1000) as browser:
        for name in options.games.split(","):
            person, bots = measure(browser, name, options.seed)
            print(line(name, "person's click", person, 100))
            print(line(name, "bot's move", bots, 1000))


if __name__ == "__main__":
    main()
