"""Print-on-demand files (``cardforge export GAME --pod SHOP``): each deck of a game drawn at the
shop's card size with the shop's bleed, checked against the shop's limits (preflight), and
rendered as the shop takes cards: one PNG per distinct face (MakePlayingCards, The Game Crafter),
or one PDF per deck (DriveThruCards in CMYK PDF/X-1a, or any shop that takes one card a page).
Every other component (tokens, tiles, boards, mats, boxes) is a print-ready PDF of its own, one
piece a page at its own size with the shop's bleed, trim and bleed boxes set (a box also gets its
die line as an SVG). Beside them ``quantities.csv`` and a manifest say how many copies of each
face to order. Nothing is written unless every check passed and every file was rendered.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from ..files.fontbook import FontError
from ..layout.kit import FaceSettings, Kit, Piece, PieceKind
from ..layout.page import Document, Page, Placement
from ..layout.scene import PT_PER_MM, Scene
from ..layout.sheets import groups
from ..model import GameDefinition, Project
from ..model.components import ComponentKind
from ..model.shops import ColourSpace, FileKind, PageOrder, Shop, ShopSize
from ..sim.workers import map_in_order
from ..validate import Finding, Severity, fit_finding
from .build import (
    BuildError,
    BuildOptions,
    BuildPlan,
    BuiltFile,
    Toolkit,
    check_build,
    face_settings,
    load_toolkit,
    make_kit,
    select,
)
from .preflight import check_faces, check_fonts, shop_target


@dataclass
class PodFace:
    """One distinct face to order: its file, side, how many cards show it, and which."""

    key: str
    side: str
    file: str
    scene: Scene
    cards: list[str] = field(default_factory=list)
    pages: list[int] = field(default_factory=list)
    component: str = ""
    kind: str = "card"


@dataclass(kw_only=True)
class PodPlan(BuildPlan):
    """Everything an export for a shop writes, rendered before anything is written (and written
    all or none, as a build's files are)."""

    shop: Shop
    size: ShopSize
    findings: list[Finding] = field(default_factory=list)
    """Warnings found on the way (errors raise BuildError instead)."""


def safe_name(key: str) -> str:
    """A face key as a file name (letters, digits, ``.``, ``_`` and ``-``)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", key)


def shop_settings(game: GameDefinition, toolkit: Toolkit, options: BuildOptions, shop: Shop) -> tuple[FaceSettings, ShopSize]:
    """The faces' settings at the shop's size for the game's card template (BuildError naming the
    sizes the shop prints when it does not print this one)."""
    home = face_settings(game, toolkit, options)
    name = options.card_size or game.info.card_size
    size = shop.match(name, home.card_width_mm, home.card_height_mm)
    if size is None:
        raise BuildError(f"{shop.title} does not print {name} cards ({home.card_width_mm:g} x {home.card_height_mm:g} mm); "
                         f"it prints {shop.offered()} (choose one with --card-size)")
    bleed = options.bleed_mm if (options.bleed_mm is not None and not shop.sizes) else shop.bleed_mm
    safe = max(shop.safe_mm, home.safe_mm) if not shop.sizes else shop.safe_mm
    return replace(home, card_width_mm=size.width_mm, card_height_mm=size.height_mm, bleed_mm=bleed, safe_mm=safe), size


def deck_sizes(game: GameDefinition, home: Kit, game_size: tuple[str, float, float],
               shop: Shop) -> tuple[dict[str, ShopSize], list[Finding]]:
    """The shop's size for each deck of the kit whose size the kit knows (a designer's decks;
    a shipped game's one deck is drawn at ``shop_settings``), and an error for each one the shop
    does not print, at the deck's ``size:`` when the definition gives one. ``game_size`` is the
    card template the build draws the game's decks at, and its size: a deck of that size is
    matched by that name."""
    found: dict[str, ShopSize] = {}
    refused: list[Finding] = []
    for component in home.components:
        own = component.size
        if component.kind is not ComponentKind.DECK or not own.width_mm:
            continue
        name = own.template or component.name
        if abs(own.width_mm - game_size[1]) < 1e-6 and abs(own.height_mm - game_size[2]) < 1e-6:
            name = game_size[0]
        size = shop.match(name, own.width_mm, own.height_mm)
        if size is None:
            loc = own.loc if own.loc.line else component.loc if component.loc.line else game.info.loc
            refused.append(Finding(loc, "preflight", "no-cards", Severity.ERROR,
                                   f"{game.info.id}: {shop.title} does not print the {component.name} deck's "
                                   f"{own.describe()} cards ({own.width_mm:g} x {own.height_mm:g} mm); it prints "
                                   f"{shop.offered()}", game.info.id))
            continue
        found[component.name] = size
    return found, refused


def _deck_named(finding: Finding, kit: Kit) -> list[str]:
    """The deck a shop's refusal names (``the NAME deck's``)."""
    return [c.name for c in kit.components if f" the {c.name} deck's " in finding.message]


def check_pod(project: Project, game: GameDefinition, toolkit: Toolkit, options: BuildOptions, shop: Shop
              ) -> tuple[Kit, FaceSettings, ShopSize, list[Finding]]:
    """The game's pieces laid out for ``shop`` (every deck at the shop's size for it, every other
    component at its own size, all with the shop's bleed) and every finding: the build's own
    checks, text that does not fit at the shop's size, and the shop's preflight. BuildError when
    any is an error."""
    checked = check_build(project, [game], options, toolkit, unused_templates=False)
    findings = [f for f in checked.findings if f.is_error]
    if findings:
        raise BuildError("the project has errors (listed above); nothing was exported", findings)
    settings, size = shop_settings(game, toolkit, options, shop)
    home = next((kit for built, kit in checked.kits if built.info.id == game.info.id), None)
    home_settings = face_settings(game, toolkit, options)
    game_size = (options.card_size or game.info.card_size, home_settings.card_width_mm, home_settings.card_height_mm)
    if home is not None and options.only:
        home = select(home, options.only)
    sizes, refused = deck_sizes(game, home, game_size, shop) if home is not None else ({}, [])
    if refused and not sizes:
        raise BuildError(f"the cards are not ready for {shop.title} (listed above); nothing was exported", refused)
    forced = tuple((name, s.width_mm, s.height_mm) for name, s in sizes.items())
    kit = make_kit(project, game, toolkit, options, settings=settings, sizes=forced, shop=True)
    if options.only:
        kit = select(kit, options.only)
    left_out = [f for f in refused if f.code == "no-cards"]
    if left_out:  # the decks the shop prints are exported; the others are reported, never all or nothing
        names = {name for f in left_out for name in _deck_named(f, kit)}
        kit = replace(kit, cards=tuple(p for p in kit.cards if p.component not in names))
    findings = [replace(f, code="left-out", severity=Severity.WARNING,
                        message=f"{f.message}: left out of this export, the other components are exported")
                for f in left_out]
    findings += [fit_finding(p, game.info.loc, game.info.id) for p in kit.fit_problems]
    target = replace(shop_target(shop), safe_mm=settings.safe_mm)
    findings += check_faces(kit, target, toolkit.fonts, game.info.id, game.info.loc)
    findings += check_fonts(kit, toolkit.fonts, game.info.id, game.info.loc)
    if not kit.cards:
        findings.append(Finding(game.info.loc, "preflight", "no-cards", Severity.ERROR,
                                f"{game.info.id} has no cards to print", game.info.id))
    if any(f.is_error for f in findings):
        raise BuildError(f"the cards are not ready for {shop.title} (listed above); nothing was exported", sorted(findings))
    return kit, settings, size, sorted(findings)


def distinct(game_id: str, cards: tuple[Piece, ...], extension: str) -> dict[str, PodFace]:
    """Each distinct face of the deck (fronts first, then backs) with the cards that show it, by
    the key of every scene that draws it: faces that look the same (two templates with the same
    back) are one face, ordered and counted once. A front's file is named after its first card,
    backs are numbered when there are several."""
    faces: dict[str, PodFace] = {}
    looks: dict[object, PodFace] = {}
    for side in ("front", "back"):
        for piece in cards:
            scene = piece.front if side == "front" else piece.back
            if scene is None:
                continue
            face = faces.get(scene.key)
            if face is None:
                face = looks.get((side, scene.look()))
                if face is None:
                    face = looks[(side, scene.look())] = PodFace(scene.key, side, "", scene,
                                                                 component=piece.component, kind=piece.kind.value)
                faces[scene.key] = face
            face.cards.append(piece.id)
    backs = [f for f in unique(faces) if f.side == "back"]
    for face in unique(faces):
        if face.side == "front":
            stem = f"{game_id}-front-{face.cards[0]}"
        else:
            stem = f"{game_id}-back" + (f"-{backs.index(face) + 1}" if len(backs) > 1 else "")
        face.file = f"{safe_name(stem)}.{extension}"
    return faces


def unique(faces: dict[str, PodFace]) -> list[PodFace]:
    """Each face once (``distinct`` gives a face under the key of every scene that draws it)."""
    return list({id(face): face for face in faces.values()}.values())


def plan_pod(project: Project, game: GameDefinition, options: BuildOptions, shop: Shop, out_dir: Path,
             progress: Callable[[str], None] = lambda _: None) -> PodPlan:
    """Check and render ``game``'s components for ``shop``; BuildError (nothing written) on any error."""
    toolkit = load_toolkit(project)
    progress(f"laying out {game.info.id} for {shop.title}")
    kit, settings, size, findings = check_pod(project, game, toolkit, options, shop)
    plan = PodPlan(shop=shop, size=size, findings=findings)
    decks = groups(kit.cards)
    faces: dict[str, PodFace] = {}
    made: list[dict[str, object]] = []
    try:
        for name, cards in decks:
            stem = game.info.id if len(decks) == 1 else f"{game.info.id}-{name}"
            if shop.kind is FileKind.PNG:
                found = _pngs(plan, stem, cards, toolkit, out_dir, progress)
            else:
                found = _pdf(plan, stem, f"{stem}-{shop.key}.pdf", cards, toolkit, out_dir, game, progress, backs=True)
            faces.update(found)
            made.append(_component_entry(kit, name, cards, sorted({f.file for f in unique(found)})))
        for name, pieces in groups(kit.tokens + kit.boards):
            file = f"{game.info.id}-{name}.pdf"
            faces.update(_pdf(plan, f"{game.info.id}-{name}", file, pieces, toolkit, out_dir, game, progress,
                              backs=False))
            files = [file]
            if pieces[0].die:
                files.append(_die_line(plan, game, name, pieces[0], toolkit, out_dir))
            made.append(_component_entry(kit, name, pieces, files))
    except FontError as exc:
        raise BuildError(str(exc)) from None
    if shop.kind is FileKind.PNG:
        from ..render.podpng import prune_face_cache

        prune_face_cache()  # the faces this plan made are the newest: they stay
    plan.files.append(BuiltFile(game.info.id, out_dir / "quantities.csv", quantities_csv(unique(faces)), 0, "csv"))
    manifest = pod_manifest(game, kit, settings, shop, size, faces, made)
    plan.files.append(BuiltFile(game.info.id, out_dir / f"{game.info.id}-{shop.key}.json",
                                (json.dumps(manifest, indent=1) + "\n").encode("utf-8"), 0, "manifest"))
    return plan


