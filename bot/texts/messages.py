"""What the bot posts and sends, as pure functions of snapshots: easy to read, test and check
for leaks. Channel texts are built from public captions and names only; a hand's texts from what
its seat may see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rules.engine import ActionSpec, name_seats
from rules.guide import Keyword, Page

from .markup import clean, deadline, jump_url, listed, mentions, player, relative

if TYPE_CHECKING:  # the table's values, read here but never imported: the table imports texts
    from rules.engine import Result

    from ..table.guilds import ServerDefaults
    from ..table.live import Committed, Ended, Hand, Reminder
    from ..table.lobby import Lobby
    from ..table.service import Status

__all__ = [
    "BOARD_FOOTER",
    "HELP",
    "MATCHES_LIMIT",
    "MESSAGE_LIMIT",
    "PAGE_LIMIT",
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

HELP = """\
**How to play**
• `/match new` opens a match in this channel (or a thread); others press **Join**, then a \
player presses **Start**. Choose a deck in the lobby, or with `/match join deck:`.
• No one around? `/match new cpu:` plays against the CPU (easy, normal or hard) at once; a \
lobby's creator can seat CPU players from its menu too.
• Your hand arrives by DM, with buttons and menus for every move. If your DMs are closed, \
use `/hand` (or **My hand** under the board): only you see it.
• Every move also works as a command here: `/act` lists everything you can do now, `/play` \
what you can do with a card; anything more the move needs is then asked with the same menus. \
`/retreat` gives up the match at any time (you confirm first). Nobody but you ever sees your \
hand.
• The board is posted here after every step, for players and spectators alike; `/board` \
shows it to you now, `/match status` who the game waits on, `/match log` what happened.
• Each turn has a time limit (`timer:` when you open a match; 24 hours by default). You are \
reminded by DM before it runs out; then the game moves on for you, as things stand. Miss \
3 turns in a row (`forfeit_after:` when you open a match) and you forfeit.
• When a match is over, **Rematch** under its result opens the same match again, seats \
rotated: it starts as soon as every player has confirmed with **Join**.
• `/match leave` leaves a lobby; `/match cancel` cancels it (its creator, or a channel manager, \
who can also end a running match).
• New to a game? `/rules` explains it page by page (so does **How to play** in a lobby), and \
`/card` shows any card with its keywords explained.
"""
PAGE_LIMIT = 3500
"""The longest page of rules text: an embed's description holds 4096 characters."""


def named(caption: str, names: Sequence[str]) -> str:
    return name_seats(caption, [f"**{clean(n)}**" for n in names])


def named_specs(specs: Sequence[ActionSpec], names: Sequence[str]) -> tuple[ActionSpec, ...]:
    """A seat's legal actions with the seats their labels name (``{seat2}``, a game of more than
    two seats: whom to invite, whom to attack) put as the players' names, as controls show them
    (plain text: a label is no markdown). Specs that name no seat are kept as they are."""
    return tuple(_named_spec(spec, names) if _names_a_seat(spec) else spec for spec in specs)


def _names_a_seat(spec: ActionSpec) -> bool:
    if "{seat" in spec.label or "{seat" in spec.detail:
        return True
    return any("{seat" in o.label or "{seat" in o.detail for p in spec.params for o in p.options)


def _named_spec(spec: ActionSpec, names: Sequence[str]) -> ActionSpec:
    params = tuple(
        p._replace(
            options=tuple(
                o._replace(label=name_seats(o.label, names), detail=name_seats(o.detail, names))
                for o in p.options
            )
        )
        for p in spec.params
    )
    return spec._replace(
        label=name_seats(spec.label, names), detail=name_seats(spec.detail, names), params=params
    )


def describe_limit(seconds: int) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


def status_text(status: Status) -> tuple[str, list[str]]:
    """``/match status``: the turn and where the match stands, each player (whose move, until
    when), whom it waits on, a link to the current board, the turn limit. Public things only."""
    lines = []
    head = []
    if status.turn is not None and not status.over:
        turn, last = status.turn
        head.append(f"**Turn {turn}{f' of {last}' if last else ''}**")
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
            parts.append(f"**to move**{' until ' + deadline(due) if due else ''}")
        lines.append(" · ".join(parts))
    lines.append("")
    if status.summary:
        lines.append(f"The match is over: {status.summary}")
    else:
        lines.append(waiting_line(status.names, status.waiting_on, status.over))
    if status.board_message_id is not None and status.channel_id is not None:
        url = jump_url(status.guild_id, status.channel_id, status.board_message_id)
        lines.append(f"[{'Final' if status.over else 'Current'} board]({url})")
    lines.append(f"Turn limit: {describe_limit(status.turn_limit)}")
    return f"Match #{status.match_id} · {status.ruleset}", lines


