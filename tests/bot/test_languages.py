"""English and Japanese (``docs/i18n.md``): the ``parlor`` catalogue in step with the code, every
command, option and choice named in Japanese as Discord allows, the bot's own texts within
Discord's limits in Japanese too, durations written by Babel, and whose language each message
is in: an interaction's answers in its locale, DMs in the user's (last seen, or chosen with
``/language``), a match's channel posts in the match's (chosen at ``/match new``, else the
server's preferred locale)."""

from __future__ import annotations

import ast
import itertools
import random
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord
import simcord.interactions
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from bot import texts
from bot.chat.translator import CONTEXTS
from bot.texts import duration, speaking
from rules.engine.language import LOCALES
from rules.guide import shipped_guide
from rules.registry import RULESETS, get_ruleset

from .conftest import Table
from .openapi import spec_or_skip
from .players import dm_player, dms, find, images, play_out, said
from .test_controls import random_states, reachable
from .test_texts import prose

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = LOCALES / "ja" / "LC_MESSAGES" / "parlor.po"
TEMPLATE = LOCALES / "parlor.pot"
PARLOR = ("bot/", "cogs/")
"""Where the ``parlor`` domain's messages are (the other domains' files have blocks of their
own in ``babel.cfg``)."""

Key = tuple[str | None, str]


# -- the catalogue --------------------------------------------------------------------------------


def extracted() -> set[Key]:
    """What ``pybabel extract -F babel.cfg`` finds in the bot's and the commands' files (the
    ``parlor`` domain's, as docs/i18n.md extracts them): each message's context and id."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    ours = [(pattern, method) for pattern, method in method_map if pattern.startswith(PARLOR)]
    found = extract_from_dir(str(ROOT), ours, options_map)
    return {(context, _first(message)) for _, _, message, _, context in found}


def held(path: Path) -> set[Key]:
    with path.open("rb") as file:
        return {(m.context, _first(m.id)) for m in read_po(file) if m.id}


def _first(message: Any) -> str:
    return message if isinstance(message, str) else message[0]


def test_the_catalogue_holds_exactly_what_the_code_asks_for() -> None:
    """No message missing (it would read as English) and none stale (nobody asks for it): run
    the commands of docs/i18n.md when this fails."""
    code = extracted()
    assert len(code) > 300
    for path in (TEMPLATE, CATALOGUE):
        catalogue = held(path)
        assert sorted(code - catalogue, key=str) == [], f"missing from {path.name}"
        assert sorted(catalogue - code, key=str) == [], f"stale in {path.name}"


def asked_for(path: Path) -> Iterator[Key]:
    """The messages a module's calls of ``_``, ``ngettext`` and ``pgettext`` ask for, as Python
    reads them (a call inside an f-string among them, which extraction would miss)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            words = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id in ("_", "ngettext") and words:
                yield None, str(words[0])
            elif node.func.id == "pgettext" and len(words) >= 2:
                yield str(words[0]), str(words[1])


def test_every_message_the_code_asks_for_is_extracted() -> None:
    """Extraction sees every call (none hidden where ``pybabel`` cannot look), and every text
    module of ``bot/texts`` speaks through the catalogue."""
    code = extracted()
    for module in (texts.labels, texts.messages, texts.refusals, texts.replies, texts.markup):
        asked = set(asked_for(Path(module.__file__ or "")))
        assert asked, module.__name__
        assert sorted(asked - code, key=str) == [], module.__name__


GETTEXT = {"_", "ngettext", "pgettext", "npgettext"}


def spoken_outside_the_catalogue(module: Any) -> list[str]:
    """The prose a text module writes without asking the catalogue for it (docstrings, and the
    other exemptions of ``test_texts``, left out): such a sentence reads as English in every
    language, and extraction never sees it."""
    path = Path(module.__file__ or "")
    found = prose(path.read_text(encoding="utf-8"), vars(module), asked_of=GETTEXT)
    return [f"{path.name}:{line}: {text!r}" for line, text in found]


def test_every_sentence_of_the_texts_is_asked_of_the_catalogue() -> None:
    found = []
    for module in (texts.labels, texts.messages, texts.refusals, texts.replies, texts.markup):
        found += spoken_outside_the_catalogue(module)
    assert found == []


def test_japanese_is_japanese_and_english_is_the_source() -> None:
    assert texts.not_in_match() == "You are not in this match."
    with speaking("ja"):
        assert texts.not_in_match() == "あなたはこの対戦に参加していません。"
        assert texts.cards_in_hand(1) == "手札1枚" and texts.cards_in_hand(5) == "手札5枚"
        assert texts.listed([1, 2, 3]) == "<@1>、<@2>、<@3>"
        assert texts.turn_label((3, 6)) == "ターン3/6"
    assert texts.listed([1, 2, 3]) == "<@1>, <@2> and <@3>"
    with pytest.raises(ValueError, match="not 'fr'"), speaking("fr"):
        pass


