// The hint of a practice table (one person and bots): GET /api/tables/{table}/hint with the
// seat's token; the advice and its reason, in words, under the hand.
import {api, fill, lang} from "./common.js";

const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const tableId = decodeURIComponent(location.pathname.split("/").pop());

async function ask() {
  const {status, body} = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {query: {token, lang}});
  $("hint-text").textContent = status === 200 ? body.why : body.message ?? String(status);
}

async function start() {
  const button = $("hint");
  if (!button || !token) return;
  const probe = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {query: {token, lang, probe: 1}});
  if (probe.status !== 200) return; // hints only at a practice table
  const {status, body} = await api("/api/analysis/words", {query: {lang}});
  if (status === 200) button.textContent = body["hint.button"];
  $("hint-box").hidden = false;
  button.addEventListener("click", async () => {
    fill($("hint-text"), status === 200 ? body["hint.wait"] : "…");
    await ask();
  });
}

start();
