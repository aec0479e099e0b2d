"""The words on controls: buttons, select menus' placeholders, and the headings of the menus
that ask for a move's next choice. Discord cuts them (``controls.cut``) to its limits."""

from __future__ import annotations

__all__ = [
    "action_placeholder",
    "back_label",
    "cancel_label",
    "choose_param",
    "command_line_about",
    "confirm_heading",
    "confirm_label",
    "cpu_name",
    "cpu_option",
    "cpu_placeholder",
    "deck_placeholder",
    "fill_cpu_option",
    "how_many",
    "howto_label",
    "join_label",
    "kind_placeholder",
    "my_hand_label",
    "next_label",
    "none_label",
    "param_heading",
    "param_placeholder",
    "param_question",
    "previous_label",
    "rematch_label",
    "remove_cpu_option",
    "shard_count_option",
    "shards_option",
    "start_label",
    "too_many_actions",
]


# -- a lobby, a board, a result -------------------------------------------------------------------


def join_label() -> str:
    return "Join"


def start_label() -> str:
    return "Start"


def cancel_label() -> str:
    return "Cancel"


def howto_label() -> str:
    return "How to play"


def deck_placeholder() -> str:
    return "Choose your deck…"


def my_hand_label() -> str:
    return "My hand"


def rematch_label() -> str:
    return "Rematch"


# -- a seat's menus -------------------------------------------------------------------------------


def kind_placeholder(kind: str) -> str:
    """A select of one kind of action, named after it (``end_turn``: "End turn…")."""
    return kind.replace("_", " ").capitalize() + "…"


def action_placeholder() -> str:
    """A select of actions of several kinds."""
    return "Choose an action…"


def too_many_actions() -> str:
    """Under a menu that could not hold every action."""
    return "More actions than fit here: use /act."


def back_label() -> str:
    return "Back"


def confirm_label(action: str) -> str:
    """The button that confirms an action that loses the match at once."""
    return f"Yes: {action}"


def confirm_heading(action: str) -> str:
    return f"**{action}?** This cannot be taken back."


def param_question(action: str, param: str) -> str:
    """What a parameter's select asks: "Attack with X: target", or the action's label alone
    when it names the parameter already ("Choose cards to return")."""
    wanted = param.lower()
    return action if wanted in action.lower() else f"{action}: {wanted}"


def choose_param(param: str) -> str:
    """A parameter's select, below the heading that names the action."""
    return f"Choose {param.lower()}"


def how_many(least: int, most: int) -> str:
    """How many options a multi-choice parameter takes."""
    if least == 0:
        return f"up to {most}, or none"
    return f"{least} to {most}" if least < most else str(most)


def param_placeholder(question: str, count: str = "") -> str:
    """A parameter's select: what it asks, and how many (``how_many``), if several."""
    return f"{question} — {count}…" if count else f"{question}…"


def none_label(param: str) -> str:
    """The button that chooses none of a multi-choice parameter's options."""
    return f"No {param.lower()}"


def param_heading(action: str, param: str, count: str = "") -> str:
    """The heading of the menu for an action's next parameter: the action, what to choose
    unless the action names it, and how many (``how_many``), if several."""
    wanted = param.lower()
    if wanted in action.lower():
        return f"**{action}** ({count})." if count else f"**{action}**."
    if count:
        return f"**{action}**: choose {wanted} ({count})."
    return f"**{action}**: choose {wanted}."


# -- rules pages ----------------------------------------------------------------------------------


def previous_label() -> str:
    return "◀ Previous"


def next_label() -> str:
    return "Next ▶"


# -- the command line (python -m bot --help) ------------------------------------------------


def command_line_about() -> str:
    return "Run Parlor. Settings come from the environment and .env."


def shards_option() -> str:
    return (
        "the shards this process holds, as 0-3 or 0,2,5 (one process of a cluster; "
        "PARLOR_DATABASE must then be a postgresql:// URL)"
    )


def shard_count_option() -> str:
    return "how many shards the bot has in all, across the cluster"


def cpu_name(strength: str) -> str:
    """A CPU seat's name, wherever a player's name is shown."""
    return f"CPU ({strength})"


def cpu_placeholder() -> str:
    return "Add a CPU player…"


def cpu_option(strength: str) -> tuple[str, str]:
    """A strength in the lobby's CPU menu: its label and what it means."""
    about = {
        "easy": "Tries each move a few times: a gentle opponent.",
        "normal": "Searches a few hundred lines of play each move.",
        "hard": "Searches several times deeper: takes a few seconds a move.",
    }
    return f"CPU · {strength}", about.get(strength, "")


def fill_cpu_option(strength: str) -> tuple[str, str]:
    """The lobby's CPU menu: every open seat to a CPU at ``strength``; the match starts."""
    return f"Fill the table · CPU {strength}", "A CPU in every open seat: the match starts."


def remove_cpu_option() -> tuple[str, str]:
    return "Remove a CPU", "Take the last CPU player out of the lobby."
