"""Hostile input, one case of every kind a hostile trial used: numbers that would make the work
unbounded, files that are not what they claim, artwork built to exhaust memory, outputs that are
not regular files, and nonsense. Each runs ``cardforge`` in a child process capped in time and
memory (``tests/capped.py``) and must end with a one-line message at the mistake's place, exit 1
(or 2 for a usage error), no traceback. The trial's strong points (YAML tags, aliases, paths out of
the project, SVG that reaches outside) are planted too, so they stay strong."""

from __future__ import annotations

import base64
import os
import stat
import zlib
from pathlib import Path

import pytest

from .capped import Result, png, run
from .hostile import Cases, Setup, check, edit

pytestmark = pytest.mark.e2e

case = Cases()


def use_image(project: Path, name: str, data: bytes) -> None:
    """Draw the file ``art/NAME`` in the pips region of the Hanabi faces."""
    (project / "art").mkdir(exist_ok=True)
    (project / "art" / name).write_bytes(data)
    edit(project / "layouts/faces.yaml", "pips: {x: 12, y: 58, width: 39.5, height: 8, field: rank_pips}",
         f"pips: {{x: 12, y: 58, width: 39.5, height: 8, image: art/{name}}}")


def svg(body: str, attributes: str = 'width="10" height="10"') -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {attributes}>'
            f"{body}</svg>").encode()


def embedded_png(width: int, height: int) -> bytes:
    data = base64.b64encode(png(width, height)).decode()
    return svg(f'<image width="10" height="10" xlink:href="data:image/png;base64,{data}"/>')


def use_font(project: Path, name: str) -> None:
    """Declare the project font ``fonts/NAME`` and draw the Hanabi suit names with it."""
    with (project / "layouts/faces.yaml").open("a", encoding="utf-8") as handle:
        handle.write(f"fonts:\n  planted: fonts/{name}\n")
    edit(project / "layouts/faces.yaml", "field: suit_name, font: sans-bold", "field: suit_name, font: planted")


# -- bounded work: numbers in definitions -------------------------------------------------------

@case(1, "1000000 copies of a rank; at most 1000 are supported", "card_defs/hanabi.yaml:19:")
def rank_copies(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "ranks: {1: 3,", "ranks: {1: 1000000,")
    return ["validate"]


@case(1, "1000000000 note tokens; at most 100 are supported", "card_defs/hanabi.yaml:46:")
def note_tokens(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "note: 8 ", "note: 1000000000 ")
    return ["build", "hanabi", "--out", "out"]


@case(1, "1000000000 players; at most 20 are supported", "card_defs/hanabi.yaml:15:")
def player_count(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "players: [2, 3, 4, 5]", "players: {min: 2, max: 1000000000}")
    return ["list"]


@case(1, "is a number of 5000 digits", "card_defs/hanabi.yaml:19:")
def integer_of_5000_digits(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "ranks: {1: 3,", "ranks: {1: " + "9" * 5000 + ",")
    return ["deck", "hanabi"]


@case(1, "cards (5 suits); at most 2000 are supported", "card_defs/hanabi.yaml:")
def cards_in_a_box(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "ranks: {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}", "ranks: {1: 1000, 2: 1000, 3: 1000}")
    return ["simulate", "hanabi", "-k", "1"]


@case(1, "1000000 decks; at most 10 are supported", "card_defs/sequence.yaml:18:")
def sequence_decks(p: Path) -> list[str]:
    edit(p / "card_defs/sequence.yaml", "decks: 2 ", "decks: 1000000 ")
    return ["build", "sequence", "--out", "out"]


@case(1, "1000000000 chips of a colour; at most 500 are supported", "card_defs/sequence.yaml:45:")
def sequence_chips(p: Path) -> list[str]:
    edit(p / "card_defs/sequence.yaml", "count: 48}", "count: 1000000000}")
    return ["build", "sequence", "--out", "out"]


