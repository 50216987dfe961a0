// The hint of a table: GET /api/tables/{table}/hint with the seat's token; the advice and its
// reason, in words, under the hand. Given at a practice table (one person and bots), or once
// every person at the table agreed: until then, at a table of several people, an "Allow hints"
// toggle (aria-pressed) sends this seat's agreement ({type: "hints", agree}) through the
// table's socket (table.js), and a line says how many players agreed.
import {api, fill, lang} from "./common.js";

const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.hash.slice(1)).get("t");
// The table's id from the address (an address no browser could decode names no table: "").
const tableId = (() => {
  try {
    return decodeURIComponent(location.pathname.split("/").pop());
  } catch {
    return "";
  }
})();
let words = null; // the words of the block (nothing is shown before they are in)
let last = null; // the last state the table received (followed again once the words are in)
let hinted = null; // the decision the hint shown is about (see decisionOf)

// Which decision is due in a state: a hint is about that one alone, and goes once it is made
// (a card played, the deal over, a new deal with its hand of ten).
function decisionOf(state) {
  if (!state) return null;
  return JSON.stringify([state.deal, state.games, state.partidas, state.phase, state.to_play,
    state.hand?.length, state.trick?.length]);
}

async function ask() {
  const asked = decisionOf(last);
  const {status, body} = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {query: {token, lang}});
  if (decisionOf(last) !== asked) { // the game went on meanwhile: the answer is about nothing now
    $("hint-text").textContent = "";
    return;
  }
  hinted = asked;
  $("hint-text").textContent = status === 200 ? body.why : body.message ?? String(status);
  // Its words in view (beside the button they may still end a little under the fold of a
  // laptop's screen): the page moves by that little, the score stays in view.
  $("hint-text").scrollIntoView({block: "nearest"});
  // The card advised is marked in the hand (until the hand is drawn again).
  for (const old of document.querySelectorAll("#hand .hinted")) old.classList.remove("hinted");
  if (status === 200 && body.decision === "card") {
    document.querySelector(`#hand .card-button[data-card="${CSS.escape(String(body.choice))}"]`)?.classList.add("hinted");
  }
}

function say(key, params = {}) {
  const text = words?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

// The agreement block follows each state the table receives.
function follow(state) {
  last = state;
  if (hinted !== null && decisionOf(state) !== hinted) {
    hinted = null;
    $("hint-text").textContent = ""; // its decision was made: the advice no longer holds
  }
  const hints = state?.hints;
  const button = $("hint");
  const allow = $("hint-allow");
  if (!words || !hints || !button || !allow || state.seat === null || state.seat === undefined) return;
  // No hint once the match is over, nor ever at a tournament's table.
  $("hint-box").hidden = Boolean(state.over || state.tournament);
  if (state.over || state.tournament) return;
  button.hidden = !hints.allowed;
  const practice = hints.practice;
  const mine = hints.agreed.includes(state.seat);
  allow.hidden = practice;
  allow.setAttribute("aria-pressed", mine ? "true" : "false");
  $("hint-agreed").hidden = practice;
  $("hint-agreed").textContent = practice ? "" :
    say("hint.agreed", {agreed: hints.agreed.length, players: hints.players});
  if (!hints.allowed) $("hint-text").textContent = "";
}

async function start() {
  const button = $("hint");
  const allow = $("hint-allow");
  if (!button || !token) return;
  window.addEventListener("sueca:state", (event) => follow(event.detail));
  // A state that came in before this script ran (a slow phone loads it late): followed too.
  last ??= window.suecaState ?? null;
  const {status, body} = await api("/api/analysis/words", {query: {lang}});
  words = status === 200 ? body : {};
  button.textContent = say("hint.button");
  if (allow) {
    allow.textContent = say("hint.allow");
    allow.addEventListener("click", () => {
      const agree = allow.getAttribute("aria-pressed") !== "true";
      window.dispatchEvent(new CustomEvent("sueca:send", {detail: {type: "hints", agree}}));
    });
  }
  if (last) follow(last);
  button.addEventListener("click", async () => {
    fill($("hint-text"), words?.["hint.wait"] ?? "…");
    await ask();
  });
}

start();
