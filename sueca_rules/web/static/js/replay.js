// The replay viewer: open a record, then step through each deal trick by trick, with the
// four hands, the trick on the table and the score, as `sueca replay` tells it.
import {fill, api, cap, cardFace, deadEnd, el, issueItems, lang, t} from "./common.js";

const $ = (id) => document.getElementById(id);
let data = null;
let dealIndex = 0;
let trick = 0; // tricks shown as played in the current deal (0: the deal as dealt)

const SEAT_PLACES = ["bottom", "left", "top", "right"];

// The seat whose record this is (opened from a table with its token), else null: the seats are
// then named from it ("Lugar 2 · parceiro"), here and in the review (body[data-my-seat]).
let mine = null;

function setMine(seat) {
  mine = seat;
  if (seat === null) delete document.body.dataset.mySeat;
  else document.body.dataset.mySeat = String(seat);
}

/** A seat's name: its number, and who it is to the player whose record this is. */
function seatName(seat) {
  const name = t("common.seat", {seat});
  if (mine === null) return name;
  const role = seat === mine ? "you" : data.teams[seat] === data.teams[mine] ? "partner" : "rival";
  return `${name} · ${t("replay.role", {role})}`;
}

async function open(text) {
  const {status, body} = await api("/api/records/replay", {text, query: {lang}});
  const problems = $("problems");
  if (status !== 200) {
    const items = body.issues ? issueItems(body.issues) : [el("li", {}, body.message ?? String(status))];
    fill(problems, el("p", {}, t("replay.problems")), el("ul", {}, items));
    problems.hidden = false;
    $("viewer").hidden = true;
    return;
  }
  problems.hidden = true;
  data = body;
  const select = $("deal");
  select.replaceChildren(...body.deals.map((_, i) => el("option", {value: i}, String(i + 1))));
  $("replay-title").textContent = body.report.variant;
  $("viewer").hidden = false;
  // The first record opened starts where the address says (`#deal=3&trick=5`), any other at
  // its first deal as dealt.
  const [deal, step] = wanted ?? [0, 0];
  wanted = null;
  show(deal, step);
  // The board comes into view (on a phone it is below the file panel).
  $("viewer").scrollIntoView({block: "start"});
}

/** The place in the record that the address asks for: `deal` (1 for the first) and `trick`
 * (0: the deal as dealt; 1: after its first trick...), in the fragment or the query (the
 * fragment's first); null when it names none. Numbers out of range go to the nearest place. */
function asked() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const number = (key) => {
    const text = hash.get(key) ?? query.get(key);
    return text !== null && /^\d{1,4}$/.test(text.trim()) ? Number(text) : null;
  };
  const deal = number("deal");
  const step = number("trick");
  if (deal === null && step === null) return null;
  return [Math.max(0, (deal ?? 1) - 1), step ?? 0];
}

let wanted = asked();

/** The place shown, written into the address (the fragment, beside the table's secret): a
 * reload comes back to it, and the address shows it to someone else. */
function remember() {
  const hash = new URLSearchParams(location.hash.slice(1));
  hash.set("deal", String(dealIndex + 1));
  hash.set("trick", String(trick));
  const text = hash.toString();
  if (location.hash.slice(1) !== text) history.replaceState(history.state, "", `${location.pathname}${location.search}#${text}`);
}

/** The report's deal, or the unfinished one, for index i. */
function reportDeal(i) {
  const deals = data.report.deals;
  return i < deals.length ? deals[i] : data.report.unfinished_deal;
}

function show(deal, step) {
  dealIndex = Math.max(0, Math.min(deal, data.deals.length - 1));
  const info = reportDeal(dealIndex);
  const tricks = info ? info.tricks.length + (info.current_trick?.cards.length ? 1 : 0) : 0;
  trick = Math.max(0, Math.min(step, tricks));
  $("deal").value = String(dealIndex);
  draw(info, tricks);
  remember();
}