@case(1, "1000000 copies of a card; at most 1000 are supported", "card_defs/firecrackers.yaml:279:")
def firecrackers_copies(p: Path) -> list[str]:
    edit(p / "card_defs/firecrackers.yaml", "{number: 1, count: 2}", "{number: 1, count: 1000000}")
    return ["validate", "firecrackers"]


@case(1, "1000000000 players; at most 20 are supported", "card_defs/firecrackers.yaml:32:")
def firecrackers_player_range(p: Path) -> list[str]:
    edit(p / "card_defs/firecrackers.yaml", "{players: 3-10, sets: 1}", "{players: 3-1000000000, sets: 1}")
    return ["validate"]


@case(1, "should be a finite number, not .inf", "card_defs/firecrackers.yaml:43:")
def option_bound_infinite(p: Path) -> list[str]:
    edit(p / "card_defs/firecrackers.yaml", "    max: 40\n", "    max: .inf\n")
    return ["validate"]


# -- bounded work: numbers in layouts ----------------------------------------------------------------

@case(1, "max_pt must be from 1 to 400, not 1e+20", "layouts/faces.yaml:26:")
def font_size_that_never_shrinks(p: Path) -> list[str]:
    # stepping down 0.25 pt at a time never changed 1e20: the command never ended
    edit(p / "layouts/faces.yaml", "field: suit_name, font: sans-bold, max_pt: 9,", "field: suit_name, font: sans-bold, max_pt: 1.0e+20,")
    return ["validate"]


@case(1, "max_pt must be from 1 to 400, not 1e+06", "layouts/faces.yaml:26:")
def font_size_of_a_million_points(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "field: suit_name, font: sans-bold, max_pt: 9,", "field: suit_name, font: sans-bold, max_pt: 1000000,")
    return ["build", "hanabi", "--out", "out"]


@case(1, "width of 1e+12 mm is not sensible: it must be from 10 to 400 mm", "layouts/cards.yaml:9:")
def card_size(p: Path) -> list[str]:
    edit(p / "layouts/cards.yaml", "bridge: {extends: poker, width: 57.15}", "bridge: {extends: poker, width: 1.0e+12}")
    return ["build", "hanabi", "--card-size", "bridge", "--out", "out"]


@case(1, "width of 1e+09 mm is not sensible: it must be from 50 to 1500 mm", "layouts/sheets.yaml:10:")
def page_size(p: Path) -> list[str]:
    edit(p / "layouts/sheets.yaml", "    width: 210\n", "    width: 1.0e+9\n")
    return ["build", "hanabi", "--out", "out"]


@case(1, "should be a finite number, not .nan", "layouts/cards.yaml:9:")
def yaml_nan(p: Path) -> list[str]:
    edit(p / "layouts/cards.yaml", "bridge: {extends: poker, width: 57.15}", "bridge: {extends: poker, width: .nan}")
    return ["build", "hanabi", "--card-size", "bridge", "--out", "out"]


@case(1, "a list of more than 33,", "layouts/faces.yaml:25:")
def polygon_of_180000_points(p: Path) -> list[str]:
    points = ", ".join(["[1, 1]"] * 180_000)  # 1.4 MB: refused after 15 s as "an alias bomb"
    edit(p / "layouts/faces.yaml", "pips: {x: 12, y: 58, width: 39.5, height: 8, field: rank_pips}",
         f"pips: {{x: 12, y: 58, width: 39.5, height: 8, shape: polygon, fill: '#000000', points: [{points}]}}")
    return ["validate"]


@case(1, "region 'pips': a polygon of 5,000 points; at most 1,000 are supported", "layouts/faces.yaml:25:")
def polygon_of_5000_points(p: Path) -> list[str]:
    points = ", ".join(["[1, 1]"] * 5_000)
    edit(p / "layouts/faces.yaml", "pips: {x: 12, y: 58, width: 39.5, height: 8, field: rank_pips}",
         f"pips: {{x: 12, y: 58, width: 39.5, height: 8, shape: polygon, fill: '#000000', points: [{points}]}}")
    return ["build", "hanabi", "--out", "out"]


