"""Print-on-demand files (``cardforge export GAME --pod SHOP``): a game's cards drawn at the shop's
card size with the shop's bleed, checked against the shop's limits (preflight), and rendered as
the shop takes them: one PNG per distinct face (MakePlayingCards, The Game Crafter), or one PDF
per deck (DriveThruCards in CMYK PDF/X-1a, or any shop that takes one card a page). Beside them
``quantities.csv`` and a manifest say how many copies of each face to order.

Tokens and boards are not cards: shops print them as other products, so they are left out (the
manifest says so) and printed at home with ``cardforge build``. Nothing is written unless every
check passed and every file was rendered.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from .build import BuildError, BuildOptions, BuildPlan, BuiltFile, Toolkit, check_build, face_settings, load_toolkit, make_kit
from .fontbook import FontBook, FontError
from .layout.kit import FaceSettings, Kit, Piece
from .layout.page import Document, Page, Placement
from .layout.scene import PT_PER_MM, Scene
from .model import GameDefinition, Project
from .model.shops import ColourSpace, FileKind, PageOrder, Shop, ShopSize
from .preflight import check_faces, check_fonts, shop_target
from .validate import Finding, Severity, fit_finding
from .workers import map_in_order


@dataclass
class PodFace:
    """One distinct face to order: its file, side, how many cards show it, and which."""

    key: str
    side: str
    file: str
    scene: Scene
    cards: list[str] = field(default_factory=list)
    pages: list[int] = field(default_factory=list)


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


def check_pod(project: Project, game: GameDefinition, toolkit: Toolkit, options: BuildOptions, shop: Shop
              ) -> tuple[Kit, FaceSettings, ShopSize, list[Finding]]:
    """The game's cards laid out for ``shop`` and every finding: the build's own checks, text that
    does not fit at the shop's size, and the shop's preflight. BuildError when any is an error."""
    checked = check_build(project, [game], options, toolkit, unused_templates=False)
    findings = [f for f in checked.findings if f.is_error]
    if findings:
        raise BuildError("the project has errors (listed above); nothing was exported", findings)
    settings, size = shop_settings(game, toolkit, options, shop)
    kit = make_kit(project, game, toolkit, options, settings=settings)
    findings = [fit_finding(p, game.info.loc, game.info.id) for p in kit.fit_problems]
    target = replace(shop_target(shop), safe_mm=settings.safe_mm)
    findings += check_faces(kit, target, toolkit.fonts, game.info.id, game.info.loc, cards_only=True)
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
                    face = looks[(side, scene.look())] = PodFace(scene.key, side, "", scene)
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
    """Check and render ``game``'s cards for ``shop``; BuildError (nothing written) on any error."""
    toolkit = load_toolkit(project)
    progress(f"laying out {game.info.id} for {shop.title}")
    kit, settings, size, findings = check_pod(project, game, toolkit, options, shop)
    plan = PodPlan(shop=shop, size=size, findings=findings)
    try:
        if shop.kind is FileKind.PNG:
            faces = _pngs(plan, kit, settings, toolkit, out_dir, progress)
        else:
            faces = _pdf(plan, kit, settings, toolkit, out_dir, game, progress)
    except FontError as exc:
        raise BuildError(str(exc)) from None
    plan.files.append(BuiltFile(game.info.id, out_dir / "quantities.csv", quantities_csv(unique(faces)), 0, "csv"))
    manifest = pod_manifest(game, kit, settings, shop, size, faces)
    plan.files.append(BuiltFile(game.info.id, out_dir / f"{game.info.id}-{shop.key}.json",
                                (json.dumps(manifest, indent=1) + "\n").encode("utf-8"), 0, "manifest"))
    return plan


def _pngs(plan: PodPlan, kit: Kit, settings: FaceSettings, toolkit: Toolkit, out_dir: Path,
          progress: Callable[[str], None]) -> dict[str, PodFace]:
    shop = plan.shop
    faces = distinct(kit.game_id, kit.cards, "png")
    size_px = shop.image_px(settings.card_width_mm, settings.card_height_mm)
    progress(f"rendering {len(unique(faces))} faces at {size_px[0]} x {size_px[1]} px")
    jobs = [(face.scene, toolkit.fonts, size_px, shop.dpi) for face in unique(faces)]
    for face, png in zip(unique(faces), map_in_order(_face_png, jobs)):  # every core: cairo takes its time
        plan.files.append(BuiltFile(kit.game_id, out_dir / face.file, png, 1, "png"))
    return faces


def _face_png(job: tuple[Scene, FontBook, tuple[int, int], float]) -> bytes:
    """One face's PNG (a worker's task)."""
    from .render.podpng import face_png

    return face_png(*job)


