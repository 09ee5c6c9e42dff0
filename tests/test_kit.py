"""A designer's whole game in one definition (``components:``), through the real commands, on
the shipped example Lantern Harbour: two decks of two sizes, round tokens, hexagonal tiles, a
board larger than A4 and a tuck box, built into one PDF grouped by component; part of it with
``--only``; every component listed, validated with every mistake at its place, exported to a
shop, to PNG and Tabletop Simulator, and drawn as a showcase picture."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pikepdf
import pymupdf
import pytest
from click.testing import CliRunner, Result
from PIL import Image

from generator.cli.main import cli
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.app.catalog import GAMES

EXAMPLE = shipped_root() / "examples" / "lanterns"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the example to change."""
    target = tmp_path / "lanterns"
    shutil.copytree(EXAMPLE, target)
    return target


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = run("build", "lanterns", "--project", str(EXAMPLE), "--out", str(out), "--stamp-date", "2026-01-01")
    assert result.exit_code == 0, result.output
    return out


def manifest_pages(out: Path) -> list[list[dict[str, object]]]:
    return [page["items"] for page in json.loads((out / "lanterns.json").read_text())["pages"]]


def test_the_definition_holds_every_component_typed() -> None:
    (game,) = load_project(EXAMPLE, GAMES).games
    assert [(c.name, c.kind.value, c.count) for c in game.components] == [
        ("ships", "deck", 36), ("voyages", "deck", 10), ("lanterns", "token", 24), ("reefs", "tile", 6),
        ("harbour", "board", 1), ("box", "box", 1)]
    rows = game.typed_components()
    assert rows["ships"][0] == ("crimson-1", 1, {"colour": "crimson", "hue": "#b23a48", "value": 1, "vessel": "Dinghy",
                                                 "text": ""})
    assert rows["voyages"][4][2]["points"] == 6 and rows["lanterns"] == (("lanterns", 24, {}),)
    assert game.component("box").spec.box is not None and game.component("box").spec.box.deck == "ships"
    # a definition without components is one deck, as before
    (orchard,) = load_project(shipped_root() / "examples" / "orchard", GAMES).games
    assert [c.name for c in orchard.components] == ["deck"] and not orchard.declared and len(orchard.cards()) == 40


def test_one_pdf_with_every_component_grouped_and_each_size_on_its_own_sheets(built: Path) -> None:
    pages = manifest_pages(built)
    components = [sorted({str(i["component"]) for i in items if i["side"] == "front"}) for items in pages]
    order = [c for page in components for c in page]
    firsts = list(dict.fromkeys(order))
    assert firsts == ["ships", "voyages", "lanterns", "reefs", "harbour", "box"]
    for items in pages:  # a page of cards holds one deck's cards, of one size
        sizes = {(i["width_mm"], i["height_mm"]) for i in items if i["kind"] == "card"}
        assert len(sizes) <= 1
    kinds = {(str(i["component"]), str(i["kind"])) for items in pages for i in items}
    assert kinds >= {("ships", "card"), ("voyages", "card"), ("lanterns", "token"), ("reefs", "tile"),
                     ("harbour", "board"), ("box", "box")}
    assert sum(1 for items in pages for i in items if i["component"] == "ships" and i["side"] == "front") == 36
    # the hexagonal tiles and the box carry their cut outline
    reef = next(i for items in pages for i in items if i["component"] == "reefs")
    assert len(reef["outline_mm"]) == 6
    document = pymupdf.open(built / "lanterns.pdf")
    text = "".join(page.get_text() for page in document)
    assert "lanterns harbour: tile A1" in text and "assembly map" in text and "rules summary" in text


def test_a_board_larger_than_the_paper_is_tiled_or_printed_on_the_board_paper(built: Path, tmp_path: Path) -> None:
    tiles = [i for items in manifest_pages(built) for i in items if i["kind"] == "board"]
    assert [t["card"] for t in tiles] == ["lanterns-harbour-A1", "lanterns-harbour-A2", "lanterns-harbour-B1",
                                          "lanterns-harbour-B2"]
    result = run("build", "lanterns", "--project", str(EXAMPLE), "--out", str(tmp_path), "--board-paper", "a2",
                 "--only", "harbour")
    assert result.exit_code == 0, result.output
    (page,) = json.loads((tmp_path / "lanterns.json").read_text())["pages"]
    assert page["size_mm"] in ([420, 594], [594, 420]) and page["items"][0]["card"] == "lanterns-harbour"


