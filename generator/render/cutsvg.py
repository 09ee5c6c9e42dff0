"""Cut files: one SVG a page, sized in millimetres like the page, with the registration marks in
one group and the closed cut paths (hairline, no fill) in another, as cutting software expects."""

from __future__ import annotations

from ..layout.cuts import Cut, registration_marks
from ..layout.scene import Rect


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def cut_path(cut: Cut) -> str:
    """The outline as SVG path data: a polygon, or a rounded rectangle drawn clockwise from its top edge."""
    if cut.points:
        return "M" + "L".join(f"{_num(px)} {_num(py)}" for px, py in cut.points) + "Z"
    x, y, w, h, r = cut.x, cut.y, cut.width, cut.height, cut.radius
    if r <= 0:
        return f"M{_num(x)} {_num(y)}H{_num(x + w)}V{_num(y + h)}H{_num(x)}Z"
    arc = f"A{_num(r)} {_num(r)} 0 0 1 "
    return (f"M{_num(x + r)} {_num(y)}H{_num(x + w - r)}{arc}{_num(x + w)} {_num(y + r)}V{_num(y + h - r)}"
            f"{arc}{_num(x + w - r)} {_num(y + h)}H{_num(x + r)}{arc}{_num(x)} {_num(y + h - r)}V{_num(y + r)}"
            f"{arc}{_num(x + r)} {_num(y)}Z")


def cut_svg(width_mm: float, height_mm: float, cuts: list[Cut], title: str) -> str:
    """The cut file of one page."""
    marks = []
    for mark in registration_marks(width_mm, height_mm):
        assert isinstance(mark, Rect)
        marks.append(f'<rect x="{_num(mark.x)}" y="{_num(mark.y)}" width="{_num(mark.width)}" height="{_num(mark.height)}"/>')
    paths = [f'<path id="{_escape(c.piece)}-{n}" d="{cut_path(c)}"/>' for n, c in enumerate(cuts, 1)]
    return "\n".join([
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width_mm)}mm" height="{_num(height_mm)}mm" '
        f'viewBox="0 0 {_num(width_mm)} {_num(height_mm)}">',
        f"<title>{_escape(title)}</title>",
        '<g id="registration" fill="#000000">', *marks, "</g>",
        '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">', *paths, "</g>",
        "</svg>",
    ]) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
