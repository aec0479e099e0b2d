"""The breakfall ruleset as the engine sees it: what is breakfall's own on the engine's skeleton
(:class:`~rules.engine.RulesetBase` does setup, starter decks, results and the canonical state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..engine import ActionSpec, Kind, Rng, RulesetBase, StepLog
from ..engine.decks import DeckRule
from ..engine.wording import Wording
from . import actions, cpu, flow, loading, text
from .cards import CardPool
from .state import DAMAGE_LIMIT, BreakfallState
from .stats import durability
from .views import BreakfallView, summary, view
from .words import CAPTIONS
from .zones import ZONES

__all__ = ["VERSION", "BreakfallRuleset"]

VERSION = "2"
"""The rules' own version; the card pool's digest is appended."""


class BreakfallRuleset(RulesetBase[BreakfallState, BreakfallView]):
    """An alternating duel with a resolution space, damage checks and breakfall cards
    (``spec/breakfall.md``)."""

    name = "breakfall"
    rules_version = VERSION
    deck_rule: ClassVar[DeckRule | None] = loading.DECK_RULE
    setup_fields = frozenset({"first"})
    timeout = actions.TIMEOUT
    kinds: ClassVar[Mapping[str, Kind]] = actions.KINDS
    cpu_guide = cpu.GUIDE
    english = text.ENGLISH
    captions = CAPTIONS

    def write_text(self, card: Any, wording: Wording) -> str:
        return text.card_text(card, wording=wording)

    def write_summary(self, card: Any, wording: Wording) -> str:
        return text.summary_text(card, wording=wording)

    def texts_shown(self, card: Any, wording: Wording) -> list[str]:
        """Its whole text, and each ability's alone, as a character's tile shows them; its
        breakfall alone and the breakfall's cost, as a breakfall's menu shows them; a
        technique's effects as one sentence, as its entry in the resolution space shows them."""
        english = wording is self.english
        abilities = [
            (english and a.text) or text.ability_text(a, wording=wording) for a in card.abilities
        ]
        breakfall = card.breakfall
        if breakfall is not None:
            abilities.append(
                (english and breakfall.text) or text.ability_text(breakfall, wording=wording)
            )
            if breakfall.cost:
                abilities.append(text.cost_text(breakfall.cost, wording=wording))
        if not card.character:  # a technique's entry in the resolution space: its effects
            abilities += [text.effects_sentence(a, wording=wording) for a in card.abilities]
        return [self.write_text(card, wording), *abilities]

    pool: CardPool
    random_weights: ClassVar[Mapping[str, float]] = {"concede": 0.001}
    """For the simulator's random player (``rules.simulate.weights_for``): a match takes a few
    hundred decisions, most of them passes, so the usual chance of conceding at each would end
    most random matches long before their end."""

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)

    def check_deck(self, cards: list[str]) -> str | None:
        return loading.breakfall_problem(cards, self.pool.cards)

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """``"first"``: the seat that goes first instead of the coin's (``docs/rulings.md``,
        BREAKFALL-1.3), left out when not given."""
        return self.first_field(setup, seats)

    def create(self, seed: int, setup: Mapping[str, Any]) -> BreakfallState:
        state = BreakfallState(self.pool, Rng(seed))
        state.named_first = setup.get("first")
        for seat, deck in enumerate(setup["decks"]):
            player = state.players[seat]
            player.deck = [state.new_card(self.pool.cards[c], seat) for c in deck]
        return state

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        starters = [d for d in self.pool.decks]
        return {"decks": [rng.choice(starters) for _ in range(self.min_seats)]}

    def begin(self, state: BreakfallState, log: StepLog) -> None:
        flow.begin(state, log)

    def offer(self, state: BreakfallState, seat: int) -> list[ActionSpec]:
        return actions.offer(state, seat)

    def view(self, state: BreakfallState, seat: int | None) -> BreakfallView:
        return view(state, seat)

    def determinize(self, state: BreakfallState, seat: int, rng: Rng) -> BreakfallState:
        return cpu.determinize(state, seat, rng)

    def summary(self, view: BreakfallView) -> str:
        return summary(view)

    def pending(self, state: BreakfallState) -> tuple[int, ...]:
        return actions.pending(state)

    def invariants(self, state: BreakfallState) -> list[str]:
        """The invariants ``state`` breaks (empty when all hold): used by soak tests."""
        broken = []
        over = state.result is not None
        if not over and not actions.pending(state):
            broken.append("the match waits on nobody")
        if not over and state.resolving is not None and state.decision is None:
            broken.append("an entry is left half resolved")
        for p in state.players:
            for zone in ZONES:
                for card in getattr(p, zone):
                    if card.zone != zone or card.owner != p.seat:
                        broken.append(f"{card!r} is listed in seat {p.seat}'s {zone}")
            if not over and len(p.damage) >= DAMAGE_LIMIT:
                broken.append(
                    f"seat {p.seat} has {len(p.damage)} damage but plays on (BREAKFALL-4.1)"
                )
            if not over and state.decision is None and not p.deck:
                broken.append(f"seat {p.seat} has an empty deck but plays on (BREAKFALL-4.2)")
            asked = not over and state.decision is None and state.space.holder is not None
            for card in p.field:
                if asked and card.damage >= durability(state, card):
                    broken.append(f"{card!r} stays at lethal damage (BREAKFALL-5.2)")
        in_space = {e.item.uid for e in state.space.entries if e.item.kind == "card"}
        if state.resolving is not None and state.resolving.entry.item.kind == "card":
            in_space.add(state.resolving.entry.item.uid)
        for card in state.cards.values():
            if card.zone == "space" and card.uid not in in_space:
                broken.append(f"{card!r} is in the space without an entry")
        listed = sum(len(getattr(p, z)) for p in state.players for z in ZONES)
        if listed + len(in_space) != len(state.cards):
            broken.append(f"{len(state.cards) - listed - len(in_space)} cards are in no zone")
        return broken
