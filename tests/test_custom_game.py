"""A designer's own deck (``game: custom``): the minimal Starfall form works as written, card lists
from CSV (comma or semicolon, with or without a BOM), XLSX or inline, every mistake located and
reported at once, composition checked, per-card templates and images, and every output."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner, Result

from generator.cli.main import cli

STARFALL = """\
# card_defs/starfall.yaml
game: custom
id: starfall
name: Starfall
players: [2, 5]
card_size: poker
cards: starfall.csv          # a CSV file beside this one, or an inline list of mappings
composition:
  total: 60
  count_by:
    suit: {sun: 13, moon: 13, star: 13, comet: 13, wild: 8}
"""

FACES = """\
# layouts/starfall.yaml
faces:
  starfall:
    base_width: 63.5
    base_height: 88.9
    front:
      regions:
        rank:  {x: 4, y: 4, width: 12, height: 10, text: "{rank}", font: sans-bold, max_pt: 24, min_pt: 10}
        suit:  {x: 8, y: 30, width: 47.5, height: 10, text: "{suit}", font: sans, max_pt: 18, min_pt: 8}
        rule:  {x: 6, y: 50, width: 51.5, height: 25, text: "{text}", font: sans, max_pt: 10, min_pt: 6}
    back:
      regions:
        title: {x: 6, y: 38, width: 51.5, height: 12, text: "STARFALL", font: sans-bold, max_pt: 28, min_pt: 12}