def _pdf(plan: PodPlan, kit: Kit, settings: FaceSettings, toolkit: Toolkit, out_dir: Path, game: GameDefinition,
         progress: Callable[[str], None]) -> dict[str, PodFace]:
    from .preflight import RULE_ID
    from .preflight.pdf import pdf_findings, pdf_problems
    from .render.pdf import render_pdf
    from .render.pdfx import make_pdfx, trim_box, with_boxes

    shop = plan.shop
    name = f"{game.info.id}-{shop.key}.pdf"
    faces = distinct(kit.game_id, kit.cards, "pdf")
    for face in unique(faces):
        face.file = name
    b = settings.bleed_mm
    w, h = settings.card_width_mm + 2 * b, settings.card_height_mm + 2 * b
    blank = Scene(f"{kit.game_id}:blank-back", settings.card_width_mm, settings.card_height_mm, b)
    pages: list[Page] = []
    labels: list[str] = []
    for piece in kit.cards:
        sides = [("back", piece.back or blank), ("front", piece.front)]
        if shop.page_order is PageOrder.FRONT_BACK:
            sides.reverse()
        for side, scene in sides:
            pages.append(Page(w, h, (Placement(scene, b, b),), (), f"{piece.id} {side}"))
            if scene.key in faces:
                faces[scene.key].pages.append(len(pages))
            labels.append(f"card {piece.id} ({side})")
    document = Document(f"{game.info.name}: {len(kit.cards)} cards for {shop.title}", tuple(pages))
    progress(f"rendering {len(pages)} pages")
    trims = [trim_box(w, h, b)] * len(pages)
    if shop.colour is ColourSpace.CMYK:
        from .render.cmyk import CmykPainter

        painter = type("ShopCmykPainter", (CmykPainter,), {"limit": shop.ink_limit or 4.0})
        data = make_pdfx(render_pdf(document, toolkit.fonts, painter_type=painter, cmyk=True, object_streams=False),
                         trims, document.title)
    else:
        data = with_boxes(render_pdf(document, toolkit.fonts), trims)
    trim_pt = (settings.card_width_mm * PT_PER_MM, settings.card_height_mm * PT_PER_MM)
    problems = pdf_problems(data, limit=shop.ink_limit, pdfx=shop.colour is ColourSpace.CMYK, trim_pt=trim_pt)
    found = pdf_findings(problems, lambda n: labels[n - 1], game.info.id, game.info.loc, shop.title)
    if found:
        raise BuildError(f"the {shop.title} PDF fails its preflight (listed above); nothing was exported "
                         f"[{RULE_ID}]", found)
    plan.files.append(BuiltFile(kit.game_id, out_dir / name, data, len(pages), "pdf"))
    return faces


def quantities_csv(faces: object) -> bytes:
    """``file,side,count,pages``: how many copies of each face to order (pages: where a PDF shows it)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "side", "count", "pages"])
    for face in faces:  # type: ignore[attr-defined]
        writer.writerow([face.file, face.side, len(face.cards), " ".join(map(str, face.pages))])
    return out.getvalue().encode("utf-8")


def pod_manifest(game: GameDefinition, kit: Kit, settings: FaceSettings, shop: Shop, size: ShopSize,
                 faces: dict[str, PodFace]) -> dict[str, object]:
    """What was made for the shop and what to order: sizes, faces with their counts and cards,
    fronts paired with their backs, and what was left out (tokens, board)."""
    w, h = settings.card_width_mm, settings.card_height_mm
    pairs: dict[tuple[str, str], int] = {}
    for piece in kit.cards:
        front = faces[piece.front.key].file if shop.kind is FileKind.PNG else faces[piece.front.key].key
        back = (faces[piece.back.key].file if shop.kind is FileKind.PNG else faces[piece.back.key].key) if piece.back else ""
        pairs[(front, back)] = pairs.get((front, back), 0) + 1
    left_out = {}
    if kit.tokens:
        left_out["tokens"] = len(kit.tokens)
    if kit.board is not None:
        left_out["board"] = 1
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
    manifest["faces"] = [{"file": f.file, "side": f.side, "count": len(f.cards), "key": f.key, "cards": f.cards,
                          **({"pages": f.pages} if f.pages else {})} for f in unique(faces)]
    manifest["pairs"] = [{"front": front, "back": back, "count": count} for (front, back), count in pairs.items()]
    manifest["left_out"] = {**left_out, "note": "tokens and boards are not cards: print them with cardforge build"} if left_out else {}
    return manifest
