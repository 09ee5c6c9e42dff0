"""Load card, sheet and face templates from ``layouts/*.yaml``: the shipped ones, then the
project's own (which replace shipped templates of the same name), with ``extends`` resolved."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import yaml

from ..files.fontbook import FontError, read_metrics
from ..files.images import check_png, check_svg
from ..files.paths import display_path, followed, shipped_root
from ..files.saferead import MAX_ARTWORK_BYTES, ReadError, read_regular
from ..layout.regions import ArtworkError
from ..model.limits import (
    MAX_CARD_MM,
    MAX_FOLDER_FILES,
    MAX_SHEET_MM,
    MAX_SHEET_SPACING_MM,
    MIN_CARD_MM,
    MIN_SHEET_MM,
)
from ..model.source import SourceLoc
from ..model.templates import (
    MIN_PRINTABLE_MARGIN_MM,
    MISSING,
    Artwork,
    CardTemplate,
    CropMarks,
    FaceTemplate,
    FillOrder,
    FontFace,
    LayoutLibrary,
    SheetTemplate,
)
from .errors import DefinitionErrors, Problem
from .faces import FACE_FIELDS, read_face
from .fields import Reader
from .folders import yaml_files
from .yamlnodes import compose_file

SECTIONS = ("cards", "sheets", "faces", "fonts", "fallback_fonts")
CARD_FIELDS = ("extends", "width", "height", "safe", "corner_radius")
SHEET_FIELDS = ("extends", "width", "height", "margin", "gutter", "bleed", "crop_marks", "fill_order", "large")
SHIPPED_FONTS = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "sans-condensed": "DejaVuSansCondensed.ttf",
    "sans-condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "sans-condensed-italic": "DejaVuSansCondensed-Oblique.ttf",
    "sans-condensed-bold-italic": "DejaVuSansCondensed-BoldOblique.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-bold-italic": "DejaVuSerif-BoldItalic.ttf",
}
"""Font key -> file in the toolkit's ``fonts/``: every project can name these."""
SHIPPED_STYLES = {
    "sans": ("sans-bold", "sans-italic", "sans-bold-italic"),
    "sans-bold": ("sans-bold", "sans-bold-italic", "sans-bold-italic"),
    "sans-italic": ("sans-bold-italic", "sans-italic", "sans-bold-italic"),
    "sans-bold-italic": ("sans-bold-italic", "sans-bold-italic", "sans-bold-italic"),
    "sans-condensed": ("sans-condensed-bold", "sans-condensed-italic", "sans-condensed-bold-italic"),
    "sans-condensed-bold": ("sans-condensed-bold", "sans-condensed-bold-italic", "sans-condensed-bold-italic"),
    "sans-condensed-italic": ("sans-condensed-bold-italic", "sans-condensed-italic", "sans-condensed-bold-italic"),
    "sans-condensed-bold-italic": ("sans-condensed-bold-italic",) * 3,
    "serif-bold": ("serif-bold", "serif-bold-italic", "serif-bold-italic"),
    "serif-bold-italic": ("serif-bold-italic",) * 3,
}
"""Font key -> the keys of its bold, italic and bold italic faces (what ``<b>`` and ``<i>`` draw)."""
FONT_FIELDS = ("file", "bold", "italic", "bold_italic")
"""A project font written as a mapping: its file and the fonts of its styles."""
FONT_KINDS = {".ttf": "ttf", ".otf": "otf"}


ARTWORK_KINDS = {".png": "png", ".svg": "svg", ".jpg": "jpeg", ".jpeg": "jpeg"}
JPEG_SIGNATURE = b"\xff\xd8\xff"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class _FileReader(Reader):
    """A Reader that knows the project folder its file belongs to (artwork paths are relative to it)."""

    root: Path = Path(".")


@dataclass
class _Entry:
    """One template as written: its field nodes and the reader of its file (for locations)."""

    name: str
    fields: dict[str, yaml.Node]
    node: yaml.Node
    reader: Reader


