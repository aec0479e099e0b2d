"""What each part of an effect does when it resolves.

Targets are found when the part resolves: random ones are picked then (FANFARE-Q2), and an effect
with several targets handles them one at a time in the FANFARE-Q3 order: the turn player's side
first, the leader before the followers, left to right (FANFARE-Q5). A chosen target, ``it`` or
the follower being fought is only hit if it is still where it was when the effect triggered.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import StepLog
from . import zones
from .cards import Part
from .state import BOARD_SLOTS, Card, FanfareState, Leader, Temp, Unit
from .stats import attack, condition_holds, count, damage_cut, defence, effect_boost, followers
from .triggers import Trigger, on_entered

__all__ = ["deal_damage", "resolve_part", "restore"]


def _present(pin: tuple[Unit, int] | None) -> Unit | None:
    if pin is None:
        return None
    unit, moves = pin
    if isinstance(unit, Leader):
        return unit
    return unit if unit.zone == "board" and unit.moves == moves else None


def _side(state: FanfareState, seat: int, leader: bool) -> list[Unit]:
    units: list[Unit] = [state.players[seat].leader] if leader else []
    return units + followers(state, seat)


def targets(state: FanfareState, trig: Trigger, part: Part) -> list[Unit]:
    """The units a card-targeting part hits now, in the order it hits them (FANFARE-Q5)."""
    t, own = part.target, trig.owner
    enemy = 1 - own
    source = trig.source
    if t in ("enemy_follower", "follower", "ally_follower", "enemy", "enemy_card", "amulet"):
        found = _present(trig.target)
    elif t == "it":
        found = _present(trig.it)
    elif t == "foe":
        found = _present(trig.foe)
    elif t == "self":
        found = _present((source, trig.moves))
    else:
        return _many(state, t, own, enemy, source)
    return [found] if found is not None else []


def _many(state: FanfareState, t: str, own: int, enemy: int, source: Unit) -> list[Unit]:
    order = state.order()
    if t == "own_leader":
        return [state.players[own].leader]
    if t == "enemy_leader":
        return [state.players[enemy].leader]
    if t == "leaders":
        return [state.players[s].leader for s in order]
    if t == "allies":
        return list(followers(state, own))
    if t == "other_allies":
        return [c for c in followers(state, own) if c is not source]
    if t == "enemy_followers":
        return list(followers(state, enemy))
    if t == "followers":
        return [c for s in order for c in followers(state, s)]
    if t == "enemies":
        return _side(state, enemy, True)
    if t == "all":
        return [u for s in order for u in _side(state, s, True)]
    if t == "random_enemy_follower":
        pool: list[Unit] = list(followers(state, enemy))
    elif t == "random_ally":
        pool = [c for c in followers(state, own) if c is not source]
    else:
        raise ValueError(f"{t!r} is not a card target")
    return [state.rng.choice(pool)] if pool else []


def _amount(state: FanfareState, trig: Trigger, part: Part) -> int:
    """Read when it resolves: counts and "instead" amounts (FANFARE-Q2)."""
    if part.amount_from is not None:
        return count(state, part.amount_from, trig.owner, trig.source)
    if part.instead is not None and condition_holds(state, part.instead, trig.owner, trig.source):
        return part.instead_amount
    return part.amount


def deal_damage(
    state: FanfareState, unit: Unit, amount: int, log: StepLog, *, boost: int | None = None
) -> int:
    """Damage one unit; ``boost`` names the seat whose effect deals it (its auras add to it).
    Returns the damage actually dealt. Nothing is destroyed yet (FANFARE-Q6)."""
    if boost is not None:
        amount += effect_boost(state, boost)
    if isinstance(unit, Card):
        amount -= damage_cut(unit)
    amount = max(0, amount)
    unit.damage += amount
    if not log.quiet:  # what a caption needs: the defence it had and has
        _changed(state, "damage", unit, amount, defence(state, unit) + amount, log)
    return amount


def restore(state: FanfareState, unit: Unit, amount: int, log: StepLog) -> int:
    healed = min(amount, unit.damage)
    unit.damage -= healed
    if not log.quiet:
        _changed(state, "restored", unit, healed, defence(state, unit) - healed, log)
    return healed


def _changed(
    state: FanfareState, kind: str, unit: Unit, amount: int, before: int, log: StepLog
) -> None:
    """A unit's defence changed by ``amount`` (damage or healing), from ``before``."""
    log.event(
        kind,
        None,
        target=unit.uid,
        seat=unit.owner,
        amount=amount,
        name=unit.name,
        leader=isinstance(unit, Leader),
        before=before,
        after=defence(state, unit),
    )


# -- the effects --------------------------------------------------------------------------------

Handler = Callable[[FanfareState, Trigger, Part, StepLog], None]


