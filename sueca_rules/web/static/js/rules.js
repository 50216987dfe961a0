// The house-rules builder: a control for every field of a variant (from the schema), the
// rules card and the differences in words as you change things, the variant file to take away,
// and a checker for pasted or uploaded files that shows each problem at its line.
import {fill, api, copy, download, el, fieldLabel, issueItems, issueText, lang, shareUrl, t, toast, variantName, wrapSelect} from "./common.js";

const BUILT = "sueca.built";
const DRAFT = "sueca.rules-draft";
const $ = (id) => document.getElementById(id);
let groups = [];
let base = "portugal";
let variant = {};
let latest = null;
let timer = 0;
let asked = 0;
const localNames = new Map(); // a built-in's file name -> its name in the page's language

/** Text from the server with the built-ins' file names in the page's language. */
function localize(text) {
  let out = String(text);
  const names = [...localNames.keys()].sort((a, b) => b.length - a.length);
  for (const name of names) if (name !== localNames.get(name)) out = out.replaceAll(name, localNames.get(name));
  return out;
}

// --- the variant as data -----------------------------------------------------------------

function getPath(path) {
  return path.split(".").reduce((node, key) => (node == null ? undefined : node[key]), variant);
}

function setPath(path, value) {
  const keys = path.split(".");
  let node = variant;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
    node = node[key];
  }
  node[keys.at(-1)] = value;
  refresh();
}

// --- the controls ------------------------------------------------------------------------

function controlId(path) {
  return `f-${path.replaceAll(".", "-")}`;
}

function numberInput(value, min, max, onchange, label) {
  return el("input", {
    type: "number", inputmode: "numeric", value: value ?? "", min: min ?? false, max: max ?? false,
    step: 1, "aria-label": label ?? false,
    oninput: (event) => {
      const text = event.target.value.trim();
      onchange(text === "" || Number.isNaN(Number(text)) ? text : Number(text));
    },
  });
}

function tiersControl(field) {
  const box = el("div", {class: "tiers", id: controlId(field.path)});
  const draw = () => {
    const tiers = getPath(field.path) ?? [];
    fill(box);
    tiers.forEach((tier, index) => {
      const row = el("div", {class: "tier"});
      for (const column of field.columns) {
        row.append(el("label", {}, column.label, " ", numberInput(tier[column.key], column.min, column.max, (value) => {
          tiers[index] = {...tiers[index], [column.key]: value};
          setPath(field.path, tiers);
        }, `${column.label} ${index + 1}`)));
      }
      row.append(el("button", {type: "button", class: "small", disabled: tiers.length <= field.min_items, onclick: () => {
        tiers.splice(index, 1);
        setPath(field.path, tiers);
        draw();
      }}, t("rules.tier_remove")));
      box.append(row);
    });
    box.append(el("button", {type: "button", class: "small", disabled: tiers.length >= field.max_items, onclick: () => {
      const last = tiers.at(-1) ?? {min_points: 60, games: 0};
      tiers.push({min_points: Math.min(120, Number(last.min_points) + 10), games: Number(last.games) + 1});
      setPath(field.path, tiers);
      draw();
    }}, t("rules.tier_add")));
  };
  draw();
  return box;
}

/** A field whose null means "the same as" another field's value. */
const NULL_SAME_AS = {"revoke.false_claim_games": "revoke.penalty_games"};

function control(field) {
  const id = controlId(field.path);
  const value = getPath(field.path);
  switch (field.kind) {
    case "enum": {
      const select = el("select", {id, onchange: (e) => {
        const chosen = field.options[e.target.selectedIndex].value;
        // To multiply, the amount is a factor of at least 2: set one rather than show an error.
        if (field.path === "scoring.tie.mode" && chosen === "multiply" && !(Number(getPath("scoring.tie.amount")) >= 2)) {
          setPath("scoring.tie.amount", 2);
          const amount = $(controlId("scoring.tie.amount"));
          if (amount) amount.value = "2";
        }
        setPath(field.path, chosen);
      }});
      field.options.forEach((option) => {
        select.append(el("option", {selected: option.value === value}, option.label));
      });
      // A long choice ("para a direita (ao contrário dos ponteiros do relógio)") is wider than a
      // phone: it is written whole over its select.
      return wrapSelect(select);
    }
    case "bool":
      return el("input", {type: "checkbox", id, checked: Boolean(value), onchange: (e) => setPath(field.path, e.target.checked)});
    case "int": {
      const input = numberInput(value, field.min, field.max, (v) => setPath(field.path, v));
      input.id = id;
      if (!field.nullable) return input;
      // A rule that may be turned off (null): a number, or the box that says "never".
      input.disabled = value === null || value === undefined;
      const off = el("input", {type: "checkbox", checked: input.disabled, onchange: (e) => {
        input.disabled = e.target.checked;
        // Unticking "the same as the penalty" keeps the rule as it was (the penalty's games)
        // until the number is changed; another rule starts from its least value.
        const same = NULL_SAME_AS[field.path];
        const start = same !== undefined && Number.isInteger(getPath(same)) ? getPath(same) : field.min ?? 0;
        if (!e.target.checked && input.value === "") input.value = String(start);
        setPath(field.path, e.target.checked ? null : Number(input.value));
      }});
      return el("span", {class: "nullable", id: `${id}-box`}, input, el("label", {class: "inline"}, off, field.null_label));
    }
    case "tiers":
      return tiersControl(field);
    case "longtext":
      return el("textarea", {id, rows: 3, maxlength: field.max_length ?? false, oninput: (e) => setPath(field.path, e.target.value)}, value ?? "");
    default:
      return el("input", {id, value: value ?? "", maxlength: field.max_length ?? false, oninput: (e) => setPath(field.path, e.target.value)});
  }
}