def load_layout_library(project_root: Path, game_folders: Sequence[Path] = (),
                        extra_files: Sequence[Path] = ()) -> LayoutLibrary:
    """Every template the project can use: the shipped layout files, those of ``game_folders``
    (the layout folders of the game packages the project uses), the project's (a template there
    replaces a shipped one of its name), then ``extra_files`` (a file validated on its own, read as
    one of the project's); DefinitionErrors listing every problem of every file."""
    library, problems = read_layout_library(project_root, game_folders, extra_files)
    if problems:
        raise DefinitionErrors(problems)
    return library


def read_layout_library(project_root: Path, game_folders: Sequence[Path] = (),
                        extra_files: Sequence[Path] = ()) -> tuple[LayoutLibrary, list[Problem]]:
    """The layout library as far as it can be read, and every problem of every layout file.

    A mistake that leaves the rest of a template usable does not hide the rest: a region whose
    font is unknown (or whose font file is refused) is measured with ``sans``, a picture that
    cannot be read is drawn as nothing, so ``validate`` still reports the fields, the fit and the
    glyphs of every card in the same run. Such a library is for checking only: a build refuses a
    project with problems."""
    shipped = shipped_root().resolve()
    roots = [shipped] if project_root.resolve() == shipped else [shipped, project_root.resolve()]
    entries: dict[str, dict[str, _Entry]] = {section: {} for section in SECTIONS if section != "fallback_fonts"}
    fallback_nodes: list[tuple[yaml.Node, Reader]] = []
    readers: list[_FileReader] = []
    problems: list[Problem] = []
    sources: list[tuple[Path, Path]] = []
    folders = [root / "layouts" for root in roots]
    folders[1:1] = game_folders  # a game package's templates: after the shipped ones, before the project's
    for folder in folders:
        try:
            files = yaml_files(folder)
            if len(files) > MAX_FOLDER_FILES:
                problems.append(Problem(SourceLoc(display_path(folder), 1, 1),
                                        f"{folder.name}/ holds {len(files)} files; at most {MAX_FOLDER_FILES}"))
                continue
            sources += [(folder.parent, file) for file in files]
        except OSError as exc:
            problems.append(Problem(SourceLoc(display_path(folder), 1, 1),
                                    f"cannot read the folder: {exc.strerror or exc}"))
    known = {followed(file) for _, file in sources}
    sources += [(project_root.resolve(), file) for file in extra_files if followed(file) not in known]
    for root, file in sources:
        reader: _FileReader = _FileReader(display_path(file), root=root)
        readers.append(reader)
        try:
            top = compose_file(file, reader.path)
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
            continue
        sections = reader.mapping(top, "a layouts file", (), SECTIONS)
        for section, node in (sections or {}).items():
            if section == "fallback_fonts":
                fallback_nodes.append((node, reader))
                continue
            for key_node, value_node in reader.entries(node, section):
                if section == "fonts":
                    name = reader.name(key_node, "a font name")
                    if name is not None and _first_here(entries[section], name, reader, key_node, "font"):
                        entries[section][name] = _Entry(name, {"file": value_node}, key_node, reader)
                    continue
                name = reader.name(key_node, f"a {section[:-1]} template name")
                allowed = {"cards": CARD_FIELDS, "sheets": SHEET_FIELDS, "faces": FACE_FIELDS}[section]
                fields = reader.mapping(value_node, f"{section[:-1]} template '{key_node.value}'", (), allowed)
                if name is not None and fields is not None and _first_here(entries[section], name, reader, key_node,
                                                                           f"{section[:-1]} template"):
                    entries[section][name] = _Entry(name, fields, value_node, reader)
    cards = tuple(t for t in (_card(e, _resolve(e, entries["cards"])) for e in entries["cards"].values()) if t)
    sheets = tuple(t for t in (_sheet(e, _resolve(e, entries["sheets"])) for e in entries["sheets"].values()) if t)
    # a declared font whose file is refused is still a name regions may use: its own problem says
    # why, and it is measured with the shipped sans meanwhile
    shipped_faces = shipped_fonts()
    keys = tuple(f.key for f in shipped_faces) + tuple(entries["fonts"])
    fonts = shipped_faces + tuple(_font(e, keys) for e in entries["fonts"].values())
    fallback = _fallback_fonts(fallback_nodes, keys)
    chains = {name: _chain(e, entries["faces"]) for name, e in entries["faces"].items()}
    faces = tuple(t for t in (_face(e, _merge(chains[e.name]), keys, chains[e.name])
                              for e in entries["faces"].values()) if t)
    broken = tuple(name for name in entries["faces"] if all(face.name != name for face in faces))
    for reader in readers:
        problems.extend(reader.problems)
    return LayoutLibrary(cards, sheets, faces, fonts, fallback, broken), problems


