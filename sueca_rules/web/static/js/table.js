// A table: the waiting room, the game and the end of the match. The server owns the match:
// this page shows the state it sends for our seat and sends what we want to do.
import {qrSvg} from "./qr.js";
import {ask, cap, cardBack, cardFace, cardName, cardText, copy, deadEnd, el, fill, lang, letters, loopbackNote, shareUrl, t, toast, variantName} from "./common.js";
import {remember} from "./mytables.js";
import {sound, soundToggle} from "./sound.js";

// The table's id from the address (an address no browser could decode names no table: "").
const tableId = (() => {
  try {
    return decodeURIComponent(location.pathname.split("/").pop());
  } catch {
    return "";
  }
})();
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const watch = new URLSearchParams(location.hash.slice(1)).get("w"); // a watch link: no hand
const $ = (id) => document.getElementById(id);

let state = null;
let socket = null;
let retry = 0;
let stopped = false;
let typed = "";
const log = []; // [number, text], newest first
let logCount = 0;
const touch = matchMedia("(pointer: coarse)").matches;
const still = matchMedia("(prefers-reduced-motion: reduce)");

// --- the connection ----------------------------------------------------------------------

// This page load's own id: the server tells a seat's new holder that another window held it,
// but not this page coming back to its seat after its phone slept.
const pageId = Math.random().toString(36).slice(2, 12);
let heard = 0; // when the server last said anything (a state, an error, a pong)
let pinged = 0; // when we last asked it whether the connection still carries messages
let retryTimer = 0;
const PONG_WITHIN = 5000; // ms: a socket that answers nothing in this long is dead
const QUIET = 20000; // ms of silence after which a visible page asks

function connect() {
  clearTimeout(retryTimer);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
    (token || !watch ? `?token=${encodeURIComponent(token)}` : `?watch=${encodeURIComponent(watch)}`) +
    `&lang=${lang}&page=${pageId}`;
  const ws = new WebSocket(url);
  socket = ws;
  pinged = 0;
  // Each listener acts for the page's current socket only: an old one given up for dead (a
  // phone that slept) may still close, or say something, long after.
  ws.addEventListener("open", () => {
    if (socket !== ws) return;
    retry = 0;
    heard = Date.now();
    $("status").textContent = "";
    $("status").classList.remove("alert");
    flush(ws);
  });
  ws.addEventListener("message", (event) => {
    if (socket !== ws) return;
    heard = Date.now();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "state") {
      const previous = state;
      state = message;
      if (token && state.seat !== null) remember(state, token);
      noteEvents(message.events ?? [], previous);
      render();
      sounds(message.events ?? [], previous);
      window.suecaState = state; // for hint.js loaded after this state (a slow phone)
      window.dispatchEvent(new CustomEvent("sueca:state", {detail: state})); // for hint.js
    } else if (message.type === "notice") {
      toast(message.message, 8000);
    } else if (message.type === "error") {
      if (["no_table", "bad_token", "elsewhere", "damaged"].includes(message.code)) {
        stop(message.message, message.code);
      } else toast(message.message);
    }
  });
  ws.addEventListener("close", (event) => {
    if (stopped || socket !== ws) return;
    if (event.code === 4404 || event.code === 4403) {
      const gone = event.reason ? t("table.gone", {reason: event.reason}) : t("error.no_table");
      stop(gone, event.reason ? "gone" : event.code === 4403 ? "bad_token" : "no_table");
      return;
    }
    if (event.code === 4000) {
      replaced();
      return;
    }
    // A message over the server's limit (a page changed by hand, a program): the server
    // closed the socket without reading it (1009), in no language of ours; said here.
    if (event.code === 1009) toast(t("table.closed_large"), 8000);
    away();
  });
}

// The connection is gone: said in the page's words, and tried again (at once when the
// network comes back: see "online").
function away() {
  socket = null;
  clearTimeout(retryTimer);
  $("status").textContent = t(navigator.onLine === false ? "table.offline" : "table.reconnecting");
  $("status").classList.add("alert");
  if (navigator.onLine === false) return;
  retry = Math.min(retry + 1, 6);
  retryTimer = setTimeout(connect, 250 * 2 ** retry);
}

// A socket that may be dead without knowing it (a phone that slept, a café's Wi-Fi that went
// and came back): given up, and the table joined again, when it answers no ping.
function check() {
  if (stopped || !socket || socket.readyState !== WebSocket.OPEN) return;
  const now = Date.now();
  if (pinged && pinged >= heard) {
    if (now - pinged < PONG_WITHIN) return;
    const dead = socket;
    away();
    dead.close();
    return;
  }
  if (now - heard < QUIET && !check.now) return;
  check.now = false;
  pinged = now;
  socket.send(JSON.stringify({type: "ping"}));
}
setInterval(check, 1000);
function checkNow() {
  check.now = true;
  check();
}
window.addEventListener("offline", () => {
  if (stopped || !socket) return;
  const gone = socket;
  away(); // said at once; joined again when the network is back
  gone.close();
});
window.addEventListener("online", () => {
  if (stopped) return;
  if (!socket) {
    retry = 0;
    $("status").textContent = t("table.reconnecting");
    connect();
  } else checkNow();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") checkNow();
});

// Another window or phone opened this seat (a friend with the host's link): said, with a way
// to take the seat back here (the other one is then told).
function replaced() {
  stop(t("table.replaced"));
  const back = el("button", {type: "button", class: "primary", id: "take-back", onclick: () => {
    back.remove();
    stopped = false;
    retry = 0;
    $("status").textContent = t("table.reconnecting");
    connect();
  }}, t("table.take_back"));
  $("status").append(el("div", {class: "buttons"}, back));
}

