"""Preflight: what a print shop or a home printer would reject, found before anything is printed.

Checked on the faces as laid out (``check_faces``): text under the smallest printable size, text
or a designer's picture outside the safe zone (or past the trim), pictures under 300 dpi at their
printed size, backgrounds that stop at the trim instead of running to the bleed edge, and fonts
whose licence forbids embedding them. Checked on a finished CMYK PDF (``generator.app.preflight.pdf``)
the way a shop's own preflight reads it: RGB colour anywhere, total ink over the limit, boxes,
fonts embedded, output intent.

Every finding names the card (and how many more share its face), the template region that drew
the item, and is located at that region in its layout file. Severities depend on the target: a
shop's limits are errors (the order would be refused or print wrong); at home, what prints but
reads badly is a warning; a font that cannot be embedded is an error everywhere. ``cardforge
build``, ``export`` and ``validate`` run the home or shop checks with the others and stop on errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ...files.fontbook import FontBook, FontError
from ...layout.kit import Kit, Piece, PieceKind
from ...layout.regions import print_dpi, raster_size
from ...layout.scene import Circle, Image, Path, Rect, Scene, Text, TextMeasurer
from ...model.source import SourceLoc
from ...validate import Finding, Note, Severity
from .geometry import Placed, all_items, placed_items

if TYPE_CHECKING:
    from ...model.shops import Shop

RULE_ID = "preflight"
EPS_MM = 0.05
PRINT_DPI = 300


@dataclass(frozen=True, slots=True)
class Target:
    """What the faces are checked for: a home printer or a shop's preset."""

    name: str
    safe_mm: float
    shop: bool = False
    min_text_pt: float = 6.0
    resolution: bool = False
    """Check pictures under 300 dpi (at home the layout already warns about them)."""

    def severity(self, hard: bool = False) -> Severity:
        """An error for a shop (or for what no printer prints: ``hard``), else a warning."""
        return Severity.ERROR if hard or self.shop else Severity.WARNING


def home_target(safe_mm: float) -> Target:
    return Target("home printing", safe_mm)


def shop_target(shop: Shop) -> Target:
    return Target(shop.title, shop.safe_mm, shop=True, min_text_pt=shop.min_text_pt, resolution=True)


@dataclass
class Face:
    """One distinct face of a kit and the pieces that show it."""

    scene: Scene
    side: str
    pieces: list[Piece]

    def who(self) -> str:
        first = self.pieces[0]
        kind = "card" if first.kind is PieceKind.CARD else first.kind.value
        more = len(self.pieces) - 1
        also = f", and {more} more with this face" if more else ""
        return f"{kind} {first.id} ({self.side}{also})"


def distinct_faces(pieces: Sequence[Piece]) -> list[Face]:
    """Each distinct face of ``pieces`` once, fronts and backs, with the pieces that show it."""
    faces: dict[str, Face] = {}
    for piece in pieces:
        for side, scene in (("front", piece.front), ("back", piece.back)):
            if scene is None:
                continue
            face = faces.get(scene.key)
            if face is None:
                faces[scene.key] = Face(scene, side, [piece])
            else:
                face.pieces.append(piece)
    return list(faces.values())


class _Report:
    """Findings of one game, each located at the region that drew the item (else the game)."""

    def __init__(self, game_id: str, game_loc: SourceLoc, target: Target) -> None:
        self.game_id, self.game_loc, self.target = game_id, game_loc, target
        self.findings: list[Finding] = []
        self._seen: set[tuple[str, str, str]] = set()

    def add(self, face: Face, placed: Placed | None, code: str, severity: Severity, message: str) -> None:
        region = placed.origin.region if placed is not None and placed.origin is not None else ""
        key = (face.scene.key, region, code)
        if key in self._seen:  # one finding per region and kind of problem on a face
            return
        self._seen.add(key)
        loc = placed.origin.loc if placed is not None and placed.origin is not None and placed.origin.loc.line else self.game_loc
        where = f", region '{region}'" if region else ""
        notes = (Note(self.game_loc, f"{self.game_id} is defined here"),) if loc is not self.game_loc else ()
        self.findings.append(Finding(loc, RULE_ID, code, severity,
                                     f"{self.game_id}: {face.who()}{where}: {message} [{self.target.name}]",
                                     self.game_id, notes))


