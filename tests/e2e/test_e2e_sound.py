"""The table's sounds in headless Chromium: off by default with no AudioContext made; turned on
by the toggle (a user gesture), a card played starts an oscillator; the choice survives a
reload without a context made before the next gesture; no console error on the way."""

from __future__ import annotations

from typing import Any

from .conftest import Server
from .test_e2e_look import ONE_GAME, PHONE, open_table
from .test_e2e_web import act

# Counts the AudioContexts made and the oscillators started, before any script of the page.
_COUNT_AUDIO = """(() => {
  window.__audio = {contexts: 0, started: 0};
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.contexts += 1; }
    createOscillator() {
      const osc = super.createOscillator();
      const start = osc.start.bind(osc);
      osc.start = (...args) => { window.__audio.started += 1; return start(...args); };
      return osc;
    }
  };
})();"""


def _audio(page: Any) -> dict[str, int]:
    return dict(page.evaluate("() => window.__audio"))


def test_sound_is_off_until_turned_on_and_kept_on_after_a_reload(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(_COUNT_AUDIO)
    errors: list[str] = []
    try:
        page = open_table(context, server, ONE_GAME, lang="en")
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        toggle = page.locator("#sound")
        assert toggle.get_attribute("aria-pressed") == "false"
        assert toggle.inner_text() == "Sound: off"
        act(page)  # a move with sound off makes no context
        assert _audio(page) == {"contexts": 0, "started": 0}

        toggle.tap()  # touch turns it on; the tap is the gesture that makes the context
        assert toggle.get_attribute("aria-pressed") == "true"
        assert toggle.inner_text() == "Sound: on"
        assert _audio(page)["contexts"] == 1
        for _ in range(30):  # play until a card of ours has been played with sound on
            if act(page) == "card":
                break
        page.wait_for_function("() => window.__audio.started > 0")
        assert page.evaluate("() => localStorage.getItem('sueca.sound')") == "on"

        page.reload()
        page.wait_for_selector("#game:not([hidden])")
        toggle = page.locator("#sound")
        assert toggle.get_attribute("aria-pressed") == "true"
        assert _audio(page)["contexts"] == 0  # none before this page's first gesture
        page.wait_for_function("() => window.__audio !== undefined")
        act(page)  # the click or tap of a move is the gesture
        assert _audio(page)["contexts"] == 1

        toggle.focus()  # the keyboard turns it off again
        page.keyboard.press("Enter")
        assert toggle.get_attribute("aria-pressed") == "false"
        started = _audio(page)["started"]
        act(page)
        page.wait_for_timeout(1000)  # a trick's sound comes a moment after it is won
        assert _audio(page)["started"] == started
        assert not errors, errors
    finally:
        context.close()


def test_the_sound_toggle_speaks_portuguese(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = open_table(context, server, ONE_GAME, lang="pt")
        toggle = page.locator("#sound")
        assert toggle.inner_text() == "Som: desligado"
        toggle.tap()
        assert toggle.inner_text() == "Som: ligado"
        assert toggle.get_attribute("aria-pressed") == "true"
    finally:
        context.close()
