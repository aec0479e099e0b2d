"""What each ability effect does, which cards it reaches, and the power of cards in play.

Abilities only ever touch face-up cards: a face-down card is unknown to the opponent, so nothing
may pick it out (docs/rulings.md). Power is computed, not stored: a card's base power plus its
lasting bonus plus every ongoing effect in play (LANES-5.4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..engine import StepLog
from .cards import Ability
from .state import SLOTS, Card, LanesState, Location

__all__ = [
    "HAND_LIMIT",
    "Source",
    "Standing",
    "board_totals",
    "condition_holds",
    "draw",
    "location_leader",
    "move_card",
    "powers",
    "resolve",
    "side_power",
    "standing",
]

HAND_LIMIT = 7
"""LANES-3.3."""

Source = Card | Location


def board_cards(state: LanesState) -> Iterator[Card]:
    for loc in state.locations:
        for side in loc.sides:
            yield from side


def powers(state: LanesState) -> dict[int, int]:
    """Current power of every face-up card in play, by uid (face-down cards count 0)."""
    out: dict[int, int] = {}
    ongoing: list[Card] = []
    for loc in state.locations:
        for side in loc.sides:
            for card in side:
                if card.face_up:
                    out[card.uid] = card.defn.power + card.bonus
                    if "ongoing" in card.defn.by_when:
                        ongoing.append(card)
    for loc in state.locations:
        if loc.active and "ongoing" in loc.defn.by_when:
            for ability in loc.defn.by_when["ongoing"]:
                if ability.effect == "power":
                    for target in _location_targets(loc, ability):
                        out[target.uid] += ability.amount
    for card in ongoing:
        for ability in card.defn.by_when["ongoing"]:
            if ability.effect == "power" and condition_holds(state, card, ability, None):
                for target in _card_targets(state, card, ability, None, pick=False):
                    out[target.uid] += ability.amount
    return out


def board_totals(
    state: LanesState, power: dict[int, int] | None = None
) -> tuple[list[list[int]], list[list[int]]]:
    """Per seat, per location: the seat's power there as it sees it (its face-down cards at
    their power in hand), and the other seat's as everyone sees it (face-up cards only), for
    the totals menus show. Worked out once per turn's staging (``LanesState.totals``), from
    ``power`` (:func:`powers`) if the turn's start already worked that out."""
    key = (state.turn, state.next_placed)
    if state.totals is not None and state.totals[0] == key:
        return state.totals[1], state.totals[2]
    if power is None:
        power = powers(state)
    mine: list[list[int]] = [[], []]
    theirs: list[list[int]] = [[], []]
    for loc in state.locations:
        for seat in (0, 1):
            own = 0
            seen = 0
            for card in loc.sides[seat]:
                if card.face_up:
                    own += power[card.uid]
                    seen += power[card.uid]
                else:
                    own += card.base_power
            mine[seat].append(own)
            theirs[1 - seat].append(seen)
    state.totals = (key, mine, theirs)
    return mine, theirs


def side_power(loc: Location, seat: int, power: dict[int, int]) -> int:
    return sum(power.get(card.uid, 0) for card in loc.sides[seat])


def location_leader(loc: Location, power: dict[int, int]) -> int | None:
    """Who is winning a location (LANES-8.3): more power; equal, or destroyed, nobody."""
    return _leader(loc, side_power(loc, 0, power), side_power(loc, 1, power))


def _leader(loc: Location, a: int, b: int) -> int | None:
    return None if loc.destroyed or a == b else 0 if a > b else 1


class Standing(NamedTuple):
    """Who is ahead (LANES-5.2, LANES-8.3): each location's leader, locations won, total power."""

    leaders: list[int | None]
    won: list[int]
    total: list[int]

    def ahead(self) -> tuple[int, str] | None:
        """The seat ahead and why (``"locations"``, else ``"power"``); ``None`` when level."""
        won, total = self.won, self.total
        if won[0] != won[1]:
            return (0 if won[0] > won[1] else 1), "locations"
        if total[0] != total[1]:
            return (0 if total[0] > total[1] else 1), "power"
        return None


