"""Scenario helpers for charm tests, in the manner of Fireplace's ``prepare_game()``.

``prepare()`` gives a match in seat 0's main phase (turn 1, seat 0 first, both mulligans kept),
seat 0 holding the initiative, with both hands and discard piles empty, each field only its
heroine, and both decks twenty plain Lantern Pages. Cards are then put where a scenario needs
them (``give``, ``put``, ``pile``, ``top``) without triggering anything: that is the state
surgery, named as such. The scenario then acts through the real actions (``play``, ``use``,
``produce``, ``charm``, ``end_turn``, ``pass_``...), so every check that guards a player guards
the test too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from rules.charm import CharmRuleset
from rules.charm.state import Card, CharmState, Player
from rules.charm.stats import ap, dp
from rules.engine import Action, ActionSpec, Event, Match, Resolution
from rules.registry import get_ruleset

__all__ = ["Game", "covers", "prepare", "ruleset"]

F = TypeVar("F", bound=Callable[..., Any])


def covers(*card_ids: str) -> Callable[[F], F]:
    """Mark a test as the one for these cards (``test_every_card_has_a_test`` looks for it)."""

    def mark(test: F) -> F:
        return test

    return mark


def ruleset() -> CharmRuleset:
    found = get_ruleset("charm")
    assert isinstance(found, CharmRuleset)
    return found


class Game:
    """A match under test, with shortcuts to put cards in place and to act."""

    def __init__(self, match: Match[CharmState, Any]) -> None:
        self.match = match
        self.state: CharmState = match.state
        self.last: Resolution | None = None
        self.history: list[Resolution] = []

    # -- looking -------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def heroine(self, seat: int) -> Card:
        heroine = self.state.players[seat].heroine
        assert heroine is not None
        return heroine

    def hand(self, seat: int) -> list[Card]:
        return self.state.players[seat].hand

    def field(self, seat: int) -> list[Card]:
        return self.state.players[seat].field

    def ids(self, cards: Iterable[Card]) -> list[str]:
        return [c.defn.id for c in cards]

    def ap(self, card: Card) -> int:
        return ap(self.state, card)

    def dp(self, card: Card) -> int:
        return dp(self.state, card)

    def damage(self, seat: int) -> int:
        return self.state.players[seat].damage

    def pending(self) -> tuple[int, ...]:
        return self.match.pending()

    @property
    def result(self) -> Any:
        return self.state.result

    def specs(self, seat: int, kind: str | None = None) -> list[ActionSpec]:
        self.match.state_edited()
        return [s for s in self.match.legal_actions(seat) if kind is None or s.kind == kind]

    def kinds(self, seat: int) -> set[str]:
        return {s.kind for s in self.specs(seat)} - {"concede", "auto_pass"}

    # -- putting cards in place: state surgery (nothing triggers) -----------------------------

    def card(self, seat: int, card_id: str, zone: str) -> Card:
        self.match.state_edited()
        return self.state.new_card(self.state.pool.cards[card_id], seat, zone)

    def give(self, seat: int, *card_ids: str) -> Card:
        """Cards into the seat's hand, at the right end; the last one."""
        card = None
        for card_id in card_ids:
            card = self.card(seat, card_id, "hand")
            self.hand(seat).append(card)
        assert card is not None
        return card

    def put(
        self, seat: int, card_id: str, *, restricted: bool = False, checked: bool = False
    ) -> Card:
        """A card onto the seat's field, last in field order (surgery: no ``enters``)."""
        card = self.card(seat, card_id, "field")
        card.tokens = card.defn.tokens
        card.restricted = restricted
        card.checked = checked
        self.state.entries += 1
        card.entered = self.state.entries
        self.field(seat).append(card)
        return card

    def pile(self, seat: int, *card_ids: str) -> list[Card]:
        """Cards on top of the seat's discard pile, in the order given."""
        cards = [self.card(seat, c, "discard") for c in card_ids]
        self.player(seat).discard.extend(cards)
        return cards

    def top(self, seat: int, *card_ids: str) -> list[Card]:
        """Cards on top of the seat's deck, the first named on top."""
        cards = [self.card(seat, c, "deck") for c in card_ids]
        self.player(seat).deck[:0] = cards
        return cards

    def set_pool(self, seat: int, ep: int) -> None:
        self.match.state_edited()
        self.player(seat).pool = ep

    def set_damage(self, seat: int, damage: int) -> None:
        self.match.state_edited()
        self.player(seat).damage = damage

    # -- acting --------------------------------------------------------------------------------

    def act(self, seat: int, kind: str, **args: Any) -> Resolution:
        self.match.state_edited()  # a test may have changed the state by hand since
        self.last = self.match.apply(seat, Action(kind, **args))
        self.history.append(self.last)
        return self.last

    def play(self, card: Card) -> Resolution:
        return self.act(card.owner, "play", card=card.uid)

    def use(
        self,
        card: Card,
        *,
        skill: int | None = None,
        target: Card | None = None,
        cost: Iterable[Card] = (),
        seat: int | None = None,
    ) -> Resolution:
        args: dict[str, Any] = {"card": card.uid}
        if skill is None and not card.defn.event:
            skill = next(i for i, s in card.defn.actives)
        if skill is not None:
            args["skill"] = skill
        if target is not None:
            args["target"] = target.uid
        paid = [c.uid for c in cost]
        if paid:
            args["cost"] = paid if len(paid) > 1 else paid[0]
        return self.act(card.owner if seat is None else seat, "use", **args)

    def produce(self, card: Card) -> Resolution:
        return self.act(card.owner, "produce", card=card.uid)

    def charm(
        self,
        *attackers: Card,
        supporter: Card | None = None,
        mode: str = "ap",
    ) -> Resolution:
        """Declare a charm through the spec that offers it: attackers only, or (with a
        supporter) the heroine's spec for that supporter."""
        seat = attackers[0].owner
        specs = self.specs(seat, "charm")
        if supporter is None:
            spec = specs[0]
            uids = [a.uid for a in attackers]
            args: dict[str, Any] = {}
        else:
            spec = next(s for s in specs if dict(s.fixed).get("supporter") == supporter.uid)
            heroine = self.heroine(seat)
            uids = [a.uid for a in attackers if a is not heroine]
            args = {"mode": mode}
        params = {p.name: p for p in spec.params}
        if "attackers" in params:
            args["attackers"] = uids if params["attackers"].multiple else uids[0]
        action = spec.build(**args)
        return self.act(seat, "charm", **action.args)

    def end_turn(self, seat: int | None = None) -> Resolution:
        return self.act(self.state.turn_player if seat is None else seat, "end_turn")

    def pass_(self, seat: int | None = None) -> Resolution:
        if seat is None:
            (seat,) = self.pending()
        return self.act(seat, "pass")

    def defend(self, blocks: Mapping[Card, Card] | None = None) -> Resolution:
        """Block each attacker with its defender, then declare the defence."""
        (seat,) = self.pending()
        for attacker, defender in (blocks or {}).items():
            self.act(seat, "block", attacker=attacker.uid, defender=defender.uid)
        return self.act(seat, "defend")

    def order(self, card: Card) -> Resolution:
        (seat,) = self.pending()
        [spec] = self.specs(seat, "order")
        labels = {o.value: o.label for o in spec.params[0].options}
        serial = next(t.serial for t in self.state.waiting if t.source == card.uid)
        assert serial in labels
        return self.act(seat, "order", item=serial)

    def target(self, card: Card) -> Resolution:
        (seat,) = self.pending()
        return self.act(seat, "target", card=card.uid)

    def discard(self, *cards: Card) -> Resolution:
        (seat,) = self.pending()
        uids = [c.uid for c in cards]
        return self.act(seat, "discard", cards=uids if len(uids) > 1 else uids[0])

    def recall(self, card: Card) -> Resolution:
        (seat,) = self.pending()
        return self.act(seat, "recall", card=card.uid)

    def timeout(self) -> Resolution:
        (seat,) = self.pending()
        return self.act(seat, "timeout")

    def pass_until(self, done: Callable[[], bool], limit: int = 40) -> None:
        """Every seat asked passes (the turn player ends its main phase) until ``done()``."""
        for _ in range(limit):
            if done() or self.result is not None:
                return
            (seat,) = self.pending()
            kinds = self.kinds(seat)
            if "pass" in kinds:
                self.pass_(seat)
            elif "end_turn" in kinds:
                self.end_turn(seat)
            elif "defend" in kinds:
                self.defend()
            elif kinds & {"order", "target", "recall", "discard"}:
                self.timeout()  # the default pick (CHARM-13.1)
            else:
                raise AssertionError(f"seat {seat} is asked for {sorted(kinds)}")
        raise AssertionError("never came")

    def next_turn(self) -> None:
        """Pass everything until the other seat's main phase begins."""
        turn = self.state.turn
        self.pass_until(lambda: self.state.turn > turn and self.waiting_on() == "initiative")

    def waiting_on(self) -> str:
        from rules.charm.views import waiting_on

        return waiting_on(self.state)

    # -- reading what happened -----------------------------------------------------------------

    def events(self, kind: str | None = None, res: Resolution | None = None) -> list[Event]:
        res = res or self.last
        assert res is not None
        return [e for s in res.steps for e in s.events if kind is None or e.kind == kind]

    def all_events(self, kind: str) -> list[Event]:
        return [e for r in self.history for s in r.steps for e in s.events if e.kind == kind]

    def captions(self, res: Resolution | None = None) -> list[str]:
        res = res or self.last
        assert res is not None
        return [s.caption for s in res.steps if s.public]


