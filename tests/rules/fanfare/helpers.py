"""Scenario helpers for fanfare tests, in the manner of Fireplace's ``prepare_game()``.

``prepare_game()`` gives a match in its main phase with both hands and boards empty, both decks
twenty plain Hearth Sprites, 10 PP each, evolving unlocked, and seat 0 to act. Cards are put
where a scenario needs them (``give``, ``summon``, ``top``) without triggering anything; then the
scenario acts through the real actions (``play``, ``attack``, ``evolve``, ``end_turn``), so every
check that guards a player guards the test too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.engine import Action, Event, Match, Resolution
from rules.fanfare import FanfareRuleset
from rules.fanfare.state import Card, FanfareState, Leader, Player, Unit
from rules.fanfare.stats import attack, defence, keywords
from rules.registry import get_ruleset

__all__ = ["Game", "covers", "prepare_game", "ruleset"]

F = TypeVar("F", bound=Callable[..., Any])


def covers(*card_ids: str) -> Callable[[F], F]:
    """Mark a test as the one for these cards (``test_cards_are_all_tested`` looks for it)."""

    def mark(test: F) -> F:
        return test

    return mark


def ruleset() -> FanfareRuleset:
    found = get_ruleset("fanfare")
    assert isinstance(found, FanfareRuleset)
    return found


class Game:
    """A match under test, with shortcuts to put cards in place and to act."""

    def __init__(self, match: Match[FanfareState, Any]) -> None:
        self.match = match
        self.state: FanfareState = match.state
        self.last: Resolution | None = None

    # -- looking -------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def leader(self, seat: int) -> Leader:
        return self.state.players[seat].leader

    def hand(self, seat: int) -> list[Card]:
        return self.state.players[seat].hand

    def board(self, seat: int) -> list[Card]:
        return self.state.players[seat].board

    def names(self, seat: int) -> list[str]:
        return [c.defn.id for c in self.board(seat)]

    def attack_of(self, card: Card) -> int:
        return attack(self.state, card)

    def defence_of(self, unit: Unit) -> int:
        return defence(self.state, unit)

    def stats(self, card: Card) -> tuple[int, int]:
        return attack(self.state, card), defence(self.state, card)

    def keywords_of(self, card: Card) -> list[str]:
        return keywords(card)

    @property
    def result(self) -> Any:
        return self.state.result

    # -- putting cards in place (nothing triggers) -----------------------------------------------

    def card(self, seat: int, card_id: str, zone: str) -> Card:
        self.match.state_edited()
        return self.state.new_card(self.state.pool.cards[card_id], seat, zone)

    def give(self, seat: int, card_id: str) -> Card:
        """A card into the seat's hand, at the right end."""
        card = self.card(seat, card_id, "hand")
        self.player(seat).hand.append(card)
        return card

    def summon(self, seat: int, card_id: str, *, fresh: bool = False) -> Card:
        """A card onto the right end of the seat's board; ``fresh``: it arrived this turn."""
        card = self.card(seat, card_id, "board")
        card.entered_turn = self.state.turn if fresh else self.state.turn - 1
        self.player(seat).board.append(card)
        return card

    def top(self, seat: int, *card_ids: str) -> list[Card]:
        """Cards on top of the seat's deck, the first named on top."""
        cards = [self.card(seat, c, "deck") for c in card_ids]
        self.player(seat).deck[:0] = cards
        return cards

    def fill_hand(self, seat: int, size: int = 9) -> None:
        while len(self.hand(seat)) < size:
            self.give(seat, "hearth-sprite")

    # -- acting ------------------------------------------------------------------------------

    def act(self, seat: int, action: Action, *, views: bool = False) -> Resolution:
        self.match.state_edited()  # a test may have changed the state by hand since
        self.last = self.match.apply(seat, action, views=views)
        return self.last

    def play(self, card: Card, target: Unit | None = None) -> Resolution:
        args: dict[str, Any] = {"card": card.uid}
        if target is not None:
            args["target"] = target.uid
        return self.act(card.owner, Action("play", **args))

    def attack(self, attacker: Card, target: Unit) -> Resolution:
        return self.act(attacker.owner, Action("attack", attacker=attacker.uid, target=target.uid))

    def evolve(self, card: Card, target: Unit | None = None) -> Resolution:
        args: dict[str, Any] = {"card": card.uid}
        if target is not None:
            args["target"] = target.uid
        return self.act(card.owner, Action("evolve", **args))

    def end_turn(self) -> Resolution:
        return self.act(self.state.turn_player, Action("end_turn"))

    def pass_turn(self) -> None:
        """End this turn and the next, back to the same player."""
        self.end_turn()
        self.end_turn()

    # -- reading what happened ----------------------------------------------------------------

    def events(self, kind: str | None = None, res: Resolution | None = None) -> list[Event]:
        res = res or self.last
        assert res is not None
        return [e for s in res.steps for e in s.events if kind is None or e.kind == kind]

    def resolved(self, res: Resolution | None = None) -> list[str]:
        """The cards (``seat:id``, or ``seat:leader``) whose effects resolved, in order."""
        out = []
        for event in self.events("resolving", res):
            unit = self.state.unit(event.data["source"])
            name = unit.defn.id if isinstance(unit, Card) else "leader"
            out.append(f"{event.data['seat']}:{name}")
        return out

    def damage_order(self, res: Resolution | None = None) -> list[tuple[int, int]]:
        return [(e.data["target"], e.data["amount"]) for e in self.events("damage", res)]


def _clear(state: FanfareState, player: Player) -> None:
    for card in player.deck + player.hand + player.board + player.cemetery:
        del state.cards[card.uid]
    player.deck, player.hand, player.board, player.cemetery = [], [], [], []


def prepare_game(seed: int = 1, *, deck: int = 20, turn_player: int = 0) -> Game:
    """A match ready for a scenario (see the module docstring)."""
    match = Match.new(ruleset(), seed, {"decks": ["emberwing", "tidewarden"]})
    for seat in match.pending():
        match.apply(seat, Action("mulligan", cards=[]))
    game = Game(match)
    state = game.state
    for player in state.players:
        _clear(state, player)
        player.deck = [game.card(player.seat, "hearth-sprite", "deck") for _ in range(deck)]
        player.max_pp = player.pp = 10
        player.turns = 5
        player.leader.damage = 0
    state.turn_player = turn_player
    state.turn = 10
    return game
