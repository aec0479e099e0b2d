"""The words of charm's captions, menus and results, as templates every language can show
(docs/i18n.md).

Captions and labels are written with :data:`CAPTIONS`' ``say``: the English text, exactly as a
reader of English sees it, that remembers its template and values, so the bot and the pictures
say it again in their reader's language from the ``charm`` catalogue. Seats stay ``{seat0}``,
``{seat1}`` (the edge names them); a card's name is a value the template writes ``{card:name}``,
which a language shows as its catalogue names it, and a card's (or a skill's) rules text one it
writes ``{text:text}`` (the ruleset's own text in that language). The rules text templates are
:data:`rules.charm.text.ENGLISH`'s, in the same catalogue: these templates' names are apart
from theirs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..engine.wording import ENGLISH_FORMS, Said, Wording

__all__ = ["CAPTIONS", "joined", "kept", "listed", "sentence"]

CAPTIONS = Wording(
    {
        # -- where a match stands (/match status)
        "summary": "{phase:capital} of {seat} · {sides}",
        "summary.side": "{seat}: damage {damage}/{limit}, {ep} EP",
        "summary.sides": "{before} · {after}",
        "summary.mulligan": "Mulligan · {sides}",
        "summary.phase.start": "start phase",
        "summary.phase.draw": "draw phase",
        "summary.phase.main": "main phase",
        "summary.phase.charm": "charm phase",
        "summary.phase.end": "end phase",
        # -- each kind of action, as a menu of several is headed ("Play…")
        "kind.play": "Play",
        "kind.use": "Use",
        "kind.block": "Block",
        "kind.unblock": "Take back",
        "kind.defend": "Defend",
        "kind.charm": "Charm",
        "kind.discard": "Discard",
        "kind.recall": "Recall",
        "kind.target": "Target",
        "kind.order": "Order",
        "kind.produce": "Produce EP",
        "kind.mulligan": "Mulligan",
        "kind.pass": "Pass",
        "kind.end_turn": "End turn",
        "kind.concede": "Concede",
        "kind.auto_pass": "Auto-pass",
        # -- lists, as captions put them together
        "list.comma": "{before}, {after}",
        "list.and": "{before} and {after}",
        "list.semicolon": "{before}; {after}",
        "list.more": "{before}; and {n} more",
        "list.nothing": "nothing",
        "card": "{card:name}",
        "card.of": "{seat}'s {card:name}",
        "clause": "{text}.",
        "clause.capital": "{text:capital}.",
        "card.kind.character": "character",
        "card.kind.heroine": "heroine",
        "card.kind.background": "background",
        "card.kind.item": "item",
        "card.kind.event": "event",
        "card.kind.music": "music",
        # -- menus: a card's own (written once, when the pool is loaded)
        "label.card": "{card:name} ({kind}, cost {cost})",
        "label.card.heroine": "{card:name} ({kind})",
        "label.play": "Play {card:name} ({cost} EP)",
        "label.produce.card": "{card:name} (+{ep} EP)",
        "detail.play": "{summary:text}. {text:text}",
        "detail.play.bare": "{summary:text}.",
        "detail.text": "{text:text}",
        # -- menus of the main phase and the chain
        "label.end_turn": "End turn",
        "detail.end_turn": (
            "Declare the end of your main phase: your end phase follows (it may be answered)."
        ),
        "label.pass": "Pass",
        "label.concede": "Concede",
        "label.mulligan": "Choose cards to return (mulligan)",
        "param.mulligan": "Cards to return",
        "param.target": "Target",
        "param.cost": "Cards to discard (cost)",
        "label.use.event": "Use {card:name}",
        "label.use.event.cost": "Use {card:name} ({cost})",
        "label.use.skill": "Use {card:name}'s A.Skill",
        "label.use.skill.cost": "Use {card:name}'s A.Skill ({cost})",
        "use_cost.ep": "{n} EP",
        "use_cost.check": "check",
        "use_cost.discard": "discard {n}",
        "label.produce": "Produce EP (pool {pool})",
        "param.produce": "Card to check",
        # -- a card on the field as an option (a target), with what a choice depends on
        "option.yours": "yours",
        "option.theirs": "theirs",
        "option.character": "{card:name} ({whose}, AP {ap}, DP {dp})",
        "option.character.checked": "{card:name} ({whose}, AP {ap}, DP {dp}, checked)",
        "option.character.damaged": "{card:name} ({whose}, AP {ap}, DP {dp} left)",
        "option.character.damaged.checked": (
            "{card:name} ({whose}, AP {ap}, DP {dp} left, checked)"
        ),
        "option.music": "{card:name} ({whose}, {n} tokens)",
        "option.card": "{card:name} ({whose})",
        "option.card.checked": "{card:name} ({whose}, checked)",
        # -- the charm's menus (CHARM-5.7) and the defence's (CHARM-6.2)
        "stats": "AP {ap}, DP {dp}",
        "option.stats": "{card:name} ({stats})",
        "label.charm": "Charm",
        "param.attackers": "Attackers",
        "detail.charm": "Attack with your unchecked characters; once per turn.",
        "label.charm.support": (
            "Charm with {heroine:name}, {supporter:name} supporting (AP {ap} / DP {dp})"
        ),
        "detail.charm.support": (
            "{heroine:name} attacks; {supporter:name} adds its AP or DP to hers until the end "
            "phase."
        ),
        "param.others": "Other attackers",
        "param.mode": "{card:name} adds",
        "option.mode.ap": "AP +{n}",
        "option.mode.dp": "DP +{n}",
        "label.block": "Block {card:name} ({stats})",
        "param.defender": "Defender",
        "label.unblock": "Take back the blocks",
        "label.defend": "Declare defence",
        "detail.defend.block": "{defender:name} blocks {attacker:name}",
        "label.no_defence": "No defence",
        "detail.no_defence": "Let every attacker through.",
        # -- decisions
        "label.order": "Resolve next",
        "param.order": "P.Skill to resolve next",
        "label.discard": "Discard {n}",
        "param.discard": "Cards to discard ({n})",
        "label.recall": "Take a card back",
        "param.recall": "Card to take back",
        "label.target": "Target of {card:name}'s P.Skill",
        "trigger": "{seat}'s {card:name} ({timing})",
        "timing.enters": "enters",
        "timing.start_phase": "start phase",
        "timing.draw_phase": "draw",
        "timing.end_phase": "end phase",
        "timing.attacks": "attacks",
        "timing.supports": "supports",
        "timing.defends": "defends",
        "timing.face_down": "turned face down",
        "timing.charm_end": "charm end",
        # -- setup and the mulligan (CHARM-1)
        "first.named": "{seat} goes first (a rematch: the other seat first).",
        "first.coin": "The coin says {seat} goes first.",
        "opening": "Both players draw five cards and choose which to return.",
        "you_draw": "You draw {cards}.",
        "mulligan.chosen": "{seat} has chosen which cards to return.",
        "mulligan": "Mulligan: {first} returns {first_n} and {second} returns {second_n}.",
        # -- turns and phases (CHARM-2 - 7)
        "turn": "Turn {turn}: {seat}'s turn.",
        "phase_ends.start": "Start ends: {did}.",
        "phase_ends.draw": "Draw phase ends: {did}.",
        "phase_ends.main": "Main phase ends: {did}.",
        "phase_ends.charm": "Charm phase ends: {did}.",
        "start_phase": "Start phase: {did}.",
        "end_phase": "End phase: {did}.",
        "end_phase.hand_limit": (
            "End phase: {seat} holds {hand} cards, the limit is {limit}: {seat} discards {over}."
        ),
        "idle.warning": (
            "Three idle rounds in a row: if the next turn changes nothing either, the game is "
            "a draw."
        ),
        # -- declarations and the chain (CHARM-9, 10)
        "draw.declared": "Draw phase: {seat} is to draw a card.",
        "produced": "{seat} checks {card:name} for {ep} EP (EP {before} → {after}).",
        "paid.ep": "{ep} EP: {before} → {after}",
        "paid.discards": "discards {cards}",
        "paid.checks": "checks {card:name}",
        "played": "{seat} plays {card:name}.",
        "played.paid": "{seat} plays {card:name} ({paid}).",
        "declared.event": "{card:name}",
        "declared.skill": "{card:name}'s A.Skill",
        "used": "{seat} uses {what}.",
        "used.paid": "{seat} uses {what} ({paid}).",
        "used.on": "{seat} uses {what} on {target}.",
        "used.on.paid": "{seat} uses {what} on {target} ({paid}).",
        "answered": "{seat} answers with {what}.",
        "answered.paid": "{seat} answers with {what} ({paid}).",
        "answered.on": "{seat} answers with {what} on {target}.",
        "answered.on.paid": "{seat} answers with {what} on {target} ({paid}).",
        "main.end_declared": "{seat} declares the end of the main phase.",
        "main.ends": "{seat}'s main phase ends.",
        "passes": "{seat} passes.",
        "passes.auto": "{seat} passes (auto-pass).",
        "passes.evident": "{seat} passes: no card in hand and no A.Skill to use.",
        "answers_not": "{seat} does not answer.",
        "answers_not.auto": "{seat} does not answer (auto-pass).",
        "answers_not.evident": "{seat} does not answer: no card in hand and no A.Skill to use.",
        "entered": "{seat}'s {card:name} enters the field.",
        "failed": "{seat}'s {what} fails: {why}.",
        "failed.negated": "it is negated",
        "failed.left": "{card:name} left the field",
        "failed.face_down": "{card:name} is face down",
        "failed.checked": "{card:name} is checked",
        "resolved": "{head}: {did}.",
        "resolved.event": "{seat}'s {card:name}",
        "resolved.a_skill": "{seat}'s {card:name} (A.Skill)",
        "resolved.p_skill": "{seat}'s {card:name} (P.Skill)",
        "resolved.nothing": "no effect",
        "ordering": "{n} P.Skills wait: {seat} picks the one that resolves next.",
        "p_skill.failed.left": "{card}'s P.Skill fails: it left the field.",
        "p_skill.failed.face_down": "{card}'s P.Skill fails: it is face down.",
        "p_skill.choosing": "{card}'s P.Skill: {seat} picks its target.",
        "recalled": "{seat} takes {card:name} back from the discard pile to hand.",
        # -- the charm (CHARM-5.2, 5.8, 6)
        "charm.attacker": "{card:name} (AP {ap})",
        "charm.declared": "{seat} declares a charm on {other}: {attackers}.",
        "charm.declared.support": (
            "{seat} declares a charm on {other}: {attackers}, {supporter:name} supporting "
            "({stat} +{n})."
        ),
        "charm.failed": "{seat}'s charm fails: no attacker is left ({cards} dropped out).",
        "charm.phase": "Charm phase: {did}.",
        "charm.attacks.one": "{attackers} attacks {seat}",
        "charm.attacks.other": "{attackers} attack {seat}",
        "charm.supports": "{supporter:name} supports: {heroine:name} {stat} {before} → {after}",
        "charm.dropped": "{cards} dropped out",
        "defence.choosing": "Charm phase: {seat} chooses defenders.",
        "defence.impossible": "{seat} has no face-up character: no defence.",
        "defence.planned": "You plan: {defender:name} blocks {attacker:name}.",
        "defence.taken_back": "You take back the blocks planned so far.",
        "defence.none": "{seat} declares no defence.",
        "defence": "{seat} defends: {blocks}.",
        "defence.block": "{defender:name} (DP {dp}) blocks {attacker:name}",
        "charm.end": "Charm end: {did}.",
        "charm.end.nothing": "no damage",
        # -- what a step did (captions.outcome)
        "did.dp_damage": "{amount} DP damage to {seat}'s {card:name} (DP {before} → {after})",
        "did.damage": "{seat} takes {amount} damage ({before} → {after})",
        "did.healed": "{seat} heals {amount} damage ({before} → {after})",
        "did.boosted": "{seat}'s {card:name} {stat} {amount} ({before} → {after})",
        "did.checked": "{seat}'s {card:name} is checked",
        "did.unchecked": "{seat}'s {card:name} is unchecked",
        "did.face_down": "{seat}'s {card:name} turns face down",
        "did.face_up": "{seat}'s {card:name} recovers, face up",
        "did.left.hand": "{seat}'s {card:name} goes to the hand",
        "did.left.discard": "{seat}'s {card:name} goes to the discard pile",
        "did.entered": "{seat}'s {card:name} enters the field",
        "did.discarded": "{seat} discards {card:name}",
        "did.recalled": "{seat} takes {card:name} back to hand",
        "did.none_to_recall": "no {kind} to take back in {seat}'s discard pile",
        "did.tokens": "{seat}'s {card:name} tokens {before} → {after}",
        "did.gained_ep": "{seat} gains {amount} EP (EP {pool})",
        "did.negated": "{seat}'s {card:name} is negated",
        "did.refilled": "{seat} shuffles {n} cards of the discard pile into a new deck",
        "did.drew_nothing": "{seat} has no card left to draw",
        "did.stays": "{seat}'s {card:name} stays on the field",
        "did.no_effect": "a condition is not met",
        "did.choosing.discard.one": "{seat} chooses a card to discard",
        "did.choosing.discard.other": "{seat} chooses {n} cards to discard",
        "did.choosing.recall": "{seat} chooses a card to take back",
        "did.expired": "{seat}'s {card:name} loses its boosts",
        "did.dp_healed": "{seat}'s {card:name} loses its DP damage",
        "did.ep_wiped": "{seat}'s {n} unused EP fade",
        "did.drew.one": "{seat} draws a card",
        "did.drew.other": "{seat} draws {n} cards",
        "did.drew.none": "{seat} draws nothing",
        "did.unchecked.one": "{n} card unchecked",
        "did.unchecked.other": "{n} cards unchecked",
        "did.boosts_end": "boosts and support end",
        # -- the result (CHARM-8)
        "result.both_lose": "Both players lose at the same check: a draw.",
        "result.deck_out": "{seat} had no card left to draw. {other} wins.",
        "result.damage": "{seat} is at {damage} damage of {limit}. {other} wins.",
        "result.turn_limit": "Turn {turn} ends with no winner: a draw.",
        "result.stalemate": "Four idle rounds in a row: the game is a draw.",
        "result.concede": "{seat} concedes. {other} wins.",
    },
    forms=ENGLISH_FORMS,
    domain="charm",
)
"""The English of charm's captions, menus and results (``msgctxt`` the template's name in
``charm.po``)."""


def listed(items: Sequence[str]) -> str:
    """``"nothing"``, ``"A"``, ``"A and B"``, ``"A, B and C"`` (items said already)."""
    if not items:
        return kept("list.nothing")
    if len(items) == 1:
        return items[0]
    return kept("list.and", before=joined("list.comma", items[:-1]), after=items[-1])


def joined(template: str, items: Sequence[str]) -> str:
    """Items one after another with the template ``template`` (``{before}; {after}``), kept
    as :func:`kept` keeps them: ``""`` for none, the item itself for one."""
    out = ""
    for item in items:
        out = kept(template, before=out, after=item) if out else item
    return out


def sentence(text: str) -> Said:
    """A clause as a sentence: capitalised, with its full stop. Most clauses begin with a seat
    (``{seat0} draws a card``), which needs no capital: their template is the quicker one."""
    return kept("clause.capital" if text[:1].islower() else "clause", text=text)


@functools.lru_cache(maxsize=1 << 13)
def kept(template: str, /, **values: object) -> Said:
    """:data:`CAPTIONS`' ``say``, once for each template and values, then kept: the captions of
    a watched match say the same things (a seat passes, a card's name, a player draws a card)
    at every step, and a said text is never changed. Values are seats, names, numbers and texts
    said the same way at that place (equal English is taken for the same text); the most
    recently asked are kept."""
    return CAPTIONS.say(template, **values)
