"""Every text the bot writes, as pure functions of snapshots: easy to read, test and check for
leaks. Channel texts are built from public captions and names only; a hand's texts from what
its seat may see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from discord.utils import escape_markdown, escape_mentions

from rules.engine import Result, name_seats

from .live import Hand, Job, Reminder
from .lobby import Lobby
from .service import Status

__all__ = [
    "HELP",
    "describe_limit",
    "hand_text",
    "lobby_text",
    "result_lines",
    "status_text",
    "turn_description",
]

HELP = """\
**How to play**
• `/match new` opens a match in this channel (or a thread); others press **Join**, then a \
player presses **Start**. Choose a deck in the lobby, or with `/match join deck:`.
• Your hand arrives by DM, with buttons and menus for every move. If your DMs are closed, \
use `/hand` (or **My hand** under the board): only you see it.
• Moves also work as commands here: `/play`, `/end`, `/snap`, and `/act` for anything else; \
`/retreat` gives up the match at any time (you confirm first). Nobody but you ever sees your \
hand.
• The board is posted here after every step, for players and spectators alike; `/board` \
shows it to you now, `/match status` who the game waits on, `/match log` what happened.
• Each turn has a time limit (`timer:` when you open a match; 24 hours by default). You are \
reminded by DM before it runs out; then the game moves on for you, as things stand.
• `/match leave` leaves a lobby; `/match cancel` cancels it (its creator, or a channel manager, \
who can also end a running match).
"""


def clean(name: str) -> str:
    """A display name made safe to put in a message."""
    return escape_mentions(escape_markdown(name))


def named(caption: str, names: Sequence[str]) -> str:
    return name_seats(caption, [f"**{clean(n)}**" for n in names])


def describe_limit(seconds: int) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


def relative(when: float) -> str:
    return f"<t:{int(when)}:R>"


def deadline(when: float) -> str:
    """A moment as Discord shows it to each reader: their date and time, and how long from now."""
    return f"<t:{int(when)}:f> ({relative(when)})"


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


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
        parts = [f"<@{status.user_ids[seat]}>"]
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
    """The lobby's title and lines: players with their decks, open seats, the settings."""
    row = lobby.row
    title = f"Match #{row.id} · {row.ruleset}"
    lines = []
    for p in lobby.players:
        deck = lobby.deck_name(p)
        note = " · DMs closed, plays with /hand" if p.dms_closed or p.user_id in closed else ""
        lines.append(f"{p.seat + 1}. <@{p.user_id}>{f' — {deck}' if deck else ''}{note}")
    invited = row.invited_id
    if invited is not None and any(p.user_id == invited for p in lobby.players):
        invited = None
    for seat in range(len(lobby.players), lobby.max_seats):
        reserved = invited if seat == len(lobby.players) else None
        lines.append(f"{seat + 1}. {f'reserved for <@{reserved}>' if reserved else 'open seat'}")
    lines.append("")
    lines.append(f"Turn limit: {describe_limit(row.turn_limit)}")
    state = {
        "lobby": "Press **Join** to play; a player presses **Start** when everyone is in.",
        "active": "Started: the board follows below.",
        "finished": "This match is over.",
        "cancelled": "This match was cancelled.",
    }[row.status]
    lines.append(state)
    return title, lines


def waiting_line(names: Sequence[str], waiting: Sequence[int], over: bool) -> str:
    if over:
        return "The match is over."
    if not waiting:
        return "Resolving…"
    return "Waiting on " + ", ".join(f"**{clean(names[s])}**" for s in waiting) + "."


def turn_description(captions: Sequence[str], current: int, limit: int = 3800) -> str:
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


def player_lines(job: Job, facts: Mapping[int, str]) -> list[tuple[str, str]]:
    fields = []
    for seat, name in enumerate(job.names):
        state = "to act" if seat in job.pending else ("—" if job.result else "done for now")
        extra = [facts[seat]] if seat in facts else []
        if seat in job.dms_closed:
            extra.append("plays via /hand")
        fields.append((clean(name), " · ".join([state, *extra])))
    return fields


def mentions(user_ids: Sequence[int], seats: Sequence[int]) -> str:
    return " ".join(f"<@{user_ids[s]}>" for s in seats)


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


def hand_text(hand: Hand, heading: str = "", note: str = "") -> str:
    """A hand message: which match, what just happened for this seat, whose move it is."""
    names = hand.names
    others = ", ".join(clean(n) for i, n in enumerate(names) if i != hand.seat)
    lines = [f"**Match #{hand.match_id}** in <#{hand.channel_id}> · you vs {others}"]
    lines += [f"› {name_seats(n, [clean(x) for x in names])}" for n in hand.notes[-8:]]
    if hand.over:
        lines.append("The match is over: the result is in the channel.")
    elif hand.due_at is not None:
        lines.append(f"Your move. Time runs out {relative(hand.due_at)}.")
    elif hand.waiting_on:
        lines.append("Waiting on " + ", ".join(clean(n) for n in hand.waiting_on) + ".")
    if note:
        lines.append(note)
    if heading:
        lines.append(heading)
    return "\n".join(lines)[:2000]


def reminder_text(reminder: Reminder) -> str:
    return (
        f"⏰ Your time in match #{reminder.match_id} (<#{reminder.channel_id}>) runs out "
        f"{relative(reminder.due_at)}. Then the game moves on for you, as things stand."
    )