function draw(info, tricks) {
  const recorded = data.deals[dealIndex];
  const shown = info.tricks.slice(0, trick);
  const partial = trick > info.tricks.length ? info.current_trick : null;
  const played = new Set([...shown.flatMap((x) => x.cards), ...(partial ? partial.cards : [])]);
  const felt = $("replay-felt");
  fill(felt);
  recorded.hands.forEach((hand, seat) => {
    const left = hand.filter((c) => !played.has(c));
    felt.append(el("div", {class: `seat-box ${SEAT_PLACES[seat]}`},
      // The seat's number held to its word ("Lugar 1"); who deals (and who led, below) a badge
      // after the name, as on the table, which a phone moves whole onto the next line.
      el("div", {class: "who"}, el("strong", {}, seatName(seat).replace(/ (?=\d)/g, "\u00a0")), " ",
        seat === info.dealer ? el("span", {class: "dealer"}, t("table.dealer")) : ""),
      el("div", {class: "mini"}, left.map((c) => cardFace(c)))));
  });
  const current = partial ?? shown.at(-1);
  if (current) {
    // Who led the trick on the felt: a mark beside that seat's name.
    felt.querySelector(`.seat-box.${SEAT_PLACES[current.leader]} .who`)?.append(
      " ", el("span", {class: "leads"}, t("replay.leads")));
  }
  const centre = el("div", {class: "centre"});
  if (current) {
    const trickBox = el("div", {class: "trick"});
    current.cards.forEach((card, i) => {
      const seat = data.orders[current.leader][i];
      const won = seat === current.winner ? " winning" : "";
      trickBox.append(cardFace(card, {class: `card played at-${SEAT_PLACES[seat]}${won}`}));
    });
    centre.append(trickBox);
    if (current.winner !== undefined) centre.append(el("p", {class: "won"}, cap(t("table.won_by", {who: t("common.seat", {seat: current.winner}).toLowerCase(), role: "seat", points: current.points}))));
  }
  centre.append(el("div", {class: "trump"}, el("span", {class: "label"}, t("table.trump")), cardFace(info.trump_card)));
  felt.append(centre);
  $("position").textContent = t("replay.position", {deal: dealIndex + 1, deals: data.deals.length, trick, tricks});
  drawScore(info, shown);
}

/** A team named by its seats, as the table names them: "Seats 0 & 2". */
function seatsOf(team, ours = false) {
  const [a, b] = [0, 1, 2, 3].filter((seat) => data.teams[seat] === team);
  const seats = t("table.seats_short", {a, b});
  // In the score's heads of one's own game (`ours`): "Nós (lugares 0 e 2)", as the table said.
  if (!ours || mine === null) return seats;
  return `${t(team === data.teams[mine] ? "table.us" : "table.them")} (${seats.toLowerCase()})`;
}

function drawScore(info, shown) {
  const points = [0, 0];
  const won = [0, 0];
  for (const x of shown) {
    points[data.teams[x.winner]] += x.points;
    won[data.teams[x.winner]] += 1;
  }
  const rows = [
    el("tr", {}, el("td", {}, ""), el("th", {scope: "col"}, seatsOf(0, true)), el("th", {scope: "col"}, seatsOf(1, true))),
    el("tr", {}, el("th", {scope: "row"}, t("table.points")), el("td", {}, points[0]), el("td", {}, points[1])),
    el("tr", {}, el("th", {scope: "row"}, t("table.tricks")), el("td", {}, won[0]), el("td", {}, won[1])),
  ];
  const parts = [el("table", {class: "score"}, el("tbody", {}, rows))];
  const complete = info.result !== undefined && trick >= info.tricks.length;
  if (info.result === "redeal") {
    parts.push(el("p", {class: "result"}, t("replay.redealt", {seat: info.redeal})));
  } else if (complete) {
    // A 60-60 may still give games: a false claim's, or play-on penalties.
    const given = `${info.games[0]} – ${info.games[1]}`;
    const games = info.result !== "tie" ? given : info.games[0] + info.games[1] > 0 ? `60-60, ${given}` : "60-60";
    parts.push(el("p", {class: "result"}, `${t("replay.result")}: ${info.points.join("-")} · ${t("table.games")} ${games}${info.bandeira ? ` (${t("ev.bandeira")})` : ""}`));
    for (const claim of info.claims ?? []) {
      parts.push(el("p", {}, t(claim.valid ? "replay.claim_right" : "replay.claim_wrong", {seat: claim.by, after: claim.after})));
    }
  }
  if (dealIndex === data.deals.length - 1 && complete) {
    const report = data.report;
    parts.push(el("p", {class: "result"}, report.winner === null ? t("replay.unfinished")
      : t("replay.winner", {team: `${report.winner} (${seatsOf(report.winner).toLowerCase()})`, p0: report.partidas[0], p1: report.partidas[1]})));
  }
  fill($("replay-score"), ...parts);
}

