"""Benchmark of text fitting: prints, for the shipped kits at every card size and for regions with
wide size ranges, how many sizes were measured and how long fitting took by bisection (the
fitting in use) against stepping down 0.25 pt at a time (the fitting it replaced), and checks
that both found the same sizes.

Run: python benchmarks/bench_textfit.py
"""

from __future__ import annotations

import time

from generator.app.build import BuildOptions, load_toolkit, make_kit
from generator.files.fontbook import FontBook
from generator.layout import faces
from generator.layout.scene import PT_PER_MM
from generator.layout.textfit import LEADING, SIZE_STEP_PT, Box, FitResult, fit_text, wrap
from generator.loader import load_project
from generator.loader.layouts import shipped_fonts
from generator.files.paths import shipped_root
from generator.app.catalog import GAMES

CARD_SIZES = (None, "poker-metric", "bridge", "euro", "mini", "mini-euro", "tarot", "square")


class Counting:
    """A measurer counting the widths it is asked for."""

    def __init__(self, book: FontBook) -> None:
        self.book = book
        self.calls = 0

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        self.calls += 1
        return self.book.width_mm(text, font, size_pt)

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return self.book.ascent_mm(font, size_pt)


def stepping(text: str, box: Box, measurer: Counting, *, font: str, max_pt: float, min_pt: float,
             wrap_lines: bool = True, **_: object) -> float | None:
    """The size the earlier fitting found, stepping down from ``max_pt``."""
    size = max_pt
    while size >= min_pt - 1e-9:
        lines = wrap(text, font, size, box.width, measurer) if wrap_lines else (  # type: ignore[arg-type]
            [text] if measurer.width_mm(text, font, size) <= box.width else None)
        if lines is not None and len(lines) * size * LEADING / PT_PER_MM <= box.height + 1e-9:
            return size
        size -= SIZE_STEP_PT
    return None


def shipped_fits() -> list[tuple[tuple[object, ...], dict[str, object]]]:
    """Every fit the shipped kits ask for, at every card size (arguments as passed)."""
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    real = faces.fit_text

    def record(*args: object, **kwargs: object) -> FitResult:
        calls.append((args, kwargs))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    faces.fit_text = record  # type: ignore[assignment]
    try:
        project = load_project(shipped_root(), GAMES)
        toolkit = load_toolkit(project)
        for size in CARD_SIZES:
            for game in project.games:
                make_kit(project, game, toolkit, BuildOptions(card_size=size, all_packs=True))
    finally:
        faces.fit_text = real
    return calls


def compare(name: str, fits: list[tuple[str, Box, str, float, float, bool]], book: FontBook) -> None:
    """Both fittings over ``fits`` (best time of three, the fonts' metrics already read)."""
    results = []
    for method in ("bisection", "stepping"):
        best = float("inf")
        for _ in range(3):
            measurer = Counting(book)
            started = time.perf_counter()
            sizes = []
            for text, box, font, max_pt, min_pt, wrap_lines in fits:
                if method == "bisection":
                    found = fit_text(text, box, measurer, font=font, max_pt=max_pt, min_pt=min_pt, wrap_lines=wrap_lines)
                    sizes.append(found.size_pt if found.problem is None else None)
                else:
                    sizes.append(stepping(text, box, measurer, font=font, max_pt=max_pt, min_pt=min_pt,
                                          wrap_lines=wrap_lines))
            best = min(best, time.perf_counter() - started)
        results.append((method, best, measurer.calls, sizes))
    (_, t1, c1, s1), (_, t2, c2, s2) = results
    print(f"{name:<44} {len(fits):>6} fits  bisection {t1 * 1000:8.1f} ms {c1:>9} widths   "
          f"stepping {t2 * 1000:9.1f} ms {c2:>10} widths   same sizes: {s1 == s2}")


def main() -> None:
    book = FontBook(shipped_fonts())
    for key in book.faces:
        book.metrics(key)
    calls = shipped_fits()
    fits = [(a[0], a[1], k["font"], k["max_pt"], k["min_pt"], k.get("wrap_lines", True)) for a, k in calls]
    compare("shipped kits, 8 card sizes", fits, book)  # type: ignore[arg-type]
    rule = "You may look at the top card of the deck, then put it back or discard it."
    wide = [(rule, Box(0, 0, 47.5, 40), "sans", 400.0, 1.0, True), ("7", Box(0, 0, 39.5, 38), "serif-bold", 400.0, 1.0, False)]
    compare("a rule and a rank, 400 pt down to 1 pt", wide * 20, book)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