"""

WILDS = ["wild-a,2,wild,,Play as any suit. Draw a card.", "wild-b,2,wild,,Play as any suit. Skip a player.",
         "wild-c,2,wild,,Play as any suit. Take a card back.", "wild-d,2,wild,,Play as any suit. Pass a card left."]


def card_list(delimiter: str = ",") -> str:
    rows = ["id,count,suit,rank,text"]
    rows += [f"{suit}-{rank},1,{suit},{rank}," for suit in ("sun", "moon", "star", "comet") for rank in range(1, 14)]
    rows += WILDS
    text = "\n".join(rows) + "\n"
    return text.replace(",", delimiter) if delimiter != "," else text


@pytest.fixture()
def starfall(tmp_path: Path) -> Path:
    """A project made with ``cardforge init`` and the minimal Starfall files written by hand."""
    project = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(project)]).exit_code == 0
    (project / "card_defs" / "starfall.yaml").write_text(STARFALL)
    (project / "card_defs" / "starfall.csv").write_text(card_list())
    (project / "layouts" / "starfall.yaml").write_text(FACES)
    return project


def run(project: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "--project", str(project)])


def test_the_minimal_form_builds_a_kit_whose_backs_read_starfall(starfall: Path) -> None:
    assert run(starfall, "validate", "starfall").exit_code == 0
    built = run(starfall, "build", "starfall", "--out", str(starfall / "out"))
    assert built.exit_code == 0, built.output
    manifest = json.loads((starfall / "out" / "starfall.json").read_text())
    fronts = [i for p in manifest["pages"] for i in p["items"] if i["kind"] == "card" and i["side"] == "front"]
    assert len(fronts) == 60
    document = pymupdf.open(starfall / "out" / "starfall.pdf")
    assert "STARFALL" in document[1].get_text() and "STARFALL" not in document[0].get_text()
    assert "sun" in document[0].get_text()


def test_the_deck_lists_every_physical_card_with_its_fields(starfall: Path) -> None:
    records = json.loads(run(starfall, "deck", "starfall", "--json").output)
    assert len(records) == 60
    assert records[0] == {"id": "sun-1", "card": "sun-1", "copy": 1, "suit": "sun", "rank": "1", "text": ""}
    wild = [r for r in records if r["card"] == "wild-a"]
    assert [r["id"] for r in wild] == ["wild-a", "wild-a-2"] and wild[1]["copy"] == 2


def test_the_deck_gives_declared_numbers_and_booleans_as_json_values(starfall: Path) -> None:
    rows = card_list().replace("id,count,suit,rank,text", "id,count,suit,rank,text,weight,rare").splitlines()
    rows = [rows[0], rows[1] + ',"1,5",yes', rows[2] + ",2,no"] + [row + ",," for row in rows[3:]]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    definition = starfall / "card_defs" / "starfall.yaml"
    definition.write_text(definition.read_text() + "fields:\n  rank: {type: integer}\n  weight: {type: number}\n"
                          "  rare: {type: boolean}\n")
    records = json.loads(run(starfall, "deck", "starfall", "--json").output)
    assert records[0] == {"id": "sun-1", "card": "sun-1", "copy": 1, "suit": "sun", "rank": 1, "text": "",
                          "weight": 1.5, "rare": True}
    assert (records[1]["weight"], records[1]["rare"]) == (2, False)
    assert (records[2]["weight"], records[2]["rare"]) == (None, None)
    assert [r for r in records if r["card"] == "wild-a"][0]["rank"] is None
    listing = run(starfall, "deck", "starfall").output.splitlines()
    assert listing[0] == "id=sun-1  card=sun-1  copy=1  suit=sun  rank=1  text=  weight=1.5  rare=true"


@pytest.mark.parametrize("variant", ["semicolon", "bom", "crlf"])
def test_spreadsheet_csv_flavours(starfall: Path, variant: str) -> None:
    text = card_list(";" if variant == "semicolon" else ",")
    data = text.encode("utf-8")
    if variant == "bom":
        data = b"\xef\xbb\xbf" + data
    if variant == "crlf":
        data = text.replace("\n", "\r\n").encode("utf-8")
    (starfall / "card_defs" / "starfall.csv").write_bytes(data)
    records = json.loads(run(starfall, "deck", "starfall", "--json").output)
    assert len(records) == 60 and records[0]["id"] == "sun-1"


def test_an_excel_workbook(starfall: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for line in card_list().splitlines():
        sheet.append([int(v) if v.isdigit() else (v or None) for v in line.split(",", 4)])
    book.save(starfall / "card_defs" / "starfall.xlsx")
    (starfall / "card_defs" / "starfall.csv").unlink()
    definition = starfall / "card_defs" / "starfall.yaml"
    definition.write_text(definition.read_text().replace("cards: starfall.csv", "cards: starfall.xlsx"))
    records = json.loads(run(starfall, "deck", "starfall", "--json").output)
    assert len(records) == 60 and records[14] == {"id": "moon-2", "card": "moon-2", "copy": 1, "suit": "moon",
                                                   "rank": "2", "text": ""}
    sheet["B7"] = "x"
    sheet["D9"] = "=2+6"  # a formula a program wrote: no saved result, read as an empty cell
    book.save(starfall / "card_defs" / "starfall.xlsx")
    result = run(starfall, "validate")
    assert "card_defs/starfall.xlsx:7:2: count 'x' is not a whole number" in result.output
    assert "card_defs/starfall.xlsx:9:4: the formula '=2+6' has no saved result" in result.output


def test_inline_cards(starfall: Path) -> None:
    (starfall / "card_defs" / "starfall.yaml").write_text(
        "game: custom\nid: starfall\nname: Starfall\nplayers: [2, 3]\ncards:\n"
        "  - {id: sun-1, suit: sun, rank: 1}\n  - {id: wild, count: 3, suit: wild, text: Anything goes.}\n")
    records = json.loads(run(starfall, "deck", "starfall", "--json").output)
    assert [r["id"] for r in records] == ["sun-1", "wild", "wild-2", "wild-3"]
    assert records[1]["text"] == "Anything goes."
    assert run(starfall, "build", "starfall", "--out", str(starfall / "out")).exit_code == 0


def test_every_mistake_is_located_and_reported_at_once(starfall: Path) -> None:
    rows = card_list().splitlines()
    rows[6] = "sun-6,x,sun,6,"                      # line 7: count is not a number
    rows[9] = "sun-1,1,sun,9,"                       # line 10: an id given twice
    rows[12] = "sun-12,1,sun,twelve,"                # line 13: rank not a number
    rows[20] = "moon-7,1,mars,7,"                    # line 21: suit not a choice
    rows[25] = "moon-12,1,moon,14,"                  # line 26: rank above its maximum
    rows[27] = "star-1,0,star,1,"                    # line 28: a count of 0
    rows[28] = "star-2,-2,star,2,"                   # line 29: a negative count
    rows[29] = "star-3,1,star,3,1_0"                 # line 30: Python's digit grouping is not a number
    rows[30] = "star-4,1,star,4,١٢"                  # line 31: nor are other scripts' digits
    rows[31] = "star-5,1,star,5,1e3"                 # line 32: nor an exponent
    rows[32] = "star-6,1,star,6,\"1,5\""             # a decimal comma is (a spreadsheet's)
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    definition = starfall / "card_defs" / "starfall.yaml"
    definition.write_text(definition.read_text() + "fields:\n  rank: {type: integer, min: 1, max: 13}\n"
                          "  suit: {type: choice, choices: [sun, moon, star, comet, wild]}\n"
                          "  text: {type: number}\n")
    result = run(starfall, "validate")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    for expected in ("starfall.csv:7:7: count 'x' is not a whole number",
                     "starfall.csv:10:1: card id 'sun-1' is used twice (first at line 2)",
                     "starfall.csv:13:14: rank 'twelve' of card 'sun-12' is not a whole number",
                     "starfall.csv:21:10: suit 'mars' of card 'moon-7' is not one of the choices",
                     "starfall.csv:26:16: rank '14' of card 'moon-12' is above its maximum 13",
                     "starfall.csv:28:8: count 0 of card 'star-1': a listed card is printed at least once",
                     "starfall.csv:29:8: count -2 of card 'star-2': a listed card is printed at least once",
                     "starfall.csv:30:17: text '1_0' of card 'star-3' is not a number",
                     "starfall.csv:31:17: text '١٢' of card 'star-4' is not a number",
                     "starfall.csv:32:17: text '1e3' of card 'star-5' is not a number"):
        assert any(expected in line for line in lines), (expected, lines)
    assert not any("star-6" in line for line in lines)


def test_the_composition_is_checked_with_the_counts_found(starfall: Path) -> None:
    rows = [line for line in card_list().splitlines() if not line.startswith("comet-13")]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    result = json.loads(run(starfall, "validate", "--json").output)
    found = {(f["rule"], f["code"], f["line"]): f["message"] for f in result}
    assert found[("custom.composition", "total", 9)] == "the deck has 59 cards; its composition says 60"
    assert found[("custom.composition", "count-by", 11)] == "12 cards with suit comet; the composition says 13"


def test_a_template_field_a_card_lacks_names_the_card_and_the_region(starfall: Path) -> None:
    faces = starfall / "layouts" / "starfall.yaml"
    faces.write_text(faces.read_text().replace('text: "{text}"', 'text: "{power}"'))
    result = json.loads(run(starfall, "validate", "--json").output)
    (finding,) = [f for f in result if f["code"] == "unknown-field"]
    assert finding["rule"] == "layout.fields" and "card sun-1" in finding["message"] and "'power'" in finding["message"]
    # no card has the field: the template's placeholder is the mistake, the card a note
    assert finding["file"].endswith("layouts/starfall.yaml") and finding["line"] == 10
    assert finding["notes"][0]["file"].endswith("card_defs/starfall.csv") and finding["notes"][0]["line"] == 2
    faces.write_text(faces.read_text().replace('text: "{power}"', 'text: "{txt}"'))
    (finding,) = [f for f in json.loads(run(starfall, "validate", "--json").output) if f["code"] == "unknown-field"]
    assert "did you mean 'text'?" in finding["message"]


def test_a_misspelt_template_in_the_card_list_is_located_at_its_cell(starfall: Path) -> None:
    rows = card_list().replace("id,count,suit,rank,text", "id,count,suit,rank,text,template").splitlines()
    rows = [rows[0]] + [row + ",starfal" if i == 4 else row + "," for i, row in enumerate(rows[1:], 1)]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    result = run(starfall, "validate")
    assert result.exit_code == 1
    assert ("card_defs/starfall.csv:5:16: error: starfall is drawn with the face template 'starfal', which no "
            "layout file defines (did you mean 'starfall'?") in result.output


def test_per_card_templates_images_and_conditions(starfall: Path) -> None:
    (starfall / "art").mkdir()
    for suit in ("sun", "moon", "star", "comet", "wild"):
        (starfall / "art" / f"{suit}.svg").write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#{abs(hash(suit)) % 0xffffff:06x}"/></svg>')
    rows = card_list().splitlines()
    rows[0] += ",template"
    rows = [rows[0]] + [row + (",starfall-wild" if row.startswith("wild") else ",") for row in rows[1:]]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    faces = starfall / "layouts" / "starfall.yaml"
    faces.write_text(faces.read_text() + """\
  starfall-wild:
    front:
      regions:
        ground: {shape: rect, fill: "#222233", bleed: true}
        art: {x: 12, y: 10, width: 39.5, height: 39.5, image: "art/{suit}.svg"}
        rank: {x: 4, y: 4, width: 12, height: 10, text: "{rank}", when: rank, colour: "#ffffff"}
        rule: {x: 6, y: 55, width: 51.5, height: 25, text: "{text}", colour: "#ffffff"}