def test_japanese_texts_name_commands_as_a_japanese_client_shows_them() -> None:
    """A Japanese client lists ``/手札``, not ``/hand`` (the Translator's names): a Japanese
    text that points to a command or an option names it so, not in English."""
    with (LOCALES / "ja" / "LC_MESSAGES" / "parlor.po").open("rb") as f:
        catalogue = read_po(f)
    commands = {m.string for m in catalogue if m.context == "command"}  # parlor in both
    options = {m.string for m in catalogue if m.context == "option"}  # cpu in both
    found = []
    for message in catalogue:
        if not message.id or message.context in ("command", "option", "choice"):
            continue
        text = "".join([message.string] if isinstance(message.string, str) else message.string)
        paths = re.findall(r"(?<![\w<:/])/([a-z][a-z ]*)", text)
        found += [path for path in paths if not set(path.split()) <= commands]
        found += [o for o in re.findall(r"([a-z_]+):`", text) if o not in options]
    assert found == []


def test_durations_are_written_by_babel_in_each_language() -> None:
    spans = [(24 * 3600, False), (12 * 3600, False), (90, False), (2.5, False), (3 * 3600, True)]
    assert [duration(s, ahead=a) for s, a in spans] == [
        "1 day",
        "12 hours",
        "90 seconds",
        "2.5 seconds",
        "in 3 hours",
    ]
    with speaking("ja"):
        assert [duration(s, ahead=a) for s, a in spans] == [
            "1日",
            "12時間",
            "90秒",
            "2.5秒",
            "3時間後",
        ]
        assert texts.forfeit_rule(3) == "3回連続の時間切れで負け"


# -- commands -------------------------------------------------------------------------------------

NAME = re.compile(r"[-_\w]{1,32}")


def valid_name(name: str) -> bool:
    """Discord's rule for a command's or option's name, in any language: 1 to 32 letters,
    numbers, ``-`` and ``_``, lower case where the script has cases."""
    letters = all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
    return bool(NAME.fullmatch(name)) and letters and name == name.lower()


def localized(command: dict[str, Any], where: str = "") -> Iterator[tuple[str, str, Any]]:
    """Every name, description and choice of a synced command with its localizations."""
    where = f"{where} {command['name']}".strip()
    yield where, "name", command
    if "description" in command:
        yield where, "description", command
    for option in command.get("options") or []:
        yield from localized(option, where)
    for choice in command.get("choices") or []:
        yield f"{where}={choice['value']}", "name", choice


def sync_request(table: Table) -> list[dict[str, Any]]:
    """The commands as the bot synced them, read from the request the emulator recorded."""
    [sync] = [
        r
        for r in table.env.http_requests
        if r.method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", r.path)
    ]
    assert isinstance(sync.json, list)
    return sync.json


async def test_every_command_option_and_choice_is_named_in_japanese(table: Table) -> None:
    synced = sync_request(table)
    assert {c["name"] for c in synced} >= {"match", "play", "language", "rules", "parlor"}
    wrong = []
    for command in synced:
        for where, field, item in localized(command):
            english = item[field]
            names = item.get(f"{field}_localizations") or {}
            if names.get("en-US") != english or names.get("en-GB") != english:
                wrong.append(f"{where} {field}: English locales {names}")
            ja = names.get("ja")
            is_name = field == "name" and "value" not in item  # a choice's name is free text
            if not ja:
                wrong.append(f"{where} {field}: no ja")
            elif is_name and not valid_name(ja):
                wrong.append(f"{where} name: {ja!r} is not a name Discord takes")
            elif not 1 <= len(ja) <= 100:
                wrong.append(f"{where} {field}: {ja!r} is not 1 to 100 characters")
    assert not wrong, "\n".join(wrong)
    [match] = [c for c in synced if c["name"] == "match"]
    assert match["name_localizations"]["ja"] == "対戦"
    api = spec_or_skip()
    checked, problems = api.check_all(
        [r for r in table.env.http_requests if r.path.endswith("/commands")]
    )
    assert checked >= 1 and problems == []


def test_every_place_a_word_stands_has_a_context() -> None:
    from discord.app_commands import TranslationContextLocation as Where

    assert set(CONTEXTS) == set(Where) - {Where.other}


# -- limits, in Japanese --------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_menus_fit_discords_limits_in_japanese(ruleset: str) -> None:
    with speaking("ja"):
        for specs in itertools.islice(random_states(ruleset, 2, seed=17), 40):
            for _ in reachable(12345678901234567, specs):  # every menu on the way checked
                pass