// The end of this page's connection for good. `code` (the server's refusal: a link that opens
// nothing) puts the page of a dead link in the game's place: what happened and where to go now.
function stop(message, code = null) {
  stopped = true;
  $("status").textContent = message;
  $("status").classList.add("alert");
  $("game").hidden = true;
  $("waiting").hidden = true;
  $("skip-hand").hidden = true;
  if (code === null || $("dead")) return;
  $("main").prepend(deadEnd(code, $("status"))); // the line said above goes into its panel
  document.title = `${$("dead-title").textContent} · Sueca`;
}

// A page the browser keeps in its memory when left (for the Back button) closes its connection
// itself, and connects again at once when brought back (the table's state comes with it): the
// browser's own closing of it came only when the page was back, and a button pressed before a
// later try had connected again did nothing ("Play again" after a look at the replay).
window.addEventListener("pagehide", (event) => {
  if (!event.persisted || !socket) return;
  const closing = socket;
  socket = null; // its "close" is not a connection lost
  closing.close();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted && !stopped && !socket) {
    retry = 0;
    connect();
  }
});

// What was pressed while the connection was being made again (a page brought back by Back, a
// try after a drop) goes once it is up, if that is within a few seconds: the server checks it
// against the table as it is then. Pressed while there is no connection at all (no network),
// or kept longer than that, it is not sent, and said so: the card stays in the hand.
let outbox = [];
const OUTBOX_MS = 5000;
function flush(ws) {
  const now = Date.now();
  const fresh = outbox.filter((kept) => now - kept.at <= OUTBOX_MS);
  if (fresh.length < outbox.length) toast(t("table.not_sent"), 5000);
  outbox = [];
  for (const kept of fresh) ws.send(JSON.stringify(kept.message));
  if (fresh.length) checkNow();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    checkNow(); // an answer is due: a socket that gives none is dead, and the card not lost
  } else if (socket && socket.readyState === WebSocket.CONNECTING && !stopped) {
    outbox = [...outbox, {message, at: Date.now()}].slice(-4);
  } else toast(t("table.not_sent"), 5000);
}
// hint.js asks the table to send its agreement to hints ({type: "hints", agree}).
window.addEventListener("sueca:send", (event) => {
  if (event.detail?.type === "hints") send(event.detail);
});

// --- who is who --------------------------------------------------------------------------

// The server says where each seat sits as seen from ours (its role) and its name.
const PLACE_OF = {you: "bottom", left: "left", partner: "top", right: "right"};
const place = (seat) => PLACE_OF[state.seats[seat].role];
const who = (seat) => state.seats[seat].name;
// The seat as the phrase chooses its words by ("you", "partner", "left", "right"; a watcher's
// seats go by their numbers).
const role = (seat) => (state.seat === null ? "seat" : state.seats[seat].role);
// Teams are the server's (Rules.team_of): the page never works them out itself.
const ours = (team) => team === state.team;
// A watcher (a watch link: no seat, no hand) sees the teams by their seats, the first team's
// on the left of the score.
const watching = () => state.seat === null;
const first = () => (watching() ? 0 : state.team);
const teamSeats = (team) => state.seats.filter((s) => s.team === team).map((s) => s.seat);
const teamName = (team) => {
  const [a, b] = teamSeats(team);
  return t("table.team_seats", {a, b});
};
// (Short on the score: "Seats 0 & 2".)
const sideName = (team) => {
  if (!watching()) return t(ours(team) ? "table.us" : "table.them");
  const [a, b] = teamSeats(team);
  return t("table.seats_short", {a, b});
};
const games = (n) => t("unit.games", {n});
const rivals = () => state.seats.filter((s) => s.team !== state.team).map((s) => s.seat);

function seatLabel(seat) {
  const info = state.seats[seat];
  const kind = info.kind === "bot" ? t("table.bot", {level: info.level}) : t("table.human");
  let status = "";
  if (info.kind === "human" && !info.you) {
    if (info.bot_plays) status = t("table.stand_in");
    else if (!info.connected) status = t("table.away");
  }
  return {kind, status};
}

// --- what happened -----------------------------------------------------------------------

function eventText(event) {
  switch (event.type) {
    case "deal_started":
      return t("ev.deal_started", {deal: event.deal, who: who(event.dealer), card: cardName(event.trump_card)});
    case "trump_chosen":
      return t("ev.trump_chosen", {who: who(event.dealer), side: t(`choice.${event.side}`)});
    case "redeal_asked":
      return t("ev.redeal", {who: who(event.seat)});
    case "count_started":
      return t("ev.count", {deal: event.deal});
    case "trick_won":
      return t("ev.trick_won", {who: who(event.winner), points: event.points});
    case "claim_made":
      if (event.valid) {
        return t("ev.claim_valid", {who: who(event.by), culprit: who(event.revoke.seat), card: cardName(event.revoke.card)});
      }
      return t(event.ignored ? "ev.claim_ignored" : "ev.claim_false", {who: who(event.by)});
    case "deal_scored": {
      if (event.result === "tie") {
        // No points scored, but false-claim games (after_false_claim: play_on) may have.
        const [us, them] = first() === 0 ? event.games : [event.games[1], event.games[0]];
        if (us + them === 0) return t("ev.deal_tie", {deal: event.deal});
        if (watching()) {
          return t("ev.deal_tie_games_seats", {deal: event.deal, a: teamName(0), b: teamName(1), us: games(us), them: games(them)});
        }
        return t("ev.deal_tie_games", {deal: event.deal, us: games(us), them: games(them)});
      }
      if (event.result === "redeal") return t("ev.deal_redeal", {deal: event.deal, next: event.deal + 1});
      let won = games(event.games[event.team]);
      if (event.bandeira) won += ` (${t("ev.bandeira")})`;
      const points = event.points.join("-");
      if (watching()) return t("ev.deal_team", {deal: event.deal, points, games: won, team: teamName(event.team)});
      const key = ours(event.team) ? "ev.deal_us" : "ev.deal_them";
      return t(key, {deal: event.deal, points, games: won});
    }
    case "partida_won":
      if (watching()) return t("ev.partida_team", {partida: event.partida + 1, team: teamName(event.team)});
      return t(ours(event.team) ? "ev.partida_us" : "ev.partida_them", {partida: event.partida + 1});
    case "match_won":
      return wonText(event.team);
    default:
      return null;
  }
}

