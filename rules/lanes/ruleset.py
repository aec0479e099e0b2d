"""The lanes ruleset as the engine sees it (``rules.engine.Ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, ActionSpec, Rng, RulesetBase, StepLog
from ..engine.wording import Wording
from . import actions, cpu, flow, loading, text
from .cards import CardPool, LocationDef
from .effects import HAND_LIMIT
from .state import SLOTS, LanesState, Location
from .views import LanesView, summary, view
from .words import CAPTIONS

__all__ = ["VERSION", "LanesRuleset"]

VERSION = "3"
"""The rules' own version; the card pool's digest is appended (see ``LanesRuleset.version``)."""


class LanesRuleset(RulesetBase[LanesState, LanesView]):
    """Three locations, six turns, simultaneous hidden staging (``spec/lanes.md``)."""

    name = "lanes"
    rules_version = VERSION
    deck_rule = loading.DECK_RULE
    setup_fields = frozenset({"first", "locations"})
    timeout = actions.TIMEOUT
    kinds = actions.KINDS
    cpu_guide = cpu.GUIDE
    english = text.ENGLISH
    captions = CAPTIONS

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)
        self.pool: CardPool = pool
        # Abilities may make any token, so every match counts with the tokens' timings too
        # (those in hand or deck, and all of them).
        tokens = [card for card in pool.cards.values() if card.token]
        self._tokens_unseen: frozenset[str] = frozenset().union(
            *(card.unseen_timings for card in tokens)
        )
        self._tokens_timings: frozenset[str] = frozenset().union(*(card.by_when for card in tokens))

    def write_summary(self, card: Any, wording: Wording) -> str:
        return wording.render("summary", cost=card.cost, power=card.power)

    def write_text(self, card: Any, wording: Wording) -> str:
        """A card's or a location's rules text."""
        if isinstance(card, LocationDef):
            return text.location_text(card, self.pool.cards, wording=wording)
        return text.card_text(card, self.pool.cards, wording=wording)

    # -- setup --------------------------------------------------------------------------------

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """``"locations"``: three different location ids, or ``None`` (dealt at random);
        ``"first"``: the seat that reveals first on turn 1 instead of the coin's (LANES-5.2,
        ``docs/rulings.md``), left out when not given."""
        locations = setup.get("locations")
        if locations is not None:
            if len(locations) != 3 or len(set(locations)) != 3:
                raise ValueError("setup: locations: name three different locations")
            for loc_id in locations:
                if loc_id not in self.pool.locations:
                    raise ValueError(f"setup: locations: no location {loc_id!r}")
            locations = list(locations)
        return {"locations": locations, **self.first_field(setup, seats)}

    # -- the match ----------------------------------------------------------------------------

    def create(self, seed: int, setup: Mapping[str, Any]) -> LanesState:
        state = LanesState(self.pool, Rng(seed), 2)
        state.named_first = setup.get("first")
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

    def offer(self, state: LanesState, seat: int) -> list[ActionSpec]:
        return actions.offer(state, seat)

    def offer_for(self, state: LanesState, seat: int, action: Action) -> list[ActionSpec]:
        return actions.offer_for(state, seat, action)

    def view(self, state: LanesState, seat: int | None) -> LanesView:
        return view(state, seat)

    def determinize(self, state: LanesState, seat: int, rng: Rng) -> LanesState:
        return cpu.determinize(state, seat, rng)

    def summary(self, view: LanesView) -> str:
        return summary(view)

    def pending(self, state: LanesState) -> tuple[int, ...]:
        if state.result is not None:
            return ()
        ended = state.staging.ended
        if ended[0]:
            return () if ended[1] else (1,)
        return (0,) if ended[1] else (0, 1)

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
