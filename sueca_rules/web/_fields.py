"""The house-rules builder's controls: every field of a variant, from the JSON Schema of
:class:`~sueca_rules.Variant` (its types, limits, choices and descriptions), grouped as the
rules card groups the rules. A field the groups do not name yet (a rule added later) still gets
a control, under "Other rules", with its schema description."""

from __future__ import annotations

import functools
from typing import Any, Final

from sueca_rules import Variant

from ._i18n import Lang, phrase

__all__ = ["GROUPS", "field_groups", "leaf_paths"]

GROUPS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("source", ("name", "description")),
    ("direction", ("table.direction", "deal.order")),
    ("deal", ("table.first_dealer", "deal.trump_card")),
    ("revoke", ("revoke.mode", "revoke.penalty_games", "revoke.false_claim")),
    ("scoring", ("scoring.tiers",)),
    (
        "bandeira",
        ("scoring.bandeira.requires", "scoring.bandeira.games", "scoring.bandeira.wins_partida"),
    ),
    ("tie", ("scoring.tie.mode", "scoring.tie.amount", "scoring.tie.stacks")),
    ("match", ("match.target_games", "match.best_of")),
)
"""The builder's groups, in the order of the rules card, with the fields of each."""

_HIDDEN: Final = frozenset({"extends"})  # the builder's "Start from" is the base

# The schema's descriptions, in European Portuguese (the English ones come from the schema).
_HELP_PT: Final[dict[str, str]] = {
    "name": "O nome das regras, como aparece no cartão de regras (obrigatório).",
    "description": "Texto livre: de onde vêm estas regras, quem as joga.",
    "table.direction": (
        "O sentido da distribuição e do jogo. `anticlockwise`: o jogador seguinte é o da sua "
        "direita (Portugal); `clockwise`: o da sua esquerda (como nas regras francesas)."
    ),
    "table.first_dealer": (
        "Quem dá a primeira mão de um encontro: `random` (à sorte), ou um lugar 0-3 (os "
        "lugares contam-se no sentido dos ponteiros do relógio; a equipa 0 são os lugares 0 "
        "e 2)."
    ),
    "deal.trump_card": (
        "Que carta se vira para mostrar o trunfo. `dealer_last`: as mãos dão-se a partir do "
        "jogador a seguir a quem dá, acabando em quem dá, e vira-se a última carta (a de quem "
        "dá); `dealer_first`: quem dá fica com as primeiras dez cartas e vira-se a primeira. "
        "Em ambos os casos a carta fica na mão de quem deu até a jogar."
    ),
    "deal.order": (
        "A ordem dos lugares em que se dão as quatro mãos de dez: `play_direction` (no "
        "sentido do jogo) ou `reverse` (no sentido contrário)."
    ),
    "revoke.mode": (
        "`prevented`: só se podem jogar cartas que assistem quando é possível, como no jogo "
        "online; `claimable`: pode jogar-se qualquer carta da mão, como numa mesa a sério, e "
        "um jogador pode acusar a renúncia, o que acaba a mão de imediato."
    ),
    "revoke.penalty_games": (
        "Jogos de castigo por uma renúncia (com `mode: claimable`): a equipa que acusa "
        "recebe-os quando um adversário renunciou nesta mão."
    ),
    "revoke.false_claim": (
        "Uma acusação quando nenhum adversário renunciou. `penalize_claimant`: a mão acaba e "
        "a outra equipa recebe os jogos do castigo; `ignored`: a acusação é rejeitada e o "
        "jogo continua."
    ),
    "scoring.tiers": (
        "Os jogos de quem ganha a mão, pelos pontos: conta o escalão mais alto cujos "
        "`min_points` atingiu. Os `min_points` têm de subir estritamente e o primeiro tem de "
        "passar dos 60. Normal: 61-90 um jogo, 91-119 dois jogos (capote)."
    ),
    "scoring.bandeira.requires": (
        "O que faz uma bandeira: `all_points` (os 120 pontos) ou `all_tricks` (as dez vazas; "
        "uma equipa com 120 pontos que perdeu uma vaza sem pontos conta pelos escalões)."
    ),
    "scoring.bandeira.games": "Os jogos que uma bandeira vale, em vez dos escalões.",
    "scoring.bandeira.wins_partida": (
        "`true`: uma bandeira acaba de imediato a partida, ganha pela equipa que a fez."
    ),
    "scoring.tie.mode": (
        "`none`: ninguém marca e nada passa para a mão seguinte; `add`: cada empate pendente "
        "junta `amount` jogos à próxima mão ganha; `multiply`: os jogos dessa mão "
        "multiplicam-se por `amount` uma vez por cada empate pendente."
    ),
    "scoring.tie.amount": (
        "Jogos juntados por empate (`add`) ou o fator por empate (`multiply`, pelo menos 2)."
    ),
    "scoring.tie.stacks": (
        "`true`: cada novo empate antes de uma mão ganha junta ou multiplica outra vez; "
        "`false`: vários empates seguidos contam como um só."
    ),
    "match.target_games": "Os jogos que ganham uma partida (normal: 4).",
    "match.best_of": (
        "O número de partidas, ímpar: o encontro vai para a primeira equipa a ganhar "
        "best_of // 2 + 1 delas. Os jogos voltam a 0 em cada partida."
    ),
}


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A schema node with ``$ref`` (also inside ``allOf``) replaced by what it names."""
    ref = node.get("$ref")
    if ref is None and len(node.get("allOf", ())) == 1:
        ref = node["allOf"][0].get("$ref")
    if ref is None:
        return node
    target = defs[ref.rsplit("/", 1)[-1]]
    return {**target, **{k: v for k, v in node.items() if k not in ("$ref", "allOf")}}


@functools.cache
def _leaves() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Every leaf field of a variant: (dotted path, its schema node), in schema order."""
    schema = Variant.model_json_schema()
    defs = schema.get("$defs", {})
    out: list[tuple[str, dict[str, Any]]] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, child in node.get("properties", {}).items():
            path = f"{prefix}{key}"
            resolved = _resolve(child, defs)
            if "properties" in resolved:
                walk(resolved, path + ".")
            elif path not in _HIDDEN:
                items = resolved.get("items")
                if isinstance(items, dict):
                    resolved = {**resolved, "items": _resolve(items, defs)}
                out.append((path, resolved))

    walk(schema, "")
    return tuple(out)