# -- bounded work: numbers on the command line -------------------------------------------------------

@case(2, "1000000000 is not in the range 1<=x<=50")
def copies(p: Path) -> list[str]:
    return ["build", "hanabi", "--copies", "1000000000", "--out", "out"]


@case(2, "1000000000000 is not in the range 1<=x<=100000")
def games(p: Path) -> list[str]:
    return ["simulate", "hanabi", "--games", "1000000000000"]


@case(2, "100000 is not in the range 1<=x<=64")
def workers(p: Path) -> list[str]:
    return ["simulate", "hanabi", "-k", "2", "--workers", "100000"]


@case(2, "1..1000000000 is 1,000,000,000 values; a sweep plays at most 200")
def sweep_range(p: Path) -> list[str]:
    return ["sweep", "firecrackers", "--set", "explosion_threshold=1..1000000000", "-k", "1"]


@case(2, "--set: tokens.note: more than 200 values; a sweep plays at most 200")
def set_of_16000_ranges(p: Path) -> list[str]:
    # grew to 521 MB before it was refused
    return ["sweep", "hanabi", "-k", "1", "--set", "tokens.note=" + ",".join(["1..1000"] * 16_000)]


@case(2, "--set: option 'explosion_threshold': more than 200 values")
def set_of_16000_rule_ranges(p: Path) -> list[str]:
    return ["sweep", "firecrackers", "-k", "1", "--set", "explosion_threshold=" + ",".join(["1..10"] * 16_000)]


@case(2, "takes a whole number, not '9999999999")
def rule_of_5000_digits(p: Path) -> list[str]:
    return ["simulate", "firecrackers", "-k", "1", "--rule", "explosion_threshold=" + "9" * 5000]


@case(2, "nan is not a number from 0 to 10 mm")
def bleed_nan(p: Path) -> list[str]:
    return ["build", "hanabi", "--bleed", "nan", "--out", "out"]


@case(2, "1e308 is not a number from 0 to 10 mm")
def bleed_1e308(p: Path) -> list[str]:
    return ["export", "hanabi", "--png", "png", "--bleed", "1e308"]


@case(2, "inf,0: each number must be from -10 to 10 in millimetres")
def back_offset_infinite(p: Path) -> list[str]:
    return ["build", "hanabi", "--back-offset=inf,0", "--out", "out"]


@case(2, "500,0: each number must be from -10 to 10 in millimetres")
def back_offset_larger_than_the_card(p: Path) -> list[str]:
    return ["build", "hanabi", "--back-offset=500,0", "--out", "out"]


# -- files read whole ---------------------------------------------------------------------------------

@case(1, "bytes; at most 67,108,864 are read", "layouts/faces.yaml:")
def font_of_3_gb(p: Path) -> list[str]:
    (p / "fonts").mkdir()
    with (p / "fonts/big.ttf").open("wb") as handle:
        handle.truncate(3 * 1024**3)  # sparse: nothing is written to disk
    use_font(p, "big.ttf")
    return ["validate"]


@case(1, "the font file is truncated or damaged", "layouts/faces.yaml:")
def truncated_font(p: Path) -> list[str]:
    (p / "fonts").mkdir()
    (p / "fonts/cut.ttf").write_bytes((Path(__file__).parent.parent / "fonts/DejaVuSans.ttf").read_bytes()[:3000])
    use_font(p, "cut.ttf")
    return ["build", "hanabi", "--out", "out"]


@case(1, "is not a regular file", "layouts/faces.yaml:")
def font_fifo(p: Path) -> list[str]:
    (p / "fonts").mkdir()
    os.mkfifo(p / "fonts/pipe.ttf")
    use_font(p, "pipe.ttf")
    return ["validate"]


