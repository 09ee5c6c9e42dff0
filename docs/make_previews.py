"""Regenerate the preview images of the README: build a few kits and render chosen pages to PNG.

Run from the repository: python docs/make_previews.py   (needs the test extra: pymupdf)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

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
]


def main() -> None:
    PREVIEWS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for game, options, page, name, dpi in SHOTS:
            out = Path(folder) / name
            result = CliRunner().invoke(cli, ["build", game, "--out", str(out), *options])
            assert result.exit_code == 0, result.output
            document = pymupdf.open(out / f"{game}.pdf")
            document[page % document.page_count].get_pixmap(dpi=dpi).save(PREVIEWS / name)
            print(PREVIEWS / name)


if __name__ == "__main__":
    main()
