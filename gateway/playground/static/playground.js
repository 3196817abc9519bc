// deg playground: plan and fill a JSON Schema against a context, through the gateway's own API.
//
// Calls (relative URLs, so the page works under any path prefix):
//   GET  v1/models      the served model, for the header
//   POST v1/plan        {"schema"}             -> the fill plan (fields, modes, options)
//   POST v1/fill        {"context", "schema"[, "options": {"explain": true}]}
//                                              -> value + meta (spans, probabilities, explain)
//                       {"media", "schema"}    -> the same for an opened image or PDF, boxes in meta
//   POST v1/media/text  an image's / PDF's bytes -> {"text", "pages", ...}, shown as the context
//                       (playground-media.js: the file kept, its pages drawn with the boxes)
//
// Spans in meta are [start, end) offsets in Unicode code points of the context as sent; the
// page keeps that exact string and slices it by code points (Array.from), never by the UTF-16
// units JavaScript strings index by, so text with emoji or other astral characters lines up.
//
// document.body.dataset.state tells where the page is: idle | busy | planned | filled | error.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  examples: [],
  plan: null,            // the last /v1/plan answer
  context: null,         // the exact context string of the last fill (spans index into it)
  marksByPointer: new Map(),
  rowsByPointer: new Map(),
  media: null,           // an opened image or PDF (DegMedia.item): the fill sends it instead of the text
  boxesByPointer: new Map(),
};

// ---------------------------------------------------------------- API calls

class ApiProblem extends Error {
  constructor(status, body, fallback) {
    const error = body && body.error ? body.error : null;
    super(error ? error.message : fallback);
    this.status = status;
    this.kind = error ? error.type : null;
    this.details = error && Array.isArray(error.errors) ? error.errors : [];
  }
}

function headers(extra) {
  const out = Object.assign({}, extra);
  const key = $("api-key").value.trim();
  if (key) out["Authorization"] = "Bearer " + key;
  return out;
}

async function call(method, path, body, contentType) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: headers(body === undefined ? {} : { "Content-Type": contentType || "application/json" }),
      body: body === undefined ? undefined : (contentType ? body : JSON.stringify(body)),
    });
  } catch (err) {
    throw new ApiProblem(0, null, "the gateway did not answer: " + err.message);
  }
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch (err) { /* not JSON: reported below */ }
  if (!response.ok) {
    throw new ApiProblem(response.status, parsed, `HTTP ${response.status}: ${text.slice(0, 300) || response.statusText}`);
  }
  return { body: parsed, headers: response.headers };
}

// ---------------------------------------------------------------- small helpers

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function show(id, visible) { $(id).hidden = !visible; }

function setState(name) { document.body.dataset.state = name; }

function label(value) { return typeof value === "string" ? value : JSON.stringify(value); }

function percent(p) { return (100 * p).toFixed(p >= 0.995 || p < 0.0005 ? 0 : 1) + "%"; }

// RFC 6901 pointer -> its unescaped segments ("" is the root).
function segments(pointer) {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function valueAt(value, pointer) {
  let node = value;
  for (const seg of segments(pointer)) {
    if (node === null || typeof node !== "object" || !(seg in node)) return { found: false };
    node = node[seg];
  }
  return { found: true, value: node };
}

// The plan leaf (or array) of a concrete meta pointer: "/line_items/2/amount" -> "/line_items/*/amount".
function planEntry(pointer) {
  if (!state.plan) return null;
  const concrete = segments(pointer);
  const matches = (entry) => entry.path.length === concrete.length &&
    entry.path.every((seg, i) => seg === concrete[i] || (seg === "*" && /^\d+$/.test(concrete[i])));
  return state.plan.fields.find(matches) || state.plan.arrays.find(matches) || null;
}

// ---------------------------------------------------------------- errors

function showError(err) {
  setState("error");
  const box = $("error");
  box.replaceChildren();
  const head = err.status ? `${err.status}${err.kind ? " " + err.kind : ""}: ` : "";
  box.append(el("strong", { text: head }), document.createTextNode(err.message));
  if (err.details && err.details.length) {
    const list = el("ul");
    for (const item of err.details) {
      const where = Array.isArray(item.loc) && item.loc.length ? item.loc.join(".") + ": " : "";
      list.append(el("li", { text: where + item.msg }));
    }
    box.append(list);
  }
  show("error", true);
}

function clearError() { show("error", false); $("error").replaceChildren(); }

// ---------------------------------------------------------------- inputs

function readSchema() {
  const text = $("schema").value.trim();
  if (!text) throw new ApiProblem(0, null, "write a JSON Schema, or pick an example");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiProblem(0, null, "the schema is not valid JSON: " + err.message);
  }
}