def _component_entry(kit: Kit, name: str, pieces: list[Piece], files: list[str]) -> dict[str, object]:
    """A component as the manifest lists it: its kind, how many pieces, its trim size and files."""
    first = pieces[0].front
    component = kit.component(name)
    kind = component.kind.value if component is not None else pieces[0].kind.value
    return {"component": name, "kind": kind, "pieces": len(pieces),
            "trim_mm": [round(first.width_mm, 3), round(first.height_mm, 3)], "files": files}


def _pngs(plan: PodPlan, stem: str, cards: list[Piece], toolkit: Toolkit, out_dir: Path,
          progress: Callable[[str], None]) -> dict[str, PodFace]:
    """One deck's faces as the shop's PNGs (named after ``stem``: the game, or the game and the deck)."""
    shop = plan.shop
    faces = distinct(stem, tuple(cards), "png")
    first = cards[0].front
    size_px = shop.image_px(first.width_mm, first.height_mm)
    progress(f"rendering {len(unique(faces))} faces at {size_px[0]} x {size_px[1]} px")
    jobs = [(face.scene, toolkit.fonts, size_px, shop.dpi) for face in unique(faces)]
    from ..render.podpng import face_png_job  # cairo loaded here, once, before the workers start

    for face, png in zip(unique(faces), map_in_order(face_png_job, jobs)):  # every core: cairo takes its time
        plan.files.append(BuiltFile(stem, out_dir / face.file, png, 1, "png"))
    return faces


