"""The esper ruleset as the engine sees it: what is esper's own on the engine's skeleton
(:class:`~rules.engine.RulesetBase` does setup, results and the canonical state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..engine import ActionSpec, Kind, Rng, RulesetBase, StepLog
from ..engine.wording import Wording
from . import actions, cpu, flow, text
from .cards import CardPool
from .state import DEAD, EsperState
from .views import EsperView, summary, view
from .words import CAPTIONS

__all__ = ["VERSION", "EsperRuleset"]

VERSION = "1"
"""The rules' own version; the pool's digest is appended."""


class EsperRuleset(RulesetBase[EsperState, EsperView]):
    """A hidden-role board game for 3 to 10 players on ring planets and a secret base
    (``spec/esper.md``)."""

    name = "esper"
    rules_version = VERSION
    min_seats = 3
    max_seats = 10
    timeout = actions.TIMEOUT
    kinds: ClassVar[Mapping[str, Kind]] = actions.KINDS
    cpu_guide = cpu.GUIDE
    english = text.ENGLISH
    captions = CAPTIONS

    def write_text(self, card: Any, wording: Wording) -> str:
        return text.card_text(card, wording=wording)

    def write_summary(self, card: Any, wording: Wording) -> str:
        return text.summary_text(card, wording=wording)

    pool: CardPool
    random_weights: ClassVar[Mapping[str, float]] = {
        "concede": 0.0005,
        "declare": 0.05,
        "arm": 0.05,
        "disarm": 0.05,
    }
    """For the simulator's random player: a match takes several hundred decisions among up to
    ten seats, so the usual chance of conceding would end most random matches early, and a
    victory declared at every turn would reveal everyone in part 1."""

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)

    def create(self, seed: int, setup: Mapping[str, Any]) -> EsperState:
        rng = Rng(seed)
        dealt = flow.characters(self.pool, int(setup["seats"]), rng)
        state = EsperState(self.pool, rng, dealt)
        flow.deal(state)
        return state

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        return {"seats": rng.between(self.min_seats, self.max_seats)}

    def begin(self, state: EsperState, log: StepLog) -> None:
        flow.begin(state, log)

    def offer(self, state: EsperState, seat: int) -> list[ActionSpec]:
        return actions.offer(state, seat)

    def view(self, state: EsperState, seat: int | None) -> EsperView:
        return view(state, seat)

    def summary(self, view: EsperView) -> str:
        return summary(view)

    def determinize(self, state: EsperState, seat: int, rng: Rng) -> EsperState:
        return cpu.determinize(state, seat, rng)

    def pending(self, state: EsperState) -> tuple[int, ...]:
        return actions.pending(state)

    def invariants(self, state: EsperState) -> list[str]:
        """The invariants ``state`` breaks (empty when all hold): used by soak tests."""
        broken: list[str] = []
        over = state.result is not None
        if not over and not actions.pending(state):
            broken.append("the match waits on nobody")
        for p in state.players:
            if p.state == DEAD and (p.where is not None or p.gear or p.clues or p.hand):
                broken.append(f"seat {p.seat} is dead but keeps a piece, gear, clues or a hand")
            if not 0 <= p.damage < p.character.durability and p.state != DEAD:
                broken.append(f"seat {p.seat} lives with damage {p.damage}")
            if p.spent > p.character.power:
                broken.append(f"seat {p.seat} spent more ESP power than it has")
            if p.party is not None and state.players[p.party].party != p.party:
                broken.append(f"seat {p.seat} is in a party without a leader")
            if p.party is not None and p.where != state.players[p.party].where:
                broken.append(f"seat {p.seat} is not on its party leader's square")
        for leader in {p.party for p in state.players if p.party is not None}:
            if not 2 <= len(state.members(leader)) <= 3:
                broken.append(f"seat {leader}'s party has {len(state.members(leader))} members")
        cards = len(state.deck) + len(state.discard) + sum(len(p.hand) for p in state.players)
        if cards != len(state.combat_cards):
            broken.append(f"{len(state.combat_cards) - cards} combat cards are nowhere")
        if state.combat is None and (state.discard or any(p.hand for p in state.players)):
            broken.append("combat cards are out of the deck with no combat")
        if state.part == 2 and not over:
            keys = sum(1 for c in state.base if c is not None and state.kind_of(c) == "key_base")
            gone = sum(1 for c in state.destroyed.values() if state.kind_of(c) == "key_base")
            if state.agenda and state.agenda[0].kind in ("key_base",):
                pass
            elif keys + gone != 4 and state.round >= 1:
                broken.append(f"{keys} key bases on the board and {gone} destroyed")
        return broken