def test_the_bots_own_words_fit_discords_limits_in_japanese() -> None:
    with speaking("ja"):
        buttons = [
            texts.join_label(),
            texts.start_label(),
            texts.cancel_label(),
            texts.howto_label(),
            texts.my_hand_label(),
            texts.rematch_label(),
            texts.back_label(),
            texts.previous_label(),
            texts.next_label(),
            texts.none_label("x" * 70),
        ]
        assert all(1 <= len(b) <= 80 for b in buttons), buttons
        options = [texts.cpu_option(s) for s in ("easy", "normal", "hard")]
        options.append(texts.remove_cpu_option())
        assert all(len(label) <= 100 and len(about) <= 100 for label, about in options)
        placeholders = [
            texts.deck_placeholder(),
            texts.cpu_placeholder(),
            texts.action_placeholder(),
        ]
        assert all(len(p) <= 150 for p in placeholders)
        assert len(texts.help_text()) <= 2000  # a message
        assert len(texts.defaults_title(changed=True)) <= 256  # an embed's title
        assert len(texts.open_in_server_title(999)) <= 256
        assert len(texts.rules_page("lanes", _Page("x" * 200, ""), 9, 10)[2]) <= 2048  # a footer


class _Page:
    def __init__(self, title: str, text: str) -> None:
        self.title, self.text = title, text


# -- whose language -------------------------------------------------------------------------------


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each user's Discord locale (by user id; en-US unless set), and each server's preferred
    locale, in the interactions simcord sends (it sends en-US for both)."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def with_locales(backend: Any, **fields: Any) -> Any:
        record, payload = original(backend, **fields)
        payload["locale"] = chosen.get(fields["user_id"], "en-US")
        if fields["guild_id"] is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return chosen


def bots_posts(table: Table) -> list[Any]:
    bot_id = table.bot.user.id if table.bot.user else 0
    return [m for m in table.channel.history() if m.author.id == bot_id]


async def test_a_japanese_match_posts_in_japanese_while_each_reader_keeps_their_own(
    table: Table, locales: dict[int, str]
) -> None:
    channel, alice, bob, carol = table.channel, table.alice, table.bob, table.carol
    locales[alice.id] = "ja"  # Alice's Discord is in Japanese; Bob's and Carol's in English
    created = await alice.slash(
        channel, "match new", ruleset="lanes", opponent=bob, timer=3600, language="ja"
    )
    lobby = created.response
    assert lobby.embeds[0].title == "対戦 #1 · lanes"
    assert "持ち時間：1時間" in lobby.embeds[0].description
    assert lobby.content == f"{bob.mention} さん、対戦に招待されています。"
    assert [b.label for b in find(lobby, "join")] == ["参加"]

    joined = await bob.slash(channel, "match join")
    assert said(joined) == "You are in match #1."  # his own answer: his language
    await alice.click(lobby, label="開始")
    row = await table.bot.matches.match_in(channel.id)
    assert row.language == "ja"

    greeting, *_ = dms(alice)
    assert greeting.content.startswith(f"<#{channel.id}> の対戦 #1（lanes）に参加しました。")
    assert dms(bob)[0].content.startswith("You are in match #1 (lanes)")
    assert dms(alice)[-1].content.startswith(f"**対戦 #1**（<#{channel.id}>）· あなた vs bob")
    assert dms(bob)[-1].content.startswith(f"**Match #1** in <#{channel.id}> · you vs alice")

    board = bots_posts(table)[-1]
    assert board.content.startswith("**対戦 #1 · lanes** — alice vs bob · ターン1/6")
    assert "**現在：**" in board.content and "-# 手札：DM か `/手札`" in board.content
    assert [b.label for b in find(board, "hand")] == ["自分の手札"]

    status = await carol.slash(channel, "match status")  # a spectator's: in English
    assert status.response.embeds[0].title == "Match #1 · lanes"
    assert "Turn limit: 1 hour" in status.response.embeds[0].description
    refused = await carol.slash(channel, "hand")
    assert said(refused) == "You are not playing in match #1; you can watch it here."
    locales[carol.id] = "ja"
    refused = await carol.slash(channel, "hand")
    assert said(refused) == "あなたは対戦 #1 のプレイヤーではありません。ここで観戦できます。"

    changed = await bob.slash(channel, "language", choice="ja")  # Bob wants his DMs in Japanese
    assert said(changed).startswith("My DMs to you are now in 日本語")
    await play_out(table, dm_player(table, random.Random(5)))
    result = bots_posts(table)[-1]
    assert result.content.startswith("**対戦 #1 終了** — alice vs bob")
    assert [b.label for b in find(result, "rematch")] == ["再戦"]
    for member in (alice, bob):
        last = dms(member)[-1].content
        assert last.startswith(f"**対戦 #1**（<#{channel.id}>）· あなた vs "), last
        assert "勝利しました" in last or "敗北しました" in last or "引き分け" in last
    english = ("Match #", "Turn ", " to move", "Your cards", "The match is over")
    for post in bots_posts(table):  # captions are the rules' (in English until they speak ja)
        own = [line for line in post.content.split("\n") if not line.startswith(("›", "**▶**"))]
        assert not [w for w in english if w in "\n".join(own)], post.content


