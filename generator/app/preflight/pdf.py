"""A finished CMYK PDF read the way a print shop's preflight reads it (pikepdf): every content
stream and form, operator by operator, for RGB colour (``rg``, ``RG``, three-number ``sc``) and for
total ink over the limit (``k``, ``K``); every image's colour space, transparency (soft masks) and,
for CMYK images, its heaviest pixel; every font embedded; each page's trim and bleed boxes; the
PDF/X output intent and version. ``what`` names each page (the card on it) for the findings."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable, Iterator

import pikepdf
from PIL import ImageMath

from ...model.source import SourceLoc
from ...validate import Finding, Severity
from . import RULE_ID

RGB_OPERATORS = {"rg", "RG"}
CMYK_OPERATORS = {"k", "K"}
EPS_PT = 0.01


@dataclass(frozen=True, slots=True)
class PdfProblem:
    """One thing a shop's preflight rejects, on a page (0 for the whole file)."""

    page: int
    code: str
    message: str


def _forms(resources: pikepdf.Object, seen: set[tuple[int, int]]) -> Iterator[pikepdf.Stream]:
    """Form XObjects reachable from ``resources`` (each once)."""
    xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
    if not isinstance(xobjects, pikepdf.Dictionary):
        return
    for _, xobject in xobjects.items():
        if not isinstance(xobject, pikepdf.Stream) or xobject.get("/Subtype") != pikepdf.Name.Form:
            continue
        key = xobject.objgen
        if key in seen:
            continue
        seen.add(key)
        yield xobject
        yield from _forms(xobject.get("/Resources", pikepdf.Dictionary()), seen)


