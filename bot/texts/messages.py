"""What the bot posts and sends, as pure functions of snapshots: easy to read, test and check
for leaks. Channel texts are built from public captions and names only; a hand's texts from what
its seat may see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.engine import ActionSpec, in_language, name_seats
from rules.guide import Keyword, Page

from .language import _, duration, ngettext, pgettext, spoken
from .markup import clean, deadline, jump_url, listed, mentions, player, relative, separated

if TYPE_CHECKING:  # the table's values, read here but never imported: the table imports texts
    from rules.engine import Result

    from ..table.guilds import ServerDefaults
    from ..table.live import Committed, Ended, Hand, Reminder
    from ..table.lobby import Lobby
    from ..table.service import Status

__all__ = [
    "MATCHES_LIMIT",
    "MESSAGE_LIMIT",
    "PAGE_LIMIT",
    "board_footer",
    "board_text",
    "cannot_post_text",
    "card_lines",
    "cards_in_hand",
    "describe_limit",
    "dms_closed_text",
    "ended_board_text",
    "ended_collapsed_text",
    "ended_dm_text",
    "forfeit_rule",
    "forfeited_note",
    "hand_text",
    "help_text",
    "joined_text",
    "lobby_closed_text",
    "lobby_closing",
    "lobby_line",
    "lobby_text",
    "match_title",
    "matches_lines",
    "named",
    "named_specs",
    "now_line",
    "outcome_line",
    "rematch_asked_text",
    "rematch_call",
    "rematch_open_text",
    "reminder_text",
    "result_lines",
    "result_text",
    "rules_page",
    "server_defaults_lines",
    "status_line",
    "status_text",
    "superseded_text",
    "timed_out_note",
    "turn_description",
    "turn_label",
    "unrestored_line",
    "waiting_line",
]


def help_text() -> str:
    """``/match help``: how matches are played here."""
    return _(
        "**How to play**\n"
        "• `/match new` opens a match in this channel (or a thread); others press **Join**, then "
        "a player presses **Start**. Choose a deck in the lobby, or with `/match join deck:`.\n"
        "• No one around? `/match new cpu:` plays against the CPU (easy, normal or hard) at "
        "once; a lobby's creator can seat CPU players from its menu too.\n"
        "• Your hand arrives by DM, with buttons and menus for every move. If your DMs are "
        "closed, use `/hand` (or **My hand** under the board): only you see it.\n"
        "• Every move also works as a command here: `/act` lists everything you can do now, "
        "`/play` what you can do with a card; anything more the move needs is then asked with "
        "the same menus. `/retreat` gives up the match at any time (you confirm first). Nobody "
        "but you ever sees your hand.\n"
        "• The board is posted here after every step, for players and spectators alike; "
        "`/board` shows it to you now, `/match status` who the game waits on, `/match log` what "
        "happened.\n"
        "• Each turn has a time limit (`timer:` when you open a match; 24 hours by default). You "
        "are reminded by DM before it runs out; then the game moves on for you, as things "
        "stand. Miss 3 turns in a row (`forfeit_after:` when you open a match) and you forfeit.\n"
        "• When a match is over, **Rematch** under its result opens the same match again, seats "
        "rotated: it starts as soon as every player has confirmed with **Join**.\n"
        "• `/match leave` leaves a lobby; `/match cancel` cancels it (its creator, or a channel "
        "manager, who can also end a running match).\n"
        "• New to a game? `/rules` explains it page by page (so does **How to play** in a "
        "lobby), and `/card` shows any card with its keywords explained.\n"
        "• `/language` sets the language of my DMs to you; a match speaks the language chosen "
        "with `/match new language:`."
    )


PAGE_LIMIT = 3500
"""The longest page of rules text: an embed's description holds 4096 characters."""


def named(caption: str, names: Sequence[str]) -> str:
    """A caption the rules wrote, in the language spoken (docs/i18n.md), its seats named."""
    return name_seats(in_language(caption, spoken()), [f"**{clean(n)}**" for n in names])


