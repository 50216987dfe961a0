"""The `analysis` section in European Portuguese (see `._analysis_tables`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["ANALYSIS"]

_SUITS: Final = ("espadas", "copas", "ouros", "paus")


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return text.replace(".", ",")


def _points(n: int) -> str:
    return f"{n} ponto" if n == 1 else f"{n} pontos"


class _Analysis:
    def gave_points(self, card: str, lower: str, points: int) -> str:
        return (
            f"Os adversários estavam a ganhar a vaza e deste-lhes {card} ({_points(points)}); "
            f"podias jogar {lower}."
        )

    def ruffed_partner(self, card: str) -> str:
        return (
            f"O teu parceiro estava a ganhar a vaza e cortaste-a com {card}; podias ter deitado "
            "outra carta."
        )

    def overtook_partner(self, card: str, lower: str) -> str:
        return (
            f"O teu parceiro estava a ganhar a vaza e passaste-lhe por cima com {card}; podias "
            f"jogar {lower}."
        )

    def let_trick_go(self, card: str, best: str) -> str:
        return (
            f"Os adversários estavam a ganhar a vaza e deixaste-a ir com {card}; com {best} "
            "ficavas com ela."
        )

    def did_not_cut(self, card: str, best: str, suit: int) -> str:
        return (
            f"Não tinhas {_SUITS[suit]} e os adversários estavam a ganhar a vaza: jogaste {card} "
            f"em vez de cortar com {best}."
        )

    def led_under_higher(self, card: str, higher: str) -> str:
        return f"Saíste com {card} quando {higher} ainda estava por sair."

    def partner_void(self, best: str, suit: int) -> str:
        return (
            f"O teu parceiro já não tinha {_SUITS[suit]} e não jogaste {_SUITS[suit]} ({best}) "
            "para ele cortar."
        )

    def kept_weak_hand(self, points: int) -> str:
        return f"Ficaste com uma mão fraca ({_points(points)}) quando dar de novo valia mais."

    def asked_redeal(self, points: int) -> str:
        return (
            f"Pediste para dar de novo com uma mão ({_points(points)}) que valia mais do que uma "
            "nova."
        )

    def missed_claim(self, rival: str | None) -> str:
        who = rival or "um adversário"
        return f"{who[0].upper()}{who[1:]} fez renúncia, podias prová-lo e não a reclamaste."

    def false_claim(self) -> str:
        return "Reclamaste uma renúncia que não podias provar."

    def revoked(self, card: str) -> str:
        return (
            f"Não assististe e jogaste {card}: é renúncia, e os adversários podem reclamar a mão."
        )

    def better(self, best: str, loss: float) -> str:
        return f"{best} valia em média mais {_n(loss)} pontos."

    def either_side(self) -> str:
        return "Cima ou baixo: escolhe-se antes de se ver qualquer carta; vale o mesmo."

    def only_option(self) -> str:
        return "É a única escolha."

    def keep_hand(self, points: int) -> str:
        return f"Fica com a mão ({_points(points)}): vale mais do que dar de novo."

    def new_deal(self, points: int) -> str:
        return f"Pede para dar de novo: esta mão ({_points(points)}) vale menos do que uma nova."

    def claim_now(self) -> str:
        return "Reclama: um adversário fez renúncia e podes prová-lo."

    def no_claim(self) -> str:
        return "Não reclames: não há renúncia que possas provar."

    def takes(self, card: str) -> str:
        return f"{card} ganha a vaza."

    def feeds_partner(self, card: str, points: int) -> str:
        return f"O teu parceiro está a ganhar a vaza: {card} dá-lhe {_points(points)}."

    def gives_least(self, card: str) -> str:
        return f"Os adversários estão a ganhar a vaza: {card} é a carta que menos lhes dá."

    def partner_can_cut(self, card: str, suit: int) -> str:
        return f"O teu parceiro não tem {_SUITS[suit]}: joga {card} para ele cortar."

    def best_value(self, card: str, points: int, gap: float) -> str:
        more = f", mais {_n(gap)} do que com a segunda melhor" if gap > 0 else ""
        return f"Joga {card}: a tua equipa acaba a mão com {_points(points)} em média{more}."

    def title(self, variant: str, level: int) -> str:
        return f"Análise de um jogo com as regras {variant} (nível {level})"

    def deal_title(self, number: int, points: tuple[int, int]) -> str:
        return f"Mão {number}: {points[0]}-{points[1]}"

    def deal_redeal(self, number: int, seat: str) -> str:
        return f"Mão {number}: {seat} pediu para dar de novo"

    def kind(self, kind: str) -> str:
        return {"card": "carta", "redeal": "dar de novo?", "claim": "reclamar?"}.get(kind, kind)

    def answer(self, kind: str, choice: bool | int | str) -> str:
        if kind == "redeal":
            return "dar de novo" if choice is True else "ficar"
        if kind == "claim":
            if choice is False:
                return "não reclamar"
            return "reclamar" if choice is True else f"reclamar contra o lugar {choice}"
        return str(choice)

    def decision_line(
        self, after: int, seat: str, kind: str, played: str, best: str, loss: float
    ) -> str:
        shown = f"  melhor {best}, perde {_n(loss)}" if loss else ""
        return f"  carta {after + 1:>2}  {seat:<7} {kind:<12} {played}{shown}"

    def mistake(self) -> str:
        return "ERRO"

    def summary_head(self) -> str:
        return "Por lugar"

    def summary(self, seat: str, decisions: int, loss: float, mistakes: int) -> str:
        ms = "1 erro" if mistakes == 1 else f"{mistakes} erros"
        ds = "1 decisão" if decisions == 1 else f"{decisions} decisões"
        return f"{seat}: {ds}, {_n(loss)} pontos perdidos ao todo, {ms}"

    def biggest(self, deal: int, after: int, played: str, best: str, loss: float) -> str:
        return f"    mão {deal}, carta {after + 1}: {played} em vez de {best}, {_n(loss)} pontos"

    def hint_head(self, choice: str) -> str:
        return f"Sugestão: {choice}"

    hint_words: frozenset[str] = frozenset({"!", "dica"})

    def hint_keys(self) -> str:
        return (
            "Há sugestões: escreve ! (ou dica) quando for a tua vez de jogar, e o computador diz "
            "o que jogava, e porquê."
        )

    web: Mapping[str, str] = MappingProxyType(
        {
            "review.title": "Análise",
            "review.button": "Analisar este jogo",
            "review.wait": "A analisar… (pode demorar um minuto)",
            "review.intro": (
                "Cada decisão julgada com o que o jogador podia ver: o valor de cada opção é "
                "a média dos pontos da equipa no fim da mão."
            ),
            "review.deal": "Mão {n}",
            "review.level": "Nível",
            "review.card": "carta",
            "review.seat": "lugar",
            "review.played": "jogou",
            "review.best": "melhor",
            "review.loss": "perda",
            "review.options": "opções",
            "review.mistake": "erro",
            "review.chart": "Pontos esperados da equipa 0 (lugares 0 e 2) ao longo da mão",
            "review.summary": "Por lugar",
            "review.decisions": "decisões",
            "review.mistakes": "erros",
            "review.failed": "A análise falhou",
            "hint.button": "Sugestão",
            "hint.wait": "A pensar…",
            "hint.none": "Não é a tua vez de decidir.",
            "hint.allow": "Permitir ajudas",
            "hint.agreed": "{agreed} de {players} jogadores concordaram",
        }
    )

    def number(self, value: float) -> str:
        return _n(value)


ANALYSIS: Final = _Analysis()
