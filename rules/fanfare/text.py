"""Rules text, written from ability data (so a card's text always says what it does).

One table or function per part of a sentence: the timing, the effect, its target, its condition.
Texts are English; a locale table can replace these phrases later without touching behaviour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .cards import KEYWORDS, Ability, CardDef, Condition, Part

__all__ = ["ability_text", "card_text", "finish_card", "keyword_text"]

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}

_TIMING = {
    "fanfare": "Fanfare: ",
    "cast": "",
    "enter": "When this enters the board, ",
    "last_words": "Last words: ",
    "leave": "When this leaves the board, ",
    "evolve": "Evolve: ",
    "strike": "Strike: ",
    "clash": "Clash: ",
    "discarded": "When this is discarded, ",
    "drawn": "When you draw this, ",
    "turn_start": "At the start of your turn, ",
    "turn_end": "At the end of your turn, ",
    "aura": "",
    "ally_plays_follower": "When you play another follower, ",
    "enemy_plays_follower": "When your opponent plays a follower, ",
    "play_spell": "Whenever you play a spell, ",
    "play_card": "Whenever you play another card, ",
    "ally_enters": "Whenever another follower enters your board, ",
    "enemy_enters": "Whenever a follower enters the enemy board, ",
    "ally_destroyed": "Whenever another of your followers is destroyed, ",
    "follower_destroyed": "Whenever another follower is destroyed, ",
    "ally_evolves": "Whenever another of your followers evolves, ",
    "ally_attacks": "Whenever another of your followers attacks, ",
    "discard": "Whenever you discard a card, ",
    "card_to_hand": "Whenever a card is put into your hand, ",
}
# A leader's ability has no "another": the leader is no card.
_LEADER_TIMING = {
    **_TIMING,
    "ally_plays_follower": "Whenever you play a follower, ",
    "play_card": "Whenever you play a card, ",
    "ally_enters": "Whenever a follower enters your board, ",
    "ally_destroyed": "Whenever one of your followers is destroyed, ",
    "follower_destroyed": "Whenever a follower is destroyed, ",
    "ally_evolves": "Whenever one of your followers evolves, ",
    "ally_attacks": "Whenever one of your followers attacks, ",
}
_ZONE = {"hand": "while this is in your hand, ", "deck": "while this is in your deck, "}

_OBJECT = {
    "enemy_follower": "an enemy follower",
    "follower": "a follower",
    "ally_follower": "an allied follower",
    "enemy": "an enemy follower or the enemy leader",
    "enemy_card": "an enemy follower or amulet",
    "amulet": "an amulet",
    "hand_card": "a card from your hand",
    "it": "it",
    "foe": "the follower this fights",
    "own_leader": "your leader",
    "enemy_leader": "the enemy leader",
    "leaders": "both leaders",
    "allies": "your followers",
    "other_allies": "your other followers",
    "enemy_followers": "all enemy followers",
    "followers": "all followers",
    "enemies": "the enemy leader and all enemy followers",
    "all": "all followers and both leaders",
    "random_enemy_follower": "a random enemy follower",
    "random_ally": "a random other allied follower",
    "random_hand_card": "a random card from your hand",
    "own_hand": "the cards in your hand",
    "own_amulets": "your amulets",
}
_SELF = {
    "follower": "this follower",
    "amulet": "this amulet",
    "spell": "this card",
    "leader": "your leader",
}

_SUBJECT = {
    "allies": ("you have {n} or more other followers", "you have {n} or fewer other followers"),
    "enemy_followers": (
        "your opponent has {n} or more followers",
        "your opponent has {n} or fewer followers",
    ),
    "hand": ("your hand holds {n} or more cards", "your hand holds {n} or fewer cards"),
    "cemetery": (
        "your cemetery holds {n} or more cards",
        "your cemetery holds {n} or fewer cards",
    ),
    "defence": ("your leader has {n} or more defence", "your leader has {n} or less defence"),
    "max_pp": ("you have {n} or more max PP", "you have {n} or less max PP"),
}
_AMOUNT_FROM = {
    "self_attack": "this follower's attack",
    "highest_ally_attack": "the highest attack among your other followers",
    "allies": "the number of your other followers",
    "cemetery": "the number of cards in your cemetery",
    "hand": "the number of cards in your hand",
}
_UNTIL = {"turn_end": " until the end of the turn", "your_turn_start": " until your next turn"}


def keyword_text(keyword: str) -> str:
    return keyword.capitalize()


def condition_text(condition: Condition, kind: str = "follower") -> str:
    """``kind`` is the card's: only a follower's count of followers leaves itself out."""
    at_least, at_most = _SUBJECT[condition.subject]
    if condition.subject == "allies" and kind != "follower":
        at_least, at_most = (s.replace(" other", "") for s in (at_least, at_most))
    if condition.op == "==":
        return at_least.replace("{n} or more", "exactly {n}").format(n=condition.n)
    return (at_least if condition.op == ">=" else at_most).format(n=condition.n)


def _count(n: int, noun: str) -> str:
    return f"{_NUMBERS.get(n, str(n))} {noun}" + ("" if n == 1 else "s")


def _plural(name: str, n: int) -> str:
    if n == 1:
        return f"an {name}" if name[0] in "AEIOU" else f"a {name}"
    many = name.replace(" of ", "s of ", 1) if " of " in name else f"{name}s"
    return f"{_NUMBERS.get(n, str(n))} {many}"


def _obj(part: Part, kind: str) -> str:
    return _SELF[kind] if part.target == "self" else _OBJECT.get(part.target, "")


def _stats(part: Part) -> str:
    return f"+{part.attack}/+{part.defence}"


_PLAIN = {
    "destroy": "destroy {obj}",
    "banish": "banish {obj}",
    "discard": "discard {obj}",
    "silence": "{obj} loses all its abilities",
    "summon_self": "summon this card",
}
_DRAWER = {"owner": "draw", "opponent": "your opponent draws", "each_player": "each player draws"}


def _part(part: Part, cards: Mapping[str, CardDef], kind: str) -> str:
    """One part of an effect as a clause."""
    e, obj = part.effect, _obj(part, kind)
    if e in _PLAIN:
        return _PLAIN[e].format(obj=obj)
    if e in ("damage", "heal", "draw", "pp"):
        return _amount_clause(part, obj, kind)
    if e in ("summon", "add", "shuffle", "transform", "bounce"):
        return _card_clause(part, obj, cards)
    return _change_clause(part, obj, cards)


def _amount_clause(part: Part, obj: str, kind: str) -> str:
    e = part.effect
    if part.amount_from is not None:
        source = _AMOUNT_FROM[part.amount_from]
        if e == "damage":
            return f"deal damage equal to {source} to {obj}"
        return f"restore defence equal to {source} to {obj}"
    if e == "damage":
        return f"deal {part.amount} damage to {obj}{_instead(part, kind)}"
    if e == "heal":
        return f"restore {part.amount} defence to {obj}{_instead(part, kind)}"
    if e == "draw":
        return f"{_DRAWER[part.target]} {_count(part.amount, 'card')}{_instead(part, kind)}"
    return f"restore {_count(part.amount, 'play point')}"


def _card_clause(part: Part, obj: str, cards: Mapping[str, CardDef]) -> str:
    e = part.effect
    if e == "bounce":
        if part.target == "self":
            return "return this follower to your hand"
        return f"return {obj} to its owner's hand"
    assert part.card is not None
    if e == "transform":
        return f"transform {obj} into {_plural(cards[part.card].name, 1)}"
    what = _plural(cards[part.card].name, part.amount)
    theirs = part.target == "opponent"
    if e == "summon":
        return f"summon {what}" + (" for your opponent" if theirs else "")
    if e == "add":
        return f"put {what} into " + ("your opponent's hand" if theirs else "your hand")
    return f"shuffle {what} into " + ("the enemy deck" if theirs else "your deck")


def _change_clause(part: Part, obj: str, cards: Mapping[str, CardDef]) -> str:
    e = part.effect
    until = _UNTIL.get(part.until or "", "")
    if e == "buff":
        if part.target == "self":
            return f"this follower gets {_stats(part)}{until}"
        return f"give {obj} {_stats(part)}{until}"
    if e == "keyword":
        return f"give {obj} {part.keyword}{until}"
    if e in ("grant", "grant_leader"):
        assert part.grants is not None
        if e == "grant":
            return f'give {obj} "{ability_text(part.grants, cards, "follower")}"'
        return f'your leader gains "{ability_text(part.grants, cards, "leader")}"'
    if e == "cost":
        change = f"{-part.amount} less" if part.amount < 0 else f"{part.amount} more"
        return f"this costs {change}" if part.target == "self" else f"{obj} cost {change}"
    if e == "countdown":
        whose = "this amulet" if part.target == "self" else "each of your amulets"
        return f"reduce the countdown of {whose} by {part.amount}"
    raise ValueError(f"no text for effect {e!r}")


def _instead(part: Part, kind: str) -> str:
    if part.instead is None:
        return ""
    return f" ({part.instead_amount} instead if {condition_text(part.instead, kind)})"


def _aura(part: Part, cards: Mapping[str, CardDef]) -> str:
    if part.effect == "buff":
        return f"{_OBJECT[part.target].capitalize()} have {_stats(part)}."
    if part.effect == "damage_cut":
        return f"This follower takes {part.amount} less damage."
    if part.effect == "effect_boost":
        return f"Damage dealt by your effects is increased by {part.amount}."
    if part.effect == "grant_leader":
        assert part.grants is not None
        granted = ability_text(part.grants, cards, "leader")
        return f'While this is on the board, your leader has "{granted}"'
    raise ValueError(f"no aura text for {part.effect!r}")


def ability_text(ability: Ability, cards: Mapping[str, CardDef], kind: str) -> str:
    """One ability as a sentence; ``kind`` is the card's (``leader`` for a leader's ability)."""
    if ability.when == "aura":
        return _aura(ability.parts[0], cards)
    timing = (_LEADER_TIMING if kind == "leader" else _TIMING)[ability.when]
    if ability.zone != "board":
        timing += _ZONE[ability.zone]
    if kind == "amulet" and ability.when == "ally_plays_follower":
        timing = "When you play a follower, "
    clauses = []
    before: str | None = None
    for part in ability.parts:
        clause = _part(part, cards, kind)
        if part.target == before and part.target in _OBJECT:  # the same target again
            pronoun = "it" if part.chosen or part.target.startswith("random") else "them"
            clause = clause.replace(_OBJECT[part.target], pronoun, 1)
        before = part.target
        clauses.append(clause)
    body = ", then ".join(clauses)
    if ability.condition is not None:
        body = f"if {condition_text(ability.condition, kind)}, {body}"
    sentence = timing + body
    return sentence[0].upper() + sentence[1:] + ("" if sentence.endswith('"') else ".")


def card_text(card: CardDef, cards: Mapping[str, CardDef]) -> str:
    parts = [keyword_text(k) + "." for k in KEYWORDS if k in card.keywords]
    if card.countdown is not None:
        parts.append(f"Countdown {card.countdown}.")
    if card.drawn_result is not None:
        parts.append(f"When you draw this, you {card.drawn_result} the match.")
    parts += [ability_text(a, cards, card.kind) for a in card.abilities]
    return " ".join(parts)


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
