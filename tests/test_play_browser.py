"""``cardforge play`` in a real browser (a headless Chromium): whole games of Orchard, the kit example
and Hanabi played by clicking against bots to the end, every message the page received checked
for cards hidden from its seat, a face drawn as the PDF draws it, the hot seat, undo and open
hands."""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from generator.app.catalog import GAMES
from generator.app.play.faces import game_faces
from generator.app.play.server import TableServer
from generator.app.play.table import Table
from generator.app.preview.assets import Assets
from generator.app.simulators import simulator_for
from generator.files.paths import shipped_root
from generator.loader import load_project
from generator.sim.api import BotSpec, resolve_options
from generator.sim.live import LiveGame
from tests.browser import Chromium, Tab, find_chromium

CHROMIUM, WHY = find_chromium()
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason=f"the browser tests need Chromium: {WHY}"), pytest.mark.e2e]


class Served:
    """A table served from a thread of this process (its game readable by the test)."""

    def __init__(self, root: Path, game_id: str, players: int, seats: list[BotSpec | None], seed: int = 7) -> None:
        project = load_project(root, GAMES)
        definition = project.game(game_id)
        simulator = simulator_for(definition.info.kind)
        engine = simulator.make_engine(definition, players, resolve_options(definition, None))
        self.game = LiveGame(simulator, definition, engine, seed, seats)
        self.assets = Assets()
        faces, fonts = game_faces(project, definition, self.assets, "salt")
        self.table = Table.seated(self.game, faces, fonts, definition.info.name, one_page_each=False)
        self.loop = asyncio.new_event_loop()
        self.server = TableServer(self.table, self.assets, "127.0.0.1", 0)
        started = threading.Event()
        address: list[str] = []

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.server.start())
            address.append(self.server.address)
            self.server.wake_bots()
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait(30)
        token = next(iter(self.table.pages))
        self.url = f"{address[0]}/t/{token}/"

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def open_page(browser: Chromium, url: str) -> Tab:
    tab = browser.page(1400, 1000)
    tab.call("Network.enable")
    browser.events.clear()
    tab.goto(url)
    tab.wait_for("document.body.dataset.version !== undefined", 20)
    return tab


def play_to_the_end(tab: Tab, clicks_cards: bool = True) -> int:
    """Click until the game is over: an action button, or now and then a card that offers one."""
    clicks = 0
    while True:
        state = tab.wait_for("(() => { if (!document.getElementById('result').hidden) return 'over';"
                             " return document.querySelectorAll('#actions button').length ? 'move' : null; })()", 60)
        if state == "over":
            return clicks
        version = tab.evaluate("document.body.dataset.version")
        picks = tab.evaluate("document.querySelectorAll('.slot.pick').length") if clicks_cards else 0
        if picks and clicks % 3 == 1:  # a card: its only action, or its actions lit, then the first of them
            tab.evaluate(f"document.querySelectorAll('.slot.pick')[{clicks % picks}].click()")
            outcome = tab.wait_for(f"document.body.dataset.version !== '{version}' ? 'played' :"
                                   " document.querySelectorAll('#actions button.lit').length >= 2 ? 'lit' : null")
            if outcome == "lit":  # a card with several actions lights them: play the first
                tab.evaluate("document.querySelector('#actions button.lit').click()")
        else:
            count = tab.evaluate("document.querySelectorAll('#actions button').length")
            tab.evaluate(f"document.querySelectorAll('#actions button')[{clicks % count}].click()")
        clicks += 1
        tab.wait_for(f"document.body.dataset.version !== '{version}'", 20)


def received(browser: Chromium) -> list[dict[str, Any]]:
    """Every event the page's stream received, parsed."""
    return [json.loads(event["params"]["data"]) for event in browser.events
            if event.get("method") == "Network.eventSourceMessageReceived"]


def seen_by(game: LiveGame, seat: int) -> list[set[str]]:
    """The card ids ``seat`` had seen by each version of the game (dealt again, decision by decision)."""
    again = LiveGame(game.simulator, game.definition, game.engine, game.seed, game.seats)
    seen = [again.table(seat).card_ids()]
    for decision in game.log:
        again.state.apply(decision.action)
        seen.append(seen[-1] | again.table(seat).card_ids())
    return seen


