"""Rules text, written from skill data (so a card's text always says what it does).

The English catalogue (:data:`ENGLISH`, an engine :class:`~rules.engine.wording.Wording`) says
how each part of a sentence reads; the functions here pick the templates from the fields: a
skill's label and cost, its timing, each effect with its target, amount and condition. A second
language is a second catalogue.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.wording import ENGLISH_FORMS, Wording
from .cards import A_SKILL, CHOSEN, EP_KINDS, STATIC, CardDef, Condition, Effect, Skill
from .words import CAPTIONS

__all__ = ["ENGLISH", "card_text", "finish_card", "skill_text", "summary_text"]

ENGLISH = Wording(
    {
        # -- what a card list shows before the text: its kind, then its numbers
        "summary.list": "{before}, {after}",
        "summary.cost": "cost {n}",
        "summary.ep": "EP {n}",
        "summary.ap": "AP {n}",
        "summary.dp": "DP {n}",
        "summary.tokens.one": "{n} token",
        "summary.tokens.other": "{n} tokens",
        "summary.kind.character": "character",
        "summary.kind.heroine": "heroine",
        "summary.kind.background": "background",
        "summary.kind.item": "item",
        "summary.kind.event": "event",
        "summary.kind.music": "music",
        # -- sentences: a label, then the body
        "sentences": "{before} {after}",
        "sentence": "{text:sentence}",
        "a_skill": "A.Skill{once}{cost}: {body}",
        "a_skill.once": ", once per turn",
        "a_skill.cost": " ({parts})",
        "p_skill": "P.Skill: {body}",
        "event": "{body}",
        "event.interrupt": "Interrupt: {body}",
        "then": "{before}, then {after}",
        # -- costs
        "cost.and": "{before}, {after}",
        "cost.ep": "{n} EP",
        "cost.check_self": "check this",
        "cost.discard": "discard {cards}",
        # -- timings of triggered P.Skills
        "when.enters": "when this enters the field, {body}",
        "when.start_phase": "in your start phase, {body}",
        "when.draw_phase": "after your draw in the draw phase, {body}",
        "when.end_phase": "in your end phase, {body}",
        "when.attacks": "when this attacks, {body}",
        "when.supports": "when this supports, {body}",
        "when.defends": "when this defends, {body}",
        "when.face_down": "when this turns face down, {body}",
        "when.charm_end": "after each charm's damage, {body}",
        # -- static P.Skills
        "static.ap.all": "your characters get AP +{amount}",
        "static.dp.all": "your characters get DP +{amount}",
        "static.ap.heroine": "your heroine gets AP +{amount}",
        "static.dp.heroine": "your heroine gets DP +{amount}",
        "static.ap.self": "this character gets AP +{amount}",
        "static.dp.self": "this character gets DP +{amount}",
        "static.hand_limit.up": "your hand limit is {n} higher",
        "static.hand_limit.down": "your hand limit is {n} lower",
        "static.damage_limit.up": "your damage limit is {n} higher",
        "static.damage_limit.down": "your damage limit is {n} lower",
        # -- targets
        "object.self": "this character",
        "object.self.card": "this card",
        "object.own_character": "one of your characters",
        "object.enemy_character": "an enemy character",
        "object.character": "a character",
        "object.own_heroine": "your heroine",
        "object.enemy_heroine": "the enemy heroine",
        "object.all_own_characters": "all your characters",
        "object.all_enemy_characters": "all enemy characters",
        "object.attacker": "an attacker",
        "object.defender": "a defender",
        "object.own_background": "one of your backgrounds",
        "object.music": "a music card",
        "object.it": "it",
        # -- conditions (CHARM-11.8)
        "if.own_damage_at_least": "if your damage is {n} or more, {clause}",
        "if.opponent_damage_at_least": "if your opponent's damage is {n} or more, {clause}",
        "if.heroine_attacking": "if your heroine is attacking, {clause}",
        # -- counted things
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "tokens.one": "{n} performance token",
        "tokens.other": "{n} performance tokens",
        "kind.character": "character",
        "kind.background": "background",
        "kind.item": "item",
        "kind.event": "event",
        "kind.music": "music card",
        # -- effects (CHARM-11.6)
        "effect.damage_player": "your opponent takes {n} damage",
        "effect.heal": "heal {n} damage",
        "effect.damage": "deal {n} DP damage to {obj}",
        "effect.boost": "give {obj} {stat} {amount:+d} until end of turn",
        "effect.check": "check {obj}",
        "effect.uncheck": "uncheck {obj}",
        "effect.face_down": "turn {obj} with DP {n} or less face down",
        "effect.bounce": "return {obj} to its owner's hand",
        "effect.bounce.all": "return {obj} to their owners' hands",
        "effect.draw.you": "draw {cards}",
        "effect.draw.opponent": "your opponent draws {cards}",
        "effect.discard.you": "discard {cards}",
        "effect.discard.opponent": "your opponent discards {cards}",
        "effect.recall": "recall {kind:a} from your discard pile to your hand",
        "effect.tokens.up": "put {tokens} on {obj}",
        "effect.tokens.down": "remove {tokens} from {obj}",
        "effect.gain_ep": "gain {n} EP",
        "effect.negate": "negate the event or A.Skill this interrupts",
        "stat.ap": "AP",
        "stat.dp": "DP",
    },
    numbers={1: "a", 2: "two", 3: "three", 4: "four", 5: "five"},
    forms=ENGLISH_FORMS,
)
"""The English rules text of charm cards."""


def _object(effect: Effect, kind: str, before: str | None, w: Wording) -> str:
    target = effect.target
    if target in ("you", "opponent", "declaration"):
        return ""  # a player, or the declaration answered: the effect's own words say it
    if target == before and target in CHOSEN:
        return w.render("object.it")
    if target == "self" and kind not in ("character", "heroine"):
        return w.render("object.self.card")
    return w.render(f"object.{target}")


def _clause(effect: Effect, obj: str, w: Wording) -> str:
    name, n = effect.effect, abs(effect.amount)
    if name in ("draw", "discard"):
        return w.render(f"effect.{name}.{effect.target}", cards=w.count("cards", n))
    if name == "tokens":
        way = "up" if effect.amount > 0 else "down"
        return w.render(f"effect.tokens.{way}", tokens=w.count("tokens", n), obj=obj)
    if name == "recall":
        return w.render("effect.recall", kind=w.render(f"kind.{effect.kind}"))
    if name == "boost":
        stat = w.render(f"stat.{effect.stat}")
        return w.render("effect.boost", obj=obj, stat=stat, amount=effect.amount)
    if name == "bounce" and effect.target.startswith("all_"):
        return w.render("effect.bounce.all", obj=obj)
    return w.render(f"effect.{name}", obj=obj, n=n)


def _conditioned(condition: Condition | None, clause: str, w: Wording) -> str:
    if condition is None:
        return clause
    return w.render(f"if.{condition.kind}", n=condition.n, clause=clause)


def effects_text(effects: tuple[Effect, ...], kind: str, *, wording: Wording = ENGLISH) -> str:
    """The effects of a skill, in order; a target picked again is "it"."""
    w = wording
    body = ""
    before: str | None = None
    for effect in effects:
        obj = _object(effect, kind, before, w)
        clause = _conditioned(effect.condition, _clause(effect, obj, w), w)
        body = w.render("then", before=body, after=clause) if body else clause
        before = effect.target
    return body


def _cost(skill: Skill, w: Wording) -> str:
    cost = skill.cost
    parts = []
    if cost.ep:
        parts.append(w.render("cost.ep", n=cost.ep))
    if cost.check_self:
        parts.append(w.render("cost.check_self"))
    if cost.discard:
        parts.append(w.render("cost.discard", cards=w.count("cards", cost.discard)))
    joined = ""
    for part in parts:
        joined = w.render("cost.and", before=joined, after=part) if joined else part
    return w.render("a_skill.cost", parts=joined) if parts else ""


def _static(skill: Skill, w: Wording) -> str:
    if skill.stat in ("ap", "dp"):
        return w.render(f"static.{skill.stat}.{skill.reach}", amount=skill.amount)
    way = "up" if skill.amount > 0 else "down"
    return w.render(f"static.{skill.stat}.{way}", n=abs(skill.amount))


def skill_text(skill: Skill, kind: str, *, wording: Wording = ENGLISH) -> str:
    """One skill as a sentence; ``kind`` is its card's."""
    w = wording
    if skill.when == STATIC:
        text = w.render("p_skill", body=_static(skill, w))
    elif skill.when == A_SKILL:
        once = w.render("a_skill.once") if skill.once_per_turn else ""
        body = effects_text(skill.effects, kind, wording=w)
        text = w.render("a_skill", once=once, cost=_cost(skill, w), body=body)
    elif kind == "event":
        body = effects_text(skill.effects, kind, wording=w)
        text = w.render("event.interrupt" if skill.negates else "event", body=body)
    else:
        body = effects_text(skill.effects, kind, wording=w)
        text = w.render("p_skill", body=w.render(f"when.{skill.when}", body=body))
    return w.render("sentence", text=text)


