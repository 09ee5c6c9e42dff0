"""Face templates as a designer writes them: every kind of region, located mistakes, the shipped
backs and tokens drawn from templates, a seven-suit Hanabi, and a restyled back with a logo and a
font of the project's own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner, Result

from generator.cli.main import cli
from generator.files.fontbook import FontBook
from generator.layout.faces import FaceContext
from generator.layout.kit import FaceSettings
from generator.layout.scene import Circle, Group, Image, Line, Path as ScenePath, Rect, Text
from generator.loader.layouts import shipped_fonts
from generator.model.source import SourceLoc
from generator.model.templates import Artwork, FaceRegion, FaceTemplate, Icon, Shape, ShapeKind, When
from generator.app.catalog import GAMES

FONTS = FontBook(shipped_fonts())
POKER = FaceSettings(63.5, 88.9, 3.0, 3.0, 3.0)
LIBERATION = Path(__file__).parent / "data" / "fonts" / "LiberationSansNarrow-Bold.ttf"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'


def run(project: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "--project", str(project)])


def context(*regions: FaceRegion, icons: tuple[Icon, ...] = (), settings: FaceSettings = POKER) -> FaceContext:
    return FaceContext(settings, FONTS, FaceTemplate("t", 63.5, 88.9, tuple(regions), icons=icons))


def region(name: str, **kw: object) -> FaceRegion:
    place = {"x_mm": 10.0, "y_mm": 10.0, "width_mm": 20.0, "height_mm": 10.0, "field": ""}
    place.update(kw)  # type: ignore[arg-type]
    return FaceRegion(name, **place)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- drawing


def test_text_with_placeholders_colours_and_filters() -> None:
    ctx = context(region("title", text="{name|upper} of {suit}", colour="{colour}", max_pt=8, min_pt=4))
    (text,) = [i for i in ctx.regions(None, {"name": "Sun", "suit": "fire", "colour": "#aa0000"}) if isinstance(i, Text)]
    assert text.text == "SUN of fire" and text.colour.hex == "#aa0000"


def test_every_shape() -> None:
    ctx = context(
        region("a", shape=Shape(ShapeKind.RECT, fill="#112233", opacity=0.5)),
        region("b", shape=Shape(ShapeKind.ROUNDED, stroke="#445566", radius_mm=2)),
        region("c", shape=Shape(ShapeKind.CIRCLE, fill="{colour}")),
        region("d", shape=Shape(ShapeKind.LINE, stroke="#000000")),
        region("e", shape=Shape(ShapeKind.POLYGON, fill="#000000", points=((0, 0), (20, 0), (10, 10)))),
    )
    a, b, c, d, e = ctx.regions(None, {"colour": "#00ff00"})
    assert isinstance(a, Rect) and a.paint.opacity == 0.5 and a.paint.fill.hex == "#112233"
    assert isinstance(b, Rect) and b.radius == 2 and b.paint.fill is None
    assert isinstance(c, Circle) and c.r == 5 and c.paint.fill.hex == "#00ff00"
    assert isinstance(d, Line) and (d.x1, d.y1, d.x2, d.y2) == (10, 10, 30, 20)
    assert isinstance(e, ScenePath) and len(e.ops) == 4


def test_conditions() -> None:
    ctx = context(region("rank", text="{rank}", when=When("rank")),
                  region("wild", text="WILD", when=When("suit", "wild")),
                  region("plain", text="plain", when=When("suit", "wild", negate=True)))
    wild = [i.text for i in ctx.regions(None, {"rank": "", "suit": "wild"}) if isinstance(i, Text)]
    plain = [i.text for i in ctx.regions(None, {"rank": "3", "suit": "sun"}) if isinstance(i, Text)]
    assert wild == ["WILD"] and plain == ["3", "plain"]


def test_a_boolean_field_is_compared_by_meaning() -> None:
    regions = (region("star", text="STAR", when=When("rare", "yes")), region("rare", text="RARE", when=When("rare")),
               region("plain", text="plain", when=When("rare", "Y", negate=True)),
               region("none", text="none", when=When("rare", negate=True)))
    ctx = FaceContext(POKER, FONTS, FaceTemplate("t", 63.5, 88.9, regions), booleans=frozenset({"rare"}))
    drawn = {value: [i.text for i in ctx.regions(None, {"rare": value}) if isinstance(i, Text)]
             for value in ("true", "false", "")}
    assert drawn == {"true": ["STAR", "RARE"], "false": ["plain", "none"], "": ["plain", "none"]}
    # a text field keeps comparing text: "false" is a value, and "yes" is not "true"
    plain = context(*regions)
    assert [i.text for i in plain.regions(None, {"rare": "true"}) if isinstance(i, Text)] == ["RARE", "plain"]


def test_a_condition_no_card_matches_is_a_warning_at_the_condition() -> None:
    at = SourceLoc("layouts/t.yaml", 7, 40)
    ctx = context(region("sun", text="SUN", when=When("suit", "sunn", loc=at)),
                  region("moon", text="MOON", when=When("suit", "moon")))
    for suit in ("sun", "moon", "star"):
        ctx.regions(None, {"suit": suit})
    (problem,) = ctx.unmatched()
    assert problem.warning and problem.source_loc == at and problem.code == "unmatched-condition"
    assert "did you mean 'sun'?" in problem.message and "they have: moon, star, sun" in problem.message


def test_bleed_runs_a_background_to_the_bleed_edge() -> None:
    ctx = context(region("bg", x_mm=0, y_mm=0, width_mm=63.5, height_mm=88.9, bleed=True,
                         shape=Shape(ShapeKind.RECT, fill="#123456")))
    (rect,) = ctx.regions(None, {})
    assert isinstance(rect, Rect) and (rect.x, rect.y, rect.width, rect.height) == (-3, -3, 69.5, 94.9)


def test_bleed_runs_artwork_to_the_bleed_edge_once() -> None:
    art = Artwork("art/sky.svg", SVG, "svg")
    ctx = context(region("sky", x_mm=0, y_mm=0, width_mm=63.5, height_mm=30, bleed=True, artwork=art),
                  region("logo", x_mm=20, y_mm=40, width_mm=20, height_mm=20, bleed=True, artwork=art))
    sky, logo = ctx.regions(None, {})
    # three sides touch the trim and grow by the 3 mm bleed; the bottom, inside the card, stays
    assert isinstance(sky, Image) and (sky.x, sky.y, sky.width, sky.height) == (-3, -3, 69.5, 33)
    assert isinstance(logo, Image) and (logo.x, logo.y, logo.width, logo.height) == (20, 40, 20, 20)


def test_inline_icons_are_drawn_in_the_text() -> None:
    coin = Icon("coin", Artwork("art/coin.svg", SVG, "svg"))
    ctx = context(region("cost", text="Pay 2 :coin: now", max_pt=9, min_pt=5, width_mm=40), icons=(coin,))
    items = ctx.regions(None, {})
    texts = [i for i in items if isinstance(i, Text)]
    images = [i for i in items if isinstance(i, Image)]
    assert [t.text for t in texts] == ["Pay 2", "now"] and len(images) == 1  # a run's spaces are advanced over
    assert texts[0].x < images[0].x < texts[1].x and images[0].width == pytest.approx(0.945 * 9 / (72 / 25.4), rel=1e-3)
    space = FONTS.width_mm(" ", "sans", 9)
    assert images[0].x == pytest.approx(texts[0].x + FONTS.width_mm("Pay 2 ", "sans", 9))
    assert texts[1].x == pytest.approx(images[0].x + images[0].width + space)


def test_an_unknown_icon_is_a_warning_at_the_text_and_colons_that_are_no_icon_are_not() -> None:
    coin = Icon("coin", Artwork("art/coin.svg", SVG, "svg"))
    cell = SourceLoc("card_defs/deck.csv", 4, 12)
    ctx = context(region("rule", text="{text}", max_pt=9, min_pt=4, width_mm=50, height_mm=30), icons=(coin,))
    text = "Gain :coins: at 10:30, 12:30:45, a:b:c or :not one: for :coin:"
    items = ctx.regions(None, {"text": text}, piece_id="c-1", sources={"text": cell})
    (problem,) = ctx.problems
    assert problem.warning and problem.code == "unknown-icon" and problem.source_loc == cell
    assert "':coins:'" in problem.message and "did you mean 'coin'?" in problem.message
    assert len([i for i in items if isinstance(i, Image)]) == 1  # the known icon is drawn, the other printed
    assert ":coins:" in "".join(i.text for i in items if isinstance(i, Text))


def test_a_placeholder_the_card_lacks_is_a_problem_naming_the_region() -> None:
    ctx = context(region("power", text="{power}"))
    assert ctx.regions(None, {"rank": "1"}, piece_id="sun-1") == []
    (problem,) = ctx.problems
    assert problem.rule == "layout.fields" and problem.region == "power" and "'power'" in problem.message


def test_mirrored_regions_are_drawn_twice() -> None:
    ctx = context(region("index", text="7", mirrored=True))
    items = ctx.regions(None, {})
    assert isinstance(items[0], Text) and isinstance(items[1], Group) and items[1].rotation_deg == 180


# --------------------------------------------------------------------------- loading


@pytest.mark.parametrize(
    "line, message",
    [
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "a", field: rank}', "needs exactly one of field, text, image, shape"),
        ('r: {x: 1, y: 1, width: 5, text: "a"}', "is missing height"),
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "{rank"}', "braces do not pair up"),
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "{rank|shout}"}', "unknown filter"),
        ('r: {x: 1, y: 1, width: 5, height: 5, shape: rect, fill: red}', 'should be a colour like "#d62828"'),
        ('r: {x: 1, y: 1, width: 5, height: 5, shape: polygon, fill: "#000000"}', "a polygon needs points"),
        ('r: {x: 1, y: 1, width: 5, height: 5, shape: circle}', "needs a fill or a stroke"),
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "a", when: "1x"}', "should name a field"),
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "a", max_pt: 1000000}', "max_pt must be from 1 to 400"),
        ('r: {x: 900, y: 1, width: 5, height: 5, text: "a"}', "x must be from -410 to 410, not 900"),
        ('r: {x: 60, y: 1, width: 15, height: 5, text: "a"}', "is not on the 63.5 x 88.9 mm card of face template 'mine'"),
        ('r: {x: 1, y: 1, width: 5, height: 5, text: "a", align: centr}', "did you mean 'centre'"),
    ],
)
def test_template_mistakes_are_located(project_copy: Path, line: str, message: str) -> None:
    (project_copy / "layouts" / "mine.yaml").write_text(f"faces:\n  mine:\n    front:\n      regions:\n        {line}\n")
    result = run(project_copy, "validate")
    assert result.exit_code == 1 and message in result.output, result.output
    assert "layouts/mine.yaml:5:" in result.output


@pytest.mark.parametrize(
    "values, message",
    [
        ('points: [[0,8],[5.5,0],[11,8]], fill: "#12345"', "fill should be a colour like"),
        ('points: [[0,8],[5.5,0],[11,8]], fill: "#123456", opacity: 1.4', "opacity must be from 0 to 1, not 1.4"),
        ('points: [[0,8],[5.5,"a"],[11,8]], fill: "#123456"', "a point coordinate should be a number"),
        ('points: [[0,8],[5.5,0],[11,8]], fill: "#123456", shape: polgon', "did you mean 'polygon'"),
    ],
)
def test_one_wrong_value_of_a_polygon_is_one_error(project_copy: Path, values: str, message: str) -> None:
    line = f"tri: {{x: 10, y: 10, width: 40, height: 30, {values}}}"
    if "shape:" not in values:
        line = line.replace("height: 30,", "height: 30, shape: polygon,")
    (project_copy / "layouts" / "mine.yaml").write_text(f"faces:\n  mine:\n    front:\n      regions:\n        {line}\n")
    result = run(project_copy, "validate")
    assert result.exit_code == 1
    (error,) = [out for out in result.output.splitlines() if "layouts/mine.yaml" in out]
    assert message in error, result.output


def test_polygon_points_lie_on_the_card_like_a_region(project_copy: Path) -> None:
    line = "tri: {x: 10, y: 70, width: 12, height: 10, shape: polygon, points: [[0,8],[5.5,0],[40,60]], fill: \"#123456\"}"
    (project_copy / "layouts" / "mine.yaml").write_text(f"faces:\n  mine:\n    front:\n      regions:\n        {line}\n")
    result = run(project_copy, "validate")
    assert result.exit_code == 1
    assert ("layouts/mine.yaml:5:91: region 'tri': the point [40, 60] is at (50, 130) mm, not on the 63.5 x 88.9 mm "
            "card of face template 'mine' (nor within 10 mm of its edges)") in result.output
    (project_copy / "layouts" / "mine.yaml").write_text(
        f"faces:\n  mine:\n    front:\n      regions:\n        {line.replace('[40,60]', '[12,13]')}\n")
    assert run(project_copy, "validate").exit_code == 0


# --------------------------------------------------------------------------- the shipped games' templates


def add_suit(project: Path, key: str, colour: str, symbol: str) -> None:
    definition = project / "card_defs" / "hanabi.yaml"
    text = definition.read_text()
    anchor = "  - key: white\n"
    suit = f"  - key: {key}\n    name: {key.title()}\n    colour: \"{colour}\"\n    symbol: {symbol}\n"
    definition.write_text(text.replace(anchor, suit + anchor, 1))


def test_a_seven_suit_hanabi_back_shows_every_suit(project_copy: Path) -> None:
    add_suit(project_copy, "orange", "#ef6c00", "sun")
    add_suit(project_copy, "teal", "#00897b", "hexagon")
    definition = project_copy / "card_defs" / "hanabi.yaml"
    definition.write_text(definition.read_text().replace("name: Hanabi\n", "name: Hanabi\ntitle: Hanabi Seven\n", 1))
    out = project_copy / "out"
    result = run(project_copy, "build", "hanabi", "--out", str(out))
    assert result.exit_code == 0, result.output
    back = pymupdf.open(out / "hanabi.pdf")[1]
    assert "HANABI SEVEN" in back.get_text()
    from generator.loader import load_project
    from generator.app.build import BuildOptions, load_toolkit, make_kit

    project = load_project(project_copy, GAMES)
    kit = make_kit(project, project.game("hanabi"), load_toolkit(project), BuildOptions())
    back_scene = kit.cards[0].back
    assert back_scene is not None
    burst_colours = {item.paint.fill.hex for item in back_scene.items
                     if isinstance(item, ScenePath) and item.paint.fill is not None}
    assert {"#ef6c00", "#00897b", "#d62828", "#f2b705", "#2a9d3f", "#1d5fbf"} <= burst_colours
    rules = pymupdf.open(out / "hanabi.pdf")[-1].get_text()
    assert "build 7 fireworks (red, yellow, green, blue, orange, teal, white)" in " ".join(rules.split())


def test_a_restyled_back_with_a_logo_and_a_font_of_the_project(project_copy: Path) -> None:
    (project_copy / "fonts").mkdir()
    shutil.copy(LIBERATION, project_copy / "fonts" / "Narrow.ttf")
    (project_copy / "art").mkdir()
    (project_copy / "art" / "logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">'
        '<circle cx="10" cy="10" r="9" fill="#f2b705"/><path d="M10 3 L12 10 L10 17 L8 10 Z" fill="#c0392b"/></svg>')
    (project_copy / "layouts" / "faces.yaml").write_text("""\
