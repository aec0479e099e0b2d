"""Rules text, written from the pool's data through the engine's :class:`~rules.engine.Wording`: the
code picks a template by a definition's deck and kind and gives it the numbers; :data:`ENGLISH`
says how they read, so a second language is a second table. Also each definition's ``keywords``:
the ``TERMS`` its text uses (ESPER-14)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..engine.wording import ENGLISH_FORMS, Wording
from .cards import FLEX_ATTACK_LEVELS, FLEX_DEFENCE_LEVELS, CardDef

__all__ = ["ENGLISH", "KIND_TERMS", "card_text", "finish_card", "summary_text"]

ENGLISH = Wording(
    {
        # -- what a list shows first
        "summary.good": "good character, stat line {line}",
        "summary.evil": "evil character, stat line {line}",
        "summary.combat.attack": "combat card: attack, level {level}",
        "summary.combat.defence": "combat card: defence, level {level}",
        "summary.combat.escape": "combat card: escape, level {level}",
        "summary.combat.mind_read": "combat card: mind-read, level {level}",
        "summary.combat.flex": "combat card: flex, level chosen",
        "summary.planet.clue": "planet card: clue",
        "summary.planet.checkpoint": "planet card: checkpoint",
        "summary.planet.snare": "planet card: snare",
        "summary.planet.skirmish": "planet card: skirmish",
        "summary.planet.exposure": "planet card: exposure",
        "summary.planet.insight": "planet card: insight",
        "summary.planet.landing_pad": "planet card: landing pad",
        "summary.planet.plain": "planet card: plain",
        "summary.gear.barrier": "gear card: barrier",
        "summary.gear.aide": "gear card: aide",
        "summary.gear.damper": "gear card: damper",
        "summary.gear.double": "gear card: double",
        "summary.gear.shuttle": "gear card: shuttle",
        "summary.gear.bolt_hole": "gear card: bolt hole",
        "summary.gear.focus": "gear card: focus",
        "summary.base.key_base": "base card: key base",
        "summary.base.hall": "base card: hall",
        "summary.base.scrambler": "base card: scrambler",
        "summary.base.sentry": "base card: sentry",
        "summary.base.guardhouse": "base card: guardhouse",
        "summary.base.snare": "base card: snare",
        "summary.base.lounge": "base card: lounge",
        "summary.base.fog_room": "base card: fog room",
        "summary.base.dissolver": "base card: dissolver",
        "summary.base.core": "base card: core",
        "summary.base.archive": "base card: archive",
        "summary.base.rift": "base card: rift",
        "summary.base.anchor": "base card: anchor",
        # -- a character's side
        "alignment.good": "good",
        "alignment.evil": "evil",
        # -- a character (ESPER-14.1)
        "character": (
            "{alignment:capital}. ESP level {level}, ESP power {power}, durability {durability}, "
            "mental {mental}."
        ),
        # -- planet cards (ESPER-8, 14.4)
        "planet.clue": (
            "Kept face down. Clues count for entering the secret base and for the end of part 1."
        ),
        "planet.checkpoint": "Arrested: skip your next movement.",
        "planet.snare": "Make a mental check; on a failure, take {damage} damage.",
        "planet.skirmish": "An NPC fight with {npcs}.",
        "planet.exposure": "Your character is revealed to all. Then the card is discarded.",
        "planet.insight": (
            "Pick a player: you alone learn its character. Then the card is discarded."
        ),
        "planet.landing_pad": "A spaceport from now on: fly from here or to here.",
        "planet.plain": "Nothing happens.",
        # -- gear (ESPER-14.5)
        "gear.barrier": (
            "Gear. Once per combat, answer an attack of level {most} or lower as a defence, free."
        ),
        "gear.aide": "Gear. Your combat hand size is {size}.",
        "gear.damper": (
            "Gear, once. At the start of a combat round, pick a combatant: it plays no card above "
            "level {most} this round."
        ),
        "gear.double": (
            "Gear, once. The first time you would die, you are left at durability 1 instead."
        ),
        "gear.shuttle": (
            "Gear, once, in part 1. As your movement, fly from any square to any spaceport."
        ),
        "gear.bolt_hole": (
            "Gear, once. As an answer or on your combat turn, escape with no card and no power."
        ),
        "gear.focus": "Gear, once. Play an attack card of any level, for no ESP power.",
        # -- base cards (ESPER-9, 14.7)
        "base.key_base": (
            "Key base. A good character who knows it is here may destroy it; when all four are "
            "destroyed, good wins."
        ),
        "base.hall": "Nothing happens.",
        "base.scrambler": (
            "Moved alone to a random other square (your party ends), which you then open or obey. "
            "No recovery here."
        ),
        "base.sentry": "An NPC fight with {npcs}.",
        "base.guardhouse": "An NPC fight with {npcs}.",
        "base.snare": "Make a mental check; on a failure, take {damage} damage.",
        "base.lounge": (
            "Incapacitated {turns}: your next {turns} turns are skipped. No recovery here."
        ),
        "base.fog_room": "No combat can start here. No recovery here.",
        "base.dissolver": "Make a mental check; on a failure, scattered.",
        "base.core": (
            "Core check (ESP-level check): on a success the core is destroyed and you alone learn "
            "where every key base is; on a failure, take {damage} damage."
        ),
        "base.archive": (
            "Archive check (mental check): on a success the archive is destroyed, and you name up "
            "to {squares} face-down squares and alone learn their cards."
        ),
        "base.rift": (
            "Moved to the anchor if it is face up, else take {damage} damage. No recovery here."
        ),
        "base.anchor": "Nothing happens.",
        # -- combat cards (ESPER-5, 14.6)
        "combat.attack": "Attack, level {level}: {damage} damage.",
        "combat.defence": "Defence, level {level}: stops an attack of level {level} or lower.",
        "combat.escape": "Escape, level {level}: leave the combat and walk one square.",
        "combat.mind_read": (
            "Mind-read, level {level}: learn a combatant's character and probe it. It cannot be "
            "answered."
        ),
        "combat.flex": (
            "Flex: an attack of a chosen level {attack} dealing {damage}, or a defence of a chosen "
            "level {defence}. Its level and cost are the level chosen."
        ),
        # -- counted things
        "npcs.one": "{n} guard",
        "npcs.other": "{n} guards",
    },
    numbers={1: "1", 2: "2"},
    forms=ENGLISH_FORMS,
)
"""The English rules text of the pool's definitions."""