async def test_language_automatic_follows_the_discord_locale_last_seen(
    table: Table, locales: dict[int, str]
) -> None:
    bob, channel = table.bob, table.channel
    languages = table.bot.presenter.languages
    locales[bob.id] = "ja"
    changed = await bob.slash(channel, "language", choice="en")
    assert said(changed).startswith("これから DM は Discord の言語設定にかかわらず「English」で")
    assert await languages.dm(bob.id) == "en"  # chosen: whatever his Discord says
    automatic = await bob.slash(channel, "language", choice="auto")
    assert "（現在は「日本語」）" in said(automatic)
    assert await languages.dm(bob.id) == "ja"
    locales[bob.id] = "en-GB"
    await bob.slash(channel, "match help")
    assert await languages.dm(bob.id) == "en"
    writes = languages.writes
    for _ in range(3):
        await bob.slash(channel, "match help")  # seen again as he was: nothing written
    assert languages.writes == writes


async def test_a_japanese_servers_matches_are_japanese_unless_chosen(
    table: Table, locales: dict[int, str]
) -> None:
    env = table.env
    guild = env.create_guild("日本のサーバー", preferred_locale="ja")
    channel = guild.create_text_channel("対戦")
    dave = guild.add_member(env.create_user("dave"))  # his Discord is in English
    created = await dave.slash(channel, "match new", ruleset="lanes")
    assert created.response.embeds[0].title == "対戦 #1 · lanes"
    assert (await table.bot.matches.match_in(channel.id)).language == "ja"
    help_text = await dave.slash(channel, "match help")
    assert said(help_text).startswith("**How to play**")  # his own answer: English
    other = guild.create_text_channel("english")
    created = await dave.slash(other, "match new", ruleset="lanes", language="en")
    assert created.response.embeds[0].title == "Match #2 · lanes"
    assert (await table.bot.matches.match_in(other.id)).language == "en"


async def test_cards_and_rules_pages_are_in_the_askers_language(
    table: Table, locales: dict[int, str]
) -> None:
    """``/card`` and ``/rules`` belong to no match: the asker's language, its name, summary,
    rules text, keywords and picture; a Japanese name finds the card too."""
    locales[table.alice.id] = "ja"
    lanes = get_ruleset("lanes")
    card = lanes.pool.cards["quill-scout"]  # type: ignore[attr-defined]
    english = await table.bob.slash(table.channel, "card", name="lanes:quill-scout")
    japanese = await table.alice.slash(table.channel, "card", name="lanes:quill-scout")
    shown = japanese.response.embeds[0]
    assert english.response.embeds[0].title == card.name == "Quill Scout"
    assert shown.title == lanes.card_name(card.name, "ja") != card.name
    assert lanes.card_text(card, "ja") in shown.description
    assert lanes.card_summary(card, "ja") in shown.description
    assert images(table.env, japanese.response) != images(table.env, english.response)
    by_name = await table.alice.slash(table.channel, "card", name=shown.title)
    assert by_name.response.embeds[0].title == shown.title
    found = await table.alice.autocomplete(table.channel, "card", "name", shown.title[:2])
    assert any(c["value"] == "lanes:quill-scout" and shown.title in c["name"] for c in found)

    page = await table.alice.slash(table.channel, "rules", game="lanes")
    guide = shipped_guide("lanes", "ja")
    assert page.response.embeds[0].description.startswith(guide.pages[0].text[:20])


async def test_a_japanese_matchs_pictures_are_drawn_in_japanese(
    table: Table, locales: dict[int, str]
) -> None:
    """The channel's board and each seat's table are the match's: drawn in its language."""
    drawn: list[str] = []
    renderer = table.bot.presenter.renderer
    board_png = renderer.board_png

    def board(*args: Any, language: str = "en", **options: Any) -> bytes:
        drawn.append(language)
        return board_png(*args, language=language, **options)

    renderer.board_png = board  # type: ignore[method-assign]
    await table.alice.slash(
        table.channel, "match new", ruleset="lanes", opponent=table.bob, language="ja"
    )
    await table.bob.slash(table.channel, "match join")
    lobby = bots_posts(table)[0]
    await table.alice.click(lobby, label="開始")
    await table.env.settle()
    assert drawn and set(drawn) == {"ja"}
