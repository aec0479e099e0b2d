"""Whom a seat trusts: its belief about the other seats' alignments, from what it sees alone.

A CPU's search deals the characters it does not know so that the seats it suspects are evil
more often (:mod:`.cpu`), and its play leans on the same belief (:mod:`.tactics`). The belief
reads only what the seat's view holds (ESPER-12.1): the characters it knows (its own, those
revealed, those it learned), the personas' faces, the parties, and the combat under way (who
attacks whom is public). It is odds, not certainty: a face may be a lie (ESPER-0.4), and a
view keeps no history beyond the combat under way.

``docs/rulings.md`` ("CPU players") records each weight and why.
"""

from __future__ import annotations

from .state import EsperState

__all__ = ["FACE_ODDS", "allied", "known_sides", "odds_evil"]

FACE_ODDS = 3.0
"""How much likelier an evil-face persona is evil than a good-face one. A CPU shows its own
face three times in four (:mod:`.tactics`), so among CPUs a face is this much evidence."""
ATTACK_ODDS = 3.0
"""An attack on a seat of known side: the attacker is this much likelier of the other side."""
PARTY_ODDS = 2.0
"""A party with a seat of known side: each member is this much likelier of that side."""


def known_sides(state: EsperState, seat: int) -> dict[int, str]:
    """The seats whose alignment ``seat`` knows (itself, revealed, learned): seat → side."""
    pool = state.pool.cards
    sides = {seat: state.players[seat].character.kind}
    for fact, card in state.knowledge.known_to(seat).items():
        if fact[0] == "identity":
            sides[fact[1]] = pool[card].kind
    return sides


def odds_evil(
    state: EsperState, seat: int, known: dict[int, str] | None = None
) -> dict[int, float]:
    """For each seat whose alignment ``seat`` does not know: the odds it is evil against the
    prior (1: no evidence either way)."""
    known = known_sides(state, seat) if known is None else known
    odds: dict[int, float] = {}
    combat = state.combat
    attack = combat.attack if combat is not None else None
    for p in state.players:
        s = p.seat
        if s in known:
            continue
        value = 1.0
        face = state.face(s)
        if face == "evil":
            value *= FACE_ODDS
        elif face == "good":
            value /= FACE_ODDS
        if attack is not None and attack.attacker == s and attack.target in known:
            value *= ATTACK_ODDS if known[attack.target] == "good" else 1 / ATTACK_ODDS
        if p.party is not None:
            for mate in state.members(p.party):
                if mate != s and mate in known:
                    value *= PARTY_ODDS if known[mate] == "evil" else 1 / PARTY_ODDS
        odds[s] = value
    return odds


def allied(state: EsperState, seat: int, other: int, known: dict[int, str]) -> float:
    """How likely ``other`` is on ``seat``'s side, roughly (1 known ally, 0 known enemy), from
    the known sides and the faces alone: a playout's quick belief."""
    mine = known[seat]
    side = known.get(other)
    if side is not None:
        return 1.0 if side == mine else 0.0
    face = state.face(other)
    if face is None:
        return 0.5
    return 0.75 if face == mine else 0.25