function loadExample(id) {
  const example = state.examples.find((e) => e.id === id);
  if (!example) return;
  $("context").value = example.context;
  $("schema").value = JSON.stringify(example.schema, null, 2);
  $("context-info").textContent = "";
  state.media = null;
  clearError();
}

async function loadExamples() {
  try {
    const { body } = await call("GET", "playground/examples.json");
    state.examples = body;
  } catch (err) {
    showError(err);
    return;
  }
  const select = $("example");
  for (const example of state.examples) select.append(el("option", { value: example.id, text: example.title }));
  if (state.examples.length && !$("context").value && !$("schema").value) {
    select.value = state.examples[0].id;
    loadExample(select.value);
  }
}

async function readFile(file) {
  clearError();
  const bytes = await file.arrayBuffer();
  const type = DegMedia.mediaType(file, bytes.slice(0, 1024));
  state.media = null;
  if (!type && !/\.(pdf|png|jpe?g|tiff?|webp)$/i.test(file.name)) {
    $("context").value = new TextDecoder().decode(bytes);
    $("context-info").textContent = `${file.name}: ${$("context").value.length} characters`;
    return;
  }
  busy(true);
  try {  // an image or PDF: the gateway reads it (OCR, text layer); the fill will send the file itself
    const { body } = await call("POST", "v1/media/text?preview=true", bytes, type || file.type || "application/octet-stream");
    $("context").value = body.text;
    state.media = DegMedia.item(file.name, type, bytes, body);
    $("context-info").textContent = DegMedia.describe(file.name, body) + " · the fill sends the file; editing the text sends the text";
    setState("idle");
  } catch (err) {
    showError(err);
  } finally {
    busy(false);
  }
}

function wireDropZone() {
  const zone = $("drop-zone");
  const over = (event) => { event.preventDefault(); zone.classList.add("dragging"); };
  zone.addEventListener("dragenter", over);
  zone.addEventListener("dragover", over);
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("dragging");
    const file = event.dataTransfer.files[0];
    if (file) readFile(file);
    else $("context").value = event.dataTransfer.getData("text/plain");
  });
  $("context").addEventListener("input", () => {  // edited text is what the fill reads: the file is dropped
    if (state.media) $("context-info").textContent = `edited: the fill reads this text, not ${state.media.name}`;
    state.media = null;
  });
  $("file").addEventListener("change", (event) => {
    if (event.target.files[0]) readFile(event.target.files[0]);
    event.target.value = "";
  });
}

// ---------------------------------------------------------------- plan

function optionsText(field) {
  if (field.options) return field.options.map(label).join(" | ");
  if (field.levels) return field.levels.map(label).join(" ") + (field.null_outcome ? " | null" : "");
  const parts = [];
  if (field.format) parts.push("format " + field.format);
  for (const [name, value] of Object.entries(field.constraints || {})) parts.push(`${name} ${label(value)}`);
  return parts.join(", ");
}

