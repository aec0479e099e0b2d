"""The movement phase (ESPER-1.3, 3, 4, 10.2): what a turn player may do, and doing it.

Exactly one of: enter (a piece off the board), walk, teleport, fly (part 1), recover, form or
leave a party, destroy a key base (part 2), or nothing. A party's leader moves every member; a
member may only leave or do nothing. The pieces that end a movement on a square are the turn's
*arrivals*: phase 4 opens or obeys what lies there (:mod:`.instructions`).
"""

from __future__ import annotations

from ..engine import StepLog
from . import health, parties, winning
from .captions import S, names, square_name
from .cards import NO_RECOVERY
from .state import EsperState, Task
from .words import CAPTIONS

__all__ = [
    "can_destroy",
    "can_recover",
    "destroy",
    "enter",
    "enter_base",
    "flights",
    "fly",
    "knows_key_base",
    "land",
    "member",
    "move_party",
    "recover",
    "spaceports",
    "teleport",
    "walk",
]

KEY_BASES = 4


def member(state: EsperState, seat: int) -> bool:
    """In a party and not its leader: only leaving or nothing (ESPER-10.2)."""
    party = state.players[seat].party
    return party is not None and party != seat


def spaceports(state: EsperState) -> list[int]:
    """The board's six spaceports and every face-up landing pad, in board order (ESPER-3.6)."""
    board = state.board
    pads = [s for s in state.face_up if state.kind_of(state.planet[s]) == "landing_pad"]
    return sorted([*board.spaceports, *pads])


def flights(state: EsperState, seat: int) -> list[int]:
    """Where a piece that begins its movement on a spaceport may fly (ESPER-3.4): any other."""
    where = state.players[seat].where
    ports = spaceports(state)
    if state.part != 1 or where not in ports:
        return []
    return [s for s in ports if s != where]


def can_recover(state: EsperState, seat: int) -> bool:
    """ESPER-3.5, 4.4, 4.4a, 4.6: below its durability, and in the base not on a face-up lounge,
    scrambler, fog room or rift unless a keeper. A face-down card forbids nothing: what is not
    known to be there cannot be told by the menu (``docs/rulings.md``, ESPER-4.4)."""
    player = state.players[seat]
    if player.damage == 0:
        return False
    if state.part != 2 or state.keeper(seat) or player.where is None:
        return True
    square = player.where
    return not (square in state.face_up and state.kind_of(state.base[square]) in NO_RECOVERY)


def knows_key_base(state: EsperState, seat: int, square: int) -> bool:
    """ESPER-9.4: the seat's own view holds ``square`` as a key base: face up, or learned."""
    card = state.base[square]
    if card is None or state.kind_of(card) != "key_base":
        return False
    return square in state.face_up or state.knowledge.knows(seat, ("square", square))


def can_destroy(state: EsperState, seat: int) -> bool:
    """ESPER-4.5, 9.4: a good character standing on a key base it knows is one."""
    player = state.players[seat]
    if state.part != 2 or not player.good or player.where is None:
        return False
    return knows_key_base(state, seat, player.where)


# -- moving ---------------------------------------------------------------------------------------


def move_party(state: EsperState, seat: int, square: int) -> list[int]:
    """The seat's piece, and every member of the party it leads, to ``square``: the arrivals."""
    party = state.players[seat].party
    movers = state.members(seat) if party == seat else [seat]
    for s in movers:
        state.players[s].where = square
    state.arrivals = movers
    return movers


def _moved(
    state: EsperState, seat: int, verb: str, square: int, log: StepLog, caption: str, gear: str = ""
) -> None:
    """The move, its event telling it ``how`` (``verb``) and its caption the template
    ``move.<caption>``."""
    movers = move_party(state, seat, square)
    log.event("moved", None, seats=movers, square=square, how=verb)
    if not log.quiet:
        who = (
            names(movers)
            if len(movers) == 1
            else CAPTIONS.say("move.party", seat=S(seat), who=names(movers))
        )
        square_said = square_name(state, square)
        log.say(CAPTIONS, f"move.{caption}", who=who, square=square_said, gear=gear)


