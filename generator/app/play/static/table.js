// cardforge play: draws the table as the server sends it for this page's seat, and sends clicks.
"use strict";

const $ = (id) => document.getElementById(id);
const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
const faces = new Map();   // face id -> {svg, w, h}
const fonts = new Map();   // family -> url
let view = null;
let chosen = null;         // the card id whose actions are lit

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function playerName(seat) {
  if (seat == null || seat < 0) return "the table";
  const p = view.players[seat];
  const who = p.here ? (view.hot ? "person" : "you") : p.label;
  return `Player ${seat + 1} (${who})`;
}

async function post(verb, body) {
  const answer = await fetch(base + verb, {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)});
  if (!answer.ok) {
    let text = `${answer.status}`;
    try { text = (await answer.json()).error || text; } catch (e) { /* not JSON */ }
    showMessage(text);
  }
}

function showMessage(text) {
  const box = $("message");
  box.textContent = text;
  box.hidden = !text;
}

// ---- fonts and faces ----
function applyFonts(list) {
  for (const [family, url] of list || []) {
    if (fonts.get(family) === url) continue;
    const face = new FontFace(family, `url(${url})`);
    document.fonts.add(face);
    face.load().catch(() => {});
    fonts.set(family, url);
  }
}

// a card or a place that actions name: clicked, it plays its one action or lights its several
function offer(node, key) {
  const actions = key ? view.legal.filter((a) => a.cards.includes(key)) : [];
  if (!actions.length) return;
  node.classList.add("pick");
  node.title = actions.map((a) => a.words).join("\n");
  node.addEventListener("click", () => {
    if (actions.length === 1) act(actions[0].i);
    else { chosen = chosen === key ? null : key; render(); }
  });
  if (chosen === key) node.classList.add("chosen");
}

function cardNode(card) {
  const slot = el("div", {class: "slot"});
  const key = card.id || card.handle;
  if (key) slot.dataset.card = key;
  const face = card.f ? faceNode(card.f) : null;
  if (face) {
    slot.append(face);
    slot.style.setProperty("--cw", faces.get(card.f).w);
  } else {
    slot.classList.add("text");
    slot.textContent = card.text || card.id || "face down";
  }
  if (card.note) slot.append(el("span", {class: "note", text: card.note}));
  offer(slot, key);
  return slot;
}

const drawnZones = new Map();  // zone key -> {sig, node}: an unchanged zone is not drawn again

function zoneNode(zone) {
  const keys = new Set([...zone.cards.map((c) => c.id || c.handle), ...(zone.placed || []).map((p) => p.handle)]
    .filter(Boolean));
  const offers = view.legal.filter((a) => a.cards.some((c) => keys.has(c)));
  const sig = JSON.stringify([zone, offers, chosen]);
  const known = drawnZones.get(zone.key);
  if (known && known.sig === sig) return known.node;
  const node = drawZone(zone);
  drawnZones.set(zone.key, {sig, node});
  return node;
}

function drawZone(zone) {
  const box = el("div", {class: `zone ${zone.kind}`});
  box.dataset.zone = zone.key;
  if (zone.cards.length <= 3) box.classList.add("few");
  const count = zone.kind === "pile" || zone.cards.some((c) => !c.id) ? el("span", {class: "count", text: ` ${zone.count}`}) : null;
  box.append(el("h3", {}, zone.name, count));
  if (zone.kind === "board") {
    box.append(boardNode(zone));
    return box;
  }
  const row = el("div", {class: "cards"});
  if (!zone.cards.length) row.append(el("span", {class: "empty", text: "empty"}));
  else if (zone.kind === "pile") {
    const top = cardNode(zone.cards[zone.cards.length - 1]);
    top.append(el("span", {class: "pile-count", text: String(zone.count)}));
    row.append(top);
  } else for (const card of zone.cards) row.append(cardNode(card));
  box.append(row);
  return box;
}

function faceNode(fid) {
  const face = faces.get(fid);
  if (!face) return null;
  if (!face.node) {  // parsed once, then copied: a table redraws many copies of few faces
    const holder = document.createElement("template");
    holder.innerHTML = face.svg;
    face.node = holder.content.firstElementChild;
  }
  return face.node.cloneNode(true);
}

// a board: its printed face, the pieces on it and the places that can be clicked, in millimetres
function boardNode(zone) {
  const board = el("div", {class: "board"});
  const under = zone.cards[0];
  const face = under && under.f ? faceNode(under.f) : null;
  if (face) board.append(face);
  for (const p of zone.placed || []) {
    const spot = el("div", {class: "spot"});
    spot.style.left = `calc(${p.x - p.w / 2} * var(--mm) * 1px)`;
    spot.style.top = `calc(${p.y - p.h / 2} * var(--mm) * 1px)`;
    spot.style.width = `calc(${p.w} * var(--mm) * 1px)`;
    spot.style.height = `calc(${p.h} * var(--mm) * 1px)`;
    if (p.f) { const chip = faceNode(p.f); if (chip) spot.append(chip); spot.classList.add("piece"); }
    if (p.handle) {
      spot.dataset.card = p.handle;
      offer(spot, p.handle);
    }
    board.append(spot);
  }
  return board;
}

