"""The fanfare ruleset as the engine sees it (``rules.engine.Ruleset``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..engine import Action, ActionSpec, DeckInfo, Result, Rng, StepLog
from . import actions, flow
from .cards import CardPool
from .loading import DECK_SIZE, MAX_COPIES
from .state import BOARD_SLOTS, HAND_LIMIT, MAX_PP, FanfareState
from .stats import defence
from .views import FanfareView, view

__all__ = ["VERSION", "FanfareRuleset"]

VERSION = "1"
"""The rules' own version; the card pool's digest is appended (see ``FanfareRuleset.version``)."""


class FanfareRuleset:
    """Leaders, followers and a strict trigger/resolve order (``spec/fanfare.md``)."""

    name = "fanfare"
    min_seats = 2
    max_seats = 2
    timeout = actions.TIMEOUT

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.version = f"{VERSION}+{pool.digest[:12]}"

    def __repr__(self) -> str:
        return f"<FanfareRuleset {self.version}>"

    # -- setup --------------------------------------------------------------------------------

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """``{"decks": [deck, deck]}``; a deck is a starter deck's id or a list of 40 card ids
        (FANFARE-1.1). Missing decks default to the first two starters."""
        unknown = set(setup) - {"seats", "decks"}
        if unknown:
            raise ValueError(f"setup: unknown field {sorted(unknown)[0]!r}")
        if setup.get("seats", 2) != 2:
            raise ValueError("setup: seats: fanfare is for exactly 2 players")
        decks = list(setup.get("decks") or list(self.pool.decks)[:2])
        if len(decks) != 2:
            raise ValueError("setup: decks: give one deck per player")
        return {"seats": 2, "decks": [self._deck(i, d) for i, d in enumerate(decks)]}

    def _deck(self, i: int, deck: Any) -> list[str]:
        if isinstance(deck, str):
            if deck not in self.pool.decks:
                known = ", ".join(self.pool.decks)
                raise ValueError(f"setup: decks[{i}]: no starter deck {deck!r} (known: {known})")
            return list(self.pool.decks[deck].cards)
        cards = list(deck)
        if len(cards) != DECK_SIZE:
            raise ValueError(f"setup: decks[{i}]: a deck holds {DECK_SIZE} cards (FANFARE-1.1)")
        for card_id in cards:
            card = self.pool.cards.get(card_id) if isinstance(card_id, str) else None
            if card is None or card.token:
                raise ValueError(f"setup: decks[{i}]: no deck card {card_id!r}")
        for card_id, n in Counter(cards).items():
            if n > MAX_COPIES:
                raise ValueError(
                    f"setup: decks[{i}]: {n} copies of {card_id!r}, at most {MAX_COPIES} "
                    "(FANFARE-1.1)"
                )
        return cards

    def starter_decks(self) -> list[DeckInfo]:
        return [DeckInfo(d.id, d.name, d.blurb) for d in self.pool.decks.values()]

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        starters = list(self.pool.decks)
        return {"decks": [rng.choice(starters), rng.choice(starters)]}

    # -- the match ----------------------------------------------------------------------------

    def create(self, seed: int, setup: Mapping[str, Any]) -> FanfareState:
        state = FanfareState(self.pool, Rng(seed))
        for seat, deck in enumerate(setup["decks"]):
            player = state.players[seat]
            player.deck = [state.new_card(self.pool.cards[c], seat) for c in deck]
        return state

    def begin(self, state: FanfareState, log: StepLog) -> None:
        flow.begin(state, log)

    def legal_actions(self, state: FanfareState, seat: int) -> list[ActionSpec]:
        return actions.legal_actions(state, seat)

    def apply(self, state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
        actions.apply(state, seat, action, log)

    def view(self, state: FanfareState, seat: int | None) -> FanfareView:
        return view(state, seat)

    def pending(self, state: FanfareState) -> tuple[int, ...]:
        return actions.pending(state)

    def result(self, state: FanfareState) -> Result | None:
        return state.result

    def canonical(self, state: FanfareState) -> Any:
        return state.canonical()

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
