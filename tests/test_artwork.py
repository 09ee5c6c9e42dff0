"""Designer artwork named in templates: drawn when it lies inside the project folder; URLs,
absolute paths and paths leading outside the project are refused before anything is built."""

from __future__ import annotations

import os
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.main import cli

LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">'
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient></defs>'
        '<rect width="40" height="20" fill="#123456"/><rect width="4" height="4" fill="url(#g)"/></svg>')
PEEKING = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">'
           '<rect width="40" height="20" fill="#123456"/><image xlink:href="file:///etc/hostname" width="5" height="5"/></svg>')


def add_image_region(project: Path, image: str) -> None:
    faces = project / "layouts" / "faces.yaml"
    text = faces.read_text()
    anchor = "        title: {x: 16, y: 68"
    assert anchor in text
    faces.write_text(text.replace(anchor, f"        logo: {{x: 20, y: 76, width: 23.5, height: 6, image: '{image}'}}\n{anchor}", 1))


def build(project: Path) -> object:
    return CliRunner().invoke(cli, ["build", "hanabi", "--project", str(project)])


def test_artwork_inside_the_project_is_drawn(project_copy: Path) -> None:
    (project_copy / "art").mkdir()
    (project_copy / "art" / "logo.svg").write_text(LOGO)
    add_image_region(project_copy, "art/logo.svg")
    result = build(project_copy)
    assert result.exit_code == 0, result.output
    page = pymupdf.open(project_copy / "output" / "hanabi.pdf")[0]
    assert not page.get_images(full=True), "SVG artwork is drawn as vectors, never rasterised"
    fills = {tuple(round(c * 255) for c in d["fill"]) for d in page.get_drawings() if d.get("fill")}
    assert (0x12, 0x34, 0x56) in fills, "the artwork's shapes should be on the page"


def test_an_svg_that_refers_outside_itself_is_refused(project_copy: Path) -> None:
    (project_copy / "art").mkdir()
    (project_copy / "art" / "logo.svg").write_text(PEEKING)
    add_image_region(project_copy, "art/logo.svg")
    result = build(project_copy)
    assert result.exit_code == 1 and "layouts/faces.yaml:" in result.output
    assert "file:///etc/hostname" in result.output and "embed" in result.output


@pytest.mark.parametrize(
    ("image", "message"),
    [
        ("https://example.com/logo.png", "is a URL"),
        ("file:///etc/passwd", "is a URL"),
        ("/etc/hostname.png", "absolute path"),
        ("../outside.png", "outside the project folder"),
        ("art/missing.svg", "does not exist"),
        ("art/notes.txt", "only JPEG, PNG and SVG files"),
        ("art/fake.png", "is not a PNG"),
    ],
)
def test_artwork_from_elsewhere_is_refused(project_copy: Path, image: str, message: str) -> None:
    (project_copy / "art").mkdir()
    (project_copy / "art" / "notes.txt").write_text("hello")
    (project_copy / "art" / "fake.png").write_text("not a png")
    (project_copy.parent / "outside.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    add_image_region(project_copy, image)
    result = build(project_copy)
    assert result.exit_code == 1
    assert "layouts/faces.yaml:" in result.output and message in result.output
    assert not (project_copy / "output" / "hanabi.pdf").exists()


def test_a_symbolic_link_out_of_the_project_is_refused(project_copy: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG\r\n\x1a\n")
    (project_copy / "art").mkdir()
    os.symlink(secret, project_copy / "art" / "link.png")
    add_image_region(project_copy, "art/link.png")
    result = build(project_copy)
    assert result.exit_code == 1 and "outside the project folder" in result.output


def test_artwork_that_fails_to_draw_is_reported_at_its_region(project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever goes wrong while an image is drawn (here: the SVG reader running out of memory) is
    one line at the template region that draws it, never a traceback."""
    import svglib.svglib

    import generator.render.artwork as artwork

    def failing(*_args: object, **_kwargs: object) -> object:
        raise MemoryError("out of memory while reading the SVG")

    (project_copy / "art").mkdir()
    (project_copy / "art" / "logo.svg").write_text(LOGO)
    add_image_region(project_copy, "art/logo.svg")
    artwork.svg_drawing.cache_clear()  # no drawing cached by an earlier test
    monkeypatch.setattr(svglib.svglib, "svg2rlg", failing)
    result = build(project_copy)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith("layouts/faces.yaml:") or "/layouts/faces.yaml:" in lines[0]
    assert "image 'art/logo.svg': the SVG artwork cannot be drawn: MemoryError" in lines[0]