def _pdf(plan: PodPlan, stem: str, name: str, pieces: list[Piece], toolkit: Toolkit, out_dir: Path,
         game: GameDefinition, progress: Callable[[str], None], *, backs: bool) -> dict[str, PodFace]:
    """One PDF of ``pieces``, one side a page at the piece's trim plus the shop's bleed on every
    side, trim and bleed boxes set (CMYK PDF/X-1a for a CMYK shop), checked as the shop's preflight
    reads it. ``backs``: every card has a back page (a blank one when it has none), in the shop's
    order; else a piece without a back has its front page only."""
    from ..render.pdf import render_pdf
    from ..render.pdfx import make_pdfx, trim_box, with_boxes
    from .preflight import RULE_ID
    from .preflight.pdf import pdf_findings, pdf_problems

    shop = plan.shop
    faces = distinct(stem, tuple(pieces), "pdf")
    for face in unique(faces):
        face.file = name
    first = pieces[0].front
    b = first.bleed_mm
    w, h = first.width_mm + 2 * b, first.height_mm + 2 * b
    blank = Scene(f"{stem}:blank-back", first.width_mm, first.height_mm, b)
    pages: list[Page] = []
    labels: list[str] = []
    what = "card" if pieces[0].kind is PieceKind.CARD else pieces[0].kind.value
    for piece in pieces:
        back = piece.back or (blank if backs else None)
        sides: list[tuple[str, Scene]] = [("front", piece.front)]
        if back is not None:
            sides = [("back", back), ("front", piece.front)]
            if shop.page_order is PageOrder.FRONT_BACK or not backs:
                sides.reverse()
        for side, scene in sides:
            pages.append(Page(w, h, (Placement(scene, b, b),), (), f"{piece.id} {side}"))
            if scene.key in faces:
                faces[scene.key].pages.append(len(pages))
            labels.append(f"{what} {piece.id} ({side})")
    document = Document(f"{game.info.name}: {len(pieces)} {what}s for {shop.title}", tuple(pages))
    progress(f"rendering {len(pages)} pages of {name}")
    trims = [trim_box(w, h, b)] * len(pages)
    if shop.colour is ColourSpace.CMYK:
        from ..render.cmyk import CmykPainter

        painter = type("ShopCmykPainter", (CmykPainter,), {"limit": shop.ink_limit or 4.0})
        data = make_pdfx(render_pdf(document, toolkit.fonts, painter_type=painter, cmyk=True, object_streams=False),
                         trims, document.title)
    else:
        data = with_boxes(render_pdf(document, toolkit.fonts), trims)
    trim_pt = (first.width_mm * PT_PER_MM, first.height_mm * PT_PER_MM)
    problems = pdf_problems(data, limit=shop.ink_limit, pdfx=shop.colour is ColourSpace.CMYK, trim_pt=trim_pt)
    found = pdf_findings(problems, lambda n: labels[n - 1], game.info.id, game.info.loc, shop.title)
    if found:
        raise BuildError(f"the {shop.title} PDF fails its preflight (listed above); nothing was exported "
                         f"[{RULE_ID}]", found)
    plan.files.append(BuiltFile(stem, out_dir / name, data, len(pages), "pdf"))
    return faces


