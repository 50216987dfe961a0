// The tables this browser has joined, kept in this browser only (localStorage), never on the
// server: the table page notes each one, the home page lists them with their links.
import {el, t} from "./common.js";

const KEY = "sueca.tables";
const MOST = 30;

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.table === "string") : [];
  } catch {
    return [];
  }
}

/** Note the table of `state`, joined with `token` (the newest first; at most MOST kept). */
export function remember(state, token) {
  const entry = {
    table: state.table, token, seat: state.seat, variant: state.variant?.name ?? "",
    over: Boolean(state.over), records: state.records ?? 0, at: Date.now(),
  };
  const old = load();
  const same = old.find((e) => e.table === entry.table && e.token === token);
  if (same && same.over === entry.over && same.records === entry.records) return;
  const list = [entry, ...old.filter((e) => e !== same)].slice(0, MOST);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or refused: the list is a convenience
  }
}

/** Fill `section` (hidden while empty) with this browser's tables: each opens its seat, and
 * a finished match's record downloads while the server keeps it. */
export function showMyTables(section) {
  const list = load();
  const items = section.querySelector("ul");
  if (!list.length || !items) return;
  for (const e of list) {
    const id = encodeURIComponent(e.table);
    const token = encodeURIComponent(e.token);
    const when = new Date(e.at).toLocaleString(document.documentElement.lang);
    const links = [el("a", {href: `/table/${id}#t=${token}`}, t("home.tables.open"))];
    if (e.records > 0) {
      links.push(" · ", el("a", {href: `/api/tables/${id}/record?token=${token}&format=yaml`,
        download: `sueca-${e.table}.yaml`}, t("home.tables.record")));
    }
    // Its words, then its links kept together (on a phone they wrap as one, under the words).
    items.append(el("li", {"data-table": e.table}, el("span", {}, `${e.variant} · ${when}`), " · ",
      el("span", {class: "table-links"}, ...links)));
  }
  section.hidden = false;
}