def standing(state: LanesState, power: dict[int, int] | None = None) -> Standing:
    """``power``: :func:`powers` of the state, if already worked out."""
    power = power if power is not None else powers(state)
    result = Standing([], [0, 0], [0, 0])
    for loc in state.locations:
        a, b = side_power(loc, 0, power), side_power(loc, 1, power)
        leader = _leader(loc, a, b)
        result.leaders.append(leader)
        if leader is not None:
            result.won[leader] += 1
        result.total[0] += a
        result.total[1] += b
    return result


def has_flag(state: LanesState, effect: str, seat: int) -> bool:
    """Whether an ongoing card effect such as ``reveal_last`` is on for ``seat``."""
    for loc in state.locations:
        for card in loc.sides[seat]:
            if card.face_up:
                for ability in card.defn.by_when.get("ongoing", ()):
                    if ability.effect == effect:
                        return True
    return False


def location_flag(loc: Location, effect: str) -> bool:
    """Whether a location's ongoing ability ``effect`` (``no_play``, ``allow_move``) is on."""
    return effect in loc.ongoing and loc.active


def closed_to_plays(loc: Location) -> bool:
    """Nothing can be played here now: destroyed, or its ability says so."""
    return loc.destroyed or location_flag(loc, "no_play")


# -- targets ------------------------------------------------------------------------------------


def _face_up(cards: list[Card]) -> list[Card]:
    return [c for c in cards if c.face_up]


def _location_targets(loc: Location, ability: Ability) -> list[Card]:
    if ability.target == "all_here":
        return [c for side in loc.sides for c in side if c.face_up]
    return []


def _card_targets(
    state: LanesState, card: Card, ability: Ability, power: dict[int, int] | None, *, pick: bool
) -> list[Card]:
    """The cards ``card``'s ability reaches. ``pick`` allows a random choice (never for ongoing
    effects, which must not draw from the RNG each time power is read)."""
    target = ability.target
    own, enemy = card.owner, 1 - card.owner
    if target == "self":
        return [card]
    if target in ("own_hand", "own_hand_random"):
        hand = state.players[own].hand
        if target == "own_hand":
            return list(hand)
        return [state.rng.choice(hand)] if hand and pick else []
    if target.endswith("_board"):
        seat = enemy if target.startswith("enemy") else own
        found = [c for loc in state.locations for c in loc.sides[seat] if c.face_up]
        return [c for c in found if c is not card] if target == "own_other_board" else found
    if card.loc < 0:
        return []
    loc = state.locations[card.loc]
    if target == "own_here":
        return _face_up(loc.sides[own])
    if target == "own_other_here":
        return [c for c in loc.sides[own] if c.face_up and c is not card]
    if target == "all_here":
        return _face_up(loc.sides[state.first]) + _face_up(loc.sides[1 - state.first])
    enemies = _face_up(loc.sides[enemy])
    if target == "enemy_here":
        return enemies
    if not enemies or not pick:
        return []
    if target == "enemy_random_here":
        return [state.rng.choice(enemies)]
    power = power if power is not None else powers(state)
    # Ties go to the card that arrived first.
    if target == "enemy_weakest_here":
        return [min(enemies, key=lambda c: (power.get(c.uid, 0), c.placed))]
    if target == "enemy_strongest_here":
        return [min(enemies, key=lambda c: (-power.get(c.uid, 0), c.placed))]
    raise ValueError(f"unknown target {target!r}")


def condition_holds(
    state: LanesState, card: Card, ability: Ability, power: dict[int, int] | None
) -> bool:
    condition = ability.condition
    if condition is None:
        return True
    if card.loc < 0:
        return False
    side = state.locations[card.loc].sides[card.owner]
    if condition == "alone_here":
        return len(side) == 1
    if condition == "full_here":
        return len(side) >= SLOTS
    loc = state.locations[card.loc]
    power = power if power is not None else powers(state)
    mine, theirs = side_power(loc, card.owner, power), side_power(loc, 1 - card.owner, power)
    if condition == "winning_here":
        return mine > theirs
    if condition == "not_winning_here":
        return mine <= theirs
    raise ValueError(f"unknown condition {condition!r}")


