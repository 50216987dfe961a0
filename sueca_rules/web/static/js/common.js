// Shared by every page: the phrase table, requests to the API, cards, small helpers.
// Plain ES modules: no build step, nothing from elsewhere.

import {issueParams, render} from "./catalogue.js";

const data = JSON.parse(document.getElementById("strings").textContent);

/** The page's language: "en" or "pt". */
export const lang = data.lang;

/** The phrase `key` filled in from `params` (the key itself if unknown): a template, or a
 * choice by a value's plural form (see catalogue.js). */
export function t(key, params = {}) {
  return render(data.strings[key] ?? key, params, lang);
}

/** An element: el("p", {class: "x"}, "text", child, ...). Text is never parsed as HTML. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Text with its first letter in capitals (a sentence that starts with a seat's name). */
export const cap = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** `select` with its chosen text written over it, on as many lines as it takes (a long choice,
 * "para a direita (ao contrário dos ponteiros do relógio)" or a house rule's long name, was cut
 * at the edge of a phone): the select, its own text unseen, still opens the list when tapped and
 * says the choice to a screen reader. Put in the select's place when it has one; returns the
 * wrapper. After a change of `select.value` by a script, call `showChosen(select)`. */
export function wrapSelect(select) {
  const wrap = el("span", {class: "select-wrap"});
  if (select.parentNode) select.replaceWith(wrap);
  wrap.append(select, el("span", {class: "select-shown", "aria-hidden": "true"}));
  select.addEventListener("change", () => showChosen(select));
  showChosen(select);
  return wrap;
}

/** The chosen text of a select of `wrapSelect()` written again (after a script changed it). */
export function showChosen(select) {
  const shown = select.parentElement?.querySelector(":scope > .select-shown");
  if (shown) shown.textContent = select.selectedOptions[0]?.textContent ?? "";
}

/** Replace the children of `node` (null and false children are left out). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** Text with `code` spans (schema descriptions use backticks), as nodes. */
export function withCode(text) {
  return String(text).split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

/** A link to share (a seat's join link, a watch link), whole. The page's language goes with it
 * (`hl`) only as the last resort: a friend opens it in their own language (chosen here before,
 * else their browser's), and in the host's only when their browser asks for neither of ours. */
export function shareUrl(path) {
  const url = new URL(path, location.origin);
  url.searchParams.set("hl", lang);
  return url.href;
}

/** Under links to share, when the page was opened at this computer's own address (127.0.0.1,
 * localhost): a note that they open on this computer alone, and how to reach friends' phones. */
export function loopbackNote() {
  const own = ["127.0.0.1", "localhost", "[::1]", "::1"].includes(location.hostname);
  return own ? el("p", {class: "note loopback"}, t("common.loopback_links")) : null;
}

/** POST or GET to the API; resolves to {status, body} (body parsed as JSON when it is). */
export async function api(path, {method = "GET", json, text, query} = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  // The API says its refusals in the page's language.
  const init = {method, headers: {"accept-language": lang}};
  if (json !== undefined) {
    init.method = "POST";
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(json);
  } else if (text !== undefined) {
    init.method = "POST";
    init.headers["content-type"] = "text/plain; charset=utf-8";
    init.body = text;
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    return {status: 0, body: {message: t("common.offline")}};
  }
  const raw = await response.text();
  let body = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    /* not JSON: keep the text */
  }
  return {status: response.status, body};
}

let toastTimer = 0;
/** A short message at the bottom of the screen. */
export function toast(message, ms = 3500) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), ms);
}

export const SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};

/** A card's name for screen readers: "seven of hearts" / "sete de copas". */
export function cardName(card) {
  return t("card.name", {rank: t(`rank.${card[0]}`), suit: t(`suit.${card[1]}`)});
}

/** A built-in rule set's name in the page's language (`name` for any other variant). */
export function variantName(id, name) {
  const key = `variant.${id}`;
  const local = t(key);
  return local !== key ? local : name;
}

// The notation's letters, and the page's language's (the game's words `card.ranks`,
// `card.suits`): a Portuguese player writes the rei, valete and dama R, V and D, and types the
// suits e, c, o, p.
const NOTATION = {ranks: "A 7 K J Q 6 5 4 3 2", suits: "S H D C"};

/** The page's language's letter for each of the notation's (`K` → `R` in Portuguese), or the
 * other way round (`typed`: the letter a player types → the notation's), for `"ranks"` or
 * `"suits"`. */
export function letters(key, {typed = false} = {}) {
  const ours = t(`card.${key}`).toUpperCase().split(" ");
  return Object.fromEntries(NOTATION[key].split(" ").map((letter, i) =>
    typed ? [ours[i] ?? letter, letter] : [letter, ours[i] ?? letter]));
}

/** A card as text for short messages, as the page's language writes it: "4♣", "K♣" ("R♣" in
 * Portuguese). */
export function cardText(card) {
  return `${letters("ranks")[card[0]] ?? card[0]}${SUITS[card[1]] ?? card[1]}`;
}

// The deck is one SVG sprite (static/cards.svg, drawn by scripts/gen_cards.py): each card a
// <symbol id="7H">, the back "back". Loaded once, with the page's version. Portuguese pages
// take the deck with R, D and V in the corners (static/cards-pt.svg), as a Portuguese deck has.
const HERE = new URL(import.meta.url);
const SPRITE = new URL(lang === "pt" ? "../cards-pt.svg" : "../cards.svg", HERE).pathname + HERE.search;
const SVG = "http://www.w3.org/2000/svg";

function drawing(id) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 64 90");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${SPRITE}#${id}`);
  svg.append(use);
  return svg;
}

/** A card face with `data-card` and its spoken name ("sete de copas"); `spoken: false` when
 * the element around it (a hand's button) already says it and carries `data-card`. */
