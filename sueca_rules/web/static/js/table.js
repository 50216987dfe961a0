// A table: the waiting room, the game and the end of the match. The server owns the match:
// this page shows the state it sends for our seat and sends what we want to do.
import {cap, fill, cardFace, cardName, el, lang, t, toast} from "./common.js";
import {remember} from "./mytables.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const watch = new URLSearchParams(location.hash.slice(1)).get("w"); // a watch link: no hand
const $ = (id) => document.getElementById(id);

let state = null;
let socket = null;
let retry = 0;
let stopped = false;
let typed = "";
const log = [];

// --- the connection ----------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
    (token || !watch ? `?token=${encodeURIComponent(token)}` : `?watch=${encodeURIComponent(watch)}`) +
    `&lang=${lang}`;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retry = 0;
    $("status").textContent = "";
  });
  socket.addEventListener("message", (event) => {
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
    } else if (message.type === "error") {
      if (message.code === "no_table" || message.code === "bad_token") stop(message.message);
      else toast(message.message);
    }
  });
  socket.addEventListener("close", (event) => {
    if (stopped) return;
    if (event.code === 4404 || event.code === 4403) {
      stop(event.reason ? t("table.gone", {reason: event.reason}) : t("error.no_table"));
      return;
    }
    if (event.code === 4000) {
      stop(t("table.replaced"));
      return;
    }
    $("status").textContent = t("table.reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  });
}

function stop(message) {
  stopped = true;
  $("status").textContent = message;
  $("status").classList.add("alert");
  $("game").hidden = true;
  $("waiting").hidden = true;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// --- who is who --------------------------------------------------------------------------

// The server says where each seat sits as seen from ours (its role) and its name.
const PLACE_OF = {you: "bottom", left: "left", partner: "top", right: "right"};
const place = (seat) => PLACE_OF[state.seats[seat].role];
const who = (seat) => state.seats[seat].name;
// Teams are the server's (Rules.team_of): the page never works them out itself.
const ours = (team) => team === state.team;
const games = (n) => t(n === 1 ? "unit.game" : "unit.games", {n});
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
        const [us, them] = ours(0) ? event.games : [event.games[1], event.games[0]];
        if (us + them === 0) return t("ev.deal_tie", {deal: event.deal});
        return t("ev.deal_tie_games", {deal: event.deal, us: games(us), them: games(them)});
      }
      if (event.result === "redeal") return t("ev.deal_redeal", {deal: event.deal});
      let won = games(event.games[event.team]);
      if (event.bandeira) won += ` (${t("ev.bandeira")})`;
      const key = ours(event.team) ? "ev.deal_us" : "ev.deal_them";
      return t(key, {deal: event.deal, points: event.points.join("-"), games: won});
    }
    case "partida_won":
      return t(ours(event.team) ? "ev.partida_us" : "ev.partida_them", {partida: event.partida + 1});
    case "match_won":
      return t(ours(event.team) ? "table.we_won" : "table.they_won");
    default:
      return null;
  }
}

function noteEvents(events, previous) {
  if (previous && previous.version >= state.version) return;
  for (const event of events) {
    const text = eventText(event);
    if (text) log.unshift(cap(text));
  }
  log.length = Math.min(log.length, 40);
}

// --- drawing -----------------------------------------------------------------------------

function render() {
  document.title = `${state.variant.name} · Sueca`;
  document.body.dataset.version = state.version; // for tests: the state shown
  const waiting = state.phase === "waiting";
  $("waiting").hidden = !waiting;
  $("game").hidden = waiting;
  if (waiting) renderWaiting();
  else renderGame();
}

function renderWaiting() {
  const list = $("waiting-seats");
  fill(list);
  const invites = new Map((state.invites ?? []).map((i) => [i.seat, i]));
  for (const info of state.seats) {
    const {kind} = seatLabel(info.seat);
    const joined = info.kind === "bot" || info.joined;
    const item = el("li", {class: joined ? "joined" : "missing"},
      el("strong", {}, `${t("common.seat", {seat: info.seat})} · ${who(info.seat)}`), ` — ${kind}`,
      info.kind === "human" ? ` — ${t(joined ? "table.joined" : "table.not_joined")}` : "");
    const invite = invites.get(info.seat);
    if (invite && !invite.joined) {
      const url = new URL(`/table/${tableId}#t=${invite.token}`, location.origin).href;
      item.append(el("input", {class: "link", readonly: true, value: url, "aria-label": t("table.invite", {seat: info.seat})}));
    }
    list.append(item);
  }
  $("start").hidden = !state.host;
}

