"""The charm ruleset as the engine sees it: what is charm's own on the engine's skeleton
(:class:`~rules.engine.RulesetBase` does setup, starter decks, results and the canonical state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..engine import Kind, Rng, RulesetBase, StepLog
from ..engine.decks import DeckRule
from ..engine.wording import Wording
from . import actions, cpu, flow, loading, text
from .cards import CardPool
from .state import CharmState
from .stats import dp
from .views import CharmView, summary, view
from .words import CAPTIONS

__all__ = ["VERSION", "CharmRuleset"]

VERSION = "1"
"""The rules' own version; the card pool's digest is appended (see ``CharmRuleset.version``)."""


class CharmRuleset(RulesetBase[CharmState, CharmView]):
    """A phase duel with heroines, EP, charm declarations and chains (``spec/charm.md``)."""

    name = "charm"
    rules_version = VERSION
    deck_rule: ClassVar[DeckRule | None] = loading.DECK_RULE
    setup_fields = frozenset({"first", "heroines"})
    timeout = actions.TIMEOUT
    kinds: ClassVar[Mapping[str, Kind]] = actions.KINDS
    cpu_guide = cpu.GUIDE
    english = text.ENGLISH
    captions = CAPTIONS

    pool: CardPool
    random_weights: ClassVar[Mapping[str, float]] = {"concede": 0.001, "end_turn": 0.3}
    """For the simulator's random player (``rules.simulate.weights_for``): a match takes a couple
    of hundred decisions, most of them passes, so the usual chance of conceding at each would
    end most random matches long before their end; and with an even chance it would end most
    main phases before making EP or playing anything (EP comes first, CHARM-10.3), so that many
    matches would end at the turn limit or in a stalemate."""

    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)

    def write_text(self, card: Any, wording: Wording) -> str:
        return text.card_text(card, wording=wording)

    def write_summary(self, card: Any, wording: Wording) -> str:
        return text.summary_text(card, wording=wording)

    def texts_shown(self, card: Any, wording: Wording) -> list[str]:
        """Its whole text, each skill's alone (a ``use`` menu's detail, a declaration on the
        chain) and its summary (a ``play`` menu's detail), so that each reads in any language."""
        skills = [text.skill_text(s, card.kind, wording=wording) for s in card.skills]
        return [self.write_text(card, wording), *skills, self.write_summary(card, wording)]

    def check_deck(self, cards: list[str]) -> str | None:
        """CHARM-1.1: no heroine in the deck."""
        for card_id in cards:
            if self.pool.cards[card_id].heroine:
                return (
                    f"cards: {card_id!r} is a heroine: a heroine is never in the deck (CHARM-1.1)"
                )
        return None

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """``"heroines"``: each player's heroine (CHARM-1.1), a starter deck's own if not given;
        ``"first"``: the seat that goes first instead of the coin's (CHARM-1.2,
        ``docs/rulings.md``), left out when not given."""
        decks = list(setup.get("decks") or list(self.pool.decks)[:seats])
        given = setup.get("heroines")
        if given is not None and (not isinstance(given, list | tuple) or len(given) != seats):
            raise ValueError("setup: heroines: give one heroine per player")
        heroines = []
        for seat in range(seats):
            heroine = given[seat] if given is not None else None
            if heroine is None and isinstance(decks[seat], str) and decks[seat] in self.pool.decks:
                heroine = self.pool.decks[decks[seat]].heroine
            card = self.pool.cards.get(heroine) if isinstance(heroine, str) else None
            if card is None or not card.heroine:
                raise ValueError(
                    f"setup: heroines[{seat}]: {heroine!r} is no heroine of the pool (CHARM-1.1)"
                )
            heroines.append(heroine)
        return {"heroines": heroines, **self.first_field(setup, seats)}

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        return super().random_setup(rng)

    def create(self, seed: int, setup: Mapping[str, Any]) -> CharmState:
        state = CharmState(self.pool, Rng(seed))
        state.named_first = setup.get("first")
        for seat, deck in enumerate(setup["decks"]):
            player = state.players[seat]
            player.deck = [state.new_card(self.pool.cards[c], seat) for c in deck]
            heroine = self.pool.cards[setup["heroines"][seat]]
            player.heroine = state.new_card(heroine, seat, "field")
        return state

    def begin(self, state: CharmState, log: StepLog) -> None:
        flow.begin(state, log)

    def view(self, state: CharmState, seat: int | None) -> CharmView:
        return view(state, seat)

    def determinize(self, state: CharmState, seat: int, rng: Rng) -> CharmState:
        return cpu.determinize(state, seat, rng)

    def summary(self, view: CharmView) -> str:
        return summary(view)

    # Asked at every decision of a match: the functions themselves, without a call around them.
    offer = staticmethod(actions.offer)
    pending = staticmethod(actions.pending)

    def invariants(self, state: CharmState) -> list[str]:
        """The invariants ``state`` breaks (empty when all hold): used by soak tests."""
        broken = []
        over = state.result is not None
        if not over and not actions.pending(state) and state.phase != "mulligan":
            broken.append("the match waits on nobody")
        if not over and state.waiting and state.decision is None:
            broken.append(f"{len(state.waiting)} P.Skills wait between actions, unordered")
        for p in state.players:
            if p.pool < 0:
                broken.append(f"seat {p.seat} has {p.pool} EP")
            if p.heroine is None or p.heroine.zone != "field" or p.field[0] is not p.heroine:
                broken.append(f"seat {p.seat}'s heroine is not first on its field")
            for zone, cards in (
                ("deck", p.deck),
                ("hand", p.hand),
                ("field", p.field),
                ("discard", p.discard),
            ):
                for card in cards:
                    if card.zone != zone or card.owner != p.seat:
                        broken.append(f"{card!r} is listed in seat {p.seat}'s {zone}")
            entered = [c.entered for c in p.field]
            if entered != sorted(entered):
                broken.append(f"seat {p.seat}'s field is not in field order")
            for card in p.field:
                if card.defn.character and not card.face_down and dp(state, card) <= 0:
                    broken.append(f"{card!r} is face up at DP {dp(state, card)} (CHARM-6.6)")
                if card.face_down and not card.defn.character:
                    broken.append(f"{card!r} is face down but no character")
        listed = sum(
            len(p.deck) + len(p.hand) + len(p.field) + len(p.discard) for p in state.players
        )
        chained = sum(1 for c in state.cards.values() if c.zone == "chain")
        if listed + chained != len(state.cards):
            broken.append(f"{len(state.cards) - listed - chained} cards are in no zone")
        return broken
