"""Cards changing zone: draws, burns, destruction, banishing, returning, transforming, summoning,
discarding. Each move writes its events and collects what it triggers (:mod:`.triggers`).

A card that leaves the board forgets what happened to it there (damage, buffs, evolution,
granted abilities); a card that comes back is a new arrival (FANFARE-Q7).
"""

from __future__ import annotations

from ..engine import Result, StepLog
from . import triggers
from .cards import CardDef
from .state import BOARD_SLOTS, HAND_LIMIT, Card, FanfareState
from .stats import abilities
from .words import CAPTIONS

__all__ = [
    "SEAT",
    "banish",
    "bounce",
    "destroy",
    "discard",
    "draw",
    "draw_together",
    "finish",
    "place",
    "put_in_hand",
    "shuffle_in",
    "summon",
    "transform",
]

SEAT = ("{seat0}", "{seat1}")


def finish(
    state: FanfareState, winners: tuple[int, ...], reason: str, summary: str, log: StepLog
) -> None:
    """End the match now: nothing waiting resolves any more."""
    if state.result is not None:
        return
    state.result = Result(winners, reason, summary)
    state.queue.clear()
    log.event("game_over", None, **state.result.to_json())


def _move(card: Card, zone: str) -> None:
    card.zone = zone
    card.moves += 1


# -- the deck and the hand ----------------------------------------------------------------------


def _take_top(state: FanfareState, seat: int, log: StepLog) -> Card | None:
    """Draw the top card into the hand, or into the cemetery if the hand is full (FANFARE-2.4).
    An empty deck loses at once; "win / lose when drawn" acts at once (FANFARE-2.5)."""
    player = state.players[seat]
    if not player.deck:
        log.event("deck_empty", None, seat=seat)
        summary = CAPTIONS.say("result.deck_out", seat=SEAT[seat], other=SEAT[1 - seat])
        finish(state, (1 - seat,), "deck_out", summary, log)
        return None
    card = player.deck.pop(0)
    if len(player.hand) >= HAND_LIMIT:
        _burn(state, card, log)
        return card
    _move(card, "hand")
    player.hand.append(card)
    log.event("drew", None, seat=seat)
    log.event("drew_card", seat, seat=seat, card=card.uid, name=card.name)
    result = card.defn.drawn_result
    if result is not None:
        log.event("revealed", None, seat=seat, card=card.uid, name=card.name)
        winner = seat if result == "win" else 1 - seat
        summary = CAPTIONS.say(f"result.drawn_{result}", seat=SEAT[seat], card=card.name)
        finish(state, (winner,), f"drawn_{result}", summary, log)
    return card


def _burn(state: FanfareState, card: Card, log: StepLog) -> None:
    """A card for a full hand goes to the cemetery: neither destroyed nor discarded."""
    _move(card, "cemetery")
    state.players[card.owner].cemetery.append(card)
    log.event("burned", None, seat=card.owner, card=card.uid, name=card.name)


def draw(state: FanfareState, seat: int, count: int, log: StepLog) -> int:
    """Draw one card at a time, each triggering on its own (FANFARE-Q12). Returns how many."""
    drawn = 0
    for _ in range(count):
        card = _take_top(state, seat, log)
        if card is None or state.result is not None:
            break
        drawn += 1
        triggers.on_to_hand(state, [(card, True)])
    return drawn


def draw_together(state: FanfareState, seat: int, count: int, log: StepLog) -> None:
    """Draw ``count`` cards as one draw: nothing triggers between them (FANFARE-1.3)."""
    cards = []
    for _ in range(count):
        card = _take_top(state, seat, log)
        if card is None or state.result is not None:
            return
        cards.append((card, True))
    triggers.on_to_hand(state, cards)


