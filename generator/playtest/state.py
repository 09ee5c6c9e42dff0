"""One game in progress of a rules file: the players and whose turn it is, the zones and the cards
in them, the rule options, the random generator, and the designer's own values.

A rules file reads and changes the game through this object only:

- players and turn order: ``state.players``, ``state.current``, ``end_turn()``, ``next_player()``,
  ``others()``; rounds with ``end_round()`` (each seat's score is recorded after each round);
- zones: ``new_zone()``/``new_zones()`` at setup, ``zone(name, owner)``; cards move with
  ``move()``, ``draw()``, ``deal()`` and ``shuffle()``, which keep every card in exactly one zone;
  ``where(card)`` says which;
- the definition: ``state.components`` (component name -> its cards, typed from the card list),
  ``state.cards`` (every card), ``state.options`` (the rule options, after ``--rule``);
- randomness: ``state.rng`` only (the generator the simulator gives each game);
- your own values: any other attribute (``state.phase = "draw"``, ``state.bank = [0, 0]``): plain
  data (numbers, text, cards, zones, lists, dicts, tuples, sets), copied with the game. They are
  public: hidden information lives in zones.

The simulator drives the game through the methods of ``generator.sim.api.GameState``
(``legal_actions``, ``apply``, ``scores``...), which call the rules file's functions; a rules file
does not call them itself.
"""

from __future__ import annotations

import copy
import math
import random
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence

from ..sim.api import TERMINAL, IllegalAction
from ..sim.callclock import CLOCK, MISTAKES
from ..sim.errors import GameError
from .cards import Card
from .zones import Visibility, Zone, copy_zones, put, put_bottom, refill, take, take_top

Action = Any
"""An action is any value that can be compared and hashed: text, numbers, cards, zones and tuples
of them (``("play", card, "apple")``). Traces write it with cards and zones by name."""


class Rules(Protocol):
    """What a state asks of the rules it is played by (``generator.playtest.rulesfile`` loads them)."""

    limit: int
    """Decisions after which a game that has not ended is a rules gap."""

    def actions(self, state: "State") -> Sequence[Action]: ...

    def play(self, state: "State", action: Action) -> None: ...

    def is_over(self, state: "State") -> bool: ...

    def scores(self, state: "State") -> Sequence[float]: ...

    def words(self, state: "State", action: Action) -> str: ...

    def facts(self, state: "State") -> Mapping[str, Any]: ...

    def evaluate(self, state: "State", player: int) -> float: ...

    def evaluate_each(self, state: "State") -> list[float]: ...

    def failure(self, exc: BaseException, state: "State", during: str) -> GameError: ...

    def gap(self, code: str, message: str, function: str, state: "State") -> GameError: ...


_PLAIN = (int, float, str, bool, type(None), Card, frozenset, bytes, Visibility)