def test_board_paper_is_never_silently_ignored(tmp_path: Path) -> None:
    result = run("build", "hanabi", "--board-paper", "a2", "--out", str(tmp_path))
    assert result.exit_code == 1 and "--board-paper a2: hanabi has no board, mat or box" in result.output
    result = run("build", "lanterns", "--project", str(EXAMPLE), "--only", "ships", "--board-paper", "a2",
                 "--out", str(tmp_path))
    assert result.exit_code == 1 and "no board, mat or box" in result.output
    assert not (tmp_path / "lanterns.pdf").exists()


def test_only_builds_components_or_cards(tmp_path: Path) -> None:
    result = run("build", "lanterns", "--project", str(EXAMPLE), "--out", str(tmp_path), "--only", "voyages,box",
                 "--only", "fog", "--only", "rules")
    assert result.exit_code == 0, result.output
    pages = manifest_pages(tmp_path)
    fronts = {(str(i["component"]), str(i["card"])) for items in pages for i in items if i["side"] == "front"}
    assert {c for c, _ in fronts} == {"voyages", "box", "ships"}
    assert {card for c, card in fronts if c == "ships"} == {"fog", "fog-2", "fog-3", "fog-4"}
    assert "rules summary" in pymupdf.open(tmp_path / "lanterns.pdf")[-1].get_text()
    wrong = run("build", "lanterns", "--project", str(EXAMPLE), "--out", str(tmp_path / "x"), "--only", "reef")
    assert wrong.exit_code == 1 and "did you mean 'reefs'?" in wrong.output and "name a component" in wrong.output


def test_deck_json_lists_every_component() -> None:
    records = json.loads(run("deck", "lanterns", "--project", str(EXAMPLE), "--json").output)
    assert {r["component"] for r in records} == {"ships", "voyages", "lanterns", "reefs", "harbour", "box"}
    assert records[0] == {"id": "crimson-1", "component": "ships", "kind": "card", "card": "crimson-1", "copy": 1,
                          "colour": "crimson", "hue": "#b23a48", "value": 1, "vessel": "Dinghy", "text": ""}
    tokens = [r for r in records if r["component"] == "lanterns"]
    assert [r["id"] for r in tokens[:2]] == ["lanterns-1", "lanterns-2"] and len(tokens) == 24
    (box,) = [r for r in records if r["kind"] == "box"]
    assert box["deck"] == "ships" and box["cards"] == 36
    listed = run("list", "--project", str(EXAMPLE)).output
    assert "46 cards" in listed  # the decks' cards: 36 ships and 10 voyages


def test_validate_checks_every_component_each_mistake_at_its_place(project: Path) -> None:
    definition = project / "card_defs" / "lanterns.yaml"
    text = definition.read_text()
    text = text.replace("    composition:\n      total: 10\n", "    composition:\n      total: 12\n")
    text = text.replace("    size: [350, 350]\n", "    size: [350, 350]\n    template: lanterns-harbor\n")
    text = text.replace("    size: tarot\n", "    size: tarrot\n")
    definition.write_text(text)
    (project / "card_defs" / "ships.csv").write_text((project / "card_defs" / "ships.csv").read_text()
                                                     .replace("violet-8,1,", "violet-8,2,"))
    result = run("validate", "--project", str(project))
    assert result.exit_code == 1
    lines = text.splitlines()

    def at(needle: str) -> str:
        number = next(n for n, line in enumerate(lines, 1) if needle in line)
        return f"card_defs/lanterns.yaml:{number}:"

    out = result.output
    assert f"{at('total: 36')}" in out and "ships has 37 pieces; its composition says 36" in out
    assert "9 cards with colour violet; the composition says 8" in out
    assert f"{at('size: tarrot')}" in out and "no card template 'tarrot'" in out
    assert f"{at('harbour:')}" in out and "face template 'lanterns-harbor'" in out and "did you mean 'lanterns-harbour'" in out
    assert f"{at('total: 12')}" not in out or "voyages has 10 pieces; its composition says 12" in out