function wonText(team) {
  if (watching()) return t("table.team_won", {team: teamName(team)});
  return t(ours(team) ? "table.we_won" : "table.they_won");
}

let dealClaims = []; // the claims of the deal on the table, for its summary

function noteEvents(events, previous) {
  if (previous && previous.version >= state.version) return;
  if (!previous && !log.length) {
    // A page (re)opened on a match under way: what happened so far, deal by deal, from the
    // score pad (the events of the last change follow).
    const now = new Set(events.filter((e) => e.type === "deal_scored").map((e) => e.deal));
    for (const deal of state.history ?? []) {
      if (now.has(deal.deal)) continue;
      const text = eventText({type: "deal_scored", ...deal});
      if (text) log.unshift([++logCount, cap(text)]);
    }
  }
  // A match just begun (or a page opened in the middle of a deal) has had no "deal started"
  // event for the deal on the table: its line is told from the state.
  const begun = !previous || previous.phase === "waiting" || (previous.over && !state.over);
  if (begun && !state.over && state.trump_card && !events.some((e) => e.type === "deal_started")) {
    const text = eventText({type: "deal_started", deal: state.deal, dealer: state.dealer, trump_card: state.trump_card});
    if (text) log.unshift([++logCount, cap(text)]);
  }
  for (const event of events) {
    if (event.type === "deal_started") dealClaims = [];
    if (event.type === "claim_made") dealClaims.push(event);
    if (event.type === "deal_scored" && previous && !watching()) showSummary(event);
    const text = eventText(event);
    if (text) log.unshift([++logCount, cap(text)]);
  }
  log.length = Math.min(log.length, 40);
  say(events, previous);
}

// What a screen reader is told as the table moves on (#said, a polite live region): each card
// the others play, and what the log notes but the prompt and the felt's note do not say (the
// trump chosen, a new deal asked for, a claim and what it was, a deal scored). A trick taken is
// the felt's note's; the end of the match, its dialog's.
const SAID = new Set(["deal_started", "trump_chosen", "redeal_asked", "claim_made", "deal_scored", "partida_won"]);

function say(events, previous) {
  if (!previous) return; // a page (re)opened: the page itself is there to be read
  const lines = [];
  for (const event of events) {
    if (event.type === "card_played") {
      if (event.seat !== state.seat) lines.push(t("table.played", {who: who(event.seat), role: role(event.seat), card: cardName(event.card)}));
    } else if (SAID.has(event.type)) {
      const text = eventText(event);
      if (text) lines.push(text);
    }
  }
  if (lines.length) $("said").textContent = lines.map(cap).join(" ");
}

// Sounds (when turned on): a card played, a trick gathered (as the felt gathers it), our turn.
const ourTurn = (s) => s.seat !== null && s.to_play === s.seat && !s.over && s.phase !== "waiting";

function sounds(events, previous) {
  if (!previous || previous.version >= state.version) return;
  if (events.some((e) => e.type === "card_played")) sound.card();
  if (events.some((e) => e.type === "trick_won")) setTimeout(sound.trick, 900);
  if (ourTurn(state) && !ourTurn(previous)) sound.turn();
}

// --- drawing -----------------------------------------------------------------------------

function render() {
  // A tournament's table says which it is (the tournament, its round and table number), in the
  // waiting room, over the score pad and in the page's title.
  const place = state.tournament_place ? t("table.tournament_place", state.tournament_place) : "";
  for (const line of document.querySelectorAll("[data-place]")) {
    line.textContent = place;
    line.hidden = !place;
  }
  document.title = `${place || variantName(state.variant.id, state.variant.name)} · Sueca`;
  document.body.dataset.version = state.version; // for tests: the state shown
  const waiting = state.phase === "waiting";
  const before = document.activeElement;
  $("waiting").hidden = !waiting;
  $("game").hidden = waiting;
  $("skip-hand").hidden = waiting || watching();
  if (waiting) renderWaiting();
  else renderGame();
  // The keyboard's focus is never left on nothing: a button this state took away or hid (the
  // end of the match once a new one is dealt, "Start" once the match began) hands it to the
  // decision due, else the cards. (A hidden element keeps the focus until the page is next
  // drawn: both are asked.)
  const now = document.activeElement;
  if (before && before !== document.body && (now === before || now === document.body || !now) && gone(before)) {
    focusNext();
  } else if (now === $("hand") && $("summary").hidden && !$("hand").querySelector(".card-button:not([disabled])")) {
    // The keyboard waits in the hand while no card may be played; a decision of ours that is
    // not a card (the count after the last card, a claim, a new deal) takes it on to its
    // suggested button, as a card due takes it to the cards. (A deal's summary on show keeps
    // it: its Continue hands it on.)
    $("actions").querySelector("button.primary")?.focus();
  }
}

/** Whether `node` is no longer there to hold the focus: removed, or hidden. */
const gone = (node) => !node.isConnected || !node.getClientRects().length;

