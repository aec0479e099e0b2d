"""The course of a fanfare match: setup and mulligan (FANFARE-1), turns (FANFARE-2), playing and
evolving. Attacks are in :mod:`.combat`.

Each function closes the resolution steps it causes; captions are public unless they concern a
hidden card, and name seats as ``{seat0}`` and ``{seat1}``.
"""

from __future__ import annotations

from ..engine import TURN_STARTED, StepLog
from . import captions, triggers, zones
from .resolve import settle
from .state import EP, MAX_PP, Card, FanfareState, Unit
from .stats import attack, defence
from .words import CAPTIONS, said
from .zones import SEAT

__all__ = [
    "OPENING_HAND",
    "begin",
    "choose_mulligan",
    "concede",
    "end_turn",
    "evolve",
    "evolve_unlocked",
    "play",
    "start_turn",
]

OPENING_HAND = 3
EVOLVE_FROM = (5, 4)
"""The first player may evolve from its 5th turn, the second from its 4th (FANFARE-1.4)."""


def begin(state: FanfareState, log: StepLog) -> None:
    """FANFARE-1.2: the coin flip (or the setup's first seat), shuffled decks, three cards each;
    then the mulligan."""
    # The coin is flipped even when the setup names the first seat (a rematch), so the rest of
    # the match draws the same numbers.
    coin = state.rng.coin()
    named = state.named_first is not None
    state.first = coin if state.named_first is None else state.named_first
    state.turn_player = state.first
    for player in state.players:
        state.rng.shuffle(player.deck)
    state.players[state.first].ep = EP[0]  # FANFARE-1.4
    state.players[state.second].ep = EP[1]
    log.event("first_player", None, seat=state.first, reason="setup" if named else "coin")
    log.say(CAPTIONS, "begin.named" if named else "begin.coin", seat=SEAT[state.first])
    for seat in state.order():
        player = state.players[seat]
        for _ in range(OPENING_HAND):  # nothing acts on these draws
            card = player.deck.pop(0)
            card.zone = "hand"
            card.moves += 1
            player.hand.append(card)
            log.event("drew_card", seat, seat=seat, card=card.uid, name=card.name)
        log.event("drew", None, seat=seat, count=OPENING_HAND)
    captions.close(log, _HANDS)
    state.phase = "mulligan"


def choose_mulligan(state: FanfareState, seat: int, uids: tuple[int, ...], log: StepLog) -> None:
    """A seat's secret choice; once both have chosen, both mulligans happen (FANFARE-1.2)."""
    state.mulligan.choose(seat, uids)
    log.event("mulligan_chosen", None, seat=seat)
    log.event("mulligan_cards", seat, seat=seat, cards=list(uids))
    log.say(CAPTIONS, "mulligan.chosen", seat=SEAT[seat])
    if state.mulligan.done():
        _mulligan(state, log)


def _mulligan(state: FanfareState, log: StepLog) -> None:
    chosen = dict(state.mulligan.reveal())
    for seat in state.order():
        player = state.players[seat]
        returned = [state.cards[uid] for uid in chosen[seat]]
        for card in returned:  # set aside: they cannot come back in this draw
            player.hand.remove(card)
            card.zone = "limbo"
            card.moves += 1
        for _ in returned:
            card = player.deck.pop(0)
            card.zone = "hand"
            card.moves += 1
            player.hand.append(card)
            log.event("drew_card", seat, seat=seat, card=card.uid, name=card.name)
        for card in returned:
            card.zone = "deck"
            card.moves += 1
            player.deck.append(card)
        state.rng.shuffle(player.deck)
        player.returned = len(returned)
        log.event("mulligan", None, seat=seat, returned=len(returned))
    if not log.quiet:
        first, second = state.order()
        caption = CAPTIONS.say(
            "mulligan.done",
            first=SEAT[first],
            first_returned=state.players[first].returned,
            second=SEAT[second],
            second_returned=state.players[second].returned,
        )
        captions.close(log, caption)
    state.phase = "main"
    start_turn(state, state.first, log)


def _expire(state: FanfareState, until: str, seat: int | None, log: StepLog) -> None:
    """End the changes that last until now (``seat``: only those made by that seat)."""
    for player in state.players:
        for card in player.board:
            kept = [t for t in card.temps if t.until != until or seat not in (None, t.seat)]
            if len(kept) != len(card.temps):
                card.temps = kept
                log.event("expired", None, card=card.uid, until=until)


