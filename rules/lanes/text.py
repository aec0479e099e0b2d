"""Rules text, written from ability data (so a card's text always says what it does).

One function per part of a sentence: the timing, the effect, its target, its condition. Texts are
English; a locale table can replace these phrases later without touching behaviour.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import Ability, CardDef, LocationDef

__all__ = ["ability_text", "card_text", "location_text"]

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four"}

_TIMING = {
    "game_start": "Game start",
    "on_reveal": "On reveal",
    "ongoing": "Ongoing",
    "activate": "Activate (once per game)",
    "on_move": "When this moves",
    "turn_start": "Turn start",
    "end_of_turn": "End of turn",
    "game_end": "Game end",
}
_LOCATION_TIMING = {**_TIMING, "on_reveal": "When revealed"}

# A target as the object of a verb ("give X +1 power") and as a subject ("X have +1 power").
_OBJECT = {
    "self": "this card",
    "own_here": "your cards here",
    "own_other_here": "your other cards here",
    "enemy_here": "enemy cards here",
    "all_here": "every card here",
    "own_board": "your cards on the board",
    "own_other_board": "your other cards on the board",
    "enemy_board": "enemy cards on the board",
    "enemy_random_here": "a random enemy card here",
    "enemy_weakest_here": "the weakest enemy card here",
    "enemy_strongest_here": "the strongest enemy card here",
    "own_hand": "the cards in your hand",
    "own_hand_random": "a random card in your hand",
}
_SUBJECT = {**_OBJECT, "self": "this card", "all_here": "cards here"}
_SINGULAR = {
    "self",
    "enemy_random_here",
    "enemy_weakest_here",
    "enemy_strongest_here",
    "own_hand_random",
}

_CONDITION = {
    "alone_here": "if this is your only card here",
    "full_here": "if your side here is full",
    "winning_here": "if you are winning here",
    "not_winning_here": "if you are not winning here",
}

_KEYWORD = {
    "can_move": "Can move.",
    "face_down": "Played face down; turns face up at game end.",
    "decoy": "A face-down Decoy goes to another location; at game end the Decoy leaves.",
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _copies(n: int, name: str) -> str:
    return f"{_NUMBERS.get(n, str(n))} {name} token" + ("" if n == 1 else "s")


def _cards_word(n: int) -> str:
    return "a card" if n == 1 else f"{_NUMBERS.get(n, str(n))} cards"


def _effect(a: Ability, cards: Mapping[str, CardDef], *, location: bool) -> str:
    """The effect as a clause, for a card (``you``) or a location (``each player``)."""
    each = a.target == "each_player"
    if a.effect == "power":
        if a.when == "ongoing":
            if a.target == "self":
                return f"{_signed(a.amount)} power"
            verb = "has" if a.target in _SINGULAR else "have"
            return f"{_SUBJECT[a.target]} {verb} {_signed(a.amount)} power"
        if a.target == "self":
            return f"{_signed(a.amount)} power"
        return f"give {_OBJECT[a.target]} {_signed(a.amount)} power"
    if a.effect == "cost":
        change = f"{abs(a.amount)} less" if a.amount < 0 else f"{a.amount} more"
        if a.target == "self":
            return f"costs {change}"
        verb = "costs" if a.target in _SINGULAR else "cost"
        return f"{_OBJECT[a.target]} {verb} {change}"
    if a.effect == "destroy":
        return f"destroy {_OBJECT[a.target]}"
    if a.effect == "move":
        return f"move {_OBJECT[a.target]} to another location"
    if a.effect == "draw":
        return (
            f"each player draws {_cards_word(a.amount)}"
            if each
            else (f"draw {_cards_word(a.amount)}")
        )
    if a.effect == "add":
        assert a.card is not None
        what = _copies(a.amount, cards[a.card].name)
        if a.into == "deck":
            return (
                f"shuffle {what} into each player's deck"
                if each
                else (f"shuffle {what} into your deck")
            )
        if a.into == "enemy_other_locations":
            return f"add {what} to the enemy side of each other location"
        return f"add {what} to each player's hand" if each else f"add {what} to your hand"
    if a.effect == "extra_energy":
        # Extra energy comes with the next refill (LANES-3.1): at turn start that is this turn's.
        who = "each player gets" if each else "you get"
        when = "this turn" if a.when == "turn_start" else "next turn"
        return f"{when} {who} {_signed(a.amount)} energy"
    if a.effect == "carry_unspent":
        return "your unspent energy carries over to next turn"
    if a.effect == "to_top":
        return "put this card on top of your deck"
    if a.effect == "destroy_location":
        return "destroy this location and every card here"
    if a.effect == "disable_location":
        return "this location's ability stops working"
    if a.effect == "reveal_last":
        return "your cards are revealed last"
    if a.effect == "no_play":
        return "cards can't be played here"
    if a.effect == "allow_move":
        return "cards here can move"
    if a.effect == "last_turn":
        return "the game ends after turn 4" if a.amount == 4 else "the game lasts 7 turns"
    raise ValueError(f"no text for effect {a.effect!r}")


def _timing(a: Ability, *, location: bool) -> str:
    timing = (_LOCATION_TIMING if location else _TIMING)[a.when]
    if a.zone != "board":
        timing += f", while in your {a.zone}"
    return timing


def ability_text(a: Ability, cards: Mapping[str, CardDef], *, location: bool = False) -> str:
    clause = _effect(a, cards, location=location)
    if a.condition is not None:
        clause += " " + _CONDITION[a.condition]
    if location and a.when == "ongoing":
        return clause[0].upper() + clause[1:] + "."
    return f"{_timing(a, location=location)}: {clause}."


def card_text(card: CardDef, cards: Mapping[str, CardDef]) -> str:
    parts = [_KEYWORD[k] for k in ("face_down", "decoy", "can_move") if k in card.keywords]
    parts += [ability_text(a, cards) for a in card.abilities]
    return " ".join(parts)


def location_text(location: LocationDef, cards: Mapping[str, CardDef]) -> str:
    texts = [ability_text(a, cards, location=True) for a in location.abilities]
    return " ".join(texts) if texts else "No ability."