""")
    built = run(starfall, "build", "starfall", "--out", str(starfall / "out"))
    assert built.exit_code == 0, built.output
    (starfall / "art" / "wild.svg").unlink()
    result = json.loads(run(starfall, "validate", "--json").output)
    (finding,) = [f for f in result if f["rule"] == "layout.images"]
    assert "card wild-a" in finding["message"] and "art/wild.svg' does not exist" in finding["message"]


def test_conditions_on_a_boolean_field_and_a_value_no_card_has(starfall: Path) -> None:
    rows = card_list().replace("id,count,suit,rank,text", "id,count,suit,rank,text,rare").splitlines()
    rows = [rows[0]] + [row + (",yes" if row.startswith("sun-1,") else ",no") for row in rows[1:]]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    definition = starfall / "card_defs" / "starfall.yaml"
    definition.write_text(definition.read_text() + "fields:\n  rare: {type: boolean}\n")
    faces = starfall / "layouts" / "starfall.yaml"
    faces.write_text(faces.read_text().replace("    back:\n", """\
        star: {x: 40, y: 78, width: 20, height: 6, text: "RARE-STAR", when: {field: rare, equals: "yes"}}
        rare: {x: 4, y: 78, width: 20, height: 6, text: "RARE-BARE", when: rare}
        common: {x: 24, y: 78, width: 20, height: 6, text: "COMMON", when: {field: rare, not: "Y"}}
        dawn: {x: 4, y: 16, width: 20, height: 6, text: "DAWN", when: {field: suit, equals: "sunn"}}
    back:
