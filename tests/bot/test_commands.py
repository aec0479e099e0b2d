"""Commands that fit every ruleset: no synced command or option names what only one ruleset has,
and the generic ``/play`` and ``/act`` make lanes' and fanfare's moves alike, what a move still
needs (a location, a target) asked next with the hand's own menus."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.chat.controls import GIVE_UP
from rules.engine import Action
from rules.guide import shipped_guide
from rules.registry import RULESETS, get_ruleset

from .conftest import Table
from .players import find, lively, next_seat, open_match, perform, perform_by_dm, seat_user

SEED = 362
"""A fanfare seed where ``players.lively`` soon has a card to play at one of several targets
(``test_fanfare.SEED``)."""

NOT_KINDS = {"lanes": ("stake", "stage", "staged", "staging")}
"""Words of a ruleset's own that are neither a kind of action, its arguments nor a keyword."""

GENERIC = {w.replace("_", " ") for w in GIVE_UP}
"""The bot's own word for the family of ways to give up (``/retreat`` offers whichever a ruleset
lists: retreat, concede, forfeit): generic though one ruleset names its kind so."""


def normal(text: str) -> str:
    """Lower case words without plural s, space separated and padded, for whole-word search."""
    words = re.findall(r"[a-z]+", text.lower().replace("_", " "))
    return " " + " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words) + " "


def vocabulary(ruleset: str) -> set[str]:
    """A ruleset's own words: its kinds of action and their arguments, its keywords (names and
    how cards write them)."""
    rules = get_ruleset(ruleset)
    words = set(NOT_KINDS.get(ruleset, ()))
    for kind in rules.kinds.values():
        words |= {kind.name, *kind.params, *kind.optional}
    for keyword in shipped_guide(ruleset).keywords.values():
        words |= {keyword.name, *keyword.words}
    return {normal(w).strip() for w in words} - {""}


def ruleset_specific() -> set[str]:
    """Words some registered ruleset uses and another does not (``play`` and ``card`` are in
    all)."""
    every = [vocabulary(r) for r in RULESETS]
    return set.union(*every) - set.intersection(*every) - {normal(w).strip() for w in GENERIC}


def offending(text: str, words: set[str]) -> list[str]:
    padded = normal(text)
    return sorted(w for w in words if f" {w} " in padded)


def texts(command: dict[str, Any], path: str = "") -> Iterator[tuple[str, str]]:
    """Every name, description and fixed choice in a synced command, with where it is."""
    where = f"{path} {command['name']}".strip()
    yield where, command["name"]
    yield where, command.get("description", "")
    for option in command.get("options") or []:
        yield from texts(option, where)
    for choice in command.get("choices") or []:
        if choice["value"] not in RULESETS:  # a ruleset's own name, drawn from the registry
            yield f"{where}={choice['value']}", choice["name"]


def test_the_word_list_catches_what_one_ruleset_has() -> None:
    words = ruleset_specific()
    assert {"snap", "location", "target", "evolve", "attack", "stake"} <= words
    assert not {"play", "card", "retreat"} & words  # (a breakfall turn has no "end turn")
    assert offending("End your turn with what you have staged.", words) == ["staged"]
    assert offending("Snap: double the stakes when this turn ends", words) == ["snap", "stake"]
    assert offending("Where to play it, if the game asks for a location.", words) == ["location"]


async def test_no_synced_command_or_option_is_ruleset_specific(table: Table) -> None:
    synced = [c for scope in table.env.backend.commands.values() for c in scope.values()]
    names = {c["name"] for c in synced}
    assert {"play", "act", "retreat", "hand", "board", "match", "rules", "card"} <= names
    assert not {"end", "snap"} & names
    words = ruleset_specific()
    found = [
        (where, text, offending(text, words))
        for command in synced
        for where, text in texts(command)
        if offending(text, words)
    ]
    assert not found, found
    described = [(w, t) for c in synced for w, t in texts(c) if t == ""]
    assert not described, described  # every command and option says what it is
    [play] = [c for c in synced if c["name"] == "play"]
    assert [o["name"] for o in play["options"]] == ["card"]  # one argument, asked for next


async def test_play_then_a_location_from_the_menu_and_act_in_lanes(table: Table) -> None:
    await open_match(table)
    live = await table.bot.matches.live(1)
    specs = live.match.legal_actions(0)
    index, spec = next(
        (i, s) for i, s in enumerate(specs) if s.kind == "play" and len(s.params[0].options) > 1
    )
    cards = await table.alice.autocomplete(table.channel, "play", "card", "")
    assert {c["name"] for c in cards} == {s.label for s in specs if s.fixed}
    [card] = [c["value"] for c in cards if c["value"].startswith(f"{index}@")]
    asked = await table.alice.slash(table.channel, "play", card=card)
    assert asked.ephemeral and "choose location" in asked.response.content
    assert find(asked.response, "back")
    place = spec.params[0].options[-1]
    [button] = [b for b in find(asked.response, "do") if b.label == place.label]
    await table.alice.click(asked.response, custom_id=button.custom_id)
    assert live.match.actions[-1] == (0, spec.build(location=place.value))
    assert "You stage" in asked.response.content  # the reply now shows the hand

    everything = await table.bob.autocomplete(table.channel, "act", "action", "")
    assert [c["name"] for c in everything] == [s.label for s in live.match.legal_actions(1)]
    snapped = await table.bob.slash(table.channel, "act", action="Snap")
    assert snapped.ephemeral and live.match.actions[-1] == (1, Action("snap"))
    ended = await table.bob.slash(table.channel, "act", action="End turn")
    assert ended.ephemeral and live.match.actions[-1] == (1, Action("end_turn"))


@pytest.fixture
def simcord_bot(bot_factory: Any) -> Any:
    return bot_factory(new_seed=lambda: SEED)


async def test_play_then_a_target_from_the_menu_and_act_in_fanfare(table: Table) -> None:
    channel = table.channel
    created = await table.alice.slash(channel, "match new", ruleset="fanfare", deck="gravebloom")
    await table.bob.slash(channel, "match join", deck="gravebloom")
    await table.alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    rng = random.Random(SEED)
    for _ in range(100):
        seat = next_seat(live.match)
        specs = live.match.legal_actions(seat)
        aimed = [
            (i, s)
            for i, s in enumerate(specs)
            if s.kind == "play" and s.params and len(s.params[0].options) > 1
        ]
        if aimed:
            break
        await perform_by_dm(seat_user(table, seat).user, specs, lively(rng, live.match, seat))
    else:
        raise AssertionError("no card to play at a target")
    member = seat_user(table, seat)
    index, spec = aimed[0]
    cards = await member.autocomplete(channel, "play", "card", spec.label)
    [card] = [c["value"] for c in cards if c["value"].startswith(f"{index}@")]
    asked = await member.slash(channel, "play", card=card)
    assert asked.ephemeral and "choose target" in asked.response.content
    target = spec.params[0].options[-1].value
    await perform(member, lambda: asked.response, specs, spec.build(target=target))
    assert live.match.actions[-1] == (seat, spec.build(target=target))

    ended = await member.slash(channel, "act", action="End turn")
    assert ended.ephemeral and live.match.actions[-1] == (seat, Action("end_turn"))