export function cardFace(card, attrs = {}, {spoken = true} = {}) {
  const extra = attrs.class ? ` ${attrs.class}` : "";
  const named = spoken
    ? {role: "img", "aria-label": cardName(card), "data-card": card, title: cardName(card)}
    : {"aria-hidden": "true"};
  return el("span", {...attrs, ...named, class: `card suit-${card[1]}${extra}`}, drawing(card));
}

/** A card seen from the back. */
export function cardBack(attrs = {}) {
  return el("span", {...attrs, class: `card back ${attrs.class ?? ""}`.trim(), "aria-hidden": "true"}, drawing("back"));
}

/** An in-page question (not the browser's confirm()): resolves to true when `yes` is chosen. */
export function ask(text, yes, no, risky = false) {
  return new Promise((resolve) => {
    const dialog = el("dialog", {class: "ask", "aria-label": text});
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(
      el("p", {}, text),
      el("div", {class: "buttons"},
        // A risky answer (a claim that may cost the match) is not the one drawn as suggested.
        el("button", {type: "button", class: risky ? "cancel primary" : "cancel", onclick: () => close(false)}, no),
        el("button", {type: "button", class: risky ? "yes" : "yes primary", onclick: () => close(true)}, yes)),
    );
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector(".cancel").focus();
  });
}

/** Save text as a file the browser downloads. */
export function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const link = el("a", {href: url, download: name});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copy text to the clipboard (or select it where the clipboard is not allowed). */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("common.copied"));
  } catch {
    toast(text);
  }
}

/** A variant field's label in the page's language ("Jogos para ganhar a partida"), from its
 * path with list indexes left out; null for a field without one. */
export function fieldLabel(path) {
  let plain = String(path ?? "").replace(/\[\d+\]/g, "");
  while (plain) {
    const key = `field.${plain}`;
    if (t(key) !== key) return t(key);
    plain = plain.includes(".") ? plain.slice(0, plain.lastIndexOf(".")) : "";
  }
  return null;
}

/** An issue's words: the library's message on English pages, else the page's template for
 * its kind (the message itself for an issue of no known kind). */
export function issueText(issue) {
  const key = `issue.${issue.kind ?? ""}`;
  if (lang === "en" || !issue.kind || !Object.hasOwn(data.strings, key)) return issue.message;
  let entry = data.strings[key];
  const params = issueParams(entry, issue.params ?? {}, data.thousands ?? ",");
  if (typeof entry === "string" && !params.got) entry = entry.replace(/\s*\([^()]*\{got\}[^()]*\)/, "");
  let text = render(entry, params, lang);
  // a value the user's files kept from a built-in: "(o valor vem das regras de base portugal)"
  if (params.inherited && data.strings["issue.inherited"]) {
    text = `${text} ${render(data.strings["issue.inherited"], params, lang)}`;
  }
  // A record's problem inside a deal: where it is first ("mão 1, cartas do lugar 2: …"), as the
  // command line says it, unless the kind's words say it themselves.
  if (params.at && !JSON.stringify(entry).includes("{deal}") && data.strings["issue.place"]) {
    return `${render(data.strings["issue.place"], params, lang)}: ${text}`;
  }
  return text;
}

/** Issues from the API as list items: "line 6, column 5: Jogos para ganhar a partida: …" (the
 * field's label, never its path). */
export function issueItems(issues) {
  return issues.map((issue) => {
    const where = issue.line ? t("rules.at", {line: issue.line, column: issue.column ?? 1}) : null;
    const label = fieldLabel(issue.path);
    return el(
      "li",
      {"data-line": issue.line ?? ""},
      where ? el("span", {class: "where"}, where, ": ") : null,
      label ? el("strong", {}, label) : null,
      label ? ": " : null,
      issueText(issue),
    );
  });
}

// A chosen file's name beside the page's own "choose a file" button.
const fileInput = document.getElementById("file");
fileInput?.addEventListener("change", () => {
  const name = document.getElementById("file-name");
  if (name) name.textContent = fileInput.files[0]?.name ?? "";
});

// The language links keep the page's fragment (a table's link holds its seat there).
for (const link of document.querySelectorAll(".lang-link")) {
  link.addEventListener("click", () => {
    link.href = `?lang=${link.dataset.lang}${location.hash}`;
  });
}

/** The page of a link that opens nothing (a secret cut short or mistyped, a table closed and
 * pruned, one held by another server, one damaged): what happened, in the page's language, and
 * where to go from here, laid out as the other pages are. `code` is the server's refusal
 * (`bad_token`, `no_table`, `elsewhere`, `damaged`; anything else: a table closed while open);
 * `said` is the server's own words (a node, kept as it is, or a text). `replay: false` on the
 * replay page, where a record's file is opened just below. */
export function deadEnd(code, said, {replay = true} = {}) {
  const known = ["bad_token", "no_table", "elsewhere", "damaged"].includes(code) ? code : "gone";
  const why = known === "gone" ? null : el("p", {class: "dead-why"}, t(`dead.${known}.why`));
  const words = said instanceof Node ? said : el("p", {class: "status alert"}, said);
  return el("section", {id: "dead", class: "panel dead-end", "data-code": known, "aria-labelledby": "dead-title"},
    el("h1", {id: "dead-title"}, t(`dead.${known}.title`)),
    words,
    why,
    el("h2", {}, t("dead.heading")),
    el("div", {class: "buttons dead-steps"},
      el("a", {class: "button primary", href: "/play"}, t("dead.new")),
      el("a", {class: "button", href: "/rules"}, t("dead.rules")),
      replay ? el("a", {class: "button", href: "/replay"}, t("dead.replay")) : null));
}
