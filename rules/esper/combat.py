"""Combat (ESPER-5): who fights, joining, rounds with initiative, attacks and their answers,
covers, escapes, NPC fights, and the end.

A combat is a run of tasks on the agenda (``round_start``, a ``combat_turn`` per combatant in
initiative order, ``round_end``; an attack pushes its ``answer``, ``covers`` and ``hit``), so it
waits on whoever must decide and ends at once when fewer than two combatants are left (ESPER-5.10):
every task looks at the combat as it stands when it runs. Combatants are seats; NPCs are negative
numbers. Cards in a hand are uids into the match's combat cards; an action names a card by its
definition's id (any copy in the hand will do).
"""

from __future__ import annotations

from ..engine import SecretChoice, StepLog
from . import health, parties
from .captions import S, audience, card_names, names, square_name
from .cards import CardDef
from .state import ARRESTED, INCAPACITATED, NORMAL, Attack, Combat, EsperState, Task
from .words import CAPTIONS, SEAT, said, tell

__all__ = [
    "HAND",
    "ROUNDS",
    "attack",
    "can_declare",
    "combatant_name",
    "ended",
    "escape",
    "hand_cards",
    "joined",
    "mind_read",
    "playable",
    "start",
]

HAND = 7
AIDE_HAND = 8
ROUNDS = 4
NPC_INITIATIVE = 9
NPC_DURABILITY = 2
NPC_LEVEL = 2
NPC_DAMAGE = 1
DAMPED_MOST = 2
BARRIER_MOST = 4


def combatant_name(fighter: int) -> str:
    """A seat as captions name it, or an NPC: ``guard 1`` (said, as a list names a seat)."""
    return SEAT[fighter] if fighter >= 0 else said("guard", n=-fighter)


def ended(state: EsperState) -> bool:
    """ESPER-5.10: fewer than two combatants left; in an NPC fight, no NPC or no player."""
    combat = state.combat
    if combat is None:
        return True
    if combat.npc_fight:
        return not combat.npcs or not combat.players()
    return len(combat.combatants) < 2


def can_declare(state: EsperState, seat: int) -> bool:
    """ESPER-5.2: on the board, normal or arrested, another piece on its square, and the square
    not a face-up fog room."""
    player = state.players[seat]
    square = player.where
    if square is None or player.state not in (NORMAL, ARRESTED):
        return False
    if (
        state.part == 2
        and square in state.face_up
        and state.kind_of(state.base[square]) == "fog_room"
    ):
        return False
    return any(s != seat for s in state.on(square))


def forced(state: EsperState, seat: int) -> bool:
    """ESPER-5.3: another player with the turn player's persona on its square, or a sprung lurk."""
    player = state.players[seat]
    assert player.where is not None
    same = any(
        s != seat and state.players[s].persona == player.persona for s in state.on(player.where)
    )
    return same or state.sprung


# -- starting -------------------------------------------------------------------------------------


def start(state: EsperState, square: int, log: StepLog) -> None:
    """ESPER-5.4, 5.5: the turn player and every other piece on its square fight; the others on
    the board who are normal or arrested choose at once whether to try to join."""
    combatants = state.on(square)
    combat = Combat(square, combatants)
    state.combat = combat
    log.event("combat", None, square=square, combatants=combatants)
    if not log.quiet:
        square_said = square_name(state, square)
        log.say(CAPTIONS, "fight.starts", square=square_said, who=names(combatants))
    joiners = [
        p.seat
        for p in state.players
        if p.alive
        and p.where is not None
        and p.state in (NORMAL, ARRESTED)
        and p.seat not in combatants
    ]
    tasks = [Task("round_start")]
    if joiners:
        state.choice = SecretChoice(joiners, False)
        tasks[0:0] = [Task("join"), Task("joined")]
    state.agenda[0:0] = tasks


