// cardforge preview: applies the server's updates (Server-Sent Events) to the page in place.
// Faces are replaced where they changed and cards added, moved or removed as their game says;
// nothing is reloaded, so the scroll position and the filters stay as they are.
"use strict";

const state = {
  session: null,
  version: 0,
  faces: new Map(),      // face id -> SVG markup
  games: new Map(),      // game id -> game (as sent)
  order: [],
  fonts: new Map(),      // family -> [url, FontFace]
  sections: new Map(),   // game id -> its section of the card view
  sheetSections: new Map(), // game id -> its section of the sheet view
  sheets: new Map(),     // game id -> version of the game the sheet view shows
  dirtySheets: new Set(),
};
const $ = (id) => document.getElementById(id);
const store = window.localStorage;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

// ---- size: zoom relative to actual size, from the screen's dpi ----
function nominalDpi() { return 96 * (window.devicePixelRatio || 1); }
function dpi() { const v = parseFloat(store.getItem("cardforge.dpi")); return v > 0 ? v : nominalDpi(); }
function applyZoom() {
  const zoom = parseFloat($("zoom").value);
  // CSS pixels per mm at actual size: the screen's pixels per mm over its pixels per CSS pixel
  const perMm = dpi() / 25.4 / (window.devicePixelRatio || 1);
  document.documentElement.style.setProperty("--mm", String(zoom * perMm));
  $("zoom-shown").textContent = `${Math.round(zoom * 100)} %`;
  store.setItem("cardforge.zoom", String(zoom));
}
function setupSize() {
  $("zoom").value = store.getItem("cardforge.zoom") || "0.6";
  $("dpi").value = Math.round(dpi());
  $("diagonal").value = store.getItem("cardforge.diagonal") || "";
  $("zoom").addEventListener("input", applyZoom);
  $("actual").addEventListener("click", () => { $("zoom").value = "1"; applyZoom(); });
  $("dpi").addEventListener("change", () => {
    const v = parseFloat($("dpi").value);
    if (v > 0) store.setItem("cardforge.dpi", String(v)); else store.removeItem("cardforge.dpi");
    applyZoom();
  });
  $("diagonal").addEventListener("change", () => {
    const inches = parseFloat($("diagonal").value);
    if (!(inches > 0)) return;
    const ratio = window.devicePixelRatio || 1;
    const pixels = Math.hypot(screen.width * ratio, screen.height * ratio);
    store.setItem("cardforge.diagonal", String(inches));
    store.setItem("cardforge.dpi", String(pixels / inches));
    $("dpi").value = Math.round(pixels / inches);
    applyZoom();
  });
  $("bleed").checked = store.getItem("cardforge.bleed") === "1";
  $("bleed").addEventListener("change", () => {
    store.setItem("cardforge.bleed", $("bleed").checked ? "1" : "0");
    applyBleed(document);
  });
  applyZoom();
}
function applyBleed(root) {
  const show = $("bleed").checked;
  document.body.classList.toggle("show-bleed", show);
  for (const svg of root.querySelectorAll("svg.face")) fitFace(svg, show);
}
function fitFace(svg, show) {
  const box = svg.viewBox.baseVal;
  const w = parseFloat(svg.style.getPropertyValue("--w"));
  const h = parseFloat(svg.style.getPropertyValue("--h"));
  const b = show ? parseFloat(svg.dataset.bleed || "0") : 0;
  if (box.x !== -b || box.width !== w + 2 * b) svg.setAttribute("viewBox", `${-b} ${-b} ${w + 2 * b} ${h + 2 * b}`);
}

// ---- fonts ----
function applyFonts(fonts) {
  for (const [family, url] of fonts) {
    const known = state.fonts.get(family);
    if (known && known[0] === url) continue;
    if (known) document.fonts.delete(known[1]);
    const face = new FontFace(family, `url(${url})`);
    document.fonts.add(face);
    face.load().catch(() => {});
    state.fonts.set(family, [url, face]);
  }
}

// ---- problems ----
function renderProblems(problems) {
  const box = $("problems");
  box.replaceChildren();
  box.hidden = problems.length === 0;
  if (!problems.length) return;
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.length - errors;
  box.classList.toggle("warnings-only", errors === 0);
  const parts = [];
  if (errors) parts.push(`${errors} error${errors > 1 ? "s" : ""}`);
  if (warnings) parts.push(`${warnings} warning${warnings > 1 ? "s" : ""}`);
  box.append(el("h2", {}, parts.join(", ") + (errors ? " \u2014 the cards below are the last good ones where a file cannot be read" : "")));
  for (const p of problems) {
    const item = el("div", { class: `problem ${p.severity}` });
    const head = el("div", {});
    if (p.where) head.append(el("span", { class: "where" }, p.where), ": ");
    head.append(el("span", { class: "kind" }, p.severity), ": ", el("span", { class: "message" }, p.message));
    item.append(head);
    if (p.source !== null && p.source !== undefined) {
      const number = p.where.split(":").slice(-2, -1)[0] || "";
      const gutter = number ? `${number} | ` : "";
      const caret = " ".repeat(gutter.length + Math.max(0, p.column - 1));
      item.append(el("pre", { class: "source" }, gutter + p.source + "\n", el("span", { class: "caret" }, caret + "^")));
    }
    for (const note of p.notes) item.append(el("div", { class: "note" }, note));
    box.append(item);
  }
}

