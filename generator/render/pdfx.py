"""Print-shop PDFs: trim and bleed boxes on every page, and PDF/X-1a:2003 for CMYK files.

PDF/X-1a asks for CMYK (or grey) colour only, no transparency, every font embedded, a TrimBox and
a BleedBox on each page, PDF 1.4 (no object streams), ``Trapped`` and ``GTS_PDFXVersion`` in the
document information, and an output intent naming the printing condition the CMYK values are
meant for. Ours names CGATS TR 001 (SWOP, the US web-offset condition of US print-on-demand
shops) from the ICC's registry of characterised conditions: PDF/X-1a allows a registered
condition to be named without embedding its profile (the printer has it), so no profile of a
restrictive licence ships with cardforge. ``generator.app.preflight.pdf`` checks the result as a
shop's preflight would.
"""

from __future__ import annotations

import io
from typing import Sequence

import pikepdf

from ..layout.scene import PT_PER_MM

OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_CONDITION_NAME = "CGATS TR 001 (SWOP), US web offset on coated paper"
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-1a:2003"

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in points (PDF's own coordinates, y up)."""


def trim_box(page_w_mm: float, page_h_mm: float, bleed_mm: float) -> Box:
    """The trim box of a page that is a card plus ``bleed_mm`` on every side, in points."""
    k = PT_PER_MM
    return (round(bleed_mm * k, 4), round(bleed_mm * k, 4), round((page_w_mm - bleed_mm) * k, 4),
            round((page_h_mm - bleed_mm) * k, 4))


def set_boxes(pdf: pikepdf.Pdf, trims: Sequence[Box]) -> None:
    """Each page's TrimBox, and its BleedBox (the whole page: the bleed runs to its edge)."""
    for page, trim in zip(pdf.pages, trims):
        page.obj.TrimBox = pikepdf.Array(list(trim))
        page.obj.BleedBox = pikepdf.Array(list(page.obj.MediaBox))


def with_boxes(data: bytes, trims: Sequence[Box]) -> bytes:
    """A finished PDF with trim and bleed boxes on its pages (for shops that take RGB PDFs)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        set_boxes(pdf, trims)
        out = io.BytesIO()
        pdf.save(out, object_stream_mode=pikepdf.ObjectStreamMode.generate, deterministic_id=True,
                 compress_streams=True, recompress_flate=False, linearize=False)
        return out.getvalue()


def make_pdfx(data: bytes, trims: Sequence[Box], title: str) -> bytes:
    """A CMYK PDF made PDF/X-1a:2003: boxes, output intent, document information, PDF 1.4."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        set_boxes(pdf, trims)
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputCondition=pikepdf.String(OUTPUT_CONDITION_NAME),
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            RegistryName=pikepdf.String(REGISTRY),
            Info=pikepdf.String(OUTPUT_CONDITION_NAME),
        )
        pdf.Root.OutputIntents = pdf.make_indirect(pikepdf.Array([intent]))
        info = pdf.docinfo
        info[pikepdf.Name.Title] = pikepdf.String(title)
        info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
        info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(PDFX_VERSION)
        if pikepdf.Name.ModDate not in info and pikepdf.Name.CreationDate in info:
            info[pikepdf.Name.ModDate] = info[pikepdf.Name.CreationDate]
        out = io.BytesIO()
        pdf.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable, deterministic_id=True,
                 compress_streams=True, recompress_flate=False, linearize=False, force_version="1.4")
        return out.getvalue()
