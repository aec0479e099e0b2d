"""The fanfare ruleset as the engine sees it: what is fanfare's own on the engine's skeleton
(:class:`~rules.engine.RulesetBase` does setup, starter decks, results and the canonical state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..engine import Action, ActionSpec, Kind, Rng, RulesetBase, StepLog
from ..engine.decks import DeckRule
from ..engine.wording import Wording
from . import actions, cpu, flow, loading, text
from .cards import CardPool
from .state import BOARD_SLOTS, HAND_LIMIT, MAX_PP, FanfareState
from .stats import defence
from .views import FanfareView, summary, view
from .words import CAPTIONS

__all__ = ["VERSION", "FanfareRuleset"]

VERSION = "2"
"""The rules' own version; the card pool's digest is appended (see ``FanfareRuleset.version``).
2: the canonical state is derived from the state's fields (same rules, a new state hash)."""


class FanfareRuleset(RulesetBase[FanfareState, FanfareView]):
    """Leaders, followers and a strict trigger/resolve order (``spec/fanfare.md``)."""

    name = "fanfare"
    rules_version = VERSION
    deck_rule: ClassVar[DeckRule | None] = loading.DECK_RULE
    setup_fields = frozenset({"first"})
    timeout = actions.TIMEOUT
    kinds: ClassVar[Mapping[str, Kind]] = actions.KINDS
    cpu_guide = cpu.GUIDE
    english = text.ENGLISH
    captions = CAPTIONS

    pool: CardPool

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)

    def write_text(self, card: Any, wording: Wording) -> str:
        return text.card_text(card, self.pool.cards, wording=wording)

    def write_summary(self, card: Any, wording: Wording) -> str:
        return text.summary_text(card, wording=wording)

    def texts_shown(self, card: Any, wording: Wording) -> list[str]:
        """Its whole text, then each ability's alone and each ability it grants, as a board
        tile and a caption ("gains \"Last words: ...\"") show them."""
        cards = self.pool.cards
        return [self.write_text(card, wording), *text.ability_texts(card, cards, wording=wording)]

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """``"first"``: the seat that goes first instead of the coin's (FANFARE-1.2,
        ``docs/rulings.md``), left out when not given."""
        return self.first_field(setup, seats)

    def create(self, seed: int, setup: Mapping[str, Any]) -> FanfareState:
        state = FanfareState(self.pool, Rng(seed))
        state.named_first = setup.get("first")
        for seat, deck in enumerate(setup["decks"]):
            player = state.players[seat]
            player.deck = [state.new_card(self.pool.cards[c], seat) for c in deck]
        return state

    def begin(self, state: FanfareState, log: StepLog) -> None:
        flow.begin(state, log)

    def offer(self, state: FanfareState, seat: int) -> list[ActionSpec]:
        return actions.offer(state, seat)

    def offer_for(self, state: FanfareState, seat: int, action: Action) -> list[ActionSpec]:
        return actions.offer_for(state, seat, action)

    def view(self, state: FanfareState, seat: int | None) -> FanfareView:
        return view(state, seat)

    def determinize(self, state: FanfareState, seat: int, rng: Rng) -> FanfareState:
        return cpu.determinize(state, seat, rng)

    def summary(self, view: FanfareView) -> str:
        return summary(view)

    def pending(self, state: FanfareState) -> tuple[int, ...]:
        return actions.pending(state)

    def invariants(self, state: FanfareState) -> list[str]:
        """The invariants ``state`` breaks (empty when all hold): used by soak tests."""
        broken = []
        over = state.result is not None
        if state.queue:
            broken.append(f"{len(state.queue)} effects still waiting between actions")
        for p in state.players:
            if len(p.hand) > HAND_LIMIT:
                broken.append(f"seat {p.seat} holds {len(p.hand)} cards (FANFARE-2.4)")
            if len(p.board) > BOARD_SLOTS:
                broken.append(f"seat {p.seat} has {len(p.board)} cards on the board (FANFARE-2.4)")
            if not 0 <= p.pp <= p.max_pp <= MAX_PP:
                broken.append(f"seat {p.seat} has {p.pp} of {p.max_pp} PP")
            if p.ep < 0:
                broken.append(f"seat {p.seat} has {p.ep} evolution points")
            if not over and p.leader.defence <= 0:
                broken.append(f"seat {p.seat}'s leader is at {p.leader.defence} but plays on")
            for zone, cards in (
                ("deck", p.deck),
                ("hand", p.hand),
                ("board", p.board),
                ("cemetery", p.cemetery),
            ):
                for card in cards:
                    if card.zone != zone or card.owner != p.seat:
                        broken.append(f"{card!r} is listed in seat {p.seat}'s {zone}")
            for card in p.board:
                if not over and card.defn.follower and defence(state, card) <= 0:
                    broken.append(f"{card!r} is on the board at 0 defence (FANFARE-Q6)")
                if card.countdown is not None and card.countdown <= 0:
                    broken.append(f"{card!r} stays at countdown {card.countdown}")
        listed = sum(
            len(p.deck) + len(p.hand) + len(p.board) + len(p.cemetery) for p in state.players
        )
        gone = sum(1 for c in state.cards.values() if c.zone == "gone")
        if listed + gone != len(state.cards):
            broken.append(f"{len(state.cards) - listed - gone} cards are in no zone")
        return broken