def test_a_piece_too_large_for_the_paper_is_reported_at_its_size(project: Path) -> None:
    definition = project / "card_defs" / "lanterns.yaml"
    text = definition.read_text().replace("    size: tarot\n", "    size: [250, 320]\n")
    definition.write_text(text)
    result = run("validate", "--project", str(project))
    number = next(n for n, line in enumerate(text.splitlines(), 1) if "size: [250, 320]" in line)
    assert result.exit_code == 1 and f"card_defs/lanterns.yaml:{number}:11: error: lanterns voyages:" in result.output
    assert "[layout.sheet-fit/piece-too-large]" in result.output


@pytest.mark.e2e
def test_export_to_a_shop_gives_each_deck_its_product_and_every_other_component_a_pdf(tmp_path: Path) -> None:
    result = run("export", "lanterns", "--project", str(EXAMPLE), "--pod", "mpc", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert Image.open(tmp_path / "lanterns-voyages-front-full-moon.png").size == (897, 1497)  # MPC's tarot
    assert Image.open(tmp_path / "lanterns-ships-back.png").size == (822, 1122)
    manifest = json.loads((tmp_path / "lanterns-mpc.json").read_text())
    assert [c["component"] for c in manifest["components"]] == ["ships", "voyages", "lanterns", "reefs", "harbour",
                                                                 "box"]
    bleed_pt = 36 / 300 * 72
    for name, pages in (("lanterns", 48), ("reefs", 6), ("harbour", 1), ("box", 1)):
        pdf = pikepdf.open(tmp_path / f"lanterns-{name}.pdf")
        assert len(pdf.pages) == pages
        page = pdf.pages[0]
        media, trim = [float(v) for v in page.MediaBox], [float(v) for v in page.TrimBox]
        assert trim[0] == pytest.approx(bleed_pt, abs=0.05) and media[2] - trim[2] == pytest.approx(bleed_pt, abs=0.05)
    assert "<path" in (tmp_path / "lanterns-box-dieline.svg").read_text()
    left = run("export", "lanterns", "--project", str(EXAMPLE), "--pod", "drivethrucards", "--out",
               str(tmp_path / "dtc"))  # the tarot deck is left out and said so; the rest is exported
    assert left.exit_code == 0 and "does not print the voyages deck's tarot cards" in left.output
    assert "card_defs/lanterns.yaml:" in left.output and not any("voyages" in p.name for p in (tmp_path / "dtc").iterdir())


@pytest.mark.e2e
def test_png_and_tabletop_simulator_cover_every_deck_and_the_tokens(tmp_path: Path) -> None:
    result = run("export", "lanterns", "--project", str(EXAMPLE), "--png", str(tmp_path / "png"), "--tts",
                 str(tmp_path / "tts"), "--dpi", "60")
    assert result.exit_code == 0, result.output
    index = (tmp_path / "png" / "index.csv").read_text()
    assert "full-moon.png" in index and "crimson-1.png" in index and "lanterns-1.png" in index and "reefs-1.png" in index
    meta = json.loads((tmp_path / "tts" / "lanterns-tts.json").read_text())
    assert [s["component"] for s in meta["sheets"]] == ["ships", "voyages"]
    tokens = {t["component"]: t for t in meta["tokens"]}
    assert tokens["lanterns"]["count"] == 24 and tokens["lanterns"]["Type"] == 2 and "back" in tokens["lanterns"]
    assert tokens["reefs"]["Type"] == 1 and "back" not in tokens["reefs"]
    assert (tmp_path / "tts" / str(tokens["lanterns"]["image"])).exists()


@pytest.mark.e2e
def test_a_showcase_picture_fanned_or_in_a_grid(tmp_path: Path) -> None:
    fan = tmp_path / "fan.png"
    result = run("export", "lanterns", "--project", str(EXAMPLE), "--showcase", str(fan), "--width", "600")
    assert result.exit_code == 0, result.output
    image = Image.open(fan)
    assert image.width == 600 and image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0  # transparent corner
    alpha = image.getchannel("A")
    assert any(0 < alpha.getpixel((x, y)) < 255 for x in range(0, 600, 3) for y in range(0, image.height, 3))  # soft shadow
    grid = tmp_path / "grid.png"
    result = run("export", "lanterns", "--project", str(EXAMPLE), "--showcase", str(grid), "--layout", "grid",
                 "--background", "#f4efe6", "--cards", "fog,full-moon", "--cards", "reefs", "--width", "400")
    assert result.exit_code == 0, result.output
    picture = Image.open(io.BytesIO(grid.read_bytes())).convert("RGBA")
    assert picture.width == 400 and picture.getpixel((1, 1)) == (0xf4, 0xef, 0xe6, 255)
    wrong = run("export", "lanterns", "--project", str(EXAMPLE), "--showcase", str(tmp_path / "x.png"), "--cards",
                "fogg")
    assert wrong.exit_code == 1 and "no component or card 'fogg' (did you mean 'fog'?)" in wrong.output
    assert not (tmp_path / "x.png").exists()
    board = run("export", "lanterns", "--project", str(EXAMPLE), "--showcase", str(tmp_path / "x.png"), "--cards",
                "harbour", "--width", "8000")  # a board too large to draw at this width: one line, no --dpi hint
    assert board.exit_code == 1 and "Traceback" not in board.output and "--dpi" not in board.output
    assert "--showcase --width 8000:" in board.output and "give a smaller --width" in board.output
    assert not (tmp_path / "x.png").exists()


def test_init_names_both_examples(tmp_path: Path) -> None:
    kit = run("init", str(tmp_path / "kit"), "--example", "kit")
    assert kit.exit_code == 0, kit.output
    assert (tmp_path / "kit" / "card_defs" / "lanterns.yaml").exists() and (tmp_path / "kit" / "art" / "ship.svg").exists()
    custom = run("init", str(tmp_path / "custom"), "--example", "custom")
    assert custom.exit_code == 0 and (tmp_path / "custom" / "card_defs" / "orchard.yaml").exists()
    wrong = run("init", str(tmp_path / "none"), "--example", "kits")
    assert wrong.exit_code == 1 and "kit" in wrong.output
    assert run("validate", "--project", str(tmp_path / "kit")).exit_code == 0


def test_the_four_commands_declare_the_build_options_once() -> None:
    """build, export, preflight and preview take the same options with the same bounds and help."""
    import click

    from generator.cli.main import cli as main

    context = click.Context(main)
    commands = {name: main.get_command(context, name) for name in ("build", "export", "preflight", "preview")}
    shared = ("card_size", "bleed_mm", "ink_saver", "players", "all_packs", "expansion")
    for name in shared:
        params = [next(p for p in command.params if p.name == name) for command in commands.values()]
        assert len({p.help for p in params}) == 1, name  # type: ignore[attr-defined]
        assert len({repr(p.type) for p in params}) == 1, name
    for name in ("paper",):
        params = [next(p for p in commands[c].params if p.name == name) for c in ("build", "preflight", "preview")]
        assert len({p.help for p in params}) == 1  # type: ignore[attr-defined]
    bleed = next(p for p in commands["preview"].params if p.name == "bleed_mm")
    with pytest.raises(click.BadParameter):
        bleed.type.convert("11", bleed, None)
    result = run("preview", "--bleed", "nan", "--no-browser")
    assert result.exit_code == 2


def test_a_components_card_list_validates_with_its_definition(project: Path) -> None:
    result = run("validate", "--project", str(project), str(project / "card_defs" / "voyages.csv"))
    assert result.exit_code == 0 and "1 game checked (lanterns)" in result.output


def test_cut_files_follow_the_hexagons_and_the_box_net(tmp_path: Path) -> None:
    result = run("build", "lanterns", "--project", str(EXAMPLE), "--out", str(tmp_path), "--cut-file", "svg",
                 "--only", "reefs,box")
    assert result.exit_code == 0, result.output
    cuts = {path.name: path.read_text() for path in tmp_path.glob("lanterns-cut-p*.svg")}
    hexes = [svg for svg in cuts.values() if svg.count("<path") == 6]
    assert hexes and all(d.count("L") == 5 for d in re.findall(r' d="(M[^"]*)"', hexes[0]))
    (box,) = [svg for svg in cuts.values() if svg.count("<path") == 1]
    assert len(re.findall(r' d="(M[^"]*)"', box)[0].split("L")) > 30  # the net's outline, notch and flaps
