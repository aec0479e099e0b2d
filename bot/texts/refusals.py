"""Why something cannot be done, in the player's words: the message of every ``UserError``,
whichever half raises it, each a whole sentence."""

from __future__ import annotations

from collections.abc import Sequence

from .markup import listed, typed

__all__ = [
    "already_started",
    "apology",
    "bots_cannot_play",
    "cancel_not_yours",
    "cannot_see_match",
    "cannot_start",
    "channel_busy",
    "choice_incomplete",
    "choose_one_option",
    "control_elsewhere",
    "cpus_by_creator_only",
    "done_already",
    "end_needs_a_manager",
    "ended_already",
    "fill_needs_seats",
    "forfeit_after_out_of_range",
    "in_match_already",
    "in_match_channel_only",
    "in_rematch_already",
    "invited_yourself",
    "join_before_choosing",
    "lobby_gone",
    "managers_only",
    "match_full",
    "match_over",
    "match_place_gone",
    "match_started_in_lobby",
    "no_card_called",
    "no_cpu_for",
    "no_cpu_seated",
    "no_game_to_explain",
    "no_longer_in_lobby",
    "no_longer_offered",
    "no_match_here",
    "no_match_numbered",
    "no_page",
    "no_such_action",
    "no_such_deck",
    "no_such_game",
    "no_such_match",
    "no_such_option",
    "no_such_strength",
    "not_a_control",
    "not_being_played",
    "not_in_match",
    "not_in_server",
    "not_now",
    "not_now_because",
    "not_now_but",
    "not_offered",
    "not_on_this_message",
    "not_restored",
    "not_started",
    "not_started_yet",
    "not_your_match",
    "nothing_matches",
    "nothing_to_replay",
    "one_game_must_stay",
    "outdated",
    "rematch_being_played",
    "rematch_for_players_only",
    "rematch_is_for",
    "rematch_is_open",
    "rematch_keeps_decks",
    "rematch_keeps_players",
    "rematch_starts_itself",
    "reserved_for",
    "seats_out_of_range",
    "server_only",
    "settings_in_server_only",
    "several_cards_called",
    "several_match",
    "start_by_creator_only",
    "start_by_players_only",
    "step_delay_out_of_range",
    "turn_limit_out_of_range",
    "waiting_for_players",
]


# -- the table: matches ---------------------------------------------------------------------------


def outdated() -> str:
    """A control older than the seat's state version (the current table follows)."""
    return "Those controls are out of date: here is your hand as it is now."


def apology(match_id: int | None = None) -> str:
    """Something went wrong on the bot's side; it was logged and nothing was changed."""
    if match_id is None:
        return "Sorry, something went wrong on my side. Nothing was changed: please try again."
    return (
        f"Sorry, something went wrong on my side in match #{match_id}. Nothing was changed: "
        "please try again."
    )


def not_started(match_id: int) -> str:
    return f"Match #{match_id} has not started."


def not_started_yet(match_id: int) -> str:
    return f"Match #{match_id} has not started yet."


def match_started_in_lobby(match_id: int) -> str:
    """A move or a table asked for while the channel's match is still in its lobby."""
    return f"Match #{match_id} has not started yet: press Start in its lobby."


def not_being_played() -> str:
    return "That match is not being played."


def not_restored(match_id: int) -> str:
    return (
        f"Match #{match_id} could not be restored from storage. An admin can end it with "
        "/match cancel."
    )


def no_match_here() -> str:
    return "There is no match in this channel. Start one with /match new."


def cannot_start(reason: str) -> str:
    """The ruleset refused the match's setup, saying why."""
    return f"The match cannot start: {reason}"


def not_your_match(match_id: int) -> str:
    return f"You are not playing in match #{match_id}; you can watch it here."


def match_over(match_id: int) -> str:
    return f"Match #{match_id} is over. See /match log."


def done_already() -> str:
    """The same interaction came twice: its action is stored already."""
    return "That was already done."


# -- the table: lobbies ---------------------------------------------------------------------------


def no_such_match() -> str:
    return "That match does not exist."


def no_such_deck(deck: str, ruleset: str, decks: Sequence[str]) -> str:
    known = ", ".join(decks) or "none"
    return f"There is no starter deck {typed(deck)} in {ruleset} (decks: {known})."


def no_such_game(name: str, games: Sequence[str]) -> str:
    return f"There is no game {typed(name)}. Games: {', '.join(games)}."


