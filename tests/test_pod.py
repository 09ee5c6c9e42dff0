"""Print-on-demand presets (``export --pod``): exact pixel and page sizes, real bleed, dpi in the
PNGs, quantities that add up to the deck, and a DriveThruCards PDF with no RGB anywhere, its boxes
and its PDF/X output intent, read here with pikepdf independently of the exporter's own checks."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner, Result
from PIL import Image

from generator.cli.main import cli
from generator.model.shops import SHOPS, Shop

POKER_PX = {"mpc": (822, 1122), "tgc": (825, 1125)}

DECK = """\
game: custom
id: comets
name: Comets
players: [2, 4]
card_size: poker
cards:
  - {id: sun, count: 3, colour: "#d62828", word: SUN}
  - {id: moon, count: 2, colour: "#1d5fbf", word: MOON}
  - {id: star, count: 1, colour: "#2a9d4b", word: STAR}
"""

FACES = """\
faces:
  comets:
    base_width: 63.5
    base_height: 88.9
    front:
      regions:
        ground: {shape: rect, fill: "{colour}", bleed: true}
        word: {x: 8, y: 38, width: 47.5, height: 12, text: "{word}", font: sans-bold, max_pt: 24, min_pt: 10, colour: "#ffffff"}
    back:
      regions:
        ground: {shape: rect, fill: "#000000", bleed: true}
        title: {x: 8, y: 38, width: 47.5, height: 12, text: "COMETS", font: serif-bold, max_pt: 20, min_pt: 10, colour: "#ffffff"}
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def designer_deck(root: Path) -> Path:
    """A designer's own deck: three coloured cards (six copies) and a black back, in a project."""
    project = root / "comets"
    assert run("init", str(project)).exit_code == 0
    (project / "card_defs" / "comets.yaml").write_text(DECK)
    (project / "layouts" / "comets.yaml").write_text(FACES)
    return project


def export(out: Path, game: str, shop: str, *extra: str) -> Path:
    result = run("export", game, "--pod", shop, "--out", str(out), *extra)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every preset for the shipped games and a designer's deck (PNG presets: MakePlayingCards for
    every game, The Game Crafter for Hanabi and the designer's deck, to keep the suite short)."""
    root = tmp_path_factory.mktemp("pod")
    deck = designer_deck(root)
    made: dict[tuple[str, str], Path] = {}
    for game in ("hanabi", "sequence", "firecrackers", "comets"):
        project = ("--project", str(deck)) if game == "comets" else ()
        for shop in ("mpc", "drivethrucards", "pdf") + (("tgc",) if game in ("hanabi", "comets") else ()):
            made[(game, shop)] = export(root / f"{game}-{shop}", game, shop, *project)
    return made