def lobby_text(lobby: Lobby, closed: frozenset[int] = frozenset()) -> tuple[str, list[str]]:
    """The lobby's title and lines: players with their decks (in a rematch, who has confirmed),
    open seats, the settings."""
    row = lobby.row
    title = f"Match #{row.id} · {row.ruleset}"
    rematch = lobby.rematch_of is not None
    lines = [f"**Rematch of match #{lobby.rematch_of}**, seats rotated.", ""] if rematch else []
    waiting = row.status == "lobby"
    for p in lobby.players:
        who = player(p.user_id, p.name)
        if not p.confirmed and waiting:
            who = f"waiting for {who} to confirm"
        deck = lobby.deck_name(p)
        state = ""
        if rematch and (p.confirmed or not waiting):
            state = " · confirmed" if p.confirmed else " · did not confirm"
        note = " · DMs closed, plays with /hand" if p.dms_closed or p.user_id in closed else ""
        lines.append(f"{p.seat + 1}. {who}{f' — {deck}' if deck else ''}{state}{note}")
    invited = row.invited_id
    if invited is not None and any(p.user_id == invited for p in lobby.players):
        invited = None
    last = len(lobby.players) if rematch else lobby.min_seats  # a rematch seats everyone at once
    for seat in range(len(lobby.players), last):
        reserved = invited if seat == len(lobby.players) else None
        lines.append(f"{seat + 1}. {f'reserved for <@{reserved}>' if reserved else 'open seat'}")
    more = lobby.max_seats - max(len(lobby.players), lobby.min_seats)
    if not rematch and more > 0:
        span = f"{lobby.min_seats} to {lobby.max_seats} players"
        lines.append(f"Up to {more} more may join ({span}).")
    lines.append("")
    limit = describe_limit(row.turn_limit)
    lines.append(f"Turn limit: {limit} · {forfeit_rule(row.forfeit_after)}")
    if lobby.closing is not None:
        lines.append(lobby_closing(lobby))
        return title, lines
    state = {
        "lobby": (
            "Each player confirms with **Join**; the match starts as soon as all have."
            if rematch
            else "Press **Join** to play; the match starts when all seats are taken."
            if lobby.row.seats is not None
            else f"Press **Join** to play; <@{row.creator_id}> presses **Start** when everyone "
            "is in."
            if lobby.max_seats > lobby.min_seats
            else "Press **Join** to play; a player presses **Start** when everyone is in."
        ),
        "active": "Started: the board follows below.",
        "finished": "This match is over.",
        "cancelled": "This match was cancelled.",
    }[row.status]
    lines.append(state)
    if row.status == "lobby" and lobby.expires_at is not None:
        lines.append(f"Expires {relative(lobby.expires_at)}.")
    return title, lines


def joined_text(lobby: Lobby) -> str:
    """The answer to ``/match join``: in the match; in a rematch, confirmed, and what follows."""
    row = lobby.row
    if lobby.rematch_of is None:
        return f"You are in match #{row.id}."
    if row.status == "active":
        return f"You confirmed: match #{row.id} is on, the board follows."
    return (
        f"You confirmed the rematch, match #{row.id}: it starts as soon as "
        f"{listed([p.user_id for p in lobby.unconfirmed])} confirm{_s(lobby.unconfirmed)}."
    )


def rematch_call(lobby: Lobby) -> str:
    """The message above a new rematch's lobby, mentioning those who have to confirm."""
    asker = next((p.name for p in lobby.players if p.user_id == lobby.row.creator_id), "")
    waiting = listed([p.user_id for p in lobby.unconfirmed])
    return (
        f"{waiting} **{clean(asker)}** asks for a rematch of match #{lobby.rematch_of}: "
        "press **Join** to confirm."
    )