function renderSeats() {
  for (const info of state.seats) {
    const box = $(`seat-${place(info.seat)}`);
    const {kind, status} = seatLabel(info.seat);
    const count = state.hand_sizes?.[info.seat] ?? 0;
    const backs = el("div", {class: "backs", "aria-hidden": "true"});
    if (info.seat !== state.seat) for (let i = 0; i < count; i++) backs.append(el("span", {class: "back"}));
    fill(box, 
      el("div", {class: "who"}, el("strong", {}, cap(who(info.seat))), " ", el("small", {}, `${t("common.seat", {seat: info.seat})} · ${kind}`)),
      status ? el("div", {class: "away"}, status) : null,
      state.dealer === info.seat ? el("div", {class: "dealer"}, t("table.dealer")) : null,
      backs,
    );
    box.classList.toggle("to-play", state.to_play === info.seat);
  }
}

function renderTrick() {
  const box = $("trick");
  let cards = state.trick;
  let seats = state.trick_seats ?? [];
  let done = false;
  if (!cards.length && state.last_trick && state.phase === "play" && state.cards_played > 0) {
    cards = state.last_trick.cards; // the trick just won stays on the table until the next lead
    seats = state.last_trick.seats;
    done = true;
  }
  fill(box, cards.map((card, i) => cardFace(card, {class: `card played at-${place(seats[i])}${done ? " done" : ""}`})));
  const trump = $("trump");
  fill(trump);
  if (state.trump_card) {
    trump.append(el("span", {class: "label"}, t("table.trump")), cardFace(state.trump_card));
    if (state.trump_card_in_hand) trump.append(el("small", {}, t("table.trump_in_hand")));
  }
}

/** The prompt and the buttons of the decision due now, by phase. */
function renderActions() {
  const mine = state.to_play === state.seat;
  const buttons = [];
  const button = (label, message, primary = false, confirmText = null) => el("button", {
    type: "button", class: primary ? "primary" : false, "data-action": message.type,
    onclick: () => {
      if (!confirmText || confirm(confirmText)) send(message);
    },
  }, cap(label));
  let prompt = "";
  switch (state.phase) {
    case "trump":
      prompt = mine ? t("table.trump_choose") : t("table.trump_wait", {who: who(state.to_play)});
      if (mine) buttons.push(button(t("choice.top"), {type: "trump", side: "top"}), button(t("choice.bottom"), {type: "trump", side: "bottom"}, true));
      break;
    case "redeal":
      if (!mine) prompt = t("table.redeal_wait", {who: who(state.to_play)});
      else if (state.may_redeal) {
        prompt = t("table.redeal_may");
        buttons.push(button(t("choice.redeal"), {type: "redeal"}), button(t("choice.keep"), {type: "keep"}, true));
      } else {
        prompt = t("table.redeal_keep");
        buttons.push(button(t("choice.keep"), {type: "keep"}, true));
      }
      break;
    case "count":
      prompt = state.count_agreed.includes(state.seat) ? t("table.count_done") : t("table.count");
      if (!state.count_agreed.includes(state.seat)) buttons.push(button(t("table.count_ok"), {type: "count"}, true));
      break;
    case "play":
      prompt = mine ? t("table.your_turn") : t("table.turn_of", {who: who(state.to_play)});
      break;
    default:
      prompt = state.over ? t("table.over") : "";
  }
  if (state.can_claim) {
    if (state.accuse === "player") {
      for (const rival of rivals()) {
        buttons.push(button(t("table.accuse", {who: who(rival)}), {type: "claim", against: rival}, false, t("table.claim_confirm")));
      }
    } else {
      buttons.push(button(t("table.claim"), {type: "claim"}, false, t("table.claim_confirm")));
    }
  }
  $("prompt").textContent = cap(prompt);
  $("prompt").classList.toggle("mine", mine || (state.phase === "count" && !state.count_agreed.includes(state.seat)));
  const key = JSON.stringify(buttons.map((b) => [b.textContent, b.dataset.action]));
  if (key !== drawnActions) {
    drawnActions = key;
    fill($("actions"), buttons);
  }
}