def named_specs(specs: Sequence[ActionSpec], names: Sequence[str]) -> tuple[ActionSpec, ...]:
    """A seat's legal actions with the seats their labels name (``{seat2}``, a game of more than
    two seats: whom to invite, whom to attack) put as the players' names, as controls show them
    (plain text: a label is no markdown), in the language spoken. Specs that name no seat are
    kept as they are in English."""
    if spoken() != "en":
        return tuple(_named_spec(spec, names) for spec in specs)
    return tuple(_named_spec(spec, names) if _names_a_seat(spec) else spec for spec in specs)


def _names_a_seat(spec: ActionSpec) -> bool:
    if "{seat" in spec.label or "{seat" in spec.detail:
        return True
    return any("{seat" in o.label or "{seat" in o.detail for p in spec.params for o in p.options)


def _named_spec(spec: ActionSpec, names: Sequence[str]) -> ActionSpec:
    params = tuple(
        p._replace(
            options=tuple(
                o._replace(label=_said(o.label, names), detail=_said(o.detail, names))
                for o in p.options
            ),
            label=in_language(p.label, spoken()),
        )
        for p in spec.params
    )
    return spec._replace(
        label=_said(spec.label, names), detail=_said(spec.detail, names), params=params
    )


def _said(text: str, names: Sequence[str]) -> str:
    return name_seats(in_language(text, spoken()), names)


def describe_limit(seconds: int) -> str:
    """A turn limit (or any span the bot states): "24 hours", "1 day", "90 seconds"."""
    return duration(seconds)


def _turn(turn: tuple[int, int | None]) -> str:
    number, last = turn
    if last:
        return _("Turn {turn} of {last}").format(turn=number, last=last)
    return _("Turn {turn}").format(turn=number)


def status_text(status: Status) -> tuple[str, list[str]]:
    """``/match status``: the turn and where the match stands, each player (whose move, until
    when), whom it waits on, a link to the current board, the turn limit. Public things only."""
    lines = []
    head = []
    if status.turn is not None and not status.over:
        head.append(f"**{_turn(status.turn)}**")
    if status.standing and not status.over:
        head.append(named(status.standing, status.names))
    if head:
        lines += [" · ".join(head), ""]
    for seat in range(len(status.names)):
        parts = [player(status.user_ids[seat], status.names[seat])]
        if seat in status.facts:
            parts.append(status.facts[seat])
        if seat in status.waiting_on:
            due = status.due.get(seat)
            if due:
                parts.append(_("**to move** until {deadline}").format(deadline=deadline(due)))
            else:
                parts.append(_("**to move**"))
        lines.append(" · ".join(parts))
    lines.append("")
    if status.summary:
        summary = named(status.summary, status.names)
        lines.append(_("The match is over: {summary}").format(summary=summary))
    else:
        lines.append(waiting_line(status.names, status.waiting_on, status.over))
    if status.board_message_id is not None and status.channel_id is not None:
        url = jump_url(status.guild_id, status.channel_id, status.board_message_id)
        if status.over:
            lines.append(_("[Final board]({url})").format(url=url))
        else:
            lines.append(_("[Current board]({url})").format(url=url))
    lines.append(_("Turn limit: {limit}").format(limit=describe_limit(status.turn_limit)))
    return _match_heading(status.match_id, status.ruleset), lines


def _match_heading(match_id: int, ruleset: str) -> str:
    return _("Match #{match} · {ruleset}").format(match=match_id, ruleset=ruleset)


def _lobby_seat(lobby: Lobby, p: Any, closed: frozenset[int]) -> str:
    """A lobby's line for a seated player: who, their deck, whether they confirmed a rematch,
    whether they play with ``/hand``."""
    rematch = lobby.rematch_of is not None
    waiting = lobby.row.status == "lobby"
    who = player(p.user_id, p.name)
    if not p.confirmed and waiting:
        who = _("waiting for {player} to confirm").format(player=who)
    deck = lobby.deck_name(p)
    parts = [f"{who} — {deck}" if deck else who]
    if rematch and p.confirmed:
        parts.append(_("confirmed"))
    elif rematch and not waiting:
        parts.append(_("did not confirm"))
    if p.dms_closed or p.user_id in closed:
        parts.append(_("DMs closed, plays with /hand"))
    return f"{p.seat + 1}. " + " · ".join(parts)


