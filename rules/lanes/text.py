"""Rules text, written from ability data (so a card's text always says what it does).

The code picks a template for each part of a sentence (the timing, the effect, its target, its
condition) and :data:`ENGLISH` says how each reads; another language is another
:class:`~rules.engine.wording.Wording` with the same template names, passed as ``wording``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.wording import ENGLISH_FORMS, Wording
from .cards import Ability, CardDef, LocationDef

__all__ = ["ENGLISH", "ability_text", "card_text", "location_text"]

ENGLISH = Wording(
    {
        # -- what a card list shows before the text
        "summary": "cost {cost}, power {power}",
        # -- sentences
        "sentences": "{before} {after}",
        "ability": "{timing}: {effect}.",
        "ability.if": "{timing}: {effect} {condition}.",
        "location.ongoing": "{effect:capital}.",
        "location.ongoing.if": "{effect:capital} {condition}.",
        "location.none": "No ability.",
        "timing.zone": "{timing}, while in your {zone}",
        "zone.hand": "hand",
        "zone.deck": "deck",
        # -- timings; a location's where they differ
        "when.game_start": "Game start",
        "when.on_reveal": "On reveal",
        "when.ongoing": "Ongoing",
        "when.activate": "Activate (once per game)",
        "when.on_move": "When this moves",
        "when.turn_start": "Turn start",
        "when.end_of_turn": "End of turn",
        "when.game_end": "Game end",
        "location.when.on_reveal": "When revealed",
        # -- targets, as the object of a verb ("give X +1 power")...
        "object.self": "this card",
        "object.own_here": "your cards here",
        "object.own_other_here": "your other cards here",
        "object.enemy_here": "enemy cards here",
        "object.all_here": "every card here",
        "object.own_board": "your cards on the board",
        "object.own_other_board": "your other cards on the board",
        "object.enemy_board": "enemy cards on the board",
        "object.enemy_random_here": "a random enemy card here",
        "object.enemy_weakest_here": "the weakest enemy card here",
        "object.enemy_strongest_here": "the strongest enemy card here",
        "object.own_hand": "the cards in your hand",
        "object.own_hand_random": "a random card in your hand",
        # ...and as a subject ("X have +1 power"), where that reads otherwise
        "subject.all_here": "cards here",
        # -- conditions
        "condition.alone_here": "if this is your only card here",
        "condition.full_here": "if your side here is full",
        "condition.winning_here": "if you are winning here",
        "condition.not_winning_here": "if you are not winning here",
        # -- keywords
        "keyword.can_move": "Can move.",
        "keyword.face_down": "Played face down; turns face up at game end.",
        "keyword.decoy": (
            "A face-down Decoy goes to another location; at game end the Decoy leaves."
        ),
        # -- counted things
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "tokens.one": "{n} {name} token",
        "tokens.other": "{n} {name} tokens",
        # -- effects: `.one` / `.other` where the verb agrees with a target of one or many
        "effect.power.self": "{amount:+d} power",
        "effect.power.give": "give {object} {amount:+d} power",
        "effect.power.ongoing.one": "{subject} has {amount:+d} power",
        "effect.power.ongoing.other": "{subject} have {amount:+d} power",
        "effect.cost.self.less": "costs {n} less",
        "effect.cost.self.more": "costs {n} more",
        "effect.cost.one.less": "{object} costs {n} less",
        "effect.cost.one.more": "{object} costs {n} more",
        "effect.cost.other.less": "{object} cost {n} less",
        "effect.cost.other.more": "{object} cost {n} more",
        "effect.destroy": "destroy {object}",
        "effect.move": "move {object} to another location",
        "effect.draw.owner": "draw {cards}",
        "effect.draw.each_player": "each player draws {cards}",
        "effect.add.hand.owner": "add {tokens} to your hand",
        "effect.add.hand.each_player": "add {tokens} to each player's hand",
        "effect.add.deck.owner": "shuffle {tokens} into your deck",
        "effect.add.deck.each_player": "shuffle {tokens} into each player's deck",
        "effect.add.enemy_other_locations.owner": (
            "add {tokens} to the enemy side of each other location"
        ),
        # Extra energy comes with the next refill (LANES-3.1): at turn start that is this turn's.
        "effect.extra_energy.now.owner": "this turn you get {amount:+d} energy",
        "effect.extra_energy.now.each_player": "this turn each player gets {amount:+d} energy",
        "effect.extra_energy.next.owner": "next turn you get {amount:+d} energy",
        "effect.extra_energy.next.each_player": "next turn each player gets {amount:+d} energy",
        "effect.carry_unspent": "your unspent energy carries over to next turn",
        "effect.to_top": "put this card on top of your deck",
        "effect.destroy_location": "destroy this location and every card here",
        "effect.disable_location": "this location's ability stops working",
        "effect.reveal_last": "your cards are revealed last",
        "effect.no_play": "cards can't be played here",
        "effect.allow_move": "cards here can move",
        "effect.last_turn.4": "the game ends after turn 4",
        "effect.last_turn.7": "the game lasts 7 turns",
    },
    numbers={1: "a", 2: "two", 3: "three", 4: "four"},
    forms=ENGLISH_FORMS,
    domain="lanes",
)
"""The English rules text of lanes cards and locations."""

_SINGULAR = frozenset(
    {"self", "enemy_random_here", "enemy_weakest_here", "enemy_strongest_here", "own_hand_random"}
)
"""Targets that are one card (the verb agrees)."""

_KEYWORD_ORDER = ("face_down", "decoy", "can_move")


def _effect(a: Ability, cards: Mapping[str, CardDef], w: Wording) -> str:
    """The effect as a clause, for a card (``you``) or a location (``each player``)."""
    number = "one" if a.target in _SINGULAR else "other"
    if a.effect == "power":
        if a.target == "self":
            return w.render("effect.power.self", amount=a.amount)
        if a.when != "ongoing":
            return w.render("effect.power.give", object=_object(a, w), amount=a.amount)
        subject = w.render(w.pick(f"subject.{a.target}", f"object.{a.target}"))
        return w.render(f"effect.power.ongoing.{number}", subject=subject, amount=a.amount)
    if a.effect == "cost":
        change = "less" if a.amount < 0 else "more"
        who = "self" if a.target == "self" else number
        return w.render(f"effect.cost.{who}.{change}", object=_object(a, w), n=abs(a.amount))
    if a.effect in ("destroy", "move"):
        return w.render(f"effect.{a.effect}", object=_object(a, w))
    if a.effect == "draw":
        return w.render(f"effect.draw.{a.target}", cards=w.count("cards", a.amount))
    if a.effect == "add":
        assert a.card is not None
        tokens = w.count("tokens", a.amount, name=w.name(cards[a.card].name))
        return w.render(f"effect.add.{a.into}.{a.target}", tokens=tokens)
    if a.effect == "extra_energy":
        when = "now" if a.when == "turn_start" else "next"
        return w.render(f"effect.extra_energy.{when}.{a.target}", amount=a.amount)
    if a.effect == "last_turn":
        return w.render(f"effect.last_turn.{a.amount}")
    return w.render(f"effect.{a.effect}")


def _object(a: Ability, w: Wording) -> str:
    return w.render(f"object.{a.target}")


def _timing(a: Ability, w: Wording, *, location: bool) -> str:
    names = (f"location.when.{a.when}", f"when.{a.when}") if location else (f"when.{a.when}",)
    timing = w.render(w.pick(*names))
    if a.zone != "board":
        return w.render("timing.zone", timing=timing, zone=w.render(f"zone.{a.zone}"))
    return timing


def ability_text(
    a: Ability, cards: Mapping[str, CardDef], *, location: bool = False, wording: Wording = ENGLISH
) -> str:
    effect = _effect(a, cards, wording)
    sentence = "location.ongoing" if location and a.when == "ongoing" else "ability"
    if a.condition is None:
        condition = ""
    else:
        sentence += ".if"
        condition = wording.render(f"condition.{a.condition}")
    timing = "" if sentence.startswith("location") else _timing(a, wording, location=location)
    return wording.render(sentence, timing=timing, effect=effect, condition=condition)


def card_text(card: CardDef, cards: Mapping[str, CardDef], *, wording: Wording = ENGLISH) -> str:
    parts = [wording.render(f"keyword.{k}") for k in _KEYWORD_ORDER if k in card.keywords]
    parts += [ability_text(a, cards, wording=wording) for a in card.abilities]
    return wording.sentences(parts)


def location_text(
    location: LocationDef, cards: Mapping[str, CardDef], *, wording: Wording = ENGLISH
) -> str:
    texts = [ability_text(a, cards, location=True, wording=wording) for a in location.abilities]
    return wording.sentences(texts) if texts else wording.render("location.none")