def _copied(value: Any, zones: Mapping[tuple[str, int | None], Zone]) -> Any:
    """A designer's value for a copy of the game: plain data copied, cards shared (they never
    change), zones replaced by the copy's zone of the same name and owner."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [v if type(v) in _PLAIN else _copied(v, zones) for v in value]
    if kind is dict:
        return {k: _copied(v, zones) for k, v in value.items()}
    if kind is tuple:
        return tuple(_copied(v, zones) for v in value)
    if kind is set:
        return {_copied(v, zones) for v in value}
    if kind is Zone:
        return zones[value._key]
    memo: dict[int, Any] = {id(z): zones[z._key] for z in zones.values()}
    return copy.deepcopy(value, memo)


class State:
    """One game in progress (see the module docstring)."""

    __slots__ = ("_rules", "_players", "_current", "_zones", "_where", "_seen", "_rng", "_options",
                 "_components", "_cards", "_legal", "_history", "_decisions", "_turns", "_rounds", "_standings",
                 "_over", "_lowest", "_watched", "__dict__")

    if TYPE_CHECKING:  # a rules file keeps its own values as attributes: state.phase = "draw"
        def __setattr__(self, name: str, value: Any) -> None: ...

    def __init__(self, rules: Rules, players: int, components: Mapping[str, Sequence[Card]],
                 options: Mapping[str, Any], rng: random.Random, *, lowest_wins: bool = False) -> None:
        self._rules = rules
        self._lowest = lowest_wins
        self._watched = True
        """The game itself, not a copy a bot searches: its legal actions are checked for cards
        hidden from the player, and its cards counted after each decision (not in every copy: a
        copy counts them when its game ends)."""
        self._players = tuple(range(players))
        self._current = 0
        self._zones: dict[tuple[str, int | None], Zone] = {}
        self._where: dict[Card, tuple[str, int | None]] = {}
        """Each card's zone, by the zone's name and owner (a copy of the game copies this at once)."""
        self._seen: dict[Card, int] = {}
        """Each card's watchers, as bits: the players who saw it go where it is (it came from a zone
        they see, or is in one), though its zone may be hidden from them: a card taken from the
        market into a hand. A determinisation leaves these cards where their watcher saw them go."""
        self._rng = rng
        self._options = MappingProxyType(dict(options))
        self._components = MappingProxyType({name: tuple(cards) for name, cards in components.items()})
        self._cards = tuple(card for cards in self._components.values() for card in cards)
        self._legal: list[Action] | None = None
        self._history: list[Action] = []
        self._decisions = 0
        self._turns = 0
        self._rounds = 0
        self._standings: list[list[float]] = []
        self._over = False

    # ------------------------------------------------------------------ what the rules file reads
    @property
    def players(self) -> tuple[int, ...]:
        """The players, numbered from 0 in turn order (player 0 starts unless setup says otherwise)."""
        return self._players

    @property
    def current(self) -> int:
        """The player to act."""
        return self._current

    @current.setter
    def current(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < len(self._players):
            raise ValueError(f"there is no player {player!r} (players 0 to {len(self._players) - 1})")
        self._current = player

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest score wins (the definition's ``scoring: lowest``)."""
        return self._lowest

    @property
    def rng(self) -> random.Random:
        """The game's only source of randomness (shuffles, dice): the same seed, the same game."""
        return self._rng

    @property
    def options(self) -> Mapping[str, Any]:
        """The definition's rule options (``options:``), with ``--rule`` and ``--set`` applied."""
        return self._options

    @property
    def components(self) -> Mapping[str, tuple[Card, ...]]:
        """Every component of the definition by name, each the tuple of its physical cards in card-list
        order (a definition with one card list has one component, ``deck``)."""
        return self._components

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of every component."""
        return self._cards

    @property
    def turn(self) -> int:
        """Turns ended so far (``end_turn`` calls)."""
        return self._turns

    @property
    def round(self) -> int:
        """Rounds ended so far (``end_round`` calls)."""
        return self._rounds

    @property
    def decisions(self) -> int:
        """Actions applied so far."""
        return self._decisions

    # ------------------------------------------------------------------ turn order
    def end_turn(self, to: int | None = None) -> None:
        """End the current player's turn: the next player in turn order acts, or player ``to``."""
        self._turns += 1
        if to is None:
            current = self._current + 1
            self._current = 0 if current == len(self._players) else current
        else:
            self.current = to

    def next_player(self, player: int | None = None) -> int:
        """The player after ``player`` (default: the current one) in turn order."""
        after = (self._current if player is None else player) + 1
        return 0 if after == len(self._players) else after

    def others(self, player: int | None = None) -> tuple[int, ...]:
        """Every other player, in turn order after ``player`` (default: the current one)."""
        start = self._current if player is None else player
        count = len(self._players)
        return tuple((start + i) % count for i in range(1, count))

    def end_round(self) -> None:
        """Mark the end of a round: the scores of every player are recorded (the reports measure
        lead changes and how far behind the winner was from them)."""
        self._rounds += 1
        self._standings.append(self._checked_scores())

    # ------------------------------------------------------------------ zones
    def new_zone(self, name: str, owner: int | None = None, *, visible: Visibility | str = Visibility.PUBLIC,
                 cards: Iterable[Card] = ()) -> Zone:
        """A new zone holding ``cards`` (each card not yet in a zone, usually at setup): ``owner`` a
        player or None; ``visible`` who knows its cards (``public``, ``owner``, ``others``,
        ``hidden``: see ``Visibility``)."""
        visibility = Visibility(visible)
        if owner is not None and (type(owner) is not int or not 0 <= owner < len(self._players)):
            raise ValueError(f"zone '{name}': there is no player {owner!r} to own it")
        if owner is None and visibility in (Visibility.OWNER, Visibility.OTHERS):
            raise ValueError(f"zone '{name}': only a zone with an owner can be visible to its '{visibility.value}'")
        key = (name, owner)
        if key in self._zones:
            raise ValueError(f"zone '{self._zones[key].label}' already exists")
        zone = Zone(name, owner, visibility, len(self._players))
        where, seen = self._where, self._seen
        seers = zone._seers
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"zone '{zone.label}': {card!r} is not a card of this game")
            if card in where:
                raise ValueError(f"card '{card.id}' is already in zone '{self._zones[where[card]].label}': a card "
                                 "is in one zone (move it instead)")
            where[card] = key
            seen[card] = seers
            put(zone, card)
        self._zones[key] = zone
        return zone

    def new_zones(self, name: str, *, visible: Visibility | str = Visibility.OWNER) -> tuple[Zone, ...]:
        """One empty zone ``name`` for each player, in player order (hands: ``visible="owner"``)."""
        return tuple(self.new_zone(name, player, visible=visible) for player in self._players)

    def zone(self, name: str, owner: int | None = None) -> Zone:
        """The zone ``name`` of ``owner`` (None: a zone nobody owns)."""
        try:
            return self._zones[(name, owner)]
        except KeyError:
            known = ", ".join(sorted({z.label for z in self._zones.values()})) or "none yet"
            label = name if owner is None else f"{name}:{owner}"
            raise KeyError(f"no zone '{label}' (zones: {known})") from None

    @property
    def zones(self) -> tuple[Zone, ...]:
        """Every zone, in the order they were made."""
        return tuple(self._zones.values())

    def where(self, card: Card) -> Zone:
        """The zone that holds ``card``."""
        try:
            return self._zones[self._where[card]]
        except KeyError:
            raise self._not_placed(card) from None

    def _local(self, zone: Zone) -> Zone:
        """This game's zone of ``zone``'s name and owner (an action may hold a zone of another copy)."""
        try:
            return self._zones[zone._key]
        except (KeyError, AttributeError):
            if not isinstance(zone, Zone):
                raise TypeError(f"{zone!r} is not a zone") from None
            raise KeyError(f"no zone '{zone.label}' in this game") from None

    def _not_placed(self, card: Any) -> Exception:
        if not isinstance(card, Card):
            return TypeError(f"{card!r} is not a card")
        return KeyError(f"card '{card.id}' is in no zone of this game")

    def move(self, card: Card, to: Zone, *, bottom: bool = False) -> None:
        """Move ``card`` from wherever it is to the top of ``to`` (to its bottom with ``bottom``)."""
        key = self._where.get(card)
        if key is None:
            raise self._not_placed(card)
        source = self._zones[key]
        target = self._zones.get(to._key) if isinstance(to, Zone) else None
        if target is None:
            target = self._local(to)
        take(source, card)
        if bottom:
            put_bottom(target, card)
        else:
            put(target, card)
        self._where[card] = target._key
        self._seen[card] = source._seers | target._seers

    def draw(self, source: Zone, to: Zone, count: int = 1) -> list[Card]:
        """Move the top ``count`` cards of ``source`` to ``to``, one at a time (fewer when ``source``
        runs out); returns them in the order drawn."""
        source, target = self._local(source), self._local(to)
        where, seen = self._where, self._seen
        key = target._key
        seers = source._seers | target._seers
        drawn: list[Card] = []
        for _ in range(min(count, len(source))):
            card = take_top(source)
            put(target, card)
            where[card] = key
            seen[card] = seers
            drawn.append(card)
        return drawn

    def deal(self, source: Zone, to: Sequence[Zone], count: int) -> None:
        """Deal ``count`` cards from the top of ``source`` to each zone of ``to``, one at a time in turn
        (ValueError when ``source`` holds too few)."""
        needed = count * len(to)
        if needed > len(source):
            raise ValueError(f"cannot deal {count} cards to {len(to)} zones: '{source.label}' holds {len(source)}")
        for _ in range(count):
            for zone in to:
                self.draw(source, zone)

    def shuffle(self, zone: Zone) -> None:
        """Shuffle ``zone`` with the game's generator."""
        zone = self._local(zone)
        cards = list(zone)
        self._rng.shuffle(cards)
        refill(zone, cards)
        seen, seers = self._seen, zone._seers
        for card in cards:  # who cannot see the zone no longer knows where in it a card is
            seen[card] &= seers

    def can_see(self, player: int, zone: Zone) -> bool:
        """Whether ``player`` knows the cards of ``zone``."""
        return zone.visible_to(player)

    # ------------------------------------------------------------------ copies
    def clone(self, rng: random.Random | None = None) -> "State":
        """An independent copy of the game; its generator is a copy of this one's, or ``rng``."""
        new = State.__new__(State)
        zones = copy_zones(self._zones)
        new._rules = self._rules
        new._players = self._players
        new._current = self._current
        new._zones = zones
        new._where = self._where.copy()
        new._seen = self._seen.copy()
        if rng is None:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
        new._rng = rng
        new._options = self._options
        new._components = self._components
        new._cards = self._cards
        new._legal = None
        new._history = self._history[:]
        new._decisions = self._decisions
        new._turns = self._turns
        new._rounds = self._rounds
        new._standings = [row[:] for row in self._standings]
        new._over = self._over
        new._lowest = self._lowest
        new._watched = False
        if self.__dict__:
            new.__dict__.update({name: _copied(value, zones) for name, value in self.__dict__.items()})
        return new

    def determinize(self, observer: int, rng: random.Random) -> "State":
        """A copy of the game as ``observer`` could believe it to be: the cards of every zone
        ``observer`` cannot see are dealt again at random among those zones (each keeps its size,
        and as many pieces of each component as it held: a hidden hand of ships is dealt ships, a
        hidden voyage a voyage), but for those ``observer`` saw go where they are (a card taken from
        the market into a hand stays there), and the copy draws its randomness from ``rng``. What
        general bots search."""
        new = self.clone(rng)
        bit = 1 << observer
        hidden = [zone for zone in new._zones.values() if zone and not zone._seers & bit]
        if not hidden:
            return new
        seen = new._seen
        pool = [card for zone in hidden for card in zone if not seen[card] & bit]
        if not pool:
            return new
        kinds = {card.component for card in pool} if len(self._components) > 1 else ()
        dealt: dict[str, Callable[[], Card]] | None = None
        if len(kinds) > 1:  # each hidden place keeps the component it holds: a hand of ships stays ships
            by_kind = {kind: [card for card in pool if card.component == kind] for kind in sorted(kinds)}
            for cards in by_kind.values():
                rng.shuffle(cards)
            dealt = {kind: iter(cards).__next__ for kind, cards in by_kind.items()}
        else:
            rng.shuffle(pool)
            following = iter(pool).__next__
        where = new._where
        for zone in hidden:
            seers = zone._seers  # in the copy, who else knows a card is unknown: its zone's seers
            known = seers | bit
            key = zone._key
            cards = list(zone)
            for index, card in enumerate(cards):
                if seen[card] & bit:  # the observer saw it go here: it stays
                    seen[card] = known
                else:
                    card = cards[index] = following() if dealt is None else dealt[card.component]()
                    seen[card] = seers
                    where[card] = key
            refill(zone, cards)
        return new

    # ------------------------------------------------------------------ the simulator's interface
    def current_player(self) -> int:
        return TERMINAL if self._over else self._current

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            if self._over:
                return []
            rules = self._rules
            clock = CLOCK  # the call's time bound (generator.sim.callclock)
            clock.depth += 1
            clock.calls += 1
            try:
                found = rules.actions(self)
                legal = found if type(found) is list else list(found)
            except GameError:
                raise
            except MISTAKES as exc:  # sys.exit() in the rules is their mistake
                raise rules.failure(exc, self, "actions") from None
            finally:
                clock.depth -= 1
            if not legal:
                raise rules.gap("no-legal-action", f"player {self._current} has no legal action and the game is not "
                                "over (actions() gave none; is_over() said no)", "actions", self)
            if self._watched:
                self._check_hidden(legal)
            self._legal = legal
        return legal

    def _check_hidden(self, legal: list[Action]) -> None:
        """No legal action names a card its player may not see: the list of actions is what the player
        is shown, so such an action tells them the card (a rules gap at ``actions``; name a
        face-down card by its place instead, such as its zone and position)."""
        player = self._current
        where, zones = self._where, self._zones
        for action in legal:
            parts = action if type(action) is tuple else (action,)
            for part in parts:
                if isinstance(part, Card):
                    zone = zones.get(where.get(part))  # type: ignore[arg-type]
                    if zone is not None and not zone.visible_to(player):
                        raise self._rules.gap(
                            "hidden-card", f"actions() names card '{part.id}' in zone '{zone.label}', which player "
                            f"{player} cannot see ({default_words(action)}): a list of actions is shown to its "
                            "player; name a face-down card by its place (the zone and a position) instead",
                            "actions", self)

    def apply(self, action: Action) -> None:
        legal = self._legal if self._legal is not None else self.legal_actions()
        try:
            action = legal[legal.index(action)]  # this game's own value (an action may name a zone)
        except ValueError:
            if self._over:
                raise IllegalAction("the game is over") from None
            raise IllegalAction(f"player {self._current} cannot {default_words(action)} now") from None
        self._play(action)

    def _play(self, action: Action) -> None:
        """Apply a legal action (the search bots' fast path: ``action`` comes from ``legal_actions``)."""
        self._legal = None
        self._history.append(action)
        self._decisions += 1
        rules = self._rules
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            rules.play(self, action)
            clock.calls += 1
            over = rules.is_over(self)
        except GameError:
            raise
        except MISTAKES as exc:
            raise rules.failure(exc, self, "play") from None
        finally:
            clock.depth -= 1
        if self._watched and sum(map(len, self._zones.values())) != len(self._cards):
            self._check_cards("play")  # a card left every zone, or is in two (in a copy: found when it ends)
        if over:
            self._over = True
            self._check_cards("play")
        elif self._decisions >= rules.limit:
            raise rules.gap("no-end", f"the game has not ended after {self._decisions:,} decisions "
                            "(is_over() never said yes)", "is_over", self)

    def is_terminal(self) -> bool:
        return self._over

    def scores(self) -> list[float]:
        return self._checked_scores()

    def _checked_scores(self) -> list[float]:
        rules = self._rules
        clock = CLOCK
        clock.depth += 1
        clock.calls += 1
        try:
            given = rules.scores(self)
            values = list(given)
        except GameError:
            raise
        except TypeError as exc:
            raise rules.gap("score-not-number", f"scores() should give one number per player, not {exc}",
                            "scores", self) from None
        except MISTAKES as exc:
            raise rules.failure(exc, self, "scores") from None
        finally:
            clock.depth -= 1
        count = len(self._players)
        if len(values) != count:
            raise rules.gap("score-not-number", f"scores() gave {len(values)} values for {count} players",
                            "scores", self)
        result: list[float] = []
        for player, value in enumerate(values):
            if type(value) is bool or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise rules.gap("score-not-number", f"the score of player {player} is {value!r}, not a number",
                                "scores", self)
            result.append(float(value))
        return result

    def observation(self, seat: int) -> "View":
        return View(self, seat)

    def check_invariants(self) -> None:
        self._check_cards("play" if self._history else "setup")

    def _check_cards(self, during: str = "setup") -> None:
        """Every card of the game in exactly one zone (a rules gap otherwise, located at ``during``:
        the rules function that ran when it went wrong; each decision counts the cards, so a card
        lost in ``play()`` is reported at the decision that lost it)."""
        seen: dict[Card, Zone] = {}
        for zone in self._zones.values():
            for card in zone:
                if card in seen:
                    raise self._rules.gap("card-twice", f"card '{card.id}' is in zone '{seen[card].label}' and in "
                                          f"zone '{zone.label}'", "play", self)
                seen[card] = zone
        for card in self._cards:
            if card not in seen:
                raise self._rules.gap("card-lost", f"card '{card.id}' is in no zone (put the cards out of play "
                                      "in a zone of their own, such as a hidden 'box'; cards move only with move, "
                                      "draw and deal)", during, self)
        if len(seen) != len(self._cards) or any(self._where.get(card) != zone._key for card, zone in seen.items()):
            raise self._rules.gap("card-twice", "a zone holds a card that is not one of the game's, or the "
                                  "game lost track of where a card is (cards move only with move, draw and deal)",
                                  "play", self)

    @property
    def turns(self) -> int:
        return self._turns

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._history)

    def evaluate(self, player: int) -> float:
        """How good the game is for ``player`` now, as ``greedy`` sees it: the rules'
        ``heuristic``, else the player's lead over the best other player, by the rules' ``worth``
        or else the score (their score minus the player's when the lowest score wins)."""
        return self._rules.evaluate(self, player)

    def evaluate_each(self) -> list[float]:
        """``evaluate`` for every player, in player order."""
        return self._rules.evaluate_each(self)

    def words(self, action: Action) -> str:
        """``action`` in words, as traces show it (the rules file's ``describe``, else its parts)."""
        return self._rules.words(self, action)

    def outcome(self) -> dict[str, Any]:
        rules = self._rules
        facts = rules.facts(self)
        data: dict[str, Any] = {"scores": self._checked_scores(), "turns": self._turns, "rounds": self._rounds,
                                "decisions": self._decisions}
        if facts:
            data["facts"] = dict(facts)
        if self._standings:
            data["standings"] = [row[:] for row in self._standings]
        return data

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._current} to act"
        return f"<State: {len(self._players)} players, {len(self._zones)} zones, {status}>"