def _lobby_state(lobby: Lobby) -> str:
    """What a lobby waits for, or what became of it."""
    row = lobby.row
    if row.status == "active":
        return _("Started: the board follows below.")
    if row.status == "finished":
        return _("This match is over.")
    if row.status == "cancelled":
        return _("This match was cancelled.")
    if lobby.rematch_of is not None:
        return _("Each player confirms with **Join**; the match starts as soon as all have.")
    if row.seats is not None:
        return _("Press **Join** to play; the match starts when all seats are taken.")
    if lobby.max_seats > lobby.min_seats:
        return _(
            "Press **Join** to play; <@{creator}> presses **Start** when everyone is in."
        ).format(creator=row.creator_id)
    return _("Press **Join** to play; a player presses **Start** when everyone is in.")


def lobby_text(lobby: Lobby, closed: frozenset[int] = frozenset()) -> tuple[str, list[str]]:
    """The lobby's title and lines: players with their decks (in a rematch, who has confirmed),
    open seats, the settings."""
    row = lobby.row
    title = _match_heading(row.id, row.ruleset)
    rematch = lobby.rematch_of is not None
    lines = []
    if rematch:
        head = _("**Rematch of match #{old}**, seats rotated.").format(old=lobby.rematch_of)
        lines += [head, ""]
    lines += [_lobby_seat(lobby, p, closed) for p in lobby.players]
    invited = row.invited_id
    if invited is not None and any(p.user_id == invited for p in lobby.players):
        invited = None
    last = len(lobby.players) if rematch else lobby.min_seats  # a rematch seats everyone at once
    for seat in range(len(lobby.players), last):
        if invited and seat == len(lobby.players):
            lines.append(_("{seat}. reserved for <@{user}>").format(seat=seat + 1, user=invited))
        else:
            lines.append(_("{seat}. open seat").format(seat=seat + 1))
    more = lobby.max_seats - max(len(lobby.players), lobby.min_seats)
    if not rematch and more > 0:
        lines.append(
            ngettext(
                "Up to {more} more may join ({least} to {most} players).",
                "Up to {more} more may join ({least} to {most} players).",
                more,
            ).format(more=more, least=lobby.min_seats, most=lobby.max_seats)
        )
    lines.append("")
    lines.append(
        _("Turn limit: {limit} · {forfeit}").format(
            limit=describe_limit(row.turn_limit), forfeit=forfeit_rule(row.forfeit_after)
        )
    )
    if lobby.closing is not None:
        lines.append(lobby_closing(lobby))
        return title, lines
    lines.append(_lobby_state(lobby))
    if row.status == "lobby" and lobby.expires_at is not None:
        lines.append(_("Expires {when}.").format(when=relative(lobby.expires_at)))
    return title, lines


def joined_text(lobby: Lobby) -> str:
    """The answer to ``/match join``: in the match; in a rematch, confirmed, and what follows."""
    row = lobby.row
    if lobby.rematch_of is None:
        return _("You are in match #{match}.").format(match=row.id)
    if row.status == "active":
        return _("You confirmed: match #{match} is on, the board follows.").format(match=row.id)
    waiting = lobby.unconfirmed
    return ngettext(
        "You confirmed the rematch, match #{match}: it starts as soon as {players} confirms.",
        "You confirmed the rematch, match #{match}: it starts as soon as {players} confirm.",
        len(waiting),
    ).format(match=row.id, players=listed([p.user_id for p in waiting]))


def rematch_call(lobby: Lobby) -> str:
    """The message above a new rematch's lobby, mentioning those who have to confirm."""
    asker = next((p.name for p in lobby.players if p.user_id == lobby.row.creator_id), "")
    return _(
        "{players} **{asker}** asks for a rematch of match #{old}: press **Join** to confirm."
    ).format(
        players=listed([p.user_id for p in lobby.unconfirmed]),
        asker=clean(asker),
        old=lobby.rematch_of,
    )


def _lobby_link(lobby: Lobby) -> str:
    row = lobby.row
    if row.lobby_message_id is None:
        return _("match #{match}, in this channel").format(match=row.id)
    url = jump_url(row.guild_id, row.channel_id, row.lobby_message_id)
    return _("[match #{match}]({url})").format(match=row.id, url=url)