def put_in_hand(state: FanfareState, card: Card, log: StepLog) -> None:
    """Put a card (returned, or made) into its owner's hand; a full hand burns it."""
    player = state.players[card.owner]
    if len(player.hand) >= HAND_LIMIT:
        _burn(state, card, log)
    else:
        _move(card, "hand")
        player.hand.append(card)
        log.event("to_hand", None, seat=card.owner, card=card.uid, name=card.name)
    triggers.on_to_hand(state, [(card, False)])


def shuffle_in(state: FanfareState, seat: int, defn: CardDef, log: StepLog) -> None:
    deck = state.players[seat].deck
    card = state.new_card(defn, seat)
    deck.insert(state.rng.below(len(deck) + 1), card)
    log.event("shuffled_in", None, seat=seat, name=defn.name)


def discard(state: FanfareState, card: Card, log: StepLog) -> None:
    player = state.players[card.owner]
    pos = player.hand.index(card)
    own = list(card.defn.abilities_at("board", "discarded"))
    player.hand.remove(card)
    card.cost_mod = 0
    _move(card, "cemetery")
    player.cemetery.append(card)
    log.event("discarded", None, seat=card.owner, card=card.uid, name=card.name)
    triggers.on_discarded(state, card, pos, own)


# -- the board ----------------------------------------------------------------------------------


def place(state: FanfareState, card: Card) -> None:
    """Put a card on the right end of its owner's board (it arrived last)."""
    _move(card, "board")
    card.reset()
    card.entered_turn = state.turn
    state.players[card.owner].board.append(card)


def summon(state: FanfareState, seat: int, defn: CardDef, log: StepLog) -> Card | None:
    """Summon a new card for ``seat``; with a full board it never arrives."""
    if len(state.players[seat].board) >= BOARD_SLOTS:
        log.event("board_full", None, seat=seat, name=defn.name)
        return None
    card = state.new_card(defn, seat, "limbo")
    place(state, card)
    log.event("summoned", None, seat=seat, card=card.uid, name=card.name)
    triggers.on_entered(state, card)
    return card


def _off_board(state: FanfareState, card: Card, zone: str) -> int:
    board = state.players[card.owner].board
    pos = board.index(card)
    board.remove(card)
    card.reset()
    _move(card, zone)
    return pos


def destroy(state: FanfareState, card: Card, log: StepLog) -> None:
    """Destroy a card on the board: to the cemetery, then last words and the rest."""
    last_words = list(abilities(card, "board", "last_words"))
    leave = list(abilities(card, "board", "leave"))
    pos = _off_board(state, card, "cemetery")
    state.players[card.owner].cemetery.append(card)
    log.event("destroyed", None, seat=card.owner, card=card.uid, name=card.name)
    triggers.on_destroyed(state, card, pos, last_words, leave)


def banish(state: FanfareState, card: Card, log: StepLog) -> None:
    """Not to the cemetery, no last words, not "destroyed"; leave-play effects (FANFARE-Q11)."""
    leave = list(abilities(card, "board", "leave"))
    pos = _off_board(state, card, "gone")
    log.event("banished", None, seat=card.owner, card=card.uid, name=card.name)
    triggers.on_left(state, card, pos, leave)


def bounce(state: FanfareState, card: Card, log: StepLog) -> None:
    leave = list(abilities(card, "board", "leave"))
    pos = _off_board(state, card, "limbo")
    log.event("returned", None, seat=card.owner, card=card.uid, name=card.name)
    triggers.on_left(state, card, pos, leave)
    put_in_hand(state, card, log)


def transform(state: FanfareState, card: Card, defn: CardDef, log: StepLog) -> Card:
    """The card becomes another: nothing leaves, nothing enters (FANFARE-Q11)."""
    board = state.players[card.owner].board
    pos = board.index(card)
    card.reset()
    _move(card, "gone")
    new = state.new_card(defn, card.owner, "board")
    new.entered_turn = state.turn
    board[pos] = new
    log.event(
        "transformed",
        None,
        seat=card.owner,
        card=card.uid,
        into=new.uid,
        name=defn.name,
        was=card.name,
    )
    return new
