"""The effect of every Firecrackers action, by action key (``EFFECTS``).

An effect runs when its card is revealed, before the explosion check: ``effect(state, seat, card)``.
Choices are asked of the card's owner with ``state.ask``; the resolvers are module functions whose
arguments carry the state (so ``clone`` rebinds them). Passive actions (coins, points, effects
"while it lies revealed" or "if you explode/stop/are last this round") do nothing here: the state
looks for them in the revealed rows when it matters (``row_has``/``table_has``).

Decisions where the cards are silent (firecrackers.md's decisions are followed everywhere):

- Destroying and moving cards is by kind (pack, number, action); "may" effects offer ``"pass"``,
  "must" effects (old_fireworks, try_again, colorshift, numbershift, blind_eye, cleanup,
  boom_burglar, easy_ignite, cold_weather) do not.
- destroy_others, cleanup and boom_burglar may target any seat's row, also of players already out
  of the round (their cards lie revealed until the round ends); destroy_others and cleanup may
  also target your own row.
- force_reveal: the next seat still in the round. force_skip: yourself or your neighbour
  (option ``neighbour``). strong_force: any other seat still in the round, must reveal or must stop.
- try_again returns 2 of your *other* revealed cards (returning itself could loop forever).
- blind_eye: "any revealed card" is a card of any player's row, itself included (option
  ``blind_eye=own_cards``: your own row only); a face-down card still gives its coins.
- old_fireworks reads the discard pile as it is when the card is revealed: if that card was the
  last of the deck, the discard pile has already become the new deck (the rulebook's "at any
  point"), and there is nothing to move.
- safety_goggles: one look at the top card at your next turn decision, per card revealed.
- no_hesitation: after it, up to 2 more reveals this turn (``"end"`` ends the turn in the round).
- safety_suit: no explosion (except super_cracker/buddy) for the rest of this turn and your next 2
  turns; your coins are halved when you stop this round.
- colorshift/numbershift take the current (shifted) colour/number of the target card.
- wildcard_up/down: "your total of every colour" is every colour, also those you have not
  revealed (option ``wildcards=revealed_colours``: only the colours of your revealed cards).
"""

from __future__ import annotations

from typing import Any

from .board import Board, Effect
from .reveal import explode
from .vocab import PASS, REVEAL, STOP

def _none(state: Board, seat: int, card: int) -> None:
    """Passive action: its rule applies elsewhere (coins, points, or while it lies revealed)."""


def _zone(state: Board, seat: int, zone: str) -> list[int]:
    if zone == "deck":
        return state.deck[seat]
    if zone == "discard":
        return state.discard[seat]
    return state.revealed[seat]


def ask_destroy_own(state: Board, seat: int, zones: tuple[str, ...], kind: str,
                    shuffle: bool = False) -> None:
    """Offer ``seat`` to destroy one of its cards from ``zones`` (by kind) or pass."""
    options: list[Any] = []
    table_kind = state.table.kind
    for zone in zones:
        seen: set[int] = set()
        for c in _zone(state, seat, zone):
            k = table_kind[c]
            if k not in seen:
                seen.add(k)
                options.append(("destroy", zone, k))
    if options:
        options.append(PASS)
        state.ask(seat, kind, options, _destroy_own, state, seat, shuffle)


def _destroy_own(state: Board, seat: int, shuffle: bool, action: Any) -> None:
    if action != PASS:
        _, zone, kind = action
        pile = _zone(state, seat, zone)
        for i in range(len(pile) - 1, -1, -1):
            if state.table.kind[pile[i]] == kind:
                card = pile.pop(i)
                if zone == "revealed":
                    state.leave_row(seat, card)
                state.destroyed.append(card)
                break
    if shuffle:
        state.rng.shuffle(state.deck[seat])
    state.refill(seat)  # the last card of the deck destroyed: the discard pile becomes the deck


def destroy_discard(state: Board, seat: int, card: int) -> None:
    """You may destroy one card from your discard pile or deck, then shuffle your deck."""
    ask_destroy_own(state, seat, ("discard", "deck"), "destroy_discard", shuffle=True)


def strong_destroy(state: Board, seat: int, card: int) -> None:
    """You may destroy any one of your cards (deck, discard or revealed); shuffle your deck."""
    ask_destroy_own(state, seat, ("deck", "discard", "revealed"), "strong_destroy", shuffle=True)