def _lobby_link(lobby: Lobby) -> str:
    row = lobby.row
    if row.lobby_message_id is None:
        return f"match #{row.id}, in this channel"
    return f"[match #{row.id}]({jump_url(row.guild_id, row.channel_id, row.lobby_message_id)})"


def rematch_asked_text(lobby: Lobby) -> str:
    """The answer to the player who asked for a rematch."""
    waiting = lobby.unconfirmed
    return (
        f"Rematch asked for: {_lobby_link(lobby)} starts as soon as "
        f"{listed([p.user_id for p in waiting])} confirm{_s(waiting)} with **Join**."
    )


def rematch_open_text(lobby: Lobby, user_id: int) -> str:
    """The answer to a Rematch pressed while that rematch is open: where it is, what next."""
    head = f"The rematch of match #{lobby.rematch_of} is open already: {_lobby_link(lobby)}."
    waiting = lobby.unconfirmed
    if any(p.user_id == user_id for p in waiting):
        return f"{head} Press **Join** there to confirm."
    return f"{head} Waiting for {listed([p.user_id for p in waiting])} to confirm."


def _s(players: Sequence[object]) -> str:
    """A verb's ending after a list of players: ``confirms``, but ``a and b confirm``."""
    return "s" if len(players) == 1 else ""


def forfeit_rule(forfeit_after: int) -> str:
    if forfeit_after <= 0:
        return "missed turns never forfeit"
    turns = f"{forfeit_after} missed turn{'s' if forfeit_after != 1 else ''}"
    return f"{turns} in a row forfeit" if forfeit_after != 1 else f"{turns} forfeits"


def _waited(lobby: Lobby) -> str:
    waited = (lobby.expires_at or lobby.row.created_at) - lobby.row.created_at
    return describe_limit(int(waited))


def lobby_closing(lobby: Lobby) -> str:
    """The lobby message's last line once it closed by itself."""
    rematch = lobby.rematch_of is not None
    if lobby.closing == "expired":
        if rematch:
            return f"This rematch expired: not everyone confirmed within {_waited(lobby)}."
        return f"This lobby expired: nobody started it within {_waited(lobby)}."
    if lobby.closing == "cancelled":
        return f"This {'rematch' if rematch else 'lobby'} was cancelled."
    if rematch:
        return f"This rematch closed: **{clean(_name(lobby, lobby.closed_by))}** left."
    return "This lobby closed: its creator left."


def _name(lobby: Lobby, user_id: int | None) -> str:
    """A lobby player's name ("" for someone else)."""
    return next((p.name for p in lobby.players if p.user_id == user_id), "")


def lobby_closed_text(lobby: Lobby) -> str | None:
    """The channel message telling those a closed lobby leaves waiting why (None: nobody)."""
    row = lobby.row
    # Who closed it knows why: who left it, whoever cancelled it.
    left_by = lobby.closed_by or row.creator_id
    knows = {"left": left_by, "cancelled": lobby.closed_by}.get(lobby.closing or "")
    told = [p for p in lobby.players if p.user_id != knows and p.cpu is None]
    if not told or lobby.closing not in ("expired", "left", "cancelled"):
        return None
    rematch = lobby.rematch_of is not None
    if lobby.closing == "expired" and rematch:
        why = f"not everyone confirmed the rematch within {_waited(lobby)}"
    elif lobby.closing == "expired":
        why = f"its lobby expired, as nobody pressed **Start** within {_waited(lobby)}"
    elif lobby.closing == "cancelled":
        by = _name(lobby, lobby.closed_by)
        why = f"**{clean(by)}** cancelled it" if by else "a channel manager cancelled it"
    elif rematch:
        why = f"**{clean(_name(lobby, left_by))}** left it"
    else:
        why = f"**{clean(_name(lobby, left_by)) or 'its creator'}**, who opened it, left"
    who = " ".join(f"<@{p.user_id}>" for p in told)
    again = (
        f"Press **Rematch** under match #{lobby.rematch_of}'s result to ask again, or open a "
        "new one with `/match new`."
        if rematch
        else "Open a new one with `/match new`."
    )
    return f"{who} Match #{row.id} ({row.ruleset}) will not start: {why}. {again}"


def waiting_line(names: Sequence[str], waiting: Sequence[int], over: bool) -> str:
    if over:
        return "The match is over."
    if not waiting:
        return "Resolving…"
    return "Waiting on " + ", ".join(f"**{clean(names[s])}**" for s in waiting) + "."


