// Setting up a table: the rules, who sits where, then the join links for friends.
import {api, copy, el, fieldLabel, issueText, loopbackNote, shareUrl, showChosen, t, variantName, wrapSelect} from "./common.js";
import {qrSvg} from "./qr.js";

const BUILT = "sueca.built";
const select = document.getElementById("variant");
wrapSelect(select); // a house rule's long name, written whole on a phone
const form = document.getElementById("setup");
const errorBox = document.getElementById("setup-error");

function builtVariant() {
  try {
    const saved = JSON.parse(localStorage.getItem(BUILT) ?? "null");
    return saved && typeof saved.variant === "object" ? saved : null;
  } catch {
    return null;
  }
}

// The table is set up once the rules to choose from are here (the button waits for them: a
// quick tap would otherwise ask for a table under no rules at all).
async function fillVariants() {
  const {status, body} = await api("/api/variants");
  if (status !== 200) {
    showError(t("common.error", {message: status}));
    return;
  }
  const built = builtVariant();
  if (built) {
    select.append(el("option", {value: "built"}, t("play.built", {name: built.variant.name ?? "?"})));
  }
  for (const v of body) select.append(el("option", {value: v.id}, variantName(v.id, v.name)));
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted === "built" && built) select.value = "built";
  else if (wanted && body.some((v) => v.id === wanted)) select.value = wanted;
  showChosen(select);
  document.getElementById("create").disabled = false;
}

function showError(message) {
  // The API's words are a clause ("you already have..."): shown as a sentence.
  const said = String(message);
  errorBox.replaceChildren(el("p", {}, said.charAt(0).toUpperCase() + said.slice(1)));
  errorBox.hidden = false;
}

function showLinks(result, token) {
  const list = document.getElementById("link-list");
  list.replaceChildren();
  for (const link of result.links) {
    if (link.seat === result.host) continue;
    const url = shareUrl(link.path);
    const input = el("input", {value: url, readonly: true, class: "link", "aria-label": t("play.link_for", {seat: link.seat})});
    list.append(
      el("p", {class: "link-row"}, el("span", {}, t("play.link_for", {seat: link.seat})), input,
        el("button", {type: "button", onclick: () => copy(url)}, t("common.copy")),
        qrSvg(url, t("common.qr", {seat: link.seat}))),
    );
  }
  if (result.watch_path) {
    // Anyone may follow the table with this one: it shows no hand.
    const url = shareUrl(result.watch_path);
    list.append(
      el("p", {class: "link-row"}, el("span", {}, t("table.watch_link")),
        el("input", {value: url, readonly: true, class: "link", "aria-label": t("table.watch_link")}),
        el("button", {type: "button", onclick: () => copy(url)}, t("common.copy")),
        qrSvg(url, t("table.watch_link"))),
    );
  }
  const note = loopbackNote();
  if (note) list.append(note);
  const go = document.getElementById("go");
  go.href = `/table/${result.table}#t=${token}`;
  document.getElementById("links").hidden = false;
  go.focus();
}

// One table a press: the button waits for the server's answer (a double tap on a slow phone made
// two tables), and once a friends' table's links are shown it waits for a change to the form,
// so that pressing it again does not make a second table by mistake.
const create = document.getElementById("create");
form.addEventListener("change", () => { if (!form.dataset.busy) create.disabled = false; });
// A page brought back by the browser's Back button (its memory of the page, not a new load):
// ready for another table.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && !form.dataset.busy) create.disabled = false;
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (form.dataset.busy) return;
  form.dataset.busy = "1";
  create.disabled = true;
  try {
    await setUp();
  } finally {
    delete form.dataset.busy;
  }
});

async function setUp() {
  errorBox.hidden = true;
  const seats = ["human", ...[1, 2, 3].map((s) => document.getElementById(`seat${s}`).value)];
  const built = builtVariant();
  const variant = select.value === "built" && built ? built.variant : select.value;
  const request = {variant, seats};
  const seed = document.getElementById("seed").value.trim();
  if (seed) request.seed = /^-?\d{1,15}$/.test(seed) ? Number(seed) : seed;
  const {status, body} = await api("/api/tables", {json: request});
  if (status !== 200) {
    const issues = body.issues?.map((i) => [fieldLabel(i.path), issueText(i)].filter(Boolean).join(": ")).join("; ");
    const known = body.error && t(`error.${body.error}`) !== `error.${body.error}` ? t(`error.${body.error}`) : null;
    // The server says its refusal in the page's language (api() sends it).
    showError(issues || body.message || known || t("common.error", {message: status}));
    create.disabled = false; // the problem said: fix it and press again
    return;
  }
  const token = body.seats.find((s) => s.seat === body.host).token;
  if (body.seats.length === 1) location.href = `/table/${body.table}#t=${token}`;
  else showLinks(body, token);
}

fillVariants();
