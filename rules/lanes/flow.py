"""The turn structure of lanes, from turn 0 to the game's end (LANES-1 to LANES-8).

Each function closes the resolution steps it causes (LANES-5.5): one per revealed location, per
resolved ability, per staged action. Captions are public; they name seats as ``{seat0}`` and
``{seat1}``, which the presenter replaces with the players' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..engine import TURN_STARTED, Result, StepLog, TriggerQueue, settle
from .captions import LIMIT, listed, outcome, power_changes, standing_text
from .cards import Ability
from .effects import (
    board_totals,
    closed_to_plays,
    draw,
    free_slots,
    has_flag,
    move_card,
    place,
    powers,
    resolve,
    standing,
    to_hand,
)
from .state import Card, LanesState, Location, Staged
from .text import ENGLISH
from .words import CAPTIONS

__all__ = [
    "begin",
    "can_land",
    "decide_first",
    "game_end",
    "last_turn",
    "retreat",
    "reveal",
    "start_turn",
    "winner",
]

OPENING_HAND = 3
SEAT = ("{seat0}", "{seat1}")


def begin(state: LanesState, log: StepLog) -> None:
    """Turn 0 (LANES-1), then the start of turn 1."""
    for player in state.players:  # LANES-1.1
        state.rng.shuffle(player.deck)
    # LANES-1.2: maximum energy starts at 0 (Player's default).
    # The coin flip of LANES-5.2 for turn 1 is made now, so that game-start abilities already
    # have an order (docs/rulings.md). A setup may name the first seat (a rematch): the coin is
    # flipped all the same, so the rest of the match draws the same numbers.
    coin = state.rng.coin()
    state.first = coin if state.named_first is None else state.named_first
    if not log.quiet:
        named = state.named_first is not None
        log.event("first_player", None, seat=state.first, reason="setup" if named else "coin")
        log.say(CAPTIONS, "begin.named" if named else "begin.coin", seat=SEAT[state.first])
    _run_timed(state, "game_start", log)  # LANES-1.3
    for seat in state.order():  # LANES-1.4
        for _ in range(OPENING_HAND):
            draw(state, seat, log)
    _close(log, CAPTIONS.say("begin.hands"))
    start_turn(state, log)


def last_turn(state: LanesState) -> int:
    """The game's last turn (LANES-7): 6, unless a working location says 4 or 7 (4 wins)."""
    lengths = {loc.length for loc in state.locations if loc.active}
    if 4 in lengths:
        return 4
    if 7 in lengths:
        return 7
    return 6


def start_turn(state: LanesState, log: StepLog) -> None:
    """LANES-2 and LANES-3, then LANES-5.2 for the new turn; staging opens."""
    state.turn += 1
    for player in state.players:  # LANES-2.1
        player.max_energy += 1
    if not log.quiet:
        log.event(TURN_STARTED, None, turn=state.turn)
    if state.turn <= len(state.locations):  # LANES-2.2, LANES-1.6
        _reveal_location(state, state.locations[state.turn - 1], log)
    if state.turn == last_turn(state):
        _double_for_last_turn(state, log, _LAST_TURN)
    _run_timed(state, "turn_start", log)  # LANES-2.3, LANES-2.4
    for player in state.players:  # LANES-3.1
        player.energy = player.max_energy + player.extra_energy
        player.turn_energy = player.energy
        player.extra_energy = 0
        player.hand_at_start = None
    for seat in state.order():  # LANES-3.2
        draw(state, seat, log)
    why = "coin"  # turn 1's first player was decided by the coin in turn 0
    if state.turn > 1:
        power = powers(state)
        state.first, why = decide_first(state, power)
        board_totals(state, power)  # what the turn's menus show, from the same count
        if not log.quiet:
            log.event("first_player", None, seat=state.first, reason=why)
    state.staging.clear()
    if not log.quiet:
        caption = CAPTIONS.say(
            "turn.start",
            turn=state.turn,
            last=last_turn(state),
            seat=SEAT[state.first],
            why=CAPTIONS.say(f"first.{why}"),  # why a seat reveals first (LANES-5.2)
        )
        draws = _done(state, log, {})
        if draws:
            caption = CAPTIONS.say("list.semicolon", before=caption, after=draws)
        _close(log, CAPTIONS.say("sentence", caption=caption))


