// The browser's renderer of the language catalogues (sueca_rules/_lang/catalogues/<lang>/*.json),
// the twin of sueca_rules/_lang/_catalogue.py: an entry is a template ("{who} takes the trick")
// or a choice ({"$": "n", "one": ..., "other": ...}) by a number's plural form or "=N", a yes/no
// ("true"/"false") or a word, falling back to "other". tests/test_catalogues.py renders every
// entry with both and compares. No DOM here: node runs it in the tests.

/** The plural form of `n` in `lang`: "one" for exactly 1 (English, European Portuguese). */
export function pluralForm(lang, n) {
  return n === 1 && (lang === "en" || lang === "pt") ? "one" : "other";
}

function exactKey(value) {
  return Number.isInteger(value) ? `=${value}` : `=${String(value)}`;
}

function branch(entry, value, lang) {
  let keys;
  if (typeof value === "boolean") keys = [value ? "true" : "false"];
  else if (typeof value === "number") keys = [exactKey(value), pluralForm(lang, value)];
  else keys = [String(value)];
  for (const key of keys) {
    if (key !== "$" && Object.hasOwn(entry, key)) return entry[key];
  }
  return entry.other;
}

/** `entry` filled in from `params`; a value not given leaves `{name}` (and a choice its
 * "other"), so that a page never breaks on a missing value. */
export function render(entry, params, lang) {
  while (entry !== null && typeof entry === "object") {
    const name = entry.$;
    entry = Object.hasOwn(params, name) ? branch(entry, params[name], lang) : entry.other;
  }
  return String(entry ?? "").replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A problem's values as its words show them (the twin of `issue_text()` in
 * sueca_rules/_lang/__init__.py): a size limit or a size of five digits or more (`limit`,
 * `size`: 8388608) with its thousands grouped as the language writes them (`thousands`, the
 * game's `number.thousands`: "8 388 608" in Portuguese), unless the entry chooses its words by
 * that value. */
export function issueParams(entry, params, thousands) {
  const out = {...params};
  const chosenBy = entry !== null && typeof entry === "object" ? entry.$ : null;
  for (const name of ["limit", "size"]) {
    const value = out[name];
    if (name === chosenBy || value === null || value === undefined) continue;
    const text = String(value);
    if (/^[0-9]{5,}$/.test(text)) out[name] = text.replace(/\B(?=([0-9]{3})+$)/g, thousands);
  }
  return out;
}
