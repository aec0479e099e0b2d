"""Rules text, written from card data through the engine's :class:`~rules.engine.Wording`: the
code picks templates and gives them values; :data:`ENGLISH` says how they read, so a second
language is a second table. Also each card's ``keywords``: the ``TERMS`` its text uses."""

from __future__ import annotations

from dataclasses import replace

from ..engine.wording import ENGLISH_FORMS, Wording
from .cards import Ability, CardDef, Cost, Effect

__all__ = [
    "ENGLISH",
    "ability_text",
    "card_text",
    "cost_text",
    "effects_sentence",
    "effects_text",
    "finish_card",
    "summary_text",
]

ENGLISH = Wording(
    {
        # -- what a card list shows before the text
        "summary.character": (
            "character, cost {cost}, force {force}, sabotage {sabotage}, durability {durability}"
        ),
        "summary.technique.any": "technique, cost {cost}, any speed",
        "summary.technique.main": "technique, cost {cost}, main",
        # -- whole abilities
        "sentences": "{before} {after}",
        "sentence": "{text:sentence}",
        "activated": "{cost}: {body}",
        "activated.main_only": "{text} Main phase only.",
        "activated.repeatable": "Repeatable. {text}",
        "triggered": "{when}, {body}",
        "triggered.may": "{when}, you may {body}",
        "static.all": "Your characters have +{n} {stat}.",
        "static.others": "Your other characters have +{n} {stat}.",
        "static.no_breakfall": "Your opponent's breakfalls cannot be entered.",
        "breakfall": "Breakfall: {body}",
        "breakfall.cost": "Breakfall — {cost}: {body}",
        "technique.any": "Any speed. {text}",
        "then": "{before}, then {after}",
        "then.you": "{before}, then you {after}",
        # -- triggers
        "when.enters": "When this enters the field",
        "when.greets": "When this greets",
        "when.blocks": "When this blocks",
        "when.deals_damage": "When this deals damage",
        "when.dealt_damage": "When this is dealt damage",
        "when.killed": "When this is killed",
        "when.turn_start": "At the start of your turn",
        "when.turn_end": "At the end of your turn",
        "when.bowed": "When this becomes bowed",
        # -- costs
        "cost.bow_self": "bow this",
        "cost.bow_resources": "bow {resources}",
        "cost.discard": "discard {cards}",
        "cost.and": "{before}, {after}",
        # -- targets
        "object.self": "this character",
        "object.own_character": "one of your characters",
        "object.enemy_character": "an enemy character",
        "object.character": "a character",
        "object.all_enemy_characters": "each enemy character",
        "object.greeter": "a greeting character",
        "object.greeter.blocked": "the character it blocks",
        "object.blocker": "a blocking character",
        "object.entry": "an entry (not a damage check)",
        "again.one": "it",
        "again.all": "them",
        # -- effects
        "effect.damage": "deal {n} damage to {obj}",
        "effect.damage_player.you": "deal {n} damage to yourself",
        "effect.damage_player.opponent": "deal {n} damage to your opponent",
        "effect.damage_player.each_player": "deal {n} damage to each player",
        "effect.draw.you": "draw {cards}",
        "effect.draw.opponent": "your opponent draws {cards}",
        "effect.draw.opponent.may": "have your opponent draw {cards}",
        "effect.draw.each_player": "each player draws {cards}",
        "effect.draw.each_player.may": "have each player draw {cards}",
        "effect.discard.you": "discard {cards}",
        "effect.discard.opponent": "your opponent discards {cards}",
        "effect.discard.opponent.may": "have your opponent discard {cards}",
        "effect.discard.each_player": "each player discards {cards}",
        "effect.discard.each_player.may": "have each player discard {cards}",
        "effect.ready": "ready {obj}",
        "effect.bow": "bow {obj}",
        "effect.boost": "give {obj} {amount} {stat} until end of turn",
        "effect.bounce": "return {obj} to its owner's hand",
        "effect.bounce.self": "return this character to your hand",
        "effect.kill": "kill {obj} with durability {n} or less",
        "effect.negate": "negate {obj}",
        "effect.recall": "return a card from your graveyard to your hand",
        "effect.self_to_hand": "put this card into your hand",
        "effect.self_to_field": "put this card onto the field, bowed",
        "effect.self_to_resources": "put this card into your resource row, bowed",
        # -- stats
        "stat.force": "force",
        "stat.sabotage": "sabotage",
        "stat.durability": "durability",
        # -- counted things
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "resources.one": "{n} resource",
        "resources.other": "{n} resources",
    },
    numbers={1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
    forms=ENGLISH_FORMS,
)
"""The English rules text of breakfall cards."""

_ALL = frozenset({"all_enemy_characters"})
_PLAYERS = frozenset({"you", "opponent", "each_player"})


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def cost_text(cost: tuple[Cost, ...], *, wording: Wording = ENGLISH) -> str:
    """``bow this, bow two resources``."""
    w = wording
    text = ""
    for part in cost:
        clause = w.render(
            f"cost.{part.kind}",
            resources=w.count("resources", part.n),
            cards=w.count("cards", part.n),
        )
        text = w.render("cost.and", before=text, after=clause) if text else clause
    return text


def _object(ability: Ability, effect: Effect, w: Wording) -> str:
    if effect.target in _PLAYERS:
        return ""  # a player effect's template names the player
    if ability.fixed(effect):
        return w.render("object.greeter.blocked")
    return w.render(f"object.{effect.target}")


def _clause(effect: Effect, obj: str, w: Wording, *, may: bool) -> str:
    e, target = effect.effect, effect.target
    values = {
        "obj": obj,
        "n": effect.amount,
        "cards": w.count("cards", effect.amount),
        "amount": _signed(effect.amount),
        "stat": w.render(f"stat.{effect.stat}") if effect.stat else "",
    }
    if e in ("damage_player", "draw", "discard"):
        name = f"effect.{e}.{target}"
        if may:
            name = w.pick(f"{name}.may", name)
        return w.render(name, **values)
    if target == "self":
        return w.render(w.pick(f"effect.{e}.self", f"effect.{e}"), **values)
    return w.render(f"effect.{e}", **values)


def _subject(effect: Effect, *, may: bool) -> str:
    """Who does what a clause says: ``you`` (an order to the card's player: "draw a card"),
    else the player its template names ("your opponent draws", "each player discards")."""
    if effect.effect in ("draw", "discard") and effect.target != "you" and not may:
        return effect.target
    return "you"


def effects_sentence(ability: Ability, *, wording: Wording = ENGLISH) -> str:
    """The effects as one sentence, as the resolution space shows a technique's entry: ``Deal 2
    damage to an enemy character, then bow it.``"""
    return wording.forms["sentence"](effects_text(ability, wording=wording))


def effects_text(ability: Ability, *, may: bool = False, wording: Wording = ENGLISH) -> str:
    """The effects in order, a target named again as a pronoun: ``deal 2 damage to an enemy
    character, then bow it``; an order to the player after a clause about someone else names
    it: ``each player discards a card, then you draw a card``."""
    w = wording
    body = ""
    before: str | None = None
    subject = "you"
    for effect in ability.effects:
        obj = _object(ability, effect, w)
        if effect.target == before and effect.target not in _PLAYERS:
            obj = w.render("again.all" if effect.target in _ALL else "again.one")
        first = may and not body
        clause = _clause(effect, obj, w, may=first)
        now = _subject(effect, may=first)
        if body:
            joint = "then.you" if now == "you" and subject != "you" else "then"
            body = w.render(joint, before=body, after=clause)
        else:
            body = clause
        before, subject = effect.target, now
    return body


def ability_text(ability: Ability, *, wording: Wording = ENGLISH) -> str:
    """One ability as a sentence (or two)."""
    w = wording
    if ability.kind == "static":
        if ability.static == "no_breakfall":
            return w.render("static.no_breakfall")
        stat = w.render(f"stat.{ability.static}")
        return w.render(f"static.{ability.scope}", n=ability.amount, stat=stat)
    if ability.kind == "triggered":
        when = w.render(f"when.{ability.when}")
        body = effects_text(ability, may=ability.may, wording=w)
        name = "triggered.may" if ability.may else "triggered"
        return w.render("sentence", text=w.render(name, when=when, body=body))
    body = effects_text(ability, wording=w)
    if ability.kind == "breakfall":
        if ability.cost:
            text = w.render("breakfall.cost", cost=cost_text(ability.cost, wording=w), body=body)
        else:
            text = w.render("breakfall", body=body)
        return w.render("sentence", text=text)
    if ability.kind == "technique":
        return w.render("sentence", text=body)
    text = w.render(
        "sentence", text=w.render("activated", cost=cost_text(ability.cost, wording=w), body=body)
    )
    if ability.main_only:
        text = w.render("activated.main_only", text=text)
    if ability.repeatable:
        text = w.render("activated.repeatable", text=text)
    return text


def card_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """The whole rules text: a technique's effect (with its speed), then the abilities, then
    the breakfall."""
    w = wording
    parts = []
    if card.technique:
        effect = ability_text(Ability("", "technique", card.effects), wording=w)
        parts.append(w.render("technique.any", text=effect) if card.speed == "any" else effect)
    # An ability's text is written in English when the card is loaded; another language writes it.
    written = w is ENGLISH
    parts += [(written and a.text) or ability_text(a, wording=w) for a in card.abilities]
    if card.breakfall is not None:
        breakfall = card.breakfall
        parts.append((written and breakfall.text) or ability_text(breakfall, wording=w))
    return w.sentences(parts)


def summary_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """``character, cost 3, force 2, sabotage 1, durability 3``: what a list shows first."""
    if card.character:
        return wording.render(
            "summary.character",
            cost=card.cost,
            force=card.force,
            sabotage=card.sabotage,
            durability=card.durability,
        )
    speed = "any" if card.speed == "any" else "main"
    return wording.render(f"summary.technique.{speed}", cost=card.cost)


def _keywords(card: CardDef) -> frozenset[str]:
    """The ``TERMS`` a card's text uses, from its data (the guide explains each)."""
    found: set[str] = set()
    abilities = [*card.abilities, *([card.breakfall] if card.breakfall else [])]
    effects = [e for a in abilities for e in a.effects] + list(card.effects)
    if card.breakfall is not None:
        found.add("breakfall")
    if card.speed == "any":
        found.add("any_speed")
    for ability in abilities:
        if ability.main_only:
            found.add("main_only")
        if ability.when == "greets":
            found.add("greet")
        if ability.when in ("blocks", "bowed"):
            found.add("block" if ability.when == "blocks" else "bow")
        if ability.when == "killed":
            found.add("kill")
        if ability.static in ("force", "sabotage", "durability"):
            found.add(ability.static)
        for cost in ability.cost:
            if cost.kind in ("bow_self", "bow_resources"):
                found.add("bow")
            if cost.kind == "bow_resources":
                found.add("resource")
    for effect in effects:
        target, e = effect.target, effect.effect
        if target == "greeter" and not any(a.fixed(effect) for a in abilities):
            found.add("greet")
        if target == "blocker":
            found.add("block")
        if e in ("bow", "self_to_field", "self_to_resources"):
            found.add("bow")
        if e == "self_to_resources":
            found.add("resource")
        if e == "ready":
            found.add("ready")
        if e == "kill":
            found |= {"kill", "durability"}
        if e == "boost" and effect.stat is not None:
            found.add(effect.stat)
        if e == "negate":
            found.add("entry")
    return frozenset(found)


def finish_card(card: CardDef) -> CardDef:
    """The card with its texts, its keywords and its abilities indexed for the rules."""
    abilities = tuple(replace(a, text=ability_text(a)) for a in card.abilities)
    breakfall = card.breakfall
    if breakfall is not None:
        breakfall = replace(breakfall, text=ability_text(breakfall))
    triggered: dict[str, tuple[int, ...]] = {}
    for i, ability in enumerate(abilities):
        if ability.kind == "triggered" and ability.when is not None:
            triggered[ability.when] = (*triggered.get(ability.when, ()), i)
    done = replace(
        card,
        abilities=abilities,
        breakfall=breakfall,
        triggered=triggered,
        activated=tuple(i for i, a in enumerate(abilities) if a.kind == "activated"),
        statics=tuple(a for a in abilities if a.kind == "static"),
    )
    return replace(done, text=card_text(done), keywords=_keywords(done))
