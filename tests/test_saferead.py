"""Reading with limits (generator/files/saferead.py) and checking artwork from its header
(generator/files/images.py): what is refused, and that it is refused before the work it would cause."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.files.images import check_png, check_raster, check_svg, svg_aspect
from generator.model.limits import MAX_IMAGE_PIXELS
from generator.files.saferead import MAX_JSON_DEPTH, ReadError, load_json, read_regular

from .capped import png


def test_a_regular_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    file = tmp_path / "f"
    file.write_bytes(b"x" * 100)
    assert read_regular(file, 100) == b"x" * 100
    with pytest.raises(ReadError, match="the file is 100 bytes; at most 99 are read"):
        read_regular(file, 99)


def test_what_is_not_a_regular_file_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")  # opening it for reading would wait for a writer forever
    for path, kind in ((tmp_path / "pipe", "a FIFO"), (Path("/dev/zero"), "a device"), (tmp_path, "a folder")):
        with pytest.raises(ReadError, match=f"cannot read: {kind}"):
            read_regular(path, 1000)
    with pytest.raises(ReadError, match="No such file"):
        read_regular(tmp_path / "missing", 1000)
    with pytest.raises(ReadError, match="NUL"):
        read_regular(str(tmp_path / "a\0b"), 1000)


def test_a_sparse_giant_is_refused_from_its_size(tmp_path: Path) -> None:
    file = tmp_path / "giant"
    with file.open("wb") as handle:
        handle.truncate(10**12)
    with pytest.raises(ReadError, match="1,000,000,000,000 bytes"):
        read_regular(file, 10**6)


@settings(max_examples=80, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=20))
def test_ordinary_json_reads_as_json_does(value: object) -> None:
    text = json.dumps(value)
    assert load_json(text.encode()) == json.loads(text)


@pytest.mark.parametrize(("text", "says"), [
    ("[" * 100_000 + "]" * 100_000, f"nest more than {MAX_JSON_DEPTH} deep"),
    ('{"a": ' + "9" * 5000 + "}", "a number of 5000 digits"),
    ('{"a": 1e999}', "out of range"),
    ('{"a": NaN}', "NaN is not a number JSON allows"),
    ('{"a": -Infinity}', "-Infinity is not a number JSON allows"),
    ('{"a": ', "not a JSON file: Expecting value (line 1, column 7)"),
    ('["' + "[" * 44 + '"]', None),  # brackets in a string do not nest
])
def test_json_limits(text: str, says: str | None) -> None:
    if says is None:
        assert load_json(text.encode()) == ["[" * 44]
        return
    with pytest.raises(ReadError, match=says.replace("(", r"\(").replace(")", r"\)")):
        load_json(text.encode())


@settings(max_examples=60, deadline=None)
@given(width=st.integers(0, 2**31), height=st.integers(0, 2**31))
def test_png_pixels_are_checked_from_the_header(width: int, height: int) -> None:
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    problem = check_png(header)
    if width == 0 or height == 0:
        assert problem is not None and "without a size" in problem
    elif width * height > MAX_IMAGE_PIXELS:
        assert problem is not None and f"{width:,} x {height:,} pixels" in problem
    else:  # a header alone: its size is fine, and the file is found cut short
        assert problem == "is a damaged PNG file (it is cut short)"


def test_a_png_is_checked_to_its_end() -> None:
    good = png(40, 30)
    assert check_png(good) is None
    flipped = bytearray(good)
    flipped[45] ^= 0xFF  # inside the pixel data: its checksum no longer matches
    assert "the checksum of its IDAT chunk is wrong" in (check_png(bytes(flipped)) or "")
    assert "cut short" in (check_png(good[:-12]) or "")


def test_rasters_of_every_kind_are_sized() -> None:
    assert check_raster(png(3, 2)) is None
    gif = b"GIF89a" + struct.pack("<HH", 6000, 6000) + b"\0" * 10
    assert "6,000 x 6,000 pixels" in (check_raster(gif) or "")
    jpeg = b"\xff\xd8\xff\xe0" + struct.pack(">H", 4) + b"\0\0" + b"\xff\xc0" + struct.pack(">HBHH", 11, 8, 7000, 7000)
    assert "7,000 x 7,000 pixels" in (check_raster(jpeg) or "")
    assert "not a PNG, JPEG or GIF" in (check_raster(b"BM....") or "")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {}>{}</svg>'


@pytest.mark.parametrize(("document", "says"), [
    (SVG.format('viewBox="0 0 10 20"', "<rect/>"), None),
    (SVG.format('width="10mm" height="2cm"', "<rect/>"), None),
    ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
     + SVG.format('width="10" height="10"', ""), None),
    (SVG.format('width="100%" height="100%"', "<rect/>"), "has no size"),
    (SVG.format('viewBox="0 0 0 10"', ""), "has no size"),
    (SVG.format('width="10" height="10"', "<rect"), "not well-formed XML"),
    ('<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>' + SVG.format('width="1" height="1"', "&e;"), "entities"),
    (SVG.format('width="1" height="1"', "<g>" * 65 + "</g>" * 65), "nest more than 64 deep"),
    (SVG.format('width="1" height="1"', "<g>" * 63 + "</g>" * 63), None),
    ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "root element is <html>"),
    (SVG.format('width="1" height="1"', '<image xlink:href="data:image/png;base64,!!!"/>'), "base64 data is damaged"),
    (SVG.format('width="1" height="1"', '<image xlink:href="data:image/png;base64,'
                + __import__("base64").b64encode(png(1, 1)).decode() + '"/>'), None),
    (SVG.format('width="1" height="1"', '<image href="data:text/plain,hello"/>'), "not a PNG, JPEG or GIF"),
])
def test_svg_checks(document: str, says: str | None) -> None:
    problem = check_svg(document.encode())
    assert problem is None if says is None else says in (problem or ""), problem


def test_svg_inside_svg_is_checked_and_bounded() -> None:
    import base64

    inner = SVG.format('width="1" height="1"', '<image xlink:href="data:image/png;base64,'
                       + base64.b64encode(png(6000, 6000)).decode() + '"/>')
    outer = SVG.format('width="1" height="1"', '<image xlink:href="data:image/svg+xml;base64,'
                       + base64.b64encode(inner.encode()).decode() + '"/>')
    assert "an embedded SVG image cannot be drawn" in (check_svg(outer.encode()) or "")
    assert svg_aspect(SVG.format('width="10" height="30"', "").encode()) == 3.0