/** A question's words with a score such as "60-60" kept whole: on a phone it broke after its
 * hyphen ("60-" at a line's end, "60?" on the next). The text is the same. */
function unbroken(text) {
  return String(text).split(/(\d+-\d+)/).map((part, i) => (i % 2 ? el("span", {class: "nowrap"}, part) : part));
}

// A question whose answer these rules do not use yet (what a renúncia costs where none can be
// played, what a 60-60 adds where it carries nothing): the reason, by the question that decides.
const UNUSED = [
  {paths: ["revoke.penalty_games", "revoke.false_claim", "revoke.false_claim_games", "revoke.after_false_claim", "revoke.accuse"],
    unused: () => getPath("revoke.mode") !== "claimable", key: "rules.unused.revoke"},
  {paths: ["revoke.false_claim_games", "revoke.after_false_claim"],
    unused: () => getPath("revoke.false_claim") === "ignored", key: "rules.unused.false_claim"},
  {paths: ["scoring.tie.amount", "scoring.tie.stacks"],
    unused: () => getPath("scoring.tie.mode") === "none", key: "rules.unused.tie"},
  // A row from 120 points, where 120 points is a bandeira: that row never scores.
  {paths: ["scoring.tiers"], key: "rules.unused.tier_120",
    unused: () => getPath("scoring.bandeira.requires") === "all_points" && (getPath("scoring.tiers") ?? []).some((tier) => Number(tier.min_points) >= 120)},
];

/** Mark each question these rules do not use, saying why (the first reason that holds). */
function markUnused() {
  for (const box of document.querySelectorAll(".field")) {
    const why = UNUSED.find((rule) => rule.paths.includes(box.dataset.path) && rule.unused());
    const note = box.querySelector(".unused-note");
    if (!note) continue;
    box.classList.toggle("unused", Boolean(why));
    note.hidden = !why;
    note.textContent = why ? t(why.key) : "";
  }
}

function drawControls() {
  const box = $("groups");
  fill(box);
  for (const group of groups) {
    const set = el("fieldset", {class: "group", "data-group": group.id}, el("legend", {}, unbroken(group.title)));
    for (const field of group.fields) {
      const help = el("p", {class: "help", id: `${controlId(field.path)}-help`}, field.explain ?? field.help);
      const note = el("p", {class: "unused-note", id: `${controlId(field.path)}-unused`, hidden: true});
      const input = control(field);
      // (A choice's select, in its wrapper, is described by the help, not the wrapper.)
      (input.classList.contains("select-wrap") ? input.querySelector("select") : input).setAttribute("aria-describedby", `${help.id} ${note.id}`);
      const question = field.question ?? field.label;
      const label = field.kind === "tiers"
        ? el("span", {class: "label"}, unbroken(question))
        : el("label", {for: controlId(field.path), class: "label"}, unbroken(question));
      set.append(el("div", {class: `field kind-${field.kind}`, "data-path": field.path}, label, input, help, note,
        el("p", {class: "field-error", role: "alert", hidden: true})));
    }
    box.append(set);
  }
  markUnused();
}

// --- the outputs -------------------------------------------------------------------------

/** The rules card text (headings, paragraphs, "  - " items) as HTML elements. */
function cardNodes(text) {
  const nodes = [];
  const lines = text.split("\n");
  let list = null;
  lines.forEach((line, i) => {
    line = localize(line);
    if (i === 0) nodes.push(el("h3", {}, line));
    else if (/^=+$/.test(line) || !line.trim()) list = null;
    else if (line.startsWith("  - ")) {
      if (!list) nodes.push((list = el("ul")));
      list.append(el("li", {}, line.slice(4)));
    } else if (line.startsWith("  ")) {
      list = null;
      nodes.push(el("p", {}, line.trim()));
    } else {
      list = null;
      nodes.push(el("h4", {}, line));
    }
  });
  return nodes;
}