def _fallback_fonts(nodes: list[tuple[yaml.Node, Reader]], keys: tuple[str, ...]) -> tuple[str, ...]:
    """``fallback_fonts: [jp, symbols]`` of every layout file, in file order, each a font key."""
    found: list[str] = []
    for node, reader in nodes:
        for item in reader.sequence(node, "fallback_fonts") or []:
            key = reader.choice(item, "fallback font", keys)
            if key is not None and key not in found:
                found.append(key)
    return tuple(found)


def _first_here(known: dict[str, _Entry], name: str, reader: _FileReader, node: yaml.Node, what: str) -> bool:
    """False (and a located problem) when the same folder already defines ``name``: a project's
    template replaces a shipped one of its name, but two of the project's own would leave one
    silently unused."""
    earlier = known.get(name)
    if earlier is not None and isinstance(earlier.reader, _FileReader) and earlier.reader.root == reader.root:
        first = earlier.reader.loc(earlier.node)
        reader.error(node, f"{what} '{name}' is already defined at {first}; give this one another name or "
                           "remove one of them")
        return False
    return True


def shipped_fonts() -> tuple[FontFace, ...]:
    """The fonts shipped in the toolkit's ``fonts/`` folder, under their keys, with their styles."""
    folder = shipped_root() / "fonts"
    return tuple(FontFace(key, str(folder / name), display_path(folder / name), shipped=True,
                          bold=SHIPPED_STYLES[key][0], italic=SHIPPED_STYLES[key][1], bold_italic=SHIPPED_STYLES[key][2])
                 for key, name in SHIPPED_FONTS.items())


def _chain(entry: _Entry, known: dict[str, _Entry]) -> list[_Entry] | None:
    """The entry and the templates it extends, nearest first (None, reported, for an unknown
    parent or a loop)."""
    chain = [entry]
    while "extends" in chain[-1].fields:
        reader = chain[-1].reader
        node = chain[-1].fields["extends"]
        parent = reader.name(node, "extends")
        if parent is None:
            return None
        if parent not in known:
            reader.error(node, reader.unknown_message(parent, sorted(known), "extends"))
            return None
        if known[parent] in chain:
            reader.error(node, f"'{entry.name}' extends itself through {' -> '.join(e.name for e in chain)} -> {parent}")
            return None
        chain.append(known[parent])
    return chain


def _resolve(entry: _Entry, known: dict[str, _Entry]) -> dict[str, tuple[yaml.Node, Reader]] | None:
    """The entry's fields merged over those of the templates it extends (nearest wins)."""
    return _merge(_chain(entry, known))


def _merge(chain: list[_Entry] | None) -> dict[str, tuple[yaml.Node, Reader]] | None:
    """The fields of a chain of templates, each from the nearest template that gives it."""
    if chain is None:
        return None
    merged: dict[str, tuple[yaml.Node, Reader]] = {}
    for link in reversed(chain):
        for key, value in link.fields.items():
            if key != "extends":
                merged[key] = (value, link.reader)
    return merged


def _length(fields: dict[str, tuple[yaml.Node, Reader]], key: str, what: str, entry: _Entry,
            default: float | None = None, positive: bool = True, *, low: float = 0.0,
            high: float = MAX_SHEET_SPACING_MM) -> float | None:
    """A length in millimetres from ``low`` to ``high`` (zero allowed unless ``positive``)."""
    if key not in fields:
        if default is None:
            entry.reader.error(entry.node, f"{what} needs '{key}' (in millimetres)")
        return default
    node, reader = fields[key]
    value = reader.number(node, f"{what} {key}", minimum=-math.inf, maximum=math.inf)
    if value is None:
        return None
    if value < 0 or (positive and value == 0):
        reader.error(node, f"{what} {key} must be {'positive' if positive else 'zero or more'}, not {value:g}")
        return None
    if not low <= value <= high:
        reader.error(node, f"{what} {key} of {value:g} mm is not sensible: it must be from {low:g} to {high:g} mm")
        return None
    return value


