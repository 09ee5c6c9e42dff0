"""Rules every game shares: unique card ids, positive counts, hand sizes for every player count, and
declared deviations that name rules and codes which exist."""

from __future__ import annotations

from collections import Counter

from ..model import GameDefinition
from ..model.definition import DealsHands, DeclaresCounts
from ..model.source import SourceLoc
from ..model.suggest import closest
from .findings import Severity
from .registry import Reporter, RulePack

GENERIC = RulePack()
"""The rules every game is checked against, whatever its kind."""


def card_ids(game: GameDefinition) -> list[tuple[str, SourceLoc]]:
    """Every physical card id of a game (the whole box) with the place that defines it."""
    return [(card.id, card.loc) for card in game.cards()]


@GENERIC.rule(
    "generic.unique-ids",
    codes=("duplicate-card-id",),
    declarable=False,
    rationale="""
    Card ids name cards in manifests, simulator logs and error messages; two cards with one id
    could not be told apart when cutting, sleeving or reading a replay.
    """,
)
def unique_ids(report: Reporter, game: GameDefinition) -> None:
    cards = card_ids(game)
    counts = Counter(card_id for card_id, _ in cards)
    reported: set[str] = set()
    for card_id, loc in cards:
        if counts[card_id] > 1 and card_id not in reported:
            reported.add(card_id)
            report("duplicate-card-id", loc, f"card id '{card_id}' is used by {counts[card_id]} cards")


@GENERIC.rule(
    "generic.positive-counts",
    codes=("non-positive-count",),
    declarable=False,
    rationale="""
    A count of zero or less is always a typing mistake: leave the entry out to have none.
    (The loader refuses them in files; this rule also guards definitions built by tools.)
    """,
)
def positive_counts(report: Reporter, game: GameDefinition) -> None:
    if not isinstance(game, DeclaresCounts):
        return
    for what, count, loc in game.declared_counts():
        if count < 1:
            report("non-positive-count", loc, f"{what}: count {count} must be at least 1")


@GENERIC.rule(
    "generic.hand-sizes",
    codes=("missing-hand-size", "hand-size-unused", "deck-too-small"),
    declarable=False,
    rationale="""
    Every player count the game declares needs a hand size, and the deck must hold every hand
    with cards left to draw, or the game cannot even be dealt.
    """,
)
def hand_sizes(report: Reporter, game: GameDefinition) -> None:
    if not isinstance(game, DealsHands):
        return
    sizes = {entry.players: entry for entry in game.hand_sizes}
    deck = len(game.cards())
    for players in game.info.players:
        if players not in sizes:
            report("missing-hand-size", game.info.loc,
                   f"no hand size for {players} players (the game declares players {_players(game)})")
        elif players * sizes[players].value >= deck:
            report("deck-too-small", sizes[players].loc,
                   f"{players} hands of {sizes[players].value} cards need more than the {deck} cards of the deck")
    for players, entry in sizes.items():
        if players not in game.info.players:
            report("hand-size-unused", entry.loc,
                   f"a hand size for {players} players, but the game declares players {_players(game)}",
                   Severity.WARNING)


def _players(game: GameDefinition) -> str:
    return ", ".join(str(p) for p in game.info.players)


DEVIATIONS_RULE_ID = "generic.deviations"
STALE_CODE = "stale-deviation"


@GENERIC.rule(
    DEVIATIONS_RULE_ID,
    codes=("unknown-rule", "not-declarable", STALE_CODE),
    declarable=False,
    rationale="""
    A definition declares its deliberate departures from the rulebook under `deviations`, as
    `rule-id/code: reason`; the findings they name are then notes. A declaration must name a rule
    and code of its game that can be declared (a duplicate card id or a missing hand size is a
    mistake, never a departure), and one that matches no finding any more is stale: the deck went
    back to the rulebook, or the rule changed, and the declaration would hide a future finding.
    """,
)
def deviations(report: Reporter, game: GameDefinition) -> None:
    rules = {rule.id: rule for rule in report.declarable}
    for deviation in game.info.deviations:
        rule = rules.get(deviation.rule_id)
        if rule is None:
            known = sorted(key for key, known_rule in rules.items() if known_rule.declarable)
            close = closest(deviation.rule_id, known)
            hint = f"did you mean '{close}'?" if close else f"its rules: {', '.join(known)}"
            report("unknown-rule", deviation.loc, f"deviation '{deviation.key}': {game.info.id} has no rule "
                                                  f"'{deviation.rule_id}' ({hint})")
        elif deviation.code is not None and deviation.code not in rule.codes:
            close = closest(deviation.code, list(rule.codes))
            hint = f"did you mean '{close}'?" if close else f"its codes: {', '.join(rule.codes)}"
            report("unknown-rule", deviation.loc, f"deviation '{deviation.key}': rule {rule.id} has no code "
                                                  f"'{deviation.code}' ({hint})")
        elif not rule.declares(deviation.code):
            what = f"findings of {rule.id}" if not rule.declarable or deviation.code is None else \
                f"{rule.id}/{deviation.code} findings"
            report("not-declarable", deviation.loc, f"deviation '{deviation.key}': {what} are "
                                                    "mistakes in the file, not departures from the rulebook; fix them")


@GENERIC.rule(
    "generic.translations",
    severity=Severity.WARNING,
    codes=("missing-translation",),
    rationale="""
    A deck printed in another of its languages shows the words of the first where a translation
    is missing: a German deck with an English rules page. Each language the definition names
    should have its translations, the rules page included when the deck has one.
    """,
)
def translations(report: Reporter, game: GameDefinition) -> None:
    info = game.info
    for language in info.languages[1:]:
        found = info.translation(language)
        if found is None:
            report("missing-translation", info.languages_loc if info.languages_loc.line else info.loc,
                   f"{info.id} is in {language}, but translations gives nothing for it: its words print in "
                   f"{info.languages[0]} (add translations: {{{language}: {{rules: ...}}}})")
            continue
        if info.rules is not None and found.rules is None:
            report("missing-translation", found.loc,
                   f"the rules page has no {language} translation: the {language} deck prints it in {info.languages[0]}")
        if info.title and not found.title:
            report("missing-translation", found.loc,
                   f"the title '{info.title}' has no {language} translation (title:): the {language} deck prints it "
                   "as written")