def leaf_paths() -> list[str]:
    """The dotted paths of every field the builder shows."""
    return [path for path, _ in _leaves()]


def _choices(node: dict[str, Any]) -> list[Any] | None:
    if "enum" in node:
        return list(node["enum"])
    options = node.get("anyOf") or node.get("oneOf")
    if options and all("enum" in o or "const" in o for o in options):
        values: list[Any] = []
        for o in options:
            values.extend(o.get("enum", [o.get("const")]))
        return values
    return None


def _control(path: str, node: dict[str, Any], lang: Lang) -> dict[str, Any]:
    help_en = str(node.get("description", ""))
    label_key = f"field.{path}"
    label = phrase(lang, label_key)
    control: dict[str, Any] = {
        "path": path,
        "label": label if label != label_key else path,
        "help": _HELP_PT.get(path, help_en) if lang == "pt" else help_en,
        "default": node.get("default"),
    }
    choices = _choices(node)
    if choices is not None:
        control["kind"] = "enum"
        control["options"] = []
        for value in choices:
            key = f"option.{path}.{value}"
            text = phrase(lang, key)
            control["options"].append({"value": value, "label": text if text != key else value})
    elif node.get("type") == "boolean":
        control["kind"] = "bool"
    elif node.get("type") == "integer":
        control.update(kind="int", min=node.get("minimum"), max=node.get("maximum"))
    elif node.get("type") == "array":
        items = node.get("items", {})
        control.update(
            kind="tiers",
            min_items=node.get("minItems", 1),
            max_items=node.get("maxItems", 60),
            columns=[
                {
                    "key": key,
                    "label": phrase(lang, f"rules.tier_{'min' if key == 'min_points' else key}"),
                    "min": sub.get("minimum"),
                    "max": sub.get("maximum"),
                }
                for key, sub in items.get("properties", {}).items()
            ],
        )
    else:
        control.update(kind="longtext" if path == "description" else "text")
        control["max_length"] = node.get("maxLength")
    return control


@functools.cache
def field_groups(lang: Lang) -> list[dict[str, Any]]:
    """The builder's groups of controls in ``lang``: ``[{"id", "title", "fields": [...]}]``."""
    leaves = dict(_leaves())
    groups: list[dict[str, Any]] = []
    placed: set[str] = set()
    for group, paths in GROUPS:
        fields = [_control(p, leaves[p], lang) for p in paths if p in leaves]
        placed.update(paths)
        if fields:
            groups.append({"id": group, "title": phrase(lang, f"group.{group}"), "fields": fields})
    rest = [_control(p, node, lang) for p, node in leaves.items() if p not in placed]
    if rest:
        groups.append({"id": "other", "title": phrase(lang, "group.other"), "fields": rest})
    return groups