def _images(resources: pikepdf.Object, seen: set[tuple[int, int]]) -> Iterator[pikepdf.Stream]:
    """Image XObjects used by ``resources`` and the forms under it (each once)."""
    stack = [resources]
    while stack:
        current = stack.pop()
        xobjects = current.get("/XObject") if isinstance(current, pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            continue
        for _, xobject in xobjects.items():
            if not isinstance(xobject, pikepdf.Stream) or xobject.objgen in seen:
                continue
            seen.add(xobject.objgen)
            if xobject.get("/Subtype") == pikepdf.Name.Image:
                yield xobject
            elif xobject.get("/Subtype") == pikepdf.Name.Form:
                stack.append(xobject.get("/Resources", pikepdf.Dictionary()))


def _colour_space_name(space: pikepdf.Object) -> str:
    if isinstance(space, pikepdf.Name):
        return str(space)
    if isinstance(space, pikepdf.Array) and len(space):
        head = str(space[0])
        if head == "/ICCBased":
            n = int(space[1].get("/N", 0))
            return {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}.get(n, head)
        if head == "/Indexed":
            return _colour_space_name(space[1])
        return head
    return "?"


def _stream_problems(stream: pikepdf.Object, page: int, limit: float | None, cmyk: bool) -> list[PdfProblem]:
    problems: list[PdfProblem] = []
    if not cmyk:
        return problems
    for instruction in pikepdf.parse_content_stream(stream):
        if not isinstance(instruction, pikepdf.ContentStreamInstruction):
            continue  # an inline image: none are drawn by cardforge, and their colour is checked below
        operands, op = instruction.operands, str(instruction.operator)
        if op in RGB_OPERATORS:
            problems.append(PdfProblem(page, "rgb-in-cmyk", f"RGB colour ('{op}' {' '.join(str(float(v)) for v in operands)})"))
        elif op in ("sc", "scn", "SC", "SCN") and len(operands) == 3:
            problems.append(PdfProblem(page, "rgb-in-cmyk", f"a three-component (RGB) colour ('{op}')"))
        elif op in CMYK_OPERATORS and limit is not None and len(operands) == 4:
            total = sum(float(v) for v in operands)
            if total > limit + 1e-6:
                problems.append(PdfProblem(page, "ink-over-limit",
                                           f"a colour of {total * 100:.0f} % ink ('{op}' {' '.join(f'{float(v):g}' for v in operands)}); "
                                           f"the shop prints at most {limit * 100:.0f} %"))
        elif op == "gs":
            problems.append(PdfProblem(page, "transparency", "a graphics state that may set transparency ('gs')"))
    return problems


def _image_problems(image: pikepdf.Stream, page: int, limit: float | None, cmyk: bool) -> list[PdfProblem]:
    problems: list[PdfProblem] = []
    if not cmyk:
        return problems
    space = _colour_space_name(image.get("/ColorSpace", pikepdf.Name("/DeviceGray")))
    if image.get("/SMask") is not None or image.get("/Mask") is not None:
        problems.append(PdfProblem(page, "transparency", "an image with transparency (a soft mask)"))
    if space not in ("/DeviceCMYK", "/DeviceGray"):
        problems.append(PdfProblem(page, "rgb-in-cmyk", f"an image in {space.lstrip('/')}, not CMYK"))
    elif space == "/DeviceCMYK" and limit is not None:
        try:
            picture = pikepdf.PdfImage(image).as_pil_image()
        except Exception:  # an image pikepdf cannot decode: the shop's preflight cannot either
            problems.append(PdfProblem(page, "unreadable-image", "an image that cannot be decoded"))
            return problems
        c, m, y, k = (band.convert("F") for band in picture.split())
        heaviest = ImageMath.lambda_eval(lambda v: v["c"] + v["m"] + v["y"] + v["k"], c=c, m=m, y=y, k=k).getextrema()[1]
        if isinstance(heaviest, (int, float)) and heaviest / 255 > limit + 0.01:
            problems.append(PdfProblem(page, "ink-over-limit",
                                       f"an image with up to {heaviest / 255 * 100:.0f} % ink; the shop prints at most "
                                       f"{limit * 100:.0f} %"))
    return problems


def _font_problems(resources: pikepdf.Object, page: int) -> list[PdfProblem]:
    problems: list[PdfProblem] = []
    fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    if not isinstance(fonts, pikepdf.Dictionary):
        return problems
    for name, font in fonts.items():
        descendants = font.get("/DescendantFonts")
        for one in ([*descendants] if isinstance(descendants, pikepdf.Array) else [font]):
            descriptor = one.get("/FontDescriptor")
            if not isinstance(descriptor, pikepdf.Dictionary) or not any(
                    key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(PdfProblem(page, "font-not-embedded", f"font {one.get('/BaseFont', name)} is not embedded"))
    return problems


def pdf_problems(data: bytes, *, limit: float | None, pdfx: bool, trim_pt: tuple[float, float] | None = None) -> list[PdfProblem]:
    """Everything a shop's preflight rejects in ``data``: fonts not embedded, trim and bleed boxes
    (of ``trim_pt`` when given); with ``pdfx``, colour that is not CMYK, ink over ``limit``,
    transparency and the PDF/X-1a:2003 marks."""
    problems: list[PdfProblem] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if pdfx:
            if float(pdf.pdf_version) > 1.4:
                problems.append(PdfProblem(0, "pdfx", f"PDF {pdf.pdf_version}: PDF/X-1a:2003 is PDF 1.4 at most"))
            intents = pdf.Root.get("/OutputIntents")
            if not isinstance(intents, pikepdf.Array) or not any(i.get("/S") == pikepdf.Name.GTS_PDFX for i in intents):
                problems.append(PdfProblem(0, "pdfx", "no PDF/X output intent (the printing condition the CMYK is meant for)"))
            if str(pdf.docinfo.get("/GTS_PDFXVersion", "")) != "PDF/X-1a:2003":
                problems.append(PdfProblem(0, "pdfx", "the document information does not say PDF/X-1a:2003"))
            if pdf.docinfo.get("/Trapped") not in (pikepdf.Name("/False"), pikepdf.Name("/True")):
                problems.append(PdfProblem(0, "pdfx", "the document information does not say whether it is trapped"))
        seen_forms: set[tuple[int, int]] = set()
        seen_images: set[tuple[int, int]] = set()
        for number, page in enumerate(pdf.pages, 1):
            resources = page.obj.get("/Resources", pikepdf.Dictionary())
            problems += _stream_problems(page.obj, number, limit, pdfx)
            problems += _font_problems(resources, number)
            for form in _forms(resources, seen_forms):
                problems += _stream_problems(form, number, limit, pdfx)
                problems += _font_problems(form.get("/Resources", pikepdf.Dictionary()), number)
            for image in _images(resources, seen_images):
                problems += _image_problems(image, number, limit, pdfx)
            problems += _box_problems(page, number, trim_pt)
    return problems


def _box_problems(page: pikepdf.Page, number: int, trim_pt: tuple[float, float] | None) -> list[PdfProblem]:
    media = [float(v) for v in page.obj.MediaBox]
    trim_box, bleed_box = page.obj.get("/TrimBox"), page.obj.get("/BleedBox")
    if trim_box is None or bleed_box is None:
        return [PdfProblem(number, "boxes", "no TrimBox and BleedBox (where the shop cuts, and how far the bleed runs)")]
    trim, bleed = [float(v) for v in trim_box], [float(v) for v in bleed_box]
    def inside(inner: list[float], outer: list[float]) -> bool:
        return (inner[0] >= outer[0] - EPS_PT and inner[1] >= outer[1] - EPS_PT
                and inner[2] <= outer[2] + EPS_PT and inner[3] <= outer[3] + EPS_PT)

    problems = []
    if not inside(trim, bleed) or not inside(bleed, media):
        problems.append(PdfProblem(number, "boxes", "the trim box is not inside the bleed box inside the page"))
    if trim_pt is not None and (abs(trim[2] - trim[0] - trim_pt[0]) > EPS_PT or abs(trim[3] - trim[1] - trim_pt[1]) > EPS_PT):
        problems.append(PdfProblem(number, "boxes", f"the trim box is {trim[2] - trim[0]:.2f} x {trim[3] - trim[1]:.2f} pt, "
                                                    f"not the card's {trim_pt[0]:.2f} x {trim_pt[1]:.2f} pt"))
    return problems


def pdf_findings(problems: list[PdfProblem], what: Callable[[int], str], game_id: str, loc: SourceLoc,
                 target: str) -> list[Finding]:
    """Problems as findings naming the card of each page (each kind once per card face)."""
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for problem in problems:
        where = what(problem.page) if problem.page else "the file"
        key = (where, problem.code)
        if key in seen:
            continue
        seen.add(key)
        findings.append(Finding(loc, RULE_ID, problem.code, Severity.ERROR,
                                f"{game_id}: {where}: {problem.message} [{target}]", game_id))
    return findings
