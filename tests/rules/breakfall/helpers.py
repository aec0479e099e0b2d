"""Scenario helpers for breakfall tests, in the manner of Fireplace's ``prepare_game()``.

``prepare()`` gives a match at turn 5 in the turn player's main phase, holding priority with the
space empty: each hand one Test Dummy (so that neither seat's emptiness is evident and nobody is
passed for, BREAKFALL-9.2; ``hands=False`` leaves them empty), fields, resource rows and other
zones empty, both decks twenty Test Dummies (no ability, no breakfall). That position is state
surgery (no few moves reach it), named so; cards are then put where a scenario needs them
(``give``, ``put``, ``resources``, ``top``) without triggering anything, and the scenario acts
through the real actions, so every check that guards a player guards the test too. The ruleset
is built over the shipped pool plus the rule-test card file (``loops.toml``, BREAKFALL-6.6a).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from rules.breakfall import BreakfallRuleset, load_pool
from rules.breakfall.state import BreakfallState, Card, Player
from rules.breakfall.stats import durability, force, sabotage
from rules.breakfall.zones import ZONES
from rules.engine import Action, ActionSpec, Event, Match, Resolution

__all__ = ["LOOPS", "Game", "covers", "prepare", "ruleset"]

LOOPS = Path(__file__).resolve().parent / "loops.toml"
F = TypeVar("F", bound=Callable[..., Any])


def covers(*card_ids: str) -> Callable[[F], F]:
    """Mark a test as the one for these cards (``test_cards_are_all_tested`` looks for it)."""

    def mark(test: F) -> F:
        return test

    return mark


@cache
def ruleset() -> BreakfallRuleset:
    return BreakfallRuleset(load_pool(test_cards=LOOPS))


class Game:
    """A match under test, with shortcuts to put cards in place, to act and to look."""

    def __init__(self, match: Match[BreakfallState, Any]) -> None:
        self.match = match
        self.state: BreakfallState = match.state
        self.last: Resolution | None = None
        self.history: list[Resolution] = []

    # -- looking -------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def ids(self, seat: int, zone: str) -> list[str]:
        return [c.defn.id for c in getattr(self.player(seat), zone)]

    def stats(self, card: Card) -> tuple[int, int, int]:
        return force(self.state, card), sabotage(self.state, card), durability(self.state, card)

    @property
    def pending(self) -> tuple[int, ...]:
        return self.match.pending()

    @property
    def decision(self) -> str:
        decision = self.state.decision
        return "priority" if decision is None else decision.kind

    @property
    def result(self) -> Any:
        return self.state.result

    def specs(self, seat: int, kind: str | None = None) -> list[ActionSpec]:
        return [s for s in self.match.legal_actions(seat) if kind is None or s.kind == kind]

    def space(self) -> list[str]:
        """The space, bottom first: ``seat:kind:card id`` (``seat:check`` for a check)."""
        out = []
        for entry in self.state.space.entries:
            item = entry.item
            if item.kind == "check":
                out.append(f"{entry.seat}:check" + ("*" if item.running else ""))
            else:
                out.append(f"{entry.seat}:{item.kind}:{self.state.cards[item.uid].defn.id}")
        return out

    def events(self, kind: str | None = None, *, everything: bool = False) -> list[Event]:
        """Events of the last action (``everything``: of every action so far)."""
        found = self.history if everything else [self.last] if self.last else []
        return [e for r in found for s in r.steps for e in s.events if kind in (None, e.kind)]

    def captions(self) -> list[str]:
        assert self.last is not None
        return [s.caption for s in self.last.steps]

    # -- putting cards in place (state surgery: nothing triggers) -------------------------------

    def card(self, seat: int, card_id: str, zone: str) -> Card:
        self.match.state_edited()
        card = self.state.new_card(self.state.pool.cards[card_id], seat, zone)
        return card

    def give(self, seat: int, card_id: str) -> Card:
        """A card into the seat's hand, at the end."""
        card = self.card(seat, card_id, "hand")
        self.player(seat).hand.append(card)
        return card

    def put(self, seat: int, card_id: str, *, new: bool = False, bowed: bool = False) -> Card:
        """A character onto the seat's field (it entered last turn unless ``new``)."""
        card = self.card(seat, card_id, "field")
        self.state.seq += 1
        card.entered = self.state.seq
        card.entered_turn = self.state.turn if new else self.state.turn - 1
        card.bowed = bowed
        self.player(seat).field.append(card)
        return card

    def resources(self, seat: int, n: int, *, bowed: int = 0) -> list[Card]:
        """``n`` Test Dummies face down in the seat's resource row, the first ``bowed`` bowed."""
        made = []
        for i in range(n):
            card = self.card(seat, "test-dummy", "resources")
            card.bowed = i < bowed
            self.player(seat).resources.append(card)
            made.append(card)
        return made

    def top(self, seat: int, *card_ids: str) -> list[Card]:
        """Cards on top of the seat's deck, the first named on top."""
        cards = [self.card(seat, c, "deck") for c in card_ids]
        self.player(seat).deck[:0] = cards
        return cards

    def deck(self, seat: int, size: int) -> None:
        """Cut the seat's deck down to ``size`` cards (from the bottom)."""
        self.match.state_edited()
        deck = self.player(seat).deck
        for card in deck[size:]:
            del self.state.cards[card.uid]
        del deck[size:]

    def damage_zone(self, seat: int, n: int) -> None:
        """``n`` Test Dummies in the seat's damage zone."""
        for _ in range(n):
            card = self.card(seat, "test-dummy", "damage")
            self.player(seat).damage.append(card)

    # -- acting --------------------------------------------------------------------------------

    def act(self, seat: int, kind: str, **args: Any) -> Resolution:
        self.match.state_edited()  # a test may have changed the state by hand since
        self.last = self.match.apply(seat, Action(kind, **args), views=True)
        self.history.append(self.last)
        return self.last

    def pass_(self, seat: int | None = None) -> Resolution:
        """The seat holding priority (or ``seat``) passes."""
        holder = self.state.space.holder if seat is None else seat
        assert holder is not None, f"nobody holds priority ({self.decision})"
        return self.act(holder, "pass")

    def pass_both(self) -> None:
        """Both pass, once each, from whoever holds priority."""
        self.pass_()
        self.pass_()

    def until(self, phase: str, step: str = "", *, turn: int | None = None) -> None:
        """Pass until the match is in ``phase`` (and ``step``, and ``turn``), greeting and
        blocking with nobody on the way."""
        for _ in range(200):
            here = (self.state.phase, self.state.step)
            if (
                here == (phase, step)
                and turn in (None, self.state.turn)
                and self.decision in ("priority", "greet")
            ):
                return
            if self.decision == "greet":
                self.greet()
            elif self.decision == "block":
                self.block(None)
            else:
                self.pass_()
        raise AssertionError(f"never reached {phase} {step}")

    def play(self, card: Card, target: Card | int | None = None) -> Resolution:
        args: dict[str, Any] = {"card": card.uid}
        if target is not None:
            args["target"] = target if isinstance(target, int) else target.uid
        return self.act(card.owner, "play", **args)

    def activate(self, card: Card, index: int = 0, **args: Any) -> Resolution:
        if isinstance(args.get("target"), Card):
            args["target"] = args["target"].uid
        return self.act(card.owner, "activate", card=card.uid, ability=index, **args)

    def greet(self, *cards: Card) -> Resolution:
        return self.act(self.state.turn_player, "greet", greeters=[c.uid for c in cards])

    def block(self, blocker: Card | None) -> Resolution:
        return self.act(self.state.ntp, "block", blocker=0 if blocker is None else blocker.uid)

    def resolve_all(self) -> None:
        """Pass until the space is empty, or a decision other than priority is asked."""
        for _ in range(100):
            if not self.state.space.entries and self.state.resolving is None:
                return
            if self.decision != "priority":
                return
            self.pass_()
        raise AssertionError("the space never emptied")


def _clear(state: BreakfallState, player: Player) -> None:
    for zone in ZONES:
        for card in getattr(player, zone):
            del state.cards[card.uid]
        setattr(player, zone, [])


def prepare(*, turn_player: int = 0, deck: int = 20, seed: int = 1, hands: bool = True) -> Game:
    """A match ready for a scenario (see the module's docstring)."""
    match = Match.new(ruleset(), seed, {"decks": ["lantern-roof", "iron-garden"], "first": 0})
    game = Game(match)
    state = game.state
    # State surgery: no few moves reach an empty table at turn 5.
    for player in state.players:
        _clear(state, player)
        player.deck = [game.card(player.seat, "test-dummy", "deck") for _ in range(deck)]
    state.turn = 5
    state.turn_player = turn_player
    state.phase, state.step = "main", ""
    state.decision = None
    state.battle = []
    state.waiting = []
    state.entering.clear()
    state.space.start_round(turn_player)
    if hands:
        for seat in (0, 1):
            game.give(seat, "test-dummy")
    match.state_edited()
    return game
