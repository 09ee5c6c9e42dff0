"""Building print-and-play files: load, check, lay out, render, then write every file at once.

``check_build`` is every check a build makes before it draws a page: the definitions against their
games' rules, the face templates against the fields each game draws, text that does not fit its
region, and cards that do not fit the sheet. ``cardforge validate`` runs the same function, so
validation finds every mistake a build would. Nothing is written unless every game of the build
was laid out and rendered without error, and each file is written atomically, so a failed or
interrupted build never leaves a broken PDF where a good one was.

The renderers (reportlab, pikepdf) are imported only when a build renders.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass, field, replace
from hashlib import sha256
from pathlib import Path
from typing import Callable, Sequence

from ..files.atomicio import StagedWrite
from ..files.fontbook import FontBook, FontError
from ..files.saferead import MAX_DEFINITION_BYTES, ReadError, read_regular
from ..layout.faces import FaceTools, UnknownField, named
from ..layout.kit import FaceSettings, FitProblem, Kit, Piece, Sheetlet
from ..layout.page import Document
from ..layout.regions import ArtworkSource
from ..layout.rulespage import rules_pages
from ..layout.sheets import (
    Duplex,
    FitError,
    SheetOptions,
    alignment_document,
    check_plan,
    large_page_count,
    plan_document,
    size_problems,
)
from ..loader import DefinitionErrors
from ..loader.layouts import ProjectArtwork, load_layout_library
from ..model.source import SourceLoc
from ..model import GameDefinition, Project
from ..model.definition import DeckRequest
from ..model.limits import (
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    MAX_BUILD_COPIES,
    MAX_PIECES,
)
from ..model.suggest import closest
from ..model.templates import LayoutLibrary
from ..validate import (
    Finding,
    Note,
    Severity,
    fit_findings,
    rule_findings,
    validate_games,
)
from .catalog import GAMES

TEMPLATE_RULE_ID = "layout.templates"
SHEET_RULE_ID = "layout.sheet-fit"


class BuildError(Exception):
    """A build that cannot go on; ``findings`` holds validation findings when those are why."""

    def __init__(self, message: str, findings: Sequence[Finding] = ()) -> None:
        super().__init__(message)
        self.findings = list(findings)


@dataclass(frozen=True, slots=True, kw_only=True)
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
    only: tuple[str, ...] = ()
    """Build just these cards and tokens (``--only``): an id, or an id without its copy number
    (``red-1`` is ``red-1-1``, ``red-1-2``...); no board and no rules pages then."""
    cut_file: str | None = None
    """``svg``: also write the cut paths of every page with pieces to cut (``GAME-cut-pNN.svg``)."""
    registration_marks: bool = False
    """Print-and-cut registration marks on the pages with pieces to cut."""
    stamp_date: str | None = None
    """The date of the pages' version stamp (YYYY-MM-DD); None: ``SOURCE_DATE_EPOCH`` if set, else
    the day the definition file was last changed (``stamp_text``)."""
    lang: str | None = None
    """``--lang``: print the games in this of their languages (``GAME-de.pdf``), or ``all`` of them
    (one file each); None: in the language their files are written in (``GAME.pdf``)."""


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
    committed: bool = False
    """Whether ``write`` put the files in place (an interruption during the renames is raised only
    after them, so a caller that catches it can tell what was written)."""

    def write(self) -> None:
        """Write every file, all or none (``generator.files.atomicio.write_all``); OutputError if not."""
        staged = StagedWrite([(built.path, built.data) for built in self.files])
        try:
            staged.write()
        finally:
            self.committed = staged.committed


@dataclass(frozen=True, slots=True)
class Toolkit:
    """What every game of a build shares: the project's templates and its fonts (parsed on use)."""

    layouts: LayoutLibrary
    fonts: FontBook
    artwork: ArtworkSource | None = None
    """Reads the images of per-card image patterns from the project folder."""