def check_nothing_hidden_arrived(browser: Chromium, served: Served, seat: int = 0) -> None:
    views = received(browser)
    assert views and views[-1]["result"] is not None
    seen = seen_by(served.game, seat)
    every = served.game.table(seat, True).card_ids()
    numbered = [card for card in every if re.search(r"-\d+$", card)]  # never an ordinary word
    for view in views:
        known = seen[view["version"]]
        shown = {c["id"] for z in view["zones"] for c in z["cards"] if "id" in c}
        words = [line["words"] for line in view["log"]] + [a["words"] for a in view["legal"]] + [
            w["words"] for line in view["log"] for w in line.get("why", {}).get("weighed", [])]
        named = {word.rstrip(".") for text in words for word in re.split(r"[\s,;:()']+", text)} & every
        text = json.dumps(view)
        anywhere = {card for card in numbered if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text)}
        assert (shown | named | anywhere) <= known, (shown | named | anywhere) - known


@pytest.mark.parametrize("example, players, seats", [
    ("orchard", 3, [None, BotSpec("ismcts", "30"), BotSpec("greedy")]),
    ("lanterns", 2, [None, BotSpec("ismcts", "30")]),
])
def test_a_whole_rules_file_game_played_by_clicking_against_bots(browser: Chromium, example: str, players: int,
                                                                 seats: list[BotSpec | None]) -> None:
    served = Served(shipped_root() / "examples" / example, example, players, seats)
    try:
        tab = open_page(browser, served.url)
        clicks = play_to_the_end(tab)
        assert clicks >= 5 and served.game.over
        shown = tab.evaluate("document.getElementById('result').textContent")
        assert "won" in shown or "Nobody" in shown
        check_nothing_hidden_arrived(browser, served)
        log = tab.evaluate("document.querySelectorAll('#log li').length")
        assert log == len(served.game.log)
        outcome = served.game.simulator.replayer.replay(served.game.definition,  # type: ignore[union-attr]
                                                        json.loads(json.dumps(served.game.trace())), {})
        assert outcome["scores"] == served.game.result()["scores"]  # type: ignore[index]
        tab.close()
    finally:
        served.close()


def test_hanabi_with_two_bot_partners_to_the_end(browser: Chromium) -> None:
    served = Served(shipped_root(), "hanabi", 3, [None, BotSpec("info"), BotSpec("info")], seed=3)
    try:
        tab = open_page(browser, served.url)
        # my own cards are face down, with what the clues said, the partners' face up
        own = tab.evaluate("[...document.querySelectorAll('.area.mine .slot')].map(s => s.dataset.card)")
        assert own == ["slot 1", "slot 2", "slot 3", "slot 4", "slot 5"]
        assert tab.evaluate("document.querySelectorAll('.area:not(.mine) [data-zone^=\"hand\"] svg.face').length") == 10
        play_to_the_end(tab)
        assert tab.evaluate("document.getElementById('result').textContent").startswith("The team")
        check_nothing_hidden_arrived(browser, served)
        tab.close()
    finally:
        served.close()


