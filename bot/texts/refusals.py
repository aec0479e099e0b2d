"""Why something cannot be done, in the player's words: the message of every ``UserError``,
whichever half raises it, each a whole sentence."""

from __future__ import annotations

from collections.abc import Sequence

from .language import _
from .markup import listed, separated, typed, within

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
    "no_such_language",
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
    return _("Those controls are out of date: here is your hand as it is now.")


def apology(match_id: int | None = None) -> str:
    """Something went wrong on the bot's side; it was logged and nothing was changed."""
    if match_id is None:
        return _("Sorry, something went wrong on my side. Nothing was changed: please try again.")
    return _(
        "Sorry, something went wrong on my side in match #{match}. Nothing was changed: "
        "please try again."
    ).format(match=match_id)


def not_started(match_id: int) -> str:
    return _("Match #{match} has not started.").format(match=match_id)


def not_started_yet(match_id: int) -> str:
    return _("Match #{match} has not started yet.").format(match=match_id)


def match_started_in_lobby(match_id: int) -> str:
    """A move or a table asked for while the channel's match is still in its lobby."""
    return _("Match #{match} has not started yet: press Start in its lobby.").format(match=match_id)


def not_being_played() -> str:
    return _("That match is not being played.")


def not_restored(match_id: int) -> str:
    return _(
        "Match #{match} could not be restored from storage. An admin can end it with /match cancel."
    ).format(match=match_id)


def no_match_here() -> str:
    return _("There is no match in this channel. Start one with /match new.")


def cannot_start(reason: str) -> str:
    """The ruleset refused the match's setup, saying why."""
    return _("The match cannot start: {reason}").format(reason=reason)


def not_your_match(match_id: int) -> str:
    return _("You are not playing in match #{match}; you can watch it here.").format(match=match_id)


def match_over(match_id: int) -> str:
    return _("Match #{match} is over. See /match log.").format(match=match_id)


def done_already() -> str:
    """The same interaction came twice: its action is stored already."""
    return _("That was already done.")


# -- the table: lobbies ---------------------------------------------------------------------------


def no_such_deck(deck: str, ruleset: str, decks: Sequence[str]) -> str:
    if not decks:
        return _("There is no starter deck {deck} in {ruleset} (it has none).").format(
            deck=typed(deck), ruleset=ruleset
        )
    return _("There is no starter deck {deck} in {ruleset} (decks: {decks}).").format(
        deck=typed(deck), ruleset=ruleset, decks=separated(decks)
    )


def no_such_game(name: str, games: Sequence[str]) -> str:
    return _("There is no game {name}. Games: {games}.").format(
        name=typed(name), games=separated(games)
    )


def no_such_match() -> str:
    return _("That match does not exist.")


def not_offered(ruleset: str, offered: Sequence[str]) -> str:
    return _("{ruleset} is not offered in this server. Games here: {games}.").format(
        ruleset=ruleset, games=separated(offered)
    )


def no_longer_offered(ruleset: str) -> str:
    return _("{ruleset} is no longer offered in this server.").format(ruleset=ruleset)


def invited_yourself() -> str:
    return _("Invite someone else: you are in the match already.")


def channel_busy(match_id: int | None) -> str:
    """``/match new`` (or a rematch) where a match is open already (its id, if known)."""
    if match_id is None:
        return _(
            "This channel already has a match. Finish or cancel it first, or start yours in "
            "another channel or a thread."
        )
    return _(
        "This channel already has a match (#{match}). Finish or cancel it first, or start "
        "yours in another channel or a thread."
    ).format(match=match_id)


def already_started(match_id: int) -> str:
    return _("Match #{match} has already started.").format(match=match_id)


def lobby_gone(match_id: int, status: str) -> str:
    """A lobby's control or command, once the match is over (``status``: finished, cancelled)."""
    if status == "cancelled":
        return _("Match #{match} is cancelled.").format(match=match_id)
    return _("Match #{match} is finished.").format(match=match_id)


def ended_already(match_id: int, status: str) -> str:
    """``/match cancel`` of a match that is over (``status``: finished, cancelled)."""
    if status == "cancelled":
        return _("Match #{match} is cancelled already.").format(match=match_id)
    return _("Match #{match} is finished already.").format(match=match_id)


def in_match_already() -> str:
    return _("You are in this match already.")