def start_turn(state: FanfareState, seat: int, log: StepLog) -> None:
    """FANFARE-2.1: "until the start of your turn" ends; PP; turn-start abilities and
    countdowns; then the draw (two at once on the second player's first turn, FANFARE-1.3)."""
    state.turn += 1
    state.turn_player = seat
    player = state.players[seat]
    player.turns += 1
    _expire(state, "your_turn_start", seat, log)
    player.max_pp = min(MAX_PP, player.max_pp + 1)
    player.pp = player.max_pp
    player.evolved_this_turn = False
    for card in player.board:
        card.attacked = False
    log.event(TURN_STARTED, None, seat=seat, turn=state.turn, pp=player.pp)
    if not log.quiet:  # said once for each turn, seat and PP: replays say them again and again
        log.step(said("turn.start", turn=state.turn, seat=SEAT[seat], pp=player.pp))
    triggers.on_turn_start(state, seat)
    settle(state, log)
    if state.result is not None:
        return
    if seat == state.second and player.turns == 1:
        zones.draw_together(state, seat, 2, log)
    else:
        zones.draw(state, seat, 1, log)
    if state.result is not None:
        log.step(state.result.summary)
    elif not log.quiet:
        drew = captions.outcome(log.pending) or CAPTIONS.say("turn.drew.nothing", seat=SEAT[seat])
        captions.close(log, captions.sentence(drew))
    settle(state, log)


def end_turn(state: FanfareState, log: StepLog) -> None:
    """FANFARE-2.3: "at the end of your turn" abilities, then "until the end of the turn" ends;
    then the other player's turn starts."""
    seat = state.turn_player
    log.event("turn_ending", None, seat=seat)
    if not log.quiet:
        log.step(said("turn.end", seat=SEAT[seat]))
    triggers.on_turn_end(state, seat)
    settle(state, log)
    if state.result is not None:
        return
    _expire(state, "turn_end", None, log)
    settle(state, log)  # a defence that lasted until now may be gone
    if state.result is None:
        start_turn(state, 1 - seat, log)


def evolve_unlocked(state: FanfareState, seat: int) -> bool:
    first = 0 if seat == state.first else 1
    return state.players[seat].turns >= EVOLVE_FROM[first]


def play(state: FanfareState, seat: int, card: Card, target: Unit | None, log: StepLog) -> None:
    """Play a card from hand; everything it triggers resolves (FANFARE-2.2, FANFARE-Q4, Q9)."""
    player = state.players[seat]
    player.pp -= card.cost
    player.hand.remove(card)
    card.cost_mod = 0
    if card.defn.spell:
        card.zone = "stack"
        card.moves += 1
    else:
        zones.place(state, card)
    secret = isinstance(target, Card) and target.zone == "hand"  # a card to discard
    shown = None if target is None or secret else target
    log.event(
        "played",
        None,
        seat=seat,
        card=card.uid,
        id=card.defn.id,
        name=card.name,
        kind=card.defn.kind,
        target=None if shown is None else shown.uid,
    )
    if not log.quiet:
        if shown is None:
            log.step(said("play", seat=SEAT[seat], card=card.name))
        else:
            aim = captions.label(shown)
            log.say(CAPTIONS, "play.on", seat=SEAT[seat], card=card.name, target=aim)
    triggers.on_played(state, card, target)
    if card.zone == "stack" and not any(t.source is card for t in state.queue):
        card.zone = "cemetery"  # its effect did not trigger: it is simply used
        card.moves += 1
        player.cemetery.append(card)
    settle(state, log)


def evolve(state: FanfareState, seat: int, card: Card, target: Unit | None, log: StepLog) -> None:
    """Spend an evolution point: +2/+2, and it may attack followers this turn (FANFARE-1.4)."""
    player = state.players[seat]
    was = None if log.quiet else (attack(state, card), defence(state, card))
    player.ep -= 1
    player.evolved_this_turn = True
    card.evolved = True
    card.evolved_turn = state.turn
    log.event(
        "evolved",
        None,
        seat=seat,
        card=card.uid,
        name=card.name,
        target=None if target is None else target.uid,
    )
    if was is not None:
        change = captions.stats_change(was, (attack(state, card), defence(state, card)))
        if target is None:
            log.say(CAPTIONS, "evolve", seat=SEAT[seat], card=card.name, change=change)
        else:
            aim = captions.label(target)
            log.say(
                CAPTIONS, "evolve.on", seat=SEAT[seat], card=card.name, change=change, target=aim
            )
    triggers.on_evolved(state, card, target)
    settle(state, log)


def concede(state: FanfareState, seat: int, log: StepLog) -> None:
    summary = CAPTIONS.say("result.concede", seat=SEAT[seat], other=SEAT[1 - seat])
    log.event("conceded", None, seat=seat)
    zones.finish(state, (1 - seat,), "concede", summary, log)
    log.step(summary)


_HANDS = CAPTIONS.say("begin.hands")
