"""Running validation: every applicable rule on every game, all findings collected in file order,
the departures each definition declares as deliberate reported as notes (``deviations``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

from ..layout.kit import FitProblem
from ..model import GameDefinition
from ..model.source import UNKNOWN_LOC, SourceLoc
from .deviations import apply_deviations
from .findings import Finding, Note, Severity
from .gamerules import GameRules, declarable_rules, rules_for
from .generic import card_ids
from .registry import Reporter

FIT_RULE_ID = "layout.text-fit"
TEXT_CODES = frozenset({"unknown-icon", "unknown-tag", "unclosed-tag", "stray-tag", "no-style-face", "missing-glyph"})
"""Problems of what a text says (not of its size): placed at the template region when the
template's own words have it, else at the card's text."""


def _rule_findings(game: GameDefinition, games: GameRules) -> list[Finding]:
    findings: list[Finding] = []
    declarable = declarable_rules(game, games)
    for rule in rules_for(game, games):
        reporter = Reporter(rule, game, declarable)
        rule.check(reporter, game)
        findings.extend(reporter.findings)
    return findings


def validate_game(game: GameDefinition, catalog: GameRules) -> list[Finding]:
    """Every finding of every rule that applies to ``game`` (never stops at the first); those its
    declared deviations cover are notes. ``catalog`` tells each definition's game (the
    application's game catalog, ``generator.app.catalog.GAMES``)."""
    return apply_deviations([(game, _rule_findings(game, catalog))], catalog)


def rule_findings(games: Sequence[GameDefinition], catalog: GameRules) -> list[tuple[GameDefinition, list[Finding]]]:
    """Every game with the findings of its rules, before its declared deviations are applied."""
    return [(game, _rule_findings(game, catalog)) for game in games]


def validate_games(
    games: Sequence[GameDefinition], catalog: GameRules, *, fit_problems: Iterable[FitProblem] = (),
    extra: Iterable[Finding] = (), checked: Sequence[tuple[GameDefinition, list[Finding]]] | None = None,
    built: bool = False,
) -> list[Finding]:
    """Findings of all ``games`` plus text-fit problems found while laying out their faces, in file order.

    A fit problem is placed at the definition of the card it names (or of its game when the piece
    is not a card, such as a token). ``extra`` are the other findings a build made (templates,
    preflight): each game's declared deviations apply to them too, and with ``built`` a
    declaration of such a finding that covers none is stale. ``checked`` gives the rules'
    findings when they were found already (``rule_findings``)."""
    raw = list(checked) if checked is not None else rule_findings(games, catalog)
    laid = [*fit_findings(games, fit_problems), *extra]
    ids = {game.info.id for game, _ in raw}
    pairs = [(game, [*found, *(f for f in laid if f.game_id == game.info.id)]) for game, found in raw]
    findings = _once(apply_deviations(pairs, catalog, built=built))
    return repeated_once(sorted([*findings, *(f for f in laid if f.game_id not in ids)]))


REPEATED_AT = 4
"""Findings of one template mistake on this many faces or more are reported once."""
SHOWN_PLACES = 3


def repeated_once(findings: Sequence[Finding]) -> list[Finding]:
    """One finding for a mistake repeated over cards and languages (a region too small for every
    card's text: 90 findings, one per card and language): the first, with the count and the first
    places; a mistake of fewer faces stays one finding per face. Faces are grouped by rule, code,
    severity and the template region that draws them (their note), else their place."""
    groups: dict[tuple[object, ...], list[Finding]] = {}
    for finding in findings:
        region = next((n.loc for n in finding.notes if n.message.startswith("the region '")), finding.loc)
        key = (finding.rule_id, finding.code, finding.severity, region) if finding.message.startswith("card ") \
            else (id(finding),)
        groups.setdefault(key, []).append(finding)
    kept: list[Finding] = []
    for group in groups.values():
        if len(group) < REPEATED_AT:
            kept += group
            continue
        first = group[0]
        firsts: dict[str, Finding] = {}  # each card's first finding, by "card ID"
        for f in group:
            firsts.setdefault(f.message.split(":", 1)[0], f)
        cards = [name.removeprefix("card ") for name in firsts]
        shown = ", ".join(cards[:SHOWN_PLACES]) + (f" and {len(cards) - SHOWN_PLACES} more" if len(cards) > SHOWN_PLACES
                                                   else "")
        places = tuple(Note(f.loc, f"{name} is here") for name, f in list(firsts.items())[1:SHOWN_PLACES])
        kept.append(replace(first, message=f"{first.message} (the same {len(group)} times, on "
                                           f"{len(cards)} card{'s' if len(cards) != 1 else ''}: {shown})",
                            notes=first.notes + places))
    return sorted(kept)