def check_faces(kit: Kit, target: Target, measurer: TextMeasurer, game_id: str, game_loc: SourceLoc,
                *, cards_only: bool = False) -> list[Finding]:
    """Every face of the kit checked for ``target`` (tokens, boards, mats and boxes only for the
    size and the glyphs of their text: they are cut along outlines of their own, or tiled)."""
    report = _Report(game_id, game_loc, target)
    for face in distinct_faces(kit.cards):
        _check_card(report, face, target, measurer)
    if not cards_only:
        for face in distinct_faces((*kit.tokens, *kit.boards)):
            for placed in placed_items(face.scene, measurer):
                _text_size(report, face, placed, target)
                _glyphs(report, face, placed, measurer)
    return report.findings


def _check_card(report: _Report, face: Face, target: Target, measurer: TextMeasurer) -> None:
    scene = face.scene
    w, h = scene.width_mm, scene.height_mm
    safe = target.safe_mm
    everything = list(placed_items(scene, measurer))
    for placed in everything:
        item, (x0, y0, x1, y1) = placed.item, placed.box
        if isinstance(item, Text):
            _text_size(report, face, placed, target)
            _glyphs(report, face, placed, measurer)
            if x0 < -EPS_MM or y0 < -EPS_MM or x1 > w + EPS_MM or y1 > h + EPS_MM:
                report.add(face, placed, "text-outside-trim", target.severity(hard=True),
                           f"text '{item.text}' runs past the trim line: it is cut off")
            elif min(x0, y0, w - x1, h - y1) < safe - EPS_MM:
                report.add(face, placed, "text-outside-safe-zone", target.severity(),
                           f"text '{item.text}' comes {max(0.0, min(x0, y0, w - x1, h - y1)):.2f} mm from the trim; "
                           f"keep text {safe:.2f} mm inside (the safe zone), where a cut that drifts cannot reach it")
        elif isinstance(item, Image):
            bled = placed.origin is not None and placed.origin.bleed
            if not bled and min(x0, y0, w - x1, h - y1) < safe - EPS_MM:
                report.add(face, placed, "art-outside-safe-zone", target.severity(),
                           f"picture '{item.name}' comes {max(0.0, min(x0, y0, w - x1, h - y1)):.2f} mm from the trim; "
                           f"keep important art {safe:.2f} mm inside (or let the region run to the bleed)")
            if target.resolution:
                _resolution(report, face, placed)
    if scene.bleed_mm > EPS_MM:
        _bleed(report, face, target, everything)


def _text_size(report: _Report, face: Face, placed: Placed, target: Target) -> None:
    item = placed.item
    if isinstance(item, Text) and item.text.strip():
        size = item.size_pt * placed.scale
        if size < target.min_text_pt - 1e-6:
            report.add(face, placed, "text-too-small", target.severity(),
                       f"text '{item.text}' is {size:.1f} pt; under {target.min_text_pt:g} pt it does not print legibly")


def _glyphs(report: _Report, face: Face, placed: Placed, measurer: TextMeasurer) -> None:
    """Every character of a text must be in the font it is drawn in: one that is not prints as an
    empty box (or nothing), whatever the printer (layout draws such characters in a fallback font
    when the project declares one that has them)."""
    item = placed.item
    covers = getattr(measurer, "covers", None)
    if not isinstance(item, Text) or covers is None or covers(item.font, item.text):
        return
    missing = "".join(dict.fromkeys(c for c in item.text if not covers(item.font, c)))
    report.add(face, placed, "missing-glyph", Severity.ERROR,
               f"text '{item.text}': font '{item.font}' has no glyph for {', '.join(repr(c) for c in missing)} "
               f"({', '.join(f'U+{ord(c):04X}' for c in missing)}): it would print as an empty box; declare a "
               "font that has it under fallback_fonts")