function renderPlan(plan) {
  const body = $("plan-table").tBodies[0];
  body.replaceChildren();
  const arrays = new Map(plan.arrays.map((array) => [array.pointer, array]));
  const shown = new Set();
  const arrayRow = (array) => {
    shown.add(array.pointer);
    const bounds = `items ${array.min_items}..${array.max_items === null ? "∞" : array.max_items}`;
    body.append(el("tr", {}, el("td", { class: "pointer", text: array.pointer }), el("td", { class: "mode", text: "array" }),
      el("td", { text: array.item_kind }), el("td", { text: bounds })));
  };
  for (const field of plan.fields) {
    for (const pointer of field.arrays) {  // an array's row comes just before its first leaf
      if (arrays.has(pointer) && !shown.has(pointer)) arrayRow(arrays.get(pointer));
    }
    const type = Array.isArray(field.json_type) ? field.json_type.join(" | ") : field.json_type;
    body.append(el("tr", {}, el("td", { class: "pointer", text: field.pointer }), el("td", { class: "mode", text: field.mode }),
      el("td", { text: type + (field.nullable ? " (nullable)" : "") }), el("td", { text: optionsText(field) })));
  }
  plan.arrays.filter((array) => !shown.has(array.pointer)).forEach(arrayRow);  // arrays without leaves
  $("plan-summary").textContent =
    `· ${plan.fields.length} field(s), ${plan.arrays.length} array(s) · plan ${plan.fingerprint.slice(0, 12)}`;
  const warnings = $("plan-warnings");
  warnings.replaceChildren(...(plan.warnings || []).map((w) => el("li", { text: `${w.pointer || "/"}: ${w.message}` })));
  show("plan-section", true);
}

async function fetchPlan(schema) {
  const { body } = await call("POST", "v1/plan", { schema });
  state.plan = body;
  renderPlan(body);
  return body;
}

// ---------------------------------------------------------------- fill result

// [label, probability] pairs of a decided field, in the schema's option/level order.
function decidedBars(meta, field) {
  if (meta.mode === "decide.noul") return [["true", meta.probability], ["false", 1 - meta.probability]];
  if (!Array.isArray(meta.probabilities) || !field) return null;
  let labels;
  if (meta.mode === "decide.choice") {
    labels = field.options.map(label);
  } else {
    const names = new Map((field.level_labels || []).map(([level, name]) => [level, name]));
    labels = field.levels.map((level) => names.has(level) ? `${level} ${names.get(level)}` : label(level));
    if (field.null_outcome) labels.push("null");
  }
  return meta.probabilities.map((p, i) => [labels[i] === undefined ? `#${i}` : labels[i], p]);
}

function barsNode(pairs) {
  const top = pairs.reduce((best, pair, i) => (pair[1] > pairs[best][1] ? i : best), 0);  // ties: first
  const box = el("div", { class: "bars" });
  pairs.forEach(([name, p], i) => {
    const fill = el("div", { class: "bar-fill" });
    fill.style.width = Math.max(0, Math.min(100, 100 * p)).toFixed(1) + "%";
    const chosen = i === top ? " chosen" : "";  // the option the value took
    box.append(el("span", { class: "bar-label" + chosen, title: name, text: name }),
      el("div", { class: "bar-track" + chosen }, fill), el("span", { class: "bar-value", text: percent(p) }));
  });
  return box;
}

function detailNode(meta, field) {
  if (meta.mode.startsWith("decide.")) {
    const pairs = decidedBars(meta, field);
    const confidence = meta.confidence === undefined ? "" : `confidence ${meta.confidence.toFixed(2)}`;
    return el("div", {}, pairs ? barsNode(pairs) : null, confidence ? el("div", { class: "muted", text: confidence }) : null);
  }
  if (meta.mode.startsWith("extract.")) {
    const parts = [`confidence ${meta.confidence.toFixed(2)}`];
    if (Array.isArray(meta.span)) parts.push(`span [${meta.span[0]}, ${meta.span[1]})`);
    if (meta.assumed_offset) parts.push("offset assumed");
    if (meta.media) parts.push(`in ${meta.media}${meta.page ? " page " + meta.page : ""}`);
    if (meta.ocr_confidence !== undefined) parts.push(`OCR ${meta.ocr_confidence.toFixed(2)}`);
    return el("div", { class: "muted", text: parts.join(" · ") });
  }
  if (meta.mode === "generate") return el("div", { class: "muted", text: `${meta.generated_tokens} generated token(s)` });
  if (meta.mode === "array") {
    return el("div", { class: "muted", text: `${meta.items} item(s)` + (meta.dropped ? `, ${meta.dropped} dropped` : "") });
  }
  return el("div", { class: "muted", text: JSON.stringify(meta) });
}

