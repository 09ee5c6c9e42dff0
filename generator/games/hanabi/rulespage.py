"""The one-page rules summary printed with Hanabi, in our own words, laid out as a full-page scene
that fits inside the printable area of both A4 and US Letter."""

from __future__ import annotations

from generator.layout.kit import FitProblem
from generator.layout.scene import (
    BLACK,
    Anchor,
    Item,
    Line,
    Paint,
    Scene,
    Text,
    TextMeasurer,
)
from generator.layout.symbols import symbol
from generator.layout.textfit import Box, fit_text

from .model import HanabiDefinition

PAGE_W_MM = 190.0
PAGE_H_MM = 262.0
BODY_PT = 9.5
HEAD_PT = 11.5


def _sections(game: HanabiDefinition) -> list[tuple[str, str]]:
    suits = ", ".join(s.name.lower() for s in game.suits)
    hands = "; ".join(f"{h.players} players: {h.value} cards" for h in game.hand_sizes)
    options = "\n".join(f"{o.name} (default {str(o.default).lower()}): {' '.join(o.description.split())}"
                        for o in game.info.options)
    return [
        ("Goal", f"Together, build {len(game.suits)} fireworks ({suits}), each from 1 up to {game.max_rank} in order. "
                 f"Your score is the sum of the highest card of every firework: {game.perfect_score} is perfect."),
        ("Setup", f"Shuffle the {len(game.cards())} cards. Put the {game.note_tokens} note tokens on their clue side "
                  f"and the {game.storm_tokens} storm tokens on their calm side. Deal hands ({hands}). Hold your cards "
                  "facing away from you: you see everybody's cards but your own."),
        ("On your turn, do exactly one of these",
         "Give a clue: spend a note token (turn it to its used side) and tell one other player about ALL their "
         "cards of one colour, or ALL their cards of one number, pointing at them.\n"
         "Discard a card: only when a note token is used; put the card face up on the discard pile, turn one "
         "note token back to its clue side, and draw.\n"
         "Play a card: put it on its firework. If it is the next number of that colour it joins the firework; "
         "otherwise it is discarded and you turn a storm token to its lightning side. Then draw."),
        ("Completing a firework", f"Playing the {game.max_rank} of a colour turns a used note token back to its clue side."),
        ("End of the game", "The game ends at once when the last storm token is turned, or when a firework is "
                            "complete in every colour. When the last card is drawn, every player (including that one) "
                            "takes one more turn."),
        ("Talking", "Say nothing about the cards in anyone's hand except through clues, and no hints by tone or gesture."),
        ("Rule options of this kit (cardforge simulate --rule NAME=VALUE)", options),
    ]


def rules_page(game: HanabiDefinition, measurer: TextMeasurer, problems: list[FitProblem]) -> Scene:
    """The rules summary as a scene of ``PAGE_W_MM`` x ``PAGE_H_MM``."""
    items: list[Item] = []
    x, width = 8.0, PAGE_W_MM - 16.0
    items.append(Text(PAGE_W_MM / 2, 14, f"{game.info.name}: rules summary", "serif-bold", 20, BLACK, Anchor.MIDDLE))
    for i, suit in enumerate(game.suits):
        step = 12.0
        cx = PAGE_W_MM / 2 + (i - (len(game.suits) - 1) / 2) * step
        items.append(symbol(suit.symbol, cx, 23, 7, Paint(suit.colour)))
    y = 32.0
    for heading, body in _sections(game):
        items.append(Text(x, y + 4, heading, "sans-bold", HEAD_PT, BLACK))
        y += 7
        for paragraph in (p for p in body.split("\n") if p.strip()):
            result = fit_text(paragraph, Box(x, y, width, PAGE_H_MM - y - 12), measurer, font="sans",
                              max_pt=BODY_PT, min_pt=BODY_PT, anchor=Anchor.START, valign="top")
            if result.problem is not None:
                problems.append(FitProblem("rules", "rules summary", result.problem))
                break
            items += result.items
            lines = len(result.items)
            y += lines * BODY_PT * 1.2 / (72 / 25.4) + 1.8
        y += 2.5
    items.append(Line(x, PAGE_H_MM - 9, x + width, PAGE_H_MM - 9, BLACK, 0.2))
    items.append(Text(PAGE_W_MM / 2, PAGE_H_MM - 4, f"Hanabi is a game by Antoine Bauza. This summary is in our own words; "
                      f"see {game.info.rulebook.split(',')[0]} for the full rules.", "sans", 7, BLACK, Anchor.MIDDLE))
    return Scene(f"{game.info.id}:rules", PAGE_W_MM, PAGE_H_MM, 0.0, tuple(items))
