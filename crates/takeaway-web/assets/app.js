// takeaway's page: pick a game, play against the computer, see why.
// Numbers may be huge: JSON is parsed with the source text of every number,
// and unsafe integers are kept as strings (BigInt for comparisons).
"use strict";

// Errors of this page, for the end-to-end test (which also reads the browser's console).
window.__takeawayErrors = [];
window.addEventListener("error", (e) => window.__takeawayErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.__takeawayErrors.push(String(e.reason)));

const $ = (id) => document.getElementById(id);
const MAX_COUNTERS = 60;
// The page keeps no rules and no list of families: the server's catalogue
// (/api/games) says what each family can do (its `capabilities`), and every
// answer says which moves are legal and why the others are not (`options`).

const state = {
  games: [],
  family: null, // catalogue entry of the selected family
  playing: null, // catalogue entry of the game in play
  spec: "",
  params: {}, // the parameters of the game in play, by key
  position: null, // the wire position: {piles: [string], bound: string|null, call?: string}, or {parts: [{game, piles, bound}]}
  over: false,
  winner: null,
  history: [], // {position, log, points}: positions where the human was to act, for Undo
  points: [], // value history: one per position reached
  busy: false,
  generation: 0, // bumped by every start, move and undo: late answers are dropped
  computer: "best", // how the computer plays: "best" or "table-4.1" (two-pile games)
  memory: null, // memory games: the previous take and the takes it allows, with the server's words (`text`); for a sum an array, one per part (null without)
  options: null, // the legal moves of the position in play and why the others are not (the server's; per part in `parts`)
  misere: false, // the game in play is under misère play (whoever cannot move wins)
  practice: false, // practice mode: the analysis stays hidden until the player asks
  revealed: false, // practice mode: the player asked to see the analysis of this position
  tableCheck: null, // the pending check of a Table 4.1 choice (Start waits for it)
  grid: null, // the heatmap drawn, with its geometry (a click opens a cell's position)
};
window.__takeawayState = state;

function parseJson(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === "number" && !Number.isSafeInteger(value) && context && context.source) {
      return context.source;
    }
    return value;
  });
}

function big(v) {
  return BigInt(String(v));
}

function capitalise(text) {
  const t = String(text || "");
  return t.length ? t[0].toUpperCase() + t.slice(1) : t;
}

// Requests in flight. Work the page waits for more than WORKING_AFTER_MS
// shows the "Working…" bar with a spinner and a Cancel button; Cancel
// aborts every request in flight (the server stops the work when the client
// goes away) and each caller reports "Cancelled" beside its control.
const WORKING_AFTER_MS = 300;
const inFlight = new Set();
let workingTimer = null;

function updateWorking() {
  const bar = $("working");
  if (!bar) return;
  if (inFlight.size === 0) {
    clearTimeout(workingTimer);
    workingTimer = null;
    bar.hidden = true;
    return;
  }
  if (workingTimer === null && bar.hidden) {
    workingTimer = setTimeout(() => {
      workingTimer = null;
      if (inFlight.size > 0) bar.hidden = false;
    }, WORKING_AFTER_MS);
  }
}

function cancelWork() {
  for (const controller of inFlight) controller.abort();
}

