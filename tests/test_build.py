"""``cardforge build`` and ``export`` as a user runs them: files, manifests that match the PDFs,
geometry of every placed piece, duplex order, determinism, and nothing written on bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.files.atomicio import write_atomic
from generator.cli.main import cli

GAMES = ("firecrackers", "hanabi", "hanabi-multicolor", "scoreworks", "sequence")
MARGIN = 6.35


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = run("build", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def manifest(out: Path, game: str) -> dict:  # type: ignore[type-arg]
    return json.loads((out / f"{game}.json").read_text())


def test_every_game_has_a_pdf_and_a_manifest(built: Path) -> None:
    for game in GAMES:
        assert (built / f"{game}.pdf").stat().st_size > 10_000
        data = manifest(built, game)
        pdf = pymupdf.open(built / f"{game}.pdf")
        assert len(data["pages"]) == pdf.page_count
        for page, entry in zip(pdf, data["pages"]):
            assert entry["size_mm"][0] == pytest.approx(page.rect.width * 25.4 / 72, abs=0.01)
            assert entry["size_mm"][1] == pytest.approx(page.rect.height * 25.4 / 72, abs=0.01)


def test_manifest_items_have_their_size_lie_inside_the_printable_area_and_do_not_overlap(built: Path) -> None:
    sizes = {"card": {(63.5, 88.9)}, "token": {(26.0, 26.0), (24.0, 24.0)}}
    for game in GAMES:
        for page in manifest(built, game)["pages"]:
            w, h = page["size_mm"]
            boxes = []
            for item in page["items"]:
                assert set(item) >= {"kind", "card", "side", "slot", "x_mm", "y_mm", "width_mm", "height_mm", "rotation"}
                size = (item["width_mm"], item["height_mm"])
                if item["kind"] in sizes:
                    assert any(abs(size[0] - a) <= 0.05 and abs(size[1] - b) <= 0.05 for a, b in sizes[item["kind"]]), item
                x, y = item["x_mm"], item["y_mm"]
                assert x >= MARGIN - 0.01 and y >= MARGIN - 0.01, item
                assert x + size[0] <= w - MARGIN + 0.01 and y + size[1] <= h - MARGIN + 0.01, item
                for other in boxes:
                    assert not (x < other[0] + other[2] - 1e-6 and other[0] < x + size[0] - 1e-6
                                and y < other[1] + other[3] - 1e-6 and other[1] < y + size[1] - 1e-6), (game, item)
                boxes.append((x, y, *size))


def test_each_page_of_backs_follows_its_fronts_mirrored_on_the_long_edge(built: Path) -> None:
    pages = manifest(built, "hanabi")["pages"]
    for index, page in enumerate(pages):
        backs = [i for i in page["items"] if i["side"] == "back"]
        if not backs:
            continue
        fronts = {i["slot"]: i for i in pages[index - 1]["items"] if i["side"] == "front"}
        assert fronts, "a page of backs must follow a page of fronts"
        for back in backs:
            front = fronts[back["slot"]]
            assert back["card"] == front["card"]
            assert back["x_mm"] == pytest.approx(page["size_mm"][0] - front["x_mm"] - front["width_mm"], abs=0.002)
            assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.002)


def test_counts_of_what_was_printed(built: Path) -> None:
    def count(game: str, kind: str, side: str = "front") -> int:
        return sum(1 for p in manifest(built, game)["pages"] for i in p["items"] if i["kind"] == kind and i["side"] == side)

    assert count("hanabi", "card") == 50 and count("hanabi", "card", "back") == 50
    assert count("hanabi", "token") == 11
    assert count("hanabi-multicolor", "card") == 60
    assert count("sequence", "card") == 104 and count("sequence", "token") == 144
    assert count("sequence", "board") >= 4
    assert count("firecrackers", "card") == 60 and count("scoreworks", "card") == 16


def test_the_same_build_gives_the_same_bytes(built: Path, tmp_path: Path) -> None:
    result = run("build", "hanabi", "sequence", "--out", str(tmp_path))
    assert result.exit_code == 0
    for game in ("hanabi", "sequence"):
        assert (tmp_path / f"{game}.pdf").read_bytes() == (built / f"{game}.pdf").read_bytes()
        assert (tmp_path / f"{game}.json").read_bytes() == (built / f"{game}.json").read_bytes()


@pytest.mark.parametrize(("args", "cards"), [(("--players", "3"), 50), (("--all-packs",), 120),
                                              (("--players", "2", "--expansion", "scoreworks"), 76)])
def test_firecrackers_player_counts_and_expansion(tmp_path: Path, args: tuple[str, ...], cards: int) -> None:
    result = run("build", "firecrackers", "--out", str(tmp_path), *args)
    assert result.exit_code == 0, result.output
    data = manifest(tmp_path, "firecrackers")
    assert sum(1 for p in data["pages"] for i in p["items"] if i["side"] == "front") == cards


def test_options_change_the_output(tmp_path: Path) -> None:
    result = run("build", "hanabi", "--out", str(tmp_path), "--paper", "letter", "--duplex", "short",
                 "--back-offset", "1,-0.5", "--copies", "2", "--ink-saver", "--no-crop-marks", "--bleed", "2")
    assert result.exit_code == 0, result.output
    pages = manifest(tmp_path, "hanabi")["pages"]
    assert pages[0]["size_mm"] == [215.9, 279.4]
    assert sum(1 for p in pages for i in p["items"] if i["kind"] == "card" and i["side"] == "front") == 100
    front = next(i for i in pages[0]["items"] if i["slot"] == 0)
    back = next(i for i in pages[1]["items"] if i["slot"] == 0)
    assert back["x_mm"] == pytest.approx(front["x_mm"] + 1, abs=0.002)
    assert back["y_mm"] == pytest.approx(279.4 - front["y_mm"] - front["height_mm"] - 0.5, abs=0.002)


def test_alignment_page(tmp_path: Path) -> None:
    result = run("build", "hanabi", "--out", str(tmp_path), "--alignment-page", "--duplex", "short")
    assert result.exit_code == 0, result.output
    document = pymupdf.open(tmp_path / "alignment.pdf")
    assert document.page_count == 2
    assert "front" in document[0].get_text() and "back-offset" in document[1].get_text()


def test_gutterfold_and_board_on_a_large_sheet(tmp_path: Path) -> None:
    result = run("build", "sequence", "--out", str(tmp_path), "--gutterfold", "--board-paper", "a2")
    assert result.exit_code == 0, result.output
    pages = manifest(tmp_path, "sequence")["pages"]
    first = pages[0]
    assert first["size_mm"] == [297.0, 210.0]
    assert {i["side"] for i in first["items"]} == {"front", "back"}
    boards = [p for p in pages if any(i["kind"] == "board" for i in p["items"])]
    assert len(boards) == 1 and boards[0]["size_mm"] in ([420.0, 594.0], [594.0, 420.0])


def test_bad_definitions_write_nothing_and_keep_the_old_file(project_copy: Path) -> None:
    out = project_copy / "output"
    assert run("build", "hanabi", "--project", str(project_copy)).exit_code == 0
    good = (out / "hanabi.pdf").read_bytes()
    path = project_copy / "card_defs" / "hanabi.yaml"
    path.write_text(path.read_text().replace("    symbol: drop\n", "    symbol: drop\n    ranks: {1: 3, 2: 2, 3: 2, 4: 2}\n"))
    result = run("build", "--project", str(project_copy))
    assert result.exit_code == 1
    assert "hanabi.yaml:36:5: error:" in result.output and "nothing was built" in result.output
    assert (out / "hanabi.pdf").read_bytes() == good
    assert not (out / "sequence.pdf").exists()


@pytest.mark.parametrize(("args", "code", "message"), [
    (("build", "hanabi", "--paper", "a5"), 1, "no sheet template 'a5'"),
    (("build", "hanabi", "--card-size", "huge"), 1, "no card template 'huge'"),
    (("build", "hanabi", "--card-size", "tarot", "--paper", "a4", "--gutterfold"), 1, "does not fit"),
    (("build", "nope"), 2, "no game 'nope'"),
    (("build", "firecrackers", "--players", "11"), 1, "not 11"),
    (("build", "hanabi", "--back-offset", "x"), 2, "X,Y"),
])
def test_user_mistakes_are_clear(tmp_path: Path, args: tuple[str, ...], code: int, message: str) -> None:
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == code, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not list(tmp_path.glob("*.pdf"))


def test_an_interrupted_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"good old file")

    def broken(_fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"half a new fi")
    assert target.read_bytes() == b"good old file"
    assert list(tmp_path.iterdir()) == [target]


@pytest.mark.e2e
def test_export_png_and_tts(tmp_path: Path) -> None:
    result = run("export", "hanabi", "--png", str(tmp_path / "png"), "--tts", str(tmp_path / "tts"), "--dpi", "60")
    assert result.exit_code == 0, result.output
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert len(pngs) == 25 + 1 + 4  # distinct fronts, the back, 2 sides of note and storm tokens
    info = json.loads((tmp_path / "tts" / "hanabi-tts.json").read_text())
    assert info["sheets"][0]["cards"] == 50 and info["sheets"][0]["NumWidth"] == 10
    image = pymupdf.Pixmap(str(tmp_path / "tts" / "hanabi-deck-1.png"))
    assert image.width <= 4096 and image.height <= 4096
    assert run("export", "hanabi").exit_code == 2