function renderWaiting() {
  const list = $("waiting-seats");
  fill(list);
  const invites = new Map((state.invites ?? []).map((i) => [i.seat, i]));
  for (const info of state.seats) {
    const {kind} = seatLabel(info.seat);
    const joined = info.kind === "bot" || info.joined;
    const item = el("li", {class: joined ? "joined" : "missing"},
      el("strong", {}, `${t("common.seat", {seat: info.seat})} · ${who(info.seat)}`), ` — ${info.player ?? kind}`,
      info.kind === "human" ? ` — ${t(joined ? "table.joined" : "table.not_joined")}` : "",
      // Came and went (a phone that slept, a host who closed the page): said, not "joined".
      info.kind === "human" && joined && !info.connected && !info.you ? ` — ${t("table.away")}` : "");
    const invite = invites.get(info.seat);
    if (invite && !invite.joined) {
      const url = shareUrl(`/table/${tableId}#t=${invite.token}`);
      item.append(el("span", {class: "link-row"},
        el("input", {class: "link", readonly: true, value: url, "aria-label": t("table.invite", {seat: info.seat})}),
        el("button", {type: "button", class: "small", onclick: () => copy(url)}, t("common.copy")),
        qrSvg(url, t("common.qr", {seat: info.seat}))));
    }
    list.append(item);
  }
  list.parentElement.querySelector(".loopback")?.remove(); // drawn again with each state
  const note = [...invites.values()].some((i) => !i.joined) ? loopbackNote() : null;
  if (note) list.after(note);
  $("start").hidden = !(state.host || state.may_start);
  // Only the host may start early (a tournament's table has none: its organiser does), or,
  // while the host's page is gone, anyone at the table.
  $("waiting-text").textContent = t(state.host ? "table.waiting_text"
    : state.may_start ? "table.waiting_host_gone" : "table.waiting_guest");
  const box = $("watch-link");
  fill(box);
  if (state.watch) {
    const url = shareUrl(`/table/${tableId}#w=${state.watch}`);
    box.append(el("p", {}, t("table.watch_text")), el("span", {class: "link-row"},
      el("input", {class: "link", readonly: true, value: url, "aria-label": t("table.watch_link")}),
      el("button", {type: "button", class: "small", onclick: () => copy(url)}, t("common.copy")),
      qrSvg(url, t("table.watch_link"))));
  }
  box.hidden = !state.watch;
}

const turnedInHand = () => state.trump_card && state.trump_card_in_hand;

function renderSeats() {
  for (const info of state.seats) {
    const box = $(`seat-${place(info.seat)}`);
    const {kind, status} = seatLabel(info.seat);
    const count = state.hand_sizes?.[info.seat] ?? 0;
    const dealer = state.dealer === info.seat;
    const backs = el("div", {class: "backs", "aria-hidden": "true"});
    if (info.seat !== state.seat) for (let i = 0; i < count; i++) backs.append(cardBack({class: "mini-back"}));
    // The dealer's turned card, still in their hand, is shown beside their cards.
    const turned = dealer && info.seat !== state.seat && turnedInHand()
      ? el("div", {class: "turned-card"}, cardFace(state.trump_card, {class: "tiny"}), el("small", {}, t("table.trump")))
      : null;
    fill(box,
      el("div", {class: "who"},
        el("strong", {}, cap(who(info.seat))),
        dealer ? el("span", {class: "dealer", title: t("table.dealer")}, t("table.dealer")) : null),
      // A watcher's seats are named by their numbers already: the number is not said twice.
      // "Lugar 3" and "bot 1" each whole: a narrow side box breaks the line at the "·" (at
      // 360 px it left the level alone on a line); a player's name may break anywhere.
      el("small", {class: "kind"}, ...(watching() ? [] : [
        el("span", {class: "nowrap"}, t("common.seat", {seat: info.seat})), " · "]),
        info.player ?? el("span", {class: "nowrap"}, kind)),
      status ? el("div", {class: "away"}, status) : null,
      el("div", {class: "held"}, backs, turned),
    );
    box.classList.toggle("to-play", state.to_play === info.seat && !state.over);
    box.setAttribute("aria-current", state.to_play === info.seat ? "true" : "false");
  }
}

let drawnTrick = ""; // the cards on the felt last drawn, to animate only the new ones
let gatherTimer = 0;

function renderTrick() {
  const box = $("trick");
  let cards = state.trick;
  let seats = state.trick_seats ?? [];
  let winning = state.trick_winning;
  let done = false;
  if (!cards.length && state.last_trick && state.phase !== "trump" && state.phase !== "redeal" &&
      state.cards_played > 0) {
    cards = state.last_trick.cards; // the trick just won stays on the felt until the next lead
    seats = state.last_trick.seats;
    winning = state.last_trick.winner;
    done = true;
  }
  const key = `${state.deal}:${cards.join(",")}:${done}`;
  if (key !== drawnTrick) {
    const before = new Set(drawnTrick.split(":")[1]?.split(",") ?? []);
    drawnTrick = key;
    clearTimeout(gatherTimer);
    fill(box, cards.map((card, i) => {
      const at = place(seats[i]);
      const fresh = !before.has(card) && !still.matches;
      const face = cardFace(card, {class: `played at-${at}${done ? " done" : ""}${fresh ? ` enter from-${at}` : ""}${seats[i] === winning ? " winning" : ""}`});
      // A screen reader hears whose card it is, as the eye sees it from where it lies.
      face.setAttribute("aria-label", `${cap(who(seats[i]))}: ${cardName(card)}`);
      return face;
    }));
    if (done && !still.matches) {
      // Shown a moment, then gathered to the winner's side.
      const to = place(state.last_trick.winner);
      gatherTimer = setTimeout(() => box.querySelectorAll(".played").forEach((c) => c.classList.add("gather", `to-${to}`)), 900);
    }
  }
  const note = $("trick-note");
  if (done) note.textContent = cap(t("table.trick_to", {who: who(state.last_trick.winner), role: role(state.last_trick.winner), points: state.last_trick.points}));
  else if (cards.length && winning !== null && winning !== undefined) note.textContent = cap(t("table.winning", {who: who(winning), role: role(winning)}));
  else note.textContent = "";
  const trump = $("trump");
  fill(trump);
  if (state.trump_card) {
    trump.append(el("span", {class: "label"}, t("table.trump")), cardFace(state.trump_card, {class: "small"}));
    if (state.trump_card_in_hand) trump.append(el("small", {}, t("table.trump_in_hand")));
  }
}