# -- zones --------------------------------------------------------------------------------------


def draw(state: LanesState, seat: int, log: StepLog) -> Card | None:
    """Draw the top card (LANES-3.2); a full hand leaves it on the deck (LANES-3.3)."""
    player = state.players[seat]
    if not player.deck or len(player.hand) >= HAND_LIMIT:
        log.event("draw_failed", None, seat=seat, full=bool(player.deck))
        return None
    card = player.deck.pop(0)
    player.hand.append(card)
    if not log.quiet:
        log.event("drew", None, seat=seat)
        log.event("drew_card", seat, seat=seat, card=card.uid, name=card.defn.name)
    return card


def to_hand(state: LanesState, card: Card) -> bool:
    """Put a card into its owner's hand, unless the hand is full (LANES-3.3)."""
    hand = state.players[card.owner].hand
    if len(hand) >= HAND_LIMIT:
        return False
    card.loc = -1
    hand.append(card)
    return True


def place(state: LanesState, card: Card, loc: Location, *, face_up: bool) -> None:
    card.loc = loc.index
    card.face_up = face_up
    card.placed = state.next_placed
    state.next_placed += 1
    loc.sides[card.owner].append(card)


def remove_from_board(state: LanesState, card: Card) -> None:
    state.locations[card.loc].sides[card.owner].remove(card)
    card.loc = -1


def destroy(state: LanesState, card: Card, log: StepLog) -> None:
    where, face_up = card.loc, card.face_up
    remove_from_board(state, card)
    card.face_up = False
    state.players[card.owner].destroyed.append(card)
    if face_up:
        log.event(
            "destroyed", None, card=card.uid, name=card.defn.name, seat=card.owner, location=where
        )
        return
    # A face-down card is destroyed unseen: only its owner learns which it was (LANES-8.1).
    log.event("destroyed_face_down", None, seat=card.owner, location=where)
    log.event("destroyed_face_down_card", card.owner, card=card.uid, name=card.defn.name)


def free_slots(loc: Location, seat: int) -> int:
    return 0 if loc.destroyed else SLOTS - len(loc.sides[seat])


def move_card(state: LanesState, card: Card, dest: Location, log: StepLog) -> None:
    """Move a card on the board, then resolve its "when this moves" abilities."""
    origin = card.loc
    state.locations[origin].sides[card.owner].remove(card)
    card.loc = dest.index
    dest.sides[card.owner].append(card)
    log.event(
        "moved",
        None,
        card=card.uid,
        name=card.defn.name,
        seat=card.owner,
        origin=origin,
        location=dest.index,
    )
    for ability in card.defn.by_when.get("on_move", ()):
        resolve(state, card, ability, log)


# -- resolving one ability ------------------------------------------------------------------------


def resolve(state: LanesState, source: Source, ability: Ability, log: StepLog) -> None:
    """Resolve a triggered or activated ability of a card or a location."""
    if isinstance(source, Location):
        _resolve_location(state, source, ability, log)
        return
    if not condition_holds(state, source, ability, None):
        log.event("condition_failed", _audience(source), card=source.uid)
        return
    effect = ability.effect
    if effect in ("draw", "add", "extra_energy", "carry_unspent"):
        _player_effect(state, source, source.owner, ability, log)
        return
    if effect == "to_top":
        deck = state.players[source.owner].deck
        deck.remove(source)
        deck.insert(0, source)
        log.event("to_top", source.owner, card=source.uid, name=source.defn.name)
        return
    if effect in ("destroy_location", "disable_location"):
        if source.loc >= 0:
            _break_location(state, state.locations[source.loc], effect, log)
        return
    for target in _card_targets(state, source, ability, None, pick=True):
        _card_effect(state, target, ability, log)


def _audience(card: Card) -> int | None:
    """Who may see events about this card: everyone if it is face up in play, else its owner."""
    return None if card.face_up and card.loc >= 0 else card.owner