def reserved_for(user_id: int) -> str:
    return _("This match is reserved for <@{user}>.").format(user=user_id)


def match_full() -> str:
    return _("This match is full.")


def join_before_choosing() -> str:
    return _("Join the match first, then choose your deck.")


def not_in_match() -> str:
    return _("You are not in this match.")


def cancel_not_yours(rematch: bool) -> str:
    """Cancel, by someone who may not: only the creator (a rematch's players) or a manager."""
    if rematch:
        return _("Only its players (or a channel manager) can cancel it.")
    return _("Only the match's creator (or a channel manager) can cancel it.")


def no_longer_in_lobby(match_id: int) -> str:
    return _("Match #{match} is no longer in its lobby.").format(match=match_id)


def end_needs_a_manager() -> str:
    return _(
        "The match has started: only someone who can manage this channel can end it. "
        "A player can give up with /retreat."
    )


def start_by_players_only() -> str:
    return _("Only a player in this match can start it.")


def start_by_creator_only(creator_id: int) -> str:
    return _("More players may still join: <@{creator}>, who opened it, starts it.").format(
        creator=creator_id
    )


def waiting_for_players(joined: int, least: int) -> str:
    return _("Waiting for players: {joined} of {least} have joined.").format(
        joined=joined, least=least
    )


def seats_out_of_range(ruleset: str, least: int, most: int) -> str:
    if least == most:
        return _("{ruleset} is for exactly {least} players: choose seats in that range.").format(
            ruleset=ruleset, least=least
        )
    return _("{ruleset} is for {least} to {most} players: choose seats in that range.").format(
        ruleset=ruleset, least=least, most=most
    )


# -- the table: rematches -------------------------------------------------------------------------


def rematch_for_players_only(match_id: int) -> str:
    return _("Only the players of match #{match} can ask for a rematch.").format(match=match_id)


def nothing_to_replay(match_id: int, status: str) -> str:
    """Rematch of a match without a result: still played (``active``) or cancelled."""
    if status == "active":
        return _("Match #{match} is not over yet: there is nothing to play again.").format(
            match=match_id
        )
    return _("Match #{match} ended without a result: there is nothing to play again.").format(
        match=match_id
    )


def rematch_is_open(old_id: int, match_id: int) -> str:
    return _("The rematch of match #{old} is open already: match #{match}.").format(
        old=old_id, match=match_id
    )


def rematch_being_played(old_id: int, match_id: int) -> str:
    return _("The rematch of match #{old} is being played here: match #{match}.").format(
        old=old_id, match=match_id
    )


def rematch_is_for(user_ids: Sequence[int], old_id: int) -> str:
    return _("This rematch is for {players}, the players of match #{old}.").format(
        players=listed(user_ids), old=old_id
    )


def in_rematch_already(waiting: Sequence[int]) -> str:
    return _("You are in this rematch already; waiting for {players} to confirm.").format(
        players=listed(waiting)
    )


def rematch_keeps_decks(old_id: int) -> str:
    return _(
        "A rematch keeps each player's deck from match #{old}. "
        "To choose another, cancel it and open a new match with /match new."
    ).format(old=old_id)


def rematch_starts_itself(waiting: Sequence[int]) -> str:
    return _(
        "A rematch starts by itself once every player has confirmed with Join: "
        "waiting for {players}."
    ).format(players=listed(waiting))


# -- the table: servers' defaults -----------------------------------------------------------------


def turn_limit_out_of_range() -> str:
    return _("A turn limit is between one minute and seven days.")


def forfeit_after_out_of_range() -> str:
    return _("A player forfeits after 1 to 20 missed turns in a row, or never.")


def step_delay_out_of_range() -> str:
    return _("Step pacing is between 0 and 30 seconds.")


def one_game_must_stay() -> str:
    return _("At least one game must stay offered in this server.")


# -- the chat: where a command works --------------------------------------------------------------


def server_only() -> str:
    return _("Matches are played in a server channel or thread.")


def in_match_channel_only() -> str:
    return _("Use this in the channel where the match is played.")


def not_a_control() -> str:
    """A click on something that is not one of the bot's controls (a garbled or made-up id)."""
    return _("That control is not one of mine, or no longer does anything.")


def control_elsewhere(dms_too: bool) -> str:
    """A control used somewhere other than where the bot sent it: a match's channel (and, for a
    player's table, the player's DMs)."""
    if dms_too:
        return _(
            "That control belongs to a match played in another channel: use it there or in "
            "your DMs with me."
        )
    return _("That control belongs to a match in another channel: use it where it was posted.")