def destroy_others(state: Board, seat: int, card: int) -> None:
    """You may destroy any one revealed card of any player (yours included)."""
    options: list[Any] = [("destroy", s, i) for s in range(state.n) for i in range(len(state.revealed[s]))]
    options.append(PASS)
    state.ask(seat, "destroy_others", options, _destroy_revealed, state)


def _destroy_revealed(state: Board, action: Any) -> None:
    if action != PASS:
        _, s, i = action
        card = state.revealed[s].pop(i)
        state.leave_row(s, card)
        state.destroyed.append(card)


def _next_in_round(state: Board, seat: int) -> int | None:
    for step in range(1, state.n):
        other = (seat + step) % state.n
        if state.in_round[other]:
            return other
    return None


def force_reveal(state: Board, seat: int, card: int) -> None:
    """The next player still in the round must reveal on their next turn."""
    target = _next_in_round(state, seat)
    if target is not None:
        state.forced[target] = REVEAL


def force_skip(state: Board, seat: int, card: int) -> None:
    """You or your neighbour skips the next turn."""
    options: list[Any] = [("skip", seat)]
    other = state.neighbour(seat)
    if other != seat and state.in_round[other]:
        options.append(("skip", other))
    state.ask(seat, "force_skip", options, _skip, state)


def _skip(state: Board, action: Any) -> None:
    state.skips[action[1]] += 1


def _return_discard(state: Board, seat: int, left: int, action: Any) -> None:
    pile = state.discard[seat]
    for i in range(len(pile) - 1, -1, -1):
        if state.table.kind[pile[i]] == action[1]:
            state.deck[seat].append(pile.pop(i))
            break
    if left > 1:
        _ask_return_discard(state, seat, left - 1)


def _ask_return_discard(state: Board, seat: int, left: int) -> None:
    kinds = sorted({state.table.kind[c] for c in state.discard[seat]})
    state.ask(seat, "old_fireworks", [("return", k) for k in kinds], _return_discard, state, seat, left)


def _shuffle_deck(state: Board, seat: int) -> None:
    state.rng.shuffle(state.deck[seat])


def old_fireworks(state: Board, seat: int, card: int) -> None:
    """Move 2 cards from your discard pile into your deck and shuffle it."""
    state.push(_shuffle_deck, state, seat)
    _ask_return_discard(state, seat, 2)


def _return_revealed(state: Board, seat: int, card: int, left: int, action: Any) -> None:
    moved = state.revealed[seat].pop(action[1])
    state.leave_row(seat, moved)
    state.deck[seat].append(moved)
    if left > 1:
        _ask_return_revealed(state, seat, card, left - 1)


def _ask_return_revealed(state: Board, seat: int, card: int, left: int) -> None:
    options = [("return", i) for i, c in enumerate(state.revealed[seat]) if c != card]
    state.ask(seat, "try_again", options, _return_revealed, state, seat, card, left)


def try_again(state: Board, seat: int, card: int) -> None:
    """Move 2 of your other revealed cards back into your deck and shuffle it."""
    state.push(_shuffle_deck, state, seat)
    _ask_return_revealed(state, seat, card, 2)


def _ask_colour(state: Board, seat: int, kind: str, delta: int) -> None:
    options = [("colour", i) for i in range(len(state.table.packs))]
    state.ask(seat, kind, options, _shift_threshold, state, delta)


def _shift_threshold(state: Board, delta: int, action: Any) -> None:
    state.threshold_shift[action[1]] += delta


def easy_ignite(state: Board, seat: int, card: int) -> None:
    """Choose a colour: its threshold is 4 lower for everyone for the rest of the round."""
    _ask_colour(state, seat, "easy_ignite", -4)


def cold_weather(state: Board, seat: int, card: int) -> None:
    """Choose a colour: its threshold is 4 higher for everyone for the rest of the round."""
    _ask_colour(state, seat, "cold_weather", 4)


def safety_goggles(state: Board, seat: int, card: int) -> None:
    """Look at your next card before your next reveal-or-stop decision (once)."""
    state.goggles[seat] = True


def no_hesitation(state: Board, seat: int, card: int) -> None:
    """You may reveal up to 3 cards this turn (this one and 2 more)."""
    state.extra[seat] = max(state.extra[seat], 2)


def _ask_shift(state: Board, seat: int, card: int, kind: str) -> None:
    row = state.revealed[seat]
    options = [("shift", i) for i, c in enumerate(row) if c != card]
    state.ask(seat, kind, options, _shift, state, seat, card, kind)