def rematch_asked_text(lobby: Lobby) -> str:
    """The answer to the player who asked for a rematch."""
    waiting = lobby.unconfirmed
    return ngettext(
        "Rematch asked for: {lobby} starts as soon as {players} confirms with **Join**.",
        "Rematch asked for: {lobby} starts as soon as {players} confirm with **Join**.",
        len(waiting),
    ).format(lobby=_lobby_link(lobby), players=listed([p.user_id for p in waiting]))


def rematch_open_text(lobby: Lobby, user_id: int) -> str:
    """The answer to a Rematch pressed while that rematch is open: where it is, what next."""
    waiting = lobby.unconfirmed
    if any(p.user_id == user_id for p in waiting):
        return _(
            "The rematch of match #{old} is open already: {lobby}. Press **Join** there to confirm."
        ).format(old=lobby.rematch_of, lobby=_lobby_link(lobby))
    return _(
        "The rematch of match #{old} is open already: {lobby}. Waiting for {players} to confirm."
    ).format(
        old=lobby.rematch_of, lobby=_lobby_link(lobby), players=listed([p.user_id for p in waiting])
    )


def forfeit_rule(forfeit_after: int) -> str:
    if forfeit_after <= 0:
        return _("missed turns never forfeit")
    return ngettext(
        "{count} missed turn forfeits", "{count} missed turns in a row forfeit", forfeit_after
    ).format(count=forfeit_after)


def _waited(lobby: Lobby) -> str:
    waited = (lobby.expires_at or lobby.row.created_at) - lobby.row.created_at
    return describe_limit(int(waited))


def lobby_closing(lobby: Lobby) -> str:
    """The lobby message's last line once it closed by itself."""
    rematch = lobby.rematch_of is not None
    if lobby.closing == "expired":
        if rematch:
            return _("This rematch expired: not everyone confirmed within {time}.").format(
                time=_waited(lobby)
            )
        return _("This lobby expired: nobody started it within {time}.").format(time=_waited(lobby))
    if lobby.closing == "cancelled":
        return _("This rematch was cancelled.") if rematch else _("This lobby was cancelled.")
    if rematch:
        return _("This rematch closed: **{player}** left.").format(
            player=clean(_name(lobby, lobby.closed_by))
        )
    return _("This lobby closed: its creator left.")


def _name(lobby: Lobby, user_id: int | None) -> str:
    """A lobby player's name ("" for someone else)."""
    return next((p.name for p in lobby.players if p.user_id == user_id), "")


def _why_closed(lobby: Lobby, left_by: int) -> str:
    """Why a closed lobby will not start, for those it leaves waiting."""
    rematch = lobby.rematch_of is not None
    if lobby.closing == "expired" and rematch:
        return _("not everyone confirmed the rematch within {time}").format(time=_waited(lobby))
    if lobby.closing == "expired":
        return _("its lobby expired, as nobody pressed **Start** within {time}").format(
            time=_waited(lobby)
        )
    if lobby.closing == "cancelled":
        by = _name(lobby, lobby.closed_by)
        if by:
            return _("**{player}** cancelled it").format(player=clean(by))
        return _("a channel manager cancelled it")
    if rematch:
        return _("**{player}** left it").format(player=clean(_name(lobby, left_by)))
    creator = clean(_name(lobby, left_by))
    if creator:
        return _("**{player}**, who opened it, left").format(player=creator)
    return _("its creator left")


def lobby_closed_text(lobby: Lobby) -> str | None:
    """The channel message telling those a closed lobby leaves waiting why (None: nobody)."""
    row = lobby.row
    # Who closed it knows why: who left it, whoever cancelled it.
    left_by = lobby.closed_by or row.creator_id
    knows = {"left": left_by, "cancelled": lobby.closed_by}.get(lobby.closing or "")
    told = [p for p in lobby.players if p.user_id != knows and p.cpu is None]
    if not told or lobby.closing not in ("expired", "left", "cancelled"):
        return None
    who = " ".join(f"<@{p.user_id}>" for p in told)
    why = _why_closed(lobby, left_by)
    if lobby.rematch_of is not None:
        return _(
            "{players} Match #{match} ({ruleset}) will not start: {why}. Press **Rematch** under "
            "match #{old}'s result to ask again, or open a new one with `/match new`."
        ).format(players=who, match=row.id, ruleset=row.ruleset, why=why, old=lobby.rematch_of)
    return _(
        "{players} Match #{match} ({ruleset}) will not start: {why}. Open a new one with "
        "`/match new`."
    ).format(players=who, match=row.id, ruleset=row.ruleset, why=why)