def _card(entry: _Entry, fields: dict[str, tuple[yaml.Node, Reader]] | None) -> CardTemplate | None:
    if fields is None:
        return None
    what = f"card template '{entry.name}'"
    width = _length(fields, "width", what, entry, low=MIN_CARD_MM, high=MAX_CARD_MM)
    height = _length(fields, "height", what, entry, low=MIN_CARD_MM, high=MAX_CARD_MM)
    safe = _length(fields, "safe", what, entry, 3.0, positive=False, high=MAX_CARD_MM)
    radius = _length(fields, "corner_radius", what, entry, 3.0, positive=False, high=MAX_CARD_MM)
    if width is None or height is None or safe is None or radius is None:
        return None
    if 2 * safe >= min(width, height):
        entry.reader.error(entry.node, f"{what}: the safe zone ({safe:g} mm) leaves no room on a {width:g} x {height:g} mm card")
        return None
    if 2 * radius > min(width, height):
        entry.reader.error(entry.node, f"{what}: a corner radius of {radius:g} mm is more than half of a "
                                       f"{width:g} x {height:g} mm card")
        return None
    return CardTemplate(entry.name, width, height, safe, radius, entry.reader.loc(entry.node))


def _sheet(entry: _Entry, fields: dict[str, tuple[yaml.Node, Reader]] | None) -> SheetTemplate | None:
    if fields is None:
        return None
    what = f"sheet template '{entry.name}'"
    width = _length(fields, "width", what, entry, low=MIN_SHEET_MM, high=MAX_SHEET_MM)
    height = _length(fields, "height", what, entry, low=MIN_SHEET_MM, high=MAX_SHEET_MM)
    margin = _length(fields, "margin", what, entry, 6.35)
    gutter = _length(fields, "gutter", what, entry, 0.0, positive=False)
    bleed = _length(fields, "bleed", what, entry, 3.0, positive=False)
    marks = CropMarks()
    if "crop_marks" in fields:
        node, reader = fields["crop_marks"]
        sub = reader.mapping(node, f"{what} crop_marks", (), ("length", "offset", "width"))
        if sub is not None:
            read = {k: reader.number(v, f"crop_marks {k}", maximum=MAX_SHEET_SPACING_MM) for k, v in sub.items()}
            values = {k: v for k, v in read.items() if v is not None and v >= 0}
            if len(values) != len(read):
                reader.error(node, f"crop_marks length, offset and width must be numbers from 0 to {MAX_SHEET_SPACING_MM:g} mm")
            else:
                marks = CropMarks(values.get("length", 5.0), values.get("offset", 1.5), values.get("width", 0.2))
    order = FillOrder.ROWS
    if "fill_order" in fields:
        node, reader = fields["fill_order"]
        order = FillOrder(reader.choice(node, "fill_order", [o.value for o in FillOrder]) or "rows")
    large = False
    if "large" in fields:
        node, reader = fields["large"]
        large = bool(reader.boolean(node, "large"))
    if width is None or height is None or margin is None or gutter is None or bleed is None:
        return None
    if margin < MIN_PRINTABLE_MARGIN_MM:
        node, reader = fields["margin"]
        reader.error(node, f"{what}: a margin of {margin:g} mm is outside what printers can print "
                           f"(at least {MIN_PRINTABLE_MARGIN_MM:g} mm)")
        return None
    if 2 * margin >= min(width, height):
        entry.reader.error(entry.node, f"{what}: the margins leave no printable area")
        return None
    return SheetTemplate(entry.name, width, height, margin, gutter, bleed, marks, order, large,
                         entry.reader.loc(entry.node))