def manifest(folder: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(next(folder.glob("*.json")).read_text())


def quantities(folder: Path, kind: str = "card") -> list[dict[str, str]]:
    """The rows of ``quantities.csv`` of faces of ``kind`` (the cards; ``""``: every row)."""
    with open(folder / "quantities.csv", newline="") as handle:
        return [row for row in csv.DictReader(handle) if not kind or row["kind"] == kind]


@pytest.mark.e2e
@pytest.mark.parametrize("game,cards", [("hanabi", 50), ("sequence", 104), ("firecrackers", 60), ("comets", 6)])
def test_png_presets_have_the_shops_pixel_size_dpi_and_quantities_that_add_up(
        exports: dict[tuple[str, str], Path], game: str, cards: int) -> None:
    for shop in ("mpc", "tgc"):
        folder = exports.get((game, shop))
        if folder is None:
            continue
        rows = quantities(folder)
        assert sum(int(r["count"]) for r in rows if r["side"] == "front") == cards
        assert sum(int(r["count"]) for r in rows if r["side"] == "back") == cards
        assert len({r["file"] for r in rows if r["side"] == "back"}) == len(
            {r["file"] for r in rows if r["side"] == "back"})  # each distinct back once
        info = manifest(folder)
        assert info["cards"] == cards and info["image_px"] == list(POKER_PX[shop])
        assert sum(p["count"] for p in info["pairs"]) == cards
        for row in rows:
            image = Image.open(folder / row["file"])
            assert image.size == POKER_PX[shop] and image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300 and "icc_profile" in image.info


@pytest.mark.e2e
def test_tokens_chips_and_boards_are_pdfs_of_their_own_with_bleed(exports: dict[tuple[str, str], Path]) -> None:
    """The shipped games' other components go to the shop too: one piece a page at its size plus
    the shop's bleed, trim and bleed boxes set."""
    hanabi = exports[("hanabi", "mpc")]
    with pikepdf.open(hanabi / "hanabi-note-tokens.pdf") as pdf:
        assert len(pdf.pages) == 16  # 8 tokens, both sides
        media, trim = [float(v) for v in pdf.pages[0].MediaBox], [float(v) for v in pdf.pages[0].TrimBox]
        assert trim[2] - trim[0] == pytest.approx(26 / 25.4 * 72, abs=0.01)
        assert media[2] - trim[2] == pytest.approx(36 / 300 * 72, abs=0.01)
    assert {r["component"] for r in quantities(hanabi, "token")} == {"note-tokens", "storm-tokens"}
    sequence = exports[("sequence", "drivethrucards")]
    with pikepdf.open(sequence / "sequence-board.pdf") as pdf:
        assert len(pdf.pages) == 1 and str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
    info = manifest(sequence)
    assert [(c["component"], c["kind"], c["pieces"]) for c in info["components"]] == [
        ("deck", "deck", 104), ("chips", "token", 144), ("board", "board", 1)]


@pytest.mark.e2e
def test_faces_have_real_bleed_to_the_image_edge(exports: dict[tuple[str, str], Path]) -> None:
    """The edge pixels of a coloured face are the face's colour, as the pixels at the trim are."""
    for shop, colour in (("mpc", (0xd6, 0x28, 0x28)), ("tgc", (0xd6, 0x28, 0x28))):
        image = Image.open(exports[("comets", shop)] / "comets-front-sun.png").convert("RGB")
        w, h = image.size
        edge = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (0, h // 2)]
        for xy in edge:
            assert max(abs(a - b) for a, b in zip(image.getpixel(xy), colour)) <= 2, (shop, xy)
    hanabi = Image.open(exports[("hanabi", "mpc")] / "hanabi-front-red-1-1.png").convert("RGB")
    assert hanabi.getpixel((0, 0)) == hanabi.getpixel((40, 40)) == hanabi.getpixel((821, 1121))


@pytest.mark.parametrize("key,size,expected", [
    ("mpc", "poker", (822, 1122)), ("mpc", "mini", (597, 822)), ("mpc", "tarot", (897, 1497)),
    ("tgc", "poker", (825, 1125)), ("tgc", "mini", (600, 825)), ("tgc", "tarot", (900, 1500)),
])
def test_image_sizes_follow_the_shops_templates(key: str, size: str, expected: tuple[int, int]) -> None:
    shop: Shop = SHOPS[key]
    matched = next(s for s in shop.sizes if s.name == size)
    assert shop.image_px(matched.width_mm, matched.height_mm) == expected


def test_a_mini_deck_is_drawn_at_the_shops_mini_size(tmp_path: Path) -> None:
    deck = designer_deck(tmp_path)
    folder = export(tmp_path / "mini", "comets", "tgc", "--card-size", "mini", "--project", str(deck))
    assert all(Image.open(p).size == (600, 825) for p in folder.glob("*.png"))
    assert manifest(folder)["trim_mm"] == [44.45, 63.5]


def test_a_size_the_shop_does_not_print_is_refused_with_the_sizes_it_does(tmp_path: Path) -> None:
    result = run("export", "hanabi", "--pod", "mpc", "--card-size", "square", "--out", str(tmp_path / "x"))
    assert result.exit_code == 1
    assert "does not print square cards" in result.output and "poker (2.5 x 3.5 in" in result.output
    assert not (tmp_path / "x").exists()


def _operators(pdf: pikepdf.Pdf) -> set[str]:
    found: set[str] = set()
    streams = [page.obj for page in pdf.pages]
    seen: set[tuple[int, int]] = set()
    while streams:
        stream = streams.pop()
        found |= {str(i.operator) for i in pikepdf.parse_content_stream(stream)}
        for _, xobject in stream.get("/Resources", {}).get("/XObject", {}).items():
            if xobject.objgen not in seen:
                seen.add(xobject.objgen)
                if xobject.Subtype == "/Form":
                    streams.append(xobject)
                else:
                    assert xobject.ColorSpace in ("/DeviceCMYK", "/DeviceGray") and "/SMask" not in xobject
    return found


@pytest.mark.e2e
@pytest.mark.parametrize("game,cards", [("hanabi", 50), ("sequence", 104), ("firecrackers", 60), ("comets", 6)])
def test_drivethrucards_pdf_is_cmyk_pdfx_with_boxes(exports: dict[tuple[str, str], Path], game: str, cards: int) -> None:
    folder = exports[(game, "drivethrucards")]
    with pikepdf.open(folder / f"{game}-drivethrucards.pdf") as pdf:
        assert pdf.pdf_version == "1.4" and len(pdf.pages) == 2 * cards
        operators = _operators(pdf)
        assert not operators & {"rg", "RG", "sc", "scn", "SC", "SCN", "gs"} and "k" in operators
        for page in pdf.pages:
            assert [float(v) for v in page.MediaBox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
            assert [float(v) for v in page.TrimBox] == [9, 9, 189, 261]  # 2.5 x 3.5 in, 1/8 in inside
            assert [float(v) for v in page.BleedBox] == [0, 0, 198, 270]
        intent = pdf.Root.OutputIntents[0]
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003" and pdf.docinfo.Trapped == "/False"
        for page in pdf.pages[:4]:
            for _, form in page.Resources.XObject.items():
                for _, font in form.get("/Resources", {}).get("/Font", {}).items():
                    assert "/FontFile2" in font.FontDescriptor
    rows = quantities(folder)
    assert sum(int(r["count"]) for r in rows if r["side"] == "front") == cards
    pages = sorted(int(p) for r in rows for p in r["pages"].split())
    assert pages == list(range(1, 2 * cards + 1))
    backs = {int(p) for r in rows if r["side"] == "back" for p in r["pages"].split()}
    assert backs == set(range(1, 2 * cards, 2))  # the shop's order: each card's back, then its front


@pytest.mark.e2e
def test_large_black_is_rich_black_and_black_text_is_black_ink_alone(exports: dict[tuple[str, str], Path]) -> None:
    with pikepdf.open(exports[("comets", "drivethrucards")] / "comets-drivethrucards.pdf") as pdf:
        back = pdf.pages[0].Resources.XObject
        colours = [(str(i.operator), [float(v) for v in i.operands]) for form in back.values()
                   for i in pikepdf.parse_content_stream(form) if str(i.operator) in ("k", "K")]
    assert ("k", [0.4, 0.3, 0.3, 1.0]) in colours  # the black background, 200 %
    assert all(sum(v) <= 2.4 + 1e-9 for _, v in colours)


@pytest.mark.e2e
def test_pdf_preset_is_one_card_a_page_with_boxes(exports: dict[tuple[str, str], Path]) -> None:
    with pikepdf.open(exports[("hanabi", "pdf")] / "hanabi-pdf.pdf") as pdf:
        assert len(pdf.pages) == 100
        assert all([float(v) for v in p.TrimBox] == [9, 9, 189, 261] for p in pdf.pages)
    rows = quantities(exports[("hanabi", "pdf")])
    fronts = {int(p) for r in rows if r["side"] == "front" for p in r["pages"].split()}
    assert fronts == set(range(1, 100, 2))  # front then back


@pytest.mark.e2e
def test_png_export_takes_bleed_and_dpi(tmp_path: Path) -> None:
    result = run("export", "hanabi", "--png", str(tmp_path / "p"), "--bleed", "3", "--dpi", "150")
    assert result.exit_code == 0, result.output
    image = Image.open(tmp_path / "p" / "red-1-1.png")
    assert image.size == (round((63.5 + 6) / 25.4 * 150), round((88.9 + 6) / 25.4 * 150))
    assert round(image.info["dpi"][0]) == 150
    plain = Image.open(io.BytesIO(_png_without_bleed(tmp_path)))
    assert plain.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))


def _png_without_bleed(tmp_path: Path) -> bytes:
    result = run("export", "hanabi", "--png", str(tmp_path / "q"), "--dpi", "150")
    assert result.exit_code == 0, result.output
    return (tmp_path / "q" / "red-1-1.png").read_bytes()


@pytest.mark.e2e
def test_the_same_faces_give_the_same_files_whenever_they_are_made(exports: dict[tuple[str, str], Path],
                                                                    tmp_path: Path) -> None:
    """littleCMS dates the sRGB profile it makes; the profile in our files carries a fixed date,
    so an export made later (in other worker processes) is byte for byte the same."""
    again = export(tmp_path / "again", "hanabi", "mpc")
    first = exports[("hanabi", "mpc")]
    names = sorted(p.name for p in first.glob("*.png"))
    assert names == sorted(p.name for p in again.glob("*.png"))
    assert all((first / name).read_bytes() == (again / name).read_bytes() for name in names)
    profile = Image.open(first / names[0]).info["icc_profile"]
    assert profile[24:36] == bytes.fromhex("07d0 0001 0001 0000 0000 0000")  # 2000-01-01, not the day of the export


def test_a_shop_exports_the_decks_it_prints_and_reports_the_one_it_leaves_out(tmp_path: Path) -> None:
    """A kit with a poker deck and a tarot deck was refused whole by DriveThruCards (poker only):
    the poker deck and every other component are exported, and the tarot deck is one warning at
    its size, never all or nothing."""
    project = tmp_path / "kit"
    assert run("init", str(project), "--example", "kit").exit_code == 0
    out = tmp_path / "dtc"
    result = run("export", "lanterns", "--pod", "drivethrucards", "--out", str(out), "--project", str(project))
    assert result.exit_code == 0, result.output
    left = [line for line in result.output.splitlines() if "[preflight/left-out]" in line]
    assert len(left) == 1 and "the voyages deck's tarot cards" in left[0] and ": warning: " in left[0], result.output
    assert "lanterns.yaml:" in left[0].split(": warning:")[0]
    files = {p.name for p in out.iterdir()}
    assert "lanterns-drivethrucards.pdf" in files and not any("voyages" in name for name in files)
    assert all(row["component"] != "voyages" for row in quantities(out))


def test_export_only_takes_the_components_named(tmp_path: Path) -> None:
    """``export --only`` as ``build`` has it: the poker deck alone to a shop."""
    project = tmp_path / "kit"
    assert run("init", str(project), "--example", "kit").exit_code == 0
    out = export(tmp_path / "mpc", "lanterns", "mpc", "--only", "ships", "--project", str(project))
    assert {row["component"] for row in quantities(out)} == {"ships"}
    refused = run("export", "lanterns", "--pod", "mpc", "--only", "shipz", "--out", str(tmp_path / "x"),
                  "--project", str(project))
    assert refused.exit_code == 1 and "did you mean 'ships'" in refused.output
