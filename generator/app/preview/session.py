"""The preview's incremental build: what changed since the last pass is found from the files
themselves, and only that is done again.

Each pass reads the definition files (and the card lists they name) and reloads only those whose
bytes changed; the layout library is reloaded only when a layout file, a font or a template's
image changed. A game is laid out again (through ``check_build``, the checks a build makes) only
when its definition, the templates it draws with, its fonts or the images it read changed; a face
is drawn again only when its scene differs from the one drawn before, and the page is sent only
those faces. A file that cannot be loaded leaves the last good cards of its games on the page,
marked stale, under its located problems.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

from ...files.fontbook import FontBook
from ...files.paths import display_path, shipped_root
from ...files.saferead import MAX_FONT_BYTES, ReadError, read_regular
from ...layout.kit import Kit
from ...layout.page import Document
from ...layout.scene import Image, Scene
from ...layout.sheets import FitError, plan_document
from ...loader import DefinitionErrors, Problem
from ...loader.folders import definition_files, yaml_files
from ...loader.layouts import ProjectArtwork, load_layout_library
from ...loader.project import load_file, merge_files
from ...model import GameDefinition, Project
from ...model.definition import DeckRequest
from ...model.limits import MAX_FOLDER_FILES
from ...model.source import SourceLoc
from ...model.templates import Artwork, FaceTemplate, FontFace, LayoutLibrary
from ...validate import Finding, Severity
from ..build import BuildError, BuildOptions, Toolkit, check_build, sheet_options
from ..catalog import GAMES
from .assets import Assets
from .markup import face_markup, font_family, page_markup
from .snapshot import GameView, ProblemView, Snapshot
from .views import SourceLines, card_views, face_id, problem_views

CARD_LIST_SUFFIXES = (".csv", ".xlsx")
Stamp = tuple[int, int, int] | None
"""What a file looks like from outside (size, modification time, inode), or None when absent."""


def stamp(path: Path) -> Stamp:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns, info.st_ino)


def _read(path: Path) -> bytes | None:
    """The bytes of a file the project reads (to hash them), None when it cannot be read: a FIFO
    is never opened for reading (that would wait forever), nor is more than a font's limit read."""
    try:
        return read_regular(path, MAX_FONT_BYTES)
    except ReadError:
        return None


@dataclass
class _DefinitionFile:
    """One definition file as last loaded: what its bytes (and its card lists') hashed to, and
    what it gave."""

    digest: bytes
    games: list[GameDefinition]
    problems: list[Problem]
    last_good: tuple[str, ...] = ()
    """The ids of the games the file defined the last time it loaded without problems."""


class _RecordingArtwork:
    """The project's per-card images, remembering which ones a game read (a change to one of them
    lays the game out again)."""

    def __init__(self, root: Path) -> None:
        self.inner = ProjectArtwork(root)
        self.root = root
        self.read: set[str] = set()

    def artwork(self, name: str) -> Artwork:
        self.read.add(name)
        return self.inner.artwork(name)

    def stamps(self) -> tuple[tuple[str, Stamp], ...]:
        return tuple(sorted((name, stamp(self.root / name)) for name in self.read))


class _RememberingFontBook(FontBook):
    """A font book that remembers the widths it measured: a save lays out the same words again."""

    LIMIT = 200_000

    def __init__(self, faces: Sequence[FontFace]) -> None:
        super().__init__(faces)
        self._widths: dict[tuple[str, str, float], float] = {}

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        key = (text, font, size_pt)
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) >= self.LIMIT:
                self._widths.clear()
            found = self._widths[key] = super().width_mm(text, font, size_pt)
        return found


@dataclass
class GameBuild:
    """One game as last laid out: the inputs it was made from, its kit and pages, its findings."""

    game: GameDefinition
    inputs: tuple[Any, ...]
    kit: Kit | None
    document: Document | None
    findings: list[Finding]
    artwork: tuple[tuple[str, Stamp], ...] = ()
    views: list[Any] = field(default_factory=list)
    """(CardView, scenes) pairs, the page's cards for this game."""
    pages: list[tuple[str, str]] | None = None
    """(label, markup) of every printed page, made when the sheet view first asks."""
    stale: bool = False
    """The last good build, shown while the game's file or faces cannot be loaded or laid out."""
    key: str = ""
    """The game's id, and its language after a dot when it is not the first (``orchard.de``)."""


