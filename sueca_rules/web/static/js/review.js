// The review of a record on the replay page: POST /api/records/analyse, then each deal's
// decisions (options and values, mistakes marked and explained) and an SVG chart of team 0's
// expected points through the deal, drawn here. Its words come from /api/analysis/words.
import {render} from "./catalogue.js";
import {api, cardText, el, fill, issueText, lang, t} from "./common.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let words = {};

const w = (key, params = {}) => render(words[key] ?? key, params, lang);

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Team 0's expected points after each decision of a deal: a line from 60, mistakes as dots. */
export function chart(decisions) {
  const width = 400, height = 140, pad = 6;
  const box = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", class: "review-chart",
    width: "100%", preserveAspectRatio: "xMinYMid meet"}); // at the left, under the deal's heading
  box.append(Object.assign(svg("title"), {textContent: w("review.chart")}));
  // A decision is drawn after its card (at `after + 1`); one at the count, after the fortieth
  // card, at the chart's right edge with the last card.
  const x = (after) => pad + (Math.min(after, 40) / 40) * (width - 2 * pad);
  const y = (points) => height - pad - (points / 120) * (height - 2 * pad);
  box.append(svg("line", {x1: pad, x2: width - pad, y1: y(60), y2: y(60), class: "half",
    stroke: "currentColor", "stroke-opacity": 0.3, "stroke-dasharray": "4 4"}));
  const points = [[0, 60]];
  for (const d of decisions) {
    const played = d.options.find((o) => o.choice === d.played);
    if (!played) continue;
    points.push([d.after + 1, d.team === 0 ? played.value : 120 - played.value, d.mistake]);
  }
  const path = points.map(([a, v], i) => `${i ? "L" : "M"}${x(a).toFixed(1)},${y(v).toFixed(1)}`);
  box.append(svg("path", {d: path.join(" "), class: "expected", fill: "none",
    stroke: "currentColor", "stroke-width": 2}));
  for (const [a, v, mistake] of points) {
    if (mistake) box.append(svg("circle", {cx: x(a), cy: y(v), r: 4, class: "mistake", fill: "#c0392b"}));
  }
  return box;
}

/** Text with each card of a red suit (♥, ♦) in red, as nodes. */
function coloured(text) {
  return String(text).split(/(\S*[♥♦])/).map((part, i) => (i % 2 ? el("span", {class: "red-suit"}, part) : part));
}

function choiceText(choice, kind) {
  if (typeof choice === "string" && choice.length === 2) return cardText(choice);
  // A redeal's or a claim's answer in words ("new deal", "no claim", "claim against seat 3").
  return w("review.answer", {kind, choice, shown: String(choice)});
}

// A number as the page's language writes it (6,1 in Portuguese, as the review's sentences say).
const number = (x) => (lang === "pt" ? String(x).replace(".", ",") : String(x));

/** A seat's number, and "(tu)" for the player whose record it is (opened from a table). */
function seatCell(seat) {
  const mine = document.body.dataset.mySeat;
  return mine !== undefined && Number(mine) === seat ? `${seat} (${w("review.you")})` : String(seat);
}

/** The trick of a card decision, as a link that shows the board where it was made (the
 * replay goes to the address's `deal` and `trick`, keeping the table's secret beside them). */
function trickCell(deal, d) {
  const trick = Math.floor(d.after / 4) + 1;
  const hash = new URLSearchParams(location.hash.slice(1));
  hash.set("deal", String(deal));
  hash.set("trick", String(trick - 1)); // the board just before that trick is played
  return el("a", {href: `#${hash}`, class: "to-board", "aria-label": t("replay.show", {deal, trick})}, String(trick));
}

/** Whether a decision other than a card's was made during the play (a claim after a card of
 * the deal, before the count). */
const duringPlay = (d) => d.decision === "claim" && d.after > 0 && d.after < 40;

function decisionRow(d, deal) {
  const options = d.options.map((o) => `${choiceText(o.choice, d.decision)} ${number(o.value)}`).join(" · ");
  const kind = d.mistake ? "mistake" : null;
  const row = el(
    "tr",
    {class: kind},
    // The trick a card was played in, as a player counts; a claim's, the trick of the card it
    // was made after (a decision before the first card or at the count has none).
    el("td", {}, d.decision === "card" ? trickCell(deal, d) : duringPlay(d) ? trickCell(deal, {after: d.after - 1}) : "—"),
    el("td", {}, seatCell(d.seat)),
    el("td", {}, coloured(choiceText(d.played, d.decision))),
    el("td", {}, coloured(choiceText(d.best, d.decision))),
    el("td", {}, number(d.loss)),
    // The options folded (a tap opens them): the table stays narrow enough for a phone.
    el("td", {}, el("details", {}, el("summary", {}, `${w("review.options")} (${d.options.length})`), coloured(options))),
  );
  if (!d.why) return [row];
  // Why, on a row of its own under the decision, the table's whole width.
  const why = el("td", {colspan: 6, class: "why"}, (d.mistake ? `✗ ${w("review.mistake")}: ` : "") + d.why);
  return [row, el("tr", {class: kind ? `${kind} why-row` : "why-row"}, why)];
}

