"""Scenario building for lanes tests, so that a test reads like the rule it checks.

    s = prepare(hands=(["lamplighter"], []), board=[(0, "moth-page", 0)])
    s.play(0, "lamplighter", 0)
    s.end_turn_both()
    assert s.power(0, "moth-page") == 3

A scenario is a real match (``Match.new`` with an explicit setup, actions through ``apply``).
Where a position cannot be reached through the public API in a few lines, the helper does a small,
named piece of *state surgery*, and only here:

- ``set_hand`` / ``set_deck_top``: put named cards in hand, or on top of the deck (the rest keep
  their order); a shuffled deck would otherwise decide what a test holds.
- ``put``: a card onto the board, face up or down, as if played on an earlier turn (no on-reveal).
- ``set_energy`` and ``set_first``: this turn's energy, and who reveals first.

A match touched by surgery no longer replays from its record; tests of replay use matches made
with ``Match.new`` and the shipped ruleset alone.

Locations default to Quiet Square (no ability) on the left and two more ability-less locations
that exist only in the test pool (``plain-center``, ``plain-right``): the shipped pool has only one
location without an ability, and a test of one card should not be disturbed by another location.
The test pool also has two "echo" cards (``echo-1``, ``echo-2``) for ordering tests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from rules.engine import Action, Event, IllegalAction, Match, Resolution
from rules.lanes import CardPool, LanesRuleset, ruleset
from rules.lanes.cards import Ability, CardDef, LocationDef
from rules.lanes.effects import place, powers, side_power
from rules.lanes.state import Card, LanesState
from rules.lanes.text import card_text
from rules.lanes.views import LanesView

__all__ = [
    "PLAIN",
    "LanesMatch",
    "Scenario",
    "fill_deck",
    "prepare",
    "scenario_ruleset",
]

LanesMatch = Match[LanesState, LanesView]

PLAIN = ("quiet-square", "plain-center", "plain-right")
"""Three locations without abilities (the default)."""

# Cards that do nothing while in a deck or a hand: safe to fill a test deck up to 12 with.
_QUIET_WHENS = {"on_reveal", "ongoing", "activate", "on_move", "game_end"}


def _echo(card_id: str, name: str) -> CardDef:
    """A test card that grows by 1 at turn start in hand and in the deck (LANES-2.4 order)."""
    abilities = tuple(Ability("turn_start", "power", zone=zone) for zone in ("hand", "deck"))
    card = CardDef(card_id, name, 1, 1, abilities, by_when={"turn_start": abilities})
    return replace(card, text=card_text(card, {}))


@cache
def scenario_ruleset() -> LanesRuleset:
    """The shipped pool plus, for tests only, two ability-less locations and two "echo" cards
    (the shipped pool has one card per turn-start zone, too few to show an order within one)."""
    shipped = ruleset().pool
    locations = {
        "plain-center": LocationDef("plain-center", "Plain Center", text="No ability."),
        "plain-right": LocationDef("plain-right", "Plain Right", text="No ability."),
    }
    cards = {"echo-1": _echo("echo-1", "Echo One"), "echo-2": _echo("echo-2", "Echo Two")}
    digest = hashlib.sha256(f"{shipped.digest}+scenario".encode()).hexdigest()
    pool: CardPool = replace(
        shipped,
        cards={**shipped.cards, **cards},
        locations={**shipped.locations, **locations},
        digest=digest,
    )
    return LanesRuleset(pool)


def _fillers(pool: CardPool) -> list[str]:
    plain = [c for c in pool.playable if not c.abilities and not c.keywords]
    quiet = [
        c
        for c in pool.playable
        if c.abilities and all(a.when in _QUIET_WHENS for a in c.abilities) and not c.keywords
    ]
    return [c.id for c in plain + quiet]


def fill_deck(pool: CardPool, wanted: Sequence[str]) -> list[str]:
    """``wanted`` followed by filler cards (plain first) up to 12, no name twice (LANES-1.5)."""
    deck = list(wanted)
    names = {pool.cards[c].name for c in deck}
    for card_id in _fillers(pool):
        if len(deck) == 12:
            break
        if pool.cards[card_id].name not in names:
            deck.append(card_id)
            names.add(pool.cards[card_id].name)
    return deck


class Scenario:
    """A lanes match under test, with the verbs of the rules."""

    def __init__(self, match: LanesMatch) -> None:
        self.match = match
        self.last: list[Resolution] = []

    @property
    def state(self) -> LanesState:
        return self.match.state

    # -- finding things ----------------------------------------------------------------------

    def card(self, seat: int, card_id: str, nth: int = 0) -> Card:
        """The ``nth`` instance (by uid) of ``card_id`` owned by ``seat``, wherever it is."""
        found = [
            c
            for c in sorted(self.state.cards.values(), key=lambda c: c.uid)
            if c.owner == seat and c.defn.id == card_id
        ]
        if len(found) <= nth:
            raise LookupError(f"seat {seat} has no {card_id!r} #{nth}")
        return found[nth]

    def hand(self, seat: int) -> list[str]:
        return [c.defn.id for c in self.state.players[seat].hand]

    def deck(self, seat: int) -> list[str]:
        return [c.defn.id for c in self.state.players[seat].deck]

    def at(self, location: int, seat: int) -> list[str]:
        """The card ids on ``seat``'s side of a location, in the order they arrived."""
        return [c.defn.id for c in self.state.locations[location].sides[seat]]

    def power(self, seat: int, card_id: str, nth: int = 0) -> int:
        """A card's power as the board counts it (0 when face down or not in play)."""
        return powers(self.state).get(self.card(seat, card_id, nth).uid, 0)

    def power_at(self, location: int, seat: int) -> int:
        return side_power(self.state.locations[location], seat, powers(self.state))

    def energy(self, seat: int) -> int:
        return self.state.players[seat].energy

    def listed(self, seat: int) -> list[Action]:
        """Every concrete action ``legal_actions`` offers the seat."""
        return [a for spec in self.match.legal_actions(seat) for a in spec.actions()]

    def events(self, kind: str) -> list[Event]:
        """Events of ``kind`` in the last call's resolutions, in order."""
        return [e for r in self.last for step in r.steps for e in step.events if e.kind == kind]

    def captions(self) -> list[str]:
        return [step.caption for r in self.last for step in r.steps]

    # -- acting through the public API --------------------------------------------------------

    def act(self, seat: int, kind: str, **args: int) -> Resolution:
        self.match.state_edited()  # a test may have changed the state by hand since
        resolution = self.match.apply(seat, Action(kind, **args))
        self.last = [resolution]
        return resolution

    def play(self, seat: int, card_id: str, location: int, nth: int = 0) -> Resolution:
        """Stage a play of the card (LANES-4.1 a)."""
        return self.act(seat, "play", card=self.card(seat, card_id, nth).uid, location=location)

    def move(self, seat: int, card_id: str, location: int, nth: int = 0) -> Resolution:
        return self.act(seat, "move", card=self.card(seat, card_id, nth).uid, location=location)

    def activate(self, seat: int, card_id: str, nth: int = 0) -> Resolution:
        return self.act(seat, "activate", card=self.card(seat, card_id, nth).uid)

    def end_turn(self, seat: int) -> Resolution:
        return self.act(seat, "end_turn")

    def end_turn_both(self) -> list[Resolution]:
        """Both seats end the turn (seat 0 first): the reveal runs, and the next turn starts."""
        self.match.state_edited()
        done = [self.match.apply(seat, Action("end_turn")) for seat in self.match.pending()]
        self.last = done
        return done

    def until_turn(self, turn: int) -> None:
        """End turns, staging nothing, until ``turn`` has started."""
        while self.state.turn < turn and not self.match.over:
            self.end_turn_both()

    def finish(self) -> None:
        """End turns, staging nothing, until the game is over; ``last`` holds every turn's end."""
        done: list[Resolution] = []
        while not self.match.over:
            self.end_turn_both()
            done += self.last
        self.last = done

    def rejects(self, seat: int, kind: str, **args: int) -> str:
        """Assert the action is refused and changes nothing; return the reason."""
        before = self.match.state_hash()
        try:
            self.match.state_edited()
            self.match.apply(seat, Action(kind, **args))
        except IllegalAction as exc:
            assert self.match.state_hash() == before
            return exc.reason
        raise AssertionError(f"{kind} {args} was accepted")

    # -- state surgery (see the module docstring) ---------------------------------------------

    def _take(self, card: Card) -> None:
        self.match.state_edited()
        player = self.state.players[card.owner]
        for zone in (player.hand, player.deck):
            if card in zone:
                zone.remove(card)
                return
        raise AssertionError(f"{card!r} is neither in hand nor in deck")

    def set_hand(self, seat: int, card_ids: Sequence[str]) -> None:
        """Surgery: the hand becomes exactly these cards; the others go under the deck."""
        player = self.state.players[seat]
        wanted = [self.card(seat, c) for c in card_ids]
        for card in wanted:
            self._take(card)
        player.deck.extend(player.hand)
        player.hand = wanted

    def set_deck_top(self, seat: int, card_ids: Sequence[str]) -> None:
        """Surgery: these cards on top of the deck, in this order (the first is drawn next)."""
        cards = [self.card(seat, c) for c in card_ids]
        for card in cards:
            self._take(card)
        self.state.players[seat].deck[:0] = cards

    def put(self, seat: int, card_id: str, location: int, *, face_up: bool = True) -> Card:
        """Surgery: a card from hand or deck onto the board, as if played on an earlier turn."""
        card = self.card(seat, card_id)
        self._take(card)
        place(self.state, card, self.state.locations[location], face_up=face_up)
        return card

    def set_energy(self, seat: int, energy: int) -> None:
        """Surgery: this turn's energy (the maximum stays as the turns made it)."""
        player = self.state.players[seat]
        player.energy = player.turn_energy = energy
        self.match.state_edited()

    def set_first(self, seat: int) -> None:
        """Surgery: who reveals first this turn (LANES-5.2 would otherwise decide)."""
        self.state.first = seat
        self.match.state_edited()


