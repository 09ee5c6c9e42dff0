"""The polished home kit: cut files that agree with the manifests, registration marks, footers
clear of crop marks, tokens under the last cards, real tile overlaps, cut guides between white
cards, ``--only`` reprints and a version stamp that keeps builds byte-identical."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pymupdf
import pytest
from click.testing import CliRunner, Result

from generator.cli.main import cli
from generator.layout.boardtiles import windows
from generator.layout.footer import add_footer
from generator.layout.page import Page
from generator.layout.scene import Line, Text

SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cut")
    result = run("build", "hanabi", "sequence", "--cut-file", "svg", "--registration-marks", "--stamp-date", "2025-03-01",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def _numbers(path: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path)]


@pytest.mark.parametrize("game", ["hanabi", "sequence"])
def test_cut_files_agree_with_the_manifest(cut: Path, game: str) -> None:
    pages = json.loads((cut / f"{game}.json").read_text())["pages"]
    files = sorted(cut.glob(f"{game}-cut-p*.svg"))
    cuttable = [n for n, page in enumerate(pages, 1) if any(i["side"] == "front" for i in page["items"])]
    assert [int(f.stem.rsplit("p", 1)[1]) for f in files] == cuttable
    kinds = set()
    for path in files:
        page = pages[int(path.stem.rsplit("p", 1)[1]) - 1]
        root = ElementTree.parse(path).getroot()
        assert root.get("viewBox") == f"0 0 {page['size_mm'][0]:g} {page['size_mm'][1]:g}"
        cuts = root.find(f"{SVG}g[@id='cut']")
        assert cuts is not None and len(root.find(f"{SVG}g[@id='registration']")) == 5
        items = [i for i in page["items"] if i["side"] == "front"]
        assert len(cuts) == len(items)
        for element, item in zip(cuts, items):
            path_data = element.get("d", "")
            r = item["corner_radius_mm"]
            kinds.add((item["kind"], r > 0))
            # the path's extreme points are the item's trim box, its arcs the item's corner radius
            xs, ys = _coords(path_data, 0), _coords(path_data, 1)
            assert min(xs) == pytest.approx(item["x_mm"], abs=0.002)
            assert max(xs) == pytest.approx(item["x_mm"] + item["width_mm"], abs=0.002)
            assert min(ys) == pytest.approx(item["y_mm"], abs=0.002)
            assert max(ys) == pytest.approx(item["y_mm"] + item["height_mm"], abs=0.002)
            assert path_data.count("A") == (4 if r else 0)
            if r:
                assert f"A{r:g} {r:g}" in path_data
    expected = {("card", True)} | ({("token", True)} if game == "hanabi" else {("token", True), ("board", False)})
    assert kinds == expected


def _coords(path: str, axis: int) -> list[float]:
    """The end points of a path made of M, H, V and A commands (axis 0: x, 1: y)."""
    x = y = 0.0
    found = []
    for command, args in re.findall(r"([MHVAZ])([^MHVAZ]*)", path):
        values = _numbers(args)
        if command == "M":
            x, y = values
        elif command == "H":
            x = values[0]
        elif command == "V":
            y = values[0]
        elif command == "A":
            x, y = values[-2:]
        found.append(x if axis == 0 else y)
    return found


def test_registration_marks_are_on_the_pages_to_cut_and_crop_marks_keep_clear(cut: Path) -> None:
    document = pymupdf.open(cut / "hanabi.pdf")
    first = document[0]
    squares = [d for d in first.get_drawings() if d.get("fill") == (0.0, 0.0, 0.0) and abs(d["rect"].width - 5 * 72 / 25.4) < 0.1]
    assert squares, "the top-left square of the print-and-cut marks"
    assert not [d for d in document[1].get_drawings() if d.get("fill") == (0.0, 0.0, 0.0) and d["rect"].x0 < 15]


def test_footers_stay_clear_of_crop_marks_and_of_the_bleed(tmp_path: Path) -> None:
    for size in ("square", "mini", "poker", "tarot"):
        out = tmp_path / size
        assert run("build", "hanabi", "--card-size", size, "--out", str(out)).exit_code == 0
        page = pymupdf.open(out / "hanabi.pdf")[0]
        lines = [d["rect"] for d in page.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and
                 (d["rect"].width < 0.6 or d["rect"].height < 0.6)]
        words = [b for b in page.get_text("words") if "hanabi" in b[4] or "fronts" in b[4]]
        assert words, size
        for x0, y0, x1, y1, *_ in words:
            box = pymupdf.Rect(x0, y0, x1, y1)
            assert not any(box.intersects(line) for line in lines), (size, box)


def test_a_footer_goes_between_marks_when_the_middle_is_taken() -> None:
    marks = tuple(Line(x, 290, x, 293, width_mm=0.2) for x in (30.0, 105.0, 180.0))
    page = add_footer(Page(210, 297, (), marks), ["game cards: fronts 1/2", "game · 0123abcd · 2025-03-01"],
                      _Measure())
    texts = [m for m in page.marks if isinstance(m, Text)]
    assert len(texts) == 2
    for text in texts:
        width = _Measure().width_mm(text.text, "sans", text.size_pt)
        assert not any(text.x - 0.5 <= x <= text.x + width + 0.5 for x in (30.0, 105.0, 180.0))


class _Measure:
    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        return 0.2 * size_pt * len(text)

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return 0.33 * size_pt


def test_hanabi_tokens_go_under_the_last_cards(tmp_path: Path) -> None:
    assert run("build", "hanabi", "--out", str(tmp_path)).exit_code == 0
    pages = json.loads((tmp_path / "hanabi.json").read_text())["pages"]
    kinds = [sorted({i["kind"] for i in page["items"]}) for page in pages]
    assert kinds.count(["card", "token"]) == 2 and ["token"] not in kinds  # fronts and backs, no token page
    last = pages[kinds.index(["card", "token"])]["items"]
    cards_bottom = max(i["y_mm"] + i["height_mm"] for i in last if i["kind"] == "card")
    assert min(i["y_mm"] for i in last if i["kind"] == "token") > cards_bottom + 3 + 5  # bleed and crop marks between


def test_board_tiles_overlap_by_what_they_say(tmp_path: Path) -> None:
    count, step, length = windows(390, 197.3 - 12, 12)
    assert count == 3 and length - step == pytest.approx(12)
    assert run("build", "sequence", "--out", str(tmp_path)).exit_code == 0
    pages = json.loads((tmp_path / "sequence.json").read_text())["pages"]
    tiles = [i for page in pages for i in page["items"] if i["kind"] == "board"]
    assert len(tiles) == 6 and len({(t["width_mm"], t["height_mm"]) for t in tiles}) == 1
    document = pymupdf.open(tmp_path / "sequence.pdf")
    text = document[[n for n, p in enumerate(pages) if any(i["kind"] == "board" for i in p["items"])][0]].get_text()
    assert "overlap by 12 mm" in text and "glue: A2 covers this strip" in text
    board_map = document[len(pages) - 2].get_text()  # the map comes before the rules page
    assert "assembly map" in board_map and "Lay A2 over A1" in board_map


def test_white_cards_get_thin_cut_guides_where_they_meet(tmp_path: Path) -> None:
    assert run("build", "sequence", "hanabi", "--out", str(tmp_path)).exit_code == 0

    def guides(name: str) -> int:
        page = pymupdf.open(tmp_path / name)[0]
        return sum(1 for d in page.get_drawings() if d.get("width") and abs(d["width"] - 0.12 * 72 / 25.4) < 0.01)

    assert guides("sequence.pdf") >= 16  # a 3 x 3 block: four junctions inside, arms on every shared line
    assert guides("hanabi.pdf") == 0  # coloured cards show their edges


def test_only_builds_just_the_named_cards(tmp_path: Path) -> None:
    result = run("build", "hanabi", "--only", "red-1", "--only", "blue-5-1,note-2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pages = json.loads((tmp_path / "hanabi.json").read_text())["pages"]
    fronts = sorted(i["card"] for p in pages for i in p["items"] if i["side"] == "front")
    assert fronts == ["blue-5-1", "note-2", "red-1-1", "red-1-2", "red-1-3"]
    wrong = run("build", "hanabi", "--only", "red-9", "--out", str(tmp_path / "x"))
    assert wrong.exit_code == 1 and "no card or token 'red-9'" in wrong.output and not (tmp_path / "x").exists()


def test_every_page_carries_the_stamp_and_the_same_inputs_give_the_same_bytes(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run("build", "hanabi", "--stamp-date", "2025-03-01", "--out", str(tmp_path / name)).exit_code == 0
    assert (tmp_path / "a" / "hanabi.pdf").read_bytes() == (tmp_path / "b" / "hanabi.pdf").read_bytes()
    document = pymupdf.open(tmp_path / "a" / "hanabi.pdf")
    stamps = {re.search(r"hanabi · [0-9a-f]{8} · 2025-03-01", page.get_text()) is not None for page in document}
    assert stamps == {True}
    epoch = CliRunner(env={"SOURCE_DATE_EPOCH": "1700000000"}).invoke(cli, ["build", "hanabi", "--out", str(tmp_path / "c")])
    assert epoch.exit_code == 0 and "2023-11-14" in pymupdf.open(tmp_path / "c" / "hanabi.pdf")[0].get_text()