def not_offered(ruleset: str, offered: Sequence[str]) -> str:
    return f"{ruleset} is not offered in this server. Games here: {', '.join(offered)}."


def no_longer_offered(ruleset: str) -> str:
    return f"{ruleset} is no longer offered in this server."


def invited_yourself() -> str:
    return "Invite someone else: you are in the match already."


def channel_busy(match_id: int | None) -> str:
    """``/match new`` (or a rematch) where a match is open already (its id, if known)."""
    if match_id is None:
        return (
            "This channel already has a match. Finish or cancel it first, or start yours in "
            "another channel or a thread."
        )
    return (
        f"This channel already has a match (#{match_id}). Finish or cancel it first, or start "
        "yours in another channel or a thread."
    )


def already_started(match_id: int) -> str:
    return f"Match #{match_id} has already started."


def lobby_gone(match_id: int, status: str) -> str:
    """A lobby's control or command, once the match is over (``status``: finished, cancelled)."""
    return {
        "finished": f"Match #{match_id} is finished.",
        "cancelled": f"Match #{match_id} is cancelled.",
    }.get(status, f"Match #{match_id} is {status}.")


def ended_already(match_id: int, status: str) -> str:
    """``/match cancel`` of a match that is over (``status``: finished, cancelled)."""
    return {
        "finished": f"Match #{match_id} is finished already.",
        "cancelled": f"Match #{match_id} is cancelled already.",
    }.get(status, f"Match #{match_id} is {status} already.")


def in_match_already() -> str:
    return "You are in this match already."


def reserved_for(user_id: int) -> str:
    return f"This match is reserved for <@{user_id}>."


def match_full() -> str:
    return "This match is full."


def join_before_choosing() -> str:
    return "Join the match first, then choose your deck."


def not_in_match() -> str:
    return "You are not in this match."


def cancel_not_yours(rematch: bool) -> str:
    """Cancel, by someone who may not: only the creator (a rematch's players) or a manager."""
    if rematch:
        return "Only its players (or a channel manager) can cancel it."
    return "Only the match's creator (or a channel manager) can cancel it."


def no_longer_in_lobby(match_id: int) -> str:
    return f"Match #{match_id} is no longer in its lobby."


def end_needs_a_manager() -> str:
    return (
        "The match has started: only someone who can manage this channel can end it. "
        "A player can give up with /retreat."
    )


def start_by_players_only() -> str:
    return "Only a player in this match can start it."


def start_by_creator_only(creator_id: int) -> str:
    return f"More players may still join: <@{creator_id}>, who opened it, starts it."


def waiting_for_players(joined: int, least: int) -> str:
    return f"Waiting for players: {joined} of {least} have joined."


def seats_out_of_range(ruleset: str, least: int, most: int) -> str:
    span = f"exactly {least}" if least == most else f"{least} to {most}"
    return f"{ruleset} is for {span} players: choose seats in that range."


# -- the table: rematches -------------------------------------------------------------------------


def rematch_for_players_only(match_id: int) -> str:
    return f"Only the players of match #{match_id} can ask for a rematch."


def nothing_to_replay(match_id: int, status: str) -> str:
    """Rematch of a match without a result: still played (``active``) or cancelled."""
    if status == "active":
        return f"Match #{match_id} is not over yet: there is nothing to play again."
    return f"Match #{match_id} ended without a result: there is nothing to play again."


def rematch_is_open(old_id: int, match_id: int) -> str:
    return f"The rematch of match #{old_id} is open already: match #{match_id}."


def rematch_being_played(old_id: int, match_id: int) -> str:
    return f"The rematch of match #{old_id} is being played here: match #{match_id}."


def rematch_is_for(user_ids: Sequence[int], old_id: int) -> str:
    return f"This rematch is for {listed(user_ids)}, the players of match #{old_id}."


def in_rematch_already(waiting: Sequence[int]) -> str:
    return f"You are in this rematch already; waiting for {listed(waiting)} to confirm."


def rematch_keeps_decks(old_id: int) -> str:
    return (
        f"A rematch keeps each player's deck from match #{old_id}. "
        "To choose another, cancel it and open a new match with /match new."
    )


def rematch_starts_itself(waiting: Sequence[int]) -> str:
    return (
        "A rematch starts by itself once every player has confirmed with Join: "
        f"waiting for {listed(waiting)}."
    )


# -- the table: servers' defaults -----------------------------------------------------------------


def turn_limit_out_of_range() -> str:
    return "A turn limit is between one minute and seven days."