async function api(path, body, ownController) {
  const controller = ownController || new AbortController();
  const init = body === undefined
    ? { method: "GET", signal: controller.signal }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: controller.signal };
  inFlight.add(controller);
  updateWorking();
  try {
    const response = await fetch(path, init);
    const text = await response.text();
    let data;
    try {
      data = parseJson(text);
    } catch (_) {
      throw new Error(`The server answered ${response.status}: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      throw new Error(capitalise(data && data.error ? data.error : `the server answered ${response.status}`));
    }
    return data;
  } catch (e) {
    if (e && e.name === "AbortError") throw new Error("Cancelled: the work was stopped.");
    throw e;
  } finally {
    inFlight.delete(controller);
    updateWorking();
  }
}

// Errors appear beside the control that caused them: the setup's beside
// Start, the board's beside the move controls.
function showError(message) {
  $("error").textContent = message || "";
}

function showPlayError(message) {
  $("play-error").textContent = message || "";
}

// ---------- setup ----------

// The inputs of a family's parameters in `box` (its values, else the
// defaults), each with the class `param` and its key in `data-key`.
function paramInputs(box, fam, values) {
  box.textContent = "";
  for (const p of fam.params) {
    const label = document.createElement("label");
    label.textContent = p.label + " ";
    const input = document.createElement("input");
    input.className = "param";
    input.dataset.key = p.key;
    input.value = values && values[p.key] !== undefined ? values[p.key] : p.default;
    if (isOptional(p)) input.placeholder = "none";
    input.spellcheck = false;
    input.autocomplete = "off";
    input.addEventListener("keydown", onEnter(() => startGame()));
    label.appendChild(input);
    box.appendChild(label);
  }
}

// The values typed into the inputs of `paramInputs`, by key.
function paramsOf(box) {
  const out = {};
  for (const input of box.querySelectorAll("input.param")) out[input.dataset.key] = input.value.trim();
  return out;
}

function renderParams(values, misere) {
  const fam = state.family;
  if (!fam) return;
  paramInputs($("params"), fam, values);
  for (const input of $("params").querySelectorAll("input.param")) input.id = "param-" + input.dataset.key;
  $("about").textContent = fam.about;
  // What the parameters mean, in the catalogue's help line for the family.
  $("params-help").textContent = fam.params.length > 0 ? capitalise(fam.help || "") : "";
  $("params-help").hidden = $("params-help").textContent === "";
  $("piles-word").textContent = capitalise(pilesWord(fam));
  $("piles").value = fam.piles.join(" ");
  $("bound").value = fam.bound !== undefined ? String(fam.bound) : "";
  $("bound-label").hidden = !fam.capabilities.bounded;
  // A game of parts (its layout `parts`): one editor per part instead of
  // the piles, filled from the family's example position.
  const parts = fam.rows === "parts";
  $("piles-label").hidden = parts;
  $("parts").hidden = !parts;
  $("add-part").hidden = !parts;
  if (parts && $("parts").children.length === 0) {
    for (const part of fam.position.parts || []) addPartEditor(part);
  }
  // The misère switch: kept as the player left it, unless the address says
  // (or the family is misère by definition).
  const wasOn = $("misere-play").checked && !$("misere-play").disabled;
  renderMisere(fam, misere === undefined ? wasOn : misere);
  // Table 4.1 is a strategy for the families that name it (two-pile games).
  $("computer-label").hidden = !hasTable41(fam);
  if (!hasTable41(fam)) $("computer").value = "best";
  $("computer-error").textContent = "";
  if (!state.position) renderControls();
}

function paramValues() {
  return paramsOf($("params"));
}

// A parameter with an empty default is optional: left empty, its part
// `:key={key}` is left out of the spec (the memory game's `f` and `forbid`).
function isOptional(p) {
  return p.default === "";
}

// The family's template without the parts of its optional parameters left empty.
function filledTemplate(fam, values) {
  let template = fam.template;
  for (const p of fam.params) {
    if (isOptional(p) && String(values[p.key] ?? "") === "") {
      template = template.replace(":" + p.key + "={" + p.key + "}", "");
    }
  }
  return template;
}

function specOf(fam, values) {
  let spec = filledTemplate(fam, values);
  for (const p of fam.params) spec = spec.replace("{" + p.key + "}", values[p.key]);
  return spec;
}

// The spec key that turns misère play on: a key of every family's spec.
const MISERE_KEY = ":misere=true";

// Whether the family's template already says misère play (its switch is then on and fixed).
function misereByTemplate(fam) {
  return !!fam && fam.template.endsWith(MISERE_KEY);
}

// Whether the misère switch applies to the family: every family (a game
// of parts too: misère play of the whole, whoever cannot move in any part wins).
function misereOffered(fam) {
  return !!fam;
}

// The spec played: the template filled in, with the misère key when the switch is on.
function playedSpec(fam, values, misere) {
  const spec = specOf(fam, values);
  return misere && !misereByTemplate(fam) ? spec + MISERE_KEY : spec;
}

// The misère switch as the setup shows it.
function renderMisere(fam, on) {
  const box = $("misere-play");
  const fixed = misereByTemplate(fam);
  $("misere-label").hidden = !misereOffered(fam);
  box.disabled = fixed;
  box.checked = fixed || (!!on && misereOffered(fam));
  box.title = fixed ? "This game is misère play by its definition." : "";
}

// A parse error of a spec ("Game spec, column C: …") in the words of what
// the user typed: the field the column falls in and the column within it.
function inUserWords(message, fam, values) {
  const m = String(message).match(/^Game spec, column (\d+): (?:in [a-z]+: )?(.*)$/is);
  if (!m || !fam) return message;
  const column = Number(m[1]); // 1-based, in the spec sent
  let at = 0; // where the next part of the template starts in the spec
  const pieces = filledTemplate(fam, values).split(/(\{[a-z]+\})/);
  for (const piece of pieces) {
    const key = piece.match(/^\{([a-z]+)\}$/);
    const length = key ? String(values[key[1]]).length : piece.length;
    if (key && column >= at + 1 && column <= at + length + 1) {
      const param = fam.params.find((p) => p.key === key[1]);
      const label = param ? param.label.replace(/\s*=\s*$/, "") : key[1];
      return `${label}: column ${column - at} of what you typed (“${values[key[1]]}”): ${m[2]}`;
    }
    at += length;
  }
  return message;
}

// The values a spec's `misere` key may take (the library's `GameSpec::misere`).
const MISERE_ON = ["true", "1", "yes"];
const MISERE_OFF = ["false", "0", "no"];

// A spec without its `misere` key, wherever the key stands, and what the
// key said: true, false, or null when the spec has none (or a value that
// is not a switch: the spec is then left as it is, for the server to refuse).
// The spec's parts at its top-level colons (a bound such as `if(a:b)` keeps its own).
function topLevelParts(spec) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (c === ":" && depth <= 0) {
      parts.push(spec.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(spec.slice(start));
  return parts;
}

// The key of a spec's part `key=value`, or null.
function partKey(part) {
  const m = part.match(/^\s*([a-z]+)\s*=/i);
  return m ? m[1].toLowerCase() : null;
}

function splitMisere(spec) {
  const parts = topLevelParts(spec);
  let misere = null;
  const kept = [parts[0]];
  for (const part of parts.slice(1)) {
    const m = part.match(/^\s*misere\s*=\s*(.*?)\s*$/i);
    const value = m ? m[1].toLowerCase() : null;
    if (value !== null && (MISERE_ON.includes(value) || MISERE_OFF.includes(value))) {
      misere = MISERE_ON.includes(value);
    } else {
      kept.push(part);
    }
  }
  return { plain: kept.join(":"), misere };
}

// The template of a family without its misère key (the family's own game,
// whose switch the template fixes on), and the pattern that reads its
// parameters out of a spec.
function templatePattern(fam) {
  const escape = (s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const template = misereByTemplate(fam) ? fam.template.slice(0, -MISERE_KEY.length) : fam.template;
  const keys = [];
  const out = [];
  for (const part of template.split(/(\{[a-z]+\})/)) {
    const m = part.match(/^\{([a-z]+)\}$/);
    if (!m) {
      out.push(escape(part));
      continue;
    }
    keys.push(m[1]);
    const param = fam.params.find((p) => p.key === m[1]);
    const lead = ":" + m[1] + "=";
    if (param && isOptional(param) && out.length > 0 && out[out.length - 1].endsWith(lead)) {
      // An optional parameter: its part `:key=VALUE` may be absent.
      out[out.length - 1] = out[out.length - 1].slice(0, -lead.length);
      out.push("(?:" + escape(lead) + "(.+?))?");
    } else {
      out.push("(.+?)");
    }
  }
  return { keys, re: new RegExp("^" + out.join("") + "$") };
}

// The family, parameters and misère switch of a game: `spec` as written
// (its `misere` key anywhere among its keys), and `switched` when the
// address's own `misere=true` (the page's switch) asks for misère play.
// The switch is restored for the family the spec names: with the switch,
// a family that offers it comes first (`subtraction:s=1,3,4` with
// `&misere=true` is the subtraction game with its switch on); with the
// spec's own key, a family whose template carries it comes first (the
// address such a family writes); without either, no family whose template
// is misère. Among these, the longest template first. A template reads the
// spec's keys in its own order first, so that a key it names is its own
// parameter whatever the spec's order (`one-pile:f=2*t:min=t` is a memory
// game, `min` and `f` its parameters); the spec as written is the fallback.
function familyOfSpec(spec, switched) {
  const split = splitMisere(spec);
  const misere = split.misere === null ? !!switched : split.misere;
  const byLength = (list) => [...list].sort((a, b) => b.template.length - a.template.length);
  const own = byLength(state.games.filter((f) => misereByTemplate(f)));
  const rest = byLength(state.games.filter((f) => !misereByTemplate(f)));
  const order = !misere ? rest : split.misere === true ? [...own, ...rest] : [...rest, ...own];
  const read = (fam, text) => {
    const { keys, re } = templatePattern(fam);
    const m = text.match(re);
    if (!m) return null;
    const values = {};
    keys.forEach((k, i) => { values[k] = m[i + 1] ?? ""; });
    return { fam, values, misere: misere && (misereByTemplate(fam) || misereOffered(fam)) };
  };
  // The spec's keys in the order the template names them, the others after.
  const inTemplateOrder = (fam) => {
    const [head, ...parts] = topLevelParts(split.plain);
    const named = topLevelParts(fam.template).slice(1).map(partKey);
    const rank = (part) => {
      const at = named.indexOf(partKey(part));
      return at < 0 ? named.length : at;
    };
    const sorted = parts.map((p, i) => [rank(p), i, p]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return [head, ...sorted.map((x) => x[2])].join(":");
  };
  for (const fam of order) {
    const found = read(fam, inTemplateOrder(fam));
    if (found) return found;
  }
  for (const fam of order) {
    const found = read(fam, split.plain);
    if (found) return found;
  }
  return null;
}

async function loadGames() {
  const data = await api("/api/games");
  state.games = data.games.filter((g) => g.available);
  const select = $("game");
  select.textContent = "";
  for (const g of state.games) {
    const option = document.createElement("option");
    option.value = g.id;
    option.textContent = g.name;
    select.appendChild(option);
  }
  if (state.games.length === 0) {
    showError("No game family is built into this server yet.");
    return;
  }
  state.family = state.games[0];
  renderParams();
}

// ---------- the rules, as the page needs them ----------

// The catalogue entry of the game in play (or chosen).
function currentFamily() {
  return state.playing || state.family || null;
}

// Whether the family has a kind of move ("take", "both", "call").
function hasMove(kind, fam) {
  const f = fam || currentFamily();
  return !!f && f.capabilities.moves.includes(kind);
}

function hasTable41(fam) {
  return !!fam && fam.capabilities.strategies.includes("table-4.1");
}

// The family of a game spec (a part's `game`), or null.
function familyOf(spec) {
  const found = familyOfSpec(String(spec), false);
  return found ? found.fam : null;
}

// The games on the board, each as the page draws and plays it: the game in
// play, or for a position with parts each part as a game of its own family
// (its capabilities from the catalogue), its options the part's, its moves
// sent as moves in that part.
function boards() {
  const pos = state.position;
  if (!pos) return [];
  if (!Array.isArray(pos.parts) || pos.parts.length === 0) {
    return [{ fam: state.playing, pos, options: state.options, key: "", part: null, wrap: (m) => m }];
  }
  return pos.parts.map((p, k) => ({
    fam: familyOf(p.game) || state.playing,
    pos: p,
    options: state.options && state.options.parts ? state.options.parts[k] || null : null,
    key: `${k}.`,
    part: k,
    wrap: (m) => ({ kind: "part", part: k, move: m }),
  }));
}

// Whether a game on the board has a kind of move (Spite Nim's calls,
// Wythoff's diagonal).
function anyBoardHas(kind) {
  const list = boards();
  return list.length > 0 ? list.some((b) => hasMove(kind, b.fam)) : hasMove(kind);
}

function isSpite() {
  return anyBoardHas("call");
}

// Whether the position in play (or the setup's family) has parts.
function hasParts() {
  const pos = state.position;
  if (pos) return Array.isArray(pos.parts) && pos.parts.length > 0;
  return !!state.family && state.family.rows === "parts";
}

// Every pile of a position (of all its parts).
function allPiles(pos) {
  if (!pos) return [];
  return Array.isArray(pos.parts) && pos.parts.length > 0 ? pos.parts.flatMap((p) => p.piles) : pos.piles || [];
}

// The fields of a request that give a position (/api/analyze takes them
// beside the game): its piles and bound, or its parts.
function positionFields(pos) {
  return Array.isArray(pos.parts) && pos.parts.length > 0 ? { parts: pos.parts } : { piles: pos.piles, bound: pos.bound };
}

// The family's own word for a pile (the catalogue's `unit`: `pile`, `heap`
// or `row`), used everywhere on the board and in its messages.
function pileWord(fam) {
  const f = fam || currentFamily();
  return f ? f.capabilities.unit : "pile";
}

// The word for several (the server's legends say `{unit}s` too).
function pilesWord(fam) {
  return pileWord(fam) + "s";
}

// Why the `n`-th move of a list of the server's options (1-based, BigInt) is
// not allowed, or null: when it is allowed, or beyond the counters the
// options cover (the server's answer to the move then says why).
function optionReason(list, n) {
  if (n < 1n) return null;
  if (!list || n > BigInt(list.length)) return null;
  return list[Number(n) - 1];
}

// Why taking `take` from pile `i` is not allowed now, or null when it is
// (`options`: the options of the game on the board).
function whyNot(i, take, options) {
  return optionReason(options && options.take ? options.take[i] : null, take);
}

// Why a diagonal (Wythoff) take is not allowed, or null.
function whyNotBoth(take, options) {
  return optionReason(options ? options.both : null, take);
}

// Why a Spite Nim call is not allowed, or null.
function whyNotCall(call, options) {
  return optionReason(options ? options.call : null, call);
}

function callPending(position) {
  const pos = position || state.position;
  return pos && pos.call !== undefined && pos.call !== null ? big(pos.call) : null;
}

// ---------- the log and the value history ----------

// A move in the page's words (piles and rows counted from 1), in the
// position `pos` (the position in play unless given) of the family `fam`;
// a move in a part in that part's words.
function describeMove(m, pos, fam) {
  const p = pos || state.position;
  if (m.kind === "part") {
    const part = p && Array.isArray(p.parts) ? p.parts[m.part] : null;
    return `part ${m.part + 1}: ${describeMove(m.move, part || { piles: [] }, part ? familyOf(part.game) : null)}`;
  }
  const one = !!p && Array.isArray(p.piles) && p.piles.length === 1;
  const unit = pileWord(fam);
  const units = pilesWord(fam);
  switch (m.kind) {
    case "take": return one ? `take ${m.take}` : `take ${m.take} from ${unit} ${m.pile + 1}`;
    case "both": return `take ${m.take} from both ${units}`;
    case "call": return `call ${m.call}`;
    case "pick": return `pick ${unit} ${m.pile + 1}`;
    case "add": return `add ${m.add} to ${unit} ${m.pile + 1}`;
    case "split": return `take ${m.take} from ${unit} ${m.pile + 1} leaving ${m.split.slice(0, -1).join(", ")} and ${m.split[m.split.length - 1]}`;
    default: return JSON.stringify(m);
  }
}

function log(who, text) {
  const li = document.createElement("li");
  li.className = who;
  const num = document.createElement("span");
  num.className = "num";
  num.textContent = `${$("log").children.length + 1}.`;
  const what = document.createElement("span");
  what.className = "what";
  what.textContent = (who === "computer" ? "Computer: " : "You: ") + text;
  li.appendChild(num);
  li.appendChild(what);
  $("log").appendChild(li);
  $("log").scrollTop = $("log").scrollHeight;
}

function truncateLog(length) {
  const ol = $("log");
  while (ol.children.length > length) ol.removeChild(ol.lastChild);
}

// Who wins `pos` (the player `actor` to act there), as a value-history point.
async function pointFor(pos, actor, over, winner, label) {
  if (over) return { label, winner, remoteness: 0, value: null, actor };
  try {
    if (pos.call !== undefined && pos.call !== null) {
      const h = await api("/api/hint", { game: state.spec, position: pos });
      return { label, winner: h.winning === (actor === "human") ? "human" : "computer", remoteness: null, value: null, actor };
    }
    const a = await api("/api/analyze", Object.assign({ game: state.spec }, positionFields(pos)));
    return pointOfAnalysis(a, actor, label);
  } catch (_) {
    return { label, winner: null, remoteness: null, value: null, actor };
  }
}

function pointOfAnalysis(a, actor, label) {
  const known = a.outcome === "N" || a.outcome === "P";
  const actorWins = a.outcome === "N";
  return {
    label,
    winner: !known ? null : actorWins === (actor === "human") ? "human" : "computer",
    remoteness: a.remoteness !== undefined && a.remoteness !== null ? Number(a.remoteness) : null,
    value: a.value !== null && a.value !== undefined ? String(a.value) : null,
    actor,
  };
}

function renderHistory() {
  const svg = $("vh");
  const ns = svg.namespaceURI; // the SVG namespace, from the element itself
  svg.textContent = "";
  const w = 220, h = 120, left = 22, right = 8, top = 16, bottom = 18;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const pts = state.points;
  // The height of a point: its remoteness, else a small value, else
  // unknown (null): an unknown point is drawn hollow on a dashed line
  // above the chart, with no line to it (a gap), never at 0 ("game over").
  const height = (p) => (p.remoteness !== null ? p.remoteness : p.value !== null && /^\d{1,6}$/.test(p.value) ? Number(p.value) : null);
  const known = pts.map(height).filter((v) => v !== null);
  const top_ = Math.max(1, ...known);
  const xOf = (i) => left + (pts.length <= 1 ? 0 : (i * (w - left - right)) / (pts.length - 1));
  const yOf = (v) => (v === null ? 6 : top + (h - top - bottom) * (1 - v / top_));
  const line = (x1, y1, x2, y2, cls) => {
    const l = document.createElementNS(ns, "line");
    l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
    l.setAttribute("class", cls);
    l.setAttribute("stroke", "#d1d5db");
    svg.appendChild(l);
  };
  const text = (x, y, t, anchor) => {
    const e = document.createElementNS(ns, "text");
    e.setAttribute("x", x); e.setAttribute("y", y); e.setAttribute("font-size", "10");
    e.setAttribute("fill", "#6b7280"); e.setAttribute("text-anchor", anchor);
    e.textContent = t;
    svg.appendChild(e);
  };
  line(left, h - bottom, w - right, h - bottom, "axis");
  line(left, top, left, h - bottom, "axis");
  if (known.length < pts.length) {
    line(left, 6, w - right, 6, "unknown");
    svg.lastChild.setAttribute("stroke-dasharray", "3 3");
    text(w - right, 15, "hollow: not worked out", "end");
  }
  text(left - 3, yOf(top_) + 4, String(top_), "end");
  text(left - 3, h - bottom + 4, "0", "end");
  text(left, h - 4, "start", "start");
  if (pts.length > 1) text(w - right, h - 4, `move ${pts.length - 1}`, "end");
  for (let i = 1; i < pts.length; i++) {
    if (height(pts[i - 1]) === null || height(pts[i]) === null) continue; // a gap
    const l = document.createElementNS(ns, "line");
    l.setAttribute("x1", xOf(i - 1)); l.setAttribute("y1", yOf(height(pts[i - 1])));
    l.setAttribute("x2", xOf(i)); l.setAttribute("y2", yOf(height(pts[i])));
    l.setAttribute("stroke", "#9ca3af");
    svg.appendChild(l);
  }
  pts.forEach((p, i) => {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", xOf(i));
    c.setAttribute("cy", yOf(height(p)));
    c.setAttribute("r", "4");
    c.setAttribute("class", "vh-point");
    c.dataset.winner = p.winner || "";
    const colour = p.winner === "human" ? "#1b7f3a" : p.winner === "computer" ? "#b5532b" : "#9ca3af";
    const v = height(p);
    c.dataset.height = v === null ? "unknown" : String(v);
    if (v === null) {
      c.setAttribute("fill", "#fff");
      c.setAttribute("stroke", colour);
      c.setAttribute("stroke-width", "2");
    } else {
      c.setAttribute("fill", colour);
    }
    const t = document.createElementNS(ns, "title");
    const who = p.winner === "human" ? "you are winning" : p.winner === "computer" ? "the computer is winning" : "not analysed";
    const how = p.remoteness !== null ? `; ${p.remoteness} moves left with best play` : p.value !== null ? `; value ${p.value}` : "; how long the game lasts was not worked out";
    t.textContent = `${p.label}: ${who}${how}`;
    c.appendChild(t);
    svg.appendChild(c);
  });
  svg.dataset.points = String(pts.length);
}

// ---------- the board ----------

function counterButton(i, j, take, reason, what, onClick) {
  const c = document.createElement("button");
  c.type = "button";
  c.className = "counter";
  c.dataset.pile = String(i);
  c.dataset.index = String(j);
  c.dataset.off = reason ? "1" : "0";
  c.disabled = !!reason;
  c.title = reason || what;
  if (!reason) {
    c.addEventListener("mouseenter", () => highlight(i, j, true));
    c.addEventListener("mouseleave", () => highlight(i, j, false));
    c.addEventListener("click", onClick);
  }
  return c;
}

// Beside a pile too large to draw as counters: how to move instead.
function typeNote(what) {
  const note = document.createElement("span");
  note.className = "type-note";
  note.textContent = what === "call"
    ? `Too many to draw (over ${MAX_COUNTERS}): type the call in the Call field below.`
    : what === "take"
      ? `Too many counters to draw (over ${MAX_COUNTERS}): type how many to take in the Take field below.`
      : `Too many counters to draw (over ${MAX_COUNTERS}).`;
  return note;
}

function counterRow(label, size, i, extra) {
  const row = document.createElement("div");
  row.className = "pile";
  row.dataset.pile = String(i);
  const name = document.createElement("span");
  name.className = "pile-name";
  name.textContent = label;
  const count = document.createElement("span");
  count.className = "pile-size";
  count.textContent = String(size);
  row.appendChild(name);
  row.appendChild(count);
  if (extra) row.classList.add(extra);
  return row;
}

function renderBoard() {
  const board = $("board");
  board.textContent = "";
  if (!state.position) return;
  for (const b of boards()) {
    if (b.part === null) {
      renderGameBoard(board, b);
      continue;
    }
    // A part: its own board, under its number, family and bound.
    const box = document.createElement("div");
    box.className = "part";
    box.dataset.part = String(b.part);
    const title = document.createElement("h3");
    const name = b.fam ? b.fam.name : b.pos.game;
    const spec = b.fam && b.fam.params.length > 0 ? ` (${b.pos.game})` : "";
    const memory = ownMemory(b.part);
    const bound = memory ? ` — ${memory.text}` : b.pos.bound !== null && b.pos.bound !== undefined ? ` — take up to ${b.pos.bound}` : "";
    title.textContent = `Part ${b.part + 1}: ${name}${spec}${bound}`;
    box.appendChild(title);
    renderGameBoard(box, b);
    board.appendChild(box);
  }
}

// One game's board in `board`, from its family's capabilities (`b.fam`:
// the layout, the kinds of move, the word for a pile) and the server's
// options (`b.options`); a click sends the move (`b.wrap`: as a move in its
// part, for a part).
function renderGameBoard(board, b) {
  if (b.fam && b.fam.rows === "pins") {
    renderPinsBoard(board, b);
    return;
  }
  const pos = b.pos;
  const fam = b.fam;
  const play = (m) => humanMove(b.wrap(m));
  const spite = hasMove("call", fam);
  const pending = callPending(pos);
  const diagonal = hasMove("both", fam) && $("diagonal").checked;
  const yourTurn = !state.over && !state.busy;
  const waitReason = state.over ? "The game is over." : state.busy ? "The computer is thinking." : null;
  const sizes = pos.piles.map(big);
  const unit = pileWord(fam);
  const units = pilesWord(fam);
  const where = b.part === null ? "" : `Part ${b.part + 1}: `;
  // Wythoff's diagonal take is offered on the smaller pile only (one counter per move).
  const diagonalPile = diagonal ? (sizes[1] < sizes[0] ? 1 : 0) : -1;
  if (spite && pending === null) {
    // Spite Nim: the call strip, one counter per call 1..the longest row.
    // The calls the server's options list (1 to the longest row), else the longest row.
    const longest = sizes.reduce((x, y) => (x > y ? x : y), 0n);
    const listed = b.options && b.options.call ? BigInt(b.options.call.length) : longest;
    const most = longest > BigInt(MAX_COUNTERS) ? longest : listed;
    const row = counterRow("call", most, b.key + "call", "callrow");
    row.title = "Click a counter to call that many (counted from the right); the computer then picks the row.";
    if (most <= BigInt(MAX_COUNTERS)) {
      const counters = document.createElement("span");
      counters.className = "counters";
      const n = Number(most);
      for (let j = 0; j < n; j++) {
        const call = BigInt(n - j);
        const reason = waitReason || whyNotCall(call, b.options);
        counters.appendChild(counterButton(b.key + "call", j, call, reason, `Call ${call}`, () => play({ kind: "call", call: String(call) })));
      }
      row.appendChild(counters);
    } else {
      row.appendChild(typeNote("call"));
    }
    board.appendChild(row);
  }
  sizes.forEach((size, i) => {
    const row = counterRow(`${unit} ${i + 1}`, pos.piles[i], b.key + i, null);
    const pickWhy = pending !== null && b.options && b.options.pick ? b.options.pick[i] : null;
    if (pending !== null && !pickWhy && yourTurn) {
      row.classList.add("pickable");
      row.title = `Take the call ${pending} from ${unit} ${i + 1}`;
      row.addEventListener("click", () => play({ kind: "pick", pile: i }));
    } else if (pending !== null) {
      row.title = pickWhy || waitReason || "";
    }
    if (size <= BigInt(MAX_COUNTERS)) {
      const counters = document.createElement("span");
      counters.className = "counters";
      const n = Number(size);
      for (let j = 0; j < n; j++) {
        const take = BigInt(n - j);
        if (spite) {
          // Rows only show their counters: calls are made on the call strip.
          const c = document.createElement("span");
          c.className = "counter static";
          counters.appendChild(c);
          continue;
        }
        let reason = waitReason;
        let what;
        let move;
        if (diagonal) {
          reason = reason || (i !== diagonalPile
            ? `With “take from both ${units}”, click ${unit} ${diagonalPile + 1}, the smaller.`
            : whyNotBoth(take, b.options));
          what = `${where}Take ${take} from both ${units}`;
          move = { kind: "both", take: String(take) };
        } else {
          reason = reason || whyNot(i, take, b.options);
          what = where + (sizes.length === 1 ? `Take ${take}` : `Take ${take} from ${unit} ${i + 1}`);
          move = { kind: "take", pile: i, take: String(take) };
        }
        counters.appendChild(counterButton(b.key + i, j, take, reason, what, () => play(move)));
      }
      row.appendChild(counters);
    } else {
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = "min(240px, 40vw)";
      row.appendChild(bar);
      row.appendChild(typeNote(spite ? "" : "take"));
    }
    board.appendChild(row);
  });
  // Appendix games (add=K, must-add=K): while adding is allowed (the
  // server's options say so), a row of add buttons per pile (at most 12 shown).
  const adds = b.options && b.options.add ? b.options.add : [];
  adds.forEach((reasons, i) => {
    const row = document.createElement("div");
    row.className = "addrow";
    row.textContent = `Add to ${unit} ${i + 1}: `;
    // The adds up to the last legal one (at most 12 shown).
    const most = Math.min(reasons.lastIndexOf(null) + 1, 12);
    for (let t = 1; t <= most; t++) {
      const why = reasons[t - 1];
      const button = document.createElement("button");
      button.textContent = `+${t}`;
      button.style.margin = "2px 4px";
      button.title = waitReason || why || `Add ${t} to ${unit} ${i + 1}`;
      button.disabled = !!(waitReason || why);
      button.addEventListener("click", () => play({ kind: "add", pile: i, add: String(t) }));
      row.appendChild(button);
    }
    board.appendChild(row);
  });
}

// ---------- the pins layout (families whose catalogue says `rows: "pins"`) ----------
// A row of pins per heap. Click a pin, then a pin of the same row (or the
// same pin again): the run between them is removed, and the row splits where
// it was. The page sends the run as the heaps it leaves ({kind: "split",
// take, split: [before, after]}); the server decides whether the family
// allows it and says why not.

// The first pin chosen: its row (the board's key and the heap) and index.
const pins = { pile: null, from: -1 };

function pinsHot() {
  for (const c of document.querySelectorAll(".pin")) {
    c.classList.toggle("hot", c.dataset.pile === pins.pile && Number(c.dataset.index) === pins.from);
  }
}

function pinClick(b, i, j, n) {
  const row = b.key + i;
  if (pins.pile !== row || pins.from < 0) {
    pins.pile = row;
    pins.from = j;
    pinsHot();
    const where = b.part === null ? "" : ` of part ${b.part + 1}`;
    $("status").textContent = `Pin ${j + 1} of ${pileWord(b.fam)} ${i + 1}${where} chosen: click the last pin of the run to remove (or the same pin again).`;
    return;
  }
  const first = Math.min(pins.from, j);
  const last = Math.max(pins.from, j);
  pins.pile = null;
  pins.from = -1;
  humanMove(b.wrap({ kind: "split", pile: i, take: String(last - first + 1), split: [String(first), String(n - 1 - last)] }));
}

function renderPinsBoard(board, b) {
  const waitReason = state.over ? "The game is over." : state.busy ? "The computer is thinking." : null;
  b.pos.piles.forEach((size, i) => {
    const row = counterRow(`${pileWord(b.fam)} ${i + 1}`, size, b.key + i, "pins");
    const n = big(size);
    if (n <= BigInt(MAX_COUNTERS)) {
      const counters = document.createElement("span");
      counters.className = "counters";
      for (let j = 0; j < Number(n); j++) {
        const c = document.createElement("button");
        c.type = "button";
        c.className = "counter pin";
        c.dataset.pile = b.key + i;
        c.dataset.index = String(j);
        c.disabled = !!waitReason;
        c.title = waitReason || `Pin ${j + 1}: click it, then the last pin of the run to remove`;
        c.addEventListener("click", () => pinClick(b, i, j, Number(n)));
        counters.appendChild(c);
      }
      row.appendChild(counters);
    } else {
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = "min(240px, 40vw)";
      row.appendChild(bar);
    }
    board.appendChild(row);
  });
  pinsHot();
}

// Shows only the controls the game has: take (and from which pile) for
// take-away games, the diagonal for Wythoff's Nim, the call for Spite Nim.
function renderControls() {
  const started = !!state.position;
  const spite = isSpite();
  const wythoff = anyBoardHas("both");
  const parts = hasParts();
  // The most piles of a game on the board (of a part, for a game of parts).
  const shown = started ? boards().map((b) => b.pos) : !state.family ? [] : parts ? state.family.position.parts || [] : [state.family.position];
  const piles = Math.max(1, ...shown.map((p) => (p.piles || []).length));
  const fam = started ? boards()[0].fam : state.family;
  $("take-controls").hidden = spite;
  $("take-pile-label").hidden = spite || piles <= 1;
  $("take-pile-word").textContent = pileWord(fam);
  $("both-word").textContent = pilesWord(fam);
  $("take-part-label").hidden = !parts;
  $("diagonal-label").hidden = !wythoff;
  $("both-btn").hidden = !wythoff;
  $("call-controls").hidden = !spite;
  const canAct = started && !state.over && !state.busy;
  const why = !started ? "Press Start first." : state.over ? "The game is over." : state.busy ? "The computer is thinking." : "";
  for (const id2 of ["take", "take-pile", "take-part", "take-btn", "both-btn", "call", "call-btn", "diagonal", "hint-btn"]) {
    $(id2).disabled = !canAct;
    $(id2).title = canAct ? "" : why;
  }
  const canUndo = started && !state.busy && state.history.length > 0;
  $("undo-btn").disabled = !canUndo;
  $("undo-btn").title = canUndo ? "Take back your last move and the computer's reply" : !started ? "Press Start first." : "Nothing to undo yet.";
  if (canAct && callPending() !== null) {
    for (const id2 of ["call", "call-btn"]) {
      $(id2).disabled = true;
      $(id2).title = "Pick a row for the computer's call first.";
    }
  }
}

function highlight(pile, index, on) {
  for (const c of document.querySelectorAll(`.counter[data-pile="${pile}"]`)) {
    if (Number(c.dataset.index) >= index && !c.disabled) c.classList.toggle("hot", on);
  }
}

// The memory of the game in play (`part` null) or of part `part` of a sum,
// as the server sent it: {previous, least, most, forbidden, text}, or null.
function ownMemory(part) {
  const m = state.memory;
  if (!m) return null;
  if (part === null) return Array.isArray(m) ? null : m;
  return Array.isArray(m) ? m[part] || null : null;
}

function renderStatus() {
  const s = $("status");
  const pos = state.position;
  if (!pos) return;
  if (state.over) {
    s.dataset.state = "over";
    s.dataset.winner = state.winner;
    s.textContent = (state.winner === "human" ? "You win: " : "The computer wins: ") + overReason() + ".";
  } else if (state.busy) {
    s.dataset.state = "computer";
    s.dataset.winner = "";
    s.textContent = "The computer is thinking…";
  } else {
    s.dataset.state = "human";
    s.dataset.winner = "";
    let t = "Your move.";
    const pending = callPending();
    if (pending !== null) t = `The computer calls ${pending}: click the row to take it from.`;
    else if (isSpite()) t = "Your move: click a counter of the call strip to call that many (or type a call).";
    else if (hasParts()) t = "Your move: move in one part.";
    else if (ownMemory(null)) t = `Your move: ${ownMemory(null).text}.`;
    else if (pos.bound !== null && pos.bound !== undefined) t = `Your move: take up to ${pos.bound}.`;
    s.textContent = t;
  }
}

// Why the game ended, in words: who made the last move, who cannot move
// now, and the convention that decides (normal: whoever cannot move loses;
// misère: whoever cannot move wins).
function overReason() {
  const items = $("log").children;
  const last = items.length ? items[items.length - 1].className : null;
  const empty = allPiles(state.position).every((p) => big(p) === 0n);
  // Who cannot move: the loser in normal play, the winner in misère play.
  const loser = state.winner === "human" ? "computer" : "human";
  const stuck = state.misere ? state.winner : loser;
  const cannot = stuck === "human" ? "you cannot move" : "the computer cannot move";
  const rule = state.misere ? "in misère play whoever cannot move wins" : "whoever cannot move loses";
  if (!last) return `${cannot} from the start — ${rule}`;
  const did = last === "human"
    ? (empty ? "you took the last counter" : "you made the last move")
    : (empty ? "the computer took the last counter" : "the computer made the last move");
  return `${did}, and now ${cannot} — ${rule}`;
}

function renderExplanation(analysis) {
  const box = $("explain");
  box.textContent = "";
  if (!analysis) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = state.over ? "The game is over." : "Pick a row to see the analysis.";
    box.appendChild(p);
    return;
  }
  if (analysis.error) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "No analysis: " + analysis.error;
    box.appendChild(p);
    return;
  }
  const dl = document.createElement("dl");
  const add = (k, v) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    dl.appendChild(dt);
    dl.appendChild(dd);
  };
  // A memory game's bound is its memory, the previous take.
  const bounded = (a, part) => {
    if (a.bound === null || a.bound === undefined) return "";
    return ownMemory(part) ? `  (memory ${a.bound}: the previous take)` : `  (bound ${a.bound})`;
  };
  if (Array.isArray(analysis.parts) && analysis.parts.length > 0) {
    // A position of parts: each part's game and position (and its own
    // Grundy value, where the answer has one).
    analysis.parts.forEach((p, k) => {
      const value = p.grundy !== null && p.grundy !== undefined ? `: Grundy value ${p.grundy}` : "";
      add(`Part ${k + 1}`, `${p.game} ${p.piles.join(", ")}${bounded(p, k)}${value}`);
    });
  } else {
    add("Position", analysis.piles.join(", ") + bounded(analysis, null));
  }
  add("Outcome", analysis.outcome === "N" ? "N — the player to move (you) wins with best play" : "P — the player to move (you) loses against best play");
  if (analysis.value !== null) add("Value", String(analysis.value));
  if (analysis.remoteness !== undefined && analysis.remoteness !== null) add("Remoteness", `${analysis.remoteness} (moves left with best play)`);
  add("Method", analysis.method === "theory" ? "theory (a theorem; the text below names it)" : "exhaustive search");
  box.appendChild(dl);
  const text = document.createElement("p");
  text.className = "text";
  text.textContent = capitalise(analysis.explanation) + (analysis.notes && analysis.notes.length ? "\n" + analysis.notes.map((n) => "Note: " + noteInWords(n)).join("\n") : "");
  box.appendChild(text);
  renderTheory(box, analysis.digits || []);
}

// A note of the analysis in the page's words: the JSON answer's "value is
// null" (a field left empty) becomes what it means for the player.
function noteInWords(note) {
  const words = { value: "no value is shown", grundy: "no Grundy value is shown", remoteness: "how long the game lasts was not worked out" };
  return String(note).replace(/\b(value|grundy|remoteness) is null\b(:\s*)?/g, (_, field, colon) => words[field] + (colon ? ": " : ""));
}

// The teaching view: each pile in the digits of the theorem's base, the term
// that decides the move marked (paper 001's and paper 004's pictures). The
// panel stays open or closed as the player left it.
function renderTheory(box, views) {
  if (!views.length) return;
  const details = document.createElement("details");
  details.id = "theory";
  details.open = state.theoryOpen === true;
  details.addEventListener("toggle", () => { state.theoryOpen = details.open; });
  const summary = document.createElement("summary");
  summary.textContent = "Show the theory";
  details.appendChild(summary);
  for (const view of views) {
    const caption = document.createElement("p");
    caption.textContent = `${capitalise(pileWord())} ${view.pile + 1} in ${view.base}:`;
    details.appendChild(caption);
    const wrap = document.createElement("div");
    wrap.className = "digits-wrap";
    const table = document.createElement("table");
    table.className = "digits";
    const row = (label, cells) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = label;
      tr.appendChild(th);
      cells.forEach((text, i) => {
        const td = document.createElement("td");
        td.textContent = String(text);
        if (i === view.mark) td.className = "mark";
        tr.appendChild(td);
      });
      table.appendChild(tr);
    };
    row("Term", view.terms);
    row("Digit", view.digits);
    wrap.appendChild(table);
    details.appendChild(wrap);
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = view.note;
    details.appendChild(note);
  }
  box.appendChild(details);
}

// ---------- the heatmap ----------

function legendFor(grid, outlined) {
  const box = $("legend");
  box.textContent = "";
  const key = (cls, text) => {
    const span = document.createElement("span");
    span.className = "key";
    const sw = document.createElement("span");
    sw.className = "swatch " + cls;
    span.appendChild(sw);
    span.appendChild(document.createTextNode(text));
    box.appendChild(span);
  };
  key("p", "P: the player to move loses");
  key("n", "N: the player to move wins");
  if (outlined) key("cur", "the position now");
  const p = document.createElement("p");
  const hasNumbers = grid.cells.some((row) => row.some((c) => c.value !== null && c.value !== undefined));
  const fam = currentFamily();
  let axes;
  let meaning;
  switch (grid.kind) {
    case "tableau":
      axes = `Columns are ${pilesWord()} n, rows the bound w.`;
      meaning = "The number is L(n), the least winning move: the mover wins exactly when w ≥ L(n).";
      break;
    case "row":
      axes = `${capitalise(pilesWord())} n from left to right.`;
      meaning = `The number is the Grundy value G(n) of the ${pileWord()}: P exactly when it is 0.`;
      break;
    default:
      axes = fam ? fam.capabilities.heatmap.axes : "";
      meaning = fam ? fam.capabilities.heatmap.meaning : "";
  }
  let numbers = hasNumbers ? `${axes} ${meaning}` : axes;
  if (!outlined) numbers += " The position now is outside this window.";
  p.textContent = numbers;
  p.className = "muted";
  box.appendChild(p);
}

async function refreshGrid() {
  const generation = state.generation;
  const canvas = $("heatmap");
  if (!state.position) return;
  // A family whose catalogue entry gives the heatmap no axes has no picture.
  const fam = state.playing;
  const pictured = !!fam && !!fam.capabilities.heatmap.axes;
  canvas.hidden = !pictured;
  if (!pictured) {
    delete canvas.dataset.kind;
    state.grid = null;
    $("legend").textContent = `No picture for this game (${fam ? fam.name : state.spec}): its positions have no plane to draw. The analysis above says who wins.`;
    return;
  }
  let grid;
  // The heatmap of an earlier position is of no use now: its request is
  // stopped (and the server stops its work), so heavy heatmaps do not queue up.
  if (state.gridController) state.gridController.abort();
  const controller = new AbortController();
  state.gridController = controller;
  try {
    grid = await api("/api/grid", { game: state.spec, position: { piles: state.position.piles, bound: state.position.bound }, size: 16 }, controller);
  } catch (e) {
    if (generation !== state.generation || controller.signal.aborted) return;
    canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
    $("legend").textContent = "No heatmap: " + e.message;
    return;
  }
  if (generation !== state.generation) return; // a later move or game owns the heatmap
  const outlined = drawGrid(canvas, grid);
  legendFor(grid, outlined);
}

// Draws the grid; returns whether the current position is outlined.
function drawGrid(canvas, grid) {
  const cols = grid.x.values.length;
  const rows = grid.cells.length;
  const left = 44, bottom = 34, top = 8, right = 8;
  const cw = (400 - left - right) / cols;
  const ch = rows === 1 ? Math.min(cw * 2, 40) : (400 - top - bottom) / rows;
  canvas.width = 400;
  canvas.height = Math.round(top + rows * ch + bottom);
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const height = rows * ch;
  ctx.font = "11px DejaVu Sans, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let r = 0; r < rows; r++) {
    // y grows upward: row 0 at the bottom.
    const y = top + height - (r + 1) * ch;
    for (let c = 0; c < cols; c++) {
      const cell = grid.cells[r][c];
      const x = left + c * cw;
      ctx.fillStyle = cell.outcome === "P" ? "#1d3557" : cell.outcome === "N" ? "#e8eef6" : "#cccccc";
      ctx.fillRect(x, y, cw - 1, ch - 1);
      if (cw >= 18 && cell.value !== null && cell.value !== undefined && String(cell.value).length <= 3) {
        ctx.fillStyle = cell.outcome === "P" ? "#ffffff" : "#1f2430";
        ctx.fillText(String(cell.value), x + cw / 2, y + ch / 2);
      }
    }
  }
  const cur = grid.current;
  const outlined = !!cur && cur.x !== null && cur.y !== null && cur.x !== undefined && cur.y !== undefined;
  canvas.dataset.currentX = outlined ? String(grid.x.values[cur.x]) : "";
  canvas.dataset.currentY = outlined && rows > 1 ? String(grid.y.values[cur.y]) : "";
  canvas.dataset.kind = grid.kind;
  if (outlined) {
    ctx.strokeStyle = "#b5532b";
    ctx.lineWidth = 3;
    ctx.strokeRect(left + cur.x * cw + 1, top + height - (cur.y + 1) * ch + 1, cw - 3, ch - 3);
  }
  ctx.fillStyle = "#6b7280";
  // Axis labels: a long number shows its last digits ("…" first), and
  // labels are spaced by their measured width so they never run together.
  const short = (v, most) => {
    const t = String(v);
    return t.length > most ? "…" + t.slice(-(most - 1)) : t;
  };
  const xLabels = grid.x.values.map((v) => short(v, 7));
  const widest = Math.max(...xLabels.map((t) => ctx.measureText(t).width));
  const step = Math.max(1, Math.ceil((widest + 8) / cw));
  const xTicks = [];
  for (let c = 0; c < cols; c += step) {
    const x = left + c * cw + cw / 2;
    ctx.fillText(xLabels[c], x, top + height + 10);
    const half = ctx.measureText(xLabels[c]).width / 2;
    xTicks.push([x - half, x + half]);
  }
  const cut = xLabels.some((t, c) => t !== String(grid.x.values[c]));
  ctx.fillText(capitalise(grid.x.label) + (cut ? " (last digits)" : ""), left + (cols * cw) / 2, top + height + 25);
  const yTicks = [];
  if (rows > 1) {
    ctx.textAlign = "right";
    const yLabels = grid.y.values.map((v) => short(v, 5));
    const rstep = Math.max(1, Math.ceil(14 / ch));
    for (let r = 0; r < rows; r += rstep) {
      const y = top + height - r * ch - ch / 2;
      ctx.fillText(yLabels[r], left - 4, y);
      yTicks.push([y - 6, y + 6]);
    }
    const ycut = yLabels.some((t, r) => t !== String(grid.y.values[r]));
    ctx.save();
    ctx.translate(10, top + height / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(capitalise(grid.y.label) + (ycut ? " (last digits)" : ""), 0, 0);
    ctx.restore();
  }
  // Where the labels went (for the browser test), and the cells' geometry (for clicks).
  canvas.dataset.xTicks = JSON.stringify(xTicks);
  canvas.dataset.axes = rows > 1 ? `${grid.x.label}|${grid.y.label}` : grid.x.label;
  canvas.dataset.yTicks = JSON.stringify(yTicks);
  state.grid = { grid, left, top, cw, ch, rows, cols, height };
  return outlined;
}

// A click on a heatmap cell plays from that position: each axis says what
// it sets (a pile, or the bound), the rest stays as now.
function gridClick(e) {
  const g = state.grid;
  const canvas = $("heatmap");
  if (!g || !state.position || state.busy) return;
  const scale = canvas.width / canvas.clientWidth;
  const x = e.offsetX * scale;
  const y = e.offsetY * (canvas.height / canvas.clientHeight);
  const c = Math.floor((x - g.left) / g.cw);
  const r = Math.floor((g.top + g.height - y) / g.ch);
  if (c < 0 || c >= g.cols || r < 0 || r >= g.rows) return;
  const piles = state.position.piles.map(String);
  let bound = state.position.bound;
  const set = (sets, value) => {
    if (!sets || value === null || value === undefined) return;
    if (sets.pile !== undefined && sets.pile < piles.length) piles[sets.pile] = String(value);
    if (sets.bound) bound = String(value);
  };
  set(g.grid.x.sets, g.grid.x.values[c]);
  if (g.rows > 1) set(g.grid.y.sets, g.grid.y.values[r]);
  playFrom(piles, bound);
}

// ---------- the address ----------
// A link is a lesson: the game, the position, misère play, practice mode
// and how the computer plays.
//   #game=SPEC&piles=A,B&bound=W[&call=C][&misere=true][&practice=1][&computer=table-4.1]
//   #game=SPEC&part=TEXT&part=TEXT…[&practice=1]   (a position with parts)
// Each TEXT is a part as the command line writes it, `GAME PILES
// [--bound W]`; the address is the one `takeaway play`'s `link` writes
// (every value encoded as encodeURIComponent does).

// A part as the command line writes it: `GAME PILES [--bound W]`.
function partText(part) {
  const bound = part.bound !== null && part.bound !== undefined ? ` --bound ${part.bound}` : "";
  return `${part.game} ${part.piles.join(" ")}${bound}`;
}

// The part of a TEXT (`GAME PILES [--bound W]`, also `--bound=W`): the
// wire part {game, piles, bound}; the server checks the numbers.
function partOfText(text) {
  const tokens = String(text).trim().split(/\s+/).filter((t) => t.length > 0);
  const part = { game: tokens.shift() || "", piles: [], bound: null };
  while (tokens.length > 0) {
    const t = tokens.shift();
    if (t === "--bound") part.bound = tokens.shift() || "";
    else if (t.startsWith("--bound=")) part.bound = t.slice("--bound=".length);
    else part.piles.push(t);
  }
  return part;
}

function fragmentOf(spec, pos) {
  const parts = Array.isArray(pos.parts) && pos.parts.length > 0;
  // The misère switch of a game of piles is its own key (the family's
  // spec without it: a family whose template is misère is not taken for
  // it); a position with parts keeps it in the spec, as the command line
  // writes it.
  const switched = !parts && state.misere && spec.endsWith(MISERE_KEY) && !misereByTemplate(state.playing);
  const game = switched ? spec.slice(0, -MISERE_KEY.length) : spec;
  const keys = [`game=${encodeURIComponent(game)}`];
  if (parts) {
    for (const part of pos.parts) keys.push(`part=${encodeURIComponent(partText(part))}`);
  } else {
    keys.push(`piles=${pos.piles.join(",")}`);
    if (pos.bound !== null && pos.bound !== undefined) keys.push(`bound=${pos.bound}`);
    if (pos.call !== null && pos.call !== undefined) keys.push(`call=${pos.call}`);
  }
  if (switched) keys.push("misere=true");
  if (state.practice) keys.push("practice=1");
  if (state.computer !== "best") keys.push(`computer=${encodeURIComponent(state.computer)}`);
  return "#" + keys.join("&");
}

function writeAddress() {
  if (!state.position) return;
  const frag = fragmentOf(state.spec, state.position);
  if (location.hash !== frag) history.replaceState(null, "", frag);
  state.address = location.hash;
}

// The keys of the address (the last value of each), and its `part`s in order.
function readAddress() {
  const out = { parts: [] };
  for (const key of location.hash.replace(/^#/, "").split("&")) {
    const at = key.indexOf("=");
    if (at <= 0) continue;
    let value = key.slice(at + 1);
    try {
      value = decodeURIComponent(value);
    } catch (_) {
      // Kept as written: the server says what is wrong with it.
    }
    if (key.slice(0, at) === "part") out.parts.push(value);
    else out[key.slice(0, at)] = value;
  }
  return out;
}

// Opens the game and position of the address, if it names one.
async function openAddress() {
  const a = readAddress();
  if (!a.game) return;
  // The page's switch is its own key of the address (`&misere=true`); a
  // spec may also carry the family's `misere` key (`nim:misere=true`).
  const switched = MISERE_ON.includes(String(a.misere || "").toLowerCase());
  $("practice").checked = a.practice === "1" || a.practice === "true";
  const found = setupFor(a.game, switched, a.computer);
  if (!found) {
    showError(`The address names a game this page does not offer: ${a.game}`);
    return;
  }
  // The address's parts are started as they are written (the server
  // judges them); the setup's part editors show them.
  const parts = found.fam.rows === "parts" && a.parts.length > 0 ? a.parts.map(partOfText) : undefined;
  if (parts) {
    $("parts").textContent = "";
    for (const part of parts) addPartEditor(part);
  }
  $("piles").value = (a.piles || "").split(",").join(" ");
  $("bound").value = found.fam.capabilities.bounded && a.bound !== undefined ? a.bound : "";
  $("first").value = "human";
  await startGame(a.call, parts);
}

// Fills the setup with the game of `spec` (its family, parameters and
// misère switch, on where `switched` says so) and how the computer plays;
// null when no family has it.
function setupFor(spec, switched, computer) {
  const found = familyOfSpec(spec, switched);
  if (!found) return null;
  state.family = found.fam;
  $("game").value = found.fam.id;
  renderParams(found.values, found.misere);
  $("computer").value = computer === "table-4.1" && hasTable41(found.fam) ? "table-4.1" : "best";
  return found;
}

// Plays from another position of the game in play (a heatmap cell): the
// setup shows the game in play again, with these piles and bound.
async function playFrom(piles, bound) {
  if (!state.playing) return;
  // The game in play: its family, parameters and switch as they were.
  state.family = state.playing;
  $("game").value = state.playing.id;
  renderParams(state.params, state.misere);
  $("computer").value = state.computer === "table-4.1" && hasTable41(state.playing) ? "table-4.1" : "best";
  $("piles").value = piles.join(" ");
  $("bound").value = state.playing.capabilities.bounded && bound !== null && bound !== undefined ? String(bound) : "";
  $("first").value = "human";
  await startGame();
}

// ---------- playing ----------

function resetBoardInputs() {
  for (const id of ["take", "call"]) $(id).value = "";
  $("take-pile").value = "1";
  $("diagonal").checked = false;
  $("hint").textContent = "";
  showPlayError("");
}

function redraw() {
  renderBoard();
  renderStatus();
  renderControls();
  applyVisibility();
}

// Practice mode: the analysis (the Why panel, the heatmap, the value
// history) is out of sight until the player asks (Hint, Show analysis) or
// the game ends; each new position hides it again.
function analysisHidden() {
  return state.practice && !!state.position && !state.over && !state.revealed;
}

function applyVisibility() {
  const hidden = analysisHidden();
  document.body.classList.toggle("analysis-hidden", hidden);
  $("practice-note").hidden = !hidden;
  $("reveal-btn").hidden = !hidden;
  $("reveal-btn").disabled = !hidden;
}

function reveal() {
  state.revealed = true;
  applyVisibility();
}

// The positions a turn went through, each with who acts there.
function reachedPositions(data, humanMove) {
  const out = [];
  if (humanMove) {
    const next = humanMove.kind === "pick" ? "human" : "computer";
    out.push({ pos: data.human_position, actor: next, label: `After your ${describeMove(humanMove, data.human_position)}` });
  }
  for (const r of data.replies || []) {
    const next = r.move.kind === "pick" ? "computer" : "human";
    out.push({ pos: r.position, actor: next, label: `After the computer's ${describeMove(r.move, r.position)}` });
  }
  return out;
}

// Adds one value-history point per position of the turn (the last one, the
// human's, from the turn's own analysis).
async function addPoints(data, humanMove, generation) {
  const reached = reachedPositions(data, humanMove);
  const points = await Promise.all(reached.map((r, k) => {
    const last = k === reached.length - 1;
    if (last && data.over) return pointFor(r.pos, r.actor, true, data.winner, r.label);
    if (last && data.analysis && !data.analysis.error && r.actor === "human") {
      return Promise.resolve(pointOfAnalysis(data.analysis, "human", r.label));
    }
    return pointFor(r.pos, r.actor, false, null, r.label);
  }));
  if (generation !== state.generation) return;
  state.points.push(...points);
  renderHistory();
}

// The computer's move in the log: by Table 4.1 it says so, and in the "??"
// cell that it is the optimist's move.
function replyText(r, pos) {
  const text = describeMove(r.move, pos);
  if (r.intent === "optimist") return `${text} — the optimist's move of Table 4.1 (the ?? cell: it wins only if L(m, d) = H(n−1))`;
  if (state.computer === "table-4.1" && r.intent === "winning") return `${text} (by Table 4.1)`;
  return text;
}

function applyTurn(data) {
  // The moves are told in the words of the game they were made in (its pile
  // count), not of the position shown before (perhaps another game's).
  for (const r of data.replies || []) log("computer", replyText(r, data.position));
  state.position = data.position;
  state.options = data.options || null;
  state.memory = data.memory || null;
  state.over = data.over;
  state.winner = data.winner;
  state.revealed = false;
  $("hint").textContent = "";
  renderExplanation(data.analysis);
}

// Starts the game of the setup (`parts`: the parts of an address, sent as
// they are, instead of the setup's part editors).
async function startGame(call, parts) {
  showError("");
  $("computer-error").textContent = "";
  if (!state.family) return;
  // A Table 4.1 choice still being checked: Start waits for the check, and a
  // refused choice is not started (the refusal stays beside its control).
  if (state.tableCheck) {
    const refused = await state.tableCheck;
    if (refused) {
      $("computer-error").textContent = refused;
      return;
    }
  }
  const values = paramValues();
  const spec = playedSpec(state.family, values, $("misere-play").checked);
  // The start: the piles and bound of the setup, or (a game of parts) the parts.
  let where;
  if (state.family.rows === "parts") {
    try {
      where = { parts: parts || readParts() };
    } catch (e) {
      showError(e.message);
      return;
    }
  } else {
    where = { piles: $("piles").value.trim().split(/[\s,]+/).filter((s) => s.length > 0) };
    const bound = state.family.capabilities.bounded ? $("bound").value.trim() : "";
    if (bound !== "") where.bound = bound;
  }
  const body = Object.assign({ game: spec, first: $("first").value }, where);
  const computer = hasTable41(state.family) ? $("computer").value : "best";
  if (computer !== "best") body.computer = computer;
  state.generation += 1;
  const generation = state.generation;
  state.busy = true;
  let data;
  let start;
  try {
    data = await api("/api/start", body);
    if (body.first === "computer") {
      start = await api("/api/analyze", Object.assign({ game: spec }, where));
    }
  } catch (e) {
    state.busy = false;
    if (generation === state.generation) {
      // A refusal of Table 4.1 appears beside its control.
      if (computer !== "best" && /Table 4\.1/.test(e.message)) $("computer-error").textContent = e.message;
      else showError(inUserWords(e.message, state.family, values));
    }
    redraw();
    return;
  }
  if (generation !== state.generation) return;
  state.computer = computer;
  state.misere = spec.endsWith(MISERE_KEY);
  state.practice = $("practice").checked;
  state.spec = spec;
  state.params = values;
  state.playing = state.family;
  state.history = [];
  state.points = [];
  $("log").textContent = "";
  resetBoardInputs();
  if (start) {
    state.points.push(pointOfAnalysis(start, "computer", "Start"));
  } else {
    state.points.push(pointOfAnalysis(data.analysis && !data.analysis.error ? data.analysis : { outcome: null }, "human", "Start"));
    if (data.over) state.points[0] = { label: "Start", winner: data.winner, remoteness: 0, value: null, actor: "human" };
  }
  applyTurn(data);
  if (typeof call === "string" && /^\d+$/.test(call) && !state.over && isSpite()) {
    const n = Number(call);
    state.position = Object.assign({}, state.position, { call: Number.isSafeInteger(n) ? n : call });
    renderExplanation(null);
    // The start's point is the position with its call (who wins it is the
    // hint's answer), not the analysis of the rows without the call.
    const [options, point] = await Promise.all([
      api("/api/options", { game: spec, position: state.position }).catch(() => null),
      pointFor(state.position, "human", false, null, "Start"),
    ]);
    if (generation !== state.generation) return;
    state.options = options;
    state.points = [point];
    data = Object.assign({}, data, { replies: [] });
  }
  state.busy = false;
  redraw();
  writeAddress();
  renderHistory();
  const pending = addPoints(data, null, generation);
  await Promise.all([pending, refreshGrid()]);
}

async function humanMove(move) {
  if (state.busy || state.over || !state.position) return;
  showPlayError("");
  state.busy = true;
  state.generation += 1;
  const generation = state.generation;
  renderStatus();
  renderControls();
  const before = state.position;
  const beforeOptions = state.options;
  const beforeMemory = state.memory;
  let data;
  try {
    const body = { game: state.spec, position: before, move };
    if (state.computer !== "best") body.computer = state.computer;
    data = await api("/api/move", body);
  } catch (e) {
    state.busy = false;
    showPlayError(e.message);
    redraw();
    return;
  }
  state.history.push({ position: before, options: beforeOptions, memory: beforeMemory, log: $("log").children.length, points: state.points.length });
  log("human", describeMove(move));
  applyTurn(data);
  state.busy = false;
  redraw();
  writeAddress();
  await Promise.all([addPoints(data, move, generation), refreshGrid()]);
}

// The hint in the page's words: the move as a player clicks it and one
// plain sentence (`head`), and the theorem behind it (`why`: the library's
// reason without its `takeaway play` command), shown under "Why?".
function hintText(h) {
  const text = String(h.explanation || "");
  // What follows the library's "<move> (`command`)" opening, if it has one.
  const after = (re) => {
    const m = text.match(re);
    return m ? text.slice(m[0].length).trim() : null;
  };
  if (h.winning && h.move) {
    const what = capitalise(describeMove(h.move));
    if (h.move.kind === "pick") {
      const rest = after(/^[^`]*\(`[^`]*`\): after it you call first and win[.:;,]?/);
      return { head: `Hint: ${what} — afterwards you call first and win.`, why: capitalise(rest === null ? text : rest) };
    }
    const rest = after(/^[^`]*wins \(`[^`]*`\)\.?/);
    return { head: `Hint: ${what} — it wins: it leaves the computer a position where every move loses.`, why: capitalise(rest === null ? text : rest) };
  }
  if (!h.winning) {
    const rest = after(/^You are losing:[^.]*\.?/i);
    return { head: "You are losing: every move loses against best play.", why: capitalise(rest === null ? text : rest) };
  }
  return { head: capitalise(text), why: "" };
}

// Shows a hint: its sentence, and the theorem behind "Why?" (closed).
function showHint(hintParts) {
  const box = $("hint");
  box.textContent = "";
  box.appendChild(document.createTextNode(hintParts.head));
  if (hintParts.why) {
    const details = document.createElement("details");
    details.id = "hint-why";
    const summary = document.createElement("summary");
    summary.textContent = "Why?";
    const p = document.createElement("p");
    p.className = "why";
    p.textContent = hintParts.why;
    details.appendChild(summary);
    details.appendChild(p);
    box.appendChild(details);
  }
}

async function hint() {
  if (!state.position) {
    showPlayError("Press Start first: there is no game to give a hint for.");
    return;
  }
  if (state.over) {
    showPlayError("The game is over.");
    return;
  }
  const generation = state.generation;
  try {
    const h = await api("/api/hint", { game: state.spec, position: state.position });
    if (generation === state.generation) {
      showHint(hintText(h));
      reveal();
    }
  } catch (e) {
    showPlayError(e.message);
  }
}

async function undo() {
  if (!state.position) {
    showPlayError("Press Start first: there is nothing to undo.");
    return;
  }
  if (state.busy || state.history.length === 0) return;
  const entry = state.history.pop();
  state.generation += 1;
  state.position = entry.position;
  state.options = entry.options || null;
  state.memory = entry.memory || null;
  state.over = false;
  state.winner = null;
  state.revealed = false;
  truncateLog(entry.log);
  state.points = state.points.slice(0, entry.points);
  $("hint").textContent = "";
  showPlayError("");
  renderHistory();
  redraw();
  writeAddress();
  try {
    const p = state.position;
    if (p.call === undefined || p.call === null) {
      renderExplanation(await api("/api/analyze", Object.assign({ game: state.spec }, positionFields(p))));
    } else {
      renderExplanation(null);
    }
  } catch (e) {
    renderExplanation({ error: e.message });
  }
  await refreshGrid();
}

function manualTake(both) {
  if (!state.position) {
    showPlayError("Press Start first.");
    return;
  }
  const text = $("take").value.trim();
  if (!/^\d+$/.test(text)) {
    showPlayError("Type how many to take (a whole number).");
    return;
  }
  const take = BigInt(text);
  // The game to move in: the one in play, or the part the part field names.
  const list = boards();
  let b = list[0];
  if (b.part !== null) {
    const k = $("take-part").value.trim();
    if (!/^\d+$/.test(k) || Number(k) < 1 || Number(k) > list.length) {
      showPlayError(`There is no part ${k || "(empty)"}: the parts are numbered 1 to ${list.length}.`);
      return;
    }
    b = list[Number(k) - 1];
  }
  const where = b.part === null ? "" : `Part ${b.part + 1}: `;
  if (both) {
    const reason = whyNotBoth(take, b.options);
    if (reason) return showPlayError(where + reason);
    humanMove(b.wrap({ kind: "both", take: text }));
    return;
  }
  const count = b.pos.piles.length;
  let pile = 0;
  if (count > 1) {
    const p = $("take-pile").value.trim();
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > count) {
      showPlayError(`${where}There is no ${pileWord(b.fam)} ${p || "(empty)"}: the ${pilesWord(b.fam)} are numbered 1 to ${count}.`);
      return;
    }
    pile = Number(p) - 1;
  }
  const reason = whyNot(pile, take, b.options);
  if (reason) return showPlayError(where + reason);
  humanMove(b.wrap({ kind: "take", pile, take: text }));
}

function manualCall() {
  const text = $("call").value.trim();
  if (!/^\d+$/.test(text)) {
    showPlayError("Type the number to call (a whole number).");
    return;
  }
  const reason = whyNotCall(BigInt(text), state.options);
  if (reason) return showPlayError(reason);
  humanMove({ kind: "call", call: text });
}

// Table 4.1 chosen: asks the server whether the game's f meets the table's
// hypotheses (a start that is not kept: the server keeps no game state); if
// not, the choice goes back to best play with the reason beside it.
// Start waits for the check (`state.tableCheck`: the refusal, or null).
function checkTable() {
  $("computer-error").textContent = "";
  if ($("computer").value !== "table-4.1" || !hasTable41(state.family)) return;
  const piles = $("piles").value.trim().split(/[\s,]+/).filter((x) => x.length > 0);
  const body = { game: playedSpec(state.family, paramValues(), $("misere-play").checked), piles, computer: "table-4.1" };
  const bound = $("bound").value.trim();
  if (bound !== "") body.bound = bound;
  const check = (async () => {
    try {
      await api("/api/start", body);
      return null;
    } catch (e) {
      if (!/Table 4\.1/.test(e.message)) return null; // another error: Start reports it
      $("computer").value = "best";
      $("computer-error").textContent = e.message;
      return e.message;
    } finally {
      if (state.tableCheck === check) state.tableCheck = null;
    }
  })();
  state.tableCheck = check;
  return check;
}

// ---------- the parts of a game (layout `parts`) in the setup ----------

// The families a part may be (the catalogue's `sum_part`).
function partFamilies() {
  return state.games.filter((g) => g.capabilities.sum_part);
}

// One part in the setup, from a wire part ({game, piles, bound}; the first
// family that may be a part when none): its family and parameters (the
// same inputs as the setup's own), piles and first bound.
function addPartEditor(part) {
  const box = $("parts");
  if (box.children.length >= 8) {
    showError("At most 8 parts.");
    return;
  }
  const found = part ? familyOfSpec(String(part.game), false) : null;
  if (part && (!found || !found.fam.capabilities.sum_part)) {
    showError(`A part names a game this page does not offer as a part: ${partText(part)}`);
    return;
  }
  const row = document.createElement("div");
  row.className = "part-edit";
  const title = document.createElement("span");
  title.className = "part-title";
  row.appendChild(title);
  const select = document.createElement("select");
  select.className = "part-family";
  for (const g of partFamilies()) {
    const option = document.createElement("option");
    option.value = g.id;
    option.textContent = g.name;
    select.appendChild(option);
  }
  select.value = found ? found.fam.id : (partFamilies()[0] || {}).id;
  row.appendChild(select);
  const params = document.createElement("div");
  params.className = "part-params";
  row.appendChild(params);
  const input = (cls, label, placeholder) => {
    const l = document.createElement("label");
    l.textContent = label + " ";
    const i = document.createElement("input");
    i.className = cls;
    i.spellcheck = false;
    i.autocomplete = "off";
    if (placeholder) i.placeholder = placeholder;
    i.addEventListener("keydown", onEnter(() => startGame()));
    l.appendChild(i);
    row.appendChild(l);
    return [l, i];
  };
  const [pilesLabel, pilesInput] = input("part-piles", "Piles");
  const [boundLabel, boundInput] = input("part-bound", "First bound", "default");
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "part-remove";
  remove.textContent = "Remove this part";
  remove.addEventListener("click", () => {
    row.remove();
    numberParts();
  });
  row.appendChild(remove);
  // The family's inputs: the part's own values the first time, the
  // family's defaults and example start after a change of family.
  const fill = (first) => {
    const fam = partFamilies().find((g) => g.id === select.value) || partFamilies()[0];
    const own = first && found;
    paramInputs(params, fam, own ? found.values : null);
    pilesLabel.firstChild.textContent = capitalise(pilesWord(fam)) + " ";
    pilesInput.value = (own ? part.piles : fam.position.piles || []).join(" ");
    const bound = own ? part.bound : null;
    boundInput.value = bound !== null && bound !== undefined ? String(bound) : "";
    boundLabel.hidden = !fam.capabilities.bounded;
  };
  select.addEventListener("change", () => fill(false));
  fill(true);
  box.appendChild(row);
  numberParts();
}

function numberParts() {
  [...$("parts").children].forEach((row, k) => {
    row.querySelector(".part-title").textContent = `Part ${k + 1}`;
  });
}

// The parts of the setup, as wire parts ({game, piles, bound?}).
function readParts() {
  const rows = [...$("parts").children];
  if (rows.length === 0) throw new Error("Add a part first: a game of parts needs at least one.");
  return rows.map((row, k) => {
    const fam = partFamilies().find((g) => g.id === row.querySelector(".part-family").value);
    if (!fam) throw new Error(`Part ${k + 1}: choose its family.`);
    const piles = row.querySelector(".part-piles").value.trim().split(/[\s,]+/).filter((x) => x.length > 0);
    if (piles.length === 0) throw new Error(`Part ${k + 1}: give its ${pilesWord(fam)}.`);
    const part = { game: specOf(fam, paramsOf(row.querySelector(".part-params"))), piles };
    const bound = fam.capabilities.bounded ? row.querySelector(".part-bound").value.trim() : "";
    if (bound !== "") part.bound = bound;
    return part;
  });
}

function onEnter(f) {
  return (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      f();
    }
  };
}

window.addEventListener("DOMContentLoaded", async () => {
  $("game").addEventListener("change", () => {
    state.family = state.games.find((g) => g.id === $("game").value) || null;
    renderParams();
  });
  $("start").addEventListener("click", () => startGame());
  $("add-part").addEventListener("click", () => addPartEditor(null));
  $("computer").addEventListener("change", checkTable);
  for (const id of ["piles", "bound"]) $(id).addEventListener("keydown", onEnter(() => startGame()));
  $("hint-btn").addEventListener("click", hint);
  $("cancel-work").addEventListener("click", cancelWork);
  $("undo-btn").addEventListener("click", undo);
  $("take-btn").addEventListener("click", () => manualTake(false));
  $("both-btn").addEventListener("click", () => manualTake(true));
  for (const id of ["take", "take-pile", "take-part"]) $(id).addEventListener("keydown", onEnter(() => manualTake(false)));
  $("call-btn").addEventListener("click", manualCall);
  $("call").addEventListener("keydown", onEnter(manualCall));
  $("diagonal").addEventListener("change", renderBoard);
  $("heatmap").addEventListener("click", gridClick);
  $("reveal-btn").addEventListener("click", reveal);
  $("new-game").addEventListener("click", () => startGame());
  $("practice").addEventListener("change", () => {
    // The switch acts on the game in play at once (and goes into its address).
    if (!state.position) return;
    state.practice = $("practice").checked;
    state.revealed = false;
    applyVisibility();
    writeAddress();
  });
  window.addEventListener("hashchange", () => {
    if (location.hash !== state.address) openAddress();
  });
  try {
    await loadGames();
    renderControls();
    renderHistory();
    await openAddress();
  } catch (e) {
    showError("Cannot load the games: " + e.message);
  }
  document.body.dataset.ready = "1";
});
