"""JSON Schemas (draft 2020-12) of the definition files (``card_defs/*.yaml``) and the layout files
(``layouts/*.yaml``), for editors that check YAML as it is typed (VS Code's YAML extension and
others read them): made from the tables the loaders read with (each game's keys, the common header,
translations, rules pages, templates and regions), so the schema and the loaders are one source.

The schema checks keys and their kinds where the loaders fix them; the values are checked by
``cardforge validate``, which also says where and why. ``cardforge schema`` prints them; ``init``
writes them into a project with the editor setting that uses them.
"""

from __future__ import annotations

from typing import Any

from ..loader.common import HEADER_OPTIONAL, HEADER_REQUIRED, TRANSLATION_FIELDS
from ..loader.faces import FACE_FIELDS, FILLS, ICON_FIELDS, PLACE, STYLE
from ..loader.layouts import CARD_FIELDS, FONT_FIELDS, SECTIONS, SHEET_FIELDS
from .catalog import GAMES

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ANY: dict[str, Any] = {}
TEXT = {"type": "string"}
NUMBER = {"type": "number"}

RULES_PAGE = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "heading": TEXT, "continued": TEXT, "credit": TEXT,
        "sections": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["heading"],
            "properties": {"heading": TEXT, "text": TEXT, "items": {"type": "array", "items": TEXT}},
        }},
    },
}
"""``rules:``: a rules page (``generator.loader.common.read_rules``)."""

HEADER: dict[str, Any] = {
    "game": TEXT, "id": TEXT, "name": TEXT, "rulebook": TEXT, "description": TEXT, "title": TEXT,
    "card_size": TEXT,
    "players": {"oneOf": [{"type": "array", "items": {"type": "integer"}},
                          {"type": "object", "additionalProperties": False, "required": ["min", "max"],
                           "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}}]},
    "options": {"type": "object", "additionalProperties": {"type": "object"}},
    "rules": RULES_PAGE,
    "deviations": {"type": "object", "additionalProperties": TEXT},
    "languages": {"type": "array", "items": TEXT},
    "translations": {"type": "object", "additionalProperties": {
        "type": "object", "additionalProperties": False,
        "properties": {**{name: TEXT for name in TRANSLATION_FIELDS},
                       "rules": RULES_PAGE, "words": {"type": "object", "additionalProperties": TEXT}},
    }},
}
"""The keys every definition shares, each with its kind (``HEADER_REQUIRED``, ``HEADER_OPTIONAL``)."""


def definition_schema() -> dict[str, Any]:
    """The schema of a definition file: its ``game:`` chooses the keys the file may have."""
    kinds = sorted({d.kind for d in GAMES.builtin_descriptions()})
    cases = []
    for description in sorted(GAMES.builtin_descriptions(), key=lambda d: d.kind):
        keys = description.definition_keys()
        if keys is None:
            continue
        required, optional = keys
        properties = {key: HEADER.get(key, ANY) for key in (*required, *optional)}
        cases.append({"if": {"properties": {"game": {"const": description.kind}}, "required": ["game"]},
                      "then": {"required": list(required), "properties": properties, "additionalProperties": False}})
    assert set(HEADER_REQUIRED + HEADER_OPTIONAL) <= set(HEADER)
    return {
        "$schema": DRAFT,
        "$id": "https://cardforge.invalid/schema/definition.json",
        "title": "cardforge definition (card_defs/*.yaml)",
        "description": "A game's definition: its game kind (game:) decides the keys it has. "
                       "cardforge validate checks the values and says where.",
        "type": "object",
        "required": ["game"],
        "properties": {"game": {"enum": kinds}},
        "allOf": cases,
    }


def _strict(fields: tuple[str, ...], **kinds: Any) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False,
            "properties": {name: kinds.get(name, ANY) for name in fields}}


def layout_schema() -> dict[str, Any]:
    """The schema of a layout file: card sizes, sheets, face templates and their regions, fonts."""
    region = {"oneOf": [{"type": "null"}, _strict((*PLACE, *FILLS, *STYLE), **{p: NUMBER for p in PLACE})]}
    regions = {"type": "object", "additionalProperties": region}
    side = {"type": "object", "additionalProperties": False, "properties": {"regions": regions}}
    face = _strict(FACE_FIELDS, extends=TEXT, base_width=NUMBER, base_height=NUMBER, regions=regions, front=side,
                   back={"oneOf": [{"type": "null"}, side]},
                   icons={"type": "object", "additionalProperties": {"oneOf": [TEXT, _strict(ICON_FIELDS)]}},
                   fallback_fonts={"type": "array", "items": TEXT})
    sections = {
        "cards": {"type": "object", "additionalProperties": _strict(CARD_FIELDS, extends=TEXT)},
        "sheets": {"type": "object", "additionalProperties": _strict(SHEET_FIELDS, extends=TEXT)},
        "faces": {"type": "object", "additionalProperties": face},
        "fonts": {"type": "object", "additionalProperties": {"oneOf": [TEXT, _strict(FONT_FIELDS, file=TEXT)]}},
        "fallback_fonts": {"type": "array", "items": TEXT},
    }
    assert set(sections) == set(SECTIONS)
    return {
        "$schema": DRAFT,
        "$id": "https://cardforge.invalid/schema/layout.json",
        "title": "cardforge layout (layouts/*.yaml)",
        "description": "Card sizes, sheets, face templates and fonts. cardforge validate checks the values.",
        "type": "object",
        "additionalProperties": False,
        "properties": sections,
    }


SCHEMAS = {"definitions": definition_schema, "layouts": layout_schema}
"""Each schema by the files it describes (``cardforge schema NAME``)."""