def load_toolkit(project: Project) -> Toolkit:
    """The project's templates (loaded now if the project was loaded without them) and fonts."""
    layouts = project.layouts
    if layouts is None:
        try:
            layouts = load_layout_library(Path(project.root), GAMES.layouts_folders([g.info.kind for g in project.games]))
        except DefinitionErrors as exc:
            raise BuildError(exc.report()) from None
    return Toolkit(layouts, FontBook(layouts.fonts), ProjectArtwork(Path(project.root)))


def face_settings(game: GameDefinition, toolkit: Toolkit, options: BuildOptions) -> FaceSettings:
    """Card size, bleed and safe zone for ``game`` under ``options`` (BuildError if unknown)."""
    try:
        card = toolkit.layouts.card(options.card_size or game.info.card_size)
        sheet = toolkit.layouts.sheet(options.paper)
    except KeyError as exc:
        raise BuildError(str(exc.args[0])) from None
    bleed = sheet.bleed_mm if options.bleed_mm is None else options.bleed_mm
    if not 0 <= bleed <= MAX_BLEED_MM:  # NaN is refused too
        raise BuildError(f"a bleed of {bleed:g} mm is not sensible (0-{MAX_BLEED_MM:g} mm)")
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


def in_languages(game: GameDefinition, lang: str | None) -> list[GameDefinition]:
    """``game`` in each language ``--lang`` asks for (itself when it asks none); BuildError for a
    language the game does not declare."""
    if lang is None:
        return [game]
    declared = game.info.languages
    if lang == "all":
        chosen = list(declared) or [""]
    elif lang in declared:
        chosen = [lang]
    else:
        names = ", ".join(declared) if declared else "none (add languages: [en, de] and its translations)"
        raise BuildError(f"{game.info.id} is not written in '{lang}': its languages are {names}")
    description = GAMES.describe(game)
    return [description.localized(game, language) if language else game for language in chosen]


def build_kit(
    game: GameDefinition,
    tools: FaceTools,
    request: DeckRequest | None = None,
    expansion: GameDefinition | None = None,
) -> Kit:
    """Every piece ``game`` prints for ``request`` (its game's ``kit``, each piece in a component,
    the rules summary pages after them), with the pieces of ``expansion`` after its own."""
    request = request or DeckRequest()
    tools = replace(tools, words=game.info.words, language=game.info.language)
    kit = _with_rules(named(GAMES.describe(game).kit(game, tools, request)), game, tools)
    kit = replace(kit, corner_radius_mm=tools.settings.corner_radius_mm, language=game.info.language)
    if expansion is not None:
        tools = replace(tools, words=expansion.info.words)
        kit = kit.with_expansion(_with_rules(named(GAMES.describe(expansion).kit(expansion, tools, request)),
                                             expansion, tools))
    return kit


def _with_rules(kit: Kit, game: GameDefinition, tools: FaceTools) -> Kit:
    """The kit with the game's rules summary pages after its own (when its definition has one)."""
    rules = game.info.rules
    if rules is None:
        return kit
    description = GAMES.describe(game)
    problems: list[FitProblem] = []
    scenes = rules_pages(game.info.id, game.info.printed_title, rules, description.rules_values(game), tools.measurer,
                         problems, description.emblems(game), tools.layouts.fallback_fonts, game.info.language)
    pages = tuple(Sheetlet("rules" if n == 1 else f"rules-{n}", scene) for n, scene in enumerate(scenes, 1))
    return replace(kit, pages=kit.pages + pages, fit_problems=kit.fit_problems + tuple(problems))


