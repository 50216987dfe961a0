"""Stopping a long command (a study, `sueca arena`, `sueca play`) on SIGTERM or SIGHUP as on
Ctrl-C, so that what it has done so far is saved or shown rather than lost."""

from __future__ import annotations

from typing import Any

__all__ = ["StopOnTerm"]


class StopOnTerm:
    """While active, SIGTERM stops the run like Ctrl-C (a study saves its checkpoint and shows
    the figures so far, `sueca arena` its results so far, `sueca play` saves the game); workers
    die with this process in any case. With `hangup`, SIGHUP (the terminal closed) does the same.
    Once one has come, more of them are ignored, so that what is saved on the way out is saved
    whole."""

    def __init__(self, hangup: bool = False) -> None:
        self.terminated = False
        self.signum: int | None = None
        """The signal that stopped it, if one did."""
        self._hangup = hangup
        self._previous: dict[int, Any] = {}

    def _handle(self, signum: int, frame: object) -> None:
        import signal

        for caught in self._previous:
            signal.signal(caught, signal.SIG_IGN)
        self.terminated = True
        self.signum = signum
        raise KeyboardInterrupt

    def __enter__(self) -> StopOnTerm:
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            wanted = [signal.SIGTERM]
            if self._hangup and hasattr(signal, "SIGHUP"):
                wanted.append(signal.SIGHUP)
            for caught in wanted:
                self._previous[caught] = signal.signal(caught, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        for caught, previous in self._previous.items():
            signal.signal(caught, previous)
        self._previous.clear()