def card_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    return wording.sentences(skill_text(s, card.kind, wording=wording) for s in card.skills)


def summary_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """``character, cost 2, EP 1, AP 2, DP 3``: what a card list shows before the text."""
    w = wording
    parts = [w.render(f"summary.kind.{card.kind}")]
    if card.kind != "heroine":
        parts.append(w.render("summary.cost", n=card.cost))
    if card.kind in EP_KINDS:
        parts.append(w.render("summary.ep", n=card.ep))
    if card.character:
        parts += [w.render("summary.ap", n=card.ap), w.render("summary.dp", n=card.dp)]
    if card.kind == "music":
        tokens = "one" if card.tokens == 1 else "other"  # as digits: "1 token"
        parts.append(w.render(f"summary.tokens.{tokens}", n=card.tokens))
    summary = ""
    for part in parts:
        summary = w.render("summary.list", before=summary, after=part) if summary else part
    return summary


def finish_card(card: CardDef) -> CardDef:
    """The card with its skills' texts, its own text, and its skills sorted by kind."""
    skills = tuple(replace(s, text=skill_text(s, card.kind)) for s in card.skills)
    triggers: dict[str, tuple[int, ...]] = {}
    for i, skill in enumerate(skills):
        if skill.triggered:
            triggers[skill.when] = (*triggers.get(skill.when, ()), i)
    done = replace(
        card,
        skills=skills,
        statics=tuple(s for s in skills if s.static),
        actives=tuple((i, s) for i, s in enumerate(skills) if s.active or s.when == "event"),
        triggers=triggers,
    )
    done = replace(done, text=card_text(done))
    # Its words in menus, said once (docs/i18n.md): any language can show them.
    say, name = CAPTIONS.say, card.name
    kind = say(f"card.kind.{card.kind}")
    if card.heroine:
        label = say("label.card.heroine", card=name, kind=kind)
    else:
        label = say("label.card", card=name, kind=kind, cost=card.cost)
    summary = done.summary
    if done.text:
        detail = say("detail.play", summary=summary, text=done.text)
    else:
        detail = say("detail.play.bare", summary=summary)
    return replace(
        done,
        label=label,
        play_label=say("label.play", card=name, cost=card.cost),
        play_detail=detail,
        produce_label=say("label.produce.card", card=name, ep=card.ep),
        detail=say("detail.text", text=done.text),
    )