@case(1, "card_defs/pipe.yaml:1:1: cannot read: a FIFO (named pipe), not a regular file")
def definition_fifo(p: Path) -> list[str]:
    os.mkfifo(p / "card_defs/pipe.yaml")  # was left out silently; a read of it would wait forever
    return ["validate"]


@case(1, "/dev/zero: cannot read: a device, not a regular file")
def replay_dev_zero(p: Path) -> list[str]:
    return ["replay", "hanabi", "/dev/zero"]


@case(1, "game.json: cannot read: a FIFO (named pipe), not a regular file")
def replay_fifo(p: Path) -> list[str]:
    os.mkfifo(p / "game.json")
    return ["replay", "hanabi", "game.json"]


@case(1, "game.json: the game file is 10,000,000,000 bytes; at most 5,000,000 are read")
def replay_of_10_gb(p: Path) -> list[str]:
    with (p / "game.json").open("wb") as handle:
        handle.truncate(10**10)
    return ["replay", "hanabi", "game.json"]


@case(1, "game.json: not a game file: arrays and objects nest more than 32 deep")
def replay_nesting(p: Path) -> list[str]:
    (p / "game.json").write_text("[" * 100_000 + "]" * 100_000)
    return ["replay", "hanabi", "game.json"]


@case(1, "game.json: not a game file: a number of 5000 digits (at most 30)")
def replay_huge_integer(p: Path) -> list[str]:
    (p / "game.json").write_text('{"players": ["a", "b"], "deck": [{"suitIndex": ' + "9" * 5000 + ', "rank": 1}]}')
    return ["replay", "hanabi", "game.json"]


@case(1, "game.json: not a game file: NaN is not a number JSON allows")
def replay_nan(p: Path) -> list[str]:
    (p / "game.json").write_text('{"players": ["a", "b"], "deck": [{"suitIndex": NaN, "rank": 1}]}')
    return ["replay", "hanabi", "game.json"]


# -- images -------------------------------------------------------------------------------------------

@case(1, "is 6,000 x 6,000 pixels (36,000,000); at most 25,000,000 pixels are supported", "layouts/faces.yaml:25:")
def png_bomb(p: Path) -> list[str]:
    use_image(p, "bomb.png", png(6000, 6000))  # 40 KB on disk, 36 million pixels decoded
    return ["build", "hanabi", "--out", "out"]


@case(1, "is 13,000 x 13,000 pixels (169,000,000)", "layouts/faces.yaml:25:", slow=True)
def png_bomb_of_the_trial(p: Path) -> list[str]:
    use_image(p, "bomb.png", png(13000, 13000))  # took 88 s and 1.7 GB to draw
    return ["build", "hanabi", "--out", "out"]


@case(1, "is a PNG file without a size", "layouts/faces.yaml:25:")
def png_of_zero_pixels(p: Path) -> list[str]:
    use_image(p, "empty.png", png(0, 0))
    return ["build", "hanabi", "--out", "out"]


@case(1, "is a PNG file without a size", "layouts/faces.yaml:25:")
def png_signature_only(p: Path) -> list[str]:
    use_image(p, "sig.png", b"\x89PNG\r\n\x1a\n")
    return ["export", "hanabi", "--png", "png"]


@case(1, "an embedded image is 6,000 x 6,000 pixels", "layouts/faces.yaml:25:")
def svg_carrying_a_png_bomb(p: Path) -> list[str]:
    use_image(p, "bomb.svg", embedded_png(6000, 6000))
    return ["build", "hanabi", "--out", "out"]


@case(1, "an embedded image is 30,000 x 30,000 pixels", "layouts/faces.yaml:25:", slow=True)
def svg_carrying_the_png_bomb_of_the_trial(p: Path) -> list[str]:
    use_image(p, "bomb.svg", embedded_png(30000, 30000))  # made cairo allocate 3.6 GB
    return ["build", "hanabi", "--out", "out"]


