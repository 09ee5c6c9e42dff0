"""A print shop's faces are drawn once: ``export --pod`` and ``preflight --pod`` keep each face's
PNG in the user cache under the SHA-256 of the face's SVG, size, resolution and drawing libraries;
what is read back is the very file a draw makes, a damaged entry is drawn again, and the cache stays
within its bound, the least recently used entries going first."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from generator.files import usercache
from generator.files.paths import shipped_root
from generator.layout.scene import Scene
from generator.render import podpng
from generator.render.png import svg_to_png_px, svg_to_rgb_px

SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="30mm" viewBox="0 0 20 30">'
          '<rect x="2" y="2" width="10" height="10" fill="#c03" fill-opacity="0.5"/>'
          '<circle cx="10" cy="20" r="6" fill="#036"/></svg>')


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(folder))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    return folder


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every SVG the face renderer draws (the scene's SVG is ``SQUARE``, whatever the scene)."""
    calls: list[str] = []

    def draw(svg: str, width: int, height: int) -> Image.Image:
        calls.append(svg)
        return svg_to_rgb_px(svg, width, height)

    monkeypatch.setattr(podpng, "scene_svg", lambda scene, fonts, bleed: SQUARE if scene.key == "a" else SQUARE + " ")
    monkeypatch.setattr(podpng, "svg_to_rgb_px", draw)
    return calls


def _scene(key: str) -> Scene:
    return Scene(key, 20, 30, 0)


def test_the_pixels_read_from_cairos_surface_are_the_png_flattened_on_white() -> None:
    """The surface path gives, pixel for pixel, cairo's PNG composited onto white (what shops got
    before it), half-transparent shapes included."""
    direct = svg_to_rgb_px(SQUARE, 80, 120)
    rgba = Image.open(io.BytesIO(svg_to_png_px(SQUARE, 80, 120))).convert("RGBA")
    flattened = Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 255, 255, 255)), rgba).convert("RGB")
    assert direct.mode == "RGB" and direct.size == (80, 120)
    assert direct.tobytes() == flattened.tobytes()
    assert direct.getpixel((0, 0)) == (255, 255, 255)


def test_a_face_is_drawn_once_and_read_back_as_the_same_file(cache: Path, drawn: list[str]) -> None:
    first = podpng.face_png(_scene("a"), None, (80, 120), 300)  # type: ignore[arg-type]
    again = podpng.face_png(_scene("a"), None, (80, 120), 300)  # type: ignore[arg-type]
    assert again == first and len(drawn) == 1
    image = Image.open(io.BytesIO(first))
    assert image.mode == "RGB" and image.size == (80, 120) and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    podpng.face_png(_scene("a"), None, (81, 120), 300)  # type: ignore[arg-type]
    podpng.face_png(_scene("a"), None, (80, 120), 600)  # type: ignore[arg-type]
    podpng.face_png(_scene("b"), None, (80, 120), 300)  # type: ignore[arg-type]
    assert len(drawn) == 4  # another size, resolution or picture is another entry
    assert len(list((cache / podpng.FACE_CACHE).rglob("*.png"))) == 4


@pytest.mark.parametrize("damage", ["cut short", "a byte changed", "empty", "a folder"])
def test_a_damaged_entry_is_drawn_again(cache: Path, drawn: list[str], damage: str) -> None:
    first = podpng.face_png(_scene("a"), None, (80, 120), 300)  # type: ignore[arg-type]
    (entry,) = (cache / podpng.FACE_CACHE).rglob("*.png")
    data = entry.read_bytes()
    if damage == "cut short":
        entry.write_bytes(data[: len(data) // 2])
    elif damage == "a byte changed":
        entry.write_bytes(data[:-20] + bytes([data[-20] ^ 1]) + data[-19:])
    elif damage == "empty":
        entry.write_bytes(b"")
    else:
        entry.unlink()
        entry.mkdir()
    assert podpng.face_png(_scene("a"), None, (80, 120), 300) == first  # type: ignore[arg-type]
    assert len(drawn) == 2
    if damage != "a folder":
        assert entry.read_bytes()[32:] == first and hashlib.sha256(first).digest() == entry.read_bytes()[:32]


def test_no_cache_reads_and_writes_nothing(cache: Path, drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(usercache.NO_CACHE_VARIABLE, "1")
    podpng.face_png(_scene("a"), None, (80, 120), 300)  # type: ignore[arg-type]
    podpng.face_png(_scene("a"), None, (80, 120), 300)  # type: ignore[arg-type]
    assert len(drawn) == 2 and not cache.exists()


def test_pruning_keeps_the_most_recently_used_within_the_bound(cache: Path) -> None:
    folder = cache / "faces" / "ab"
    folder.mkdir(parents=True)
    for age, name in enumerate(["newest", "used", "old", "oldest"]):
        (folder / name).write_bytes(b"x" * 100)
        os.utime(folder / name, (1_000_000 - age * 10, 1_000_000 - age * 10))
    usercache.touch("faces/ab/old")  # read just now: kept over the others
    usercache.prune("faces", 250)
    assert sorted(p.name for p in folder.iterdir()) == ["newest", "old"]
    usercache.prune("faces", 10_000)
    assert sorted(p.name for p in folder.iterdir()) == ["newest", "old"]


@pytest.mark.e2e
def test_an_export_after_a_preflight_draws_nothing_and_writes_the_same_files(tmp_path: Path) -> None:
    """``preflight --pod mpc`` leaves the faces in the cache; the export after it reads every one
    back (no entry is written again) and writes the very files an export with no cache writes."""
    env = {key: value for key, value in os.environ.items() if key != usercache.NO_CACHE_VARIABLE}
    env.update({usercache.CACHE_DIR_VARIABLE: str(tmp_path / "cache"), "SOURCE_DATE_EPOCH": "1735689600"})

    def cardforge(*args: str, **extra: str) -> None:
        done = subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=shipped_root(), text=True,
                              capture_output=True, env={**env, **extra})
        assert done.returncode == 0, done.stderr

    cardforge("preflight", "hanabi", "--pod", "mpc")
    faces = tmp_path / "cache" / podpng.FACE_CACHE
    before = {path: path.stat().st_ino for path in faces.rglob("*.png")}  # a face drawn again is a new file
    assert len(before) == 26
    cardforge("export", "hanabi", "--pod", "mpc", "--out", str(tmp_path / "warm"))
    assert {path: path.stat().st_ino for path in faces.rglob("*.png")} == before
    cardforge("export", "hanabi", "--pod", "mpc", "--out", str(tmp_path / "plain"), CARDFORGE_NO_CACHE="1")
    made = sorted(p.relative_to(tmp_path / "plain") for p in (tmp_path / "plain").rglob("*") if p.is_file())
    assert len(made) == 30
    for name in made:
        assert (tmp_path / "warm" / name).read_bytes() == (tmp_path / "plain" / name).read_bytes(), name