def prepare(
    *,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    decks: tuple[Sequence[str], Sequence[str]] | None = None,
    board: Sequence[tuple[int, str, int]] = (),
    locations: Sequence[str] = PLAIN,
    seed: int = 1,
    turn: int = 1,
    energy: int | None = 10,
    first: int | None = 0,
) -> Scenario:
    """A match at the start of ``turn``'s staging.

    ``hands``: each seat's exact hand (surgery). ``decks``: the cards each deck must hold (filled
    up to 12; default: the hand's cards plus fillers). ``board``: ``(seat, card id, location)``
    put face up before staging. ``energy``: this turn's energy for both (``None``: as dealt).
    ``first``: who reveals first this turn (``None``: as LANES-5.2 decided).
    """
    rules = scenario_ruleset()
    wanted = decks if decks is not None else hands
    on_board = [[c for s, c, _ in board if s == seat] for seat in (0, 1)]
    explicit = [
        fill_deck(rules.pool, [*dict.fromkeys([*wanted[seat], *hands[seat], *on_board[seat]])])
        for seat in (0, 1)
    ]
    match: LanesMatch = Match.new(rules, seed, {"decks": explicit, "locations": list(locations)})
    scenario = Scenario(match)
    scenario.until_turn(turn)
    for seat, card_id, location in board:
        scenario.put(seat, card_id, location)
    for seat in (0, 1):
        if hands[seat] or decks is None:
            scenario.set_hand(seat, hands[seat])
        if energy is not None:
            scenario.set_energy(seat, energy)
    if first is not None:
        scenario.set_first(first)
    return scenario
