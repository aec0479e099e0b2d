"""The words of lanes' captions and menus, as templates every language can show (docs/i18n.md).

Captions and labels are written with :data:`CAPTIONS`' ``say``: the English text, exactly as a
reader of English sees it, that remembers its template and values, so the bot and the pictures
say it again in their reader's language from the ``lanes`` catalogue. Seats stay ``{seat0}``,
``{seat1}`` (the edge names them); a card's or a location's name is a value the template writes
``{card:name}``, which a language shows as its catalogue names it.
"""

from __future__ import annotations

from ..engine.wording import ENGLISH_FORMS, Wording

__all__ = ["CAPTIONS"]

CAPTIONS = Wording(
    {
        # -- lists, as captions put them together
        "list.semicolon": "{before}; {after}",
        "list.comma": "{before}, {after}",
        "list.and": "{before} and {after}",
        "card": "{card:name}",
        # -- locations (LANES-1.6: a hidden one shows only its side)
        "location": "{location:name}",
        "location.hidden.0": "Left (not yet revealed)",
        "location.hidden.1": "Center (not yet revealed)",
        "location.hidden.2": "Right (not yet revealed)",
        "location.short.0": "Left (hidden)",
        "location.short.1": "Center (hidden)",
        "location.short.2": "Right (hidden)",
        # -- menus: each kind of action, as a menu of several is headed ("Play…")
        "kind.play": "Play",
        "kind.move": "Move",
        "kind.activate": "Activate",
        "kind.retreat": "Retreat",
        "kind.end_turn": "End turn",
        "label.reset": "Undo this turn's plays",
        "label.end_turn": "End turn",
        "label.take_back": "Take back end turn",
        "label.snap": "Snap (double the stakes)",
        "label.retreat": "Retreat (lose {stakes} now)",
        "label.play": "Play {card:name}",
        "label.move": "Move {card:name}",
        "label.activate": "Activate {card:name}",
        "label.location": "{location} · you {mine} – {theirs} them",
        "param.location": "Location",
        "param.to": "To",
        "detail.play": "Cost {cost}, power {power}. {text:text}",
        "detail.text": "{text:text}",
        # -- staging (LANES-4.2: only the seat is told)
        "staged.play": "You stage {card:name} at {where}.",
        "staged.move": "You stage a move: {card:name} to {where}.",
        "staged.activate": "You stage {card:name}'s activation.",
        "staged.reset": "You take back this turn's plays.",
        # -- the turn
        "turn.timeout": "{seat} ran out of time: the plays staged so far stand.",
        "turn.end": "{seat} ends the turn.",
        "turn.take_back": "{seat} takes back the end of the turn and keeps staging.",
        "turn.snap": "{seat} snaps! The stakes go {now} → {doubled} when this turn ends.",
        "begin.named": (
            "Decks shuffled. {seat} reveals first on turn 1 (a rematch: the other seat first)."
        ),
        "begin.hands": "Both players draw their opening hands.",
        "begin.coin": "Decks shuffled. The coin says {seat} reveals first on turn 1.",
        "turn.start": "Turn {turn} of {last}: {seat} reveals first ({why})",
        "first.coin": "coin flip",
        "first.locations": "more locations",
        "first.power": "more power",
        "first.reveal_last": "the other reveals last",
        "stakes.last_turn": "{why}: the stakes double, {was} → {now}.",
        "stakes.last_after_all": "Turn {turn} was the last turn after all",
        "stakes.last": "Last turn",
        "stakes.snaps.both": "Both snaps take effect: the stakes go {was} → {now}.",
        "stakes.snaps.one": "{seat}'s snap takes effect: the stakes go {was} → {now}.",
        "turn.ends": "Turn {turn} ends: {standing}.",
        # -- sentences: a step's subject, then what it did
        "sentence": "{caption}.",
        "sentence.done": "{caption}: {done}.",
        "location.revealed": "{location:name} is revealed",
        "location.revealed.broken.destroyed": (
            "{location:name} is revealed, but it is destroyed: its ability does nothing."
        ),
        "location.revealed.broken.disabled": (
            "{location:name} is revealed, but it is disabled: its ability does nothing."
        ),
        "last_turn.now": "the last turn is now {now}, not {was}",
        "timed.hidden": "A location not yet revealed",
        "timed.location": "{timing} at {location:name}",
        "timed.board": "{timing}: {seat}'s {card:name} at {where}",
        "timed.play": "play",
        "timed.hand": "{timing}: {card:name} in your hand",
        "timed.deck": "{timing}: {card:name} in your deck",
        "timing.game_start": "Game start",
        "timing.turn_start": "Turn start",
        "timing.end_of_turn": "End of turn",
        "timing.game_end": "Game end",
        "nothing": "nothing changes",
        "you_draw": "You draw {cards}.",
        "move.fizzled": "{seat}'s {card:name} cannot move any more: nothing happens.",
        "move": "{seat}'s {card:name} moves from {origin} to {where}",
        "play.returned": "{seat}'s card for {where} cannot be played there: it returns to hand.",
        "play.face_down": "{seat} plays a card face down at {where}.",
        "play.revealed": "{seat} reveals {card:name} at {where}",
        "activate.fizzled": "{seat}'s {card:name} is gone: its activation does nothing.",
        "activate": "{seat} activates {card:name}",
        "face_down.revealed": ("{seat}'s face-down card at {where} is {card:name} ({power} power)"),
        "face_down.decoy": "{seat}'s face-down card at {where} was a Decoy: it leaves.",
        "face_down.real": (
            "{seat}'s face-down card at {where} is the real {card:name} ({power} power)"
        ),
        # -- the result (LANES-8.3, LANES-9.3)
        # -- where a match stands (/match status)
        "summary": "{where} · power {sides} · stakes {stakes}",
        "summary.side": "{seat} {power}",
        "summary.leads.one": "{seat} leads {won} location to {lost}",
        "summary.leads.other": "{seat} leads {won} locations to {lost}",
        "summary.level.one": "{n} location each",
        "summary.level.other": "{n} locations each",
        "summary.nobody": "nobody leads a location",
        "summary.nobody.yet": "nobody leads a location yet",
        "result.label.locations_won": "Locations won",
        "result.label.total_power": "Total power",
        "result.label.stakes": "Stakes",
        "result.draw": "A draw: locations and power are level. No stakes change hands.",
        "result.locations": "{won} locations to {lost}",
        "result.power": "locations tied, {won} power to {lost}",
        "result.wins.one": "{seat} wins ({how}) and takes {stakes} stake.",
        "result.wins.other": "{seat} wins ({how}) and takes {stakes} stakes.",
        "result.retreat.one": "{seat} retreats. {other} wins and takes {stakes} stake.",
        "result.retreat.other": "{seat} retreats. {other} wins and takes {stakes} stakes.",
        # -- what a step did (captions.outcome)
        "did.power.own": "power {before} → {after}",
        "did.power": "{card:name} {before} → {after}",
        "did.power.summed.one": "{delta} power to {n} card",
        "did.power.summed.other": "{delta} power to {n} cards",
        "did.location.destroyed": "{location:name} is destroyed",
        "did.location.disabled": "{location:name} loses its ability",
        "did.moved": "{card:name} moves to {where}",
        "did.appears": "{card:name:a} appears at {where}",
        "did.cost.own": "cost {before} → {after}",
        "did.cost": "{card:name} costs {before} → {after}",
        "did.to_top": "moves to the top of the deck",
        "did.destroyed.one": "{cards} is destroyed",
        "did.destroyed.other": "{cards} are destroyed",
        "did.destroyed.count": "{n} cards are destroyed",
        "did.face_down": "a face-down card",
        "did.drew.seat": "{who} draws a card",
        "did.drew.seat.n": "{who} draws {n} cards",
        "did.drew.both": "both players draw a card",
        "did.drew.both.n": "both players draw {n} cards",
        "did.full.seat": "{who}'s hand is full",
        "did.full.both": "both hands are full",
        "did.empty.seat": "{who}'s deck is empty",
        "did.empty.both": "both decks are empty",
        "did.energy.next": "{amount} energy next turn",
        "did.energy.now": "{amount} energy this turn",
        "did.energy.seat": "{who} gets {amount}",
        "did.energy.both": "both players get {amount}",
        "did.hand.seat": "{who} gets {card:name:a}",
        "did.hand.seat.n": "{who} gets {n} {card:name:plural}",
        "did.hand.both": "both players get {card:name:a}",
        "did.hand.both.n": "both players get {n} {card:name:plural}",
        "did.tokens.one": "{card:name:a}",
        "did.tokens.other": "{n} {card:name}",
        "did.deck.seat": "{tokens} shuffled into {who}'s deck",
        "did.deck.both": "{tokens} shuffled into each deck",
        # -- who leads where (a turn's end)
        "standing.at": "{location} {mine}–{theirs}",
        "standing.leads": "{seat} leads {where}",
        "standing.nobody": "nobody leads anywhere",
    },
    forms=ENGLISH_FORMS,
    domain="lanes",
)
"""The English of lanes' captions and menus (``msgctxt`` the template's name in ``lanes.po``)."""