def fit_findings(games: Sequence[GameDefinition], fit_problems: Iterable[FitProblem], owner: str = "") -> list[Finding]:
    """The findings of faces that could not be drawn as their templates say, each once, placed at
    the definition of the card they name (see ``validate_games``); a problem of no card (a deck's
    mixed backs) belongs to the game ``owner``."""
    problems = list(fit_problems)
    if not problems:
        return []  # (without listing every card of every game: a check of a kit that fits asks for each)
    findings: list[Finding] = []
    places = _piece_places(games)
    seen: set[tuple[object, ...]] = set()
    for problem in problems:
        game_id, loc = places.get(problem.piece_id, (owner, games[0].info.loc if games else UNKNOWN_LOC))
        finding = fit_finding(problem, loc, game_id)
        # one finding per text and region (not per copy), and per mistake of a region (not per card)
        key = (finding.loc, problem.region) if problem.rule == FIT_RULE_ID else (
            problem.rule, problem.code, problem.region_loc, problem.message)
        if key not in seen:
            seen.add(key)
            findings.append(finding)
    return findings


_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


def _once(findings: Iterable[Finding]) -> list[Finding]:
    """Each finding once (a variant repeats its base game's findings at the same lines): one per
    place, rule, code and message, so two findings of one rule at one place (two black actions on
    no card) both stay; where the games disagree on its severity (one declares it, the other does
    not), the most severe is kept."""
    kept: dict[tuple[SourceLoc, str, str, str], Finding] = {}
    for finding in findings:
        key = (finding.loc, finding.rule_id, finding.code, finding.message)
        earlier = kept.get(key)
        if earlier is None or _RANK[finding.severity] < _RANK[earlier.severity]:
            kept[key] = finding
    return list(kept.values())


def _piece_places(games: Sequence[GameDefinition]) -> dict[str, tuple[str, SourceLoc]]:
    places: dict[str, tuple[str, SourceLoc]] = {}
    for game in games:
        for card_id, loc in card_ids(game):
            places.setdefault(card_id, (game.info.id, loc))
    return places


def fit_finding(problem: FitProblem, loc: SourceLoc, game_id: str = "") -> Finding:
    """Text that does not fit its box at the minimum size: an error naming the card (never clipped),
    at the definition that holds the text (or the card's), with a note at the layout region."""
    notes: tuple[Note, ...] = ()
    fits = problem.rule == FIT_RULE_ID
    if problem.region_loc.line:
        advice = ": make it larger, or its min_pt smaller, if the text should stay as it is" if fits else ""
        notes = (Note(problem.region_loc, f"the region '{problem.region}' is here{advice}"),)
    what = f"the {problem.region} text does not fit: " if fits else f"region '{problem.region}': " if problem.region else ""
    place = problem.source_loc if problem.source_loc.line else loc
    if problem.code in TEXT_CODES and not problem.source_loc.line and problem.region_loc.line:
        place, notes = problem.region_loc, ()  # the template's own text: the region is the place
    if problem.code == "unknown-field" and problem.region_loc.line:
        # a field no card has is the template's mistake (a misspelt placeholder): point at the template
        notes = (Note(place, f"card {problem.piece_id} is here"),)
        place = problem.region_loc
    notes += tuple(Note(at, text) for at, text in problem.notes)
    return Finding(
        place,
        problem.rule,
        problem.code,
        Severity.WARNING if problem.warning else Severity.ERROR,
        (f"card {problem.piece_id}: " if problem.piece_id else "") + f"{what}{problem.message}",
        game_id,
        notes,
    )


def has_errors(findings: Iterable[Finding]) -> bool:
    return any(f.is_error for f in findings)