def not_on_this_message() -> str:
    """A control sent on a message that never carried it (a lobby's, a table's, a page's)."""
    return _("That control works only on the message it came with.")


def not_in_server(match_id: int) -> str:
    """From a DM: the caller is not (or no longer) a member of the match's server."""
    return _("You are not a member of the server where match #{match} is played.").format(
        match=match_id
    )


def cannot_see_match(match_id: int) -> str:
    """The caller may not see the channel where the match is played."""
    return _("You can't see the channel where match #{match} is played.").format(match=match_id)


def match_place_gone(match_id: int) -> str:
    """The match's server or channel is gone, or the bot is no longer in it."""
    return _("The channel where match #{match} was played is no longer there.").format(
        match=match_id
    )


def bots_cannot_play() -> str:
    return _("Bots can't play: invite a person, or choose me (or `cpu:`) for a CPU opponent.")


def no_such_strength(strength: str, strengths: Sequence[str]) -> str:
    return _("A CPU plays {strengths}, not {strength}.").format(
        strengths=separated(strengths), strength=repr(strength)
    )


def no_cpu_for(ruleset: str) -> str:
    return _("{ruleset} has no CPU player yet: invite a person.").format(
        ruleset=ruleset.capitalize()
    )


def cpus_by_creator_only() -> str:
    return _("Only the player who opened this lobby may seat CPU players.")


def fill_needs_seats() -> str:
    return _("Only a lobby opened for a number of players (`seats:`) can be filled with CPUs.")


def no_cpu_seated() -> str:
    return _("No CPU player is seated in this lobby.")


def rematch_keeps_players(old_id: int) -> str:
    return _("A rematch is played by match #{old}'s players: no one is added or taken out.").format(
        old=old_id
    )


def no_match_numbered(match_id: int) -> str:
    return _("There is no match #{match} in this server.").format(match=match_id)


def settings_in_server_only() -> str:
    return _("Use this in the server whose settings you mean.")


def managers_only() -> str:
    return _("Only members who can manage this server can use /parlor.")


# -- the chat: moves ------------------------------------------------------------------------------


def not_now() -> str:
    """A move that is not the seat's to make now (or a control that names none)."""
    return _("That move is not available now (or not in this game).")


def not_now_but(labels: Sequence[str]) -> str:
    """A move that is not available, and what is (``labels``: the seat's moves, maybe none)."""
    if not labels:
        return _(
            "That move is not available now (or not in this game). What you can do now: "
            "nothing until the others move."
        )
    return _(
        "That move is not available now (or not in this game). What you can do now: {moves}."
    ).format(moves=separated(labels))


def not_now_because(detail: str) -> str:
    """A move that is not available, and what was wrong with the choice (a ``detail`` below)."""
    return _("That move is not available now (or not in this game). ({detail})").format(
        detail=detail
    )


def no_such_action() -> str:
    return _("no such action")


def choice_incomplete() -> str:
    return _("the choice is not complete")


def no_such_option(param: str) -> str:
    return _("no such option for {param}").format(param=within(param))


def choose_one_option(param: str) -> str:
    return _("choose one option for {param}").format(param=within(param))


def nothing_matches(text: str) -> str:
    """``/act`` or ``/play`` with a value that names no move."""
    return _("Nothing matches {text} now. Pick from the list as you type.").format(text=typed(text))


def several_match(text: str) -> str:
    return _("{text} could mean several things. Pick from the list as you type.").format(
        text=typed(text)
    )


# -- the chat: learning ---------------------------------------------------------------------------


def no_page() -> str:
    return _("That page is not there any more: use `/rules`.")


def no_card_called(text: str) -> str:
    return _("There is no card called {text}: choose one from the list as you type.").format(
        text=typed(text)
    )


def several_cards_called(text: str) -> str:
    return _(
        "Several games have a card called {text}: choose one from the list as you type."
    ).format(text=typed(text))


def no_game_to_explain(name: str) -> str:
    return _("There is no game {name}.").format(name=typed(name))


# -- the chat: languages --------------------------------------------------------------------------


def no_such_language(language: str) -> str:
    return _("Parlor speaks English and Japanese, not {language}.").format(language=typed(language))
