"""Regenerate the preview images of the README: build a few kits and render chosen pages to PNG;
run a simulation and a sweep and render charts of their HTML reports.

Run from the repository: python docs/make_previews.py   (needs the test extra: pymupdf)
(``--reports`` renders the report charts only; ``--kits`` the kits' pages and showcases only.)
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import cairosvg
import pymupdf
from click.testing import CliRunner

from generator.cli.main import cli

PREVIEWS = Path(__file__).parent / "previews"
SHOTS = [
    # (game, build options, page index, file name, dpi)
    ("hanabi", [], 0, "hanabi-fronts.png", 60),
    ("hanabi", [], 1, "hanabi-backs.png", 40),
    ("sequence", [], 0, "sequence-cards.png", 60),
    ("sequence", ["--board-paper", "a2"], -1, "sequence-board.png", 30),
    ("firecrackers", [], 0, "firecrackers-cards.png", 60),
    ("firecrackers", ["--expansion", "scoreworks", "--players", "2"], -2, "scoreworks-cards.png", 60),
    ("hanabi", [], -1, "hanabi-rules.png", 50),
    ("hanabi", [], 10, "hanabi-cards-and-tokens.png", 45),
    ("sequence", [], -8, "sequence-tile.png", 45),
    # a designer's own deck: the Orchard example project (cardforge init DIR --example custom)
    ("orchard", ["--project", "examples/orchard"], 0, "orchard-fronts.png", 50),
    ("orchard", ["--project", "examples/orchard"], 1, "orchard-backs.png", 40),
    # the same deck in German (--lang de: output/orchard-de.pdf), its marked-up action cards
    ("orchard", ["--project", "examples/orchard", "--lang", "de"], 8, "orchard-de-actions.png", 50),
    # a whole game in one definition: the Lantern Harbour example (cardforge init DIR --example kit)
    ("lanterns", ["--project", "examples/lanterns"], 0, "lanterns-ships.png", 50),
    ("lanterns", ["--project", "examples/lanterns"], 12, "lanterns-voyages-and-tokens.png", 50),
    ("lanterns", ["--project", "examples/lanterns"], 15, "lanterns-tile.png", 45),
    ("lanterns", ["--project", "examples/lanterns"], 19, "lanterns-assembly-map.png", 45),
    ("lanterns", ["--project", "examples/lanterns"], 20, "lanterns-box.png", 60),
    ("lanterns", ["--project", "examples/lanterns", "--board-paper", "a2"], -3, "lanterns-board.png", 30),
]

SHOWCASES = [
    # (export options, file name): pictures for a game's page (export --showcase)
    (["lanterns", "--project", "examples/lanterns", "--width", "1200"], "lanterns-showcase-fan.png"),
    (["lanterns", "--project", "examples/lanterns", "--layout", "grid", "--background", "#f1ead9", "--width", "1200"],
     "lanterns-showcase-grid.png"),
]

REPORT_SHOTS = [
    # (command, index of the chart in the report, file name)
    (["simulate", "hanabi", "-n", "3", "-k", "1000", "--bot", "best", "--seed", "1", "--rule", "strikeout=keep",
      "--rule", "empty_clues=false"], 0, "report-hanabi-scores.png"),
    (["sweep", "firecrackers", "-n", "4", "-k", "400", "--bot", "best", "--seed", "1",
      "--set", "explosion_threshold=8..12"], 1, "report-sweep-seats.png"),
    (["simulate", "firecrackers", "-n", "4", "-k", "1000", "--seed", "1"], 3, "report-seat-scores.png"),
    (["compare", "firecrackers", ".", ".", "-n", "4", "-k", "1000", "--seed", "1",
      "--set", "coins=2"], 1, "report-compare-run.png"),
]


def report_charts() -> None:
    """Render one chart of a simulate and of a sweep report (their SVG, as a browser shows it)."""
    with tempfile.TemporaryDirectory() as folder:
        for command, chart, name in REPORT_SHOTS:
            report = Path(folder) / f"{name}.html"
            result = CliRunner().invoke(cli, [*command, "--report", str(report)])
            assert result.exit_code == 0, result.output
            svg = re.findall(r"<svg.*?</svg>", report.read_text(encoding="utf-8"), re.S)[chart]
            cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(PREVIEWS / name),
                             output_width=640, background_color="white")
            print(PREVIEWS / name)


def main() -> None:
    PREVIEWS.mkdir(exist_ok=True)
    if "--reports" in sys.argv:
        report_charts()
        return
    kits_only = "--kits" in sys.argv
    with tempfile.TemporaryDirectory() as folder:
        for game, options, page, name, dpi in SHOTS:
            out = Path(folder) / name
            result = CliRunner().invoke(cli, ["build", game, "--out", str(out), *options])
            assert result.exit_code == 0, result.output
            lang = options[options.index("--lang") + 1] if "--lang" in options else ""
            document = pymupdf.open(out / (f"{game}-{lang}.pdf" if lang else f"{game}.pdf"))
            document[page % document.page_count].get_pixmap(dpi=dpi).save(PREVIEWS / name)
            print(PREVIEWS / name)
    for options, name in SHOWCASES:
        result = CliRunner().invoke(cli, ["export", *options, "--showcase", str(PREVIEWS / name)])
        assert result.exit_code == 0, result.output
        print(PREVIEWS / name)
    if not kits_only:
        report_charts()


if __name__ == "__main__":
    main()
