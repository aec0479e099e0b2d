"""Rules text, written from ability data (so a card's text always says what it does).

One table or function per part of a sentence: the timing, the effect, its target, its condition.
:data:`ENGLISH` says how each reads; another language is the same templates translated
(``FanfareRuleset.wording``), passed as ``wording``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..engine.wording import ENGLISH_FORMS, Wording
from .cards import EFFECTS, KEYWORDS, PLAYER_TARGETS, Ability, CardDef, Condition, Part

__all__ = [
    "ENGLISH",
    "ability_text",
    "ability_texts",
    "card_text",
    "condition_text",
    "finish_card",
    "keyword_text",
    "summary_text",
]

ENGLISH = Wording(
    {
        # -- what a card list shows before the text
        "summary": "{kind}, cost {cost}",
        "summary.follower": "{kind}, cost {cost}, {attack}/{defence}",
        "kind.follower": "follower",
        "kind.amulet": "amulet",
        "kind.spell": "spell",
        # -- sentences: a timing, a zone and a condition each wrap the body
        "sentences": "{before} {after}",
        "ability": "{text:sentence}",
        "ability.condition": "if {condition}, {body}",
        "ability.zone.hand": "while this is in your hand, {body}",
        "ability.zone.deck": "while this is in your deck, {body}",
        "ability.then": "{before}, then {after}",
        "when.fanfare": "Fanfare: {body}",
        "when.cast": "{body}",
        "when.enter": "When this enters the board, {body}",
        "when.last_words": "Last words: {body}",
        "when.leave": "When this leaves the board, {body}",
        "when.evolve": "Evolve: {body}",
        "when.strike": "Strike: {body}",
        "when.clash": "Clash: {body}",
        "when.discarded": "When this is discarded, {body}",
        "when.drawn": "When you draw this, {body}",
        "when.turn_start": "At the start of your turn, {body}",
        "when.turn_end": "At the end of your turn, {body}",
        "when.ally_plays_follower": "When you play another follower, {body}",
        "when.enemy_plays_follower": "When your opponent plays a follower, {body}",
        "when.play_spell": "Whenever you play a spell, {body}",
        "when.play_card": "Whenever you play another card, {body}",
        "when.ally_enters": "Whenever another follower enters your board, {body}",
        "when.enemy_enters": "Whenever a follower enters the enemy board, {body}",
        "when.ally_destroyed": "Whenever another of your followers is destroyed, {body}",
        "when.follower_destroyed": "Whenever another follower is destroyed, {body}",
        "when.ally_evolves": "Whenever another of your followers evolves, {body}",
        "when.ally_attacks": "Whenever another of your followers attacks, {body}",
        "when.discard": "Whenever you discard a card, {body}",
        "when.card_to_hand": "Whenever a card is put into your hand, {body}",
        # An amulet or a leader is no follower, so "another" goes.
        "when.amulet.ally_plays_follower": "When you play a follower, {body}",
        "when.leader.ally_plays_follower": "Whenever you play a follower, {body}",
        "when.leader.play_card": "Whenever you play a card, {body}",
        "when.leader.ally_enters": "Whenever a follower enters your board, {body}",
        "when.leader.ally_destroyed": "Whenever one of your followers is destroyed, {body}",
        "when.leader.follower_destroyed": "Whenever a follower is destroyed, {body}",
        "when.leader.ally_evolves": "Whenever one of your followers evolves, {body}",
        "when.leader.ally_attacks": "Whenever one of your followers attacks, {body}",
        # -- a card's text besides its abilities
        "card.keyword": "{keyword}.",
        "card.countdown": "Countdown {n}.",
        "card.drawn.win": "When you draw this, you win the match.",
        "card.drawn.lose": "When you draw this, you lose the match.",
        "keyword.storm": "Storm",
        "keyword.rush": "Rush",
        "keyword.ward": "Ward",
        "keyword.bane": "Bane",
        "keyword.drain": "Drain",
        # -- targets
        "object.enemy_follower": "an enemy follower",
        "object.follower": "a follower",
        "object.ally_follower": "an allied follower",
        "object.enemy": "an enemy follower or the enemy leader",
        "object.enemy_card": "an enemy follower or amulet",
        "object.amulet": "an amulet",
        "object.hand_card": "a card from your hand",
        "object.it": "it",
        "object.foe": "the follower this fights",
        "object.own_leader": "your leader",
        "object.enemy_leader": "the enemy leader",
        "object.leaders": "both leaders",
        "object.allies": "your followers",
        "object.other_allies": "your other followers",
        "object.enemy_followers": "all enemy followers",
        "object.followers": "all followers",
        "object.enemies": "the enemy leader and all enemy followers",
        "object.all": "all followers and both leaders",
        "object.random_enemy_follower": "a random enemy follower",
        "object.random_ally": "a random other allied follower",
        "object.random_hand_card": "a random card from your hand",
        "object.own_hand": "the cards in your hand",
        "object.own_amulets": "your amulets",
        "self.follower": "this follower",
        "self.amulet": "this amulet",
        "self.spell": "this card",
        "self.leader": "your leader",
        "again.one": "it",
        "again.other": "them",
        # -- conditions (a follower's count of followers leaves itself out: `allies.other`)
        "if.allies.other.>=": "you have {n} or more other followers",
        "if.allies.other.<=": "you have {n} or fewer other followers",
        "if.allies.other.==": "you have exactly {n} other followers",
        "if.allies.>=": "you have {n} or more followers",
        "if.allies.<=": "you have {n} or fewer followers",
        "if.allies.==": "you have exactly {n} followers",
        "if.enemy_followers.>=": "your opponent has {n} or more followers",
        "if.enemy_followers.<=": "your opponent has {n} or fewer followers",
        "if.enemy_followers.==": "your opponent has exactly {n} followers",
        "if.hand.>=": "your hand holds {n} or more cards",
        "if.hand.<=": "your hand holds {n} or fewer cards",
        "if.hand.==": "your hand holds exactly {n} cards",
        "if.cemetery.>=": "your cemetery holds {n} or more cards",
        "if.cemetery.<=": "your cemetery holds {n} or fewer cards",
        "if.cemetery.==": "your cemetery holds exactly {n} cards",
        "if.defence.>=": "your leader has {n} or more defence",
        "if.defence.<=": "your leader has {n} or less defence",
        "if.defence.==": "your leader has exactly {n} defence",
        "if.max_pp.>=": "you have {n} or more max PP",
        "if.max_pp.<=": "you have {n} or less max PP",
        "if.max_pp.==": "you have exactly {n} max PP",
        # -- counted things
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "play_points.one": "{n} play point",
        "play_points.other": "{n} play points",
        # what an effect makes: summoned, put into a hand or a deck, or transformed into
        "made.one": "{name:a}",
        "made.other": "{n} {name:plural}",
        "made.card.one": "{name:a}",
        "made.card.other": "{n} {name:plural}",
        "made.transform.one": "{name:a}",
        "stats": "+{attack}/+{defence}",
        "amount_from.self_attack": "this follower's attack",
        "amount_from.highest_ally_attack": "the highest attack among your other followers",
        "amount_from.allies": "the number of your other followers",
        "amount_from.cemetery": "the number of cards in your cemetery",
        "amount_from.hand": "the number of cards in your hand",
        # -- the parts of an effect; `instead` and `until` wrap a part
        "part.instead": "{part} ({amount} instead if {condition})",
        "part.until.turn_end": "{part} until the end of the turn",
        "part.until.your_turn_start": "{part} until your next turn",
        "part.destroy": "destroy {obj}",
        "part.banish": "banish {obj}",
        "part.discard": "discard {obj}",
        "part.silence": "{obj} loses all its abilities",
        "part.summon_self": "summon this card",
        "part.damage": "deal {amount} damage to {obj}",
        "part.damage.from": "deal damage equal to {source} to {obj}",
        "part.heal": "restore {amount} defence to {obj}",
        "part.heal.from": "restore defence equal to {source} to {obj}",
        "part.draw.owner": "draw {cards}",
        "part.draw.opponent": "your opponent draws {cards}",
        "part.draw.each_player": "each player draws {cards}",
        "part.pp": "restore {points}",
        "part.bounce": "return {obj} to its owner's hand",
        "part.bounce.self": "return this follower to your hand",
        "part.transform": "transform {obj} into {made}",
        "part.summon.owner": "summon {made}",
        "part.summon.opponent": "summon {made} for your opponent",
        "part.add.owner": "put {made} into your hand",
        "part.add.opponent": "put {made} into your opponent's hand",
        "part.shuffle.owner": "shuffle {made} into your deck",
        "part.shuffle.opponent": "shuffle {made} into the enemy deck",
        "part.buff": "give {obj} {stats}",
        "part.buff.self": "this follower gets {stats}",
        "part.keyword": "give {obj} {keyword:lower}",
        "part.grant": 'give {obj} "{granted}"',
        "part.grant_leader": 'your leader gains "{granted}"',
        "part.cost.less": "{obj} cost {n} less",
        "part.cost.more": "{obj} cost {n} more",
        "part.cost.less.self": "this costs {n} less",
        "part.cost.more.self": "this costs {n} more",
        "part.countdown": "reduce the countdown of each of {obj} by {amount}",
        "part.countdown.self": "reduce the countdown of this amulet by {amount}",
        # -- auras: whole sentences
        "aura.buff": "{obj:capital} have {stats}.",
        "aura.damage_cut": "This follower takes {amount} less damage.",
        "aura.effect_boost": "Damage dealt by your effects is increased by {amount}.",
        "aura.grant_leader": 'While this is on the board, your leader has "{granted}"',
    },
    numbers={1: "a", 2: "two", 3: "three", 4: "four", 5: "five"},
    forms=ENGLISH_FORMS,
)
"""The English rules text of fanfare cards."""


_OBJECTS = frozenset(t for rule in EFFECTS.values() for t in rule.targets) - {
    "self",
    *PLAYER_TARGETS,
}
"""Targets that are cards or leaders, named by ``object.<target>`` (the others are players)."""


def keyword_text(keyword: str, *, wording: Wording = ENGLISH) -> str:
    return wording.render(f"keyword.{keyword}")


def condition_text(
    condition: Condition, kind: str = "follower", *, wording: Wording = ENGLISH
) -> str:
    """``kind`` is the card's: only a follower's count of followers leaves itself out."""
    subject = condition.subject
    if subject == "allies" and kind == "follower":
        subject = "allies.other"
    return wording.render(f"if.{subject}.{condition.op}", n=condition.n)


def _obj(part: Part, kind: str, w: Wording) -> str:
    if part.target == "self":
        return w.render(f"self.{kind}")
    return w.render(f"object.{part.target}") if part.target in _OBJECTS else ""


def _variant(w: Wording, name: str, part: Part) -> str:
    """``name.self`` for a part on its own card, if the language words it otherwise."""
    return w.pick(f"{name}.self", name) if part.target == "self" else name


def _part(part: Part, obj: str, cards: Mapping[str, CardDef], kind: str, w: Wording) -> str:
    """One part of an effect as a clause, with its ``instead`` and ``until``."""
    e = part.effect
    values = {"obj": obj, "amount": part.amount, "n": abs(part.amount)}
    if part.amount_from is not None:
        source = w.render(f"amount_from.{part.amount_from}")
        return w.render(f"part.{e}.from", source=source, **values)
    if e == "draw":
        clause = w.render(f"part.draw.{part.target}", cards=w.count("cards", part.amount))
    elif e == "pp":
        clause = w.render("part.pp", points=w.count("play_points", part.amount))
    elif e in ("summon", "add", "shuffle", "transform"):
        assert part.card is not None
        noun = {"transform": "made.transform", "add": "made.card", "shuffle": "made.card"}
        made = w.count(
            noun.get(e, "made"),
            1 if e == "transform" else part.amount,
            name=w.name(cards[part.card].name),
        )
        name = "part.transform" if e == "transform" else f"part.{e}.{part.target}"
        clause = w.render(name, made=made, **values)
    elif e in ("grant", "grant_leader"):
        assert part.grants is not None
        granted = ability_text(part.grants, cards, _holder(part), wording=w)
        clause = w.render(f"part.{e}", granted=granted, **values)
    elif e == "cost":
        change = "less" if part.amount < 0 else "more"
        clause = w.render(_variant(w, f"part.cost.{change}", part), **values)
    else:
        stats = w.render("stats", attack=part.attack, defence=part.defence)
        keyword = w.render(f"keyword.{part.keyword}") if part.keyword else ""
        clause = w.render(_variant(w, f"part.{e}", part), stats=stats, keyword=keyword, **values)
    if part.instead is not None:
        condition = condition_text(part.instead, kind, wording=w)
        clause = w.render(
            "part.instead", part=clause, amount=part.instead_amount, condition=condition
        )
    if part.until is not None:
        clause = w.render(f"part.until.{part.until}", part=clause)
    return clause


def _aura(part: Part, cards: Mapping[str, CardDef], w: Wording) -> str:
    values: dict[str, object] = {"amount": part.amount}
    if part.effect == "buff":
        values["obj"] = w.render(f"object.{part.target}")
        values["stats"] = w.render("stats", attack=part.attack, defence=part.defence)
    if part.grants is not None:
        values["granted"] = ability_text(part.grants, cards, "leader", wording=w)
    return w.render(f"aura.{part.effect}", **values)


def _body(ability: Ability, cards: Mapping[str, CardDef], kind: str, w: Wording) -> str:
    """The parts of the effect, in order; a target named again is a pronoun."""
    body = ""
    before: str | None = None
    for part in ability.parts:
        obj = _obj(part, kind, w)
        if part.target == before and part.target in _OBJECTS:
            one = part.chosen or part.target.startswith("random")
            obj = w.render("again.one" if one else "again.other")
        clause = _part(part, obj, cards, kind, w)
        body = w.render("ability.then", before=body, after=clause) if body else clause
        before = part.target
    return body


def ability_text(
    ability: Ability, cards: Mapping[str, CardDef], kind: str, *, wording: Wording = ENGLISH
) -> str:
    """One ability as a sentence; ``kind`` is the card's (``leader`` for a leader's ability)."""
    w = wording
    if ability.when == "aura":
        return _aura(ability.parts[0], cards, w)
    body = _body(ability, cards, kind, w)
    if ability.condition is not None:
        condition = condition_text(ability.condition, kind, wording=w)
        body = w.render("ability.condition", condition=condition, body=body)
    if ability.zone != "board":
        body = w.render(f"ability.zone.{ability.zone}", body=body)
    body = w.render(w.pick(f"when.{kind}.{ability.when}", f"when.{ability.when}"), body=body)
    return w.render("ability", text=body)


def card_text(card: CardDef, cards: Mapping[str, CardDef], *, wording: Wording = ENGLISH) -> str:
    w = wording
    parts = [
        w.render("card.keyword", keyword=keyword_text(k, wording=w))
        for k in KEYWORDS
        if k in card.keywords
    ]
    if card.countdown is not None:
        parts.append(w.render("card.countdown", n=card.countdown))
    if card.drawn_result is not None:
        parts.append(w.render(f"card.drawn.{card.drawn_result}"))
    parts += [ability_text(a, cards, card.kind, wording=w) for a in card.abilities]
    return w.sentences(parts)


def ability_texts(
    card: CardDef, cards: Mapping[str, CardDef], *, wording: Wording = ENGLISH
) -> list[str]:
    """Each ability's text alone, then each ability it grants, in the card's order: a board tile
    lists a card's abilities one by one, a caption quotes an ability granted."""
    texts = []
    for ability in card.abilities:
        texts.append(ability_text(ability, cards, card.kind, wording=wording))
        texts += [
            ability_text(part.grants, cards, _holder(part), wording=wording)
            for part in ability.parts
            if part.grants is not None
        ]
    return texts