// Why a leaf got its value (options.explain): the winner, the runner-up and each score term's
// part in both, one row per term.
function explainLabel(entry) {
  if (!entry) return "(none)";
  if (entry.null) return "null";
  if ("text" in entry) return JSON.stringify(entry.text);
  return label(entry.value);
}

function explainNumber(x) { return x === null || x === undefined ? "–" : x.toFixed(3); }

function explainNode(explain) {
  const table = el("table", { class: "explain" },
    el("thead", {}, el("tr", {}, el("th", { text: "term" }),
      el("th", { class: "winner", text: explainLabel(explain.winner) }),
      el("th", { class: "runner-up", text: explainLabel(explain.runner_up) }))));
  const body = el("tbody", {});
  for (const term of explain.terms) {
    body.append(el("tr", { class: "term", "data-term": term.name }, el("td", { text: term.name }),
      el("td", { text: explainNumber(term.winner) }), el("td", { text: explainNumber(term.runner_up) })));
  }
  const score = (entry) => (entry ? explainNumber(entry.score) : "–");
  body.append(el("tr", { class: "total" }, el("td", { text: "score" }), el("td", { text: score(explain.winner) }),
    el("td", { text: score(explain.runner_up) })));
  table.append(body);
  return el("details", { class: "explain" }, el("summary", { text: "why: " + explainLabel(explain.winner) +
    " over " + explainLabel(explain.runner_up) }), table);
}

function valueNode(value, pointer, meta) {
  const at = valueAt(value, pointer);
  if (meta.mode === "array") return el("td", { class: "value", text: "" });
  if (!at.found) return el("td", { class: "value null-reason", text: "(omitted" + (meta.null_reason ? `: ${meta.null_reason})` : ")") });
  const cell = el("td", { class: "value", text: label(at.value) });
  if (at.value === null && meta.null_reason) cell.append(el("span", { class: "null-reason", text: ` (${meta.null_reason})` }));
  return cell;
}

function renderFields(response) {
  const body = $("fields-table").tBodies[0];
  body.replaceChildren();
  state.rowsByPointer = new Map();
  for (const [pointer, meta] of Object.entries(response.meta)) {
    const field = planEntry(pointer);
    const row = el("tr", { class: "field-row", "data-pointer": pointer, "data-mode": meta.mode },
      el("td", { class: "pointer", text: pointer }), el("td", { class: "mode", text: meta.mode }),
      valueNode(response.value, pointer, meta),
      el("td", {}, detailNode(meta, field), meta.explain ? explainNode(meta.explain) : null));
    if (Array.isArray(meta.span)) row.classList.add("has-span");
    row.addEventListener("mouseenter", () => highlight(pointer, true));
    row.addEventListener("mouseleave", () => highlight(pointer, false));
    state.rowsByPointer.set(pointer, row);
    body.append(row);
  }
}