def make_kit(project: Project, game: GameDefinition, toolkit: Toolkit, options: BuildOptions,
             *, expansion_required: bool = True, settings: FaceSettings | None = None,
             sizes: tuple[tuple[str, float, float], ...] = (), shop: bool = False) -> Kit:
    """The pieces of ``game`` for this build (with the ``--expansion`` pieces after its own);
    ``settings`` draws the faces at another size than the build's (a shop's), ``sizes`` the
    decks named there at theirs, and ``shop`` every component with ``settings``' bleed."""
    expansion = expansion_for(project, game, options, required=expansion_required)
    if expansion is not None and game.info.language:
        expansion = GAMES.describe(expansion).localized(expansion, game.info.language)
    players = options.players
    if players is not None and players not in game.info.players:
        raise BuildError(f"{game.info.name} is played by {game.info.players_text} players, not {players}")
    request = DeckRequest(players=players, all_cards=options.all_packs)
    tools = FaceTools(settings or face_settings(game, toolkit, options), toolkit.fonts, toolkit.layouts, toolkit.artwork,
                      sizes, shop)
    try:
        return build_kit(game, tools, request, expansion)
    except (KeyError, UnknownField) as exc:
        raise BuildError(str(exc.args[0] if isinstance(exc, KeyError) else exc)) from None
    except FontError as exc:
        raise BuildError(str(exc)) from None


def sheet_options(toolkit: Toolkit, options: BuildOptions) -> SheetOptions:
    try:
        sheet = toolkit.layouts.sheet(options.paper)
        board = toolkit.layouts.sheet(options.board_paper) if options.board_paper else None
    except KeyError as exc:
        raise BuildError(str(exc.args[0])) from None
    if not 1 <= options.copies <= MAX_BUILD_COPIES:
        raise BuildError(f"--copies must be from 1 to {MAX_BUILD_COPIES}, not {options.copies}")
    if not all(-MAX_BACK_OFFSET_MM <= v <= MAX_BACK_OFFSET_MM for v in options.back_offset_mm):
        x, y = options.back_offset_mm
        raise BuildError(f"a back offset of {x:g},{y:g} mm is not sensible: each must be from "
                         f"-{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g} mm")
    return SheetOptions(sheet, options.duplex, options.back_offset_mm, options.crop_marks, options.gutterfold,
                        options.copies, board, measurer=toolkit.fonts, registration_marks=options.registration_marks)


@dataclass
class CheckedBuild:
    """What ``check_build`` found, and the documents it laid out on the way (one per game)."""

    findings: list[Finding]
    documents: list[tuple[GameDefinition, Document]]
    kits: list[tuple[GameDefinition, Kit]] = field(default_factory=list)
    """Every kit laid out, also those with faces that do not fit (they get no document): the
    preview draws their cards as far as they can be drawn."""

    @property
    def has_errors(self) -> bool:
        return any(f.is_error for f in self.findings)