""", 1))
    result = json.loads(run(starfall, "validate", "--json").output)
    (finding,) = [f for f in result if f["code"] == "unmatched-condition"]
    assert finding["severity"] == "warning" and finding["file"].endswith("layouts/starfall.yaml")
    assert (finding["line"], finding["column"]) == (14, 93)
    assert "when suit equals 'sunn'" in finding["message"] and "did you mean 'sun'?" in finding["message"]
    assert "comet, moon, star, sun, wild" in finding["message"]
    built = run(starfall, "build", "starfall", "--out", str(starfall / "out"))
    assert built.exit_code == 0, built.output
    page = pymupdf.open(starfall / "out" / "starfall.pdf")[0].get_text()
    assert page.count("RARE-STAR") == 1 and page.count("RARE-BARE") == 1 and page.count("COMMON") == 8
    assert "DAWN" not in page


def test_an_unknown_icon_in_a_card_is_a_warning_at_its_cell(starfall: Path) -> None:
    (starfall / "art").mkdir()
    (starfall / "art" / "sun.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>')
    faces = starfall / "layouts" / "starfall.yaml"
    faces.write_text(faces.read_text().replace("    front:\n", "    icons: {sun: art/sun.svg}\n    front:\n", 1))
    rows = card_list().replace("wild-a,2,wild,,Play as any suit. Draw a card.",
                               "wild-a,2,wild,,Play at 10:30 as any :sunn: suit. Draw a :sun:.")
    (starfall / "card_defs" / "starfall.csv").write_text(rows)
    result = run(starfall, "validate")
    assert result.exit_code == 0, result.output
    (warning,) = [line for line in result.output.splitlines() if "unknown-icon" in line]
    assert "card_defs/starfall.csv:54:16:" in warning and "card wild-a" in warning
    assert "':sunn:' is printed as written" in warning and "did you mean 'sun'?" in warning


def test_a_template_the_project_lacks_is_located_at_the_deck(starfall: Path) -> None:
    (starfall / "layouts" / "starfall.yaml").unlink()
    result = json.loads(run(starfall, "validate", "--json").output)
    (finding,) = [f for f in result if f["severity"] == "error"]
    assert finding["code"] == "missing-template" and finding["file"].endswith("card_defs/starfall.yaml")


@pytest.mark.e2e
def test_exports_work_as_for_the_shipped_games(starfall: Path) -> None:
    result = run(starfall, "export", "starfall", "--png", str(starfall / "png"), "--tts", str(starfall / "tts"))
    assert result.exit_code == 0, result.output
    pngs = sorted((starfall / "png").glob("*.png"))
    assert len(pngs) == 52 + 4 + 1  # distinct faces: the suit cards, the wilds, one back
    info = json.loads((starfall / "tts" / "starfall-tts.json").read_text())
    assert info["back"] == "starfall-back.png" and [s["back"] for s in info["sheets"]] == ["starfall-back.png"]


@pytest.mark.e2e
def test_two_backs_in_one_deck_are_a_warning_and_each_card_keeps_its_back_in_tts(starfall: Path) -> None:
    rows = card_list().replace("id,count,suit,rank,text", "id,count,suit,rank,text,template").splitlines()
    rows = [rows[0]] + [row + (",starfall-wild" if row.startswith("wild") else ",") for row in rows[1:]]
    (starfall / "card_defs" / "starfall.csv").write_text("\n".join(rows) + "\n")
    faces = starfall / "layouts" / "starfall.yaml"
    faces.write_text(faces.read_text() + """\
  starfall-wild:
    front:
      regions:
        rule: {x: 6, y: 55, width: 51.5, height: 25, text: "{text}"}
