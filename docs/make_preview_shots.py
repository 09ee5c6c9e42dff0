"""Regenerate the screenshots of ``cardforge preview`` in docs/previews/ with a headless Chromium:
the cards of Hanabi with one card's details on hover, a mistake shown at its place above the last
good cards, and the sheet view. A copy of the shipped project is previewed (nothing here changes).

Run from the repository: python docs/make_preview_shots.py   (needs Debian's chromium)
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.files.paths import shipped_root  # noqa: E402
from generator.app.preview.server import PreviewServer  # noqa: E402
from generator.app.preview.session import PreviewSession  # noqa: E402
from generator.app.preview.watch import watch_project  # noqa: E402
from tests.browser import Chromium, Tab  # noqa: E402

PREVIEWS = Path(__file__).parent / "previews"


def choose(tab: Tab, element: str, value: str, event: str = "input") -> None:
    tab.evaluate(f"(() => {{ const e = document.getElementById('{element}'); e.value = '{value}';"
                 f" e.dispatchEvent(new Event('{event}')); }})()")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        for part in ("card_defs", "layouts"):
            shutil.copytree(shipped_root() / part, project / part)
        os.chdir(project)  # locations as a designer sees them: card_defs/hanabi.yaml:12:3
        session = PreviewSession(project, ["hanabi", "sequence"])
        session.rebuild()
        server = PreviewServer("127.0.0.1", 0, session)
        stop = threading.Event()
        threading.Thread(target=server.serve_forever, daemon=True).start()
        threading.Thread(target=watch_project, args=(session, lambda _: server.hub.publish(), stop), daemon=True).start()
        try:
            with Chromium.start() as browser:
                tab = browser.page(1280, 820)
                tab.goto(server.url)
                tab.wait_for("document.body.dataset.version && document.fonts.status === 'loaded'")
                choose(tab, "zoom", "0.5")
                choose(tab, "filter-game", "hanabi")
                box = tab.evaluate("(() => { const b = document.querySelectorAll('#cards .card')[6]"
                                   ".getBoundingClientRect(); return [b.left + 40, b.top + 60]; })()")
                tab.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1]})
                time.sleep(0.3)
                (PREVIEWS / "preview-cards.png").write_bytes(tab.screenshot())
                tab.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 5, "y": 800})
                definition = project / "card_defs" / "hanabi.yaml"
                text = definition.read_text(encoding="utf-8")
                definition.write_text(text.replace("symbol: heart", "symbol: [heart", 1), encoding="utf-8")
                tab.wait_for("!document.getElementById('problems').hidden")
                time.sleep(0.3)
                (PREVIEWS / "preview-error.png").write_bytes(tab.screenshot())
                definition.write_text(text, encoding="utf-8")
                tab.wait_for("document.getElementById('problems').hidden")
                choose(tab, "zoom", "0.3")
                tab.evaluate("document.getElementById('view-sheets').click()")
                tab.wait_for("document.querySelectorAll('#sheets svg.page').length > 4")
                time.sleep(0.5)
                (PREVIEWS / "preview-sheets.png").write_bytes(tab.screenshot())
        finally:
            stop.set()
            server.shutdown()
            server.server_close()
    for name in ("preview-cards.png", "preview-error.png", "preview-sheets.png"):
        print(PREVIEWS / name)


if __name__ == "__main__":
    main()
