"""Learning the games in Discord: ``/rules`` pages for every ruleset (turned with Previous and
Next, across a restart too), the lobby's How to play, ``/card`` with its autocomplete, its
picture and its keywords explained; every request body checked against Discord's spec."""

from __future__ import annotations

from typing import Any

import pytest

from bot.texts import PAGE_LIMIT
from rules.guide import shipped_guide
from rules.registry import RULESETS, get_ruleset

from .conftest import Table
from .openapi import spec_or_skip
from .players import assert_png, find, images, said

NEXT, PREVIOUS = "Next ▶", "◀ Previous"


def labels(message: Any) -> list[str]:
    return [c.label for c in find(message, "rules")]


def footer(message: Any) -> str:
    return str(message.embeds[0].footer.text)


@pytest.mark.parametrize("name", sorted(RULESETS))
async def test_rules_turn_page_by_page_to_the_keywords(table: Table, name: str) -> None:
    pages = shipped_guide(name).reading(PAGE_LIMIT)
    assert all(len(page.text) <= PAGE_LIMIT for page in pages)  # each fits an embed
    shown = await table.carol.slash(table.channel, "rules", game=name)
    assert shown.ephemeral
    message = shown.response
    assert message.embeds[0].title == f"{name.capitalize()} · {pages[0].title}"
    assert footer(message) == f"Page 1 of {len(pages)}" and labels(message) == [NEXT]
    for number in range(2, len(pages) + 1):
        await table.carol.click(message, label=NEXT)
        assert footer(message) == f"Page {number} of {len(pages)}"
        assert message.embeds[0].description == pages[number - 1].text
    assert labels(message) == [PREVIOUS]  # the last page has no Next
    assert "Keywords" in message.embeds[0].title
    await table.carol.click(message, label=PREVIOUS)
    assert footer(message) == f"Page {len(pages) - 1} of {len(pages)}"
    assert labels(message) == [PREVIOUS, NEXT]


async def test_rules_pages_turn_after_a_restart(table: Table) -> None:
    shown = await table.alice.slash(table.channel, "rules", game="fanfare")
    await table.bot.setup_hook()  # a restart: controls come back from their custom ids
    await table.alice.click(shown.response, label=NEXT)
    assert footer(shown.response).startswith("Page 2 of")


async def test_the_lobby_shows_how_to_play_its_game(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare")
    asked = await table.carol.click(created.response, label="How to play")
    assert asked.ephemeral
    shown = asked.response
    assert shown.embeds[0].title == f"Fanfare · {shipped_guide('fanfare').pages[0].title}"
    await table.carol.click(shown, label=NEXT)
    assert footer(shown).startswith("Page 2 of")
    # The lobby itself is as it was: nobody joined by asking how to play.
    assert "open seat" in table.channel.history()[0].embeds[0].description


async def test_card_autocompletes_every_pool_or_the_channels_game(table: Table) -> None:
    choices = await table.carol.autocomplete(table.channel, "card", "name", "sto")
    values = {c["value"] for c in choices}
    assert {"fanfare:stone-sentinel", "lanes:stone-warden"} <= values
    assert all("sto" in c["name"].lower() for c in choices)
    assert any(c["name"].startswith("Stone Warden (lanes, cost 4, power 6)") for c in choices)
    await table.alice.slash(table.channel, "match new", ruleset="lanes")
    choices = await table.carol.autocomplete(table.channel, "card", "name", "sto")
    values = {c["value"] for c in choices}
    assert "lanes:stone-warden" in values and all(v.startswith("lanes:") for v in values)
    everything = await table.carol.autocomplete(table.channel, "card", "name", "")
    assert len(everything) == 25


@pytest.mark.parametrize(
    ("value", "keywords"),
    [
        ("fanfare:sapling-shrine", ["Last words", "Countdown", "Summon"]),
        ("fanfare:thorn-stalker", ["Rush", "Bane"]),
        ("lanes:shell-twin", ["Game end", "Face down", "Decoy"]),
        ("lanes:moth-page", []),
    ],
)
async def test_card_shows_picture_text_and_keywords(
    table: Table, value: str, keywords: list[str]
) -> None:
    ruleset, card_id = value.split(":")
    card = get_ruleset(ruleset).pool.cards[card_id]  # type: ignore[attr-defined]
    shown = await table.carol.slash(table.channel, "card", name=value)
    message = shown.response
    assert shown.ephemeral
    embed = message.embeds[0]
    assert embed.title == card.name
    assert (card.text or "No ability.") in embed.description and card.summary in embed.description
    assert [f.name for f in embed.fields] == keywords
    guide = shipped_guide(ruleset)
    for field in embed.fields:
        assert any(field.value == k.text for k in guide.keywords.values() if k.name == field.name)
    [picture] = images(table.env, message)
    assert_png(picture)


async def test_card_by_name_and_unknown_cards(table: Table) -> None:
    shown = await table.carol.slash(table.channel, "card", name="  ember WHELP ")
    assert shown.response.embeds[0].title == "Ember Whelp"
    unknown = await table.carol.slash(table.channel, "card", name="Dragon")
    assert "There is no card called 'Dragon'" in said(unknown)


async def test_every_request_body_of_learning_matches_the_spec(table: Table) -> None:
    api = spec_or_skip()
    carol = table.carol
    for name in sorted(RULESETS):
        shown = await carol.slash(table.channel, "rules", game=name)
        await carol.click(shown.response, label=NEXT)
        await carol.click(shown.response, label=PREVIOUS)
        for card in list(get_ruleset(name).pool.cards)[:3]:  # type: ignore[attr-defined]
            await carol.slash(table.channel, "card", name=f"{name}:{card}")
    await carol.autocomplete(table.channel, "card", "name", "a")
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await carol.click(created.response, label="How to play")
    await carol.slash(table.channel, "card", name="nothing like it")

    checked, problems = api.check_all(table.env.http_requests)
    assert checked > 10
    assert problems == []
