"""The lanes ruleset as the engine sees it (``rules.engine.Ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, ActionSpec, DeckInfo, Result, Rng, StepLog
from . import actions, flow
from .cards import CardPool
from .effects import HAND_LIMIT
from .loading import DECK_SIZE
from .state import SLOTS, LanesState, Location
from .views import LanesView, view

__all__ = ["VERSION", "LanesRuleset"]

VERSION = "2"
"""The rules' own version; the card pool's digest is appended (see ``LanesRuleset.version``)."""


class LanesRuleset:
    """Three locations, six turns, simultaneous hidden staging (``spec/lanes.md``)."""

    name = "lanes"
    min_seats = 2
    max_seats = 2
    timeout = actions.TIMEOUT

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.version = f"{VERSION}+{pool.digest[:12]}"
        # Abilities may make any token, so every match counts with the tokens' timings too
        # (those in hand or deck, and all of them).
        tokens = [card for card in pool.cards.values() if card.token]
        self._tokens_unseen: frozenset[str] = frozenset().union(
            *(card.unseen_timings for card in tokens)
        )
        self._tokens_timings: frozenset[str] = frozenset().union(*(card.by_when for card in tokens))

    def __repr__(self) -> str:
        return f"<LanesRuleset {self.version}>"

    # -- setup --------------------------------------------------------------------------------

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """``{"decks": [deck, deck], "locations": [id, id, id] | None}``; a deck is a starter
        deck's id or a list of 12 card ids. Missing decks default to the first two starters."""
        unknown = set(setup) - {"seats", "decks", "locations"}
        if unknown:
            raise ValueError(f"setup: unknown field {sorted(unknown)[0]!r}")
        if setup.get("seats", 2) != 2:
            raise ValueError("setup: seats: lanes is for exactly 2 players")
        starters = list(self.pool.decks)
        decks = list(setup.get("decks") or starters[:2])
        if len(decks) != 2:
            raise ValueError("setup: decks: give one deck per player")
        explicit = [self._deck(i, d) for i, d in enumerate(decks)]
        locations = setup.get("locations")
        if locations is not None:
            if len(locations) != 3 or len(set(locations)) != 3:
                raise ValueError("setup: locations: name three different locations")
            for loc_id in locations:
                if loc_id not in self.pool.locations:
                    raise ValueError(f"setup: locations: no location {loc_id!r}")
            locations = list(locations)
        return {"seats": 2, "decks": explicit, "locations": locations}

    def _deck(self, i: int, deck: Any) -> list[str]:
        if isinstance(deck, str):
            if deck not in self.pool.decks:
                known = ", ".join(self.pool.decks)
                raise ValueError(f"setup: decks[{i}]: no starter deck {deck!r} (known: {known})")
            return list(self.pool.decks[deck].cards)
        if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
            raise ValueError(f"setup: decks[{i}]: a starter deck id or a list of card ids")
        cards = list(deck)
        if len(cards) != DECK_SIZE:
            raise ValueError(f"setup: decks[{i}]: a deck holds {DECK_SIZE} cards (LANES-1.5)")
        names = set()
        for card_id in cards:
            card = self.pool.cards.get(card_id)
            if card is None or card.token:
                raise ValueError(f"setup: decks[{i}]: no deck card {card_id!r}")
            if card.name in names:
                raise ValueError(f"setup: decks[{i}]: {card.name} twice (LANES-1.5)")
            names.add(card.name)
        return cards

    def starter_decks(self) -> list[DeckInfo]:
        return [DeckInfo(d.id, d.name, d.blurb) for d in self.pool.decks.values()]

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        starters = list(self.pool.decks)
        return {"decks": [rng.choice(starters), rng.choice(starters)]}

    # -- the match ----------------------------------------------------------------------------

    def create(self, seed: int, setup: Mapping[str, Any]) -> LanesState:
        state = LanesState(self.pool, Rng(seed), 2)
        for seat, deck in enumerate(setup["decks"]):
            player = state.players[seat]
            player.deck = [state.new_card(self.pool.cards[c], seat) for c in deck]
        ids = setup.get("locations") or _deal_locations(state.rng, sorted(self.pool.locations))
        state.locations = [Location(i, self.pool.locations[x], 2) for i, x in enumerate(ids)]
        defs = {card.defn.id: card.defn for card in state.cards.values()}.values()
        state.hidden_timings = self._tokens_unseen.union(*(d.unseen_timings for d in defs))
        state.timings = self._tokens_timings.union(*(d.by_when for d in defs))
        return state

    def begin(self, state: LanesState, log: StepLog) -> None:
        flow.begin(state, log)

    def legal_actions(self, state: LanesState, seat: int) -> list[ActionSpec]:
        return actions.legal_actions(state, seat)

    def apply(self, state: LanesState, seat: int, action: Action, log: StepLog) -> None:
        actions.apply(state, seat, action, log)

    def view(self, state: LanesState, seat: int | None) -> LanesView:
        return view(state, seat)

    def pending(self, state: LanesState) -> tuple[int, ...]:
        if state.result is not None:
            return ()
        return state.staging.waiting_on()

    def result(self, state: LanesState) -> Result | None:
        return state.result

    def canonical(self, state: LanesState) -> Any:
        return state.canonical()

    def invariants(self, state: LanesState) -> list[str]:
        """The invariants ``state`` breaks (empty when all hold): used by soak tests."""
        broken = []
        for p in state.players:
            if not 0 <= p.energy <= p.turn_energy:
                broken.append(f"seat {p.seat} has {p.energy} energy of {p.turn_energy}")
            if len(p.hand) > HAND_LIMIT:
                broken.append(f"seat {p.seat} holds {len(p.hand)} cards (LANES-3.3)")
        for loc in state.locations:
            for seat, side in enumerate(loc.sides):
                if len(side) > SLOTS:
                    broken.append(f"{len(side)} cards on seat {seat}'s side of {loc.defn.name}")
                if loc.destroyed and side:
                    broken.append(f"cards on destroyed {loc.defn.name}")
        if state.stakes not in (1, 2, 4, 8):
            broken.append(f"stakes {state.stakes} (LANES-9.2)")
        return broken


def _deal_locations(rng: Rng, ids: list[str]) -> list[str]:
    """Three locations drawn at random without replacement (the first steps of a shuffle)."""
    for i in range(3):
        j = i + rng.below(len(ids) - i)
        ids[i], ids[j] = ids[j], ids[i]
    return ids[:3]
