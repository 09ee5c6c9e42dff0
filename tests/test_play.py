"""``cardforge play`` without a browser: what each seat is shown (never a card hidden from it), the
live game (a person's clicks, the bots' moves and reasons, undo, reload, the trace it leaves),
and the server (every byte a seat's page is sent, the guards on its requests)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from generator.app.catalog import GAMES
from generator.app.play.faces import game_faces
from generator.app.play.server import TableServer
from generator.app.play.table import Table
from generator.app.preview.assets import Assets
from generator.app.simulators import simulator_for
from generator.files.paths import shipped_root
from generator.loader import load_project
from generator.sim.api import TERMINAL, BotSpec, resolve_options
from generator.sim.general import GreedyBot, IsmctsBot, RolloutBot
from generator.sim.live import PUBLIC_SEAT, LiveGame, NotYourTurn, restored
from generator.sim.tableview import names_hidden, redacted
from tests.capped import default_signals

ORCHARD = shipped_root() / "examples" / "orchard"


def orchard_game(seats: list[BotSpec | None], seed: int = 5, players: int = 3) -> LiveGame:
    project = load_project(ORCHARD, GAMES)
    definition = project.game("orchard")
    simulator = simulator_for(definition.info.kind)
    engine = simulator.make_engine(definition, players, resolve_options(definition, None))
    return LiveGame(simulator, definition, engine, seed, seats)


def visible_ids(game: LiveGame, seat: int) -> set[str]:
    state = game.state
    return {card.id for zone in state.zones for card in zone if seat >= 0 and zone.visible_to(seat)}


# --------------------------------------------------------------------------- the views


def test_a_seat_sees_its_own_hand_and_the_public_zones_and_only_the_backs_of_the_rest() -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    shown = game.table(0)
    by_key = {zone.key: zone for zone in shown.zones}
    assert all(card.id is not None for card in by_key["hand:0"].cards)
    assert all(card.id is None and card.face is None and card.back == "deck" for card in by_key["hand:1"].cards)
    assert all(card.id is None for card in by_key["deck"].cards)
    assert len(by_key["deck"].cards) == len(game.state.zone("deck"))
    assert all(card.id is not None for card in by_key["market"].cards)
    assert shown.card_ids() == visible_ids(game, 0)
    public = game.table(PUBLIC_SEAT)
    assert {z.key for z in public.zones if any(c.id for c in z.cards)} == {"market"}
    everything = game.table(0, open_hands=True)
    assert len(everything.card_ids()) == 40


def test_scores_are_shown_only_when_no_hidden_card_changes_them() -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    assert game.table(0).scores == (0.0, 0.0, 0.0)  # Orchard's scores are the public rows'
    from generator.playtest.shown import RulesPresenter

    class HandCounts(RulesPresenter):
        pass

    state = game.state
    original = state._rules.scores
    try:  # a game scored by the cards in hand: a seat may not know the others' scores
        state._rules.scores = lambda s: [sum(c.get("value") or 0 for c in s.zone("hand", p)) for p in s.players]  # type: ignore[method-assign]
        assert HandCounts().table(state, 0).scores is None
        assert HandCounts().table(state, None).scores is not None
    finally:
        state._rules.scores = original  # type: ignore[method-assign]


def test_log_words_name_only_cards_the_seat_saw() -> None:
    assert redacted("plant apple-4 and bee", {"apple-4"}) == "plant a card and bee"
    assert redacted("take bee-2.", {"bee-2"}) == "take a card"
    assert names_hidden("frost on player 0's apple row", {"apple"})
    assert not names_hidden("draw from the deck", {"apple-4"})


# --------------------------------------------------------------------------- the live game


def play_out(game: LiveGame, person_choice: int = 0) -> None:
    while not game.over:
        if game.bot_to_move():
            game.bot_move()
        else:
            legal = game.legal(game.to_act)
            game.act(game.to_act, person_choice % len(legal), game.version)


def test_a_whole_game_with_a_person_and_bots_leaves_a_trace_that_replays() -> None:
    game = orchard_game([None, BotSpec("ismcts", "20"), BotSpec("greedy")])
    play_out(game)
    result = game.result()
    assert result is not None and len(result["scores"]) == 3 and result["winners"]
    trace = game.trace()
    assert trace["bots"] == ["person", "ismcts:20", "greedy"] and len(trace["decisions"]) == len(game.log)
    outcome = game.simulator.replayer.replay(game.definition, json.loads(json.dumps(trace)), {})  # type: ignore[union-attr]
    assert outcome["scores"] == result["scores"]


def test_a_person_cannot_act_out_of_turn_on_a_stale_page_or_for_a_bot() -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    with pytest.raises(NotYourTurn, match="moved on"):
        game.act(0, 0, game.version + 1)
    with pytest.raises(NotYourTurn, match="no action"):
        game.act(0, 999, game.version)
    with pytest.raises(NotYourTurn, match="played by greedy"):
        game.act(1, 0, game.version)
    game.act(0, 0, game.version)
    game.act(0, 0, game.version)  # the second half of the turn: take a card
    with pytest.raises(NotYourTurn, match="not seat 0's turn"):
        game.act(0, 0, game.version)


def test_a_bots_reasons_are_withheld_when_they_name_a_card_hidden_from_the_seat() -> None:
    game = orchard_game([None, BotSpec("ismcts", "30"), BotSpec("greedy")])
    for _ in range(2):
        game.act(0, 0, game.version)
    while game.bot_to_move():
        game.bot_move()
    lines = game.log_for(0)
    bot_lines = [line for line in lines if line["seat"] != 0]
    assert any(line.get("why", {}).get("withheld") for line in bot_lines)  # a plant weighs cards of its hand
    shown = [line["why"] for line in bot_lines if "why" in line and not line["why"].get("withheld")]
    assert shown and all(w["weighed"] for w in shown)
    every = {card.id for card in game.state.cards}
    for line, decision in zip(lines, game.log):  # nothing shown names a card seat 0 did not see then
        for text in [line["words"], *(w["words"] for w in line.get("why", {}).get("weighed", []))]:
            named = {word for word in re.split(r"[\s,;:()']+", text) if word in every}
            assert not named & decision.hidden[0], text
    assert any(decision.hidden[0] for decision in game.log)
    opened = game.log_for(0, open_hands=True)
    assert all(not line.get("why", {}).get("withheld") for line in opened)


@pytest.mark.parametrize("bot", [GreedyBot(), RolloutBot(2, 40), IsmctsBot(30)], ids=lambda b: b.name)
def test_a_bot_explains_the_very_move_it_would_choose(bot: Any) -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")], seed=11)
    state = game.state
    legal = state.legal_actions()
    chosen = bot.choose_with_state(state, legal, random.Random(3))
    explained, why = bot.explain(state, legal, random.Random(3))
    assert explained == chosen and why is not None
    assert {w.action for w in why.weighed} <= set(legal) and why.weighed
    if isinstance(bot, IsmctsBot):
        assert why.weighed[0].action == chosen and sum(w.visits or 0 for w in why.weighed) == 30


def test_undo_takes_back_the_persons_move_and_the_bots_after_it() -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    assert not game.can_undo()
    game.act(0, 0, game.version)
    game.act(0, 0, game.version)
    while game.bot_to_move():
        game.bot_move()
    before = [d.words for d in game.log]
    assert len(before) > 2 and game.to_act == 0
    assert game.undo() == 1
    assert [d.words for d in game.log] == before[:1] and game.to_act == 0
    hot = orchard_game([None, None, BotSpec("greedy")])
    hot.act(0, 0, hot.version)
    assert not hot.can_undo()


def test_a_changed_rules_file_replays_the_log_as_far_as_it_stays_legal(tmp_path: Path) -> None:
    import shutil

    project = tmp_path / "orchard"
    shutil.copytree(ORCHARD, project)
    loaded = load_project(project, GAMES)
    definition = loaded.game("orchard")
    simulator = simulator_for(definition.info.kind)
    engine = simulator.make_engine(definition, 2, resolve_options(definition, None))
    game = LiveGame(simulator, definition, engine, 9, [None, BotSpec("greedy")])
    for _ in range(6):
        if game.bot_to_move():
            game.bot_move()
        else:
            game.act(game.to_act, 0, game.version)
    played = [d.words for d in game.log]
    rules = project / "card_defs" / "rules.py"
    rules.write_text(rules.read_text().replace("# a row of this many cards scores double", "# changed"))
    again = load_project(project, GAMES).game("orchard")
    outcome = game.reload(again, simulator.make_engine(again, 2, resolve_options(again, None)))
    assert (outcome.kept, outcome.of, outcome.stopped) == (len(played), len(played), "")
    # a rule that makes the market smaller: the first take from the third place is no longer legal
    rules.write_text(rules.read_text().replace("MARKET = 3", "MARKET = 1"))
    smaller = load_project(project, GAMES).game("orchard")
    outcome = game.reload(smaller, simulator.make_engine(smaller, 2, resolve_options(smaller, None)))
    assert outcome.stopped and outcome.kept < outcome.of and len(game.log) == outcome.kept


def test_play_from_a_saved_log_goes_on_where_it_stopped() -> None:
    game = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    for _ in range(2):
        game.act(0, 1, game.version)
    while game.bot_to_move():
        game.bot_move()
    trace = json.loads(json.dumps(game.trace()))
    again = restored(game.simulator, game.definition, trace, {}, [None, BotSpec("greedy"), BotSpec("greedy")])
    assert [d.words for d in again.log] == [d.words for d in game.log]
    assert again.table(0) == game.table(0) and again.to_act == 0


# --------------------------------------------------------------------------- the server


def make_table(seats: list[BotSpec | None], remote: bool = False, seed: int = 5) -> tuple[Table, Assets]:
    game = orchard_game(seats, seed=seed)
    assets = Assets()
    faces, fonts = game_faces(load_project(ORCHARD, GAMES), game.definition, assets, "salt")
    return Table.seated(game, faces, fonts, "Orchard", one_page_each=remote), assets


async def read_events(response: aiohttp.ClientResponse, events: list[tuple[bytes, dict[str, Any]]],
                      until: Any) -> None:
    """Every event of a stream, raw and parsed, until ``until(view)`` holds."""
    buffer = b""
    async for chunk in response.content.iter_any():
        buffer += chunk
        while b"\n\n" in buffer:
            raw, buffer = buffer.split(b"\n\n", 1)
            if raw.startswith(b"data: "):
                view = json.loads(raw[6:])
                events.append((raw, view))
                if until(view):
                    return


def test_every_byte_a_seat_is_sent_names_only_cards_it_saw() -> None:
    """A whole game through the server: each event's card ids, log words and face markup against
    what seat 0 had seen by then (replayed from the game's trace)."""
    table, assets = make_table([None, BotSpec("ismcts", "20"), BotSpec("greedy")])
    token = next(iter(table.pages))
    events: list[tuple[bytes, dict[str, Any]]] = []

    async def scenario() -> None:
        server = TableServer(table, assets, "127.0.0.1", 0)
        await server.start()
        base = server.address
        try:
            async with aiohttp.ClientSession() as client:
                stream = await client.get(f"{base}/t/{token}/events")
                reader = asyncio.create_task(read_events(stream, events, lambda v: v["result"] is not None))
                deadline = asyncio.get_running_loop().time() + 60
                while not reader.done() and asyncio.get_running_loop().time() < deadline:
                    await asyncio.sleep(0.01)
                    view = events[-1][1] if events else None
                    if view and view["legal"] and view["version"] == table.game.version:
                        answer = await client.post(f"{base}/t/{token}/act",
                                                   json={"index": len(events) % len(view["legal"]),
                                                         "version": view["version"]})
                        assert answer.status in (200, 409)
                await asyncio.wait_for(reader, 30)
                stream.close()
        finally:
            await server.stop()

    asyncio.run(scenario())
    game = table.game
    assert game.over and events[-1][1]["result"] is not None
    # what seat 0 had seen at each version: the game dealt again and played decision by decision
    again = orchard_game([None, BotSpec("greedy"), BotSpec("greedy")])
    seen = [visible_ids(again, 0)]
    encode = again.presenter.encode
    for decision in game.log:  # the cards of another load of the project: actions matched as written
        written = encode(decision.action)
        again.state.apply(next(a for a in again.state.legal_actions() if encode(a) == written))
        seen.append(seen[-1] | visible_ids(again, 0))
    every = {card.id for card in game.state.cards}
    fronts = table.faces.fronts
    backs = set(table.faces.backs.values())
    copies = [card for card in every if re.search(r"-\d+$", card)]
    for raw, view in events:
        known = seen[view["version"]]
        shown = {c["id"] for z in view["zones"] for c in z["cards"] if "id" in c}
        assert shown <= known
        assert all(c.get("f") in backs for z in view["zones"] for c in z["cards"] if "id" not in c)
        words = [line["words"] for line in view["log"]] + [a["words"] for a in view["legal"]] + [
            w["words"] for line in view["log"] for w in line.get("why", {}).get("weighed", [])]
        named = {word.rstrip(".") for text in words for word in re.split(r"[\s,;:()']+", text)} & every
        assert named <= known, named - known
        text = raw.decode()
        assert not [card for card in copies if card not in known and re.search(rf"(?<![\w-]){card}(?![\w-])", text)]
        for fid in view["faces"]:  # a front is sent only with a card that shows it
            assert fid in backs or any(fronts[card] == fid for card in known)


def test_a_hot_seat_shows_no_hand_until_its_player_looks_and_remote_seats_get_their_own_links() -> None:
    table, _ = make_table([None, None, BotSpec("greedy")])
    (page,) = table.pages.values()
    assert page.seats == (0, 1) and page.seat() == PUBLIC_SEAT
    view = table.view(page, set())
    assert not view["legal"] and all("id" not in c for z in view["zones"] if z["key"].startswith("hand")
                                      for c in z["cards"])
    table.look(page, 0)
    view = table.view(page, set())
    assert view["legal"] and any("id" in c for z in view["zones"] if z["key"] == "hand:0" for c in z["cards"])
    assert all("id" not in c for z in view["zones"] if z["key"] == "hand:1" for c in z["cards"])
    with pytest.raises(NotYourTurn):
        table.look(page, 2)
    with pytest.raises(NotYourTurn):
        table.set_open_hands(page, True)  # open hands are for one person and bots
    table.act(page, 0, table.game.version)
    assert page.looking == 0  # an Orchard turn is two decisions: play, then take a card
    table.act(page, 0, table.game.version)
    assert page.looking is None  # the screen is covered again for the next player
    remote, _ = make_table([None, None, BotSpec("greedy")], remote=True)
    assert sorted(p.seats for p in remote.pages.values()) == [(0,), (1,)]
    assert len({p.token for p in remote.pages.values()}) == 2


def test_the_server_refuses_strangers_other_hosts_and_other_origins() -> None:
    table, assets = make_table([None, BotSpec("greedy"), BotSpec("greedy")])
    token = next(iter(table.pages))

    async def scenario() -> dict[str, int]:
        server = TableServer(table, assets, "127.0.0.1", 0)
        await server.start()
        base = server.address
        found: dict[str, int] = {}
        try:
            async with aiohttp.ClientSession() as client:
                async def status(name: str, method: str, path: str, **kwargs: Any) -> None:
                    async with client.request(method, base + path, **kwargs) as answer:
                        found[name] = answer.status
                async with client.get(base + f"/t/{token}/") as page:
                    assert page.headers.get("X-Content-Type-Options") == "nosniff"
                    assert page.headers.get("Referrer-Policy") == "no-referrer"
                    assert "script-src 'self'" in page.headers.get("Content-Security-Policy", "")
                await status("page", "GET", f"/t/{token}/")
                await status("no token", "GET", "/t/guess/")
                await status("events without token", "GET", "/t/guess/events")
                await status("rebinding host", "GET", f"/t/{token}/", headers={"Host": "evil.example:80"})
                await status("other origin", "POST", f"/t/{token}/act", json={"index": 0, "version": 0},
                             headers={"Origin": "http://evil.example"})
                await status("not json", "POST", f"/t/{token}/act", data=b"index=0")
                await status("too big", "POST", f"/t/{token}/act", data=b"{" + b" " * 10_000 + b"}",
                             headers={"Content-Type": "application/json"})
                await status("unknown verb", "POST", f"/t/{token}/explode", json={})
                await status("static outside", "GET", "/static/..%2f..%2fserver.py")
                await status("log", "GET", f"/t/{token}/log.json")
                await status("act", "POST", f"/t/{token}/act", json={"index": 0, "version": 0})
                await status("stale act", "POST", f"/t/{token}/act", json={"index": 0, "version": 0})
        finally:
            await server.stop()
        return found

    found = asyncio.run(scenario())
    assert found == {"page": 200, "no token": 404, "events without token": 404, "rebinding host": 421,
                     "other origin": 403, "not json": 400, "too big": 413, "unknown verb": 404,
                     "static outside": 404, "log": 200, "act": 200, "stale act": 409}
    assert table.game.version == 1
    assert TERMINAL == -1


# --------------------------------------------------------------------------- the command


def run_cli(*args: str, cwd: Path = ORCHARD) -> Any:
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "generator.cli", "play", *args, "--no-browser"], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, message", [
    (("orchard", "--seat", "clever"), "unknown bot 'clever'"),
    (("orchard", "--seat", "greedy", "--seat", "greedy"), "every seat is a bot"),
    (("orchard", "--seat", "human", "--seat", "human", "--seat", "greedy"), "3 --seat values for 2 players"),
    (("orchard", "-n", "9"), "played by 2, 3, 4 players"),
    (("nothing",), "no game 'nothing'"),
])
def test_a_table_the_command_cannot_seat_is_a_usage_error(args: tuple[str, ...], message: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_log_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "log.json"
    bad.write_text('{"format": "cardforge-trace", "version": 1, "game": "custom", "players": 2, "seed": 1, '
                   '"decisions": [{"seat": 0, "action": ["plant", "nothing-9"]}]}')
    done = run_cli("orchard", "--from", str(bad))
    assert done.returncode == 1 and "action 0" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_command_serves_a_table_keeps_its_log_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    log = tmp_path / "game.json"
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "play", "orchard", "--seat", "human",
                                "--seat", "greedy", "--seed", "4", "--pause", "0", "--log", str(log), "--no-browser"],
                               cwd=ORCHARD, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_signals)  # the Ctrl-C below stops it, whatever the suite inherited
    try:
        assert process.stdout is not None
        link = ""
        for line in process.stdout:
            if "http://" in line:
                link = line.split()[-1]
                break
        assert link.startswith("http://127.0.0.1:")
        for version in (0, 1):
            request = urllib.request.Request(link + "act", data=json.dumps({"index": 0, "version": version}).encode(),
                                             headers={"Content-Type": "application/json"})
            assert json.loads(urllib.request.urlopen(request, timeout=10).read())["ok"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the bot's turn is played and written
            if log.exists() and len(json.loads(log.read_text())["decisions"]) >= 4:
                break
            time.sleep(0.1)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and "play stopped" in out and "Traceback" not in err, err
    trace = json.loads(log.read_text())
    assert trace["bots"] == ["person", "greedy"] and trace["seed"] == 4 and len(trace["decisions"]) >= 4
    assert not list(tmp_path.glob("*.tmp*")) and [p.name for p in tmp_path.iterdir()] == ["game.json"]
    replayed = subprocess.run([sys.executable, "-m", "generator.cli", "replay", "orchard", str(log)], cwd=ORCHARD,
                              capture_output=True, text=True, timeout=60)
    assert replayed.returncode == 0, replayed.stderr


# --------------------------------------------------------------------------- every game


def playable() -> list[tuple[str, Path]]:
    """Every game of the registry with a table (its definition's id and project), one table size."""
    return [("hanabi", shipped_root()), ("sequence", shipped_root()), ("firecrackers", shipped_root()),
            ("orchard", ORCHARD), ("lanterns", shipped_root() / "examples" / "lanterns")]


def test_every_simulated_game_we_ship_has_a_table() -> None:
    """The shipped kinds only: a game package installed beside cardforge need not have one."""
    from generator.games import BUILTIN

    tested = {load_project(root, GAMES).game(game).info.kind for game, root in playable()}
    for kind in BUILTIN:
        try:
            simulator = simulator_for(kind)
        except (KeyError, ImportError):
            continue
        assert simulator.presenter is not None, kind
        assert kind in tested, kind


@pytest.mark.parametrize("game_id, root", playable(), ids=[g for g, _ in playable()])
def test_a_whole_game_at_the_table_keeps_each_seat_to_what_it_may_see(game_id: str, root: Path) -> None:
    """Any game with a table, a person and its best bots to the end: every face-down card carries
    no id and no face, each seat sees no more than open hands, the log and the trace agree, and
    the trace replays to the same end."""
    project = load_project(root, GAMES)
    definition = project.game(game_id)
    simulator = simulator_for(definition.info.kind)
    players = min(n for n in definition.info.players if n >= 2)
    engine = simulator.make_engine(definition, players, resolve_options(definition, None))
    best = BotSpec.parse(simulator.best_bot(players))
    game = LiveGame(simulator, definition, engine, 21, [None] + [best] * (players - 1))
    steps = 0
    while not game.over and steps < 3000:
        for seat in range(players):
            shown = game.table(seat)
            everything = game.table(seat, open_hands=True)
            assert shown.card_ids() <= everything.card_ids()
            for zone in shown.zones:
                for card in zone.cards:
                    assert (card.id is None) == (card.face is None), (zone.key, card)
        if game.bot_to_move():
            game.bot_move()
        else:
            legal = game.legal(0)
            game.act(0, steps % len(legal), game.version)
        steps += 1
    assert game.over
    trace = json.loads(json.dumps(game.trace()))
    replayer = simulator.replayer
    assert replayer is not None
    outcome = replayer.replay(definition, trace, {})
    result = game.result()
    assert result is not None
    scores = outcome.get("scores") or [outcome.get("score")] * players
    assert [float(s) for s in scores] == result["scores"]
    assert len(game.log_for(0)) == len(game.log) and all(line["words"] for line in game.log_for(0))


def test_saving_the_rules_file_while_playing_reloads_it_and_says_where_the_log_stops(tmp_path: Path) -> None:
    import shutil
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    project = tmp_path / "orchard"
    shutil.copytree(ORCHARD, project)
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "play", "orchard", "--seat", "human",
                                "--seat", "greedy", "--seed", "4", "--pause", "0", "--no-browser"],
                               cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_signals)  # the Ctrl-C below stops it, whatever the suite inherited
    try:
        assert process.stdout is not None
        link = next(line.split()[-1] for line in process.stdout if "http://" in line)
        for version in (0, 1):  # plant, then take the third card of the market
            index = 0 if version == 0 else 2
            request = urllib.request.Request(link + "act", data=json.dumps({"index": index, "version": version}).encode(),
                                             headers={"Content-Type": "application/json"})
            assert json.loads(urllib.request.urlopen(request, timeout=10).read())["ok"]
        rules = project / "card_defs" / "rules.py"
        rules.write_text(rules.read_text().replace("MARKET = 3", "MARKET = 1"))
        message = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and "reloaded" not in message:
            with urllib.request.urlopen(link + "events", timeout=10) as stream:
                for raw in stream:
                    if raw.startswith(b"data: "):
                        message = json.loads(raw[6:])["message"]
                        break
            time.sleep(0.3)
        assert message.startswith("reloaded: 1 of") and "decision 1" in message and "not legal any more" in message
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()