/** The prompt and the buttons of the decision due now, by phase. */
function renderActions() {
  if (watching()) {
    // What the table waits for: the dealer choosing the trump, someone asking for a new deal,
    // else a card ("Joga o lugar 2" while the dealer chose the trump misled).
    const due = state.to_play !== null && state.to_play !== undefined;
    $("prompt").textContent = cap(state.over ? t("table.over")
      : state.phase === "trump" && due ? t("table.trump_wait", {who: who(state.to_play), role: "seat"})
      : state.phase === "redeal" ? t("table.redeal_keep")
      : due ? t("table.turn_of", {who: who(state.to_play)}) : "");
    $("prompt").classList.remove("mine");
    drawActions([]);
    return;
  }
  const mine = state.to_play === state.seat;
  const buttons = []; // what each button says and sends: drawn by `drawActions`
  const button = (label, message, primary = false, confirmText = null) => ({label: cap(label), message, primary, confirmText});
  let prompt = "";
  switch (state.phase) {
    case "trump":
      prompt = mine ? t("table.trump_choose") : t("table.trump_wait", {who: who(state.to_play), role: role(state.to_play)});
      if (mine) buttons.push(button(t("choice.top"), {type: "trump", side: "top"}), button(t("choice.bottom"), {type: "trump", side: "bottom"}, true));
      break;
    case "redeal":
      // Only a hand that may ask is asked; the table keeps any other hand at once.
      if (mine && state.may_redeal) {
        prompt = t("table.redeal_may", {points: state.hand_points});
        buttons.push(button(t("choice.redeal"), {type: "redeal"}), button(t("choice.keep"), {type: "keep"}, true));
      } else {
        prompt = t("table.redeal_keep");
      }
      break;
    case "count":
      prompt = state.count_agreed.includes(state.seat) ? t("table.count_done") : t("table.count");
      if (!state.count_agreed.includes(state.seat)) buttons.push(button(t("table.count_ok"), {type: "count"}, true));
      break;
    case "play":
      prompt = mine ? t(touch ? "table.your_turn_touch" : "table.your_turn") : t("table.turn_of", {who: who(state.to_play)});
      break;
    default:
      prompt = state.over ? t("table.over") : "";
  }
  if (state.can_claim) {
    // The confirmation names what a false claim costs under these rules.
    const cost = t("table.claim_confirm", {n: state.false_claim_games ?? 0});
    if (state.accuse === "player") {
      for (const rival of rivals()) {
        buttons.push(button(t("table.accuse", {who: who(rival)}), {type: "claim", against: rival}, false, cost));
      }
    } else {
      buttons.push(button(t("table.claim"), {type: "claim"}, false, cost));
    }
  }
  $("prompt").textContent = cap(prompt);
  $("prompt").classList.toggle("mine", mine || (state.phase === "count" && !state.count_agreed.includes(state.seat)));
  drawActions(buttons);
}

/** The decision's buttons in #actions, each kept (the same element) while what it says and
 * sends is the same: only a button whose meaning changed is drawn anew, one that went is
 * removed, and the others stay where they are. (Drawing them all again whenever one of them
 * changed took a button from under a click: agreeing to the count drew the claim buttons
 * again, a click on "Agree the count" could land on a button just removed.) */
function drawActions(specs) {
  const box = $("actions");
  const focused = box.contains(document.activeElement) ? document.activeElement : null;
  const keyOf = (spec) => JSON.stringify([spec.label, spec.message, spec.primary]);
  const wanted = new Set(specs.map(keyOf));
  for (const old of [...box.children]) {
    if (!wanted.has(old.dataset.key)) old.remove();
  }
  const kept = new Map([...box.children].map((b) => [b.dataset.key, b]));
  let at = box.firstElementChild;
  const drawn = specs.map((spec) => {
    const key = keyOf(spec);
    let node = kept.get(key);
    if (!node) {
      node = el("button", {
        type: "button", class: spec.primary ? "primary" : false, "data-action": spec.message.type,
        onclick: async () => {
          const {message, confirmText, label} = node.sueca; // as the last state drew it
          if (!confirmText || await ask(confirmText, label, t("common.cancel"), true)) send(message);
        },
      }, spec.label);
      node.dataset.key = key;
    }
    node.sueca = spec;
    if (node === at) at = at.nextElementSibling;
    else box.insertBefore(node, at); // a new button, or one whose place changed
    return node;
  });
  if (focused && !focused.isConnected) {
    // A decision taken with the keyboard (the trump, keeping the hand) leaves it on the next
    // decision's buttons, else with the cards.
    if (drawn.length) (drawn.find((b) => b.classList.contains("primary")) ?? drawn[0]).focus();
    else focusHand();
  }
}