def turn_description(captions: Sequence[str], current: int, limit: int = 1500) -> str:
    """The captions shown so far on a board message, those from ``current`` on (what the
    picture shows now) marked; the oldest give way to a count of them if all do not fit."""
    lines = [f"**▶** {c}" if i >= current else f"› {c}" for i, c in enumerate(captions)]
    dropped = 0
    while len(lines) > 1 and sum(len(line) + 1 for line in lines) > limit - 60 * bool(dropped):
        lines.pop(0)
        dropped += 1
    if dropped:
        lines.insert(0, f"› … {dropped} earlier step{'s' if dropped != 1 else ''}: `/match log`")
    return "\n".join(lines)


def timed_out_note(seat: int) -> str:
    """The note shown when the clock acted for a seat (``{seatN}``: named when shown)."""
    return f"⏰ {{seat{seat}}} ran out of time."


def forfeited_note(seat: int, missed: int) -> str:
    """The note shown when the clock gave up for a seat that missed too many turns."""
    return f"⏰ {{seat{seat}}} forfeits after missing {missed} turns in a row."


def cards_in_hand(count: int) -> str:
    """A player's public fact beside the board: how many cards they hold."""
    return f"{count} card{'s' if count != 1 else ''} in hand"


MESSAGE_LIMIT = 2000
"""The longest message content Discord accepts."""
BOARD_FOOTER = "-# Your cards: your DMs or `/hand` · `/board` · `/match status` · `/match log`"


def match_title(match_id: int, ruleset: str, names: Sequence[str]) -> str:
    return f"**Match #{match_id} · {ruleset}** — {' vs '.join(clean(n) for n in names)}"


def turn_label(turn: tuple[int, int | None] | None) -> str:
    if turn is None:
        return ""
    number, last = turn
    return f"Turn {number}{f' of {last}' if last else ''}"


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
    tail.append(BOARD_FOOTER)
    room = MESSAGE_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
    return "\n".join([head, turn_description(captions, current, limit=room), *tail])


def now_line(c: Committed, closed: frozenset[int] = frozenset()) -> str:
    """Whom the game waits on now, and until when."""
    if c.result is not None:
        return "**The match is over**: the result follows."
    if not c.pending:
        return "Resolving…"
    parts = []
    for seat in c.pending:
        due = c.due.get(seat)
        until = f" (time runs out {relative(due)})" if due else ""
        parts.append(f"{player(c.user_ids[seat], c.names[seat])} to move{until}")
    line = "**Now:** " + ", ".join(parts)
    if closed & set(c.pending):
        line += " · your cards: `/hand`"
    return line


def ended_board_text(ended: Ended, captions: Sequence[str]) -> str:
    """The board message once a moderator ended the match: no one is waited on any more."""
    head = match_title(ended.match_id, ended.ruleset, ended.names)
    tail = f"**Ended by a moderator** (<@{ended.by}>), without a result."
    room = MESSAGE_LIMIT - len(head) - len(tail) - 2
    body = turn_description(captions, len(captions), limit=room) if captions else ""
    return "\n".join(line for line in (head, body, tail) if line)


def ended_dm_text(ended: Ended) -> str:
    return (
        f"**Match #{ended.match_id}** ({ended.ruleset}) in <#{ended.channel_id}> was ended by a "
        f"moderator (<@{ended.by}>), without a result. Nobody won or lost."
    )


def result_text(committed: Committed) -> str:
    """The channel's result message, beside the result picture."""
    c = committed
    assert c.result is not None
    lines = [f"**Match #{c.match_id} is over** — {' vs '.join(clean(n) for n in c.names)}"]
    lines += [named(note, c.names) for note in c.notes]  # a forfeit: why it ended
    lines += result_lines(c.result, c.names)
    lines.append(mentions(c.user_ids, range(len(c.user_ids))))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def outcome_line(hand: Hand) -> str:
    """A seat's outcome, in its own words: won, lost or draw, and how."""
    result = hand.result
    assert result is not None
    if result.draw:
        head = "🤝 **A draw.**"
    elif hand.seat in result.winners:
        head = "🏆 **You won!**"
    else:
        head = "**You lost.**"
    lines = [f"{head} {name_seats(result.summary, [clean(n) for n in hand.names])}"]
    if result.points and hand.seat < len(result.points):
        mine = result.points[hand.seat]
        others = [
            f"{clean(n)} {p:+d}"
            for s, (n, p) in enumerate(zip(hand.names, result.points, strict=False))
            if s != hand.seat
        ]
        lines.append(f"Stakes: you {mine:+d} · {' · '.join(others)}")
    return "\n".join(lines)