def missing_value(exc: BaseException) -> str | None:
    """What a read of a value the rules never set (an AttributeError of a state) tells the designer;
    None for any other exception. The state has no ``__getattr__`` to say it itself: one would slow
    every read of the state's attributes, thousands a decision in a search."""
    name = getattr(exc, "name", None)
    if isinstance(exc, AttributeError) and isinstance(getattr(exc, "obj", None), State) and isinstance(name, str) \
            and not name.startswith("__"):
        return f"the game has no value '{name}' (set it first, in setup: state.{name} = ...)"
    return None


class View:
    """What one player may see of a game: the zones visible to them, and the sizes of the others."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def current(self) -> int:
        return self._state._current

    def cards(self, name: str, owner: int | None = None) -> tuple[Card, ...] | None:
        """The cards of zone ``name`` of ``owner`` when this player sees them, else None."""
        zone = self._state.zone(name, owner)
        return zone.cards if zone.visible_to(self.player) else None

    def size(self, name: str, owner: int | None = None) -> int:
        """How many cards zone ``name`` of ``owner`` holds (sizes are public)."""
        return len(self._state.zone(name, owner))


def default_words(action: Action) -> str:
    """An action in words from its parts: cards by id, zones by label, tuples joined by spaces."""
    if isinstance(action, tuple):
        return " ".join(default_words(part) for part in action)
    if isinstance(action, Card):
        return action.id
    if isinstance(action, Zone):
        return action.label
    return str(action)


def encode_action(action: Action) -> Any:
    """An action as JSON (traces): cards by id, zones by label, tuples as lists."""
    if isinstance(action, Zone):
        return action.label
    if isinstance(action, (tuple, list)):
        return [encode_action(part) for part in action]
    if isinstance(action, Card):
        return action.id
    if isinstance(action, Visibility):
        return action.value
    if action is None or isinstance(action, (str, int, float, bool)):
        return action
    return str(action)


Describe = Callable[[State, Action], str]