def start_npc_fight(state: EsperState, obeyer: int, npcs: int, log: StepLog) -> None:
    """ESPER-5.12: the player who obeyed the card, with its party, against 1 or 2 NPCs."""
    player = state.players[obeyer]
    if not player.alive or player.where is None:
        return
    leader = player.party
    fighters = [
        s
        for s in (state.members(leader) if leader is not None else [obeyer])
        if state.players[s].alive and state.players[s].where == player.where
    ]
    combat = Combat(player.where, fighters, obeyer)
    combat.leader = leader
    combat.npcs = {-(i + 1): NPC_DURABILITY for i in range(npcs)}
    combat.combatants = [*fighters, *combat.npcs]
    state.combat = combat
    log.event("npc_fight", None, square=player.where, combatants=fighters, npcs=npcs)
    if not log.quiet:
        guards = CAPTIONS.say("fight.guards.one" if npcs == 1 else "fight.guards.other", n=npcs)
        square_said = square_name(state, player.where)
        log.say(CAPTIONS, "fight.npc", square=square_said, who=names(fighters), guards=guards)
    state.agenda.insert(0, Task("round_start"))


def joined(state: EsperState, log: StepLog) -> None:
    """The joins, revealed together; each who tries makes an ESP-level check, in turn order from
    the turn player, and on a success moves to the square and fights."""
    choice, combat = state.choice, state.combat
    assert choice is not None and combat is not None
    state.choice = None
    trying = {s for s, yes in choice.reveal() if yes}
    log.event("joins", None, trying=sorted(trying))
    if not trying:
        log.say(CAPTIONS, "fight.nobody_joins")
        return
    for seat in state.in_turn_order():
        player = state.players[seat]
        if seat not in trying or not player.alive or ended(state):
            continue
        if health.check(state, seat, health.LEVEL, log, "join"):
            moved = player.where != combat.square
            player.where = combat.square
            combat.combatants.append(seat)
            log.event("moved", None, seats=[seat], square=combat.square, how="join")
            square_said = square_name(state, combat.square)
            tell(log, "fight.joins", seat=S(seat), square=square_said)
            if moved:
                parties.moved_alone(state, seat, log)


# -- rounds ---------------------------------------------------------------------------------------


def hand_size(state: EsperState, seat: int) -> int:
    return AIDE_HAND if "aide" in state.players[seat].gear else HAND


def _draw(state: EsperState, seat: int, log: StepLog) -> None:
    """Up to the hand size; the discard is shuffled into an empty deck (ESPER-5.6)."""
    player = state.players[seat]
    wanted = hand_size(state, seat) - len(player.hand)
    drawn: list[int] = []
    for _ in range(max(0, wanted)):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            log.event("reshuffled", None, cards=len(state.deck))
        drawn.append(state.deck.pop())
    player.hand.extend(drawn)
    if not drawn:
        return
    log.event("drew", None, seat=seat, count=len(drawn), hand=len(player.hand))
    if not log.quiet:
        cards = card_names([state.combat_cards[u].name for u in drawn])
        log.event("drawn", audience(state, seat), seat=seat, cards=drawn)
        tell(log, "fight.draws", seat=S(seat), n=len(drawn), hand=len(player.hand))
        log.say(CAPTIONS, "fight.drawn", to=audience(state, seat), seat=S(seat), cards=cards)


def round_start(state: EsperState, log: StepLog) -> None:
    """ESPER-5.6: draws, initiative (2d6 + ESP level, highest first; ties in turn order from the
    turn player; NPCs count 9 and act after tied players), dampers, then each combatant's turn."""
    combat = state.combat
    assert combat is not None
    if ended(state):
        state.agenda.insert(0, Task("combat_end"))
        return
    combat.round += 1
    combat.attacked = False
    combat.damped = []
    order = state.in_turn_order()
    fighters = [s for s in order if s in combat.combatants]
    for seat in fighters:
        _draw(state, seat, log)
    keys: dict[int, tuple[int, int, int]] = {}
    rolled: list[tuple[int, tuple[int, ...]]] = []
    for place, seat in enumerate(fighters):
        roll = state.rng.roll(6, 2)
        keys[seat] = (-(sum(roll) + state.players[seat].level), 0, place)
        rolled.append((seat, roll))
    for npc in combat.npcs:
        keys[npc] = (-NPC_INITIATIVE, 1, -npc)
    combat.order = sorted(keys, key=keys.__getitem__)
    log.event("initiative", None, round=combat.round, order=combat.order)
    if not log.quiet:
        who = CAPTIONS.join("list.comma", [combatant_name(c) for c in combat.order])
        # Each adds its ESP level, which is hidden: a total of the dice alone would read as the
        # initiative and contradict the order.
        initiative = CAPTIONS.join(
            "list.semicolon",
            [
                said("fight.initiative", seat=S(seat), dice=" + ".join(map(str, roll)))
                for seat, roll in rolled
            ],
        )
        log.say(CAPTIONS, "fight.round", round=combat.round, rolled=initiative, order=who)
    tasks = [
        Task("damper", s)
        for s in fighters
        if "damper" in state.players[s].gear and state.players[s].state in (NORMAL, ARRESTED)
    ]
    tasks += [Task("combat_turn", c) for c in combat.order]
    tasks.append(Task("round_end"))
    state.agenda[0:0] = tasks