def superseded_text(match_id: int, turn: tuple[int, int | None] | None = None) -> str:
    """What an older table message says once a newer one replaced it (no picture, no
    controls); ``turn`` is the newer one's."""
    if turn is None:
        return f"-# Match #{match_id}: replaced by your table below."
    return f"-# Match #{match_id}: replaced by your table for turn {turn[0]} below."


def result_lines(result: Result, names: Sequence[str]) -> list[str]:
    lines = [named(result.summary, names)]
    if result.points:
        lines.append(
            " · ".join(f"{clean(n)} {p:+d}" for n, p in zip(names, result.points, strict=False))
        )
    for key, value in result.detail.items():
        label = key.replace("_", " ").capitalize()
        if isinstance(value, list | tuple) and len(value) == len(names):
            shown = " · ".join(f"{clean(n)} {v}" for n, v in zip(names, value, strict=True))
        elif isinstance(value, int | str):
            shown = str(value)
        else:
            continue  # neither per player nor a plain value: the picture shows it
        lines.append(f"{label}: {shown}")
    return lines


def hand_text(
    hand: Hand, heading: str = "", note: str = "", *, result_url: str | None = None
) -> str:
    """A seat's table message: which match and turn, what just happened for this seat, and
    whether it is its move (until when); at the end, its outcome and where the result is."""
    names = hand.names
    others = ", ".join(clean(n) for i, n in enumerate(names) if i != hand.seat)
    head = f"**Match #{hand.match_id}** in <#{hand.channel_id}> · you vs {others}"
    if hand.turn is not None and not hand.over:
        head += f" · {turn_label(hand.turn)}"
    lines = [head]
    lines += [f"› {name_seats(n, [clean(x) for x in names])}" for n in hand.notes[-8:]]
    if hand.over and hand.result is not None:
        lines.append(outcome_line(hand))
        if result_url:
            lines.append(f"[The result in the channel]({result_url})")
    elif hand.over:
        lines.append("The match is over.")
    elif hand.to_move:
        due = f" Time runs out {relative(hand.due_at)}." if hand.due_at is not None else ""
        lines.append(f"**Your move.**{due}")
    elif hand.waiting_on:
        lines.append(", ".join(f"**{clean(n)}**" for n in hand.waiting_on) + " to move.")
    if note:
        lines.append(note)
    if heading:
        lines.append(heading)
    return "\n".join(lines)[:MESSAGE_LIMIT]


def cannot_post_text(match_id: int, channel_id: int) -> str:
    """A player's DM when the bot may not post the board in the match's channel."""
    return (
        f"I can't post match #{match_id}'s board in <#{channel_id}>: I need "
        "permission to send messages and attach files there. Ask a server admin; "
        "meanwhile `/board` shows it to you."
    )


def dms_closed_text(user_id: int) -> str:
    """In the channel, to a player whose DMs turned out closed when their cards were sent."""
    return (
        f"<@{user_id}> I can't send you DMs, so your cards will not arrive there: use "
        "`/hand` in this channel (or **My hand** under the board). Only you will see it."
    )


def ended_collapsed_text(match_id: int) -> str:
    """What a seat's table says once a moderator ended the match (no picture, no controls)."""
    return f"-# Match #{match_id}: ended."


def reminder_text(reminder: Reminder) -> str:
    text = (
        f"⏰ Your time in match #{reminder.match_id} (<#{reminder.channel_id}>) runs out "
        f"{relative(reminder.due_at)}. Then the game moves on for you, as things stand."
    )
    if reminder.last_chance:
        text += " You have missed too many turns in a row: miss this one and you forfeit."
    return text


def rules_page(ruleset: str, page: Page, number: int, count: int) -> tuple[str, str, str]:
    """A rules page's title, text and footer (``Page 2 of 7``)."""
    return f"{ruleset.capitalize()} · {page.title}", page.text, f"Page {number + 1} of {count}"