def _font(entry: _Entry, keys: tuple[str, ...]) -> FontFace:
    """A project font: ``key: path/to/file.ttf`` (relative to the project folder), or
    ``key: {file: ..., bold: KEY, italic: KEY, bold_italic: KEY}`` naming the fonts of its styles.
    A font that cannot be used is reported and stands in as the shipped sans (for checking only)."""
    reader, node = entry.reader, entry.fields["file"]
    styles: dict[str, str] = {}
    file_node: yaml.Node | None = node
    if isinstance(node, yaml.MappingNode):
        fields = reader.mapping(node, f"font '{entry.name}'", ("file",), FONT_FIELDS[1:])
        file_node = (fields or {}).get("file")
        for style in FONT_FIELDS[1:]:
            if fields is not None and style in fields:
                key = reader.choice(fields[style], f"{style.replace('_', ' ')} font of '{entry.name}'", keys)
                if key is not None:
                    styles[style] = key
    stand_in = next(face for face in shipped_fonts() if face.key == "sans")
    path: Path | None = None
    if entry.name in SHIPPED_FONTS:
        reader.error(entry.node, f"font '{entry.name}' is a shipped font; a project font needs a name of its own "
                                 f"(shipped: {', '.join(SHIPPED_FONTS)})")
    elif file_node is not None:
        path = project_file(reader, file_node, "font", FONT_KINDS)
    if path is not None:
        shown = display_path(path)
        try:
            read_metrics(path, shown)
        except FontError as exc:
            reader.error(file_node if file_node is not None else node, str(exc))
            path = None
    bold, italic, both = styles.get("bold", ""), styles.get("italic", ""), styles.get("bold_italic", "")
    if path is None:
        path, shown = Path(stand_in.path), stand_in.shown
    else:
        shown = display_path(path)
    return FontFace(entry.name, str(path), shown, loc=reader.loc(entry.node), bold=bold, italic=italic,
                    bold_italic=both)


def _face(entry: _Entry, fields: dict[str, tuple[yaml.Node, Reader]] | None,
          fonts: tuple[str, ...], chain: list[_Entry] | None = None) -> FaceTemplate | None:
    if fields is None:
        return None
    what = f"face template '{entry.name}'"
    width = _length(fields, "base_width", what, entry, 63.5, low=MIN_CARD_MM, high=MAX_CARD_MM)
    height = _length(fields, "base_height", what, entry, 88.9, low=MIN_CARD_MM, high=MAX_CARD_MM)
    if width is None or height is None:
        return None
    links = [{k: (v, e.reader) for k, v in e.fields.items() if k != "extends"} for e in chain or [entry]]
    parts = read_face(entry.reader, fields, what, fonts, read_artwork, width, height, links)
    if parts is None:
        return None
    front, back, icons, fallback = parts
    if front is None:
        return None
    return FaceTemplate(entry.name, width, height, front, entry.reader.loc(entry.node), back, icons, fallback)


class FileRefused(ValueError):
    """A file a template names that cannot be read (the message says why)."""


def resolve_project_file(root: Path, text: str, what: str, kinds: dict[str, str]) -> Path:
    """The file ``text`` names, relative to the project folder ``root``: read only from inside it,
    never fetched. FileRefused for URLs of any scheme, absolute paths, paths that lead outside the
    project (``..`` or a symbolic link), missing files, anything but a regular file, and suffixes
    other than ``kinds``."""
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", text) and not re.match(r"^[A-Za-z]:[\\/]", text):
        raise FileRefused(f"{what} '{text}' is a URL: files are read from the project folder only, nothing is fetched")
    if "\0" in text:
        raise FileRefused(f"{what} {text!r} holds a NUL character")
    relative = Path(text)
    if relative.is_absolute() or text.startswith(("\\", "/")):
        raise FileRefused(f"{what} '{text}' is an absolute path: name it relative to the project folder")
    try:
        path = (root.resolve() / relative).resolve()
    except (OSError, RuntimeError):
        raise FileRefused(f"{what} '{text}' cannot be followed (a symbolic link loop?)") from None
    if not path.is_relative_to(root.resolve()):
        raise FileRefused(f"{what} '{text}' is outside the project folder; files are read from inside it only")
    if path.suffix.lower() not in kinds:
        names = sorted({kind.upper() for kind in kinds.values()})
        listed = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        raise FileRefused(f"{what} '{text}': only {listed} files can be used")
    if not path.exists():
        raise FileRefused(f"{what} '{text}' does not exist (looked in the project folder)")
    if not path.is_file():
        raise FileRefused(f"{what} '{text}' is not a regular file")
    return path