def round_end(state: EsperState, log: StepLog) -> None:
    """ESPER-5.10: after a round in which nobody attacked, or after round 4, the combat ends."""
    combat = state.combat
    assert combat is not None
    if ended(state) or combat.round >= ROUNDS or not combat.attacked:
        state.agenda.insert(0, Task("combat_end"))
    else:
        state.agenda.insert(0, Task("round_start"))


def combat_end(state: EsperState, log: StepLog) -> None:
    """Every combat card back to the deck, which is shuffled; surviving NPCs vanish."""
    combat = state.combat
    assert combat is not None
    for fighter in combat.combatants:
        if fighter >= 0:
            player = state.players[fighter]
            state.deck.extend(player.hand)
            player.hand = []
    state.deck.extend(state.discard)
    state.discard = []
    state.deck.sort()
    state.rng.shuffle(state.deck)
    state.combat = None
    log.event("combat_over", None, square=combat.square)
    log.say(CAPTIONS, "fight.ends", square=square_name(state, combat.square))


def combat_turn(state: EsperState, fighter: int, log: StepLog) -> None:
    """ESPER-5.7: a combatant's turn: an NPC attacks, an incapacitated one passes, a player
    chooses."""
    combat = state.combat
    if combat is None or ended(state) or fighter not in combat.combatants:
        return
    if fighter < 0:
        _npc_attack(state, fighter, log)
    elif state.players[fighter].state == INCAPACITATED:
        log.say(CAPTIONS, "fight.incapacitated", seat=S(fighter))
    else:
        state.agenda.insert(0, Task("fight", fighter))


def _npc_attack(state: EsperState, npc: int, log: StepLog) -> None:
    """ESPER-5.12: level 2, 1 damage, at the player who obeyed the card, else its party's leader,
    else the first player combatant in turn order."""
    combat = state.combat
    assert combat is not None
    players = combat.players()
    if combat.obeyer in players:
        target = combat.obeyer
    elif combat.leader in players:
        target = combat.leader
    else:
        target = next(s for s in state.in_turn_order() if s in players)
    assert target is not None
    log.event("attack", None, fighter=npc, target=target, level=NPC_LEVEL)
    log.say(
        CAPTIONS,
        "fight.guard_attacks",
        n=-npc,
        target=S(target),
        level=NPC_LEVEL,
        damage=NPC_DAMAGE,
    )
    _aim(state, Attack(npc, target, NPC_LEVEL, NPC_DAMAGE))


# -- cards ----------------------------------------------------------------------------------------


def hand_cards(state: EsperState, seat: int) -> list[CardDef]:
    return [state.combat_cards[u] for u in state.players[seat].hand]


def playable(state: EsperState, seat: int, level: int, *, free: bool = False) -> bool:
    """ESPER-5.1, 14.5: ESP level at least the card's and that much ESP power left (``free``: a
    focus: neither), and no card above level 2 under a damper."""
    combat = state.combat
    if combat is not None and seat in combat.damped and level > DAMPED_MOST:
        return False
    if free:
        return True
    player = state.players[seat]
    return level <= player.level and level <= player.power_left


def play(
    state: EsperState, seat: int, card_id: str, level: int, log: StepLog, *, free: bool = False
) -> CardDef:
    """A card from the seat's hand to the discard, its level's power spent (ESPER-5.1, 5.11)."""
    player = state.players[seat]
    uid = next(u for u in player.hand if state.combat_cards[u].id == card_id)
    player.hand.remove(uid)
    state.discard.append(uid)
    if not free:
        player.spent += level
    combat = state.combat
    assert combat is not None
    combat.played.append((seat, card_id, level))
    card = state.combat_cards[uid]
    log.event("played", None, seat=seat, card=card_id, level=level, spent=0 if free else level)
    return card


