"""Making a finished PDF smaller without touching what it draws (with pikepdf, i.e. qpdf): pages
with identical content share one content stream, and objects go into compressed object streams.
So copies of a deck cost a few dozen bytes a page instead of a whole page description."""

from __future__ import annotations

import hashlib
import io

import pikepdf


def compact_pdf(data: bytes, *, object_streams: bool = True) -> bytes:
    """``data`` rewritten with shared identical page contents and object streams (deterministic);
    without ``object_streams`` the file stays PDF 1.4 (object streams came with PDF 1.5)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        seen: dict[str, pikepdf.Object] = {}
        for page in pdf.pages:
            contents = page.obj.get("/Contents")
            if not isinstance(contents, pikepdf.Stream):
                continue
            digest = hashlib.sha256(contents.read_raw_bytes()).hexdigest() + repr(page.obj.get("/Resources"))
            if digest in seen:
                page.obj.Contents = seen[digest]
            else:
                seen[digest] = contents
        out = io.BytesIO()
        mode = pikepdf.ObjectStreamMode.generate if object_streams else pikepdf.ObjectStreamMode.disable
        pdf.save(out, object_stream_mode=mode, deterministic_id=True,
                 compress_streams=True, recompress_flate=False, linearize=False)
        return out.getvalue()