fonts:
  headline: fonts/Narrow.ttf
faces:
  hanabi:
    front:
      regions:
        centre: {x: 12, y: 19, width: 39.5, height: 38, field: rank, font: serif-bold, max_pt: 120, min_pt: 40}
    back:
      regions:
        ground: {shape: rect, fill: "#102040", bleed: true}
        frame: {x: 4, y: 4, width: 55.5, height: 80.9, shape: rounded, radius: 3, stroke: "#f2b705", stroke_width: 0.8}
        logo: {x: 16.75, y: 18, width: 30, height: 30, image: art/logo.svg}
        title: {x: 6, y: 54, width: 51.5, height: 12, text: "{title|upper}", font: headline, max_pt: 30, min_pt: 12, colour: "#f2b705"}
""")
    out = project_copy / "out"
    result = run(project_copy, "build", "hanabi", "--out", str(out))
    assert result.exit_code == 0, result.output
    document = pymupdf.open(out / "hanabi.pdf")
    fonts = {font[3] for font in document[1].get_fonts(full=True)}
    assert any("LiberationSansNarrow-Bold" in name for name in fonts), fonts
    assert "HANABI" in document[1].get_text() and not document[1].get_images()
    fills = {tuple(round(c * 255) for c in d["fill"]) for d in document[1].get_drawings() if d.get("fill")}
    assert (0xF2, 0xB7, 0x05) in fills and (0x10, 0x20, 0x40) in fills


def test_a_template_no_game_draws_is_found(project_copy: Path) -> None:
    (project_copy / "layouts" / "mine.yaml").write_text(
        "faces:\n  hanabi-back:\n    back:\n      regions:\n        t: {x: 1, y: 1, width: 5, height: 5, text: x}\n"
        "    front:\n      regions:\n        t: {x: 1, y: 1, width: 5, height: 5, text: x}\n")
    findings = json.loads(run(project_copy, "validate", "--json").output)
    assert [f["code"] for f in findings if f["severity"] != "note"] == ["unused-template"]


def test_a_template_defined_twice_in_the_project_is_an_error(project_copy: Path) -> None:
    (project_copy / "layouts" / "another.yaml").write_text(
        "faces:\n  hanabi:\n    front:\n      regions:\n        t: {x: 1, y: 1, width: 5, height: 5, text: x}\n")
    result = run(project_copy, "validate")
    assert result.exit_code == 1 and "face template 'hanabi' is already defined at" in result.output