def use_gear(state: EsperState, seat: int, gear: str, log: StepLog) -> None:
    """Used gear is shown to all (ESPER-5.11); once-only gear leaves the game (ESPER-14.5)."""
    if gear != "barrier":
        state.players[seat].gear.remove(gear)
    log.event("gear_used", None, seat=seat, gear=gear, name=state.pool.gear(gear).name)


# -- a combatant's turn ---------------------------------------------------------------------------


def attack(
    state: EsperState,
    seat: int,
    target: int,
    card_id: str,
    log: StepLog,
    *,
    level: int | None = None,
    focus: bool = False,
) -> None:
    """ESPER-5.7: an attack card (a flex card at ``level``; with a focus, any level for no
    power) at another combatant, who may answer (ESPER-5.8)."""
    card = state.pool.cards[card_id]
    played_at = card.level if level is None else level
    if focus:
        use_gear(state, seat, "focus", log)
    play(state, seat, card_id, played_at, log, free=focus)
    combat = state.combat
    assert combat is not None
    combat.attacked = True
    if not log.quiet:
        log.say(
            CAPTIONS,
            "fight.attack.focus" if focus else "fight.attack",
            seat=S(seat),
            card=card.name,
            fighter=combatant_name(target),
            level=played_at,
            damage=card.damage,
            gear=state.pool.gear("focus").name if focus else "",
        )
    _aim(state, Attack(seat, target, played_at, card.damage))


def _aim(state: EsperState, hit: Attack) -> None:
    combat = state.combat
    assert combat is not None
    combat.attack = hit
    tasks = [Task("covers", hit.target), Task("hit", hit.target)]
    target = hit.target
    if target >= 0 and state.players[target].state != INCAPACITATED:
        tasks.insert(0, Task("answer", target))
    state.agenda[0:0] = tasks


def mind_read(state: EsperState, seat: int, target: int, card_id: str, log: StepLog) -> None:
    """ESPER-5.9: not answered; the user alone learns the target's character and probes it."""
    from .instructions import learn_identity

    card = state.pool.cards[card_id]
    play(state, seat, card_id, card.level, log)
    log.say(CAPTIONS, "fight.mind_read", seat=S(seat), card=card.name, target=S(target))
    learn_identity(state, seat, target, log, "a mind-read")
    state.knowledge.watch(seat, target)
    log.event("probe", None, seat=seat, target=target)
    log.say(CAPTIONS, "fight.probes", seat=S(seat), target=S(target))


def escape(state: EsperState, seat: int, log: StepLog, *, card_id: str | None) -> None:
    """ESPER-5.7, 5.8: it leaves the combat (and its party) and walks one square of its choice;
    with a bolt-hole, with no card and no power (ESPER-14.5)."""
    combat = state.combat
    assert combat is not None
    if card_id is None:
        use_gear(state, seat, "bolt_hole", log)
        log.say(CAPTIONS, "fight.bolt_hole", seat=S(seat), gear=state.pool.gear("bolt_hole").name)
    else:
        card = play(state, seat, card_id, state.pool.cards[card_id].level, log)
        log.say(CAPTIONS, "fight.escape", seat=S(seat), card=card.name)
    player = state.players[seat]
    combat.combatants.remove(seat)
    state.discard.extend(player.hand)
    player.hand = []
    parties.leave(state, seat, log, "escaped")
    state.agenda.insert(0, Task("escape_square", seat))


