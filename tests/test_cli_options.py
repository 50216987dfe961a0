"""Options checked when the command line is read: out-of-range numbers are argparse errors (exit
status 2, no traceback), before any work."""

from __future__ import annotations

import pytest

from sueca_rules.cli import main


def _status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize(
    ("port", "message"),
    [
        ("99999", "must be at most 65535 (the highest port), got 99999"),
        ("65536", "got 65536"),
        ("-1", "must be 0 (any free port) or more"),
        ("http", "not a whole number"),
    ],
)
def test_serve_refuses_a_port_out_of_range(
    port: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(["serve", "--port", port]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "Traceback" not in err