def summary_text(card: CardDef, *, wording: Wording = ENGLISH) -> str:
    """``follower, cost 3, 2/3``: what a card list shows before the text."""
    kind = wording.render(f"kind.{card.kind}")
    name = "summary.follower" if card.follower else "summary"
    return wording.render(name, kind=kind, cost=card.cost, attack=card.attack, defence=card.defence)


def _with_text(ability: Ability, cards: Mapping[str, CardDef], kind: str) -> Ability:
    parts = tuple(
        p if p.grants is None else replace(p, grants=_with_text(p.grants, cards, _holder(p)))
        for p in ability.parts
    )
    ability = replace(ability, parts=parts)
    return replace(ability, text=ability_text(ability, cards, kind))


def _holder(part: Part) -> str:
    return "leader" if part.effect == "grant_leader" else "follower"


def finish_card(card: CardDef, cards: Mapping[str, CardDef]) -> CardDef:
    """The card with its texts, its abilities indexed by zone and timing, and its targets."""
    abilities = tuple(_with_text(a, cards, card.kind) for a in card.abilities)
    by_when: dict[tuple[str, str], tuple[tuple[int, Ability], ...]] = {}
    for i, ability in enumerate(abilities):
        key = (ability.zone, ability.when)
        by_when[key] = (*by_when.get(key, ()), (i, ability))
    play = [a.chosen for a in abilities if a.when in ("fanfare", "cast") and a.chosen]
    evolve = [a.chosen for a in abilities if a.when == "evolve" and a.chosen]
    done = replace(
        card,
        abilities=abilities,
        by_when=by_when,
        play_target=play[0] if play else None,
        evolve_target=evolve[0] if evolve else None,
        auras=tuple(a.parts[0] for a in abilities if a.when == "aura"),
    )
    return replace(done, text=card_text(done, cards))