def _card_effect(state: LanesState, target: Card, ability: Ability, log: StepLog) -> None:
    effect = ability.effect
    if effect == "power":
        target.bonus += ability.amount
        log.event(
            "power",
            _audience(target),
            card=target.uid,
            name=target.defn.name,
            delta=ability.amount,
            location=target.loc,
        )
    elif effect == "cost":
        was = target.cost
        target.change_cost(ability.amount)
        if not log.quiet:
            name, now = target.defn.name, target.cost
            log.event("cost", target.owner, card=target.uid, name=name, before=was, after=now)
    elif effect == "destroy":
        if target.loc >= 0:
            destroy(state, target, log)
    elif effect == "move":
        if target.loc >= 0:
            choices = [
                loc
                for loc in state.locations
                if loc.index != target.loc and free_slots(loc, target.owner) > 0
            ]
            if choices:
                move_card(state, target, state.rng.choice(choices), log)
    else:
        raise ValueError(f"{effect!r} is not a card effect")


def _player_effect(
    state: LanesState, source: Source, seat: int, ability: Ability, log: StepLog
) -> None:
    player = state.players[seat]
    effect = ability.effect
    if effect == "draw":
        for _ in range(ability.amount):  # one card at a time
            draw(state, seat, log)
    elif effect == "extra_energy":
        player.extra_energy += ability.amount
        # At turn start the refill comes after (LANES-3.1): the energy is this turn's.
        later = ability.when != "turn_start"
        log.event("extra_energy", None, seat=seat, amount=ability.amount, next=later)
    elif effect == "carry_unspent":
        if player.energy > 0:
            player.extra_energy += player.energy
            log.event("extra_energy", None, seat=seat, amount=player.energy, next=True)
    elif effect == "add":
        _add_tokens(state, source, seat, ability, log)
    else:
        raise ValueError(f"{effect!r} is not a player effect")


def _add_tokens(
    state: LanesState, source: Source, seat: int, ability: Ability, log: StepLog
) -> None:
    assert ability.card is not None
    defn = state.pool.cards[ability.card]
    player = state.players[seat]
    if ability.into == "hand":
        for _ in range(ability.amount):
            if len(player.hand) >= HAND_LIMIT:  # LANES-3.3: not made at all
                log.event("hand_full", None, seat=seat)
                break
            to_hand(state, state.new_card(defn, seat))
            log.event("added", None, seat=seat, name=defn.name, into="hand")
    elif ability.into == "deck":
        for _ in range(ability.amount):
            player.deck.append(state.new_card(defn, seat))
        state.rng.shuffle(player.deck)  # LANES-1.3: a shuffling effect shuffles again
        log.event("added", None, seat=seat, name=defn.name, into="deck", count=ability.amount)
    elif ability.into == "enemy_other_locations":
        assert isinstance(source, Card)
        enemy = 1 - seat
        for loc in state.locations:
            if loc.index != source.loc and free_slots(loc, enemy) > 0:
                token = state.new_card(defn, enemy)
                place(state, token, loc, face_up=True)
                log.event(
                    "added",
                    None,
                    seat=enemy,
                    card=token.uid,
                    name=defn.name,
                    into="board",
                    location=loc.index,
                )


def _break_location(state: LanesState, loc: Location, effect: str, log: StepLog) -> None:
    if effect == "disable_location":
        loc.disable()
        log.event("location_disabled", None, location=loc.index, name=loc.label)
        return
    loc.destroy()
    log.event("location_destroyed", None, location=loc.index, name=loc.label)
    for seat in state.order():
        for card in list(loc.sides[seat]):
            destroy(state, card, log)


def _resolve_location(state: LanesState, loc: Location, ability: Ability, log: StepLog) -> None:
    if ability.effect in ("draw", "add", "extra_energy"):
        for seat in state.order():
            _player_effect(state, loc, seat, ability, log)
        return
    for target in _location_targets(loc, ability):
        _card_effect(state, target, ability, log)
