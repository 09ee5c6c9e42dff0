"""A stable text form of scenes for golden files (numbers rounded to 0.01 mm)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from generator.layout.scene import Group, Path, Scene

OMITTED_DEFAULTS = {"opacity"}
"""Fields added after the goldens were made: shown only when they differ from their default."""
NEVER_SHOWN = {"origin"}
"""Where an item was drawn from (preflight's messages name it): not part of the drawing."""


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if is_dataclass(value) and not isinstance(value, type):
        shown = [f for f in fields(value) if f.name not in NEVER_SHOWN
                 and (f.name not in OMITTED_DEFAULTS or getattr(value, f.name) != f.default)]
        return "(" + " ".join(f"{f.name}={_value(getattr(value, f.name))}" for f in shown) + ")"
    if isinstance(value, tuple):
        return "[" + " ".join(_value(v) for v in value) + "]"
    if hasattr(value, "value"):
        return str(value.value)
    return repr(value)


def dump(scene: Scene) -> str:
    lines = [f"scene {scene.key} {scene.width_mm:.2f}x{scene.height_mm:.2f} bleed {scene.bleed_mm:.2f}"]

    def walk(items: tuple, depth: int) -> None:  # type: ignore[type-arg]
        for item in items:
            pad = "  " * depth
            if isinstance(item, Group):
                lines.append(f"{pad}group dx={item.dx:.2f} dy={item.dy:.2f} rot={item.rotation_deg:.2f} scale={item.scale:.2f}")
                walk(item.items, depth + 1)
            elif isinstance(item, Path):
                lines.append(f"{pad}path {len(item.ops)} ops paint={_value(item.paint)} first={_value(item.ops[0])}")
            else:
                lines.append(f"{pad}{type(item).__name__.lower()} {_value(item)}")

    walk(scene.items, 1)
    return "\n".join(lines) + "\n"