def _resolution(report: _Report, face: Face, placed: Placed) -> None:
    item = placed.item
    assert isinstance(item, Image)
    size = raster_size(item.data, item.kind) if item.kind != "svg" else None
    if size is None:
        return
    x0, y0, x1, y1 = placed.box
    dpi = print_dpi(size, x1 - x0, y1 - y0)
    if dpi < PRINT_DPI - 0.5:
        report.add(face, placed, "low-resolution", Severity.WARNING,
                   f"picture '{item.name}' ({size[0]} x {size[1]} px) prints at {dpi:.0f} dpi; {PRINT_DPI} dpi or "
                   "more print sharp")


def _bleed(report: _Report, face: Face, target: Target, everything: Sequence[Placed]) -> None:
    """Filled shapes and pictures that reach the trim line must run on to the bleed edge: else a
    cut a little outside the trim shows a sliver of paper (or of what lies under them).
    ``everything``: the face's placed items."""
    scene = face.scene
    w, h, b = scene.width_mm, scene.height_mm, scene.bleed_mm
    for placed in everything:
        item = placed.item
        filled = isinstance(item, Image) or (isinstance(item, (Rect, Circle, Path)) and item.paint.fill is not None)
        if not filled:
            continue
        x0, y0, x1, y1 = placed.box
        short = []
        if x0 <= EPS_MM and x0 > -b + EPS_MM and y1 > 0 and y0 < h:
            short.append(("left", x0 + b))
        if x1 >= w - EPS_MM and x1 < w + b - EPS_MM and y1 > 0 and y0 < h:
            short.append(("right", w + b - x1))
        if y0 <= EPS_MM and y0 > -b + EPS_MM and x1 > 0 and x0 < w:
            short.append(("top", y0 + b))
        if y1 >= h - EPS_MM and y1 < h + b - EPS_MM and x1 > 0 and x0 < w:
            short.append(("bottom", h + b - y1))
        if short:
            what = f"picture '{item.name}'" if isinstance(item, Image) else "a filled shape"
            sides = ", ".join(f"{side} ({gap:.2f} mm short)" for side, gap in short)
            report.add(face, placed, "background-short-of-bleed", target.severity(),
                       f"{what} reaches the trim but not the bleed edge ({b:.2f} mm outside it) on the {sides}; "
                       "let it run to the bleed (bleed: true), or keep it inside the safe zone")


def check_fonts(kit: Kit, fonts: FontBook, game_id: str, game_loc: SourceLoc) -> list[Finding]:
    """Fonts the faces draw with whose licence or format forbids embedding them in a PDF (every
    printer gets the fonts inside the file; one that cannot be embedded cannot be sent)."""
    scenes = {scene.key: scene for piece in kit.pieces for scene in (piece.front, piece.back) if scene is not None}
    keys: set[str] = set()
    for scene in scenes.values():  # (each distinct face once: a deck's cards share a few backs)
        keys |= {item.font for item in all_items(scene.items) if isinstance(item, Text)}
    findings = []
    for key in sorted(keys):
        try:
            face, metrics = fonts.face(key), fonts.metrics(key)
        except FontError as exc:
            findings.append(Finding(game_loc, RULE_ID, "font-not-embeddable", Severity.ERROR, str(exc), game_id))
            continue
        if metrics.embedding:
            findings.append(Finding(face.loc if face.loc.line else game_loc, RULE_ID, "font-not-embeddable",
                                    Severity.ERROR, f"{game_id}: font '{key}' ({face.shown}) {metrics.embedding}; "
                                    "choose a font whose licence allows embedding (OFL fonts do)", game_id))
    return findings
