"""Benchmark of the print side: prints the time to build every game's kit (interpreter start-up
excluded), split by step, cards per second, PDF bytes per game, the cost of 10 copies, and the
same 50 Hanabi fronts made the common way (one 300 dpi PNG per card, imposed on A4) for comparison.

Run: python benchmarks/bench_build.py
"""

from __future__ import annotations

import io
import time

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.app.build import BuildOptions, load_toolkit, make_kit, sheet_options
from generator.layout.sheets import plan_document
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.render.pdf import render_pdf
from generator.render.png import scene_png
from generator.validate import validate_games
from generator.app.catalog import GAMES

MM = 72 / 25.4


def build_everything(copies: int = 1) -> tuple[dict[str, float], dict[str, int], int]:
    """Build every game (Firecrackers with Scoreworks) in memory; returns step times, PDF sizes, cards."""
    times = dict.fromkeys(("load", "validate", "faces", "plan", "render"), 0.0)
    t = time.perf_counter()
    project = load_project(shipped_root(), GAMES)
    toolkit = load_toolkit(project)
    times["load"] = time.perf_counter() - t
    t = time.perf_counter()
    validate_games(project.games, GAMES)
    times["validate"] = time.perf_counter() - t
    sizes: dict[str, int] = {}
    cards = 0
    for game in project.games:
        options = BuildOptions(copies=copies, expansion="scoreworks" if game.info.id == "firecrackers" else None)
        t = time.perf_counter()
        kit = make_kit(project, game, toolkit, options)
        times["faces"] += time.perf_counter() - t
        t = time.perf_counter()
        document = plan_document(kit, sheet_options(toolkit, options), game.info.name)
        times["plan"] += time.perf_counter() - t
        t = time.perf_counter()
        sizes[game.info.id] = len(render_pdf(document, toolkit.fonts))
        times["render"] += time.perf_counter() - t
        cards += copies * (len(kit.cards) + len(kit.tokens))
    return times, sizes, cards


def png_way() -> tuple[float, int, float, int]:
    """50 Hanabi fronts the common way: a 300 dpi PNG per card, imposed 9 to an A4 page."""
    project = load_project(shipped_root(), GAMES)
    toolkit = load_toolkit(project)
    game = project.game("hanabi")
    kit = make_kit(project, game, toolkit, BuildOptions())
    t = time.perf_counter()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(210 * MM, 297 * MM), invariant=1)
    for index, piece in enumerate(kit.cards):
        if index and index % 9 == 0:
            canvas.showPage()
        png = scene_png(piece.front, toolkit.fonts, dpi=300)
        col, row = index % 9 % 3, index % 9 // 3
        canvas.drawImage(ImageReader(io.BytesIO(png)), (10.25 + col * 63.5) * MM, (297 - 15.05 - (row + 1) * 88.9) * MM,
                         63.5 * MM, 88.9 * MM)
    canvas.save()
    png_time, png_size = time.perf_counter() - t, len(buffer.getvalue())
    fronts_only = plan_document(type(kit)(kit.game_id, tuple(p.__class__(p.id, p.kind, p.front, None) for p in kit.cards)),
                                sheet_options(toolkit, BuildOptions()), "fronts")
    t = time.perf_counter()
    vector = render_pdf(fronts_only, toolkit.fonts)
    return png_time, png_size, time.perf_counter() - t, len(vector)


def main() -> None:
    build_everything()  # warm caches (font files, glyph tables) as a long-running build would have them
    t = time.perf_counter()
    times, sizes, cards = build_everything()
    total = time.perf_counter() - t
    print(f"whole kit (5 games, fronts, backs, board, tokens, Scoreworks): {total:.3f} s")
    print("  " + ", ".join(f"{step} {seconds:.3f} s" for step, seconds in times.items()))
    print(f"  rendering (faces + plan + render): {times['faces'] + times['plan'] + times['render']:.3f} s")
    print(f"  pieces: {cards}, {cards / total:.0f} pieces/s")
    for game, size in sizes.items():
        print(f"  {game:<20} {size / 1024:8.1f} KB")
    _, ten, _ = build_everything(copies=10)
    one_total, ten_total = sum(sizes.values()), sum(ten.values())
    print(f"10 copies of every deck: {ten_total / 1024:.1f} KB vs {one_total / 1024:.1f} KB "
          f"(+{(ten_total / one_total - 1) * 100:.1f} %)")
    png_time, png_size, vec_time, vec_size = png_way()
    print(f"50 Hanabi fronts, PNG per card at 300 dpi: {png_time:.3f} s, {png_size / 1024:.0f} KB")
    print(f"50 Hanabi fronts, cardforge vector:        {vec_time:.3f} s, {vec_size / 1024:.0f} KB "
          f"({png_time / vec_time:.0f}x faster, {png_size / vec_size:.0f}x smaller)")


if __name__ == "__main__":
    main()