// ---- the table ----
function renderTable() {
  const table = $("table");
  table.replaceChildren();
  const center = view.zones.filter((z) => z.owner == null);
  const seats = view.players.map((p) => p.seat);
  const me = view.seat >= 0 ? view.seat : null;
  const order = me == null ? seats : [...seats.slice(me + 1), ...seats.slice(0, me), me];
  const areas = [];
  for (const seat of order) {
    const area = el("section", {class: "area"});
    area.dataset.seat = seat;
    if (seat === view.current) area.classList.add("acting");
    if (seat === me) area.classList.add("mine");
    const score = view.scores ? ` · score ${view.scores[seat]}` : "";
    area.append(el("h2", {text: playerName(seat) + score}));
    const zones = el("div", {class: "zones"});
    for (const zone of view.zones.filter((z) => z.owner === seat)) zones.append(zoneNode(zone));
    area.append(zones);
    areas.push(area);
  }
  const middle = el("section", {class: "area"});
  middle.append(el("h2", {text: "Table"}));
  const zones = el("div", {class: "zones"});
  for (const zone of center) zones.append(zoneNode(zone));
  middle.append(zones);
  const mine = me == null ? null : areas.pop();
  table.append(...areas, middle);
  if (mine) table.append(mine);
}

function act(index) {
  chosen = null;
  post("act", {index, version: view.version});
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const title = $("actions-title");
  if (view.result) { title.textContent = "Game over"; return; }
  if (view.legal.length) {
    title.textContent = view.hot ? `${playerName(view.seat)}: your move` : "Your move";
    for (const action of view.legal) {
      const button = el("button", {type: "button", text: action.words});
      button.dataset.index = action.i;
      if (chosen && action.cards.includes(chosen)) button.classList.add("lit");
      button.addEventListener("click", () => act(action.i));
      box.append(button);
    }
  } else {
    title.textContent = "Waiting";
    box.append(el("div", {class: "wait", text: view.current == null ? "" : `${playerName(view.current)} is to play…`}));
  }
}

function whyNode(why) {
  if (why.withheld) {
    return el("div", {class: "withheld", text: "Its reasons name cards you cannot see (tick Open hands to read them)."});
  }
  const details = el("details");
  details.append(el("summary", {text: `why (${why.bot})`}));
  const table = el("table");
  table.append(el("tr", {}, el("th", {text: "action"}), el("th", {text: "tried"}), el("th", {text: "value"})));
  for (const w of why.weighed) {
    table.append(el("tr", {}, el("td", {text: w.words}), el("td", {class: "n", text: w.visits == null ? "" : String(w.visits)}),
                    el("td", {class: "n", text: String(w.value)})));
  }
  details.append(table, el("div", {text: `value: ${why.measure}`}));
  return details;
}

function renderLog() {
  const log = $("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.replaceChildren();
  for (const line of view.log) {
    const item = el("li", {}, `${playerName(line.seat)}: ${line.words}`);
    if (line.why) item.append(whyNode(line.why));
    log.append(item);
  }
  if (atEnd) log.scrollTop = log.scrollHeight;
}

function renderFacts() {
  const box = $("facts");
  box.replaceChildren(el("h2", {text: "Scores"}));
  const table = el("table");
  view.players.forEach((p, seat) => {
    const score = view.scores ? String(view.scores[seat]) : "not known";
    table.append(el("tr", {}, el("td", {text: playerName(seat)}), el("td", {class: "n", text: score})));
  });
  for (const [name, value] of view.counters) table.append(el("tr", {}, el("td", {text: name}), el("td", {class: "n", text: value})));
  box.append(table, el("div", {class: "wait", text: `seed ${view.seed}`}));
}

function renderResult() {
  const box = $("result");
  box.hidden = !view.result;
  box.replaceChildren();
  if (!view.result) return;
  const winners = view.result.winners.map(playerName);
  const team = view.result.team;
  if (team) {
    const of = team.max == null ? "" : ` of ${team.max}`;
    box.append(el("h2", {text: `${team.won ? "The team won" : "The team lost"}: ${team.score}${of}`}));
    return;
  }
  box.append(el("h2", {text: winners.length ? `${winners.join(" and ")} won` : "Nobody won"}));
  box.append(el("div", {text: "Scores: " + view.result.scores.map((s, i) => `${playerName(i)} ${s}`).join(", ")}));
}

function renderCover() {
  const cover = $("cover");
  const waiting = view.hot && view.seat < 0 && view.current != null && view.players[view.current].here && !view.result;
  cover.hidden = !waiting;
  if (!waiting) return;
  $("cover-text").textContent = `Player ${view.current + 1} to play: pass the screen to them.`;
  const button = el("button", {type: "button", text: `I am player ${view.current + 1}: show my hand`});
  button.addEventListener("click", () => post("look", {seat: view.current}));
  $("cover-buttons").replaceChildren(button);
}

function render() {
  document.title = `${view.title} · cardforge play`;
  $("title").textContent = view.title;
  $("turn").textContent = view.result ? "game over" : view.current == null ? "" : `${playerName(view.current)} to play`;
  $("undo").hidden = !view.canUndo;
  $("open-label").hidden = !view.openHandsAllowed;
  $("open").checked = view.openHands;
  $("open-note").hidden = !view.openHands;
  showMessage(view.message);
  renderTable();
  renderActions();
  renderLog();
  renderFacts();
  renderResult();
  renderCover();
}

function connect() {
  const events = new EventSource(base + "events");
  events.onopen = () => { $("status").textContent = "connected"; $("status").className = ""; };
  events.onerror = () => { $("status").textContent = "connection lost: retrying"; $("status").className = "lost"; };
  events.onmessage = (event) => {
    const data = JSON.parse(event.data);
    applyFonts(data.fonts);
    for (const [fid, face] of Object.entries(data.faces || {})) faces.set(fid, face);
    view = data;
    render();
    document.body.dataset.current = view.current == null ? "" : String(view.current);
    document.body.dataset.version = String(view.version);
  };
}

$("undo").addEventListener("click", () => post("undo", {}));
$("open").addEventListener("change", (event) => post("open", {on: event.target.checked}));
connect();
