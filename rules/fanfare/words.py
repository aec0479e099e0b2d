"""The words of fanfare's captions, menus and results, as templates every language can show
(docs/i18n.md).

Captions, labels and results are written with :data:`CAPTIONS`' ``say``: the English text, exactly
as a reader of English sees it, that remembers its template and values, so the bot and the
pictures say it again in their reader's language from the ``fanfare`` catalogue. Seats stay
``{seat0}``, ``{seat1}`` (the edge names them); a card's name is a value the template writes
``{card:name}``, which a language shows as its catalogue names it, and a rules text one it writes
``{text:text}`` (an ability granted, a card's text in a menu's detail).
"""

from __future__ import annotations

import functools

from ..engine.wording import ENGLISH_FORMS, Said, Wording

__all__ = ["CAPTIONS", "named", "said", "text_detail"]

CAPTIONS = Wording(
    {
        # -- lists, as captions put them together
        # -- where a match stands (/match status)
        "summary.side": "{seat}: leader {defence}/{most}, {pp}/{max_pp} PP",
        "summary.sides": "{before} · {after}",
        "summary.mulligan": "Mulligan · {sides}",
        # -- each kind of action, as a menu of several is headed ("Play…")
        "kind.play": "Play",
        "kind.attack": "Attack",
        "kind.evolve": "Evolve",
        "kind.mulligan": "Mulligan",
        "kind.end_turn": "End turn",
        "kind.concede": "Concede",
        "list.semicolon": "{before}; {after}",
        "list.comma": "{before}, {after}",
        "list.and": "{before} and {after}",
        "card": "{card:name}",
        "unit": "{seat}'s {card:name}",
        "unit.leader": "{seat}'s leader",
        "sentence": "{text}.",
        "sentence.capital": "{text:capital}.",
        "sentence.quoted": "{text}",
        "sentence.quoted.capital": "{text:capital}",
        "stats.change": (
            "{attack}/{defence} ({attack_was}/{defence_was} → {attack_now}/{defence_now})"
        ),
        # -- menus
        "label.end_turn": "End turn",
        "label.concede": "Concede",
        "label.mulligan": "Choose cards to return (mulligan)",
        "label.play": "Play {card:name}",
        "label.attack": "Attack with {card:name}",
        "label.evolve": "Evolve {card:name}",
        "param.mulligan": "Cards to return",
        "param.target": "Target",
        "detail.play": "Cost {cost}. {text:text}",
        "detail.play.plain": "Cost {cost}.",
        "detail.text": "{text:text}",
        "option.hand": "{card:name} (cost {cost})",
        "option.follower": "{card:name} {attack}/{defence}",
        "option.countdown": "{card:name} (countdown {countdown})",
        "option.card": "{card:name}",
        "option.leader.own": "Your leader · {defence} defence",
        "option.leader.enemy": "Enemy leader · {defence} defence",
        "option.slot.own": "your board, slot {slot}",
        "option.slot.enemy": "enemy board, slot {slot}",
        # -- the opening and the mulligan (FANFARE-1.2)
        "begin.named": "{seat} goes first (a rematch: the other seat first).",
        "begin.coin": "The coin says {seat} goes first.",
        "begin.hands": "Both players draw three cards and choose which to return.",
        "mulligan.chosen": "{seat} has chosen which cards to return.",
        "mulligan.done": "Mulligan: {first} returns {first_returned} and {second} returns "
        "{second_returned}.",
        "you_draw": "You draw {cards}.",
        # -- the turn (FANFARE-2)
        "turn.start": "Turn {turn}: {seat}'s turn, {pp} PP.",
        "turn.drew.nothing": "{seat} draws nothing",
        "turn.end": "{seat} ends the turn.",
        "play": "{seat} plays {card:name}.",
        "play.on": "{seat} plays {card:name} on {target}.",
        "evolve": "{seat} evolves {card:name}: {change}.",
        "evolve.on": "{seat} evolves {card:name} on {target}: {change}.",
        # -- attacks (FANFARE-2.2, FANFARE-Q10)
        "attack": "{attacker} attacks {target}.",
        "attack.attacker_left": "{attacker} has left the board: no combat.",
        "attack.target_left": "{card:name} has left the board: no combat.",
        "combat.fights": "{attacker} fights {target}.",
        "combat.leader": "{attacker} deals {amount} to {target}: {before} → {after}.",
        "combat.follower": "{attacker} deals {amount} to {target} ({before} → {after}).",
        "combat.both": (
            "{attacker} deals {amount} to {target} ({before} → {after}), "
            "takes {taken} ({taken_before} → {taken_after})."
        ),
        "combat.leader.drain": (
            "{attacker} deals {amount} to {target}: {before} → {after}; "
            "drain heals {healed} ({healed_before} → {healed_after})."
        ),
        "combat.follower.drain": (
            "{attacker} deals {amount} to {target} ({before} → {after}); "
            "drain heals {healed} ({healed_before} → {healed_after})."
        ),
        "combat.both.drain": (
            "{attacker} deals {amount} to {target} ({before} → {after}), "
            "takes {taken} ({taken_before} → {taken_after}); "
            "drain heals {healed} ({healed_before} → {healed_after})."
        ),
        # -- an effect resolving (FANFARE-Q1, FANFARE-Q7)
        "resolved": "{source}: {done}.",
        "resolved.quoted": "{source}: {done}",
        "resolved.nothing": "{source}: no effect.",
        "fizzled": "{source} has left: its effect does not resolve.",
        # -- what a step did (captions.outcome)
        "did.damage": "{amount} damage to {targets}",
        "did.damage.one": "{amount} damage to {target} ({before} → {after})",
        "did.hit": "{target} ({before} → {after})",
        "did.followers.one": "{n} follower",
        "did.followers.other": "{n} followers",
        "did.heals": "{target} heals {amount} ({before} → {after})",
        "did.heals.own": "heals {amount} ({before} → {after})",
        "did.full_defence": "{target} is at full defence ({defence})",
        "did.full_defence.own": "is at full defence ({defence})",
        "did.buffed": "{card:name} {change}",
        "did.buffed.summed": "{attack}/{defence} to {n} followers",
        "did.keyword.one": "{cards} gains {keyword}",
        "did.keyword.other": "{cards} gain {keyword}",
        "did.keyword.summed": "{n} followers gain {keyword}",
        "word.storm": "storm",
        "word.rush": "rush",
        "word.ward": "ward",
        "word.bane": "bane",
        "word.drain": "drain",
        "did.whose": "{seat}'s {cards}",
        "did.destroyed.one": "{cards} is destroyed",
        "did.destroyed.other": "{cards} are destroyed",
        "did.banished.one": "{cards} is banished",
        "did.banished.other": "{cards} are banished",
        "did.gone.of": "{n} of {seat}'s",
        "did.destroyed.summed": "{counts} cards are destroyed",
        "did.banished.summed": "{counts} cards are banished",
        "did.enters.own": "enters the board",
        "did.enters.one": "{card:name:a} enters {seat}'s board",
        "did.enters.other": "{n} {card:name:plural} enter {seat}'s board",
        "did.drew.one": "{seat} draws a card",
        "did.drew.other": "{seat} draws {n} cards",
        "did.cost": "{card:name} costs {before} → {after}",
        "did.cost.own": "cost {before} → {after}",
        "did.cost.summed": "{n} cards in hand change cost",
        "did.returned": "{card:name} returns to hand",
        "did.returned.own": "returns to hand",
        "did.to_hand": "{seat} gets {card:name:a}",
        "did.burned": "{card:name} is burned ({seat}'s hand is full)",
        "did.shuffled_in": "{card:name:a} is shuffled into {seat}'s deck",
        "did.discarded": "{seat} discards {card:name}",
        "did.board_full": "{seat}'s board is full",
        "did.transformed": "{was:name} becomes {card:name:a}",
        "did.silenced": "{card:name} loses its abilities",
        "did.granted": '{card:name} gains "{text:text}"',
        "did.leader_granted": '{seat}\'s leader gains "{text:text}"',
        "did.pp": "{seat} PP {before} → {after}",
        "did.countdown": "{card:name} countdown {before} → {after}",
        "did.countdown.own": "countdown {before} → {after}",
        "did.deck_empty": "{seat}'s deck is empty",
        # -- the result (FANFARE-2.5)
        "result.concede": "{seat} concedes. {other} wins.",
        "result.deck_out": "{seat} must draw from an empty deck. {other} wins.",
        "result.drawn_win": "{seat} draws {card:name} and wins.",
        "result.drawn_lose": "{seat} draws {card:name} and loses.",
        "result.leaders_fall": "Both leaders fall at once: a draw.",
        "result.leader_falls": "{seat}'s leader falls. {other} wins.",
    },
    forms=ENGLISH_FORMS,
    domain="fanfare",
)
"""The English of fanfare's captions, menus and results (``msgctxt`` the template's name in
``fanfare.po``)."""


# -- said once: menus are listed in quiet play too (CPU search, simulations), over and over, and
# replays say the same captions again and again. The values are names and numbers only (a said
# text as a key would stand for every text with the same English).


@functools.cache
def said(template: str, /, **values: str | int) -> Said:
    """A template with these names and numbers, said once."""
    return CAPTIONS.say(template, **values)


@functools.cache
def named(template: str, card: str) -> Said:
    """A template that names a card (``{card}``), said once for each card: ``"Play Fireball"``."""
    return CAPTIONS.say(template, card=card)


@functools.cache
def text_detail(text: str) -> Said:
    """A card's rules text as a menu's detail, said once for each text."""
    return CAPTIONS.say("detail.text", text=text)
