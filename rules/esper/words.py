"""The words of esper's captions, menus and results, as templates every language can show
(docs/i18n.md).

Captions and labels are written with :data:`CAPTIONS`' ``say``: the English text, exactly as a
reader of English sees it, that remembers its template and values, so the bot and the pictures
say it again in their reader's language from the ``esper`` catalogue. A seat stays ``{seat3}``
(the edge names it): a template that names one seat writes ``{seat}`` (``{target}``,
``{leader}``...) and puts around it what its language puts around a name; a list of seats, or
a combatant that may be a guard, is a said value (``{who}``, ``{fighter}``), each seat in it
said with the template ``seat``. A name of the pool (a card, a persona, a planet) is a value the
template writes ``{card:name}``, which a language shows as its catalogue names it. The names
here do not reuse the prefixes of the rules text's templates (``rules/esper/text.py``: same
domain).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..engine import Said, StepLog
from ..engine.wording import ENGLISH_FORMS, Wording

__all__ = ["CAPTIONS", "listed", "said", "seats_listed", "tell"]

CAPTIONS = Wording(
    {
        # -- where a match stands (/match status)
        "summary.setup": "Setup: personas and lurk markers · {seats} seats",
        "summary.round": "Part {part}, round {round} of {rounds}",
        "summary.alive": "{alive} of {seats} alive",
        "summary.part1": "{down} planet cards face down, {clues} clues held",
        "summary.part2": "key bases destroyed {destroyed}/{bases}",
        "summary.parts": "{before} · {after}",
        # -- each kind of action, as a menu of several is headed ("Play…")
        "kind.accept": "Accept",
        "kind.arm": "Arm",
        "kind.bolt_hole": "Bolt hole",
        "kind.check": "Check",
        "kind.combat": "Combat",
        "kind.concede": "Concede",
        "kind.cover": "Cover",
        "kind.declare": "Declare",
        "kind.defend": "Defend",
        "kind.destroy": "Destroy",
        "kind.disarm": "Disarm",
        "kind.enter": "Enter",
        "kind.fly": "Fly",
        "kind.invite": "Invite",
        "kind.join_combat": "Join combat",
        "kind.leave_party": "Leave party",
        "kind.lurk": "Lurk",
        "kind.pass": "Pass",
        "kind.persona": "Persona",
        "kind.play": "Play",
        "kind.read_insight": "Read insight",
        "kind.recover": "Recover",
        "kind.square": "Square",
        "kind.teleport": "Teleport",
        "kind.unmask": "Unmask",
        "kind.use_barrier": "Barrier",
        "kind.use_damper": "Damper",
        "kind.use_shuttle": "Shuttle",
        "kind.walk": "Walk",
        # -- lists, and who they name
        "list.comma": "{before}, {after}",
        "list.and": "{before} and {after}",
        "list.semicolon": "{before}; {after}",
        "seat": "{seat}",
        "guard": "guard {n}",
        "card": "{card:name}",
        # -- squares (ESPER-3.3, 4.2: a base square is its letter and number, in every language)
        "square.port": "{planet:name} port",
        "square.planet": "{planet:name} {place}",
        "square.off": "off the board",
        # -- menus: what is asked
        "label.persona": "Pick your persona",
        "param.persona": "Persona",
        "option.persona": "{persona:name}",
        "option.face.good": "good face",
        "option.face.evil": "evil face",
        "label.lurk": "Lurk on {planet:name}",
        "label.declare": "Declare victory (your character is revealed)",
        "label.enter.port": "Enter at a spaceport",
        "label.enter.base": "Try to enter the base (ESP-level check)",
        "label.leave_party": "Leave the party",
        "label.walk": "Walk one square",
        "label.teleport": "Teleport (declare a level, roll 1d6)",
        "detail.teleport": "A roll at most the level moves exactly that many squares.",
        "param.level": "Level",
        "option.level": "Level {level}",
        "label.fly": "Fly to a spaceport",
        "label.shuttle": "Use your {gear:name}: fly",
        "label.recover": "Recover 1 (damage {damage})",
        "param.players": "Players",
        "param.player": "Player",
        "label.invite": "Invite into a party",
        "label.end_party": "End your party",
        "label.leave": "Leave",
        "label.destroy": "Destroy this key base",
        "label.end_square": "Pick where the teleport ends",
        "label.entry_square": "Pick where you enter",
        "label.escape_square": "Pick where you escape to",
        "label.accept": "Join {seat}'s party",
        "label.combat": "Declare combat at {square}",
        "label.join": "Try to join the combat at {square} (ESP-level check)",
        "label.damper": "Use your {gear:name}: no card above level 2 this round",
        "param.combatant": "Combatant",
        "param.target": "Target",
        "label.attack": "Attack with {card:name} (level {level}, {damage} damage)",
        "label.attack.focus": "Attack with {card:name} and your {gear:name} (no power)",
        "label.attack.flex": "Attack with {card:name} (a chosen level, 2 damage)",
        "label.mind_read": "Read a mind with {card:name} (level {level})",
        "label.escape": "Escape with {card:name} (level {level})",
        "label.bolt_hole": "Escape through your {gear:name}",
        "label.defend": "Defend with {card:name} (level {level})",
        "label.defend.flex": "Defend with {card:name} (a chosen level)",
        "label.barrier": "Answer with your {gear:name} (free)",
        "label.bolt_hole.answer": "Escape through your {gear:name} (the attack misses)",
        "label.escape.answer": "Escape with {card:name} (the attack misses)",
        "label.insight": "Pick a player: you alone learn its character",
        "label.learn": "Pick {n} evil-face players: you alone learn their characters",
        "label.check.core": "Make the core check (ESP level)",
        "label.check.archive": "Make the archive check",
        "label.archive": "Name a face-down square ({n} of 3)",
        "label.key_base": "Place the {card:name}",
        "label.start_square": "Pick your starting square",
        "label.row": "{label}: row {row}",
        "param.square": "Square",
        "option.square.spaceport": "{square} (spaceport)",
        "option.square.destroyed": "{square} (destroyed)",
        "option.square.empty": "{square} (empty)",
        "option.square.face_down": "{square} (face down)",
        "option.square.card": "{square} ({card:name})",
        "option.seat": "{seat} ({persona:name})",
        "option.seat.nobody": "{seat} (no persona)",
        "option.guard": "Guard {n} (durability {durability})",
        "option.fighter": "{seat} (damage {damage})",
        "label.arm": "Arm your lurk marker (it springs by itself)",
        "label.disarm": "Disarm your lurk marker (it will not spring)",
        "label.concede": "Concede (your character dies; the match goes on)",
        # -- menus: declining what is asked
        "pass.lurk": "Place no lurk marker",
        "pass.declare": "Go on without declaring",
        "pass.move": "Do nothing (NOP)",
        "pass.invitation": "Decline the invitation",
        "pass.combat": "No combat",
        "pass.join": "Stay out of the combat",
        "pass.damper": "Keep your gear",
        "pass.fight": "Pass",
        "pass.answer": "Take the hit (no answer)",
        "pass.cover": "Do not cover",
        "pass.check": "No check",
        "pass.archive": "Stop naming squares",
        # -- what the match waits on, for anyone
        "waiting.join": "{who}: join the combat?",
        "waiting.invitation": "{who}: join the party?",
        "waiting.persona": "{seat} picks a persona",
        "waiting.lurk": "{seat} decides on a lurk marker",
        "waiting.declare": "{seat} may declare victory",
        "waiting.move": "{seat} moves",
        "waiting.end_square": "{seat} picks the teleport's end square",
        "waiting.entry_square": "{seat} picks where to enter",
        "waiting.escape_square": "{seat} picks where to escape to",
        "waiting.combat": "{seat} may declare combat",
        "waiting.damper": "{seat} may use a gear",
        "waiting.fight": "{seat} takes a combat turn",
        "waiting.answer": "{seat} answers the attack",
        "waiting.cover": "{seat} may cover the attack",
        "waiting.insight": "{seat} picks a player for the insight",
        "waiting.learn": "{seat} picks players to learn",
        "waiting.check": "{seat} may make a destruction check",
        "waiting.archive": "{seat} names squares for the archive",
        "waiting.key_base": "{seat} places a key base",
        "waiting.start_square": "{seat} picks a starting square",
        # -- what the match asks a seat, in the second person
        "asked.join": "Join the combat?",
        "asked.invitation": "Join {seat}'s party?",
        "asked.persona": "Pick your persona.",
        "asked.lurk": "Place a lurk marker, or none.",
        "asked.declare": "Declare victory, or go on.",
        "asked.move": "Your movement.",
        "asked.end_square": "Pick where your teleport ends.",
        "asked.entry_square": "Pick where you enter the base.",
        "asked.escape_square": "Pick where you escape to.",
        "asked.combat": "Declare combat, or not.",
        "asked.damper": "Use your damper gear, or not.",
        "asked.fight": "Your combat turn.",
        "asked.answer": "Answer the attack.",
        "asked.cover": "Cover your party member, or not.",
        "asked.insight": "Pick a player for the insight.",
        "asked.learn": "Pick the players you learn.",
        "asked.check": "Make the destruction check, or not.",
        "asked.archive": "Name squares for the archive.",
        "asked.key_base": "Place a key base.",
        "asked.start_square": "Pick your starting square.",
        # -- setup (ESPER-0) and the course of the match (ESPER-1, 6.4, 11)
        "setup.dealt": (
            "{seats} seats: {good} good and {evil} evil characters are dealt in secret. "
            "Turn order: {order}."
        ),
        "setup.persona.good": "{seat} is the {persona:name} (good face).",
        "setup.persona.evil": "{seat} is the {persona:name} (evil face).",
        "setup.lurk": "{seat} has decided on a lurk marker.",
        "setup.lurk.yours": "Your lurk marker is on {square}, armed.",
        "lurk.armed": "Your lurk marker is armed.",
        "lurk.disarmed": "Your lurk marker is disarmed.",
        "part1.begins": "Part 1 begins: the planets. Round 1 of {rounds}.",
        "part1.over": "Part 1 is over.",
        "part2.begins": (
            "Part 2: the secret base. Keepers (evil faces): {who}. Everyone else infiltrates."
        ),
        "part2.begins.nobody": (
            "Part 2: the secret base. Keepers (evil faces): nobody. Everyone else infiltrates."
        ),
        "round.begins": "Part {part}, round {round} of {rounds} begins.",
        "turn.begins": "Part {part}, round {round}: {seat}'s turn.",
        "turn.skipped": "{seat}'s turn is skipped (incapacitated, {left} more).",
        "turn.skipped.last": "{seat}'s turn is skipped (incapacitated; then it is normal).",
        "turn.arrested": "{seat} skips its movement (arrested), then is normal.",
        "turn.chosen": "{seat} has chosen.",
        "turn.timeout": "{seat} ran out of time: no.",
        "turn.nop": "{seat} does nothing (NOP).",
        "turn.out": "You are out of the match already.",
        "turn.reformed": "{seat} re-forms at {square}.",
        "turn.unprobed": "{seat} is no longer probed by {who}.",
        "declare.wrong.good": (
            "{seat}'s declaration is wrong: the good side's condition does not hold."
        ),
        "declare.wrong.evil": (
            "{seat}'s declaration is wrong: the evil side's condition does not hold."
        ),
        # -- checks (ESPER-2): the dice and the outcome, never the stat
        "check.reform": "{seat} tries to re-form: rolls {dice}, {outcome}.",
        "check.unprobe": "{seat} tries to shake off probes: rolls {dice}, {outcome}.",
        "check.core": "{seat} makes the core check: rolls {dice}, {outcome}.",
        "check.archive": "{seat} makes the archive check: rolls {dice}, {outcome}.",
        "check.mental": "{seat} makes a mental check: rolls {dice}, {outcome}.",
        "check.enter": "{seat} tries to enter the base: rolls {dice}, {outcome}.",
        "check.join": "{seat} tries to join the combat: rolls {dice}, {outcome}.",
        "check.succeeds": "succeeds",
        "check.fails": "fails",
        # -- states, reveals and damage (ESPER-5.1, 7)
        "state.arrested": "{seat} is arrested: it skips its next movement.",
        "state.incapacitated": "{seat} is incapacitated: its next {turns} turns are skipped.",
        "state.scattered": "{seat} is scattered: its piece leaves the board until it re-forms.",
        "side.good": "good",
        "side.evil": "evil",
        "reveal.declares": "{seat} declares victory and is revealed: {character:name}, {side}.",
        "reveal.exposed": "{seat} is exposed: {character:name}, {side}.",
        "reveal.dies": "{seat} dies: {character:name}, {side}.",
        "reveal.concedes": "{seat} concedes: {character:name}, {side}.",
        "damage.core": "{seat} takes {amount} damage from the core (damage {total}).",
        "damage.snare": "{seat} takes {amount} damage from the snare (damage {total}).",
        "damage.rift": "{seat} takes {amount} damage from the rift (damage {total}).",
        "damage.fighter": "{seat} takes {amount} damage from {fighter} (damage {total}).",
        "damage.double": "{seat} uses a {gear:name}: left at durability 1 instead of dying.",
        # -- parties (ESPER-10)
        "party.ends": "{seat}'s party ends.",
        "party.ends.why": "{seat}'s party ends ({why}).",
        "party.left": "{seat} leaves {leader}'s party.",
        "party.left.why": "{seat} leaves {leader}'s party ({why}).",
        "party.left.ends": "{seat} leaves {leader}'s party: the party ends.",
        "party.left.why.ends": "{seat} leaves {leader}'s party ({why}): the party ends.",
        "party.why.scattered": "scattered",
        "party.why.dead": "dead",
        "party.why.scrambled": "scrambled",
        "party.why.moved": "moved away",
        "party.why.escaped": "escaped",
        "party.invites": "{seat} invites {who} into a party.",
        "party.answers": "{seat}'s invitation: {answers}.",
        "party.joins.one": "{who} joins",
        "party.joins.other": "{who} join",
        "party.declines.one": "{who} declines",
        "party.declines.other": "{who} decline",
        # -- movement (ESPER-1.3, 3, 4)
        "move.party": "{seat}'s party ({who})",
        "move.enters": "{who} enters at {square}.",
        "move.walks": "{who} walks to {square}.",
        "move.teleports": "{who} teleports to {square}.",
        "move.flies": "{who} flies to {square}.",
        "move.shuttle": "{who} flies with a {gear:name} to {square}.",
        "move.teleport.fails": (
            "{seat} declares level {level} and rolls {roll}: the teleport fails."
        ),
        "move.teleport.stays": (
            "{seat} declares level {level} and rolls {roll}: that would end where it began, "
            "so it stays."
        ),
        "move.teleport.succeeds": (
            "{seat} declares level {level} and rolls {roll}: the teleport succeeds."
        ),
        "move.recovers": "{seat} recovers 1 (damage {before} → {after}).",
        "move.destroys": (
            "{seat} destroys the {card:name} at {square} (key bases destroyed: {count} of {most})."
        ),
        # -- the square's instruction (ESPER-8, 9)
        "square.opens": "{seat} opens {card:name} at {square}.",
        "square.obeys.one": "{who} obeys the {card:name} again.",
        "square.obeys.other": "{who} obey the {card:name} again.",
        "square.clue": "{seat} takes a clue at {square} (clues: {clues}).",
        "square.gear": "{seat} takes a gear at {square}.",
        "square.gear.yours": "{seat}'s gear is a {card:name}.",
        "square.rift": "The rift moves {seat} to the anchor at {square}.",
        "square.scrambled.again": "A second scrambler this turn does nothing to {seat}.",
        "square.scrambled": "The scrambler moves {seat} to {square}.",
        "square.discarded": "The {card:name} at {square} is discarded.",
        "square.insight.nobody": "{seat} picks nobody for the insight.",
        "learn.clues": "{seat} learns {target}'s character by clues.",
        "learn.insight": "{seat} learns {target}'s character by the insight.",
        "learn.mind_read": "{seat} learns {target}'s character by a mind-read.",
        "learn.told": "{target} is {character:name} ({side}), learned by {seat}.",
        "square.springs": "{seat}'s lurk marker springs at {square}!",
        # -- the base (ESPER-9.5, 9.6, 11.4, 11.5)
        "base.core.destroyed": "{seat} destroys the core and learns where every key base is.",
        "base.key_bases": "Key bases, learned by {seat}: {where}.",
        "base.key_bases.none": "none left",
        "base.key_base.at": "{card:name} at {square}",
        "base.archive.destroyed": (
            "{seat} destroys the archive and may name up to {n} face-down squares."
        ),
        "base.archive.named": "{seat} names {squares}.",
        "base.archive.told": "The archive tells {seat}: {cards}.",
        "base.archive.card": "{square}: {card:name}",
        "base.key_base.placed": "{seat} places a key base ({n} of 4).",
        "base.key_base.placed.rules": "The rules place a key base ({n} of 4).",
        "base.key_base.yours": "The {card:name} is at {square}.",
        "base.dealt": "The other base cards are dealt face down.",
        "base.starts": "{seat} starts at {square}.",
        # -- combat (ESPER-5)
        "fight.forced": "Combat is forced at {square}.",
        "fight.declared": "{seat} declares combat.",
        "fight.starts": "Combat at {square}: {who}.",
        "fight.npc": "NPC fight at {square}: {who} against {guards}.",
        "fight.guards.one": "a guard",
        "fight.guards.other": "{n} guards",
        "fight.nobody_joins": "Nobody tries to join the combat.",
        "fight.joins": "{seat} joins the combat at {square}.",
        "fight.draws": "{seat} draws {n} (hand {hand}).",
        "fight.drawn": "{seat} draws {cards}.",
        "fight.round": (
            "Combat round {round}: initiative 2d6 + hidden ESP level: {rolled}. Order: {order}."
        ),
        "fight.initiative": "{seat} {dice}",
        "fight.ends": "The combat at {square} ends.",
        "fight.incapacitated": "{seat} passes (incapacitated).",
        "fight.passes": "{seat} passes.",
        "fight.no_answer": "{seat} does not answer.",
        "fight.damper": "{seat} uses a {gear:name} on {target}: no card above level 2 this round.",
        "fight.guard_attacks": "Guard {n} attacks {target} (level {level}, {damage} damage).",
        "fight.attack": "{seat} plays {card:name} at {fighter}: level {level}, {damage} damage.",
        "fight.attack.focus": (
            "{seat} plays {card:name} at {fighter}: level {level}, {damage} damage "
            "with a {gear:name} (no power)."
        ),
        "fight.mind_read": "{seat} plays {card:name} on {target}: a mind-read.",
        "fight.probes": "{seat} now probes {target}.",
        "fight.bolt_hole": "{seat} escapes through a {gear:name}.",
        "fight.escape": "{seat} plays {card:name}: an escape.",
        "fight.escapes_to": "{seat} escapes to {square}.",
        "fight.answers": (
            "{seat} answers with {card:name} (level {level}): the attack is stopped."
        ),
        "fight.covers": (
            "{seat} covers {fighter} with {card:name} (level {level}): the attack is stopped."
        ),
        "fight.barrier": "{seat} answers with a {gear:name}: the attack is stopped.",
        "fight.guard_hit": "Guard {n} takes {damage} damage ({left} left).",
        "fight.guard_beaten": "Guard {n} is beaten.",
        # -- the end (ESPER-6)
        "result.label.side": "Side",
        "result.good": "Good wins ({why}): {seats}.",
        "result.evil": "Evil wins ({why}): {seats}.",
        "result.nobody": "Nobody is left alive: the match is a draw.",
        "result.why.declared": "{seat} declared victory",
        "result.why.two_rounds": "its condition held for two rounds",
        "result.why.base_unheld": "nobody is left to hold the base",
        "result.why.base_held": "the base held for 20 rounds",
        "result.why.key_bases": "all four key bases destroyed",
    },
    forms=ENGLISH_FORMS,
    domain="esper",
)
"""The English of esper's captions, menus and results (``msgctxt`` the template's name in
``esper.po``)."""


@functools.cache
def _said(template: str, values: tuple[tuple[str, Any], ...]) -> Said:
    return CAPTIONS.say(template, **dict(values))


def said(template: str, /, **values: str | int) -> Said:
    """``CAPTIONS.say``, said once for each template and values and kept: menus, views and
    square names are made in quiet play too (CPU search, simulations), over and over. Values
    are plain (seats, names, numbers) or said texts whose English is said one way only (a
    square's name, a check's outcome): the key is the English, and a said value whose English
    another template says too could be said again in the other's words."""
    return _said(template, tuple(values.items()))