def _shift(state: Board, seat: int, card: int, kind: str, action: Any) -> None:
    target = state.revealed[seat][action[1]]
    if kind == "colorshift":
        state.eff_colour[card] = state.eff_colour.get(target, state.table.colour[target])
    else:
        state.eff_number[card] = state.eff_number.get(target, state.table.number[target])
    state.reset_totals()


def colorshift(state: Board, seat: int, card: int) -> None:
    """Tuck it under another of your revealed cards: it takes that card's colour."""
    _ask_shift(state, seat, card, "colorshift")


def numbershift(state: Board, seat: int, card: int) -> None:
    """Tuck it under another of your revealed cards: it takes that card's number."""
    _ask_shift(state, seat, card, "numbershift")


def super_cracker(state: Board, seat: int, card: int) -> None:
    """You explode at once; nothing prevents it."""
    explode(state, seat, preventable=False)


def blind_eye(state: Board, seat: int, card: int) -> None:
    """"Turn any revealed card face down: it no longer counts toward explosion totals this round":
    a card of any player's row (option ``blind_eye=own_cards``: of your own row only)."""
    seats = range(state.n) if state.rules.settings.blind_eye == "any_card" else (seat,)
    face_down = state.face_down
    options = [("hide", s, i) for s in seats for i, c in enumerate(state.revealed[s]) if c not in face_down]
    state.ask(seat, "blind_eye", options, _hide, state)


def _hide(state: Board, action: Any) -> None:
    state.face_down.add(state.revealed[action[1]][action[2]])
    state.reset_totals()


def cleanup(state: Board, seat: int, card: int) -> None:
    """Move all revealed cards of one player (any) to that player's discard pile."""
    options = [("cleanup", s) for s in range(state.n) if state.revealed[s]]
    state.ask(seat, "cleanup", options, _cleanup, state)


def _cleanup(state: Board, action: Any) -> None:
    state.move_row_to_discard(action[1])


def strong_force(state: Board, seat: int, card: int) -> None:
    """Choose a player: on their next turn they must reveal, or must stop (your choice)."""
    options = [("force", s, mode) for s in range(state.n) if s != seat and state.in_round[s]
               for mode in (REVEAL, STOP)]
    state.ask(seat, "strong_force", options, _force, state)


def _force(state: Board, action: Any) -> None:
    state.forced[action[1]] = action[2]


def boom_burglar(state: Board, seat: int, card: int) -> None:
    """Take one revealed card of another player onto your discard pile."""
    options = [("steal", s, i) for s in range(state.n) if s != seat for i in range(len(state.revealed[s]))]
    state.ask(seat, "boom_burglar", options, _steal, state, seat)


def _steal(state: Board, seat: int, action: Any) -> None:
    card = state.revealed[action[1]].pop(action[2])
    state.leave_row(action[1], card)
    state.to_discard(seat, card)


def safety_suit(state: Board, seat: int, card: int) -> None:
    """No explosion this turn and your next 2 turns; only half your coins this round."""
    state.safe_until[seat] = state.seat_turns[seat] + 2
    state.halve[seat] = True


EFFECTS: dict[str, Effect] = {
    "destroy_discard": destroy_discard,
    "destroy_others": destroy_others,
    "force_reveal": force_reveal,
    "force_skip": force_skip,
    "treasure": _none,
    "garbage": _none,
    "stick_it_out": _none,
    "sudden_burst": _none,
    "stayin_alive": _none,
    "buddy_explosion": _none,
    "old_fireworks": old_fireworks,
    "try_again": try_again,
    "easy_ignite": easy_ignite,
    "cold_weather": cold_weather,
    "safety_goggles": safety_goggles,
    "no_hesitation": no_hesitation,
    "colorshift": colorshift,
    "numbershift": numbershift,
    "super_cracker": super_cracker,
    "blind_eye": blind_eye,
    "double_sight": _none,
    "multicolor": _none,
    "wildcard_up": _none,
    "wildcard_down": _none,
    "cleanup": cleanup,
    "strong_force": strong_force,
    "strong_destroy": strong_destroy,
    "risky_rocket": _none,
    "pity_purchase": _none,
    "own_fault": _none,
    "reckless_neighbor": _none,
    "boom_burglar": boom_burglar,
    "safety_suit": safety_suit,
    "style_points": _none,
    "points_trade": _none,
    "money_trade": _none,
}
"""Action key -> effect on reveal. Every action of firecrackers.md has an entry."""