// Opened from a finished table (`/replay#table=<id>&t=<token>`, or `&w=` from a watch link):
// that table's record, asked for with the secret (kept in the fragment, which no request to
// the page carries).
async function openTable() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const table = hash.get("table");
  const token = hash.get("t");
  const watch = hash.get("w"); // a watcher's link: the record, still no hand before it is over
  if (!table || !(token || watch)) return;
  const url = new URL(`/api/tables/${encodeURIComponent(table)}/record`, location.origin);
  url.searchParams.set(token ? "token" : "watch", token ?? watch);
  url.searchParams.set("lang", lang);
  url.searchParams.set("format", "yaml"); // the paste box shows the record as its file reads
  let response;
  let text;
  try {
    response = await fetch(url);
    text = await response.text();
  } catch {
    text = null;
  }
  if (!response?.ok || text === null) {
    let message = t("common.offline");
    let code = null;
    try {
      const body = JSON.parse(text);
      const key = `error.${body.error}`;
      message = t(key) !== key ? t(key) : body.message ?? message;
      code = body.error;
    } catch {
      /* not JSON */
    }
    if (["no_table", "bad_token", "damaged"].includes(code)) {
      // A link that opens nothing, for good: what happened and where to go now, first, then
      // the panel that opens a record's file (if one was downloaded, it is all that is left).
      $("main").prepend(deadEnd(code, message, {replay: false}));
      $("open").prepend(el("p", {class: "dead-here"}, t("dead.replay_here")));
      document.title = `${$("dead-title").textContent} · Sueca`;
      return;
    }
    fill($("problems"), el("p", {}, message));
    $("problems").hidden = false;
    return;
  }
  $("paste").value = text.length < 200000 ? text : "";
  const seat = Number.parseInt(response.headers.get("x-sueca-seat") ?? "", 10);
  setMine(seat >= 0 && seat < 4 ? seat : null);
  await open(text);
  // The board comes first (a phone would start at the file panel): opening another record
  // moves below the review.
  if (!$("viewer").hidden) $("review").after($("open"));
}

openTable();
// A record opened by hand is nobody's in particular: its seats by their numbers.
$("open-record").addEventListener("click", () => {
  setMine(null);
  open($("paste").value);
});
$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const text = await file.text();
  $("paste").value = text.length < 200000 ? text : "";
  setMine(null);
  open(text);
});
// Once the text is changed by hand it is no longer the table's record: a review of it (with
// or without "Open" first) speaks of every seat by its number, and so does the board.
$("paste").addEventListener("input", () => {
  if (mine === null) return;
  setMine(null);
  if (data) show(dealIndex, trick);
});
// An address changed by hand, or a link of the review ("#deal=2&trick=3"): the board goes there.
window.addEventListener("hashchange", () => {
  const place = asked();
  if (!data || !place) return;
  show(...place);
  $("viewer").scrollIntoView({block: "start"});
});
$("deal").addEventListener("change", (e) => show(Number(e.target.value), 0));
$("first").addEventListener("click", () => show(dealIndex, 0));
$("prev").addEventListener("click", () => show(dealIndex, trick - 1));
$("next").addEventListener("click", () => show(dealIndex, trick + 1));
$("last").addEventListener("click", () => show(dealIndex, 99));
document.addEventListener("keydown", (e) => {
  if (!data || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const moves = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, null], ArrowDown: [1, null]};
  const move = moves[e.key];
  if (!move) return;
  e.preventDefault();
  if (move[1] === null) show(dealIndex + move[0], 0);
  else show(dealIndex, trick + move[1]);
});