def _bold_names(names: Sequence[str]) -> str:
    return separated([f"**{clean(n)}**" for n in names])


def waiting_line(names: Sequence[str], waiting: Sequence[int], over: bool) -> str:
    if over:
        return _("The match is over.")
    if not waiting:
        return _("Resolving…")
    return _("Waiting on {players}.").format(players=_bold_names([names[s] for s in waiting]))


def turn_description(captions: Sequence[str], current: int, limit: int = 1500) -> str:
    """The captions shown so far on a board message, those from ``current`` on (what the
    picture shows now) marked; the oldest give way to a count of them if all do not fit."""
    lines = [f"**▶** {c}" if i >= current else f"› {c}" for i, c in enumerate(captions)]
    dropped = 0
    while len(lines) > 1 and sum(len(line) + 1 for line in lines) > limit - 60 * bool(dropped):
        lines.pop(0)
        dropped += 1
    if dropped:
        earlier = ngettext(
            "… {count} earlier step: `/match log`", "… {count} earlier steps: `/match log`", dropped
        )
        lines.insert(0, "› " + earlier.format(count=dropped))
    return "\n".join(lines)


def timed_out_note(seat: int) -> str:
    """The note shown when the clock acted for a seat (``{seatN}``: named when shown)."""
    return _("⏰ {seat} ran out of time.").format(seat=f"{{seat{seat}}}")


def forfeited_note(seat: int, missed: int) -> str:
    """The note shown when the clock gave up for a seat that missed too many turns."""
    return ngettext(
        "⏰ {seat} forfeits after missing {count} turn.",
        "⏰ {seat} forfeits after missing {count} turns in a row.",
        missed,
    ).format(seat=f"{{seat{seat}}}", count=missed)


def cards_in_hand(count: int) -> str:
    """A player's public fact beside the board: how many cards they hold."""
    return ngettext("{count} card in hand", "{count} cards in hand", count).format(count=count)


MESSAGE_LIMIT = 2000
"""The longest message content Discord accepts."""


def board_footer() -> str:
    return _("-# Your cards: your DMs or `/hand` · `/board` · `/match status` · `/match log`")


def _versus(names: Sequence[str]) -> str:
    return pgettext("between players", " vs ").join(clean(n) for n in names)


def match_title(match_id: int, ruleset: str, names: Sequence[str]) -> str:
    return _("**Match #{match} · {ruleset}** — {players}").format(
        match=match_id, ruleset=ruleset, players=_versus(names)
    )


def turn_label(turn: tuple[int, int | None] | None) -> str:
    return "" if turn is None else _turn(turn)


def board_text(
    committed: Committed,
    captions: Sequence[str],
    current: int,
    *,
    final: bool,
    facts: Mapping[int, str],
    closed: frozenset[int] = frozenset(),
) -> str:
    """The channel's board message, beside its picture: the match and turn, the turn's
    captions (those the picture shows now marked), each player's public facts, and whom the
    game waits on (as mentions; whether they notify is the sender's choice)."""
    c = committed
    title = match_title(c.match_id, c.ruleset, c.names)
    turn = turn_label(c.turn) if c.result is None else ""
    head = f"{title} · {turn}" if turn else title
    tail = []
    if final:
        seats = [f"**{clean(n)}** {facts[s]}" for s, n in enumerate(c.names) if s in facts]
        if seats:
            tail.append(" · ".join(seats))
    tail.append(now_line(c, closed))  # from the first picture: a post's mentions must be in it
    tail.append(board_footer())
    room = MESSAGE_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
    return "\n".join([head, turn_description(captions, current, limit=room), *tail])


def now_line(c: Committed, closed: frozenset[int] = frozenset()) -> str:
    """Whom the game waits on now, and until when."""
    if c.result is not None:
        return _("**The match is over**: the result follows.")
    if not c.pending:
        return _("Resolving…")
    parts = []
    for seat in c.pending:
        due = c.due.get(seat)
        who = player(c.user_ids[seat], c.names[seat])
        if due:
            parts.append(
                _("{player} to move (time runs out {when})").format(player=who, when=relative(due))
            )
        else:
            parts.append(_("{player} to move").format(player=who))
    if closed & set(c.pending):
        return _("**Now:** {moves} · your cards: `/hand`").format(moves=separated(parts))
    return _("**Now:** {moves}").format(moves=separated(parts))