def _damage(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    amount = _amount(state, trig, part)
    for unit in targets(state, trig, part):
        deal_damage(state, unit, amount, log, boost=trig.owner)


def _heal(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    amount = _amount(state, trig, part)
    for unit in targets(state, trig, part):
        restore(state, unit, amount, log)


def _on_cards(move: Callable[[FanfareState, Card, StepLog], object]) -> Handler:
    """An effect that moves each target card in turn (skipping any that already left)."""

    def handler(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
        for unit in targets(state, trig, part):
            if isinstance(unit, Card) and unit.zone == "board":
                move(state, unit, log)

    return handler


def _transform(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    assert part.card is not None
    for unit in targets(state, trig, part):
        if isinstance(unit, Card):
            zones.transform(state, unit, state.pool.cards[part.card], log)


def _silence(state: FanfareState, card: Card, log: StepLog) -> None:
    card.silenced = True
    card.granted = []
    card.keywords_gained = []
    card.temps = [t for t in card.temps if t.keyword is None]
    log.event("silenced", None, card=card.uid, seat=card.owner, name=card.name)


def _stats(state: FanfareState, card: Card) -> tuple[int, int]:
    return attack(state, card), defence(state, card)


def _buff(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    for unit in targets(state, trig, part):
        if not isinstance(unit, Card):
            continue
        was = None if log.quiet else _stats(state, unit)
        if part.until is not None:
            unit.temps.append(Temp(part.attack, part.defence, None, part.until, trig.owner))
        else:
            unit.atk_bonus += part.attack
            unit.def_bonus += part.defence
        if was is not None:
            log.event(
                "buffed",
                None,
                card=unit.uid,
                seat=unit.owner,
                name=unit.name,
                attack=part.attack,
                defence=part.defence,
                before=was,
                after=_stats(state, unit),
            )


def _keyword(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    assert part.keyword is not None
    for unit in targets(state, trig, part):
        if not isinstance(unit, Card):
            continue
        if part.until is not None:
            unit.temps.append(Temp(0, 0, part.keyword, part.until, trig.owner))
        elif part.keyword not in unit.keywords_gained:
            unit.keywords_gained.append(part.keyword)
        log.event("keyword", None, card=unit.uid, keyword=part.keyword, name=unit.name)


def _grant(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    assert part.grants is not None
    for unit in targets(state, trig, part):
        if isinstance(unit, Card):
            unit.granted.append(part.grants)
            log.event("granted", None, card=unit.uid, text=part.grants.text, name=unit.name)


def _seats(state: FanfareState, trig: Trigger, part: Part) -> tuple[int, ...]:
    if part.target == "owner":
        return (trig.owner,)
    if part.target == "opponent":
        return (1 - trig.owner,)
    return state.order()


def _draw(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    amount = _amount(state, trig, part)
    for seat in _seats(state, trig, part):
        zones.draw(state, seat, amount, log)
        if state.result is not None:
            return


def _made(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    """Summon, put into hand or shuffle into the deck new cards, one at a time."""
    assert part.card is not None
    defn = state.pool.cards[part.card]
    for seat in _seats(state, trig, part):
        for _ in range(part.amount):
            if part.effect == "summon":
                zones.summon(state, seat, defn, log)
            elif part.effect == "add":
                zones.put_in_hand(state, state.new_card(defn, seat, "limbo"), log)
            else:
                zones.shuffle_in(state, seat, defn, log)


def _pp(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    player = state.players[trig.owner]
    was = player.pp
    player.pp = min(player.max_pp, player.pp + part.amount)
    log.event("pp", None, seat=trig.owner, pp=player.pp, before=was)


def _discard(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    hand = state.players[trig.owner].hand
    if part.target == "hand_card":
        pin = trig.target
        if pin is not None:
            card, moves = pin
            if isinstance(card, Card) and card.zone == "hand" and card.moves == moves:
                zones.discard(state, card, log)
    elif hand:  # an empty hand when it triggered was decided then (Trigger.skip)
        zones.discard(state, state.rng.choice(hand), log)


def _cost(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    source = trig.source
    if part.target == "self":
        cards = [source] if isinstance(source, Card) and source.zone == "hand" else []
    else:
        cards = list(state.players[trig.owner].hand)
    for card in cards:
        was = card.cost
        card.cost_mod += part.amount
        log.event("cost", card.owner, card=card.uid, cost=card.cost, before=was, name=card.name)


def _countdown(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    source = trig.source
    if part.target == "self":
        amulets = [source] if isinstance(source, Card) and source.zone == "board" else []
    else:
        amulets = [c for c in state.players[trig.owner].board if c.countdown is not None]
    for amulet in amulets:
        if amulet.countdown is None or amulet.zone != "board":
            continue
        was = amulet.countdown
        amulet.countdown = max(0, amulet.countdown - part.amount)
        now, name = amulet.countdown, amulet.name
        log.event("countdown", None, card=amulet.uid, countdown=now, before=was, name=name)
        if amulet.countdown == 0:  # gone at once; its last words trigger now
            zones.destroy(state, amulet, log)


def _grant_leader(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    assert part.grants is not None
    state.players[trig.owner].leader.granted.append(part.grants)
    log.event("leader_granted", None, seat=trig.owner, text=part.grants.text)


def _summon_self(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    card = trig.source
    player = state.players[trig.owner]
    if not isinstance(card, Card) or card.zone != "deck" or card.moves != trig.moves:
        return
    if len(player.board) >= BOARD_SLOTS:
        log.event("board_full", trig.owner, seat=trig.owner, name=card.name)  # still hidden
        return
    player.deck.remove(card)
    zones.place(state, card)
    log.event("summoned", None, seat=trig.owner, card=card.uid, name=card.name, direct=True)
    on_entered(state, card)


_HANDLERS: dict[str, Handler] = {
    "damage": _damage,
    "heal": _heal,
    "destroy": _on_cards(zones.destroy),
    "banish": _on_cards(zones.banish),
    "bounce": _on_cards(zones.bounce),
    "transform": _transform,
    "silence": _on_cards(_silence),
    "buff": _buff,
    "keyword": _keyword,
    "grant": _grant,
    "draw": _draw,
    "summon": _made,
    "add": _made,
    "shuffle": _made,
    "pp": _pp,
    "discard": _discard,
    "cost": _cost,
    "countdown": _countdown,
    "grant_leader": _grant_leader,
    "summon_self": _summon_self,
}


def resolve_part(state: FanfareState, trig: Trigger, part: Part, log: StepLog) -> None:
    _HANDLERS[part.effect](state, trig, part, log)