let handDeal = null; // the deal whose hand was drawn dealt

// The hand is one stop of the Tab key: it lands on the first (leftmost) card we may play, or the
// card the arrows last went to; the arrows (and Home, End) move between the cards we may play.
// A card played with the keyboard leaves the focus in the hand (on the hand itself while no card
// may be played), so that it comes to our first card again when our turn does.
let rover = null; // the card the arrows went to last
const handHasFocus = () => {
  const hand = $("hand");
  return hand.contains(document.activeElement);
};

/** The card of the hand the Tab key lands on (tabindex 0; the others -1): the one the arrows
 * went to, while we may still play it, else the first we may play. */
function rove(cards) {
  // (Under rules where a renúncia is possible every card may be played: Tab lands on the first
  // that follows suit, not on a renúncia that Enter would ask about.)
  const current = cards.find((b) => b.dataset.card === rover) ?? cards.find((b) => b.classList.contains("legal")) ?? cards[0] ?? null;
  for (const b of cards) b.tabIndex = b === current ? 0 : -1;
  return current;
}

/** The keyboard's focus back to the hand: on the card Tab lands on, or the hand itself while
 * none may be played. */
function focusHand(scroll = false) {
  const hand = $("hand");
  const card = hand.querySelector('.card-button[tabindex="0"]:not([disabled])');
  (card ?? hand).focus({preventScroll: !scroll});
}

/** The keyboard's focus to what is due next: the decision's suggested button, else the cards. */
function focusNext() {
  const button = $("actions").querySelector("button.primary");
  if (button) button.focus();
  else focusHand();
}

// The link Tab comes to first at a table: the cards, without the eight stops of the header.
$("skip-hand").addEventListener("click", (event) => {
  event.preventDefault();
  focusHand(true);
});