@case(1, "image 'art/damaged.png' is a damaged PNG file (its pixel data does not decompress)", "layouts/faces.yaml:25:")
def png_with_damaged_pixels(p: Path) -> list[str]:
    body = b"not zlib at all!"
    chunk = len(body).to_bytes(4, "big") + b"IDAT" + body + zlib.crc32(b"IDAT" + body).to_bytes(4, "big")
    use_image(p, "damaged.png", png(40, 40)[:33] + chunk + b"\0\0\0\0IEND\xaeB`\x82")
    return ["validate"]  # the renderers failed on it (validate said nothing)


@case(1, "its <use> references expand to more than 20,000 elements", "layouts/faces.yaml:25:")
def svg_use_bomb(p: Path) -> list[str]:
    levels = "".join(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 10))
    use_image(p, "uses.svg", svg(f'<defs><rect id="l0" width="1" height="1"/>{levels}</defs><use xlink:href="#l9"/>'))
    return ["build", "hanabi", "--out", "out"]  # cairosvg took 4 s for four levels, days for nine


@case(1, "an element refers to itself through <use> or href (a cycle)", "layouts/faces.yaml:25:")
def svg_use_cycle(p: Path) -> list[str]:
    use_image(p, "cycle.svg", svg('<g id="a"><rect width="1" height="1"/><use xlink:href="#a"/></g>'))
    return ["build", "hanabi", "--out", "out"]  # a RecursionError in cairosvg


@case(1, "75550 pieces to lay out (1500 cards and 11 tokens, 50 copies); at most 20000", "card_defs/hanabi.yaml:8:")
def pieces_of_a_build(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "ranks: {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}", "ranks: {1: 100, 2: 100, 3: 100}")
    return ["build", "hanabi", "--copies", "50", "--out", "out"]