def check_build(
    project: Project,
    games: Sequence[GameDefinition],
    options: BuildOptions,
    toolkit: Toolkit,
    progress: Callable[[str], None] = lambda _: None,
    *,
    unused_templates: bool = True,
    options_for_all: bool = False,
    check_only: bool = False,
) -> CheckedBuild:
    """Every check a build makes, every finding at once: the definitions' rules, the face templates
    each game uses, text that does not fit at its smallest size, pieces that do not fit the sheet.

    An unusable option (an unknown paper, a bleed of 50 mm) is a BuildError: it is the command
    line's mistake, not the project's. ``unused_templates`` also warns about face templates no
    game draws (a build, which prints no warnings, leaves it out). ``options_for_all``: the options are for every game of a session (the
    preview), so a game without the expansion or the board they name is no mistake.
    ``check_only``: the findings alone are wanted (``validate``): the sheets are checked without
    planning their pages, no kit or document is kept and no progress is told."""
    sheets = sheet_options(toolkit, options)
    required = len(games) == 1 and not options_for_all
    expansions = {g.info.id: expansion_for(project, g, options, required=required) for g in games}
    if options.expansion is not None and not any(expansions.values()) and not options_for_all:
        raise BuildError(f"no game of this build has an expansion '{options.expansion}'")
    checked = [*games, *(e for e in expansions.values() if e is not None)]
    laid: list[GameDefinition] = []
    refused: list[BuildError] = []
    for game in games:
        try:
            laid += in_languages(game, options.lang)
        except BuildError as exc:  # a build of several games prints those written in that language
            refused.append(exc)
    findings = _template_findings(toolkit.layouts, checked, project.games, unused=unused_templates)
    findings += _untranslated_words(toolkit.layouts, checked)
    # a game drawn with a template that cannot be used is not laid out, but for a game of several
    # components (a designer's kit), whose faces leave out just the components drawn with it
    broken = {f.game_id for f in findings if f.is_error and not _lays_out_the_rest(checked, f.game_id)}

    def unbroken(game: GameDefinition) -> bool:
        expansion = expansions[game.info.id]
        return game.info.id not in broken and (expansion is None or expansion.info.id not in broken)

    drawn = [game for game in laid if unbroken(game)]
    raw = rule_findings(checked, GAMES)
    rule_found = validate_games(checked, GAMES, checked=raw)
    verdicts = _RuleVerdicts({f.game_id for f in rule_found if f.is_error}, {f.game_id for f in rule_found if f.deviation})
    if refused and (len(games) == 1 or not laid):
        raise refused[0]
    outcomes = []
    for game in drawn:
        if not check_only:
            progress(f"laying out {game.info.id}" + (f" in {game.info.language}" if game.info.language else ""))
        outcomes.append(_lay_out(project, game, expansions[game.info.id], toolkit, options, sheets, required,
                                 checked, verdicts, check_only))
    fit_problems: list[Finding] = []
    documents: list[tuple[GameDefinition, Document]] = []
    kits: list[tuple[GameDefinition, Kit]] = []
    no_board: list[str] = []
    for game, outcome in zip(drawn, outcomes):
        findings += outcome.findings
        fit_problems += outcome.fit_problems
        if outcome.kit is not None:
            kits.append((game, outcome.kit))
        if outcome.document is not None:
            documents.append((game, outcome.document))
        if outcome.no_board:
            no_board.append(game.info.id)
    laid_out = sum(1 for outcome in outcomes if outcome.laid_out)
    if options.board_paper and laid_out and len(no_board) == laid_out and not options_for_all:
        what = "the pieces chosen" if options.only else ", ".join(dict.fromkeys(no_board))
        raise BuildError(f"--board-paper {options.board_paper}: {what} "
                         f"{'has' if len(set(no_board)) == 1 and not options.only else 'have'} no board, mat or box "
                         "to print on it")
    # the rules were checked once above; the faces add what could not be drawn, and the games'
    # declared deviations apply to all of it (a deck may declare its mixed backs)
    final = validate_games(checked, GAMES, checked=raw, extra=[*fit_problems, *findings], built=bool(laid_out))
    return CheckedBuild(final, documents, kits)


@dataclass(frozen=True, slots=True)
class _RuleVerdicts:
    """The games whose rules find errors or declared departures: a game that breaks its rules may
    not be drawable."""

    breaks_rules: set[str]
    departs: set[str]


@dataclass(frozen=True, slots=True)
class _LaidOut:
    """What laying out one game for ``check_build`` gave: its findings and text-fit problems, its
    kit and document (kept unless the check is all that is wanted), whether a kit was made, and
    whether a ``--board-paper`` build found no board in it."""

    findings: list[Finding]
    fit_problems: list[Finding]
    kit: Kit | None = None
    document: Document | None = None
    laid_out: bool = False
    no_board: bool = False