def ended_board_text(ended: Ended, captions: Sequence[str]) -> str:
    """The board message once a moderator ended the match: no one is waited on any more."""
    head = match_title(ended.match_id, ended.ruleset, ended.names)
    tail = _("**Ended by a moderator** (<@{user}>), without a result.").format(user=ended.by)
    room = MESSAGE_LIMIT - len(head) - len(tail) - 2
    body = turn_description(captions, len(captions), limit=room) if captions else ""
    return "\n".join(line for line in (head, body, tail) if line)


def ended_dm_text(ended: Ended) -> str:
    return _(
        "**Match #{match}** ({ruleset}) in <#{channel}> was ended by a moderator (<@{user}>), "
        "without a result. Nobody won or lost."
    ).format(match=ended.match_id, ruleset=ended.ruleset, channel=ended.channel_id, user=ended.by)


def result_text(committed: Committed) -> str:
    """The channel's result message, beside the result picture."""
    c = committed
    assert c.result is not None
    head = _("**Match #{match} is over** — {players}").format(
        match=c.match_id, players=_versus(c.names)
    )
    lines = [head]
    lines += [named(note, c.names) for note in c.notes]  # a forfeit: why it ended
    lines += result_lines(c.result, c.names)
    lines.append(mentions(c.user_ids, range(len(c.user_ids))))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def outcome_line(hand: Hand) -> str:
    """A seat's outcome, in its own words: won, lost or draw, and how."""
    result = hand.result
    assert result is not None
    summary = name_seats(in_language(result.summary, hand.language), [clean(n) for n in hand.names])
    if result.draw:
        head = _("🤝 **A draw.** {summary}").format(summary=summary)
    elif hand.seat in result.winners:
        head = _("🏆 **You won!** {summary}").format(summary=summary)
    else:
        head = _("**You lost.** {summary}").format(summary=summary)
    lines = [head]
    if result.points and hand.seat < len(result.points):
        mine = result.points[hand.seat]
        others = [
            f"{clean(n)} {p:+d}"
            for s, (n, p) in enumerate(zip(hand.names, result.points, strict=False))
            if s != hand.seat
        ]
        lines.append(
            _("Stakes: you {mine} · {others}").format(mine=f"{mine:+d}", others=" · ".join(others))
        )
    return "\n".join(lines)


def superseded_text(match_id: int, turn: tuple[int, int | None] | None = None) -> str:
    """What an older table message says once a newer one replaced it (no picture, no
    controls); ``turn`` is the newer one's."""
    if turn is None:
        return _("-# Match #{match}: replaced by your table below.").format(match=match_id)
    return _("-# Match #{match}: replaced by your table for turn {turn} below.").format(
        match=match_id, turn=turn[0]
    )


def result_lines(result: Result, names: Sequence[str]) -> list[str]:
    lines = [named(result.summary, names)]
    if result.points:
        lines.append(
            " · ".join(f"{clean(n)} {p:+d}" for n, p in zip(names, result.points, strict=False))
        )
    language = spoken()
    for key, label in result.labels.items():  # the ruleset's words for what it shows
        value = result.detail.get(key)
        if isinstance(value, list | tuple) and len(value) == len(names):
            shown = " · ".join(f"{clean(n)} {v}" for n, v in zip(names, value, strict=True))
        elif isinstance(value, int | str):
            shown = in_language(value, language) if isinstance(value, str) else str(value)
        else:
            continue  # neither per player nor a plain value: the picture shows it
        label = in_language(label, language)
        lines.append(_("{label}: {value}").format(label=label, value=shown))
    return lines


def _hand_head(hand: Hand) -> str:
    others = separated([clean(n) for i, n in enumerate(hand.names) if i != hand.seat])
    if hand.turn is not None and not hand.over:
        return _("**Match #{match}** in <#{channel}> · you vs {others} · {turn}").format(
            match=hand.match_id, channel=hand.channel_id, others=others, turn=_turn(hand.turn)
        )
    return _("**Match #{match}** in <#{channel}> · you vs {others}").format(
        match=hand.match_id, channel=hand.channel_id, others=others
    )