@case(1, "is not well-formed XML: unclosed token (line 1", "layouts/faces.yaml:25:")
def svg_broken_xml(p: Path) -> list[str]:
    use_image(p, "broken.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><rect')
    return ["build", "hanabi", "--out", "out"]


@case(1, "has no size: give its <svg> a viewBox", "layouts/faces.yaml:25:")
def svg_without_size(p: Path) -> list[str]:
    use_image(p, "nosize.svg", svg('<rect width="10" height="10"/>', 'width="100%"'))
    return ["build", "hanabi", "--out", "out"]


@case(1, "declares XML entities, which are not allowed", "layouts/faces.yaml:25:")
def svg_entities(p: Path) -> list[str]:
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    use_image(p, "laughs.svg", f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">{laughs}]>'.encode()
              + svg("<text>&l9;</text>"))
    return ["build", "hanabi", "--out", "out"]


@case(1, "its elements nest more than 64 deep", "layouts/faces.yaml:25:")
def svg_nesting(p: Path) -> list[str]:
    use_image(p, "deep.svg", svg("<g>" * 5000 + "</g>" * 5000))
    return ["build", "hanabi", "--out", "out"]


@case(1, "holds a NUL character", "layouts/faces.yaml:25:")
def image_path_with_nul(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "pips: {x: 12, y: 58, width: 39.5, height: 8, field: rank_pips}",
         'pips: {x: 12, y: 58, width: 39.5, height: 8, image: "art/a\\0.png"}')
    return ["validate"]


@case(1, "cannot be followed (a symbolic link loop?)", "layouts/faces.yaml:25:")
def image_symlink_loop(p: Path) -> list[str]:
    (p / "art").mkdir()
    os.symlink("b.png", p / "art/a.png")
    os.symlink("a.png", p / "art/b.png")
    edit(p / "layouts/faces.yaml", "field: rank_pips}", "image: art/a.png}")
    return ["build", "hanabi", "--out", "out"]


# -- read failures are read failures -----------------------------------------------------------------

@case(1, "card_defs/hanabi.yaml:1:1: cannot read: Permission denied")
def unreadable_definition(p: Path) -> list[str]:
    return ["build", "hanabi", "--out", "out", "@deny_read=card_defs/hanabi.yaml"]


@case(1, "card_defs:1:1: cannot read the folder: Permission denied")
def unreadable_definitions_folder(p: Path) -> list[str]:
    return ["list", "@deny_read=card_defs"]


@case(1, "layouts/faces.yaml:1:1: cannot read: Permission denied")
def unreadable_layout(p: Path) -> list[str]:
    # this said "cannot write to out"
    return ["build", "hanabi", "--out", "out", "@deny_read=layouts/faces.yaml"]


@case(1, "cannot write: Permission denied; nothing was written")
def export_into_a_read_only_folder(p: Path) -> list[str]:
    (p / "png").mkdir()
    return ["export", "hanabi", "--png", "png", "--dpi", "30", "@deny_write=png"]


@case(1, "/dev/full: is a device, not a folder to write into; nothing was written")
def export_into_dev_full(p: Path) -> list[str]:
    return ["export", "hanabi", "--png", "/dev/full", "--dpi", "30"]


@case(1, "card_defs/loop.yaml:1:1: cannot read: Too many levels of symbolic links")
def definition_symlink_loop(p: Path) -> list[str]:
    os.symlink("loop.yaml", p / "card_defs/loop.yaml")  # was RuntimeError: Symlink loop
    return ["validate"]


@case(1, "layouts/loop.yaml:1:1: cannot read: Too many levels of symbolic links")
def layout_symlink_loop(p: Path) -> list[str]:
    os.symlink("loop.yaml", p / "layouts/loop.yaml")
    return ["build", "hanabi", "--out", "out"]


@case(1, "pipe.yaml:1:1: cannot read: a FIFO (named pipe), not a regular file")
def validate_a_fifo_named_on_the_command_line(p: Path) -> list[str]:
    os.mkfifo(p / "pipe.yaml")  # was "no such definition or layout file"
    return ["validate", "pipe.yaml"]


@case(1, "folder.yaml:1:1: cannot read: a folder, not a regular file")
def validate_a_folder_named_as_a_file(p: Path) -> list[str]:
    (p / "folder.yaml").mkdir()
    return ["validate", "folder.yaml"]


@case(1, "files; at most 200", "layouts:1:1: layouts/ holds")
def layouts_folder_of_300_files(p: Path) -> list[str]:
    for number in range(296):  # every one was read and composed, 20 000 took 6 s
        (p / f"layouts/extra{number:03d}.yaml").write_text("cards: {}\n")
    return ["validate"]


@case(1, "res: is a symbolic link, not a folder to write into")
def results_folder_is_a_symlink(p: Path) -> list[str]:
    (p / "real").mkdir()
    os.symlink("real", p / "res")  # was an OutputError traceback, after the first cell was played
    return ["sweep", "hanabi", "-k", "2", "-w", "1", "--set", "tokens.note=6..7", "--results", "res"]


@case(1, "card_defs: cannot be followed: Too many levels of symbolic links")
def definitions_folder_loop(p: Path) -> list[str]:
    for file in (p / "card_defs").iterdir():
        file.unlink()
    (p / "card_defs").rmdir()
    os.symlink("card_defs", p / "card_defs")
    return ["validate", "--project", "."]


# -- nonsense -----------------------------------------------------------------------------------------

@case(1, "is not on the 63.5 x 88.9 mm card of face template 'hanabi'", "layouts/faces.yaml:25:")
def region_outside_the_card(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "pips: {x: 12, y: 58,", "pips: {x: 200, y: 58,")
    return ["validate"]


@case(1, "base_width of 1e-300 mm is not sensible: it must be from 10 to 400 mm", "layouts/faces.yaml:18:")
def tiny_base_width(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "base_width: 63.5", "base_width: 1.0e-300")
    return ["build", "hanabi", "--out", "out"]


@case(2, "name a folder (an empty name would write into the current folder)")
def empty_output_folder(p: Path) -> list[str]:
    return ["build", "hanabi", "--out", ""]


@case(2, "name the new project's folder (write . for the current folder)")
def empty_project_folder(p: Path) -> list[str]:
    return ["init", ""]  # was the current folder


@case(1, "card_defs: not a folder; a project keeps its definitions in a card_defs/ folder")
def card_defs_is_a_file(p: Path) -> list[str]:
    for file in (p / "card_defs").iterdir():
        file.unlink()
    (p / "card_defs").rmdir()
    (p / "card_defs").write_text("game: hanabi\n")  # the shipped games were built instead
    return ["build", "--out", "out"]


# -- the trial's strong points ------------------------------------------------------------------------

@case(1, "tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed", "card_defs/hanabi.yaml:")
def yaml_object_tag(p: Path) -> list[str]:
    edit(p / "card_defs/hanabi.yaml", "name: Hanabi\n", "name: !!python/object/apply:os.system ['touch pwned']\n")
    return ["validate"]


@case(1, "an alias bomb?", "card_defs/hanabi.yaml:")
def yaml_alias_bomb(p: Path) -> list[str]:
    laughs = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"l{i}: &l{i} [" + ", ".join([f"*{'a' if i == 1 else f'l{i - 1}'}"] * 9) + "]\n" for i in range(1, 10))
    (p / "card_defs/hanabi.yaml").write_text(laughs)
    return ["validate"]