def _lay_out(project: Project, game: GameDefinition, expansion: GameDefinition | None, toolkit: Toolkit,
             options: BuildOptions, sheets: SheetOptions, required: bool, checked: Sequence[GameDefinition],
             verdicts: _RuleVerdicts, check_only: bool) -> _LaidOut:
    """Lay out ``game`` and check its pieces on the sheets (the body of ``check_build``); an error
    of the layout itself may be explained by what the rules find (``verdicts``)."""
    try:
        kit = make_kit(project, game, toolkit, options, expansion_required=required)
    except BuildError as exc:
        return _LaidOut([Finding(game.info.loc, TEMPLATE_RULE_ID, "cannot-lay-out", Severity.ERROR, str(exc), game.info.id)], [])
    except Exception as exc:
        ids = {game.info.id} | ({expansion.info.id} if expansion is not None else set())
        if ids & verdicts.breaks_rules:
            return _LaidOut([], [])  # a definition that breaks its rules may not be drawable: its findings say why
        if ids & verdicts.departs:
            return _LaidOut([Finding(game.info.loc, TEMPLATE_RULE_ID, "cannot-lay-out", Severity.ERROR,
                                     f"{game.info.id} cannot be laid out with the deviations it declares: "
                                     f"{type(exc).__name__}: {exc}", game.info.id)], [])
        raise
    kept = None if check_only else kit
    fit_problems = fit_findings(checked, kit.fit_problems, owner=game.info.id)
    if any(not problem.warning for problem in kit.fit_problems):
        return _LaidOut([], fit_problems, kept, laid_out=True)  # a face that cannot be drawn: no pages
    if options.only:
        kit = select(kit, options.only)
    no_board = bool(options.board_paper and not kit.boards)
    sizes = size_problems(kit, sheets)
    if sizes:
        found = [_component_size_finding(game, kit, toolkit, options, name, message) for name, message in sizes]
        return _LaidOut(found, fit_problems, kept, laid_out=True, no_board=no_board)
    large = large_page_count(kit, sheets)
    pieces = (len(kit.cards) + len(kit.tokens)) * options.copies + large
    if pieces > MAX_PIECES:
        extra = f" and {large} pages of boards, mats and boxes" if large else ""
        return _LaidOut([Finding(game.info.loc, TEMPLATE_RULE_ID, "too-many-pieces", Severity.ERROR,
                                 f"{game.info.id}: {pieces} pieces to lay out ({len(kit.cards)} cards and "
                                 f"{len(kit.tokens)} tokens, {options.copies} copies{extra}); at most {MAX_PIECES} "
                                 "are supported", game.info.id)], fit_problems, kept, laid_out=True, no_board=no_board)
    found = preflight_home(game, kit, toolkit, options)
    document = None
    try:
        stamped = replace(sheets, stamp=stamp_text(game, options))
        if check_only:
            check_plan(kit, stamped)
        else:
            document = plan_document(kit, stamped, f"{game.info.name}: print-and-play kit")
    except FitError as exc:
        found.append(_sheet_finding(game, toolkit, options, str(exc)))
    return _LaidOut(found, fit_problems, kept, document, laid_out=True, no_board=no_board)


RULES_PAGES = "rules"
"""``--only rules`` builds the rules page."""


def _lays_out_the_rest(games: Sequence[GameDefinition], game_id: str) -> bool:
    """Whether ``game_id`` draws each of its components apart (its description ``partial``), so a
    template mistake in one leaves the others to be laid out and checked in the same run."""
    game = next((g for g in games if g.info.id == game_id), None)
    return game is not None and GAMES.describe(game).partial and len(getattr(game, "components", ())) > 1


def select(kit: Kit, only: Sequence[str]) -> Kit:
    """The kit with only the pieces ``only`` names (a reprint of lost or changed cards): a
    component's name takes all its pieces (``rules``: the rules pages), else an id takes that piece
    and an id without its copy number every copy. BuildError naming the pieces that look alike for
    a name that matches none."""
    components = {c.name for c in kit.components} | {p.component for p in kit.pieces}

    def chosen(piece: Piece) -> bool:
        return any(piece.component == name or piece.id == name or piece.id.startswith(f"{name}-") for name in only)

    ids = [p.id for p in kit.pieces]
    missing = [name for name in only if name not in components and name != RULES_PAGES
               and not any(i == name or i.startswith(f"{name}-") for i in ids)]
    if missing:
        hints = [f"'{m}'" + (f" (did you mean '{near}'?)" if (near := nearest_id(m, [*ids, *components])) else "")
                 for m in missing]
        names = f"; or name a component: {', '.join(sorted(components))}" if len(components) > 1 else ""
        raise BuildError(f"{kit.game_id} has no card or token {', '.join(hints)} (cardforge deck "
                         f"{kit.game_id} lists them{names})")
    pages = kit.pages if RULES_PAGES in only else ()
    return replace(kit, cards=tuple(p for p in kit.cards if chosen(p)), tokens=tuple(p for p in kit.tokens if chosen(p)),
                   boards=tuple(p for p in kit.boards if chosen(p)), pages=pages)