def _in_each_language(game: GameDefinition) -> list[tuple[str, GameDefinition]]:
    """The game in each of its languages, each with its key on the page (``orchard``,
    ``orchard.de``): the page shows the one its language control chooses."""
    languages = game.info.languages
    if len(languages) < 2:
        return [(game.info.id, game)]
    description = GAMES.describe(game)
    return [(game.info.id, game)] + [(f"{game.info.id}.{language}", description.localized(game, language))
                                     for language in languages[1:]]


@dataclass(frozen=True, slots=True)
class PassReport:
    """What one pass did, for the terminal."""

    version: int
    seconds: float
    games: tuple[str, ...]
    """The games laid out again."""
    faces: int
    """Faces sent to the page."""
    problems: int


class PreviewSession:
    """The state of one ``cardforge preview``: the project folder, the games shown, and the last
    good build of everything (see the module docstring). ``rebuild`` is called by one thread;
    ``snapshot``, ``sheets`` and ``assets`` are read by the server's threads."""

    def __init__(self, root: Path, games: Sequence[str] = (), options: BuildOptions | None = None) -> None:
        self.root = root.resolve()
        self.wanted = tuple(games)
        self.options = options or BuildOptions()
        self.assets = Assets()
        self.snapshot = Snapshot(0)
        self._lock = threading.Lock()
        self._sources = SourceLines([self.root, shipped_root()])
        self._files: dict[Path, _DefinitionFile] = {}
        self._library: LayoutLibrary | None = None
        self._layout_digest: bytes | None = None
        self._layout_problems: list[Problem] = []
        self._fonts: tuple[tuple[str, Stamp], ...] = ()
        self._font_book: FontBook | None = None
        self._font_urls: tuple[tuple[str, str], ...] = ()
        self._builds: dict[str, GameBuild] = {}
        self._markup: dict[str, tuple[Scene, str, frozenset[str]]] = {}
        self.project_ids: tuple[str, ...] = ()
        """Every game id of the project at the last pass (to check the games asked for)."""
        self.loads_cleanly = False
        """Whether every definition and layout file loaded at the last pass."""

    # -- definitions -------------------------------------------------------------------------

    def _definition_file(self, file: Path) -> _DefinitionFile:
        """The file's games, reloaded only when its bytes or its card lists' bytes changed (or it
        had problems: a file it names may have appeared)."""
        data = _read(file) or b""
        digest = hashlib.sha256(data)
        for sibling in sorted(file.parent.iterdir()) if file.parent.is_dir() else []:
            name = sibling.name.encode("utf-8", "surrogateescape")  # a name that is not UTF-8 is bytes still
            if sibling.suffix.lower() in CARD_LIST_SUFFIXES and name in data:
                digest.update(name + b"\0" + (_read(sibling) or b""))
        key = digest.digest()
        known = self._files.get(file)
        if known is not None and known.digest == key and not known.problems:
            return known
        try:
            games, problems = load_file(file, GAMES), []
        except DefinitionErrors as exc:
            games, problems = [], list(exc.problems)
        last_good = tuple(g.info.id for g in games) if not problems else (known.last_good if known else ())
        loaded = self._files[file] = _DefinitionFile(key, games, problems, last_good)
        return loaded

    def _definitions(self) -> tuple[list[GameDefinition], list[Problem], set[str]]:
        """Every game of the project, the problems of loading it, and the ids of games whose file
        cannot be loaded now (their last good cards stay)."""
        folder = self.root / "card_defs"
        try:
            files = definition_files(self.root)
        except OSError:
            return [], [Problem(SourceLoc(display_path(folder), 1, 1), "no card_defs/ folder here")], set()
        if len(files) > MAX_FOLDER_FILES:
            return [], [Problem(SourceLoc(display_path(folder), 1, 1),
                                f"card_defs/ holds {len(files)} files; at most {MAX_FOLDER_FILES}")], set()
        for gone in set(self._files) - set(files):
            del self._files[gone]
        loaded = [self._definition_file(file) for file in files]
        # while a file cannot be loaded, an expansion of one of its games is not reported as lost
        games, problems = merge_files([entry.games for entry in loaded], complete=not any(e.problems for e in loaded))
        failed = {gid for entry in loaded if entry.problems for gid in entry.last_good}
        return games, [p for entry in loaded for p in entry.problems] + problems, failed

    # -- layouts and fonts -------------------------------------------------------------------

    def _layout_inputs(self, game_folders: Sequence[Path]) -> bytes:
        """A digest of the layout files' bytes (the shipped ones, those of the games' packages and
        the project's) and of the fonts and images the last library read."""
        digest = hashlib.sha256()
        roots = [shipped_root()] if self.root == shipped_root().resolve() else [shipped_root(), self.root]
        folders = [roots[0] / "layouts", *game_folders, *(root / "layouts" for root in roots[1:])]
        for folder in folders:
            try:
                files = yaml_files(folder)
            except OSError:
                files = []  # the library's loading says why
            if len(files) > MAX_FOLDER_FILES:  # refused by the library: not read (their names still count)
                digest.update("\0".join(str(file) for file in files).encode("utf-8", "surrogateescape"))
                continue
            for file in files:
                digest.update(str(file).encode("utf-8", "surrogateescape") + b"\0" + (_read(file) or b"") + b"\0")
        if self._library is not None:
            for path in self._library_files(self._library):
                digest.update(f"{path}\0{stamp(path)}\0".encode("utf-8"))
        return digest.digest()

    def _library_files(self, library: LayoutLibrary) -> list[Path]:
        """The font files and template images a library was made from."""
        files = [Path(face.path) for face in library.fonts]
        for template in library.faces:
            for _, regions in template.sides():
                for region in regions:
                    if region.artwork is not None:
                        files += [root / region.artwork.name for root in (self.root, shipped_root())]
            for icon in template.icons:
                if icon.artwork is not None:
                    files += [root / icon.artwork.name for root in (self.root, shipped_root())]
        return files

    def _layouts(self, games: Sequence[GameDefinition]) -> None:
        folders = GAMES.layouts_folders([game.info.kind for game in games])
        digest = self._layout_inputs(folders)
        if digest == self._layout_digest and not self._layout_problems:
            return
        try:
            library = load_layout_library(self.root, folders)
        except DefinitionErrors as exc:
            self._layout_problems = list(exc.problems)
            self._layout_digest = digest
            return
        self._layout_problems = []
        if library != self._library:
            self._library = library
        self._layout_digest = self._layout_inputs(folders)

    def _fonts_now(self) -> FontBook | None:
        """The font book, made again (and the fonts served again) when a font file changed."""
        if self._library is None:
            return None
        fonts = tuple((face.path, stamp(Path(face.path))) for face in self._library.fonts)
        if self._font_book is None or fonts != self._fonts or self._font_book.faces != {
                face.key: face for face in self._library.fonts}:
            self._fonts = fonts
            self._font_book = _RememberingFontBook(self._library.fonts)
            urls = []
            for face in self._library.fonts:
                data = _read(Path(face.path))
                if data is not None:
                    urls.append((font_family(face.key), self.assets.add(data, "font/ttf", "ttf")))
            self._font_urls = tuple(urls)
        return self._font_book

    # -- games -------------------------------------------------------------------------------

    def _inputs(self, game: GameDefinition, library: LayoutLibrary) -> tuple[Any, ...]:
        """Everything a game's faces are made from but its per-card images (checked apart)."""
        names = tuple(sorted(GAMES.describe(game).template_fields(game)))
        faces: list[FaceTemplate | None] = []
        for name in names:
            try:
                faces.append(library.face(name))
            except KeyError:
                faces.append(None)
        try:
            card: object = library.card(self.options.card_size or game.info.card_size)
            sheet: object = library.sheet(self.options.paper)
        except KeyError:
            card = sheet = None
        return (game, names, tuple(faces), card, sheet, library.fonts, self._fonts)

    def _build_game(self, game: GameDefinition, project: Project, toolkit: Toolkit) -> GameBuild:
        artwork = _RecordingArtwork(self.root)
        tools = Toolkit(toolkit.layouts, toolkit.fonts, artwork)
        kit: Kit | None = None
        document: Document | None = None
        try:
            checked = check_build(project, [game], self.options, tools, unused_templates=False, options_for_all=True)
            findings = list(checked.findings)
            kit = next((k for g, k in checked.kits if g is game), None)
            document = next((d for g, d in checked.documents if g is game), None)
            if kit is not None and document is None:
                document = plan_document(kit, sheet_options(tools, self.options),
                                         f"{game.info.name}: print-and-play kit")
        except FitError:
            pass
        except BuildError as exc:
            findings = [*exc.findings, Finding(game.info.loc, "preview", "cannot-build", Severity.ERROR,
                                               str(exc), game.info.id)]
        except Exception as exc:  # a game's faces failing on a definition they do not expect
            findings = [Finding(game.info.loc, "preview", "cannot-lay-out", Severity.ERROR,
                                f"{game.info.id} cannot be laid out: {type(exc).__name__}: {exc}", game.info.id)]
        return GameBuild(game, (), kit, document, findings, artwork.stamps())

    def _views(self, build: GameBuild) -> None:
        if build.kit is None:
            return
        game = build.game
        try:
            records = GAMES.describe(game).deck_records(
                game, DeckRequest(players=self.options.players, all_cards=self.options.all_packs))
        except Exception:  # the fields on hover are a help: a game that cannot list them shows none
            records = []
        build.views = card_views(build.key or game.info.id, build.kit, records)

    def _face(self, fid: str, scene: Scene) -> str:
        """The markup of a face, drawn again only when its scene changed."""
        known = self._markup.get(fid)
        if known is not None and (known[0] is scene or known[0] == scene):
            return known[1]
        used: set[str] = set()

        def link(image: Image) -> str:
            url = self.assets.add(image.data, _MIME.get(image.kind, "application/octet-stream"), image.kind)
            used.add(url)
            return url

        markup = face_markup(scene, link)
        self._markup[fid] = (scene, markup, frozenset(used))
        return markup

    # -- a pass ------------------------------------------------------------------------------

    def rebuild(self) -> PassReport | None:
        """One pass over the project (see the module docstring); a new snapshot and a report of
        what was done, or None when nothing the page shows changed."""
        with self._lock:
            started = time.perf_counter()
            games, problems, failed = self._definitions()
            self.project_ids = tuple(g.info.id for g in games)
            self._layouts(games)
            self.loads_cleanly = not problems and not self._layout_problems
            font_book = self._fonts_now()
            chosen = [g for g in games if not self.wanted or g.info.id in self.wanted]
            missing = [w for w in self.wanted if w not in self.project_ids and w not in failed]
            if missing and not problems:
                problems.append(Problem(SourceLoc(display_path(self.root / "card_defs"), 0, 0),
                                        f"no game {', '.join(repr(m) for m in missing)} in this project "
                                        f"(it has: {', '.join(self.project_ids)})"))
            laid_out: list[str] = []
            builds: dict[str, GameBuild] = {}
            order: list[str] = []
            if self._library is not None and font_book is not None:
                toolkit = Toolkit(self._library, font_book)
                project = Project(str(self.root), tuple(games), self._library)
                for game in chosen:
                    for key, variant in _in_each_language(game):
                        builds[key] = self._game(key, variant, project, toolkit, laid_out)
                        order.append(key)
            else:
                order = [g.info.id for g in chosen]
            before = [g.id for g in self.snapshot.games]
            for gid, known in self._builds.items():  # games whose file cannot be loaded keep their last good cards
                if gid not in builds and gid.partition(".")[0] in failed:
                    builds[gid] = replace(known, stale=True, inputs=())
                    earlier = before[:before.index(gid)] if gid in before else before
                    order.insert(max((order.index(g) + 1 for g in earlier if g in order), default=0), gid)
            self._builds = builds
            snapshot = self._snapshot([builds[gid] for gid in order], problems)
            if snapshot is None:
                return None
            sent = sum(1 for fid, markup in snapshot.faces.items() if self.snapshot.faces.get(fid) is not markup)
            self.snapshot = snapshot
            return PassReport(snapshot.version, time.perf_counter() - started, tuple(laid_out), sent,
                              len(snapshot.problems))

    def _game(self, key: str, game: GameDefinition, project: Project, toolkit: Toolkit,
              laid_out: list[str]) -> GameBuild:
        """The game's build (``key``: its id, and its language after a dot when it is not the
        first): the last one if nothing it is made from changed."""
        assert self._library is not None
        inputs = self._inputs(game, self._library)
        known = self._builds.get(key)
        if known is not None and known.inputs == inputs and known.kit is not None and \
                all(stamp(self.root / name) == seen for name, seen in known.artwork):
            return known
        build = self._build_game(game, project, toolkit)
        build.inputs = inputs
        build.key = key
        self._views(build)
        laid_out.append(key)
        if build.kit is None and known is not None and known.kit is not None:
            # keep the last good cards on the page, under the problems that stop this one
            return replace(known, findings=build.findings, inputs=(), stale=True)
        return build

    def _snapshot(self, builds: list[GameBuild], problems: list[Problem]) -> Snapshot | None:
        faces: dict[str, str] = {}
        games: list[GameView] = []
        findings: list[Finding] = []
        used: set[str] = {url for _, url in self._font_urls}
        for build in builds:
            findings += build.findings
            cards = []
            key = build.key or build.game.info.id
            for view, scenes in build.views:
                cards.append(view)
                for scene in scenes:
                    fid = face_id(key, scene)
                    if fid not in faces:  # a back is shared by every card of its deck
                        faces[fid] = self._face(fid, scene)
                        used |= self._markup[fid][2]
            pages = len(build.document.pages) if build.document is not None else 0
            info = build.game.info
            games.append(GameView(key, info.name, tuple(cards), pages, build.stale, info.language,
                                  info.id, info.languages))
        for fid in set(self._markup) - set(faces):
            del self._markup[fid]
        for build in builds:
            if build.pages is not None:
                used |= {u for _, markup in build.pages for u in self.assets.urls_in(markup)}
        self.assets.keep(used)
        views: tuple[ProblemView, ...] = problem_views([*problems, *self._layout_problems], findings,
                                                      self._sources.line)
        old = self.snapshot
        title = ", ".join(g.name for g in games) or "cardforge preview"
        if old.version and tuple(games) == old.games and views == old.problems and self._font_urls == old.fonts \
                and faces.keys() == old.faces.keys() and all(faces[k] is old.faces[k] for k in faces):
            return None
        return Snapshot(old.version + 1, tuple(games), faces, views, self._font_urls, title)

    def watched_folders(self) -> set[Path]:
        """The folders whose files the project read (each one's nearest existing folder): a
        change in one of them starts a pass."""
        with self._lock:
            folders = {self.root, self.root / "card_defs", self.root / "layouts", shipped_root() / "layouts"}
            if self._library is not None:
                folders |= {path.parent for path in self._library_files(self._library)}
            for build in self._builds.values():
                folders |= {(self.root / name).parent for name, _ in build.artwork}
        found = set()
        for folder in folders:
            while not folder.is_dir() and folder != folder.parent:
                folder = folder.parent
            found.add(folder)
        return found

    # -- the sheet view ----------------------------------------------------------------------

    def sheets(self, game_id: str) -> tuple[int, list[tuple[str, str]]] | None:
        """The printed pages of a game shown now, as (label, markup), and the snapshot's version;
        None for a game the page does not show."""
        with self._lock:
            build = self._builds.get(game_id)
            if build is None:
                return None
            if build.pages is None:
                build.pages = []
                if build.document is not None:
                    ids = {id(s): face_id(game_id, s) for p in build.document.pages for s in (pl.scene for pl in p.placements)}

                    def link(image: Image) -> str:
                        return self.assets.add(image.data, _MIME.get(image.kind, "application/octet-stream"), image.kind)

                    for number, page in enumerate(build.document.pages, 1):
                        markup = page_markup(page, lambda scene: ids.get(id(scene)) or face_id(game_id, scene), link,
                                             f"s{number}-")
                        build.pages.append((page.label or f"page {number}", markup))
            return self.snapshot.version, list(build.pages)


_MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