""")
    result = json.loads(run(starfall, "validate", "--json").output)
    (finding,) = [f for f in result if f["code"] == "mixed-backs"]
    assert finding["severity"] == "warning" and finding["file"].endswith("layouts/starfall.yaml")
    assert finding["line"] == 15  # the template that has no back, and so gets the plain one
    assert "2 different backs" in finding["message"] and "'starfall' (52 cards, its own back)" in finding["message"]
    assert "'starfall-wild' (8 cards, the plain back" in finding["message"]
    assert finding["notes"][0]["line"] == 4
    exported = run(starfall, "export", "starfall", "--tts", str(starfall / "tts"))
    assert exported.exit_code == 0, exported.output
    info = json.loads((starfall / "tts" / "starfall-tts.json").read_text())
    assert "back" not in info and info["backs"] == ["starfall-back-1.png", "starfall-back-2.png"]
    assert [(s["back"], s["cards"]) for s in info["sheets"]] == [("starfall-back-1.png", 52), ("starfall-back-2.png", 8)]
    assert info["sheets"][1]["ids"][:2] == ["wild-a", "wild-a-2"]
    backs = [pymupdf.Pixmap(str(starfall / "tts" / name)) for name in info["backs"]]
    assert backs[0].samples != backs[1].samples
    # the same back in both templates: one back, no warning
    faces.write_text(faces.read_text().replace("""        rule: {x: 6, y: 55, width: 51.5, height: 25, text: "{text}"}
""", """        rule: {x: 6, y: 55, width: 51.5, height: 25, text: "{text}"}
    back:
      regions:
        title: {x: 6, y: 38, width: 51.5, height: 12, text: "STARFALL", font: sans-bold, max_pt: 28, min_pt: 12}
"""))
    assert not [f for f in json.loads(run(starfall, "validate", "--json").output) if f["code"] == "mixed-backs"]


def test_init_example_custom_builds(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    created = CliRunner().invoke(cli, ["init", str(target), "--example", "custom"])
    assert created.exit_code == 0, created.output
    assert (target / "card_defs" / "orchard.csv").exists() and (target / "art" / "apple.svg").exists()
    assert run(target, "validate").exit_code == 0
    assert run(target, "build", "--out", str(target / "out")).exit_code == 0
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "x"), "--example", "hanabi"]).exit_code == 1