$("hand").addEventListener("keydown", (event) => {
  const steps = {ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity};
  if (!(event.key in steps) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const cards = [...$("hand").querySelectorAll(".card-button:not([disabled])")];
  if (!cards.length) return;
  event.preventDefault(); // not a scroll of the page
  const at = cards.indexOf(document.activeElement);
  const step = steps[event.key];
  let next;
  if (step === -Infinity) next = 0;
  else if (step === Infinity) next = cards.length - 1;
  else if (at < 0) next = step > 0 ? 0 : cards.length - 1;
  else next = (at + step + cards.length) % cards.length; // round from the last to the first
  rover = cards[next].dataset.card;
  rove(cards).focus();
});

function renderHand() {
  const hand = $("hand");
  const myTurn = state.to_play === state.seat && state.phase === "play";
  const turned = state.dealer === state.seat && turnedInHand() ? state.trump_card : null;
  const focused = document.activeElement?.dataset?.card;
  const hadFocus = handHasFocus();
  hand.replaceChildren();
  hand.style.setProperty("--n", String(Math.max(state.hand.length, 1)));
  // A new deal's cards come in one by one (not under reduced motion).
  const dealt = state.deal !== handDeal && state.hand.length >= 10 && !still.matches;
  if (state.hand.length >= 10) handDeal = state.deal;
  let index = 0;
  for (const card of state.hand) {
    const legal = state.legal.includes(card);
    const playable = myTurn && state.playable.includes(card);
    const named = card === turned ? `${t("table.trump")}: ${cardName(card)}` : cardName(card);
    const label = playable && !legal ? `${named} (${t("table.renuncia_mark")})` : named;
    const button = el("button", {
      type: "button",
      class: `card-button${legal ? " legal" : ""}${playable && !legal ? " renuncia" : ""}${card === turned ? " turned" : ""}`,
      disabled: !playable,
      "data-card": card,
      "aria-label": label,
      onclick: () => play(card),
    }, cardFace(card, {}, {spoken: false}), card === turned ? el("span", {class: "turned-mark", "aria-hidden": "true"}, t("table.trump")) : null);
    if (dealt) {
      button.classList.add("dealt");
      button.style.animationDelay = `${index * 30}ms`;
    }
    index += 1;
    hand.append(button);
  }
  if (focused && hand.querySelector(`[data-card="${focused}"]:not([disabled])`)) rover = focused;
  rove([...hand.querySelectorAll(".card-button:not([disabled])")]);
  // The focus stays in the hand (on the hand itself while no card may be played).
  if (hadFocus) focusHand();
  // The gold outline of a card that does not follow suit, said in words.
  $("renuncia-note").hidden = !hand.querySelector(".renuncia");
}

function renderScoreBar() {
  const us = first();
  const them = 1 - us;
  const points = state.points ?? [0, 0];
  const side = (team, name, cls) => el("div", {class: `sb-team ${cls}`},
    el("span", {class: "sb-name"}, name),
    el("span", {class: "sb-games"}, el("b", {}, state.games[team]), " ", t("score.games", {n: state.games[team]})),
    el("span", {class: "sb-sub"},
      `${t("score.partidas", {n: state.partidas[team]})} · ${t("score.points", {n: points[team]})}`));
  fill($("scorebar"),
    side(us, sideName(us), "us"),
    el("div", {class: "sb-mid"}, t("table.deal", {deal: state.deal ?? 1})),
    side(them, sideName(them), "them"));
}

const pad = el("ol", {class: "pad", tabindex: "0", "aria-label": t("table.pad")});

function renderScore() {
  const us = first();
  const them = 1 - us;
  const row = (label, values) => el("tr", {}, el("th", {scope: "row"}, label), el("td", {}, values[us]), el("td", {}, values[them]));
  const table = el("table", {class: "score"},
    el("thead", {}, el("tr", {}, el("td", {}, ""), el("th", {scope: "col"}, sideName(us)), el("th", {scope: "col"}, sideName(them)))),
    el("tbody", {},
      row(t("table.games"), state.games),
      row(t("table.partidas"), state.partidas),
      row(t("table.points"), state.points ?? [0, 0]),
      row(t("table.tricks"), state.tricks_won ?? [0, 0])));
  // The same list from one state to the next: once long it scrolls, and keeps its place and
  // the keyboard's focus.
  fill(pad);
  for (const deal of state.history ?? []) {
    const text = deal.result === "tie" ? "60-60"
      : deal.result === "redeal" ? t("table.pad_redeal") // not played: no 0 – 0
      : `${deal.games[us]} – ${deal.games[them]}`;
    pad.append(el("li", {}, `${t("table.deal", {deal: deal.deal})} (${t("table.partida", {partida: deal.partida + 1})}): ${text}`));
  }
  // Nothing scored yet: no empty list for the keyboard to stop on, 0 px tall and unseen.
  pad.hidden = !pad.children.length;
  const score = $("score");
  if (pad.parentNode !== score) score.replaceChildren(pad);
  while (score.firstChild !== pad) score.firstChild.remove(); // all but the pad, which stays
  pad.before(...[
    el("p", {class: "where-now"}, `${t("table.deal", {deal: state.deal})} · ${t("table.partida", {partida: state.partida + 1})}`),
    table,
    el("p", {}, `${t("table.pending")}: ${state.pending_ties}`),
    state.penalties?.some((n) => n) ? el("p", {}, `${t("table.penalties")}: ${state.penalties[us]} – ${state.penalties[them]}`) : null,
    el("p", {class: "hint"}, t("table.target", {games: state.target_games, partidas: state.partidas_to_win})),
  ].filter(Boolean));
  const last = state.last_trick;
  fill($("last-trick"), last
    ? el("div", {}, el("div", {class: "mini"}, last.cards.map((c) => cardFace(c, {class: "small"}))),
      el("p", {}, cap(t("table.won_by", {who: who(last.winner), role: role(last.winner), points: last.points}))))
    : el("p", {}, "—"));
  fill($("log"), ...log.map(([n, line]) => el("li", {value: n}, line)));
}

// --- between deals -----------------------------------------------------------------------

let summaryTimer = 0;

function showSummary(event) {
  const us = state.team;
  const them = 1 - us;
  const lines = [];
  const deal = state.last_deal;
  if (event.result === "redeal") {
    lines.push(t("ev.deal_redeal", {deal: event.deal, next: event.deal + 1}));
  } else {
    lines.push(t("summary.points", {us: event.points[us], them: event.points[them]}));
    if (event.result === "tie") {
      lines.push(t("summary.tie"));
      lines.push(state.pending_ties > 0 ? t("summary.tie_pending", {n: state.pending_ties}) : t("summary.tie_nothing"));
    } else if (event.team !== null && event.team !== undefined) {
      lines.push(t(ours(event.team) ? "summary.won_us" : "summary.won_them", {games: games(event.games[event.team])}));
      if (event.bandeira) lines.push(t("summary.bandeira"));
      else if (deal?.capote) lines.push(t("summary.capote"));
    }
    for (const claim of dealClaims) {
      if (claim.valid) lines.push(t("ev.claim_valid", {who: who(claim.by), culprit: who(claim.revoke.seat), card: cardName(claim.revoke.card)}));
      else lines.push(t(claim.ignored ? "ev.claim_ignored" : "ev.claim_false", {who: who(claim.by)}));
    }
    if (event.games[0] && event.games[1]) {
      lines.push(t("ev.deal_tie_games", {deal: event.deal, us: games(event.games[us]), them: games(event.games[them])}));
    }
  }
  lines.push(t("summary.games_now", {us: state.games[us], them: state.games[them]}));
  $("summary-title").textContent = t("table.deal", {deal: event.deal});
  fill($("summary-body"), lines.map((line) => el("p", {}, cap(line))));
  if (!state.over) $("summary").hidden = false;
  clearTimeout(summaryTimer);
  summaryTimer = setTimeout(hideSummary, 6000);
}

function hideSummary() {
  clearTimeout(summaryTimer);
  const had = $("summary").contains(document.activeElement);
  $("summary").hidden = true;
  if (had) focusNext(); // "Continue" (or the summary's own time) hands the keyboard on
}

$("summary-close").addEventListener("click", hideSummary);

/** The last deal of a match, in the end-of-match dialog: its card points and, for a deal won
 * on points, who won it and how many games (a capote, a bandeira). */
function overDeal(last, us) {
  const lines = [t("table.final_deal", {deal: last.deal, us: last.points[us], them: last.points[1 - us]})];
  if (last.result === "won" && last.team !== null && !watching()) {
    lines.push(t(ours(last.team) ? "table.final_won_us" : "table.final_won_them", {games: games(last.games[last.team])}));
    if (last.bandeira) lines.push(t("summary.bandeira"));
    else if (last.capote) lines.push(t("summary.capote"));
  }
  return lines.join(" ");
}

function renderGame() {
  document.body.classList.toggle("watching", watching());
  $("watching").hidden = !watching();
  renderScoreBar();
  renderSeats();
  renderTrick();
  renderHand();
  renderActions();
  renderScore();
  // The summary makes way when a card of ours is due.
  if (state.to_play === state.seat && state.phase === "play" && state.trick.length) hideSummary();
  const over = $("over");
  const wasHidden = over.hidden;
  if (!state.over) overClosed = false; // a new match (someone's rematch): its end is shown
  over.hidden = !state.over || overClosed;
  $("over-open").hidden = !state.over || !overClosed; // the end, put aside, comes back
  if (state.over && !overClosed) {
    hideSummary();
    const us = first();
    $("over-title").textContent = cap(wonText(state.winner));
    const score = {us: state.partidas[us], them: state.partidas[1 - us], gus: state.games[us], gthem: state.games[1 - us]};
    $("over-score").textContent = watching()
      ? t("table.final_seats", {...score, a: teamName(us), b: teamName(1 - us)})
      : t("table.final", score);
    const last = state.last_deal;
    $("over-deal").textContent = last && last.result !== "redeal" ? overDeal(last, us) : "";
    // A claim that ended the last deal decided the match: say so, right or false, and what it
    // scored.
    const claim = last?.claim;
    $("over-claim").hidden = !claim;
    $("over-claim").textContent = !claim ? "" : cap(t(claim.valid ? "table.final_claim_right" : "table.final_claim_false", {
      role: role(claim.by),
      who: who(claim.by),
      culprit: claim.culprit === null ? "" : who(claim.culprit),
      culprit_role: claim.culprit === null ? "other" : role(claim.culprit),
      card: claim.card ? cardName(claim.card) : "",
      games: games(last.team === null ? 0 : last.games[last.team]),
      team: last.team === null ? "" : teamName(last.team), // a watcher's: who scored
    }));
    $("rematch").hidden = watching() || Boolean(state.tournament);
    // The record, and its replay, with our seat's token (a watcher's: the watch secret).
    const [key, secret] = watching() ? ["watch", watch] : ["token", token];
    const record = $("record");
    record.href = `/api/tables/${encodeURIComponent(tableId)}/record?${key}=${encodeURIComponent(secret)}&format=yaml`;
    record.setAttribute("download", `sueca-${tableId}.yaml`);
    $("replay").href = `/replay#table=${encodeURIComponent(tableId)}&${key[0]}=${encodeURIComponent(secret)}`;
    if (wasHidden) $($("rematch").hidden ? "replay" : "rematch").focus();
  }
}

// --- what we do --------------------------------------------------------------------------

async function play(card) {
  if (!state || state.to_play !== state.seat || state.phase !== "play") return;
  if (!state.playable.includes(card)) {
    toast(state.hand.includes(card)
      ? t("error.must_follow", {legal: state.legal.map(cardText).join(" "), n: state.legal.length})
      : t("error.not_in_hand", {card: cardText(card)}));
    return;
  }
  if (!state.legal.includes(card)) {
    const yes = await ask(cap(t("table.renuncia_warning", {card: cardName(card)})), t("table.play_anyway"), t("common.cancel"), true);
    if (!yes) return;
  }
  hideSummary(); // the last deal's summary makes way once we play in the new one
  send({type: "play", card});
}

$("start").addEventListener("click", () => send({type: "start"}));
soundToggle($("sound"));
// The end of the match may be put aside to look at the table (the prompt still says it is over).
let overClosed = false;
function putOverAside() {
  overClosed = true;
  $("over").hidden = true;
  $("over-open").hidden = false;
  $("over-open").focus(); // the keyboard stays where the end comes back from
}
$("over-close").addEventListener("click", putOverAside);
// While the end is shown it is modal, as it looks (the page behind is dimmed): Tab and Shift+Tab
// go round its buttons and never to the page behind, and Escape puts it aside, as it closes any
// dialog, wherever the keyboard's focus was (a click on the dimmed page takes it to the page).
document.addEventListener("keydown", (event) => {
  const over = $("over");
  if (over.hidden || document.querySelector("dialog[open]")) return;
  if (event.key === "Escape") {
    event.preventDefault();
    event.stopImmediatePropagation(); // not also a clearing of what was typed
    putOverAside();
    return;
  }
  if (event.key !== "Tab") return;
  const items = [...over.querySelectorAll("button, a[href]")].filter((e) => e.getClientRects().length);
  if (!items.length) return;
  const [first, last] = [items[0], items[items.length - 1]];
  const inside = over.contains(document.activeElement);
  if (!inside || document.activeElement === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
});
$("over-open").addEventListener("click", () => {
  overClosed = false;
  renderGame();
});
$("rematch").addEventListener("click", () => {
  overClosed = false;
  log.length = 0;
  logCount = 0;
  send({type: "rematch"});
});

// A card is typed with the page's language's letters too (on Portuguese pages e espadas, c copas,
// o ouros, p paus; R rei, V valete, D dama: "7c" is the seven of hearts, as in `sueca play --lang
// pt`), from the game's words (`card.ranks`, `card.suits`), the notation's order.
function typedCard(text) {
  const up = text.toUpperCase();
  const ranks = letters("ranks", {typed: true});
  const suits = letters("suits", {typed: true});
  return (ranks[up[0]] ?? up[0]) + (suits[up[1]] ?? up[1]);
}

document.addEventListener("keydown", (event) => {
  if (document.querySelector("dialog[open]")) return;
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (event.key === "Escape") {
    typed = "";
  } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
    typed = (typed + event.key).slice(-2);
    const card = typedCard(typed);
    if (card.length === 2 && state.hand.includes(card)) {
      typed = "";
      play(card);
    } else if (/^[A2-7JQK][SHDC]$/.test(card) && state.seat !== null) {
      // A card, but not one of ours: said, not silently kept.
      typed = "";
      toast(t("error.not_in_hand", {card: cardText(card)}));
    }
  } else {
    return;
  }
  $("typed").textContent = typed ? t("table.typed", {text: typed}) : "";
});

if (!tableId) stop(t("error.no_table"), "no_table");
else if (!token && !watch) stop(t("table.no_token"), "bad_token");
else connect();