def _die_line(plan: PodPlan, game: GameDefinition, name: str, piece: Piece, toolkit: Toolkit, out_dir: Path) -> str:
    """A box's die line beside its PDF: the cut outline and the dashed folds, at the size of the
    PDF's page (its trim plus the bleed), for the shop's cutting."""
    from ..render.svg import scene_svg

    front = piece.front
    scene = Scene(f"{front.key}:die", front.width_mm, front.height_mm, front.bleed_mm, piece.die)
    file = f"{game.info.id}-{name}-dieline.svg"
    data = scene_svg(scene, toolkit.fonts, bleed=True).encode("utf-8")
    plan.files.append(BuiltFile(game.info.id, out_dir / file, data, 0, "svg"))
    return file


def quantities_csv(faces: object) -> bytes:
    """``file,side,count,pages,component,kind``: how many copies of each face to order (pages:
    where a PDF shows it), and which component it is."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "side", "count", "pages", "component", "kind"])
    for face in faces:  # type: ignore[attr-defined]
        writer.writerow([face.file, face.side, len(face.cards), " ".join(map(str, face.pages)), face.component,
                         face.kind])
    return out.getvalue().encode("utf-8")


def pod_manifest(game: GameDefinition, kit: Kit, settings: FaceSettings, shop: Shop, size: ShopSize,
                 faces: dict[str, PodFace], components: list[dict[str, object]] | None = None) -> dict[str, object]:
    """What was made for the shop and what to order: sizes, faces with their counts and cards,
    fronts paired with their backs, and every component with its files."""
    w, h = settings.card_width_mm, settings.card_height_mm
    pairs: dict[tuple[str, str], int] = {}
    for piece in kit.cards:
        front = faces[piece.front.key].file if shop.kind is FileKind.PNG else faces[piece.front.key].key
        back = (faces[piece.back.key].file if shop.kind is FileKind.PNG else faces[piece.back.key].key) if piece.back else ""
        pairs[(front, back)] = pairs.get((front, back), 0) + 1
    manifest: dict[str, object] = {
        "shop": shop.key,
        "shop_title": shop.title,
        "game": game.info.id,
        "card_size": size.name,
        "trim_mm": [round(w, 3), round(h, 3)],
        "bleed_mm": round(settings.bleed_mm, 3),
        "safe_mm": round(settings.safe_mm, 3),
        "dpi": shop.dpi,
        "colour": shop.colour.value,
        "cards": len(kit.cards),
    }
    if shop.kind is FileKind.PNG:
        manifest["image_px"] = list(shop.image_px(w, h))
    else:
        manifest["page_mm"] = [round(w + 2 * settings.bleed_mm, 3), round(h + 2 * settings.bleed_mm, 3)]
        manifest["page_order"] = shop.page_order.value
    manifest["components"] = components or []
    manifest["faces"] = [{"file": f.file, "side": f.side, "count": len(f.cards), "key": f.key, "cards": f.cards,
                          **({"pages": f.pages} if f.pages else {})} for f in unique(faces)]
    manifest["pairs"] = [{"front": front, "back": back, "count": count} for (front, back), count in pairs.items()]
    return manifest