def card_lines(
    ruleset: str, name: str, summary: str, text: str, token: bool, keywords: Sequence[Keyword]
) -> tuple[str, str, list[tuple[str, str]]]:
    """A card looked up: its title, its description (what it is and its rules text) and one
    field per keyword its text uses, explained."""
    kind = f"{ruleset} · {summary}" + (" · a token: only abilities make it" if token else "")
    description = f"*{kind}*\n\n{text or 'No ability.'}"
    fields = [(k.name, k.text[:1024]) for k in keywords[:25]]
    return name, description, fields


def server_defaults_lines(defaults: ServerDefaults) -> list[str]:
    """``/parlor settings``: each of a server's defaults, and whether it is the server's own."""

    def source(name: str) -> str:
        return " *(this server's)*" if name in defaults.own else " *(the bot's default)*"

    delay = f"{defaults.step_delay:g} second{'s' if defaults.step_delay != 1 else ''}"
    lines = [
        f"**Turn limit:** {describe_limit(defaults.turn_limit)}{source('turn_limit')}",
        f"**Forfeit:** {forfeit_rule(defaults.forfeit_after)}{source('forfeit_after')}",
        f"**Step pacing:** {delay} between a reveal's pictures{source('step_delay')}",
        f"**Games offered:** {', '.join(defaults.offered)}",
    ]
    if defaults.withdrawn:
        lines.append(f"**Not offered:** {', '.join(defaults.withdrawn)}")
    lines += [
        "",
        "`/match new` uses these when its options are not given; its options still win. "
        "Matches already open keep their own.",
    ]
    return lines


MATCHES_LIMIT = 3800
"""The longest list of ``/parlor matches``: an embed's description holds 4096 characters."""


def matches_lines(lines: Sequence[str], limit: int = MATCHES_LIMIT) -> list[str]:
    """``/parlor matches``: a line per lobby or active match (``lobby_line``, ``status_line``,
    ``unrestored_line``), oldest first. Lines that do not fit are left off, and counted."""
    if not lines:
        return ["No lobbies or matches are open in this server."]
    shown: list[str] = []
    for i, line in enumerate(lines):
        rest = len(lines) - i
        if sum(len(s) + 1 for s in shown) + len(line) + 60 > limit:
            shown.append(f"… and {rest} more (the newest): `/match status` in their channels.")
            break
        shown.append(line)
    return shown


def unrestored_line(match_id: int, ruleset: str, channel_id: int) -> str:
    """``/parlor matches``: an active match that could not be restored."""
    return f"**#{match_id}** {ruleset} in <#{channel_id}> · could not be restored"


def lobby_line(lobby: Lobby) -> str:
    """``/parlor matches``: a lobby, with a link to it."""
    row = lobby.row
    seats = f"lobby, {len(lobby.players)} of {lobby.max_seats} seats taken"
    if lobby.rematch_of is not None:
        confirmed = len(lobby.players) - len(lobby.unconfirmed)
        seats = f"rematch of #{lobby.rematch_of}, {confirmed} of {len(lobby.players)} confirmed"
    parts = [f"**#{row.id}** {row.ruleset} in <#{row.channel_id}>", seats]
    if lobby.expires_at is not None:
        parts.append(f"expires {relative(lobby.expires_at)}")
    if row.lobby_message_id is not None:
        url = jump_url(row.guild_id, row.channel_id, row.lobby_message_id)
        parts.append(f"[lobby]({url})")
    return " · ".join(parts)


def status_line(status: Status) -> str:
    """``/parlor matches``: an active match, with a link to its board."""
    return " · ".join(_status_parts(status))


def _status_parts(status: Status) -> list[str]:
    parts = [f"**#{status.match_id}** {status.ruleset} in <#{status.channel_id}>"]
    if status.turn is not None:
        turn, last = status.turn
        parts.append(f"turn {turn}{f' of {last}' if last else ''}")
    waiting = []
    for seat in status.waiting_on:
        due = status.due.get(seat)
        until = f" until {relative(due)}" if due else ""
        waiting.append(f"{player(status.user_ids[seat], status.names[seat])}{until}")
    parts.append(f"to move: {', '.join(waiting)}" if waiting else "resolving")
    if status.board_message_id is not None and status.channel_id is not None:
        url = jump_url(status.guild_id, status.channel_id, status.board_message_id)
        parts.append(f"[board]({url})")
    return parts
