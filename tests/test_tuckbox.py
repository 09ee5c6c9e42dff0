"""A tuck box folds: its net's panels are the cards' size plus the tolerance, its sides, lid and
bottom as deep as the cards are thick together, the flaps and the glue tab where they must be to
close the box; the outline is one closed path around every panel, the folds lie on shared edges."""

from __future__ import annotations

import math

import pytest

from generator.layout.tuckbox import TuckBox, clip_to_convex, tuck_box

POKER = (63.5, 88.9)


@pytest.fixture()
def box() -> TuckBox:
    return tuck_box(*POKER, cards=54, thickness_mm=0.3, tolerance_mm=1.0)


def test_panels_are_the_card_plus_the_tolerance_and_the_deck_deep(box: TuckBox) -> None:
    assert box.width_mm == pytest.approx(64.5) and box.height_mm == pytest.approx(89.9)
    assert box.depth_mm == pytest.approx(54 * 0.3)
    for name in ("front", "back"):
        panel = box.panel(name)
        assert (panel.width, panel.height) == pytest.approx((64.5, 89.9))
    for name in ("left", "right"):
        panel = box.panel(name)
        assert (panel.width, panel.height) == pytest.approx((16.2, 89.9))
    # the lid and the bottom close the box's ends: as wide as the front, as deep as the sides
    for name in ("lid", "bottom"):
        panel = box.panel(name)
        assert (panel.width, panel.height) == pytest.approx((64.5, 16.2))


def test_the_panels_wrap_around_the_deck(box: TuckBox) -> None:
    """Front, right side, back and left side lie edge to edge in that order; together they go once
    around the deck (2 widths + 2 depths); the glue tab joins the left side's free edge to the
    front; the lid hangs from the back's top edge, the bottom from the front's lower edge."""
    front, right, back, left = (box.panel(n) for n in ("front", "right", "back", "left"))
    assert right.x == pytest.approx(front.x + front.width) and back.x == pytest.approx(right.x + right.width)
    assert left.x == pytest.approx(back.x + back.width)
    assert [p.y for p in (front, right, back, left)] == pytest.approx([front.y] * 4)
    assert sum(p.width for p in (front, right, back, left)) == pytest.approx(2 * 64.5 + 2 * 16.2)
    glue = box.panel("glue")
    assert glue.x + glue.width == pytest.approx(front.x) and 5 <= glue.width <= front.width / 3 + 1e-9
    lid, bottom = box.panel("lid"), box.panel("bottom")
    assert (lid.x, lid.y + lid.height) == pytest.approx((back.x, back.y))
    assert (bottom.x, bottom.y) == pytest.approx((front.x, front.y + front.height))
    tuck = box.panel("lid-tuck")
    assert tuck.y + tuck.height == pytest.approx(lid.y) and 10 <= tuck.height <= 15
    # the thumb notch is cut into the front's top edge, where the lid's tuck slides in
    notch = [(x, y) for x, y in box.outline
             if front.x < x < front.x + front.width and front.y + 1e-6 < y < front.y + front.height / 2]
    assert notch and max(y for _, y in notch) == pytest.approx(front.y + box.notch_radius_mm)


def test_folds_lie_on_edges_the_panels_share(box: TuckBox) -> None:
    edges = set()
    for p in box.panels:
        for x1, y1, x2, y2 in ((p.x, p.y, p.x + p.width, p.y), (p.x, p.y + p.height, p.x + p.width, p.y + p.height),
                               (p.x, p.y, p.x, p.y + p.height), (p.x + p.width, p.y, p.x + p.width, p.y + p.height)):
            edges.add((round(x1, 6), round(y1, 6), round(x2, 6), round(y2, 6)))
    for fold in box.folds:
        x1, y1, x2, y2 = (round(v, 6) for v in fold)
        on_edge = any(_within(x1, y1, x2, y2, edge) for edge in edges)
        assert on_edge, f"fold {fold} is on no panel edge"
    # the body's four vertical folds and a fold at each hinge of the lid, the bottom and the dust flaps
    assert len(box.folds) == 12


def _within(x1: float, y1: float, x2: float, y2: float, edge: tuple[float, float, float, float]) -> bool:
    ex1, ey1, ex2, ey2 = edge
    if x1 == x2 == ex1 == ex2:
        return min(ey1, ey2) - 1e-6 <= min(y1, y2) and max(y1, y2) <= max(ey1, ey2) + 1e-6
    if y1 == y2 == ey1 == ey2:
        return min(ex1, ex2) - 1e-6 <= min(x1, x2) and max(x1, x2) <= max(ex1, ex2) + 1e-6
    return False


def test_the_outline_is_one_simple_closed_path_around_the_net(box: TuckBox) -> None:
    points = box.outline
    assert len(points) > 20 and min(x for x, _ in points) == 0 and min(y for _, y in points) == pytest.approx(0)
    segments = list(zip(points, points[1:] + points[:1]))
    for i, a in enumerate(segments):  # no two edges of the cut path cross
        for j, b in enumerate(segments):
            if abs(i - j) > 1 and {i, j} != {0, len(segments) - 1}:
                assert not _cross(*a, *b), (a, b)
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in segments) / 2
    body = 2 * 64.5 * 89.9 + 2 * 16.2 * 89.9
    assert abs(area) > body  # it encloses every panel and the flaps


def _cross(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (side(a, b, c) * side(a, b, d) < -1e-9) and (side(c, d, a) * side(c, d, b) < -1e-9)


def test_a_thin_deck_still_gets_flaps_that_close_it() -> None:
    box = tuck_box(70, 120, cards=12, thickness_mm=0.35, tolerance_mm=1.5)
    assert box.depth_mm == pytest.approx(4.2) and box.width_mm == pytest.approx(71.5)
    assert box.dust_mm <= box.width_mm / 2 and box.tuck_mm == 15
    assert math.isclose(box.panel("lid").height, 4.2)


def test_hatching_is_cut_to_the_glue_tab() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    assert clip_to_convex(((-5.0, 5.0), (15.0, 5.0)), square) == ((0.0, 5.0), (10.0, 5.0))
    assert clip_to_convex(((-5.0, 20.0), (15.0, 20.0)), square) is None
