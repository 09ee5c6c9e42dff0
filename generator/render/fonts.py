"""Fonts in PDFs: each font key of a FontBook is registered with reportlab the first time a PDF
draws with it, so PDFs embed subsets of exactly the project's font files (never the machine's)."""

from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError

from ..files.fontbook import FontBook, FontError
from .fontcache import ttf_font


def pdf_font_name(book: FontBook, key: str) -> str:
    """The reportlab font name of ``key`` in ``book``, registered on first use (FontError if the
    file cannot be embedded)."""
    face = book.face(key)
    name = f"cardforge-{key}" if face.shipped else f"cardforge-{key}-{hashlib.sha1(face.path.encode()).hexdigest()[:10]}"
    if name in _REGISTERED:
        return name
    if name not in pdfmetrics.getRegisteredFontNames():  # (a sorted copy of every name: asked once per font)
        try:
            pdfmetrics.registerFont(ttf_font(name, face.path))
        except (TTFError, OSError) as exc:
            raise FontError(f"{face.shown}: not a usable TrueType font ({exc})") from None
        except Exception as exc:  # a damaged file makes reportlab's parser fail in many ways
            raise FontError(f"{face.shown}: the font file is damaged ({type(exc).__name__}: {exc})") from None
    _REGISTERED.add(name)
    return name


_REGISTERED: set[str] = set()
"""Names registered with reportlab by this process (each text run asks for its font's name)."""