def _hand_state(hand: Hand, result_url: str | None) -> list[str]:
    """Where a seat stands: its outcome, its move (until when), or whom it waits on."""
    if hand.over and hand.result is not None:
        lines = [outcome_line(hand)]
        if result_url:
            lines.append(_("[The result in the channel]({url})").format(url=result_url))
        return lines
    if hand.over:
        return [_("The match is over.")]
    if hand.to_move and hand.due_at is not None:
        return [_("**Your move.** Time runs out {when}.").format(when=relative(hand.due_at))]
    if hand.to_move:
        return [_("**Your move.**")]
    if hand.waiting_on:
        return [_("{players} to move.").format(players=_bold_names(hand.waiting_on))]
    return []


def hand_text(
    hand: Hand, heading: str = "", note: str = "", *, result_url: str | None = None
) -> str:
    """A seat's table message: which match and turn, what just happened for this seat, and
    whether it is its move (until when); at the end, its outcome and where the result is."""
    lines = [_hand_head(hand)]
    names = [clean(x) for x in hand.names]  # notes are the match's story: in its language
    lines += [f"› {name_seats(in_language(n, hand.language), names)}" for n in hand.notes[-8:]]
    lines += _hand_state(hand, result_url)
    if note:
        lines.append(note)
    if heading:
        lines.append(heading)
    return "\n".join(lines)[:MESSAGE_LIMIT]


def cannot_post_text(match_id: int, channel_id: int) -> str:
    """A player's DM when the bot may not post the board in the match's channel."""
    return _(
        "I can't post match #{match}'s board in <#{channel}>: I need permission to send "
        "messages and attach files there. Ask a server admin; meanwhile `/board` shows it to you."
    ).format(match=match_id, channel=channel_id)


def dms_closed_text(user_id: int) -> str:
    """In the channel, to a player whose DMs turned out closed when their cards were sent."""
    return _(
        "<@{user}> I can't send you DMs, so your cards will not arrive there: use `/hand` in "
        "this channel (or **My hand** under the board). Only you will see it."
    ).format(user=user_id)


def ended_collapsed_text(match_id: int) -> str:
    """What a seat's table says once a moderator ended the match (no picture, no controls)."""
    return _("-# Match #{match}: ended.").format(match=match_id)


def reminder_text(reminder: Reminder) -> str:
    if reminder.last_chance:
        return _(
            "⏰ Your time in match #{match} (<#{channel}>) runs out {when}. Then the game moves "
            "on for you, as things stand. You have missed too many turns in a row: miss this "
            "one and you forfeit."
        ).format(
            match=reminder.match_id, channel=reminder.channel_id, when=relative(reminder.due_at)
        )
    return _(
        "⏰ Your time in match #{match} (<#{channel}>) runs out {when}. Then the game moves on "
        "for you, as things stand."
    ).format(match=reminder.match_id, channel=reminder.channel_id, when=relative(reminder.due_at))


def rules_page(ruleset: str, page: Page, number: int, count: int) -> tuple[str, str, str]:
    """A rules page's title, text and footer (``Page 2 of 7``)."""
    footer = _("Page {page} of {count}").format(page=number + 1, count=count)
    return f"{ruleset.capitalize()} · {page.title}", page.text, footer


def card_lines(
    ruleset: str, name: str, summary: str, text: str, token: bool, keywords: Sequence[Keyword]
) -> tuple[str, str, list[tuple[str, str]]]:
    """A card looked up: its title, its description (what it is and its rules text) and one
    field per keyword its text uses, explained."""
    if token:
        kind = _("{ruleset} · {summary} · a token: only abilities make it")
    else:
        kind = _("{ruleset} · {summary}")
    about = kind.format(ruleset=ruleset, summary=summary)
    rules_text = text or _("No ability.")
    description = f"*{about}*\n\n{rules_text}"
    fields = [(k.name, k.text[:1024]) for k in keywords[:25]]
    return name, description, fields


