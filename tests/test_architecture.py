"""The package's structure, as docs/architecture.md states it: no import cycle (imports inside
functions and for type checkers included), no module reading another module's private names,
no function longer than about 120 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sueca_rules"


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports anywhere in its text (top level, inside
    functions, under TYPE_CHECKING), except the package's own root (its lazy table)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if node.module is not None or not node.level:
                found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in modules and m not in (name, "sueca_rules")}


def test_there_is_no_import_cycle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert sum(len(edges) for edges in graph.values()) > 200
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert cycles == []


def test_no_module_reads_another_modules_private_names() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found += [
                    f"{path.name}: from {node.module} import {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert found == []


def test_no_function_is_longer_than_about_120_lines() -> None:
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > 120:
                    long.append(f"{path.name}: {node.name}")
    assert long == []


def test_sueca_play_and_the_study_options_do_not_import_each_other() -> None:
    # `StopOnTerm` serves the studies, `sueca arena` and `sueca play` from a module of its own.
    modules = _modules()
    play = {
        n for n in modules if n.startswith(("sueca_rules.cli._play", "sueca_rules.cli._cmd_play"))
    }
    study = "sueca_rules.cli._study_options"
    assert len(play) >= 6
    for name in play:
        assert study not in _imports(name, modules[name], modules), name
    assert not play & _imports(study, modules[study], modules)
    for name in ("sueca_rules.cli._cmd_play", study, "sueca_rules.cli._cmd_arena"):
        assert "sueca_rules.cli._signals" in _imports(name, modules[name], modules), name