@case(1, "definition files may be at most 2,000,000", "card_defs/hanabi.yaml:1:1:")
def yaml_of_10_mb(p: Path) -> list[str]:
    (p / "card_defs/hanabi.yaml").write_text("# padding\n" * 1_000_000)
    return ["list"]


@case(1, "lists and mappings nest more than 64 deep here", "card_defs/hanabi.yaml:")
def yaml_nesting(p: Path) -> list[str]:
    (p / "card_defs/hanabi.yaml").write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    return ["validate"]


@case(1, "is outside the project folder; files are read from inside it only", "layouts/faces.yaml:25:")
def artwork_outside_the_project(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "field: rank_pips}", "image: ../../../../../../etc/passwd.png}")
    return ["validate"]


@case(1, "is a URL: files are read from the project folder only, nothing is fetched", "layouts/faces.yaml:25:")
def artwork_url(p: Path) -> list[str]:
    edit(p / "layouts/faces.yaml", "field: rank_pips}", "image: 'http://127.0.0.1:9/x.png'}")
    return ["validate"]


@pytest.mark.parametrize(("setup", "code", "says", "located"), case.params)
def test_hostile_input_gets_one_located_line(project_copy: Path, setup: Setup, code: int, says: str,
                                             located: str | None) -> None:
    check(project_copy, setup, code, says, located)


def test_svg_reaching_outside_is_refused_before_anything_reads_it(project_copy: Path) -> None:
    """An SVG that names a local file or a URL is refused at the template's line: nothing it names
    is read or fetched (and cairosvg's safe mode would not load it either), and nothing is written."""
    use_image(project_copy, "reach.svg", svg(
        '<image width="5" height="5" xlink:href="file:///etc/passwd"/>'
        '<image width="5" height="5" xlink:href="http://127.0.0.1:9/x.png"/><circle cx="5" cy="5" r="4"/>',
        'viewBox="0 0 10 10"'))
    result = run("build", "hanabi", "--out", "out", cwd=project_copy)
    assert result.code == 1, result.output
    assert "layouts/faces.yaml:25:" in result.output and "refers to 'file:///etc/passwd' outside itself" in result.output
    assert not (project_copy / "out").exists() or not any((project_copy / "out").iterdir())


