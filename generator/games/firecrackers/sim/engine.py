"""The Firecrackers engine of one table: definition, player count, rule options and Scoreworks."""

from __future__ import annotations

import random
from typing import Mapping

from generator.model import OptionValue
from ..model import FirecrackersDefinition, ScoreworksCard, ScoreworksDefinition
from generator.sim.base import check_players
from generator.sim.rulesets import read_ruleset
from .actions import EFFECTS
from ..rulebook import CORE_RULE_DESTROY, CORE_RULE_MUST_BUY, CORE_RULES
from .rules import Rules, RuleSettings
from .scoreworks import SIMULATED_KEYS
from .setup import CardTable, check_setup, compile_table, deal, points_bound, shop_layout
from .state import FirecrackersState

CORE_RULES_OPTION = "scoreworks_core_rules"
"""The rule option that plays the Scoreworks core rules; the engine's ``options`` say false for it
when no core rule is in play (no expansion, or an expansion without them), so a run's settings never
report rules that were not played."""


class FirecrackersEngine:
    """Deals and plays Firecrackers games for one table (implements ``api.Engine``)."""

    def __init__(
        self,
        definition: FirecrackersDefinition,
        players: int,
        options: Mapping[str, OptionValue],
        expansion: ScoreworksDefinition | None = None,
        scoreworks: str | None = None,
    ) -> None:
        check_players(definition, players)
        self.definition = definition
        self.players = players
        self.options: Mapping[str, OptionValue] = dict(definition.info.options.resolve(options))
        self.expansion = expansion
        self.table: CardTable = compile_table(definition, players)
        unknown = sorted({a for a in self.table.action if a is not None} - set(EFFECTS))
        if unknown:
            raise ValueError(f"no simulated effect for action(s): {', '.join(unknown)}")
        check_setup(definition, self.table, players)
        fixed: ScoreworksCard | None = None
        cards: tuple[ScoreworksCard, ...] = ()
        if scoreworks is not None and expansion is None:
            raise ValueError("a Scoreworks card was named but the Scoreworks expansion is not in play")
        if expansion is not None:
            cards = expansion.cards()
            missing = sorted(c.key for c in cards if c.key not in SIMULATED_KEYS)
            if missing:
                raise ValueError(f"no simulated scoring rule for Scoreworks card(s): {', '.join(missing)}")
            if scoreworks is not None:
                try:
                    fixed = expansion.card(scoreworks)
                except KeyError:
                    keys = ", ".join(c.key for c in cards)
                    raise ValueError(f"unknown Scoreworks card '{scoreworks}' (cards: {keys})") from None
            if not cards:
                raise ValueError("the Scoreworks expansion has no cards")
        core = {rule.key for rule in expansion.core_rules} if expansion is not None else set()
        unplayable = sorted(core - set(CORE_RULES))
        if unplayable:
            raise ValueError(f"no simulated Scoreworks core rule(s): {', '.join(unplayable)} "
                             f"(the expansion's are {', '.join(CORE_RULES)})")
        settings = read_ruleset(RuleSettings, self.options, game=definition.info.id)
        play_core = settings.scoreworks_core_rules and bool(core)
        if CORE_RULES_OPTION in self.options:
            self.options = {**self.options, CORE_RULES_OPTION: play_core}
        pile_of_kind, piles = shop_layout(self.table, open_shop=settings.shop == "open")
        self.rules = Rules(
            settings=settings,
            must_buy=play_core and CORE_RULE_MUST_BUY in core,
            last_alive_destroy=play_core and CORE_RULE_DESTROY in core,
            scoreworks_cards=cards,
            fixed_scoreworks=fixed,
            points_bound=points_bound(self.table),
            kinds_by_cost=tuple(sorted((k.cost, k.index) for k in self.table.kinds)),
            pile_of_kind=pile_of_kind,
            piles=piles,
        )

    def new_game(self, rng: random.Random) -> FirecrackersState:
        """Draw the Scoreworks card (unless fixed), deal the starting decks and start round 1."""
        card = self.rules.fixed_scoreworks
        if card is None and self.rules.scoreworks_cards:
            card = rng.choice(self.rules.scoreworks_cards)
        dealt = deal(self.definition, self.table, self.players, rng)
        return FirecrackersState(self.table, self.rules, EFFECTS, self.players, rng, dealt, card)


def make_engine(
    definition: FirecrackersDefinition,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
    *,
    expansion: ScoreworksDefinition | None = None,
    scoreworks: str | None = None,
) -> FirecrackersEngine:
    """The engine of a table; ``scoreworks`` fixes the Scoreworks card (None: drawn at random with
    the game's rng). Raises ValueError for a table the definition cannot deal or simulate."""
    return FirecrackersEngine(definition, players, options or {}, expansion, scoreworks)