let drawnActions = "";

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const myTurn = state.to_play === state.seat && state.phase === "play";
  for (const card of state.hand) {
    const legal = state.legal.includes(card);
    const playable = myTurn && state.playable.includes(card);
    const button = el("button", {
      type: "button",
      class: `card-button${legal ? " legal" : ""}${playable && !legal ? " renuncia" : ""}`,
      disabled: !playable,
      "data-card": card,
      "aria-label": cardName(card),
      onclick: () => play(card),
    }, cardFace(card));
    hand.append(button);
  }
}

function renderScore() {
  const us = state.team;
  const them = 1 - us;
  const row = (label, values) => el("tr", {}, el("th", {scope: "row"}, label), el("td", {}, values[us]), el("td", {}, values[them]));
  const table = el("table", {class: "score"},
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {scope: "col"}, t("table.us")), el("th", {scope: "col"}, t("table.them")))),
    el("tbody", {},
      row(t("table.games"), state.games),
      row(t("table.partidas"), state.partidas),
      row(t("table.points"), state.points ?? [0, 0]),
      row(t("table.tricks"), state.tricks_won ?? [0, 0])));
  const pad = el("ol", {class: "pad"});
  for (const deal of state.history ?? []) {
    const text = deal.result === "tie" ? "60-60" : `${deal.games[us]} – ${deal.games[them]}`;
    pad.append(el("li", {}, `${t("table.deal", {deal: deal.deal})} (${t("table.partida", {partida: deal.partida + 1})}): ${text}`));
  }
  fill($("score"), 
    el("p", {class: "where-now"}, `${t("table.deal", {deal: state.deal})} · ${t("table.partida", {partida: state.partida + 1})}`),
    table,
    el("p", {}, `${t("table.pending")}: ${state.pending_ties}`),
    state.penalties?.some((n) => n) ? el("p", {}, `${t("table.penalties")}: ${state.penalties[us]} – ${state.penalties[them]}`) : null,
    el("p", {class: "hint"}, t("table.target", {games: state.target_games, partidas: state.partidas_to_win})),
    pad,
  );
  const last = state.last_trick;
  fill($("last-trick"), last
    ? el("div", {}, el("div", {class: "mini"}, last.cards.map((c) => cardFace(c))),
      el("p", {}, cap(t("table.won_by", {who: who(last.winner), points: last.points}))))
    : el("p", {}, "—"));
  fill($("log"), ...log.map((line) => el("li", {}, line)));
}

function renderGame() {
  renderSeats();
  renderTrick();
  renderHand();
  renderActions();
  renderScore();
  const over = $("over");
  over.hidden = !state.over;
  if (state.over) {
    $("over-title").textContent = t(ours(state.winner) ? "table.we_won" : "table.they_won");
    const record = $("record");
    record.href = `/api/tables/${encodeURIComponent(tableId)}/record?token=${encodeURIComponent(token)}`;
    record.setAttribute("download", `sueca-${tableId}.yaml`);
  }
}

// --- what we do --------------------------------------------------------------------------

function play(card) {
  if (!state || state.to_play !== state.seat || state.phase !== "play") return;
  if (!state.playable.includes(card)) {
    toast(state.hand.includes(card) ? t("error.must_follow", {legal: state.legal.join(" ")}) : t("error.not_in_hand", {card}));
    return;
  }
  if (!state.legal.includes(card) && !confirm(t("table.renuncia_warning", {card: cardName(card)}))) return;
  send({type: "play", card});
}

$("start").addEventListener("click", () => send({type: "start"}));
$("rematch").addEventListener("click", () => {
  log.length = 0;
  send({type: "rematch"});
});

document.addEventListener("keydown", (event) => {
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (event.key === "Escape") {
    typed = "";
  } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
    typed = (typed + event.key).slice(-2);
    const card = typed.toUpperCase();
    if (card.length === 2 && state.hand.includes(card)) {
      typed = "";
      play(card);
    }
  } else {
    return;
  }
  $("typed").textContent = typed ? t("table.typed", {text: typed}) : "";
});

if (!token) stop(t("table.no_token"));
else connect();
