// The tournament players' page reloads itself every 30 seconds, to show the results entered
// since; not while its reader is in its form (choosing their team: a reload would close the
// list and lose the choice), nor in the 30 seconds after they last touched the page.
const EVERY = 30_000;
let touched = Date.now();
for (const type of ["pointerdown", "keydown", "input", "change", "focusin"]) {
  document.addEventListener(type, () => { touched = Date.now(); }, {capture: true});
}
setInterval(() => {
  const busy = document.activeElement?.closest("form");
  if (!busy && Date.now() - touched >= EVERY) location.reload();
}, 1000);