def test_hanabi_goes_on_from_its_saved_log_dealt_from_the_deck_the_file_records() -> None:
    project = load_project(shipped_root(), GAMES)
    definition = project.game("hanabi")
    simulator = simulator_for("hanabi")
    engine = simulator.make_engine(definition, 3, resolve_options(definition, None))
    seats: list[BotSpec | None] = [None, BotSpec("info"), BotSpec("info")]
    game = LiveGame(simulator, definition, engine, 3, seats)
    for _ in range(7):
        if game.bot_to_move():
            game.bot_move()
        else:
            game.act(0, 5, game.version)
    saved = json.loads(json.dumps(game.trace()))  # hanab.live JSON: the deck, not a seed
    assert "deck" in saved and "seed" not in saved or not isinstance(saved.get("seed"), int)
    again = restored(simulator, definition, saved, {}, seats)
    assert [d.words for d in again.log] == [d.words for d in game.log]
    assert again.table(0) == game.table(0) and again.to_act == game.to_act
    kept = again.undo()  # undo deals the file's deck again and plays the decisions before
    assert kept < len(game.log) and again.state.deck == game.state.deck
    assert [d.words for d in again.log] == [d.words for d in game.log[:kept]]


@pytest.mark.parametrize("in_a_thread", [False, True])
def test_an_endless_loop_in_the_rules_ends_the_move_with_its_line_and_what_it_printed(tmp_path: Path,
                                                                                    in_a_thread: bool) -> None:
    """A rules file's call is bounded at the table as in a run: a person's click (the server's main
    thread) and a bot's move (a worker thread, stopped by the call clock's watchdog) end in a
    located error shown on the table, with the last lines the rules printed; the server goes on."""
    import shutil
    from concurrent.futures import ThreadPoolExecutor

    from generator.sim.errors import GameError

    project = tmp_path / "orchard"
    shutil.copytree(ORCHARD, project)
    rules = project / "card_defs" / "rules.py"
    text = rules.read_text()
    rules.write_text(text.replace("def play(state: State, action) -> None:\n",
                                  "MAX_CALL_SECONDS = 0.5\n\n\ndef play(state: State, action) -> None:\n"
                                  "    print('looping now')\n    while True:\n        pass\n", 1))
    loaded = load_project(project, GAMES).game("orchard")
    simulator = simulator_for(loaded.info.kind)
    engine = simulator.make_engine(loaded, 2, resolve_options(loaded, None))
    seats = [BotSpec("random"), None] if in_a_thread else [None, BotSpec("random")]
    table = Table.seated(LiveGame(simulator, loaded, engine, 3, seats), None, [], "orchard",  # type: ignore[arg-type]
                         one_page_each=False)
    page = next(iter(table.pages.values()))
    with pytest.raises(GameError):
        if in_a_thread:
            with ThreadPoolExecutor(1) as pool:
                pool.submit(table.bot_move).result(timeout=30)
        else:
            table.act(page, 0, table.game.version)
    lines = (project / "card_defs" / "rules.py").read_text().splitlines()
    loop = next(i for i, found in enumerate(lines, 1) if found == "    while True:")
    headline = table.message.splitlines()[0]
    assert table.failed and re.search(rf"card_defs/rules\.py:({loop}|{loop + 1}):\d+: error: CallTimeout", headline), headline
    assert "the call was still running after 0.5 s" in table.message and "  | looping now" in table.message