def enter(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    """ESPER-3.1, 1.3a: onto a board spaceport (part 1) or an outer-ring square after a
    successful entry check (part 2); that is its whole movement, ending on that square."""
    _moved(state, seat, "enters at", square, log, "enters")


def enter_base(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-4.1: an ESP-level check with the clues held and the entry checks made before; on a
    success the piece enters on an outer-ring square of the player's choice, else it stays off
    the board."""
    player = state.players[seat]
    bonus = player.clues + player.entries
    player.entries += 1
    if health.check(state, seat, health.LEVEL, log, "enter", bonus=bonus):
        state.agenda.insert(0, Task("entry_square", seat))


def walk(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    """ESPER-3.2, 4.2: one square."""
    _moved(state, seat, "walks to", square, log, "walks")


def teleport(state: EsperState, seat: int, level: int, log: StepLog) -> None:
    """ESPER-3.2, 3.2a, 4.3: declare ``level``, roll 1d6; at most the level, the piece moves
    exactly that many squares, the player picking the end square when there are several."""
    player = state.players[seat]
    assert player.where is not None
    [roll] = state.rng.roll(6, 1)
    log.event("teleport", None, seat=seat, level=level, roll=roll)
    if roll > level:
        log.say(CAPTIONS, "move.teleport.fails", seat=S(seat), level=level, roll=roll)
        return
    ends = state.board.teleport_ends(state.part, player.where, roll)
    if not ends:
        log.say(CAPTIONS, "move.teleport.stays", seat=S(seat), level=level, roll=roll)
        return
    log.say(CAPTIONS, "move.teleport.succeeds", seat=S(seat), level=level, roll=roll)
    if len(ends) == 1:
        land(state, seat, ends[0], log)
    else:
        state.agenda.insert(0, Task("end_square", seat, roll))


def land(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    _moved(state, seat, "teleports to", square, log, "teleports")


def fly(state: EsperState, seat: int, square: int, log: StepLog, *, shuttle: bool) -> None:
    """ESPER-3.4 (from a spaceport), or with a shuttle from anywhere (ESPER-14.5)."""
    if shuttle:
        state.players[seat].gear.remove("shuttle")
        log.event(
            "gear_used", None, seat=seat, gear="shuttle", name=state.pool.gear("shuttle").name
        )
    if shuttle:
        name = state.pool.gear("shuttle").name
        _moved(state, seat, f"flies with a {name} to", square, log, "shuttle", name)
    else:
        _moved(state, seat, "flies to", square, log, "flies")


def recover(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-3.5: 1 durability back."""
    player = state.players[seat]
    player.damage -= 1
    log.event("recovered", None, seat=seat)
    log.say(CAPTIONS, "move.recovers", seat=S(seat), before=player.damage + 1, after=player.damage)


def destroy(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-4.5, 9.3, 9.4: the key base is removed (a face-down one shown to all as it goes);
    the 4th ends the match at once, good winning (ESPER-6.1)."""
    square = state.players[seat].where
    assert square is not None
    card = state.base[square]
    assert card is not None
    state.base[square] = None
    state.face_up.discard(square)
    state.destroyed[square] = card
    state.knowledge.reveal(("square", square), card)
    name = state.pool.cards[card].name
    log.event("destroyed", None, seat=seat, square=square, card=card)
    count = sum(1 for c in state.destroyed.values() if state.kind_of(c) == "key_base")
    log.say(
        CAPTIONS,
        "move.destroys",
        seat=S(seat),
        card=name,
        square=square_name(state, square),
        count=count,
        most=KEY_BASES,
    )
    if count == KEY_BASES:
        why = CAPTIONS.say("result.why.key_bases")
        winning.win(state, winning.GOOD, "key_bases", why, log)


def invite(state: EsperState, seat: int, invited: list[int], log: StepLog) -> None:
    """ESPER-10.1: the invited answer at once and in secret."""
    from ..engine import SecretChoice

    state.choice = SecretChoice(invited, False)
    state.agenda[0:0] = [Task("invitation", seat), Task("invited", seat)]
    log.event("invited", None, seat=seat, invited=invited)
    log.say(CAPTIONS, "party.invites", seat=S(seat), who=names(invited))


def invited(state: EsperState, seat: int, log: StepLog) -> None:
    """The answers, revealed together: those who accept join the inviter's party."""
    choice = state.choice
    assert choice is not None
    state.choice = None
    answers = choice.reveal()
    accepted = [s for s, yes in answers if yes and state.players[s].alive]
    log.event("answered", None, seat=seat, accepted=accepted)
    inviter = state.players[seat]
    if accepted and inviter.alive:
        parties.join(state, seat, accepted)
    if not log.quiet:
        declined = [s for s, yes in answers if not yes]
        said = []
        if accepted:
            joins = "party.joins.one" if len(accepted) == 1 else "party.joins.other"
            said.append(CAPTIONS.say(joins, who=names(accepted)))
        if declined:
            declines = "party.declines.one" if len(declined) == 1 else "party.declines.other"
            said.append(CAPTIONS.say(declines, who=names(declined)))
        told = CAPTIONS.join("list.semicolon", said)
        log.say(CAPTIONS, "party.answers", seat=S(seat), answers=told)
