"""Building print-and-play files: load, validate, lay out, render, then write every file at once.

Nothing is written unless every game of the build was laid out and rendered without error, and
each file is written atomically, so a failed or interrupted build never leaves a broken PDF where a
good one was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from . import registry
from .atomicio import write_atomic
from .layout.faces import FaceTools, UnknownField, build_kit
from .layout.kit import FaceSettings, Kit
from .layout.page import Document
from .layout.sheets import (
    Duplex,
    FitError,
    SheetOptions,
    alignment_document,
    plan_document,
)
from .layout.templates import LayoutLibrary
from .loader import DefinitionErrors
from .loader.layouts import load_layout_library
from .model import GameDefinition, Project
from .paths import shipped_root
from .render.fonts import FontError, FontRegistry, load_fonts
from .render.pdf import render_pdf
from .validate import Finding, validate_games


class BuildError(Exception):
    """A build that cannot go on; ``findings`` holds validation findings when those are why."""

    def __init__(self, message: str, findings: Sequence[Finding] = ()) -> None:
        super().__init__(message)
        self.findings = list(findings)


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything a user can choose about a build (the ``cardforge build`` options)."""

    paper: str = "a4"
    card_size: str | None = None
    duplex: Duplex = Duplex.LONG
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float | None = None
    crop_marks: bool = True
    gutterfold: bool = False
    ink_saver: bool = False
    copies: int = 1
    players: int | None = None
    all_packs: bool = False
    expansion: str | None = None
    board_paper: str | None = None
    """A large sheet name for the board on one page; None tiles it on ``paper``."""
    alignment_page: bool = False
    """Also write ``alignment.pdf``, the duplex test page that tells which back offset to enter."""


@dataclass(frozen=True, slots=True)
class BuiltFile:
    """One rendered output, ready to be written."""

    game_id: str
    path: Path
    data: bytes
    pages: int
    kind: str


@dataclass
class BuildPlan:
    """The outputs of a build, rendered in memory before anything is written."""

    files: list[BuiltFile] = field(default_factory=list)

    def write(self) -> None:
        for built in self.files:
            write_atomic(built.path, built.data)


@dataclass(frozen=True, slots=True)
class Toolkit:
    """What every game of a build shares: templates and fonts, loaded once."""

    layouts: LayoutLibrary
    fonts: FontRegistry


def load_toolkit(project: Project) -> Toolkit:
    """The project's templates and the fonts (the project's fonts/ if it has one, else the shipped)."""
    root = Path(project.root)
    try:
        layouts = load_layout_library(root)
    except DefinitionErrors as exc:
        raise BuildError(exc.report()) from None
    fonts_dir = root / "fonts" if (root / "fonts").is_dir() else shipped_root() / "fonts"
    try:
        fonts = load_fonts(fonts_dir)
    except FontError as exc:
        raise BuildError(str(exc)) from None
    return Toolkit(layouts, fonts)


def face_settings(game: GameDefinition, toolkit: Toolkit, options: BuildOptions) -> FaceSettings:
    """Card size, bleed and safe zone for ``game`` under ``options`` (BuildError if unknown)."""
    try:
        card = toolkit.layouts.card(options.card_size or game.info.card_size)
        sheet = toolkit.layouts.sheet(options.paper)
    except KeyError as exc:
        raise BuildError(str(exc.args[0])) from None
    bleed = sheet.bleed_mm if options.bleed_mm is None else options.bleed_mm
    if bleed < 0 or bleed > 10:
        raise BuildError(f"a bleed of {bleed:g} mm is not sensible (0-10 mm)")
    return FaceSettings(card.width_mm, card.height_mm, bleed, card.safe_mm, card.corner_radius_mm, options.ink_saver)