NPCS: Mapping[str, int] = {"skirmish": 1, "sentry": 1, "guardhouse": 2}
"""ESPER-14.4, 14.7: the NPCs each fight card brings."""
BARRIER_MOST = 4
AIDE_HAND = 8
DAMPER_MOST = 2
LOUNGE_TURNS = 2
ARCHIVE_SQUARES = 3

KIND_TERMS: Mapping[tuple[str, str], frozenset[str]] = {
    ("planet", "clue"): frozenset({"clue"}),
    ("planet", "checkpoint"): frozenset({"arrested"}),
    ("planet", "snare"): frozenset({"mental", "check"}),
    ("planet", "skirmish"): frozenset({"npc"}),
    ("planet", "landing_pad"): frozenset({"spaceport", "fly"}),
    ("gear", "barrier"): frozenset({"gear", "combat", "defence", "level"}),
    ("gear", "aide"): frozenset({"gear", "combat"}),
    ("gear", "damper"): frozenset({"gear", "combat", "level"}),
    ("gear", "double"): frozenset({"gear", "durability"}),
    ("gear", "shuttle"): frozenset({"gear", "fly", "spaceport"}),
    ("gear", "bolt_hole"): frozenset({"gear", "combat", "escape"}),
    ("gear", "focus"): frozenset({"gear", "esp_power", "level"}),
    ("base", "key_base"): frozenset({"key_base"}),
    ("base", "scrambler"): frozenset({"party"}),
    ("base", "sentry"): frozenset({"npc"}),
    ("base", "guardhouse"): frozenset({"npc"}),
    ("base", "snare"): frozenset({"mental", "check"}),
    ("base", "lounge"): frozenset({"incapacitated"}),
    ("base", "fog_room"): frozenset({"combat"}),
    ("base", "dissolver"): frozenset({"mental", "check", "scattered"}),
    ("base", "core"): frozenset({"check", "esp_level", "key_base"}),
    ("base", "archive"): frozenset({"check", "mental"}),
    ("combat", "attack"): frozenset({"level"}),
    ("combat", "defence"): frozenset({"defence", "level"}),
    ("combat", "escape"): frozenset({"escape", "level", "combat"}),
    ("combat", "mind_read"): frozenset({"probe", "level"}),
    ("combat", "flex"): frozenset({"defence", "level"}),
    ("character", "good"): frozenset({"esp_level", "esp_power", "durability", "mental"}),
    ("character", "evil"): frozenset({"esp_level", "esp_power", "durability", "mental"}),
}
"""The ``TERMS`` each kind's text uses (what ``/card`` explains beside it)."""


def _span(levels: tuple[int, ...]) -> str:
    return f"{levels[0]}–{levels[-1]}"


def card_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """The rules text of a definition, from its deck, kind and numbers."""
    w = wording
    if card.deck == "character":
        return w.render(
            "character",
            alignment=w.render(f"alignment.{card.kind}"),
            level=card.level,
            power=card.power,
            durability=card.durability,
            mental=card.mental,
        )
    return w.render(
        f"{card.deck}.{card.kind}",
        level=card.level,
        damage=card.damage if card.deck == "combat" else 1,  # a flex card's is its own
        npcs=w.count("npcs", NPCS.get(card.kind, 1)),
        most=DAMPER_MOST if card.kind == "damper" else BARRIER_MOST,
        size=AIDE_HAND,
        turns=LOUNGE_TURNS,
        squares=ARCHIVE_SQUARES,
        attack=_span(FLEX_ATTACK_LEVELS),
        defence=_span(FLEX_DEFENCE_LEVELS),
    )


def summary_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """What a list shows first: ``good character, stat line 1``, ``combat card: attack,
    level 3``."""
    if card.deck == "character":
        return wording.render(f"summary.{card.kind}", line=card.line)
    return wording.render(f"summary.{card.deck}.{card.kind}", level=card.level)


def finish_card(card: CardDef) -> CardDef:
    """The definition with its rules text and keywords written."""
    keywords = KIND_TERMS.get((card.deck, card.kind), frozenset())
    return replace(card, text=card_text(card), keywords=keywords)