def test_a_full_disk_leaves_the_previous_build(project_copy: Path) -> None:
    """A write that fails part-way (here: a file-size limit, as a full disk does) writes nothing:
    the previous files stay, and no temporary file is left."""
    assert run("build", "hanabi", "sequence", "--out", "out", cwd=project_copy).code == 0
    before = {p.name: p.read_bytes() for p in (project_copy / "out").iterdir()}
    result = run("build", "hanabi", "sequence", "--out", "out", "--copies", "2", cwd=project_copy,
                 file_bytes=120_000)  # sequence.pdf does not fit, hanabi.pdf does
    assert result.code == 1, result.output
    assert "cannot write: File too large; nothing was written" in result.stderr and "Traceback" not in result.output
    assert {p.name: p.read_bytes() for p in (project_copy / "out").iterdir()} == before


def _special(kind: str, path: Path, elsewhere: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        elsewhere.write_text("not cardforge's")
        os.symlink(elsewhere, path)
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device of our own


def _unchanged(kind: str, path: Path, elsewhere: Path) -> None:
    mode = os.lstat(path).st_mode
    assert {"fifo": stat.S_ISFIFO, "symlink": stat.S_ISLNK, "device": stat.S_ISCHR}[kind](mode)
    if kind == "symlink":
        assert elsewhere.read_text() == "not cardforge's"


@pytest.mark.parametrize(("target", "kind"), [
    ("--report", "fifo"), ("--report", "symlink"), ("--report", "device"), ("--out", "symlink"), ("--out", "fifo"),
    ("--export", "fifo"), ("--png", "device"), ("--tts", "symlink"), ("build file", "fifo"), ("build file", "symlink"),
])
def test_only_regular_files_are_replaced(tmp_path: Path, target: str, kind: str) -> None:
    """A report, an output folder or a file of a build that is a FIFO, a symbolic link or a device is
    refused and left as it was (as root, ``--report /dev/null`` replaced the device node)."""
    elsewhere = tmp_path / "elsewhere.txt"
    path = tmp_path / "target"
    args: list[str]
    if target == "build file":
        (tmp_path / "out").mkdir()
        path = tmp_path / "out" / "hanabi.pdf"
        args = ["build", "hanabi", "--out", "out"]
    elif target in ("--report", "--export"):
        args = ["simulate", "hanabi", "-k", "2", "-w", "1", "--bot", "smart", target, "target"]
    elif target == "--out":
        args = ["build", "hanabi", "--out", "target"]
    else:
        args = ["export", "hanabi", target, "target", "--dpi", "30"]
    _special(kind, path, elsewhere)
    result: Result = run(*args, cwd=tmp_path)
    assert result.code in (1, 2), result.output  # 2: click's own check of a folder option ("is a file")
    assert "Traceback" not in result.output
    assert any(says in result.stderr for says in ("cardforge replaces only regular files",
                                                  "not a folder to write into", "is a file"))
    _unchanged(kind, path, elsewhere)
    leftovers = [p for p in tmp_path.rglob("*") if p.name.startswith(".cardforge-")]
    assert not leftovers


@pytest.mark.parametrize(("error", "said"), [
    (PermissionError(13, "Permission denied", "card_defs/x.yaml"), "card_defs/x.yaml: Permission denied"),
    (OSError(18, "Invalid cross-device link", "a", None, "b"), "a -> b: Invalid cross-device link"),
    (OSError(5, "Input/output error"), "cardforge: Input/output error"),
    (MemoryError(), "cardforge: out of memory"),
])
def test_a_file_error_no_command_reported_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                      error: BaseException, said: str) -> None:
    """The command line's last resort: whatever file error (or lack of memory) escapes a command
    is one line, exit 1; --traceback shows it as Python does."""
    from generator.cli import common
    from generator.cli.main import run as run_command

    def fails(*_: object, **__: object) -> None:
        raise error

    monkeypatch.setattr(common, "find_project", fails)
    assert run_command(["list"]) == 1
    printed = capsys.readouterr()
    assert printed.err.strip().splitlines() == [printed.err.strip()] and printed.err.startswith(said), printed.err
    with pytest.raises(type(error)):
        run_command(["--traceback", "list"])