// ---- cards ----
function section(gameId) {
  let node = state.sections.get(gameId);
  if (!node) {
    node = el("section", { class: "game", "data-game": gameId, "data-key": gameId },
      el("h2", {}, el("span", { class: "name" }), el("small", {}), el("span", { class: "stale" }, "last good cards")),
      el("div", { class: "grid" }));
    state.sections.set(gameId, node);
  }
  return node;
}
function setFace(side, faceId) {
  side.dataset.face = faceId;
  side.innerHTML = state.faces.get(faceId) || "";
  const svg = side.querySelector("svg.face");
  if (svg) fitFace(svg, $("bleed").checked);
}
function fillInfo(info, card) {
  info.replaceChildren();
  const rows = [["id", card.ids.length > 6 ? `${card.ids.slice(0, 6).join(", ")} \u2026` : card.ids.join(", ")],
                ["count", String(card.count)], ["kind", card.kind],
                ...(card.component ? [["component", card.component]] : []), ...card.fields];
  for (const [name, value] of rows) info.append(el("dt", {}, name), el("dd", {}, value));
}
function makeCard(card) {
  const node = el("figure", { class: "card", tabindex: "0" },
    el("div", { class: "sides" }), el("figcaption", {}, el("span", { class: "label" }), el("span", { class: "count" })),
    el("dl", { class: "info" }));
  updateCard(node, card);
  return node;
}
function updateCard(node, card) {
  node.dataset.key = card.key;
  node.dataset.kind = card.kind;
  node._card = card;
  const sides = node.querySelector(".sides");
  const wanted = [["front", card.front], ...(card.back ? [["back", card.back]] : [])];
  while (sides.children.length > wanted.length) sides.lastChild.remove();
  wanted.forEach(([name, faceId], i) => {
    let side = sides.children[i];
    if (!side) { side = el("div", { class: `side ${name}` }); sides.append(side); }
    if (side.dataset.face !== faceId) setFace(side, faceId);
  });
  node.querySelector(".label").textContent = card.label;
  node.querySelector(".count").textContent = card.count > 1 ? `\u00d7${card.count}` : "";
  fillInfo(node.querySelector(".info"), card);
}
function renderGame(game) {
  const node = section(game.id);
  node.dataset.game = game.game || game.id;
  node.querySelector("h2 .name").textContent = game.name + (game.languages.length > 1 ? ` (${language(game)})` : "");
  const distinct = game.cards.length;
  node.querySelector("h2 small").textContent =
    `${distinct} distinct face${distinct === 1 ? "" : "s"} \u00b7 ${game.pages} printed page${game.pages === 1 ? "" : "s"}`;
  node.classList.toggle("is-stale", game.stale);
  const grid = node.querySelector(".grid");
  const existing = new Map([...grid.children].map((c) => [c.dataset.key, c]));
  let before = grid.firstChild;
  for (const card of game.cards) {
    let item = existing.get(card.key);
    if (item) { existing.delete(card.key); updateCard(item, card); } else item = makeCard(card);
    if (item !== before) grid.insertBefore(item, before); else before = before.nextSibling;
  }
  for (const gone of existing.values()) gone.remove();
  return node;
}
function placeSections() {
  const main = $("cards");
  const wanted = state.order.map((id) => section(id));
  const keep = new Set(wanted);
  for (const child of [...main.children]) if (!keep.has(child)) child.remove();
  for (const id of [...state.sections.keys()]) if (!state.order.includes(id)) state.sections.delete(id);
  let before = main.firstChild;
  for (const node of wanted) {
    if (node !== before) main.insertBefore(node, before); else before = before.nextSibling;
  }
}

