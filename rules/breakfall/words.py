"""The words of breakfall's captions, menus and results, as templates every language can show
(docs/i18n.md).

Captions and labels are written with :data:`CAPTIONS`' ``say``: the English text, exactly as a
reader of English sees it, that remembers its template and values, so the bot and the pictures
say it again in their reader's language from the ``breakfall`` catalogue. Seats stay ``{seat0}``,
``{seat1}`` (the edge names them); a card's name is a value the template writes ``{card:name}``,
and a rules text (an ability's, a whole card's, a breakfall's cost) one it writes
``{text:text}``, which a language shows as its catalogue writes them.

The names never clash with the rules text's templates (``rules/breakfall/text.py``), which share
the domain: no ``breakfall``, ``cost``, ``effect``, ``stat``, ``when``... here.
"""

from __future__ import annotations

from ..engine.wording import ENGLISH_FORMS, Wording

__all__ = ["CAPTIONS"]

CAPTIONS = Wording(
    {
        # -- where a match stands (/match status)
        "summary": "Turn {turn}, {where} · {sides}",
        "summary.side": "{seat}: damage {damage}/{limit}, deck {deck}, hand {hand}",
        "summary.sides": "{before} · {after}",
        # -- each kind of action, as a menu of several is headed ("Play…")
        "kind.play": "Play",
        "kind.activate": "Use",
        "kind.place": "Place",
        "kind.block": "Block",
        "kind.greet": "Greet",
        "kind.breakfall": "Breakfall",
        "kind.decline": "Decline",
        "kind.discard": "Discard",
        "kind.optional": "Optional",
        "kind.recall": "Recall",
        "kind.target": "Target",
        "kind.count": "Count",
        "kind.pass": "Pass",
        "kind.auto_pass": "Auto-pass",
        "kind.concede": "Concede",
        # -- lists, as captions put them together
        "list.semicolon": "{before}; {after}",
        "list.comma": "{before}, {after}",
        "list.and": "{before} and {after}",
        "list.and.clauses": "{before} and {after}",
        "card": "{card:name}",
        "name": "{card:name}",
        "card.owned": "{seat}'s {card:name}",
        "count.character.one": "{n} character",
        "count.character.other": "{n} characters",
        "count.resource.one": "{n} resource",
        "count.resource.other": "{n} resources",
        # -- where the turn is (BREAKFALL-2)
        "phase.start": "the start phase",
        "phase.draw": "the draw phase",
        "phase.main": "the main phase",
        "phase.greet": "the greet step",
        "phase.block": "the block step",
        "phase.damage": "the damage step",
        "phase.end": "the end phase",
        "phase.final": "the final processing",
        # -- menus: actions
        "label.pass": "Pass ({where})",
        "label.pass.ends": "Pass: {where} ends",
        "label.pass.waits": "Pass ({entry} waits)",
        "label.pass.resolves": "Pass: {entry} resolves",
        "label.play": "Play {card:name} (cost {cost})",
        "label.place": "Place {card:name} as a resource",
        "label.use": "Use {card:name}: {text:text}",
        "label.block": (
            "Block {card:name} ({force} force, {sabotage} sabotage, damage {damage}/{durability})"
        ),
        "label.target": "Target for {card:name}'s ability",
        "label.optional": "{card:name}: {text:text}",
        "label.count": "Name how many more times the loop runs",
        "label.count.named": "Name how many more times the loop runs (named: {bids})",
        "label.discard.one": "Discard {n} card",
        "label.discard.other": "Discard {n} cards",
        "label.recall": "Take a card back from your graveyard",
        "label.greet": "Greet with {card:name}",
        "label.greet.nobody": "Greet with nobody",
        "label.greet.any": "Greet with",
        "label.enter": "Enter {card:name}'s breakfall",
        "label.enter.pay": "Enter {card:name}'s breakfall (pay: {cost:text})",
        "label.decline": "Decline: {card:name} goes to the graveyard",
        "label.concede": "Concede",
        "bid.you": "you {n}×",
        "bid.opponent": "opponent {n}×",
        # -- menus: what is chosen, and the options
        "param.target": "Target",
        "param.discard": "Cards to discard",
        "param.times": "How many times",
        "param.blocker": "Blocker",
        "param.answer": "Apply it?",
        "param.count": "Count",
        "param.card": "Card",
        "param.greeters": "Greeters",
        "option.no_block": "No block",
        "option.yes": "Yes",
        "option.no": "No",
        "option.times": "{n}×",
        "option.character.your.ready": (
            "your {card:name} · force {force}, sabotage {sabotage}, "
            "damage {damage}/{durability}, ready"
        ),
        "option.character.your.bowed": (
            "your {card:name} · force {force}, sabotage {sabotage}, "
            "damage {damage}/{durability}, bowed"
        ),
        "option.character.enemy.ready": (
            "enemy {card:name} · force {force}, sabotage {sabotage}, "
            "damage {damage}/{durability}, ready"
        ),
        "option.character.enemy.bowed": (
            "enemy {card:name} · force {force}, sabotage {sabotage}, "
            "damage {damage}/{durability}, bowed"
        ),
        "option.entry.character": "{entry} (character)",
        "option.entry.technique": "{entry} (technique)",
        "detail.text": "{text:text}",
        "detail.place": "Face down and ready; one a turn.",
        # -- an entry as a seat's menus name it (its side, never a seat)
        "entry.text": "{text:text}",
        "entry.stats": "force {force}, sabotage {sabotage}, durability {durability}",
        "entry.times": "×{times}: {text}",
        "entry.your.check": "your damage check",
        "entry.enemy.check": "enemy damage check",
        "entry.your.card": "your {card:name}",
        "entry.enemy.card": "enemy {card:name}",
        "entry.your.breakfall": "your {card:name}'s breakfall",
        "entry.enemy.breakfall": "enemy {card:name}'s breakfall",
        "entry.your.ability": "your {card:name}'s ability",
        "entry.enemy.ability": "enemy {card:name}'s ability",
        # -- an entry as a caption names it (its seat)
        "entry.check": "{seat}'s damage check",
        "entry.breakfall": "{card}'s breakfall",
        "entry.ability": "{card}'s ability",
        # -- what the match waits on (the view's ``waiting``)
        "waiting.priority": "{seat} has priority",
        "waiting.breakfall.pay": "{seat} pays for a breakfall or declines",
        "waiting.breakfall.target": "{seat} chooses the breakfall's target",
        "waiting.greet": "{seat} chooses greeters",
        "waiting.block": "{seat} chooses a blocker",
        "waiting.target": "{seat} chooses a target",
        "waiting.optional": "{seat} decides whether to apply an ability",
        "waiting.count": "{seat} names a loop count",
        "waiting.discard": "{seat} chooses cards to discard",
        "waiting.recall": "{seat} chooses a card from the graveyard",
        # -- the opening and the turn (BREAKFALL-1, 2)
        "begin.coin": "{seat} goes first (the coin); each player draws {n} cards.",
        "begin.named": (
            "{seat} goes first (a rematch: the other seat first); each player draws {n} cards."
        ),
        "you_draw": "You draw {cards}.",
        "turn.start": "Turn {turn}: {seat}'s turn.",
        "turn.start.readies": "Turn {turn}: {seat}'s turn; readies {what}.",
        "draw.skip": "Draw phase: {seat} goes first and skips the draw.",
        "draw": "Draw phase: {seat} draws a card (hand {hand}, deck {deck}).",
        "battle.no_greeters": "{seat} has no character that can greet: the battle phase ends.",
        "turn.ends": "{seat}'s turn ends.",
        "turn.ends.healed": "{seat}'s turn ends; damage removed from {characters}.",
        # -- priority (BREAKFALL-3.1, 9.2)
        "pass": "{seat} passes",
        "pass.auto": "{seat} passes (auto-pass)",
        "pass.idle.no_hand": "{seat} passes (no card in hand, nothing to use)",
        "pass.idle.no_ready": "{seat} passes (no ready resource, nothing to use)",
        "pass.idle.too_few": "{seat} passes (too few ready resources, nothing to use)",
        "pass.done": "{passes}.",
        "pass.resolves": "{passes}: {entry} resolves.",
        "pass.ends": "{passes}: {where} ends.",
        "pass.waits": "{passes}; {entry} waits.",
        # -- resources, plays and abilities (BREAKFALL-2.3, 3.5 to 3.7)
        "place": "{seat} places a card face down as a resource ({before} → {after}).",
        "place.private": "You place {card:name} as a resource.",
        "play.free": "{seat} plays {card:name} (cost 0).",
        "play.free.on": "{seat} plays {card:name} on {target} (cost 0).",
        "play.paid": "{seat} plays {card:name} (cost {cost}: {ready} of {n} resources ready).",
        "play.paid.on": (
            "{seat} plays {card:name} on {target} (cost {cost}: {ready} of {n} resources ready)."
        ),
        "activate": "{card}'s ability is entered: it {paid}.",
        "activate.on": "{card}'s ability is entered on {target}: it {paid}.",
        "activate.times": "{card}'s ability is entered ×{times}: it {paid}.",
        "activate.times.on": "{card}'s ability is entered ×{times} on {target}: it {paid}.",
        "paid.bow_self": "bows itself",
        "paid.bow_resources.one": "bows {n} resource",
        "paid.bow_resources.other": "bows {n} resources",
        "paid.discard": "discards {cards}",
        # -- triggered abilities (BREAKFALL-3.2, 3.4a)
        "trigger.no_target": "{card}'s ability has no target: not entered.",
        "trigger.entered": "{card}'s ability is entered ({when}).",
        "trigger.entered.on": "{card}'s ability is entered on {target} ({when}).",
        "trigger.enters": "it entered the field",
        "trigger.greets": "it greets",
        "trigger.blocks": "it blocks",
        "trigger.deals_damage": "it dealt damage",
        "trigger.dealt_damage": "it was dealt damage",
        "trigger.killed": "it was killed",
        "trigger.turn_start": "turn start",
        "trigger.turn_end": "turn end",
        "trigger.bowed": "it became bowed",
        "trigger.other": "triggered",
        # -- battle (BREAKFALL-2.4, 2.6 to 2.8)
        "greet": "{seat} greets with {greeters}.",
        "greet.nobody": "{seat} greets with nobody: the battle phase ends.",
        "greet.greeter": "{card:name} ({force} force, {sabotage} sabotage)",
        "block": (
            "{seat} blocks {card:name} with {blocker:name} ({force} force, damage {damage} of "
            "{durability})."
        ),
        "block.none": "{seat} does not block {card:name}.",
        "block.nothing": "{seat} blocks nothing.",
        "damage": "Damage: {hits}.",
        "damage.none": "Damage step: no damage is dealt.",
        "damage.to_seat": "{card} deals {amount} to {seat}",
        "damage.to_card": (
            "{card} deals {amount} to {target:name} ({before} → {after} of {durability})"
        ),
        "damage.checks.one": "{n} damage check for {seat}",
        "damage.checks.other": "{n} damage checks for {seat}",
        # -- damage checks and breakfalls (BREAKFALL-5.3 to 5.7)
        "check.turns": "{seat}'s damage check turns {card:name}",
        "check.turns.more": "{seat}'s damage check ({left} more waiting) turns {card:name}",
        "check.ends": "{seat}'s check ends: {card:name} goes to the graveyard.",
        "check.empty": "{seat}'s damage check finds an empty deck.",
        "check.damage": "{turns}: to the damage zone ({before} → {after} of {limit}).",
        "check.problem": "{turns}: breakfall, but {problem}: to the graveyard.",
        "check.pay": "{turns}: breakfall! {seat} may pay or decline.",
        "check.choose": "{turns}: breakfall! {seat} must choose its target.",
        "check.entered": "{turns}: breakfall! It is entered.",
        "check.entered.on": "{turns}: breakfall! It is entered on {target}.",
        "problem.forbidden": "an enemy card forbids breakfalls",
        "problem.no_target": "it has no legal target",
        "problem.cost": "its cost cannot be paid",
        "entered": "{card}'s breakfall is entered.",
        "entered.on": "{card}'s breakfall is entered on {target}.",
        "entered.paying": "{card}'s breakfall is entered, paying: {paid}.",
        "entered.on.paying": "{card}'s breakfall is entered on {target}, paying: {paid}.",
        "declined": "{seat} declines {card:name}'s breakfall: it goes to the graveyard.",
        # -- resolving (BREAKFALL-3.1, 3.7, 7.6)
        "field.enters": (
            "{entry} enters the field (force {force}, sabotage {sabotage}, "
            "durability {durability})."
        ),
        "resolve": "{entry} resolves: {done}.",
        "resolve.stopped": "{entry}: {done}.",
        "resolve.times": "{times}× {done}",
        "resolve.no_effect": "no effect",
        "asked.discard.one": "{seat} chooses a card to discard",
        "asked.discard.other": "{seat} chooses {n} cards to discard",
        "asked.recall": "{seat} chooses a card to take back from the graveyard",
        "may.yes": "{seat} says yes",
        "may.no": "{seat} declines",
        "may.yes.loop": "{seat} says yes (the loop goes on)",
        "may.no.loop": "{seat} says no (the loop stops)",
        "did.damage": "{n} damage to {card} (damage {before} → {after} of {durability})",
        "did.ready": "{card} is ready",
        "did.bowed": "{card} is bowed",
        "did.boost": "{card} {number} {before} → {after}",
        "did.bounce": "{card} returns to {seat}'s hand",
        "did.kill": "{card} is killed",
        "did.damage_player.one": "{seat} takes {n} damage: {n} damage check",
        "did.damage_player.other": "{seat} takes {n} damage: {n} damage checks",
        "did.draw": "{seat} draws {n} (deck {left})",
        "did.discard": "{seat} discards {cards}",
        "did.recall": "{seat} takes {card:name} back from the graveyard",
        "did.negated.card": "{card} is negated",
        "did.negated.breakfall": "{card}'s breakfall is negated",
        "did.negated.ability": "{card}'s ability is negated",
        "did.to_hand": "{card:name} goes to the hand",
        "did.to_field": "{card:name} goes to the field, bowed",
        "did.to_resources": "{card:name} goes to the resource row, bowed",
        "number.force": "force",
        "number.sabotage": "sabotage",
        "number.durability": "durability",
        # -- kills, loops and the result (BREAKFALL-4, 5.2, 6.3, 6.5)
        "killed": "Killed: {cards}.",
        "killed.card": "{card} (damage {damage} of {durability})",
        "count.named": "{seat} names {count}×.",
        "count.settled": (
            "{seat} names {count}×: the loop runs {least}× more, then {decliner} declines."
        ),
        "lost.damage": "{seat} has {n} cards in the damage zone",
        "lost.deck": "{seat}'s deck is empty",
        "result.lost": "{why}: {seat} wins.",
        "result.both": "{first} and {second} at once: the non-turn player, {seat}, wins.",
        "result.concede": "{seat} concedes. {other} wins.",
        "result.loop": (
            "The same position came back with nobody able to stop it: the game is a draw "
            "(after {count} effects)."
        ),
        "result.runaway": (
            "The effects keep triggering each other and nobody can stop them: the game is a "
            "draw ({count} effects resolved in a row)."
        ),
    },
    forms=ENGLISH_FORMS,
    domain="breakfall",
)
"""The English of breakfall's captions and menus (``msgctxt`` the template's name in
``breakfall.po``)."""
