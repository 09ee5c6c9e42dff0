"""The faces a table draws: every piece of a game's kit as printed (the scenes ``build`` and
``preview`` draw), as inline SVG named by an opaque face id, and the fonts they use.

A card face up is drawn with its front; a card face down with its component's back. A page is
sent a face's markup only when it shows that face, so the markup never tells a seat about a card
it may not see.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ...files.saferead import MAX_FONT_BYTES, ReadError, read_regular
from ...layout.kit import Kit
from ...layout.scene import Image, Scene
from ...model import GameDefinition, Project
from ..build import BuildError, BuildOptions, Toolkit, check_build, load_toolkit
from ..preview.assets import Assets
from ..preview.markup import face_markup, font_family

MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


@dataclass(frozen=True)
class Face:
    """One face: its markup and its size in millimetres."""

    markup: str
    width_mm: float
    height_mm: float


class FaceBook:
    """The faces of one game's kit by piece (fronts) and by component (backs)."""

    def __init__(self, kit: Kit, assets: Assets, salt: str) -> None:
        self.assets = assets
        self._salt = salt
        self.faces: dict[str, Face] = {}
        self.fronts: dict[str, str] = {}
        """Piece id -> face id of its front."""
        self.backs: dict[str, str] = {}
        """Component -> face id of its pieces' back (the first piece's)."""
        for piece in kit.pieces:
            self.fronts[piece.id] = self._add(piece.front)
            if piece.back is not None and piece.component not in self.backs:
                self.backs[piece.component] = self._add(piece.back)

    def _add(self, scene: Scene) -> str:
        # salted per table: a face id says nothing a seat could look up elsewhere
        fid = "f" + hashlib.sha256(f"{self._salt}\0{scene.key}".encode()).hexdigest()[:16]
        if fid not in self.faces:
            def link(image: Image) -> str:
                return self.assets.add(image.data, MIME.get(image.kind, "application/octet-stream"), image.kind)
            self.faces[fid] = Face(face_markup(scene, link), scene.width_mm, scene.height_mm)
        return fid


def game_faces(project: Project, game: GameDefinition, assets: Assets, salt: str,
               expansion: str | None = None) -> tuple[FaceBook, list[tuple[str, str]]]:
    """The faces of ``game`` as ``build`` lays them out, and the fonts they draw with (CSS family,
    URL); BuildError when the game cannot be laid out."""
    toolkit: Toolkit = load_toolkit(project)
    checked = check_build(project, [game], BuildOptions(expansion=expansion), toolkit, unused_templates=False)
    kit = next((k for g, k in checked.kits if g is game), None)
    if kit is None:
        errors = [f.format() for f in checked.findings if f.is_error]
        raise BuildError(f"{game.info.id} cannot be laid out: " + "; ".join(errors[:3]))
    fonts = []
    for face in toolkit.layouts.fonts:
        try:
            data = read_regular(Path(face.path), MAX_FONT_BYTES)
        except ReadError:
            continue
        fonts.append((font_family(face.key), assets.add(data, "font/ttf", "ttf")))
    return FaceBook(kit, assets, salt), fonts