def nearest_id(wanted: str, ids: Sequence[str]) -> str | None:
    """The real id (or the start of ids that ``--only`` takes, ``red-1`` for ``red-1-1``...)
    nearest to a mistyped one: ``rde-1`` is ``red-1``, ``yelow`` is ``yellow``."""
    names: dict[str, None] = {}
    for piece in ids:
        parts = piece.split("-")
        for end in range(1, len(parts) + 1):
            names.setdefault("-".join(parts[:end]))
    return closest(wanted, names, 0.5)


def stamp_text(game: GameDefinition, options: BuildOptions) -> str:
    """The version stamp of a game's pages: its id, the first 8 hex digits of the SHA-256 of its
    definition file, and a date that depends only on the inputs, so the same inputs give the same
    bytes: ``--stamp-date``, else ``SOURCE_DATE_EPOCH`` (the reproducible-builds convention), else
    the day the definition file was last modified (UTC)."""
    path = Path(game.info.loc.path)
    try:
        data = read_regular(path, MAX_DEFINITION_BYTES)
        modified = path.stat().st_mtime
    except (OSError, ReadError):
        data, modified = game.info.id.encode(), 0.0
    digest = sha256(data).hexdigest()[:8]
    date = options.stamp_date
    if date is None:
        epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
        seconds = int(epoch) if epoch.isdigit() else int(modified)
        date = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%d")
    return f"{game.info.id} \u00b7 {digest} \u00b7 {date}"


def preflight_home(game: GameDefinition, kit: Kit, toolkit: Toolkit, options: BuildOptions) -> list[Finding]:
    """The preflight of a home print (``generator.app.preflight``): its errors stop the build."""
    from .preflight import check_faces, check_fonts, home_target

    target = home_target(face_settings(game, toolkit, options).safe_mm)
    return [*check_faces(kit, target, toolkit.fonts, game.info.id, game.info.loc),
            *check_fonts(kit, toolkit.fonts, game.info.id, game.info.loc)]


WORDS_RULE_ID = "layout.words"
_LETTERS = re.compile(r"[^\W\d_]")
PLACEHOLDER_TEXT = re.compile(r"\{[^{}]*\}")
"""A ``{field}`` of a printed text (not a word to translate)."""


def _untranslated_words(layouts: LayoutLibrary, games: Sequence[GameDefinition]) -> list[Finding]:
    """In a definition with several languages, each printed word of its own that a further
    language's ``words`` leaves out (it would print in the first language): the literal words of
    the face templates it is drawn with, and the game's own words (``printed_words``)."""
    findings: list[Finding] = []
    for game in games:
        info = game.info
        if len(info.languages) < 2 or info.language not in ("", info.languages[0]):
            continue  # (a deck already in another language, as the preview checks it: its words are translated)
        description = GAMES.describe(game)
        printed: dict[str, SourceLoc] = {}
        for name in description.template_fields(game):
            try:
                template = layouts.face(name)
            except KeyError:
                continue
            for _, regions in template.sides():
                for region in regions:
                    if region.text and _LETTERS.search(PLACEHOLDER_TEXT.sub("", region.text)):
                        printed.setdefault(region.text, region.loc)
        for text, loc in description.printed_words(game):
            if text and _LETTERS.search(PLACEHOLDER_TEXT.sub("", text)):
                printed.setdefault(text, loc)
        for language in info.languages[1:]:
            translation = info.translation(language)
            words = dict(translation.words) if translation is not None else {}
            missing = [(text, loc) for text, loc in printed.items() if text not in words]
            for text, loc in missing:
                shown = text if len(text) <= 60 else text[:57] + "..."
                findings.append(Finding(loc, WORDS_RULE_ID, "untranslated-word", Severity.WARNING,
                                        f"'{shown}' prints as written on the {language} deck: add it to "
                                        f"translations: {language}: words:", info.id))
    return findings