def expansion_for(project: Project, game: GameDefinition, options: BuildOptions, *, required: bool = True) -> GameDefinition | None:
    """The expansion ``--expansion`` names for ``game``; BuildError when the game has none of that
    name and ``required`` (a build of several games adds it to the games that have it)."""
    if options.expansion is None:
        return None
    try:
        return project.expansion(game.info.id, options.expansion)
    except KeyError as exc:
        if not required:
            return None
        raise BuildError(str(exc.args[0])) from None


def make_kit(project: Project, game: GameDefinition, toolkit: Toolkit, options: BuildOptions,
             *, expansion_required: bool = True) -> Kit:
    """The pieces of ``game`` for this build (with the ``--expansion`` pieces after its own)."""
    expansion = expansion_for(project, game, options, required=expansion_required)
    players = options.players
    if players is not None and players not in game.info.players:
        raise BuildError(f"{game.info.name} is played by {min(game.info.players)}-{max(game.info.players)} players, not {players}")
    request = registry.DeckRequest(players=players, all_cards=options.all_packs)
    tools = FaceTools(face_settings(game, toolkit, options), toolkit.fonts, toolkit.layouts)
    try:
        return build_kit(game, tools, request, expansion)
    except (KeyError, UnknownField) as exc:
        raise BuildError(str(exc.args[0] if isinstance(exc, KeyError) else exc)) from None


def sheet_options(toolkit: Toolkit, options: BuildOptions) -> SheetOptions:
    try:
        sheet = toolkit.layouts.sheet(options.paper)
        board = toolkit.layouts.sheet(options.board_paper) if options.board_paper else None
    except KeyError as exc:
        raise BuildError(str(exc.args[0])) from None
    if options.copies < 1:
        raise BuildError("--copies must be at least 1")
    return SheetOptions(sheet, options.duplex, options.back_offset_mm, options.crop_marks, options.gutterfold,
                        options.copies, board)


def plan_build(
    project: Project,
    games: Sequence[GameDefinition],
    options: BuildOptions,
    out_dir: Path,
    progress: Callable[[str], None] = lambda _: None,
) -> BuildPlan:
    """Validate, lay out and render every game; BuildError (nothing written) at the first failure."""
    checked = list(games)
    required = len(games) == 1
    expansions = {g.info.id: expansion_for(project, g, options, required=required) for g in games}
    if options.expansion is not None and not any(expansions.values()):
        raise BuildError(f"no game of this build has an expansion '{options.expansion}'")
    findings = validate_games(checked + [e for e in expansions.values() if e is not None])
    if any(f.is_error for f in findings):
        raise BuildError("the definitions break the rules of their games; nothing was built", findings)
    toolkit = load_toolkit(project)
    sheets = sheet_options(toolkit, options)
    kits = []
    for game in games:
        progress(f"laying out {game.info.id}")
        kits.append((game, make_kit(project, game, toolkit, options, expansion_required=required)))
    problems = [p for _, kit in kits for p in kit.fit_problems]
    if problems:
        raise BuildError("text does not fit on some faces; nothing was built",
                         validate_games(checked, fit_problems=problems))
    plan = BuildPlan()
    for game, kit in kits:
        progress(f"rendering {game.info.id}")
        try:
            document = plan_document(kit, sheets, f"{game.info.name}: print-and-play kit")
        except FitError as exc:
            raise BuildError(str(exc)) from None
        pdf = render_pdf(document, toolkit.fonts)
        stem = out_dir / game.info.id
        plan.files.append(BuiltFile(game.info.id, stem.with_suffix(".pdf"), pdf, len(document.pages), "pdf"))
        plan.files.append(BuiltFile(game.info.id, stem.with_suffix(".json"), manifest_json(document), 0, "manifest"))
    if options.alignment_page:
        test = alignment_document(sheets)
        plan.files.append(BuiltFile("alignment", out_dir / "alignment.pdf", render_pdf(test, toolkit.fonts), len(test.pages), "pdf"))
    return plan


def manifest_json(document: Document) -> bytes:
    """The manifest written beside each PDF: where every card, token and board tile sits."""
    return (json.dumps(document.manifest(), indent=1) + "\n").encode("utf-8")