def _clear(state: CharmState, player: Player) -> None:
    for card in player.deck + player.hand + player.discard:
        del state.cards[card.uid]
    for card in player.field[1:]:
        del state.cards[card.uid]
    player.deck, player.hand, player.discard = [], [], []
    del player.field[1:]


def prepare(
    seed: int = 1,
    *,
    heroines: tuple[str, str] = ("aria-vale", "mira-quill"),
    deck: int = 20,
    filler: str = "lantern-page",
    decks: tuple[str, str] = ("spotlight", "curtain"),
) -> Game:
    """A match in seat 0's first main phase, cleared for a scenario (see the module docstring)."""
    setup = {"decks": list(decks), "heroines": list(heroines), "first": 0}
    match = Match.new(ruleset(), seed, setup)
    for seat in (0, 1):
        match.apply(seat, Action("mulligan", cards=[]))
    match.apply(0, Action("pass"))  # the draw-phase timing of turn 1 (no draw: CHARM-1.2)
    match.apply(1, Action("pass"))
    game = Game(match)
    state = game.state
    assert state.phase == "main" and match.pending() == (0,)
    for player in state.players:
        _clear(state, player)
        player.deck = [game.card(player.seat, filler, "deck") for _ in range(deck)]
    match.state_edited()
    return game
