// The table's sounds, off unless the player turns them on: short tones made here with the
// Web Audio API (no files, nothing fetched). The AudioContext is made only in a user gesture
// after sound is on (the click that turns it on, or the first click or key after a reload),
// so the browser never blocks it nor warns of autoplay.
import {t} from "./common.js";

const KEY = "sueca.sound";
let on = false;
let audio = null;

try {
  on = localStorage.getItem(KEY) === "on";
} catch {
  on = false;
}

function wake() {
  if (!on) return;
  audio ??= new AudioContext();
  if (audio.state === "suspended") audio.resume();
}

// A tone: `notes` are [frequency Hz, start s, length s], `type` the oscillator's wave.
function tone(notes, type = "sine", level = 0.12) {
  if (!on || !audio) return;
  const now = audio.currentTime;
  for (const [freq, at, length] of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, now + at);
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(level, now + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at);
    osc.stop(now + at + length + 0.02);
  }
}

/** The sounds of the table. */
export const sound = {
  card: () => tone([[220, 0, 0.07]], "triangle", 0.1), // a soft tap
  trick: () => tone([[330, 0, 0.08], [247, 0.07, 0.12]], "triangle", 0.08), // a sweep down
  turn: () => tone([[784, 0, 0.25], [1047, 0.12, 0.35]], "sine", 0.1), // a chime
};

/** The toggle button `button` ("Sound: off" / "Sound: on", aria-pressed), kept in localStorage. */
export function soundToggle(button) {
  const show = () => {
    button.setAttribute("aria-pressed", String(on));
    button.textContent = t(on ? "table.sound_on" : "table.sound_off");
  };
  button.addEventListener("click", () => {
    on = !on;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // storage refused (a private window): the choice lasts for this page
    }
    wake();
    show();
  });
  // Sound kept on from before: the context waits for the first gesture on this page.
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wake, {capture: true});
  show();
}
