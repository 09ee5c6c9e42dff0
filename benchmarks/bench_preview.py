"""Benchmark of ``cardforge preview``: from saving a one-card change to the open page showing it.

A copy of the shipped project (every game: Firecrackers, Hanabi and its variant, Scoreworks,
Sequence) is previewed by the real command; a headless Chromium opens the page; then a card's
label in firecrackers.yaml is changed and saved 20 times (Strong Force 1, 2, ...: one face). Each
save is timed from just before the file is written until the browser reports that the page's DOM
holds the new text (a MutationObserver), and until the next animation frame after that (painted).
The preview's own passes (reading, laying out, drawing) are read from its terminal output.

Run: python benchmarks/bench_preview.py [--saves N]   (needs Debian's chromium)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.files.paths import shipped_root  # noqa: E402
from tests.browser import Chromium  # noqa: E402

LABEL = "label: Strong Force"
WAIT = """new Promise((resolve) => {
  const wanted = %s;
  const found = () => [...document.querySelectorAll('#cards svg.face text')].some((t) => t.textContent === wanted);
  const done = () => requestAnimationFrame(() => resolve('painted'));
  if (found()) { done(); return; }
  const observer = new MutationObserver(() => { if (found()) { observer.disconnect(); window.__dom = performance.now(); done(); } });
  observer.observe(document.getElementById('cards'), {childList: true, subtree: true, characterData: true});
})"""


def start_preview(project: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-m", "generator.cli.main", "preview", "--no-browser", "--port", "0",
                                "--project", str(project)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               cwd=project)
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"at (http://\S+)", line)
        if found:
            print(line.rstrip())
            return process, found.group(1)
    raise SystemExit("the preview did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=20)
    saves = parser.parse_args().saves
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        for part in ("card_defs", "layouts"):
            shutil.copytree(shipped_root() / part, project / part)
        definition = project / "card_defs" / "firecrackers.yaml"
        original = definition.read_text(encoding="utf-8")
        assert original.count(LABEL) == 1
        process, url = start_preview(project)
        try:
            with Chromium.start(1400, 1000) as browser:
                tab = browser.page(1400, 1000)
                loaded = time.perf_counter()
                tab.goto(url)
                tab.wait_for("document.body.dataset.version && document.querySelectorAll('#cards .card').length")
                tab.wait_for("document.fonts.status === 'loaded'")
                cards = tab.evaluate("document.querySelectorAll('#cards .card').length")
                print(f"page loaded with {cards} cards in {time.perf_counter() - loaded:.2f} s")
                dom: list[float] = []
                painted: list[float] = []
                for n in range(1, saves + 1):
                    label = f"Strong Force {n}"
                    tab.evaluate("window.__dom = 0")
                    waiting = tab.start_evaluate(WAIT % json.dumps(label.upper()))
                    time.sleep(0.05)  # the observer is in place before the save
                    saved_wall = time.time() * 1000
                    saved = time.perf_counter()
                    definition.write_text(original.replace(LABEL, f"label: {label}"), encoding="utf-8")
                    tab.finish(waiting, timeout=10)
                    painted.append((time.perf_counter() - saved) * 1000)
                    seen = tab.evaluate("window.__dom ? performance.timeOrigin + window.__dom : 0")
                    # the DOM moment on the browser's clock, against the save on ours (same machine)
                    dom.append(seen - saved_wall if seen else painted[-1])
                    time.sleep(0.15)
        finally:
            process.terminate()
            output, _ = process.communicate(timeout=10)
        passes = [float(m) for m in re.findall(r"redrawn in (\d+) ms", output)]
        faces = [int(m) for m in re.findall(r"(\d+) faces redrawn", output)]
    print(f"{saves} saves of a one-card change (faces sent per save: {sorted(set(faces))})")
    print(f"  page DOM shows it:   median {statistics.median(dom):6.1f} ms   worst {max(dom):6.1f} ms")
    print(f"  next frame painted:  median {statistics.median(painted):6.1f} ms   worst {max(painted):6.1f} ms")
    if passes:
        print(f"  preview pass alone:  median {statistics.median(passes):6.1f} ms   worst {max(passes):6.1f} ms "
              "(read, lay out Firecrackers, draw the changed face)")


if __name__ == "__main__":
    main()
