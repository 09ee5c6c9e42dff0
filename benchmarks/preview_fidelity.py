"""How closely the preview draws what prints: for every distinct face of the shipped games, the
preview's SVG as a headless Chromium shows it against the PDF page of that face as pymupdf renders
it, both at 4 pixels a millimetre. Prints, per game, the mean difference (0-255) and the share of
pixels that differ by more than a quarter (64), worst face included.

Run: python benchmarks/preview_fidelity.py   (needs Debian's chromium and the test extra)
"""

from __future__ import annotations

import io
import statistics
import sys
import threading
from pathlib import Path

import pymupdf
from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.layout.page import Document, Page, Placement  # noqa: E402
from generator.files.paths import shipped_root  # noqa: E402
from generator.app.preview.server import PreviewServer  # noqa: E402
from generator.app.preview.session import PreviewSession  # noqa: E402
from generator.app.preview.views import face_id  # noqa: E402
from generator.render.pdf import render_pdf  # noqa: E402
from tests.browser import Chromium  # noqa: E402

PX_PER_MM = 4


def printed(scene: object, fonts: object) -> Image.Image:
    w, h = scene.width_mm, scene.height_mm  # type: ignore[attr-defined]
    page = Page(w, h, (Placement(scene, 0, 0, clip_mm=(0, 0, w, h)),))  # type: ignore[arg-type]
    pdf = render_pdf(Document("face", (page,)), fonts)  # type: ignore[arg-type]
    zoom = PX_PER_MM * 25.4 / 72
    pixmap = pymupdf.open(stream=pdf, filetype="pdf")[0].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
    return Image.open(io.BytesIO(pixmap.tobytes("png"))).convert("RGB")


def main() -> None:
    session = PreviewSession(shipped_root())
    session.rebuild()
    server = PreviewServer("127.0.0.1", 0, session)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with Chromium.start() as browser:
            tab = browser.page(1000, 1000)
            tab.goto(server.url)
            tab.wait_for("document.body.dataset.version && document.fonts.status === 'loaded'")
            tab.evaluate(f"document.documentElement.style.setProperty('--mm', '{PX_PER_MM}')")
            print(f"{'game':<20} {'faces':>5} {'mean diff':>10} {'worst':>7} {'px > 64':>8} {'worst':>7}")
            for game_id, build in session._builds.items():
                means: list[float] = []
                far: list[float] = []
                seen: set[str] = set()
                for view, scenes in build.views:
                    for scene in scenes:
                        fid = face_id(game_id, scene)
                        if fid in seen or view.kind == "board":
                            continue
                        seen.add(fid)
                        tab.evaluate("document.body.innerHTML = '<div id=\"one\" style=\"position:fixed;left:0;top:0;"
                                     "z-index:99\"></div>'; document.getElementById('one').innerHTML = "
                                     f"state.faces.get('{fid}')")
                        w = round(scene.width_mm * PX_PER_MM - 0.5)
                        h = round(scene.height_mm * PX_PER_MM - 0.5)
                        shot = Image.open(io.BytesIO(tab.screenshot({"x": 0, "y": 0, "width": w, "height": h})))
                        reference = printed(scene, session._font_book).crop((0, 0, w, h))
                        difference = ImageChops.difference(shot.convert("RGB").resize((w, h)), reference).convert("L")
                        means.append(ImageStat.Stat(difference).mean[0])
                        far.append(100 * sum(1 for v in difference.tobytes() if v > 64) / (w * h))
                print(f"{game_id:<20} {len(means):>5} {statistics.mean(means):>10.2f} {max(means):>7.2f} "
                      f"{statistics.mean(far):>7.2f}% {max(far):>6.2f}%")
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
