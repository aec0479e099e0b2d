"""Parties (ESPER-10): forming by invitation, moving with the leader, and breaking up.

A player's ``party`` is its leader's seat (the leader's own, for the leader). A party has at most
:data:`MOST` members, the leader included (ESPER-10.1a); one left alone is no party
(``docs/rulings.md``, ESPER-10.3).
"""

from __future__ import annotations

from ..engine import StepLog
from .captions import S
from .state import EsperState
from .words import CAPTIONS

__all__ = ["MOST", "free_places", "invitable", "join", "leave", "moved_alone"]

MOST = 3


def free_places(state: EsperState, seat: int) -> int:
    """How many a seat may invite: a player in no party, or a leader (ESPER-10.1, 10.1a)."""
    party = state.players[seat].party
    if party is None:
        return MOST - 1
    if party != seat:
        return 0
    return MOST - len(state.members(seat))


def invitable(state: EsperState, seat: int) -> list[int]:
    """Living players on the inviter's square in no party; in part 2 of the inviter's own side,
    keeper or infiltrator (ESPER-10.1, 10.4)."""
    me = state.players[seat]
    if me.where is None:
        return []
    keeper = state.keeper(seat)
    return [
        s
        for s in state.on(me.where)
        if s != seat
        and state.players[s].party is None
        and (state.part != 2 or state.keeper(s) == keeper)
    ]


def join(state: EsperState, leader: int, seats: list[int]) -> None:
    state.players[leader].party = leader
    for s in seats:
        state.players[s].party = leader


def leave(state: EsperState, seat: int, log: StepLog, why: str = "") -> None:
    """``seat`` leaves its party; a leader leaving ends it, and so does one member left alone
    (ESPER-10.3). ``why``, if any, says why in the caption (``party.why.<why>``: ``scattered``,
    ``dead``, ``scrambled``, ``moved``, ``escaped``)."""
    player = state.players[seat]
    leader = player.party
    if leader is None:
        return
    if leader == seat:
        for s in state.members(leader):
            state.players[s].party = None
        log.event("party_ended", None, leader=leader)
        if not log.quiet:
            if why:
                log.say(CAPTIONS, "party.ends.why", seat=S(seat), why=_WHY[why])
            else:
                log.say(CAPTIONS, "party.ends", seat=S(seat))
        return
    player.party = None
    rest = state.members(leader)
    log.event("party_left", None, seat=seat, leader=leader)
    if len(rest) == 1:
        state.players[leader].party = None
        log.event("party_ended", None, leader=leader)
    if not log.quiet:
        template = "party.left.why" if why else "party.left"
        if len(rest) == 1:
            template += ".ends"
        log.say(CAPTIONS, template, seat=S(seat), leader=S(leader), why=_WHY.get(why, ""))


_WHY = {
    why: CAPTIONS.say(f"party.why.{why}")
    for why in ("scattered", "dead", "scrambled", "moved", "escaped")
}


def moved_alone(state: EsperState, seat: int, log: StepLog) -> None:
    """A piece moved off its party's square by a join, a spring or an escape leaves the party;
    a leader so moved ends it (ESPER-10.3, 10.3a)."""
    player = state.players[seat]
    if player.party is None:
        return
    leader = state.players[player.party]
    if player.party == seat or leader.where != player.where:
        leave(state, seat, log, "moved")