function show(body) {
  // Only the mistakes, at first on a phone (every decision takes room there); a tick shows all.
  const only = el("input", {type: "checkbox", id: "review-only"});
  only.checked = matchMedia("(max-width: 600px)").matches;
  const out = [el("label", {class: "review-only"}, only, ` ${w("review.only_mistakes")}`)];
  only.addEventListener("change", () => $("review-body").classList.toggle("only-mistakes", only.checked));
  $("review-body").classList.toggle("only-mistakes", only.checked);
  let first = true;
  for (const deal of body.analysis.deals) {
    const clean = !deal.decisions.some((d) => d.mistake);
    const head = [w("review.trick"), w("review.seat"), w("review.played"), w("review.best"), w("review.loss"), w("review.options")];
    out.push(el("h3", {}, w("review.deal", {n: deal.deal}), deal.points ? ` · ${deal.points[0]}-${deal.points[1]}` : ""));
    const given = deal.redeal !== null && deal.redeal !== undefined;
    // A deal asked away was not played: who asked, and no chart of a play that never was.
    if (given) out.push(el("p", {class: "redeal-by"}, w("review.redeal_by", {seat: seatCell(deal.redeal)})));
    if (!deal.decisions.length) {
      // Nothing judged in this deal (saved before its first card; a new deal asked for at once):
      // said, rather than an empty chart and an empty table.
      if (!given) out.push(el("p", {class: "no-deal-decisions"}, w("review.no_deal_decisions")));
      continue;
    }
    if (!given) {
      out.push(chart(deal.decisions));
      // What the line of the charts is, said once, under the first.
      if (first) out.push(el("p", {class: "chart-note"}, w("review.chart_note")));
      first = false;
    }
    out.push(
      // With only the mistakes shown, a deal without any says so instead of an empty table.
      clean ? el("p", {class: "no-mistakes"}, w("review.no_mistakes")) : null,
      el("div", {class: clean ? "review-wrap clean" : "review-wrap"}, el("table", {class: "review-table"}, el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))),
        el("tbody", {}, deal.decisions.flatMap((d) => decisionRow(d, deal.deal))))),
    );
  }
  out.push(el("h3", {}, w("review.summary")));
  // A record saved before its first card (or a seat that made none): said, not an empty list.
  if (!body.analysis.seats.length) out.push(el("p", {class: "no-decisions"}, w("review.no_decisions")));
  out.push(el("ul", {}, body.analysis.seats.map((s) =>
    el("li", {}, `${w("review.seat")} ${seatCell(s.seat)}: ${s.decisions} ${w("review.decisions", {n: s.decisions})}, ${w("review.loss")} ${number(s.loss)}, ${s.mistakes} ${w("review.mistakes", {n: s.mistakes})}`))));
  fill($("review-body"), out);
}

async function review() {
  const text = $("paste").value;
  if (!text.trim()) {
    // Nothing to review yet: say so where the review would be (a tap that did nothing puzzled).
    const said = el("p", {class: "issues", role: "alert"}, w("review.no_record"));
    fill($("review-body"), said);
    $("review").hidden = false;
    said.scrollIntoView({block: "nearest"}); // in sight on a phone too
    return;
  }
  fill($("review-body"), el("p", {class: "position"}, w("review.wait")));
  $("review").hidden = false;
  const level = $("review-level").value;
  // One's own game (opened from one's table): the comments on one's own decisions are said to
  // "you", the others' of their seats; a record from elsewhere is nobody's: all of their seats.
  const mine = document.body.dataset.mySeat;
  const query = mine === undefined ? {lang, level} : {lang, level, me: mine};
  const {status, body} = await api("/api/records/analyse", {text, query});
  if (status !== 200) {
    const issues = body.issues ? body.issues.map(issueText).join("; ") : body.message;
    fill($("review-body"), el("p", {class: "issues", role: "alert"}, `${w("review.failed")}: ${issues ?? status}`));
    return;
  }
  show(body);
}

async function start() {
  const {status, body} = await api("/api/analysis/words", {query: {lang}});
  if (status === 200) words = body;
  const button = $("review-record");
  if (!button) return;
  button.textContent = w("review.button");
  $("review-title").textContent = w("review.title");
  $("review-intro").textContent = w("review.intro");
  $("review-level-label").textContent = w("review.level");
  button.hidden = false;
  button.addEventListener("click", review);
}

start();