/** An issue as this page says it: in Portuguese, the values a field may take are the file's
 * words, each with what it means ("anticlockwise — para a direita (ao contrário dos ponteiros do relógio)"). */
function said(issue) {
  if (lang === "en" || issue.kind !== "choice") return issue;
  const field = groups.flatMap((g) => g.fields).find((f) => f.path === issue.path.replace(/\[\d+\]/g, ""));
  if (!field?.options) return issue;
  const choices = field.options.map((o) => (o.label && o.label !== o.value ? `${o.value} — ${o.label}` : o.value)).join("; ");
  return {...issue, params: {...issue.params, choices}};
}

function markIssues(issues) {
  for (const box of document.querySelectorAll(".field")) {
    const mine = issues.filter((i) => i.path === box.dataset.path || i.path.startsWith(`${box.dataset.path}[`) || i.path.startsWith(`${box.dataset.path}.`));
    const error = box.querySelector(".field-error");
    box.classList.toggle("invalid", mine.length > 0);
    error.hidden = !mine.length;
    error.textContent = mine.map((i) => issueText(said(i))).join("; ");
  }
}

async function preview() {
  const mine = ++asked;
  const {status, body} = await api("/api/variants/preview", {
    json: {variant, base, full: $("full").checked},
    query: {lang},
  });
  if (mine !== asked) return; // a newer change is on its way
  const invalid = $("invalid");
  if (status !== 200) {
    fill(invalid, el("p", {}, body.message ?? t("common.error", {message: status})));
    invalid.hidden = false;
    return;
  }
  markIssues(body.issues ?? []);
  if (!body.valid) {
    fill(invalid, el("p", {}, t("rules.invalid")), el("ul", {}, issueItems(body.issues.map(said))));
    invalid.hidden = false;
    return;
  }
  invalid.hidden = true;
  latest = body;
  fill($("card"), ...cardNodes(body.text));
  const diff = (body.differences ?? "").trim().split("\n");
  fill($("differences"), 
    body.diff && body.diff.length
      ? el("div", {}, el("p", {}, localize(diff[0])), el("ul", {}, diff.slice(1).map((l) => el("li", {}, localize(l.replace(/^\s*- /, ""))))))
      : el("p", {}, t("rules.no_differences", {base: $("base").selectedOptions[0]?.textContent ?? base})),
  );
  $("yaml").textContent = body.yaml;
  // The Play page offers these rules only once they differ from where they started; a name or a
  // description typed here is kept apart, for this page only (a reload, the other language).
  const changed = Boolean(body.diff && body.diff.length);
  if (changed) localStorage.setItem(BUILT, JSON.stringify({variant, base}));
  else localStorage.removeItem(BUILT);
  if (!changed && ownWords()) localStorage.setItem(DRAFT, JSON.stringify({variant, base}));
  else localStorage.removeItem(DRAFT);
}

function refresh() {
  markUnused();
  clearTimeout(timer);
  timer = setTimeout(preview, 150);
}

// --- starting points ---------------------------------------------------------------------

/** The name the page gives rules started from a built-in ("Portugal · house rules"). */
function autoName(id) {
  const local = $("base").querySelector(`option[value="${CSS.escape(id)}"]`)?.textContent ?? id;
  return `${local} · ${t("nav.rules").toLowerCase()}`;
}

/** Whether the name or the description are the club's own (typed here, or from a file). */
function ownWords() {
  return (variant.name !== undefined && variant.name !== autoName(base)) || Boolean(variant.description?.trim());
}

async function loadBase(id) {
  const {status, body} = await api(`/api/variants/${encodeURIComponent(id)}`);
  if (status !== 200) return;
  // Starting from another rule set keeps a name and a description typed here: they name the
  // club's rules, not the rule set they start from.
  const keep = ownWords();
  base = id;
  const local = variantName(id, body.name);
  const name = keep ? variant.name : `${local} · ${t("nav.rules").toLowerCase()}`;
  variant = {...body.variant, name, description: keep ? variant.description ?? "" : ""};
  $("diff-title").textContent = t("rules.differences", {base: local});
  drawControls();
  refresh();
}

function loadVariant(data, from) {
  base = from;
  $("base").value = from;
  variant = structuredClone(data);
  $("diff-title").textContent = t("rules.differences", {base: $("base").selectedOptions[0]?.textContent ?? from});
  drawControls();
  refresh();
}

// --- checking a file ---------------------------------------------------------------------

function showListing(text, issues) {
  const listing = $("listing");
  const bad = new Map();
  for (const issue of issues) if (issue.line) bad.set(issue.line, [...(bad.get(issue.line) ?? []), issue]);
  fill(listing);
  text.split("\n").slice(0, 2000).forEach((line, i) => {
    const here = bad.get(i + 1);
    const item = el("li", {class: here ? "bad" : false, id: `line-${i + 1}`}, el("code", {}, line || " "));
    if (here) {
      for (const issue of here) {
        const label = fieldLabel(issue.path);
        item.append(el("div", {class: "line-issue"}, `↑ ${label ? `${label}: ` : ""}${issueText(said(issue))}`));
      }
    }
    listing.append(item);
  });
  listing.hidden = issues.length === 0;
}

