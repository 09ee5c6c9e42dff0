"""The findings a build makes beside the definitions' rules (faces laid out, templates, the home
printer's preflight), as rules: their ids and codes are those ``validate`` prints, and the ones
that report a departure rather than a mistake may be declared under ``deviations:`` like any
other (``layout.backs/mixed-backs``, ``preflight/text-too-small``). Their checks run in
``build.check_build``, not here: a definition alone cannot show them."""

from __future__ import annotations

from .registry import Reporter, RulePack, Rule

BUILD = RulePack()


def _build_rule(rule_id: str, codes: tuple[str, ...], rationale: str, declarable: bool = True,
                mistakes: tuple[str, ...] = ()) -> None:
    def made_by_the_build(report: Reporter, game: object) -> None:
        """Reported while the faces are laid out (``build.check_build``)."""

    BUILD.rule(rule_id, codes=codes, rationale=rationale, declarable=declarable,
               mistakes=mistakes)(made_by_the_build)


_build_rule("layout.backs", ("mixed-backs",), """
    Cards printed with different backs can be told apart face down. A deck whose backs differ on
    purpose (a separate pile with its own back) declares it.""")
_build_rule("layout.icons", ("unknown-icon",), """
    A :name: that is no icon of the template is printed as written.""")
_build_rule("layout.markup", ("unknown-tag", "stray-tag", "unclosed-tag", "no-style-face"), """
    Card text marks bold, italic and line breaks with <b>, <i> and <br>; a tag that is not one of
    them is printed as written, and bold or italic needs the font's bold or italic face.""",
            mistakes=("no-style-face",))
_build_rule("layout.images", ("image-unusable", "low-resolution"), """
    Pictures must be readable, and print soft under 300 dpi.""", mistakes=("image-unusable",))
_build_rule("preflight", ("text-too-small", "text-outside-safe-zone", "text-outside-trim", "art-outside-safe-zone",
                          "low-resolution", "background-short-of-bleed", "font-not-embeddable", "missing-glyph",
                          "no-cards", "left-out"), """
    What a printer or a shop would print badly or refuse: text under the smallest printable size
    or outside the safe zone, pictures under 300 dpi, backgrounds short of the bleed; fonts that
    cannot be embedded and characters no font has are mistakes, never departures.""",
            mistakes=("text-outside-trim", "font-not-embeddable", "missing-glyph", "no-cards"))
_build_rule("layout.glyphs", ("missing-glyph",), """
    Every character a face draws must be in its font or a declared fallback font.""", declarable=False)
_build_rule("layout.text-fit", ("text-does-not-fit",), """
    Text that does not fit its region at its smallest size is never cut off.""", declarable=False)
_build_rule("layout.fields", ("unknown-field", "bad-value", "unmatched-condition"), """
    A template names the card fields it draws.""", declarable=False)
_build_rule("layout.templates", ("missing-template", "unknown-field", "unused-template", "cannot-lay-out",
                                 "too-many-pieces", "unknown-size"), """
    A game is drawn with face templates a layout file defines, its components at sizes the layouts
    know.""", declarable=False)
_build_rule("layout.words", ("untranslated-word",), """
    A deck printed in several languages prints every word of its own in each: a template's literal
    words (a back's tagline, a token's label) and the game's words (a suit's name, an action's
    effect) come from the translation's words; one left out prints in the first language.""")
_build_rule("layout.sheet-fit", ("piece-too-large",), """
    Every piece fits the printable area of the sheet.""", declarable=False)


def build_rules() -> tuple[Rule, ...]:
    return tuple(BUILD.rules)