def project_file(reader: Reader, node: yaml.Node, what: str, kinds: dict[str, str]) -> Path | None:
    """The file a template names (see ``resolve_project_file``); a located problem and None when
    it is refused."""
    text = reader.text(node, what)
    if text is None:
        return None
    try:
        return resolve_project_file(getattr(reader, "root", Path(".")), text, what, kinds)
    except FileRefused as exc:
        reader.error(node, str(exc))
        return None


def load_artwork(path: Path, name: str) -> Artwork:
    """An image file's bytes, checked to be what its suffix says before anything decodes it
    (``generator.files.images``): at most 5 MB, a PNG's pixels counted from its header and its data
    checked to the end, an SVG well-formed, bounded and referring to nothing outside itself
    (FileRefused)."""
    kind = ARTWORK_KINDS[path.suffix.lower()]
    try:
        data = read_regular(path, MAX_ARTWORK_BYTES, "image")
    except ReadError as exc:
        raise FileRefused(f"image '{name}': {exc}") from None
    if kind == "png" and not data.startswith(PNG_SIGNATURE):
        raise FileRefused(f"image '{name}' is not a PNG file")
    if kind == "jpeg" and not data.startswith(JPEG_SIGNATURE):
        raise FileRefused(f"image '{name}' is not a JPEG file")
    if kind == "svg" and b"<svg" not in data[:4096]:
        raise FileRefused(f"image '{name}' is not an SVG file")
    problem = check_png(data) if kind == "png" else check_svg(data) if kind == "svg" else None
    if problem is not None:
        raise FileRefused(f"image '{name}' {problem}")
    if kind == "svg":
        outside = _svg_outside_reference(data)
        if outside:
            raise FileRefused(f"image '{name}' refers to {outside!r} outside itself: embed linked images and fonts "
                              "in the SVG (nothing is fetched or read from elsewhere)")
    return Artwork(name, data, kind)


_SVG_REFERENCE = re.compile(rb"""(?:href\s*=\s*["']([^"']*)["'])|(?:url\(\s*["']?([^)"']*)["']?\s*\))|(<!ENTITY)""", re.I)


def _svg_outside_reference(data: bytes) -> str | None:
    """The first thing an SVG would load from outside itself: an href or url() that is not a
    ``#fragment`` or a ``data:`` URL, or an XML entity declaration; None when it has none."""
    for match in _SVG_REFERENCE.finditer(data):
        if match.group(3):
            return "an XML entity declaration"
        target = (match.group(1) or match.group(2) or b"").strip().decode("utf-8", "replace")
        if target and not target.startswith(("#", "data:")):
            return target
    return None


def read_artwork(reader: Reader, node: yaml.Node) -> Artwork | None:
    """An image file named in a template (see ``resolve_project_file``), PNG, JPEG or SVG; one
    that cannot be used is reported and stands in as ``MISSING`` artwork (drawn as nothing), so
    the rest of its template is still checked."""
    path = project_file(reader, node, "image", ARTWORK_KINDS)
    name = str(node.value) if isinstance(node, yaml.ScalarNode) else ""
    if path is None:
        return Artwork(name, b"", MISSING) if isinstance(node, yaml.ScalarNode) else None
    try:
        return load_artwork(path, name)
    except FileRefused as exc:
        reader.error(node, str(exc))
        return Artwork(name, b"", MISSING)


class ProjectArtwork:
    """The images per-card patterns name (``art/{id}.png``), read on demand from the project
    folder with the rules of a template's own images, each file once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._found: dict[str, Artwork] = {}

    def artwork(self, name: str) -> Artwork:
        found = self._found.get(name)
        if found is None:
            try:
                found = load_artwork(resolve_project_file(self.root, name, "image", ARTWORK_KINDS), name)
            except FileRefused as exc:
                raise ArtworkError(str(exc)) from None
            self._found[name] = found
        return found