// The context with every copied span marked. Spans may overlap or repeat (two fields copying
// the same text): the text is cut at every span boundary and each piece lists the fields
// that cover it.
function renderContext(context, meta) {
  const chars = Array.from(context);  // code points, as the spans count them
  const spans = Object.entries(meta)
    .filter(([, m]) => Array.isArray(m.span) && m.span[0] >= 0 && m.span[0] < m.span[1] && m.span[1] <= chars.length)
    .map(([pointer, m]) => ({ pointer, start: m.span[0], end: m.span[1] }));
  const cuts = [...new Set([0, chars.length, ...spans.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const view = $("context-view");
  view.replaceChildren();
  state.marksByPointer = new Map();
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [start, end] = [cuts[i], cuts[i + 1]];
    const text = chars.slice(start, end).join("");
    const covering = spans.filter((s) => s.start <= start && end <= s.end).map((s) => s.pointer);
    if (!covering.length) { view.append(document.createTextNode(text)); continue; }
    const mark = el("mark", { class: "span", "data-pointers": covering.join(" "), title: covering.join(", "), text });
    mark.addEventListener("mouseenter", () => covering.forEach((p) => highlight(p, true)));
    mark.addEventListener("mouseleave", () => covering.forEach((p) => highlight(p, false)));
    for (const pointer of covering) {
      if (!state.marksByPointer.has(pointer)) state.marksByPointer.set(pointer, []);
      state.marksByPointer.get(pointer).push(mark);
    }
    view.append(mark);
  }
}

function highlight(pointer, on) {
  const marks = state.marksByPointer.get(pointer) || [];
  marks.forEach((mark) => mark.classList.toggle("active", on));
  (state.boxesByPointer.get(pointer) || []).forEach((box) => box.classList.toggle("active", on));
  const row = state.rowsByPointer.get(pointer);
  if (row) row.classList.toggle("active", on);
  if (on && marks.length) scrollWithin($("context-view"), marks[0]);
}

// Scroll the context box (never the page, which would move the row away from the pointer).
function scrollWithin(view, mark) {
  const top = mark.offsetTop;  // relative to the view: it is the mark's offsetParent (position: relative)
  if (top < view.scrollTop || top + mark.offsetHeight > view.scrollTop + view.clientHeight) {
    view.scrollTop = Math.max(0, top - view.clientHeight / 3);
  }
}

function renderFill(response, headers, elapsedMs, media) {
  renderFields(response);
  renderContext(state.context, response.meta);
  state.boxesByPointer = media ? DegMedia.render($("media-view"), media, response.meta, highlight, el) : new Map();
  show("media-section", Boolean(media));
  $("value-view").textContent = JSON.stringify(response.value, null, 2);
  $("response-view").textContent = JSON.stringify(response, null, 2);
  const cache = headers.get("X-Deg-Cache");
  const usage = response.usage || {};
  $("result-summary").textContent = `· ${response.model} · ${usage.prompt_tokens} prompt / ${usage.generated_tokens} ` +
    `generated tokens · ${Math.round(elapsedMs)} ms${cache ? " · cache " + cache : ""}`;
  show("result-section", true);
}

// ---------------------------------------------------------------- actions

function busy(on) {
  $("plan-button").disabled = on;
  $("fill-button").disabled = on;
  show("busy", on);
  if (on) setState("busy");
}

async function onPlan() {
  clearError();
  busy(true);
  try {
    await fetchPlan(readSchema());
    setState("planned");
  } catch (err) {
    showError(err);
  } finally {
    busy(false);
  }
}

async function onFill() {
  clearError();
  busy(true);
  try {
    const schema = readSchema();
    const context = $("context").value;
    if (!context.trim()) throw new ApiProblem(0, null, "paste a context first (or drop a file, or pick an example)");
    show("result-section", false);  // what is shown is always the latest answer
    await fetchPlan(schema);  // the plan first: what will be decided, copied and written
    const media = state.media;
    const request = media ? { media: [{ type: media.type, data: media.data }], schema } : { context, schema };
    const started = performance.now();
    if ($("explain").checked) request.options = { explain: true };  // each term's part in every value
    const { body, headers: answer } = await call("POST", "v1/fill", request);
    state.context = context;  // with media: the text v1/media/text read, which is the fill's context
    renderFill(body, answer, performance.now() - started, media);
    setState("filled");
  } catch (err) {
    showError(err);
  } finally {
    busy(false);
  }
}

async function loadModel() {
  try {
    const { body } = await call("GET", "v1/models");
    $("model-status").textContent = "model: " + (body.served || (body.data && body.data[0] && body.data[0].id) || "?");
  } catch (err) {
    $("model-status").textContent = err.status === 401 ? "model: (enter the API key)" : "model: unavailable (" + err.message + ")";
  }
}

function init() {
  const key = sessionStorage.getItem("deg-api-key");  // this tab only; never written to disk by the page
  if (key) $("api-key").value = key;
  $("api-key").addEventListener("change", () => {
    sessionStorage.setItem("deg-api-key", $("api-key").value.trim());
    loadModel();
  });
  $("example").addEventListener("change", (event) => loadExample(event.target.value));
  $("plan-button").addEventListener("click", onPlan);
  $("fill-button").addEventListener("click", onFill);
  wireDropZone();
  setState("idle");
  loadModel();
  loadExamples();
}

document.addEventListener("DOMContentLoaded", init);