def _template_findings(layouts: LayoutLibrary, games: Sequence[GameDefinition], everything: Sequence[GameDefinition],
                       *, unused: bool) -> list[Finding]:
    """Face templates whose regions name a field their game does not draw (for the templates the
    ``games`` use), games whose templates are missing, and, with ``unused``, templates that no
    game shipped with cardforge and no game of the project (``everything``) draws: a misspelt name
    would otherwise be silently ignored. (A game package's templates are read for the projects
    that use its game, so no installed package need be imported to know them.)"""
    findings: list[Finding] = []
    used: dict[str, tuple[GameDefinition, tuple[str, ...]]] = {}
    defined = [t.name for t in layouts.faces]
    for game in games:
        description = GAMES.describe(game)
        places = description.template_places(game)
        for name, fields in description.template_fields(game).items():
            used.setdefault(name, (game, tuple(fields)))
            try:
                layouts.face(name)
            except KeyError:
                if name in layouts.broken:
                    continue  # a layout file defines it, and its problems say why it cannot be read
                close = closest(name, defined)
                hint = f"did you mean '{close}'? or add it" if close else "add it"
                findings.append(Finding(places.get(name, game.info.loc), TEMPLATE_RULE_ID, "missing-template",
                                        Severity.ERROR, f"{game.info.id} is drawn with the face template '{name}', "
                                        f"which no layout file defines ({hint} to layouts/)", game.info.id))
    drawn = set(used)
    if unused:
        drawn |= {name for d in GAMES.builtin_descriptions() for name in d.face_templates}
        drawn |= {name for g in everything for name in GAMES.describe(g).template_fields(g)}
    for template in layouts.faces:
        if template.name not in drawn:
            if unused:
                findings.append(Finding(template.loc, TEMPLATE_RULE_ID, "unused-template", Severity.WARNING,
                                        f"face template '{template.name}' is drawn by no game "
                                        f"(face templates: {', '.join(sorted(drawn))})"))
            continue
        if template.name not in used:
            continue
        game, fields = used[template.name]
        for _, regions in template.sides():
            for region in regions:
                if region.kind == "field" and region.field not in fields:
                    findings.append(Finding(region.loc, TEMPLATE_RULE_ID, "unknown-field", Severity.ERROR,
                                            f"region '{region.name}' of face template '{template.name}' has field "
                                            f"'{region.field}'; the {GAMES.describe(game).title} faces draw: "
                                            f"{', '.join(fields)}", game.info.id))
    return findings


def _component_size_finding(game: GameDefinition, kit: Kit, toolkit: Toolkit, options: BuildOptions, name: str,
                            message: str) -> Finding:
    """A component whose pieces do not fit the paper: at its ``size:`` in the definition when it
    has one there (a designer's component), else as ``_sheet_finding``."""
    component = kit.component(name)
    if component is None or not component.size.loc.line:
        return _sheet_finding(game, toolkit, options, message)
    loc = component.size.loc
    sheet = toolkit.layouts.sheet(options.paper)
    notes = (Note(sheet.loc, f"the sheet '{sheet.name}' ({sheet.width_mm:g} x {sheet.height_mm:g} mm, "
                             f"margin {sheet.margin_mm:g} mm) is here"),) if sheet.loc.line else ()
    return Finding(loc, SHEET_RULE_ID, "piece-too-large", Severity.ERROR, f"{game.info.id} {name}: {message}",
                   game.info.id, notes)