def server_defaults_lines(defaults: ServerDefaults) -> list[str]:
    """``/parlor settings``: each of a server's defaults, and whether it is the server's own."""

    def line(template: str, name: str, **values: str) -> str:
        own = name in defaults.own
        source = _("*(this server's)*") if own else _("*(the bot's default)*")
        return template.format(**values, source=source)

    lines = [
        line(
            _("**Turn limit:** {limit} {source}"),
            "turn_limit",
            limit=describe_limit(defaults.turn_limit),
        ),
        line(
            _("**Forfeit:** {forfeit} {source}"),
            "forfeit_after",
            forfeit=forfeit_rule(defaults.forfeit_after),
        ),
        line(
            _("**Step pacing:** {delay} between a reveal's pictures {source}"),
            "step_delay",
            delay=duration(defaults.step_delay),
        ),
        _("**Games offered:** {games}").format(games=separated(defaults.offered)),
    ]
    if defaults.withdrawn:
        lines.append(_("**Not offered:** {games}").format(games=separated(defaults.withdrawn)))
    lines += [
        "",
        _(
            "`/match new` uses these when its options are not given; its options still win. "
            "Matches already open keep their own."
        ),
    ]
    return lines


MATCHES_LIMIT = 3800
"""The longest list of ``/parlor matches``: an embed's description holds 4096 characters."""


def matches_lines(lines: Sequence[str], limit: int = MATCHES_LIMIT) -> list[str]:
    """``/parlor matches``: a line per lobby or active match (``lobby_line``, ``status_line``,
    ``unrestored_line``), oldest first. Lines that do not fit are left off, and counted."""
    if not lines:
        return [_("No lobbies or matches are open in this server.")]
    shown: list[str] = []
    for i, line in enumerate(lines):
        rest = len(lines) - i
        if sum(len(s) + 1 for s in shown) + len(line) + 60 > limit:
            more = ngettext(
                "… and {count} more (the newest): `/match status` in its channel.",
                "… and {count} more (the newest): `/match status` in their channels.",
                rest,
            )
            shown.append(more.format(count=rest))
            break
        shown.append(line)
    return shown


def unrestored_line(match_id: int, ruleset: str, channel_id: int) -> str:
    """``/parlor matches``: an active match that could not be restored."""
    return _("**#{match}** {ruleset} in <#{channel}> · could not be restored").format(
        match=match_id, ruleset=ruleset, channel=channel_id
    )


def _where(match_id: int, ruleset: str, channel_id: int | None) -> str:
    return _("**#{match}** {ruleset} in <#{channel}>").format(
        match=match_id, ruleset=ruleset, channel=channel_id
    )


def lobby_line(lobby: Lobby) -> str:
    """``/parlor matches``: a lobby, with a link to it."""
    row = lobby.row
    seats = _("lobby, {taken} of {seats} seats taken").format(
        taken=len(lobby.players), seats=lobby.max_seats
    )
    if lobby.rematch_of is not None:
        confirmed = len(lobby.players) - len(lobby.unconfirmed)
        seats = _("rematch of #{old}, {confirmed} of {players} confirmed").format(
            old=lobby.rematch_of, confirmed=confirmed, players=len(lobby.players)
        )
    parts = [_where(row.id, row.ruleset, row.channel_id), seats]
    if lobby.expires_at is not None:
        parts.append(_("expires {when}").format(when=relative(lobby.expires_at)))
    if row.lobby_message_id is not None:
        url = jump_url(row.guild_id, row.channel_id, row.lobby_message_id)
        parts.append(_("[lobby]({url})").format(url=url))
    return " · ".join(parts)


def status_line(status: Status) -> str:
    """``/parlor matches``: an active match, with a link to its board."""
    return " · ".join(_status_parts(status))


def _status_parts(status: Status) -> list[str]:
    parts = [_where(status.match_id, status.ruleset, status.channel_id)]
    if status.turn is not None:
        parts.append(_turn(status.turn).lower())
    waiting = []
    for seat in status.waiting_on:
        due = status.due.get(seat)
        who = player(status.user_ids[seat], status.names[seat])
        if due:
            waiting.append(_("{player} until {when}").format(player=who, when=relative(due)))
        else:
            waiting.append(who)
    if waiting:
        parts.append(_("to move: {players}").format(players=separated(waiting)))
    else:
        parts.append(_("resolving"))
    if status.board_message_id is not None and status.channel_id is not None:
        url = jump_url(status.guild_id, status.channel_id, status.board_message_id)
        parts.append(_("[board]({url})").format(url=url))
    return parts