def tell(log: StepLog, template: str, /, **values: str | int) -> None:
    """A public step's caption that comes back again and again with the same few plain values
    (whose turn it is, a pass, a check's dice), said once and kept: ``log.say`` says a caption
    afresh each time, several times the cost of the string it was before."""
    if not log.quiet:
        log.step(said(template, **values))


SEAT = tuple(said("seat", seat=f"{{seat{n}}}") for n in range(10))
"""Each seat said on its own, as a list names it (ESPER: 3 to 10 seats)."""


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: said items, said together."""
    if len(items) <= 1:
        return items[0] if items else ""
    return CAPTIONS.say("list.and", before=CAPTIONS.join("list.comma", items[:-1]), after=items[-1])


def seats_listed(seats: Sequence[int]) -> str:
    """Seats as a caption lists them: ``{seat1}, {seat4} and {seat2}``."""
    if len(seats) == 1:
        return SEAT[seats[0]]
    return _seats_listed(tuple(seats))


@functools.lru_cache(maxsize=4096)
def _seats_listed(seats: tuple[int, ...]) -> str:
    """Kept: the same seats are listed again and again (the turn order, a combat's fighters)."""
    return listed([SEAT[s] for s in seats])


@functools.lru_cache(maxsize=4096)
def names_listed(names: tuple[str, ...]) -> str:
    """Names of the pool (cards drawn) as a caption lists them, each said once (``card``)."""
    return listed([said("card", card=name) for name in names])