// ---- languages: a game written in several shows the cards of the language chosen ----
function language(game) { return game.language || game.languages[0] || ""; }
function languageShown(game) {
  const chosen = $("language").value;
  if (!chosen || !game.languages.includes(chosen)) return game.id === (game.game || game.id);
  return language(game) === chosen;
}
function refreshLanguages() {
  const seen = [];
  for (const game of state.games.values()) for (const code of game.languages) if (!seen.includes(code)) seen.push(code);
  const select = $("language");
  const chosen = select.value || store.getItem("cardforge.language") || "";
  select.replaceChildren(...seen.map((code) => el("option", { value: code }, code)));
  select.value = seen.includes(chosen) ? chosen : (seen[0] || "");
  $("language-box").hidden = seen.length < 2;
}
function setupLanguages() {
  $("language").addEventListener("input", () => {
    store.setItem("cardforge.language", $("language").value);
    applyFilters();
    refreshSheets();
  });
}

// ---- filters ----
function refreshFilterChoices() {
  const gameSelect = $("filter-game");
  const chosenGame = gameSelect.value;
  const bases = [...new Set(state.order.map((id) => state.games.get(id)?.game || id))];
  gameSelect.replaceChildren(el("option", { value: "" }, "all"),
    ...bases.map((id) => el("option", { value: id }, state.games.get(id)?.name || id)));
  gameSelect.value = bases.includes(chosenGame) ? chosenGame : "";
  const fieldSelect = $("filter-field");
  const chosenField = fieldSelect.value;
  const names = new Set(["kind"]);
  for (const game of state.games.values()) for (const card of game.cards) for (const [name] of card.fields) names.add(name);
  fieldSelect.replaceChildren(el("option", { value: "" }, "any"), ...[...names].sort().map((n) => el("option", { value: n }, n)));
  fieldSelect.value = names.has(chosenField) ? chosenField : "";
  refreshComponents();
  refreshValues();
}
// a game of several components (decks, tokens, a board...) is filtered by component too
function refreshComponents() {
  const select = $("filter-component");
  const chosen = select.value;
  const names = [];
  for (const id of state.order) {
    const game = state.games.get(id);
    if (!game) continue;
    for (const card of game.cards) if (card.component && !names.includes(card.component)) names.push(card.component);
  }
  select.replaceChildren(el("option", { value: "" }, "all"), ...names.map((n) => el("option", { value: n }, n)));
  select.value = names.includes(chosen) ? chosen : "";
  $("component-box").hidden = names.length < 2;
}
function fieldValue(card, name) {
  if (name === "kind") return card.kind;
  if (name === "component") return card.component || undefined;
  const found = card.fields.find(([n]) => n === name);
  return found ? found[1] : undefined;
}
function refreshValues() {
  const name = $("filter-field").value;
  const valueSelect = $("filter-value");
  const chosen = valueSelect.value;
  const values = new Set();
  if (name) for (const game of state.games.values()) for (const card of game.cards) {
    const v = fieldValue(card, name);
    if (v !== undefined) values.add(v);
  }
  const sorted = [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  valueSelect.replaceChildren(el("option", { value: "" }, "any"), ...sorted.map((v) => el("option", { value: v }, v)));
  valueSelect.disabled = !name;
  valueSelect.value = values.has(chosen) ? chosen : "";
}
function applyFilters() {
  const game = $("filter-game").value;
  const component = $("filter-component").value;
  const field = $("filter-field").value;
  const value = $("filter-value").value;
  const text = $("filter-text").value.trim().toLowerCase();
  for (const node of document.querySelectorAll("#cards > .game")) {
    const data = state.games.get(node.dataset.key);
    const shownGame = (!game || node.dataset.game === game) && (!data || languageShown(data));
    let visible = 0;
    for (const item of node.querySelectorAll(".grid > .card")) {
      const card = item._card;
      let show = shownGame && (!component || card.component === component);
      if (show && field && value) show = fieldValue(card, field) === value;
      else if (show && field) show = fieldValue(card, field) !== undefined;
      if (show && text) {
        const words = [card.label, ...card.ids, card.kind, card.component || "", ...card.fields.map(([n, v]) => `${n}=${v}`), ...card.fields.map(([, v]) => v)];
        show = words.some((w) => String(w).toLowerCase().includes(text));
      }
      item.hidden = !show;
      if (show) visible += 1;
    }
    node.hidden = !shownGame || (visible === 0 && node.querySelectorAll(".grid > .card").length > 0);
  }
  for (const node of document.querySelectorAll("#sheets > .sheet-game")) {
    const data = state.games.get(node.dataset.key);
    node.hidden = (!!game && node.dataset.game !== game) || (!!data && !languageShown(data));
  }
}
function setupFilters() {
  for (const id of ["filter-game", "filter-component", "filter-value", "filter-text"]) $(id).addEventListener("input", applyFilters);
  $("filter-field").addEventListener("input", () => { refreshValues(); applyFilters(); });
}

// ---- sheets: the printed pages, fetched when the view is open ----
function sheetsShown() { return !$("sheets").hidden; }
async function loadSheets(gameId) {
  const game = state.games.get(gameId);
  if (!game) return;
  const reply = await fetch(`/sheets/${encodeURIComponent(gameId)}`, { cache: "no-store" });
  if (!reply.ok) return;
  const data = await reply.json();
  let node = state.sheetSections.get(gameId);
  if (!node) {
    node = el("section", { class: "sheet-game", "data-game": game.game || gameId, "data-key": gameId }, el("h2", {}),
      el("div", { class: "sheets" }));
    state.sheetSections.set(gameId, node);
  }
  node.querySelector("h2").textContent = game.name;
  const pages = node.querySelector(".sheets");
  pages.replaceChildren();
  if (!data.pages.length) pages.append(el("p", { class: "empty" }, "No printed pages: fix the problems above first."));
  for (const page of data.pages) {
    const figure = el("figure", { class: "sheet" }, el("figcaption", {}, page.label));
    figure.insertAdjacentHTML("beforeend", page.svg);
    pages.append(figure);
  }
  state.sheets.set(gameId, data.version);
  placeSheetSections();
  applyFilters();
}
function placeSheetSections() {
  const main = $("sheets");
  for (const [id, node] of [...state.sheetSections]) {
    if (!state.order.includes(id)) { node.remove(); state.sheetSections.delete(id); state.sheets.delete(id); }
  }
  let before = main.firstChild;
  for (const id of state.order) {
    const node = state.sheetSections.get(id);
    if (!node) continue;
    if (node !== before) main.insertBefore(node, before); else before = before.nextSibling;
  }
}
function refreshSheets() {
  if (!sheetsShown()) return;
  for (const id of state.order) {
    const game = state.games.get(id);
    if (game && !languageShown(game)) continue;  // fetched when its language is chosen
    if (!state.sheets.has(id) || state.dirtySheets.has(id)) {
      state.dirtySheets.delete(id);
      loadSheets(id);
    }
  }
  placeSheetSections();
}
function setupViews() {
  const show = (sheets) => {
    $("cards").hidden = sheets;
    $("sheets").hidden = !sheets;
    $("view-cards").setAttribute("aria-pressed", String(!sheets));
    $("view-sheets").setAttribute("aria-pressed", String(sheets));
    refreshSheets();
  };
  $("view-cards").addEventListener("click", () => show(false));
  $("view-sheets").addEventListener("click", () => show(true));
}

// ---- updates ----
function reset() {
  state.faces.clear(); state.games.clear(); state.sections.clear(); state.order = [];
  state.sheets.clear(); state.sheetSections.clear(); state.dirtySheets.clear();
  $("cards").replaceChildren(); $("sheets").replaceChildren();
}
function apply(update) {
  if (update.full || update.session !== state.session) reset();
  state.session = update.session;
  for (const id of update.removed) state.faces.delete(id);
  const changed = Object.entries(update.faces);
  for (const [id, markup] of changed) state.faces.set(id, markup);
  applyFonts(update.fonts);
  // faces that changed: redraw them where they are (cards of a changed game follow below)
  for (const [id] of changed) {
    for (const side of document.querySelectorAll(`.side[data-face="${id}"]`)) {
      setFace(side, id);
      const card = side.closest(".card");
      if (card && !update.full) flash(card);
      const game = side.closest(".game");
      if (game) state.dirtySheets.add(game.dataset.game);  // its printed pages changed too
    }
  }
  for (const [id, game] of Object.entries(update.games)) {
    state.games.set(id, game);
    renderGame(game);
    state.dirtySheets.add(id);
  }
  for (const id of [...state.games.keys()]) if (!update.order.includes(id)) state.games.delete(id);
  state.order = update.order;
  placeSections();
  renderProblems(update.problems);
  refreshLanguages();
  refreshFilterChoices();
  applyFilters();
  refreshSheets();
  document.title = update.title ? `${update.title} \u2014 cardforge preview` : "cardforge preview";
  $("title").textContent = update.title || "cardforge preview";
  state.version = update.version;
  document.body.dataset.version = String(update.version);
  $("status").textContent = `version ${update.version} \u00b7 ${new Date().toLocaleTimeString()}`;
  $("status").classList.remove("lost");
}
function flash(card) {
  card.classList.add("flash");
  setTimeout(() => card.classList.remove("flash"), 900);
}
function connect() {
  const events = new EventSource("/events");
  events.addEventListener("update", (event) => apply(JSON.parse(event.data)));
  events.addEventListener("error", () => {
    $("status").textContent = "preview stopped or restarting \u2014 reconnecting\u2026";
    $("status").classList.add("lost");
  });
}

setupSize();
setupLanguages();
setupFilters();
setupViews();
connect();