def escape_to(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    """The escape's walk: it opens and obeys nothing (ESPER-8.1)."""
    state.players[seat].where = square
    log.event("moved", None, seats=[seat], square=square, how="escape")
    log.say(CAPTIONS, "fight.escapes_to", seat=S(seat), square=square_name(state, square))


# -- answers and covers (ESPER-5.8) ---------------------------------------------------------------


def defences(state: EsperState, seat: int, level: int) -> list[CardDef]:
    """The defence cards of the seat's hand (one per kind) that stop an attack of ``level``."""
    seen: dict[str, CardDef] = {}
    for card in hand_cards(state, seat):
        if card.kind == "defence" and card.level >= level and playable(state, seat, card.level):
            seen.setdefault(card.id, card)
    return sorted(seen.values(), key=lambda c: c.level)


def flex_levels(state: EsperState, seat: int, levels: tuple[int, ...]) -> list[int]:
    """The levels a flex card of the hand may be played at now (ESPER-14.6a)."""
    if not any(c.kind == "flex" for c in hand_cards(state, seat)):
        return []
    return [n for n in levels if playable(state, seat, n)]


def flex_card(state: EsperState, seat: int) -> str:
    return next(c.id for c in hand_cards(state, seat) if c.kind == "flex")


def defend(
    state: EsperState, seat: int, card_id: str, level: int, log: StepLog, *, cover: bool
) -> None:
    combat = state.combat
    assert combat is not None and combat.attack is not None
    card = play(state, seat, card_id, level, log)
    combat.attack.stopped = True
    if not log.quiet:
        log.say(
            CAPTIONS,
            "fight.covers" if cover else "fight.answers",
            seat=S(seat),
            fighter=combatant_name(combat.attack.target),
            card=card.name,
            level=level,
        )


def barrier(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-14.5: once per combat, a free defence against an attack of level 4 or lower."""
    combat = state.combat
    assert combat is not None and combat.attack is not None
    combat.barriers.append(seat)
    use_gear(state, seat, "barrier", log)
    combat.attack.stopped = True
    name = state.pool.gear("barrier").name
    log.say(CAPTIONS, "fight.barrier", seat=S(seat), gear=name)


def missed(state: EsperState, seat: int) -> None:
    """An escape as an answer: the attack misses first."""
    combat = state.combat
    assert combat is not None and combat.attack is not None
    combat.attack.stopped = True


def can_barrier(state: EsperState, seat: int, level: int) -> bool:
    combat = state.combat
    assert combat is not None
    return (
        "barrier" in state.players[seat].gear
        and seat not in combat.barriers
        and level <= BARRIER_MOST
    )


def covers(state: EsperState, target: int, log: StepLog) -> None:
    """After an answer of nothing, each of the target's party members in the combat, in turn
    order, may cover it with a defence of a high enough level."""
    combat = state.combat
    if combat is None or combat.attack is None or combat.attack.stopped or target < 0:
        return
    leader = state.players[target].party
    if leader is None or target not in combat.combatants:
        return
    tasks = [
        Task("cover_offer", s, target)
        for s in state.in_turn_order()
        if s != target
        and s in combat.combatants
        and state.players[s].party == leader
        and state.players[s].state != INCAPACITATED
    ]
    state.agenda[0:0] = tasks


def cover_offer(state: EsperState, seat: int, log: StepLog) -> None:
    combat = state.combat
    if combat is None or combat.attack is None or combat.attack.stopped:
        return
    level = combat.attack.level
    if seat in combat.combatants and (
        defences(state, seat, level) or flex_levels(state, seat, _defence_levels(level))
    ):
        state.agenda.insert(0, Task("cover", seat))


def _defence_levels(level: int) -> tuple[int, ...]:
    return tuple(n for n in range(max(level, 1), 7))


def defence_levels(level: int) -> tuple[int, ...]:
    """A flex card's levels as a defence against an attack of ``level`` (ESPER-14.6a)."""
    return _defence_levels(level)


def hit(state: EsperState, target: int, log: StepLog) -> None:
    """The attack lands unless it was stopped or its target is out of the combat."""
    combat = state.combat
    if combat is None or combat.attack is None:
        return
    attack_ = combat.attack
    combat.attack = None
    if attack_.stopped or target not in combat.combatants:
        return
    if target < 0:
        left = combat.npcs[target] - attack_.damage
        log.event("damaged", None, npc=target, amount=attack_.damage)
        if left > 0:
            combat.npcs[target] = left
            log.say(CAPTIONS, "fight.guard_hit", n=-target, damage=attack_.damage, left=left)
        else:
            del combat.npcs[target]
            combat.combatants.remove(target)
            log.say(CAPTIONS, "fight.guard_beaten", n=-target)
        return
    attacker = combatant_name(attack_.attacker)
    health.damage(state, target, attack_.damage, log, "fighter", attacker)