def _sheet_finding(game: GameDefinition, toolkit: Toolkit, options: BuildOptions, message: str) -> Finding:
    """A piece that does not fit the sheet: at the card template, with a note at the sheet's."""
    card = toolkit.layouts.card(options.card_size or game.info.card_size)
    sheet = toolkit.layouts.sheet(options.paper)
    notes = (Note(sheet.loc, f"the sheet '{sheet.name}' ({sheet.width_mm:g} x {sheet.height_mm:g} mm, "
                             f"margin {sheet.margin_mm:g} mm) is here"),) if sheet.loc.line else ()
    loc = card.loc if card.loc.line else game.info.loc
    return Finding(loc, SHEET_RULE_ID, "piece-too-large", Severity.ERROR, f"{game.info.id}: {message}", game.info.id, notes)


def plan_build(
    project: Project,
    games: Sequence[GameDefinition],
    options: BuildOptions,
    out_dir: Path,
    progress: Callable[[str], None] = lambda _: None,
) -> BuildPlan:
    """Check, lay out and render every game; BuildError (nothing written) on any error finding."""
    toolkit = load_toolkit(project)
    checked = check_build(project, games, options, toolkit, progress, unused_templates=False)
    if checked.has_errors:
        raise BuildError("the project has errors (listed above); nothing was built", checked.findings)
    asked = [g for g in games if options.lang in (None, "all") or options.lang in g.info.languages]
    missing = [g.info.id for g in asked if all(d.info.id != g.info.id for d, _ in checked.documents)]
    if missing:  # never "0 files" without a reason: every game asked for is printed or refused
        raise BuildError(f"{', '.join(missing)} could not be laid out (see the findings above); nothing was built",
                         checked.findings)
    from ..render.artwork import ArtworkError
    from ..render.pdf import render_pdf

    plan = BuildPlan()
    try:
        for game, document in checked.documents:
            progress(f"rendering {game.info.id}")
            pdf = render_pdf(document, toolkit.fonts)
            stem = out_dir / (f"{game.info.id}-{game.info.language}" if options.lang and game.info.language
                              else game.info.id)
            plan.files.append(BuiltFile(game.info.id, stem.with_suffix(".pdf"), pdf, len(document.pages), "pdf"))
            plan.files.append(BuiltFile(game.info.id, stem.with_suffix(".json"), manifest_json(document), 0, "manifest"))
            if options.cut_file == "svg":
                plan.files += cut_files(stem.name, document, out_dir)
        if options.alignment_page:
            test = alignment_document(sheet_options(toolkit, options))
            plan.files.append(BuiltFile("alignment", out_dir / "alignment.pdf", render_pdf(test, toolkit.fonts),
                                        len(test.pages), "pdf"))
    except FontError as exc:
        raise BuildError(str(exc)) from None
    except ArtworkError as exc:
        raise render_error(toolkit.layouts, exc) from None
    return plan


def render_error(layouts: LayoutLibrary, exc: Exception) -> BuildError:
    """A BuildError for artwork that could not be drawn, at the template region that draws it."""
    image = getattr(exc, "image", "")
    for template in layouts.faces:
        for _, regions in template.sides():
            for region in regions:
                if image and region.artwork is not None and region.artwork.name == image and region.loc.line:
                    return BuildError(f"{region.loc}: {exc}")
    return BuildError(str(exc))


def cut_files(game_id: str, document: Document, out_dir: Path) -> list[BuiltFile]:
    """One SVG of cut paths for each page with pieces to cut, named after the PDF's page number."""
    from ..layout.cuts import page_cuts
    from ..render.cutsvg import cut_svg

    files = []
    for number, page in enumerate(document.pages, 1):
        cuts = page_cuts(page)
        if cuts:
            svg = cut_svg(page.width_mm, page.height_mm, cuts, f"{game_id} page {number}: cut paths")
            files.append(BuiltFile(game_id, out_dir / f"{game_id}-cut-p{number:02d}.svg", svg.encode("utf-8"), 0, "cut"))
    return files


def manifest_json(document: Document) -> bytes:
    """The manifest written beside each PDF: where every card, token and board tile sits."""
    import json

    return (json.dumps(document.manifest(), indent=1) + "\n").encode("utf-8")