async function check() {
  const text = $("paste").value;
  const result = $("check-result");
  const {status, body} = await api("/api/variants/validate", {text});
  if (status === 413) {
    fill(result, el("p", {class: "bad"}, t("rules.too_big", {limit: 256})));
    $("listing").hidden = true;
    return;
  }
  if (status !== 200) {
    fill(result, el("p", {class: "bad"}, body.message ?? t("common.error", {message: status})));
    return;
  }
  if (body.valid) {
    fill(result, el("p", {class: "good"}, t("rules.valid", {name: body.name})));
    showListing(text, []);
    loadVariant(body.variant, body.extends ?? "portugal");
    return;
  }
  fill(result, el("p", {class: "bad"}, t("rules.problems", {count: body.issues.length})), el("ul", {class: "issues-list"}, issueItems(body.issues.map(said))));
  showListing(text, body.issues);
}

// --- a link that carries the rules -------------------------------------------------------

const MAX_LINK = 16 * 1024; // characters of the fragment read back

/** {variant, base} as base64url of its JSON (UTF-8), for the fragment `#v=`. */
function encodeRules(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The rules of a `#v=` fragment, or null when it holds none that can be read. */
function decodeRules(hash) {
  const match = /^#v=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match || match[1].length > MAX_LINK) return null;
  try {
    const text = atob(match[1].replaceAll("-", "+").replaceAll("_", "/"));
    const data = JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0))));
    if (!data || typeof data.variant !== "object" || Array.isArray(data.variant)) return null;
    return {variant: data.variant, base: typeof data.base === "string" ? data.base : "portugal"};
  } catch {
    return null;
  }
}

/** The link to share: it opens in the friend's own language, as a join link does (the page's
 * language goes as `?hl=`, for a browser that asks for neither of ours, not as `?lang=`). */
function shareLink() {
  return `${shareUrl("/rules")}#v=${encodeRules({variant, base})}`;
}

// --- wiring ------------------------------------------------------------------------------

async function start() {
  const [fields, list] = await Promise.all([api("/api/variants/fields", {query: {lang}}), api("/api/variants")]);
  if (fields.status !== 200 || list.status !== 200) {
    fill($("groups"), el("p", {}, t("common.offline")));
    return;
  }
  groups = fields.body;
  for (const v of list.body) {
    localNames.set(v.name, variantName(v.id, v.name));
    $("base").append(el("option", {value: v.id}, variantName(v.id, v.name)));
  }
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(BUILT) ?? localStorage.getItem(DRAFT) ?? "null");
  } catch {
    saved = null;
  }
  const shared = location.hash.startsWith("#v=") ? decodeRules(location.hash) : null;
  if (location.hash.startsWith("#v=") && !shared) toast(t("rules.bad_link"));
  if (shared) {
    loadVariant(shared.variant, list.body.some((v) => v.id === shared.base) ? shared.base : "portugal");
  } else if (saved && typeof saved.variant === "object" && list.body.some((v) => v.id === saved.base)) {
    loadVariant(saved.variant, saved.base);
  } else {
    $("base").value = "portugal";
    await loadBase("portugal");
  }
}

$("base").addEventListener("change", (e) => loadBase(e.target.value));
$("full").addEventListener("change", refresh);
$("copy").addEventListener("click", () => latest && copy(latest.yaml));
$("download").addEventListener("click", () => {
  if (!latest) return;
  const name = (variant.name || "house-rules").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "house-rules";
  download(`${name}.yaml`, latest.yaml, "application/yaml");
});
function playThese() {
  if (!latest) {
    toast(t("rules.invalid"));
    return;
  }
  location.href = "/play?variant=built";
}
$("play-these").addEventListener("click", playThese);
$("play-these-bar").addEventListener("click", playThese);
$("share").addEventListener("click", async () => {
  const link = shareLink();
  // This page keeps its own address (and language), with the rules after `#`.
  history.replaceState(null, "", `${location.pathname}${location.search}${new URL(link).hash}`);
  try {
    await navigator.clipboard.writeText(link);
    toast(t("rules.shared"));
  } catch {
    toast(link, 8000);
  }
});
$("check").addEventListener("click", check);
$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  if (file.size > 256 * 1024) {
    fill($("check-result"), el("p", {class: "bad"}, t("rules.too_big", {limit: 256})));
    return;
  }
  $("paste").value = await file.text();
  check();
});
$("builder").addEventListener("submit", (e) => e.preventDefault());

start();
