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