def test_a_face_on_the_table_looks_as_the_pdf_draws_it(browser: Chromium) -> None:
    pymupdf = pytest.importorskip("pymupdf")
    from PIL import Image, ImageChops, ImageStat

    from generator.app.build import load_toolkit
    from generator.layout.page import Document, Page, Placement
    from generator.render.pdf import render_pdf

    root = shipped_root() / "examples" / "orchard"
    served = Served(root, "orchard", 2, [None, BotSpec("greedy")])
    try:
        tab = open_page(browser, served.url)
        tab.wait_for("document.fonts.size > 0 && document.fonts.status === 'loaded'")  # text in the kit's fonts
        tab.evaluate("document.documentElement.style.setProperty('--mm', '4')")
        card = tab.evaluate("document.querySelector('.area.mine [data-zone=\"hand:0\"] .slot').dataset.card")
        tab.evaluate("document.querySelector('.area.mine [data-zone=\"hand:0\"] .slot').scrollIntoView()")
        box = tab.evaluate("(() => { const b = document.querySelector('.area.mine [data-zone=\"hand:0\"] svg.face')"
                           ".getBoundingClientRect(); return {x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height};"
                           " })()")
        shot = Image.open(io.BytesIO(tab.screenshot(box))).convert("RGB")
        project = load_project(root, GAMES, layouts=True)
        from generator.app.build import BuildOptions, check_build

        toolkit = load_toolkit(project)
        kit = next(k for _, k in check_build(project, [project.game("orchard")], BuildOptions(), toolkit,
                                             unused_templates=False).kits)
        scene = next(p.front for p in kit.pieces if p.id == card)
        page = Page(scene.width_mm, scene.height_mm, (Placement(scene, 0, 0, clip_mm=(0, 0, scene.width_mm,
                                                                                        scene.height_mm)),))
        pdf = render_pdf(Document("one card", (page,)), toolkit.fonts)
        pixmap = pymupdf.open(stream=pdf, filetype="pdf")[0].get_pixmap(matrix=pymupdf.Matrix(4 * 25.4 / 72, 4 * 25.4 / 72))
        printed = Image.open(io.BytesIO(pixmap.tobytes("png"))).convert("RGB")
        assert abs(shot.width - printed.width) <= 1 and abs(shot.height - printed.height) <= 1, (shot.size, printed.size)
        width, height = min(shot.width, printed.width), min(shot.height, printed.height)
        difference = ImageChops.difference(shot.crop((0, 0, width, height)), printed.crop((0, 0, width, height))).convert("L")
        mean = ImageStat.Stat(difference).mean[0]
        far = sum(1 for value in difference.tobytes() if value > 64) / (width * height)
        assert mean < 4.0 and far < 0.02, (mean, far)  # anti-aliasing and the rounded corners only
        tab.close()
    finally:
        served.close()


def test_a_hot_seat_covers_the_screen_until_the_next_player_looks(browser: Chromium) -> None:
    served = Served(shipped_root() / "examples" / "orchard", "orchard", 3, [None, None, BotSpec("greedy")])
    try:
        tab = open_page(browser, served.url)
        assert tab.evaluate("!document.getElementById('cover').hidden")
        assert tab.evaluate("document.querySelectorAll('[data-zone^=\"hand\"] svg.face').length") == 15  # backs only
        assert not [v for v in received(browser) if v["legal"]]
        tab.evaluate("document.querySelector('#cover button').click()")
        tab.wait_for("document.getElementById('cover').hidden")
        assert tab.evaluate("document.querySelectorAll('[data-zone=\"hand:0\"] [data-card]').length") == 5
        for _ in range(2):  # player 1's turn: play, then take a card
            version = tab.evaluate("document.body.dataset.version")
            tab.evaluate("document.querySelector('#actions button').click()")
            tab.wait_for(f"document.body.dataset.version !== '{version}'")
        tab.wait_for("!document.getElementById('cover').hidden")
        assert "Player 2" in tab.evaluate("document.getElementById('cover-text').textContent")
        assert tab.evaluate("document.querySelectorAll('[data-zone^=\"hand\"] [data-card]').length") == 0
        tab.close()
    finally:
        served.close()


def test_undo_and_open_hands(browser: Chromium) -> None:
    served = Served(shipped_root() / "examples" / "orchard", "orchard", 2, [None, BotSpec("ismcts", "20")])
    try:
        tab = open_page(browser, served.url)
        assert tab.evaluate("document.getElementById('undo').hidden")
        for _ in range(2):
            version = tab.evaluate("document.body.dataset.version")
            tab.evaluate("document.querySelector('#actions button').click()")
            tab.wait_for(f"document.body.dataset.version !== '{version}'")
        tab.wait_for("document.querySelectorAll('#actions button').length > 0", 30)  # the bot has moved
        moved = tab.evaluate("document.querySelectorAll('#log li').length")
        assert moved >= 4
        tab.evaluate("document.getElementById('undo').click()")
        tab.wait_for("document.querySelectorAll('#log li').length === 1")
        assert tab.evaluate("document.getElementById('open-note').hidden")
        assert tab.evaluate("document.querySelectorAll('[data-zone=\"hand:1\"] [data-card]').length") == 0
        tab.evaluate("document.getElementById('open').click()")
        tab.wait_for("!document.getElementById('open-note').hidden")
        assert "every card" in tab.evaluate("document.getElementById('open-note').textContent")
        assert tab.evaluate("document.querySelectorAll('[data-zone=\"hand:1\"] [data-card]').length") == 5
        tab.close()
    finally:
        served.close()