def _double_for_last_turn(state: LanesState, log: StepLog, why: str) -> None:
    """LANES-9.2: the stakes double once, at the start of the turn known then to be the last."""
    if state.last_turn_doubled:
        return
    state.last_turn_doubled = True
    state.stakes *= 2
    log.event("stakes", None, stakes=state.stakes, reason="last_turn")
    log.say(CAPTIONS, "stakes.last_turn", why=why, was=state.stakes // 2, now=state.stakes)


def decide_first(state: LanesState, power: dict[int, int] | None = None) -> tuple[int, str]:
    """LANES-5.2: more locations won, then more total power, then a coin flip; a "revealed last"
    effect on exactly one side overrides all of that. ``power``: :func:`powers`, if known."""
    last = [has_flag(state, "reveal_last", seat) for seat in (0, 1)]
    if last[0] != last[1]:
        return (1 if last[0] else 0), "reveal_last"
    ahead = standing(state, power).ahead()
    return ahead if ahead is not None else (state.rng.coin(), "coin")


def _reveal_location(state: LanesState, loc: Location, log: StepLog) -> None:
    """LANES-2.2: the location turns up. Its "When revealed" ability resolves in the same step,
    unless it was disabled or destroyed while still hidden: then it does nothing (its ability no
    longer works, docs/rulings.md)."""
    before, length = _NONE if log.quiet else (powers(state), last_turn(state))
    loc.reveal()
    if not log.quiet:
        log.event("location_revealed", None, location=loc.index, id=loc.defn.id, name=loc.defn.name)
    on_reveal = loc.defn.by_when.get("on_reveal", ())
    if loc.active:
        for ability in on_reveal:
            resolve(state, loc, ability, log)
    if log.quiet:
        return
    name = loc.defn.name
    if loc.defn.abilities and not loc.active:
        broken = "destroyed" if loc.destroyed else "disabled"
        log.say(CAPTIONS, f"location.revealed.broken.{broken}", location=name)
        return
    said = CAPTIONS.say("location.revealed", location=name)
    done = [_done(state, log, before, room=LIMIT - len(said)), _new_rule(state, loc, length)]
    _close(log, _sentence(said, CAPTIONS.join("list.semicolon", [d for d in done if d])))


def _new_rule(state: LanesState, loc: Location, length: int) -> str:
    """What a revealed location's ongoing ability changes besides power: the last turn, or
    where cards may be played or moved from now on."""
    if last_turn(state) != length:
        return CAPTIONS.say("last_turn.now", now=last_turn(state), was=length)
    for ability in loc.defn.by_when.get("ongoing", ()):
        if ability.effect in ("no_play", "allow_move"):
            return ENGLISH.say(f"effect.{ability.effect}")  # as its rules text says it
    return ""


# -- timed abilities (game start, turn start, end of turn, game end) --------------------------


Timed = tuple[Card | Location, Ability, str]
"""An ability with a timing: its source, the ability, and the zone it works from."""


def _timed_sources(state: LanesState, when: str) -> list[Timed]:
    """Abilities with this timing, in the order of LANES-2.3 and LANES-2.4, each with the zone
    it works from."""
    found: list[Timed] = []
    for loc in state.locations:  # (1) locations, left to right
        if loc.active or (when == "game_start" and not loc.destroyed):
            for ability in loc.defn.by_when.get(when, ()):
                found.append((loc, ability, "location"))
    if when not in state.timings:
        return found
    order = state.order()
    for seat in order:  # (2) cards on locations: first player first, left to right
        for loc in state.locations:
            for card in loc.sides[seat]:
                if card.face_up and when in card.defn.by_when:
                    found.extend(_card_abilities(card, when, "board"))
    if when not in state.hidden_timings:
        return found
    for zone in ("hand", "deck"):  # (3) hand, left to right; (4) deck, top to bottom
        for seat in order:
            player = state.players[seat]
            for card in player.hand if zone == "hand" else player.deck:
                if when in card.defn.by_when:
                    found.extend(_card_abilities(card, when, zone))
    return found


def _card_abilities(card: Card, when: str, zone: str) -> list[Timed]:
    abilities = card.defn.by_when.get(when)
    if not abilities:
        return []
    if when == "game_start":  # every card is in its deck at turn 0 (LANES-1.3)
        return [(card, a, zone) for a in abilities] if zone == "deck" else []
    return [(card, a, zone) for a in abilities if a.zone == zone]


def _still_there(state: LanesState, source: Card | Location, zone: str) -> bool:
    if isinstance(source, Location):
        return not source.destroyed and not source.disabled
    player = state.players[source.owner]
    if zone == "board":
        return source.loc >= 0 and source.face_up
    if zone == "hand":
        return source in player.hand
    return source in player.deck


_TIMING = {
    when: CAPTIONS.say(f"timing.{when}")
    for when in ("game_start", "turn_start", "end_of_turn", "game_end")
}
"""Each timing's label, said once: timed abilities resolve in quiet play too."""
_LAST_TURN = CAPTIONS.say("stakes.last")


def _run_timed(state: LanesState, when: str, log: StepLog) -> None:
    """Resolve every ability with this timing, one step each, through the engine's resolve loop.
    The list is made before the first resolves; a source that has left its zone by its turn does
    nothing (docs/rulings.md)."""
    found = _timed_sources(state, when)
    if not found:
        return
    queue: TriggerQueue[Timed] = TriggerQueue()
    for timed in found:
        queue.add(timed)
    label = _TIMING[when]
    settle(
        queue,
        lambda timed: _resolve_timed(state, timed, label, log),
        runaway=lambda reason: _runaway(state, reason, log),
    )


def _resolve_timed(state: LanesState, timed: Timed, label: str, log: StepLog) -> None:
    source, ability, zone = timed
    if not _still_there(state, source, zone):
        return
    # In hand or in a deck, an ability changes nothing on the board.
    quiet = log.quiet or zone not in ("board", "location")
    before = _NO_POWER if quiet else powers(state)
    resolve(state, source, ability, log)
    if log.quiet:
        return
    if isinstance(source, Location) and not source.revealed:
        # What it does names it, and it is still hidden (LANES-1.6): only the players, who
        # see its effect on their own decks anyway, are told; spectators are not.
        hidden = CAPTIONS.say("timed.hidden")
        caption = _described(state, log, hidden, before, empty=CAPTIONS.say("nothing"))
        log.step(caption, to=range(state.seats))
    elif isinstance(source, Location):
        caption = CAPTIONS.say("timed.location", timing=label, location=source.defn.name)
        _close(log, _described(state, log, caption, before, empty=CAPTIONS.say("nothing")))
    elif zone == "board":
        where = state.locations[source.loc].label if source.loc >= 0 else CAPTIONS.say("timed.play")
        caption = CAPTIONS.say(
            "timed.board", timing=label, seat=SEAT[source.owner], card=source.defn.name, where=where
        )
        nothing = CAPTIONS.say("nothing")
        _close(log, _described(state, log, caption, before, source=source, empty=nothing))
    else:
        # Abilities in hand or deck are the owner's secret.
        caption = CAPTIONS.say(f"timed.{zone}", timing=label, card=source.defn.name)
        nothing = CAPTIONS.say("nothing")
        log.step(
            _described(state, log, caption, before, to=source.owner, source=source, empty=nothing),
            to=source.owner,
        )


def _runaway(state: LanesState, reason: str, log: StepLog) -> None:
    """A chain nobody can stop ends the game as a draw. Lanes makes its lists of timed abilities
    before they resolve and nothing joins them, so this cannot happen with its cards."""
    if state.result is None:
        stakes = {"stakes": state.stakes}
        state.result = Result((), "runaway", reason, (0, 0), stakes, _RESULT_LABELS)
        log.event("game_over", None, **state.result.to_json())
        log.step(reason)


_NO_POWER: Mapping[int, int] = MappingProxyType({})
"""The power of cards in play as a step begins, for its caption: none when quiet (no caption is
written), or when the step cannot change the board."""
_NONE = (_NO_POWER, 0)


def _done(
    state: LanesState,
    log: StepLog,
    before: Mapping[int, int],
    *,
    to: int | None = None,
    source: Card | None = None,
    skip_moves: bool = False,
    room: int = LIMIT,
) -> str:
    """What the step did (``captions.outcome``): from the events ``to`` may see (``None``: the
    public ones) and the power changes since ``before``. ``source``: the card whose step it is;
    ``skip_moves``: the caption already says where the card moved."""
    events = [e for e in log.pending if not (skip_moves and e.kind == "moved")]
    changes = power_changes(state, before, events, to)
    labels = [loc.label for loc in state.locations]
    uid = None if source is None else source.uid
    return outcome(events, labels, changes, audience=to, source=uid, room=room)


def _described(
    state: LanesState,
    log: StepLog,
    caption: str,
    before: Mapping[int, int],
    *,
    to: int | None = None,
    source: Card | None = None,
    skip_moves: bool = False,
    empty: str = "",
) -> str:
    """``caption`` (no final stop) with what the step did (:func:`_done`), or ``empty``."""
    room = LIMIT - len(caption) - 3
    done = _done(state, log, before, to=to, source=source, skip_moves=skip_moves, room=room)
    return _sentence(caption, done or empty)


def _sentence(caption: str, done: str) -> str:
    if done:
        return CAPTIONS.say("sentence.done", caption=caption, done=done)
    return CAPTIONS.say("sentence", caption=caption)


def _close(log: StepLog, caption: str) -> None:
    """Close a public step; then tell each seat that drew in it which cards it drew, in a step
    of its own (the public caption only says that it drew)."""
    drawn: dict[int, list[str]] = {}
    for event in log.pending:
        if event.kind == "drew_card":
            drawn.setdefault(event.data["seat"], []).append(event.data["name"])
    log.step(caption)
    for seat, names in drawn.items():
        cards = [CAPTIONS.say("card", card=name) for name in names]
        log.say(CAPTIONS, "you_draw", to=seat, cards=listed(cards))


# -- the reveal (LANES-5) -----------------------------------------------------------------------


def reveal(state: LanesState, log: StepLog) -> None:
    """Both players have ended the turn: snaps take effect, staged actions resolve in order,
    end-of-turn abilities resolve, then the game ends or the next turn starts."""
    snapped = [seat for seat in state.order() if state.players[seat].snap_pending]
    was = state.stakes
    for seat in snapped:  # LANES-9.2
        state.players[seat].snap_pending = False
        state.stakes *= 2
        log.event("stakes", None, stakes=state.stakes, reason="snap", seat=seat)
    if snapped:
        whose = "stakes.snaps.both" if len(snapped) > 1 else "stakes.snaps.one"
        log.say(CAPTIONS, whose, seat=SEAT[snapped[0]], was=was, now=state.stakes)
    for seat in state.order():  # LANES-5.1
        staged = state.staging.staged[seat]
        # LANES-5.3: moves first, in the order staged; then plays and activations.
        in_order = [s for s in staged if s.kind == "move"] + [s for s in staged if s.kind != "move"]
        for item in in_order:
            # An action leaves the staging area as it resolves, so the views after each step
            # count a played card once: on the board, not also in the hand size (LANES-4.2).
            staged.remove(item)
            if item.kind == "move":
                _resolve_move(state, seat, item, log)
            elif item.kind == "play":
                _resolve_play(state, seat, item, log)
            else:
                _resolve_activate(state, seat, item, log)
    state.staging.clear()
    for player in state.players:
        player.hand_at_start = None
    _run_timed(state, "end_of_turn", log)  # LANES-6.1
    if state.turn >= last_turn(state):  # LANES-7
        game_end(state, log)
    else:
        if not log.quiet:  # the game's end says who won where instead
            _standing_step(state, log)
        start_turn(state, log)


def _standing_step(state: LanesState, log: StepLog) -> None:
    """Who leads where as the turn ends (LANES-8.3 as things stand; face-down cards count 0)."""
    power = powers(state)
    now = standing(state, power)
    log.event("standing", None, leaders=list(now.leaders), won=list(now.won), total=list(now.total))
    standing_now = standing_text(state.locations, now, power)
    log.say(CAPTIONS, "turn.ends", turn=state.turn, standing=standing_now)


def _resolve_move(state: LanesState, seat: int, item: Staged, log: StepLog) -> None:
    card = state.cards[item.card]
    dest = state.locations[item.location]
    if card.loc != item.origin or not card.face_up or free_slots(dest, seat) <= 0:
        log.event("fizzled", None, seat=seat, kind="move", card=card.uid, name=card.defn.name)
        log.say(CAPTIONS, "move.fizzled", seat=SEAT[seat], card=card.defn.name)
        return
    origin = state.locations[card.loc].label
    before = _NO_POWER if log.quiet else powers(state)
    move_card(state, card, dest, log)
    if log.quiet:
        return
    caption = CAPTIONS.say(
        "move", seat=SEAT[seat], card=card.defn.name, origin=origin, where=dest.label
    )
    _close(log, _described(state, log, caption, before, source=card, skip_moves=True))


def can_land(loc: Location, seat: int) -> bool:
    return free_slots(loc, seat) > 0 and not closed_to_plays(loc)


def _resolve_play(state: LanesState, seat: int, item: Staged, log: StepLog) -> None:
    card = state.cards[item.card]
    loc = state.locations[item.location]
    player = state.players[seat]
    if not can_land(loc, seat):  # LANES-4.6: back to hand, energy refunded
        player.energy += card.cost
        if not to_hand(state, card):
            player.deck.insert(0, card)
        log.event("returned", None, seat=seat, location=loc.index)
        log.event("returned_card", seat, seat=seat, card=card.uid, name=card.defn.name)
        log.say(CAPTIONS, "play.returned", seat=SEAT[seat], where=loc.label)
        return
    if "face_down" in card.defn.keywords:
        place(state, card, loc, face_up=False)
        log.event("played_face_down", None, seat=seat, location=loc.index)
        log.event("played_face_down_card", seat, seat=seat, card=card.uid, name=card.defn.name)
        if "decoy" in card.defn.keywords:
            _place_decoy(state, card, log)
        log.say(CAPTIONS, "play.face_down", seat=SEAT[seat], where=loc.label)
        return
    before = _NO_POWER if log.quiet else powers(state)
    place(state, card, loc, face_up=True)  # LANES-5.4
    _card_step(state, card, "revealed", "on_reveal", "play.revealed", before, log)


def _place_decoy(state: LanesState, card: Card, log: StepLog) -> None:
    choices = [
        loc for loc in state.locations if loc.index != card.loc and free_slots(loc, card.owner) > 0
    ]
    if not choices:
        return
    decoy = state.new_card(state.pool.cards["decoy"], card.owner)
    dest = state.rng.choice(choices)
    place(state, decoy, dest, face_up=False)
    decoy.twin, card.twin = card.uid, decoy.uid
    # To the opponent this is just another face-down card.
    log.event("played_face_down", None, seat=card.owner, location=dest.index)
    log.event("decoy_placed", card.owner, card=decoy.uid, twin=card.uid, location=dest.index)


def _resolve_activate(state: LanesState, seat: int, item: Staged, log: StepLog) -> None:
    card = state.cards[item.card]
    # Only leaving the board stops it: a card its owner's own staged move took elsewhere (moves
    # resolve first, LANES-5.3) or that was moved by an ability activates where it now is.
    if card.loc < 0 or not card.face_up or card.activated:
        log.event("fizzled", None, seat=seat, kind="activate", card=card.uid, name=card.defn.name)
        log.say(CAPTIONS, "activate.fizzled", seat=SEAT[seat], card=card.defn.name)
        return
    card.activated = True
    before = _NO_POWER if log.quiet else powers(state)
    _card_step(state, card, "activated", "activate", "activate", before, log)


def _card_step(
    state: LanesState,
    card: Card,
    kind: str,
    when: str,
    caption: str,
    before: Mapping[int, int],
    log: StepLog,
) -> None:
    """One step of a card on the board: the public event ``kind``, the card's abilities of
    timing ``when``, then the caption template ``caption`` (naming ``{seat}``, ``{card}``,
    ``{where}``) with what they did, and the power changes since ``before``."""
    seat, name, where = card.owner, card.defn.name, card.loc
    if not log.quiet:
        log.event(kind, None, seat=seat, card=card.uid, name=name, location=where)
    for ability in card.defn.by_when.get(when, ()):
        resolve(state, card, ability, log)
    if not log.quiet:
        label = state.locations[where].label
        said = CAPTIONS.say(caption, seat=SEAT[seat], card=name, where=label)
        _close(log, _described(state, log, said, before, source=card))


# -- the end (LANES-8) --------------------------------------------------------------------------


def game_end(state: LanesState, log: StepLog) -> None:
    """LANES-8: face-down cards turn up, game-end abilities resolve, the winner is decided."""
    # A 7-turn location broken during turn 6 makes turn 6 the last only once it is over
    # (LANES-7.3): the last-turn doubling it missed happens now (docs/rulings.md).
    _double_for_last_turn(
        state, log, CAPTIONS.say("stakes.last_after_all", turn=state.turn) if not log.quiet else ""
    )
    _turn_face_up(state, log)
    _run_timed(state, "game_end", log)  # LANES-8.2
    state.result = winner(state)
    log.event("game_over", None, **state.result.to_json())
    log.step(state.result.summary)


def _turn_face_up(state: LanesState, log: StepLog) -> None:
    """LANES-8.1: face-down cards one at a time in the order placed, then decoy pairs left to
    right (the Decoy leaves, the real card turns up)."""
    face_down = sorted(
        (c for loc in state.locations for side in loc.sides for c in side if not c.face_up),
        key=lambda c: c.placed,
    )
    for card in (c for c in face_down if not c.twin):  # LANES-8.1, in the order placed
        before = _NO_POWER if log.quiet else powers(state)
        card.face_up = True
        log.event(
            "revealed", None, seat=card.owner, card=card.uid, name=card.defn.name, location=card.loc
        )
        if not log.quiet:
            caption = CAPTIONS.say(
                "face_down.revealed",
                seat=SEAT[card.owner],
                where=state.locations[card.loc].label,
                card=card.defn.name,
                power=_power_of(state, card),
            )
            log.step(_described(state, log, caption, before))
    pairs = sorted((c for c in face_down if c.twin), key=lambda c: (c.loc, c.placed))
    for card in pairs:  # decoy pairs: left → center → right
        where = state.locations[card.loc].label
        if card.defn.id == "decoy":
            log.event("decoy_removed", None, seat=card.owner, card=card.uid, location=card.loc)
            state.locations[card.loc].sides[card.owner].remove(card)
            card.loc = -1
            log.say(CAPTIONS, "face_down.decoy", seat=SEAT[card.owner], where=where)
        else:
            before = _NO_POWER if log.quiet else powers(state)
            card.face_up = True
            log.event(
                "revealed",
                None,
                seat=card.owner,
                card=card.uid,
                name=card.defn.name,
                location=card.loc,
            )
            if not log.quiet:
                caption = CAPTIONS.say(
                    "face_down.real",
                    seat=SEAT[card.owner],
                    where=where,
                    card=card.defn.name,
                    power=_power_of(state, card),
                )
                log.step(_described(state, log, caption, before))


def _power_of(state: LanesState, card: Card) -> int:
    return powers(state).get(card.uid, card.base_power)


def winner(state: LanesState) -> Result:
    """LANES-8.3, with the stakes of LANES-9.3."""
    now = standing(state)
    won, total = now.won, now.total
    detail = {
        "locations_won": won,
        "total_power": total,
        "leaders": now.leaders,
        "stakes": state.stakes,
    }
    ahead = now.ahead()
    if ahead is None:
        return Result(
            (),
            "draw",
            CAPTIONS.say("result.draw"),
            (0, 0),
            detail,
            _RESULT_LABELS,
        )
    seat, reason = ahead
    if reason == "locations":
        how = CAPTIONS.say("result.locations", won=won[seat], lost=won[1 - seat])
    else:
        how = CAPTIONS.say("result.power", won=total[seat], lost=total[1 - seat])
    stakes = "one" if state.stakes == 1 else "other"
    points = (state.stakes, -state.stakes) if seat == 0 else (-state.stakes, state.stakes)
    return Result(
        (seat,),
        reason,
        CAPTIONS.say(f"result.wins.{stakes}", seat=SEAT[seat], how=how, stakes=state.stakes),
        points,
        detail,
        _RESULT_LABELS,
    )


_RESULT_LABELS = {
    key: CAPTIONS.say(f"result.label.{key}") for key in ("locations_won", "total_power", "stakes")
}
"""What a result shown to players calls its details (the leaders of each location are the
picture's to show)."""


def retreat(state: LanesState, seat: int, log: StepLog) -> None:
    """LANES-9.3: the retreating player loses the stakes as they stand; pending snaps lapse."""
    for player in state.players:
        player.snap_pending = False
    state.players[seat].retreated = True
    other = 1 - seat
    points = (-state.stakes, state.stakes) if seat == 0 else (state.stakes, -state.stakes)
    state.result = Result(
        (other,),
        "retreat",
        CAPTIONS.say(
            f"result.retreat.{'one' if state.stakes == 1 else 'other'}",
            seat=SEAT[seat],
            other=SEAT[other],
            stakes=state.stakes,
        ),
        points,
        {"stakes": state.stakes},
        _RESULT_LABELS,
    )
    log.event("retreated", None, seat=seat)
    log.event("game_over", None, **state.result.to_json())
    log.step(state.result.summary)