def forfeit_after_out_of_range() -> str:
    return "A player forfeits after 1 to 20 missed turns in a row, or never."


def step_delay_out_of_range() -> str:
    return "Step pacing is between 0 and 30 seconds."


def one_game_must_stay() -> str:
    return "At least one game must stay offered in this server."


# -- the chat: where a command works --------------------------------------------------------------


def server_only() -> str:
    return "Matches are played in a server channel or thread."


def in_match_channel_only() -> str:
    return "Use this in the channel where the match is played."


def not_a_control() -> str:
    """A click on something that is not one of the bot's controls (a garbled or made-up id)."""
    return "That control is not one of mine, or no longer does anything."


def control_elsewhere(dms_too: bool) -> str:
    """A control used somewhere other than where the bot sent it: a match's channel (and, for a
    player's table, the player's DMs)."""
    if dms_too:
        return (
            "That control belongs to a match played in another channel: use it there or in "
            "your DMs with me."
        )
    return "That control belongs to a match in another channel: use it where it was posted."


def not_on_this_message() -> str:
    """A control sent on a message that never carried it (a lobby's, a table's, a page's)."""
    return "That control works only on the message it came with."


def not_in_server(match_id: int) -> str:
    """From a DM: the caller is not (or no longer) a member of the match's server."""
    return f"You are not a member of the server where match #{match_id} is played."


def cannot_see_match(match_id: int) -> str:
    """The caller may not see the channel where the match is played."""
    return f"You can't see the channel where match #{match_id} is played."


def match_place_gone(match_id: int) -> str:
    """The match's server or channel is gone, or the bot is no longer in it."""
    return f"The channel where match #{match_id} was played is no longer there."


def bots_cannot_play() -> str:
    return "Bots can't play: invite a person, or choose me (or `cpu:`) for a CPU opponent."


def no_such_strength(strength: str, strengths: Sequence[str]) -> str:
    return f"A CPU plays {', '.join(strengths)}, not {strength!r}."


def no_cpu_for(ruleset: str) -> str:
    return f"{ruleset.capitalize()} has no CPU player yet: invite a person."


def cpus_by_creator_only() -> str:
    return "Only the player who opened this lobby may seat CPU players."


def fill_needs_seats() -> str:
    return "Only a lobby opened for a number of players (`seats:`) can be filled with CPUs."


def no_cpu_seated() -> str:
    return "No CPU player is seated in this lobby."


def rematch_keeps_players(old_id: int) -> str:
    return f"A rematch is played by match #{old_id}'s players: no one is added or taken out."


def no_match_numbered(match_id: int) -> str:
    return f"There is no match #{match_id} in this server."


def settings_in_server_only() -> str:
    return "Use this in the server whose settings you mean."


def managers_only() -> str:
    return "Only members who can manage this server can use /parlor."


# -- the chat: moves ------------------------------------------------------------------------------


def not_now() -> str:
    """A move that is not the seat's to make now (or a control that names none)."""
    return "That move is not available now (or not in this game)."


def not_now_but(labels: Sequence[str]) -> str:
    """A move that is not available, and what is (``labels``: the seat's moves, maybe none)."""
    doable = ", ".join(labels) or "nothing until the others move"
    return f"That move is not available now (or not in this game). What you can do now: {doable}."


def not_now_because(detail: str) -> str:
    """A move that is not available, and what was wrong with the choice (a ``detail`` below)."""
    return f"That move is not available now (or not in this game). ({detail})"


def no_such_action() -> str:
    return "no such action"


def choice_incomplete() -> str:
    return "the choice is not complete"


def no_such_option(param: str) -> str:
    return f"no such option for {param.lower()}"


def choose_one_option(param: str) -> str:
    return f"choose one option for {param.lower()}"


def nothing_matches(text: str) -> str:
    """``/act`` or ``/play`` with a value that names no move."""
    return f"Nothing matches {typed(text)} now. Pick from the list as you type."


def several_match(text: str) -> str:
    return f"{typed(text)} could mean several things. Pick from the list as you type."


# -- the chat: learning ---------------------------------------------------------------------------


def no_page() -> str:
    return "That page is not there any more: use `/rules`."


def no_card_called(text: str) -> str:
    return f"There is no card called {typed(text)}: choose one from the list as you type."


def several_cards_called(text: str) -> str:
    return f"Several games have a card called {typed(text)}: choose one from the list as you type."


def no_game_to_explain(name: str) -> str:
    return f"There is no game {typed(name)}."
