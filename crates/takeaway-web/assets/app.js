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

const state = {
  games: [],
  family: null, // catalogue entry
  spec: "",
  position: null, // {piles: [string], bound: string|null, call?: string}
  over: false,
  winner: null,
  history: [], // positions where the human was to act
  busy: false,
};

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

async function api(path, body) {
  const init = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try {
    data = parseJson(text);
  } catch (_) {
    throw new Error(`the server answered ${response.status}: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    throw new Error(data && data.error ? data.error : `the server answered ${response.status}`);
  }
  return data;
}

function showError(message) {
  $("error").textContent = message || "";
}

// ---------- setup ----------

function renderParams() {
  const box = $("params");
  box.textContent = "";
  const fam = state.family;
  if (!fam) return;
  for (const p of fam.params) {
    const label = document.createElement("label");
    label.textContent = p.label + " ";
    const input = document.createElement("input");
    input.id = "param-" + p.key;
    input.value = p.default;
    input.spellcheck = false;
    input.autocomplete = "off";
    label.appendChild(input);
    box.appendChild(label);
  }
  $("about").textContent = fam.about;
  $("piles").value = fam.piles.join(" ");
  $("bound").value = fam.bound !== undefined ? String(fam.bound) : "";
}

function currentSpec() {
  const fam = state.family;
  let spec = fam.template;
  for (const p of fam.params) {
    const v = $("param-" + p.key).value.trim();
    spec = spec.replace("{" + p.key + "}", v);
  }
  return spec;
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

// ---------- playing ----------

function isSpite() {
  return state.family && state.family.id === "spite";
}

function isWythoff() {
  return state.family && state.family.id === "wythoff";
}

function maxTake(size) {
  const pos = state.position;
  if (pos.bound === null || pos.bound === undefined) return size;
  const b = big(pos.bound);
  return b < size ? b : size;
}

function describeMove(m) {
  switch (m.kind) {
    case "take": return `take ${m.take} from pile ${m.pile + 1}`;
    case "both": return `take ${m.take} from both piles`;
    case "call": return `call ${m.call}`;
    case "pick": return `pick row ${m.pile + 1}`;
    default: return JSON.stringify(m);
  }
}

function log(who, text) {
  const li = document.createElement("li");
  li.className = who;
  li.textContent = (who === "computer" ? "Computer: " : "You: ") + text;
  $("log").appendChild(li);
  $("log").scrollTop = $("log").scrollHeight;
}

function renderBoard() {
  const board = $("board");
  board.textContent = "";
  const pos = state.position;
  if (!pos) return;
  const pending = pos.call !== undefined && pos.call !== null ? big(pos.call) : null;
  const diagonal = isWythoff() && $("diagonal").checked;
  pos.piles.forEach((p, i) => {
    const size = big(p);
    const row = document.createElement("div");
    row.className = "pile";
    row.dataset.pile = String(i);
    const name = document.createElement("span");
    name.className = "pile-name";
    name.textContent = (isSpite() ? "row " : "pile ") + (i + 1);
    const count = document.createElement("span");
    count.className = "pile-size";
    count.textContent = String(p);
    row.appendChild(name);
    row.appendChild(count);
    const yourTurn = !state.over && !state.busy;
    if (pending !== null) {
      if (size >= pending && yourTurn) {
        row.classList.add("pickable");
        row.title = `take the call ${pending} from this row`;
        row.addEventListener("click", () => humanMove({ kind: "pick", pile: i }));
      }
    }
    if (size <= BigInt(MAX_COUNTERS)) {
      const counters = document.createElement("span");
      counters.className = "counters";
      const n = Number(size);
      let limit;
      if (isSpite()) {
        limit = size; // a call up to the longest row
      } else if (diagonal) {
        const other = big(pos.piles[1 - i] ?? 0);
        limit = size < other ? size : other;
      } else {
        limit = maxTake(size);
      }
      for (let j = 0; j < n; j++) {
        const take = BigInt(n - j);
        const c = document.createElement("button");
        c.type = "button";
        c.className = "counter";
        c.dataset.pile = String(i);
        c.dataset.index = String(j);
        const off = !yourTurn || pending !== null || take > limit;
        c.dataset.off = off ? "1" : "0";
        c.disabled = off;
        const what = isSpite() ? `call ${take}` : diagonal ? `take ${take} from both` : `take ${take}`;
        c.title = what;
        c.addEventListener("mouseenter", () => highlight(i, j, true));
        c.addEventListener("mouseleave", () => highlight(i, j, false));
        c.addEventListener("click", () => {
          if (isSpite()) humanMove({ kind: "call", call: String(take) });
          else if (diagonal) humanMove({ kind: "both", take: String(take) });
          else humanMove({ kind: "take", pile: i, take: String(take) });
        });
        counters.appendChild(c);
      }
      row.appendChild(counters);
    } else {
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = "240px";
      row.appendChild(bar);
    }
    board.appendChild(row);
  });
  $("diagonal-label").hidden = !isWythoff();
  $("both-btn").hidden = !isWythoff();
  $("call-controls").hidden = !isSpite();
  $("take-pile-label").hidden = pos.piles.length === 1;
  for (const el of document.querySelectorAll(".manual")) el.hidden = isSpite();
}

function highlight(pile, index, on) {
  for (const c of document.querySelectorAll(`.counter[data-pile="${pile}"]`)) {
    if (Number(c.dataset.index) >= index && !c.disabled) c.classList.toggle("hot", on);
  }
}

function renderStatus() {
  const s = $("status");
  const pos = state.position;
  if (!pos) return;
  if (state.over) {
    s.dataset.state = "over";
    s.dataset.winner = state.winner;
    s.textContent = state.winner === "human" ? "You win!" : "The computer wins.";
  } else if (state.busy) {
    s.dataset.state = "computer";
    s.dataset.winner = "";
    s.textContent = "The computer is thinking…";
  } else {
    s.dataset.state = "human";
    s.dataset.winner = "";
    let t = "Your move";
    if (pos.call !== undefined && pos.call !== null) t = `The computer calls ${pos.call}: click the row to take it from.`;
    else if (isSpite()) t = "Your move: click a counter to call that many (or type a call).";
    else if (pos.bound !== null && pos.bound !== undefined) t = `Your move: take up to ${pos.bound}.`;
    s.textContent = t;
  }
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
  add("position", analysis.piles.join(", ") + (analysis.bound !== null ? `  (bound ${analysis.bound})` : ""));
  add("outcome", analysis.outcome === "N" ? "N — the player to move (you) wins with best play" : "P — the player to move (you) loses against best play");
  if (analysis.value !== null) add("value", String(analysis.value));
  if (analysis.remoteness !== undefined) add("remoteness", String(analysis.remoteness));
  add("method", analysis.method === "theory" ? "theory (the papers' theorem)" : "exhaustive search");
  box.appendChild(dl);
  const text = document.createElement("p");
  text.className = "text";
  text.textContent = analysis.explanation + (analysis.notes && analysis.notes.length ? "\n" + analysis.notes.map((n) => "note: " + n).join("\n") : "");
  box.appendChild(text);
}

async function refreshGrid() {
  const canvas = $("heatmap");
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!state.position) return;
  let grid;
  try {
    grid = await api("/api/grid", { game: state.spec, position: { piles: state.position.piles, bound: state.position.bound }, size: 16 });
  } catch (e) {
    $("legend").textContent = "No heatmap: " + e.message;
    return;
  }
  drawGrid(ctx, canvas, grid);
  $("legend").textContent = grid.legend + ". Outlined: the position now.";
}

function drawGrid(ctx, canvas, grid) {
  const cols = grid.x.values.length;
  const rows = grid.cells.length;
  const left = 44, bottom = 34, top = 8, right = 8;
  const cw = (canvas.width - left - right) / cols;
  const ch = rows === 1 ? Math.min(cw * 2, 60) : (canvas.height - top - bottom) / rows;
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
  if (cur && cur.x !== null && cur.y !== null && cur.x !== undefined && cur.y !== undefined) {
    ctx.strokeStyle = "#b5532b";
    ctx.lineWidth = 3;
    ctx.strokeRect(left + cur.x * cw + 1, top + height - (cur.y + 1) * ch + 1, cw - 3, ch - 3);
  }
  ctx.fillStyle = "#6b7280";
  const step = Math.max(1, Math.ceil(cols / 8));
  for (let c = 0; c < cols; c += step) {
    const label = String(grid.x.values[c]);
    ctx.fillText(label.length > 6 ? "…" + label.slice(-5) : label, left + c * cw + cw / 2, top + height + 10);
  }
  ctx.fillText(grid.x.label, left + (cols * cw) / 2, top + height + 25);
  if (rows > 1) {
    ctx.textAlign = "right";
    const rstep = Math.max(1, Math.ceil(rows / 8));
    for (let r = 0; r < rows; r += rstep) {
      const label = String(grid.y.values[r]);
      ctx.fillText(label.length > 5 ? "…" + label.slice(-4) : label, left - 4, top + height - r * ch - ch / 2);
    }
    ctx.save();
    ctx.translate(10, top + height / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(grid.y.label, 0, 0);
    ctx.restore();
  }
}

function applyTurn(data) {
  for (const r of data.replies || []) log("computer", describeMove(r.move));
  state.position = data.position;
  state.over = data.over;
  state.winner = data.winner;
  $("hint").textContent = "";
  renderExplanation(data.analysis);
}

function redraw() {
  renderBoard();
  renderStatus();
}

async function startGame() {
  showError("");
  if (!state.family) return;
  const piles = $("piles").value.trim().split(/[\s,]+/).filter((s) => s.length > 0);
  const bound = $("bound").value.trim();
  const spec = currentSpec();
  const body = { game: spec, piles, first: $("first").value };
  if (bound !== "") body.bound = bound;
  state.busy = true;
  try {
    const data = await api("/api/start", body);
    state.spec = spec;
    state.history = [];
    $("log").textContent = "";
    applyTurn(data);
  } catch (e) {
    showError(e.message);
  }
  state.busy = false;
  redraw();
  await refreshGrid();
}

async function humanMove(move) {
  if (state.busy || state.over || !state.position) return;
  showError("");
  state.busy = true;
  renderStatus();
  const before = state.position;
  try {
    const data = await api("/api/move", { game: state.spec, position: before, move });
    state.history.push(before);
    log("human", describeMove(move));
    applyTurn(data);
  } catch (e) {
    showError(e.message);
  }
  state.busy = false;
  redraw();
  await refreshGrid();
}

async function hint() {
  if (!state.position || state.over) return;
  try {
    const h = await api("/api/hint", { game: state.spec, position: state.position });
    $("hint").textContent = (h.winning ? "Hint: " : "") + h.explanation;
  } catch (e) {
    showError(e.message);
  }
}

async function undo() {
  if (state.busy || state.history.length === 0) return;
  state.position = state.history.pop();
  state.over = false;
  state.winner = null;
  log("human", "undo");
  $("hint").textContent = "";
  try {
    const p = state.position;
    if (p.call === undefined || p.call === null) {
      const a = await api("/api/analyze", { game: state.spec, piles: p.piles, bound: p.bound });
      renderExplanation(a);
    } else {
      renderExplanation(null);
    }
  } catch (e) {
    renderExplanation({ error: e.message });
  }
  redraw();
  await refreshGrid();
}

function manualTake(both) {
  const take = $("take").value.trim();
  if (take === "") return;
  if (both) {
    humanMove({ kind: "both", take });
  } else {
    const pile = Number($("take-pile").value.trim() || "1") - 1;
    humanMove({ kind: "take", pile: state.position && state.position.piles.length === 1 ? 0 : pile, take });
  }
}

window.addEventListener("DOMContentLoaded", async () => {
  $("game").addEventListener("change", () => {
    state.family = state.games.find((g) => g.id === $("game").value) || null;
    renderParams();
  });
  $("start").addEventListener("click", startGame);
  $("hint-btn").addEventListener("click", hint);
  $("undo-btn").addEventListener("click", undo);
  $("take-btn").addEventListener("click", () => manualTake(false));
  $("both-btn").addEventListener("click", () => manualTake(true));
  $("call-btn").addEventListener("click", () => {
    const call = $("call").value.trim();
    if (call !== "") humanMove({ kind: "call", call });
  });
  $("diagonal").addEventListener("change", renderBoard);
  try {
    await loadGames();
  } catch (e) {
    showError("Cannot load the games: " + e.message);
  }
  document.body.dataset.ready = "1";
});
