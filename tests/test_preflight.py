"""Preflight catches a planted mistake of each kind, names the card and the region, locates it in
the layout file, and stops build and export when it is an error."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from click.testing import CliRunner, Result
from PIL import Image

from generator.cli.main import cli
from generator.layout.scene import Close, CurveTo, LineTo, MoveTo, Paint, PathOp
from generator.layout.scene import Path as Outline
from generator.app.preflight.geometry import Affine
from generator.app.preflight.pdf import pdf_problems

DECK = """\
game: custom
id: comets
name: Comets
players: [2, 4]
card_size: poker
cards:
  - {id: sun, count: 3, colour: "#d62828", word: SUN}
  - {id: moon, count: 2, colour: "#1d5fbf", word: MOON}
"""

REGIONS = {
    "ground": '{shape: rect, fill: "{colour}", bleed: true}',
    "word": '{x: 8, y: 38, width: 47.5, height: 12, text: "{word}", font: sans-bold, max_pt: 24, min_pt: 10, colour: "#ffffff"}',
}


def layout(**changed: str) -> str:
    regions = {**REGIONS, **changed}
    lines = ["faces:", "  comets:", "    base_width: 63.5", "    base_height: 88.9", "    front:", "      regions:"]
    lines += [f"        {name}: {spec}" for name, spec in regions.items()]
    lines += ["    back:", "      regions:", '        ground: {shape: rect, fill: "#222222", bleed: true}']
    return "\n".join(lines) + "\n"


def png(path: Path, size: tuple[int, int], mode: str = "RGB", colour: object = (200, 30, 30)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new(mode, size, colour).save(path)  # type: ignore[arg-type]


@pytest.fixture()
def deck(tmp_path: Path) -> Path:
    project = tmp_path / "comets"
    assert CliRunner().invoke(cli, ["init", str(project)]).exit_code == 0
    (project / "card_defs" / "comets.yaml").write_text(DECK)
    (project / "layouts" / "comets.yaml").write_text(layout())
    return project


def plant(deck: Path, **changed: str) -> None:
    (deck / "layouts" / "comets.yaml").write_text(layout(**changed))


def run(deck: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "--project", str(deck)])


def line_of(deck: Path, region: str) -> int:
    text = (deck / "layouts" / "comets.yaml").read_text().splitlines()
    return next(n for n, line in enumerate(text, 1) if line.strip().startswith(f"{region}:"))


def test_the_clean_deck_is_ready_for_every_target(deck: Path) -> None:
    for extra in ((), ("--pod", "mpc"), ("--pod", "tgc"), ("--pod", "drivethrucards"), ("--pod", "pdf")):
        result = run(deck, "preflight", "comets", *extra)
        assert result.exit_code == 0 and "0 errors, 0 warnings" in result.output, result.output


@pytest.mark.parametrize("region,spec,code", [
    ("word", '{x: 8, y: 38, width: 47.5, height: 12, text: "{word}", font: sans, max_pt: 5, min_pt: 4}', "text-too-small"),
    ("word", '{x: 1.5, y: 38, width: 30, height: 12, text: "{word}", font: sans, max_pt: 12, min_pt: 8, align: left}',
     "text-outside-safe-zone"),
    ("logo", "{x: 1, y: 1, width: 20, height: 20, image: art/dot.png}", "art-outside-safe-zone"),
    ("ground", '{x: 0, y: 0, width: 63.5, height: 88.9, shape: rect, fill: "{colour}"}', "background-short-of-bleed"),
])
def test_a_planted_mistake_is_an_error_for_a_shop_located_at_its_region(deck: Path, region: str, spec: str, code: str) -> None:
    png(deck / "art" / "dot.png", (400, 400))
    plant(deck, **{region: spec})
    result = run(deck, "preflight", "comets", "--pod", "mpc")
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if f"[preflight/{code}]" in line]
    assert lines, result.output
    assert lines[0].startswith(f"layouts/comets.yaml:{line_of(deck, region)}:") or \
        f"comets.yaml:{line_of(deck, region)}:" in lines[0]
    assert "error:" in lines[0] and "card sun" in lines[0] and f"region '{region}'" in lines[0]
    exported = run(deck, "export", "comets", "--pod", "mpc", "--out", str(deck / "shop"))
    assert exported.exit_code == 1 and not (deck / "shop").exists()


def test_at_home_small_text_is_a_warning_and_the_build_goes_on(deck: Path) -> None:
    plant(deck, word='{x: 8, y: 38, width: 47.5, height: 12, text: "{word}", font: sans, max_pt: 5, min_pt: 4}')
    result = run(deck, "preflight", "comets")
    assert result.exit_code == 0 and "warning:" in result.output and "text-too-small" in result.output
    assert run(deck, "build", "comets", "--out", str(deck / "out")).exit_code == 0


def test_a_picture_under_300_dpi_is_a_warning(deck: Path) -> None:
    png(deck / "art" / "small.png", (40, 40))
    plant(deck, logo="{x: 16.75, y: 10, width: 30, height: 30, image: art/small.png}")
    result = run(deck, "preflight", "comets", "--pod", "tgc")
    assert result.exit_code == 0 and "[preflight/low-resolution]" in result.output and "34 dpi" in result.output
    validate = run(deck, "validate")
    assert validate.exit_code == 0 and "[layout.images/low-resolution]" in validate.output
    out = deck / "out"
    built = run(deck, "build", "comets", "--out", str(out))  # a warning never stops a build
    assert built.exit_code == 0, built.output
    assert (out / "comets.pdf").stat().st_size > 0 and (out / "comets.json").is_file()


def test_a_font_that_forbids_embedding_stops_the_build(deck: Path) -> None:
    from generator.files.paths import shipped_root

    data = bytearray((shipped_root() / "fonts" / "DejaVuSans.ttf").read_bytes())
    count = int.from_bytes(data[4:6], "big")
    os2 = next(int.from_bytes(data[12 + 16 * i + 8:12 + 16 * i + 12], "big") for i in range(count)
               if data[12 + 16 * i:12 + 16 * i + 4] == b"OS/2")
    data[os2 + 8:os2 + 10] = (2).to_bytes(2, "big")  # fsType: restricted licence embedding
    (deck / "fonts").mkdir(exist_ok=True)
    (deck / "fonts" / "Locked.ttf").write_bytes(bytes(data))
    (deck / "layouts" / "fonts.yaml").write_text("fonts:\n  locked: fonts/Locked.ttf\n")
    plant(deck, word='{x: 8, y: 38, width: 47.5, height: 12, text: "{word}", font: locked, max_pt: 24, min_pt: 10}')
    result = run(deck, "preflight", "comets")
    assert result.exit_code == 1 and "[preflight/font-not-embeddable]" in result.output
    assert "fonts.yaml:2:" in result.output and "restricted licence" in result.output
    built = run(deck, "build", "comets", "--out", str(deck / "out"))
    assert built.exit_code == 1 and not (deck / "out").exists()


def test_ink_over_the_limit_in_a_cmyk_picture_is_caught_in_the_finished_pdf(deck: Path) -> None:
    art = deck / "art" / "heavy.jpg"
    art.parent.mkdir(parents=True, exist_ok=True)
    Image.new("CMYK", (400, 400), (255, 255, 255, 255)).save(art, "JPEG")  # 400 % of ink
    plant(deck, logo="{x: 16.75, y: 10, width: 30, height: 30, image: art/heavy.jpg}")
    result = run(deck, "preflight", "comets", "--pod", "drivethrucards")
    assert result.exit_code == 1 and "[preflight/ink-over-limit]" in result.output
    assert "card sun" in result.output and "240 %" in result.output


def test_rgb_colour_and_rgb_images_in_a_cmyk_pdf_are_caught(deck: Path) -> None:
    png(deck / "art" / "dot.png", (400, 400))
    plant(deck, logo="{x: 16.75, y: 10, width: 30, height: 30, image: art/dot.png}")
    assert run(deck, "export", "comets", "--pod", "drivethrucards", "--out", str(deck / "dtc")).exit_code == 0
    data = (deck / "dtc" / "comets-drivethrucards.pdf").read_bytes()
    assert pdf_problems(data, limit=2.4, pdfx=True) == []
    with pikepdf.open(io.BytesIO(data)) as pdf:  # plant an RGB fill in the first form
        form = next(iter(pdf.pages[1].Resources.XObject.values()))
        form.write(b"1 0 0 rg\n" + form.read_bytes())
        out = io.BytesIO()
        pdf.save(out)
    codes = {p.code for p in pdf_problems(out.getvalue(), limit=2.4, pdfx=True)}
    assert codes == {"rgb-in-cmyk"}
    assert run(deck, "export", "comets", "--pod", "pdf", "--out", str(deck / "rgb")).exit_code == 0
    rgb = pdf_problems((deck / "rgb" / "comets-pdf.pdf").read_bytes(), limit=2.4, pdfx=True)
    assert {p.code for p in rgb} >= {"rgb-in-cmyk", "pdfx"}
    assert any("image in DeviceRGB" in p.message for p in rgb)


@pytest.mark.parametrize("game, size", [("hanabi", "poker"), ("hanabi", "mini"), ("hanabi-multicolor", "mini"),
                                        ("sequence", "poker"), ("firecrackers", "poker"), ("scoreworks", "tarot")])
@pytest.mark.e2e
def test_shipped_games_are_ready_for_a_shop_at_their_sizes(game: str, size: str) -> None:
    """Hanabi's own cards are mini-sized: its back's smallest text still prints at 6 pt there."""
    result = CliRunner().invoke(cli, ["preflight", game, "--pod", "mpc", "--card-size", size])
    assert result.exit_code == 0, result.output + result.stderr
    assert "0 errors, 0 warnings: ready to print" in result.stdout


@pytest.mark.e2e
def test_text_inside_svg_art_is_drawn_in_the_projects_embedded_fonts(deck: Path) -> None:
    art = deck / "art" / "badge.svg"
    art.parent.mkdir(parents=True, exist_ok=True)
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="45" '
                   'fill="#eeeeee"/><text x="50" y="45" font-size="20" text-anchor="middle">sun</text>'
                   '<text x="50" y="75" font-size="20" font-family="Nowhere Sans" font-weight="bold" '
                   'text-anchor="middle">BOLD</text></svg>')
    plant(deck, logo="{x: 16.75, y: 10, width: 30, height: 30, image: art/badge.svg}")
    out = deck / "out"
    assert run(deck, "build", "comets", "--out", str(out)).exit_code == 0
    with pikepdf.open(out / "comets.pdf") as pdf:
        fonts = {str(o.BaseFont): ("/FontDescriptor" in o or "/DescendantFonts" in o)
                 for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"}
    assert fonts and all(fonts.values()), fonts  # no standard font (Helvetica) referenced without its file
    assert any("DejaVuSans-Bold" in name for name in fonts)
    shop = run(deck, "export", "comets", "--pod", "drivethrucards", "--out", str(deck / "dtc"))
    assert shop.exit_code == 0, shop.output


_COORDINATE = st.floats(-500, 500, allow_nan=False)
_FACTOR = st.sampled_from([0.0, 1.0, -1.0, 0.5, 2.0, 0.7071067811865476, -0.7071067811865476])


@given(st.tuples(_FACTOR, _FACTOR, _FACTOR, _FACTOR, _COORDINATE, _COORDINATE),
       st.tuples(_COORDINATE, _COORDINATE, _COORDINATE, _COORDINATE))
def test_a_transformed_box_surrounds_its_four_transformed_corners(matrix: tuple[float, ...], box: tuple[float, ...]) -> None:
    a, b, c, d, e, f = matrix
    x0, y0, x1, y1 = box
    corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    expected = (min(p[0] for p in corners), min(p[1] for p in corners),
                max(p[0] for p in corners), max(p[1] for p in corners))
    assert Affine(a, b, c, d, e, f).box((x0, y0, x1, y1)) == expected


_POINT = st.tuples(_COORDINATE, _COORDINATE)
_OP = st.one_of(st.builds(MoveTo, _COORDINATE, _COORDINATE), st.builds(LineTo, _COORDINATE, _COORDINATE),
                st.builds(CurveTo, _COORDINATE, _COORDINATE, _COORDINATE, _COORDINATE, _COORDINATE, _COORDINATE),
                st.just(Close()))


@given(st.lists(st.lists(_OP, max_size=8).map(tuple), min_size=1, max_size=12), st.integers(1, 5))
def test_an_outlines_box_surrounds_its_points_however_often_it_is_asked(outlines: list[tuple[PathOp, ...]],
                                                                        limit: int) -> None:
    """Outlines' boxes are remembered by the identity of their operations (a deck draws the same
    symbols on many cards): the box is its points' every time, after the memo starts again too,
    and for equal outlines made anew."""
    from generator.app.preflight import geometry

    def points(ops: tuple[PathOp, ...]) -> list[tuple[float, float]]:
        found: list[tuple[float, float]] = []
        for op in ops:
            if isinstance(op, CurveTo):
                found += [(op.x1, op.y1), (op.x2, op.y2), (op.x, op.y)]
            elif not isinstance(op, Close):
                found.append((op.x, op.y))
        return found

    original = geometry.MAX_OUTLINES
    geometry.MAX_OUTLINES = limit
    try:
        for ops in [*outlines, *outlines, *(tuple(list(ops)) for ops in outlines)]:
            found = points(ops)
            expected = (min(p[0] for p in found), min(p[1] for p in found),
                        max(p[0] for p in found), max(p[1] for p in found)) if found else None
            assert geometry.own_box(Outline(ops, Paint()), None) == expected  # type: ignore[arg-type]
    finally:
        geometry.MAX_OUTLINES = original
