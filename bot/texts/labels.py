"""The words on controls: buttons, select menus' placeholders, and the headings of the menus
that ask for a move's next choice. Discord cuts them (``controls.cut``) to its limits."""

from __future__ import annotations

from .language import _, pgettext
from .markup import within

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
    "cpu_strength",
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
    return pgettext("button", "Join")


def start_label() -> str:
    return pgettext("button", "Start")


def cancel_label() -> str:
    return pgettext("button", "Cancel")


def howto_label() -> str:
    return pgettext("button", "How to play")


def deck_placeholder() -> str:
    return _("Choose your deck…")


def my_hand_label() -> str:
    return pgettext("button", "My hand")


def rematch_label() -> str:
    return pgettext("button", "Rematch")


# -- a seat's menus -------------------------------------------------------------------------------


def kind_placeholder(kind: str) -> str:
    """A select of one kind of action, named after it ("Play…"); ``kind`` is the ruleset's
    word for it (``Ruleset.kind_label``) in the language spoken."""
    return _("{kind}…").format(kind=kind)


def action_placeholder() -> str:
    """A select of actions of several kinds."""
    return _("Choose an action…")


def too_many_actions() -> str:
    """Under a menu that could not hold every action."""
    return _("More actions than fit here: use /act.")


def back_label() -> str:
    return pgettext("button", "Back")


def confirm_label(action: str) -> str:
    """The button that confirms an action that loses the match at once."""
    return _("Yes: {action}").format(action=action)


def confirm_heading(action: str) -> str:
    return _("**{action}?** This cannot be taken back.").format(action=action)


def _names(action: str, param: str) -> bool:
    """Whether an action's label names its parameter already ("Choose cards to return")."""
    return param.lower() in action.lower()


def param_question(action: str, param: str) -> str:
    """What a parameter's select asks: "Attack with X: target", or the action's label alone
    when it names the parameter already ("Choose cards to return")."""
    if _names(action, param):
        return action
    return _("{action}: {param}").format(action=action, param=within(param))


def choose_param(param: str) -> str:
    """A parameter's select, below the heading that names the action."""
    return _("Choose {param}").format(param=within(param))


def how_many(least: int, most: int) -> str:
    """How many options a multi-choice parameter takes."""
    if least == 0:
        return _("up to {most}, or none").format(most=most)
    if least < most:
        return _("{least} to {most}").format(least=least, most=most)
    return str(most)


def param_placeholder(question: str, count: str = "") -> str:
    """A parameter's select: what it asks, and how many (``how_many``), if several."""
    if count:
        return _("{question} — {count}…").format(question=question, count=count)
    return _("{question}…").format(question=question)


def none_label(param: str) -> str:
    """The button that chooses none of a multi-choice parameter's options."""
    return _("No {param}").format(param=within(param))


def param_heading(action: str, param: str, count: str = "") -> str:
    """The heading of the menu for an action's next parameter: the action, what to choose
    unless the action names it, and how many (``how_many``), if several."""
    wanted = within(param)
    if _names(action, param):
        if count:
            return _("**{action}** ({count}).").format(action=action, count=count)
        return _("**{action}**.").format(action=action)
    if count:
        return _("**{action}**: choose {param} ({count}).").format(
            action=action, param=wanted, count=count
        )
    return _("**{action}**: choose {param}.").format(action=action, param=wanted)


# -- rules pages ----------------------------------------------------------------------------------


def previous_label() -> str:
    return pgettext("button", "◀ Previous")


def next_label() -> str:
    return pgettext("button", "Next ▶")


# -- the command line (python -m bot --help): the operator's, in English ----------------------


def command_line_about() -> str:
    return _("Run Parlor. Settings come from the environment and .env.")


def shards_option() -> str:
    return _(
        "the shards this process holds, as 0-3 or 0,2,5 (one process of a cluster; "
        "PARLOR_DATABASE must then be a postgresql:// URL)"
    )


def shard_count_option() -> str:
    return _("how many shards the bot has in all, across the cluster")


# -- CPU players ----------------------------------------------------------------------------------


def cpu_strength(strength: str) -> str:
    """A CPU's strength, as a player reads it (``easy``, ``normal``, ``hard``)."""
    words = {
        "easy": pgettext("cpu", "easy"),
        "normal": pgettext("cpu", "normal"),
        "hard": pgettext("cpu", "hard"),
    }
    return words.get(strength, strength)


def cpu_name(strength: str, number: int = 1) -> str:
    """A CPU seat's name, wherever a player's name is shown (written in the match's language
    when the CPU is seated): the ``number``-th CPU of a match is numbered from the second on,
    so that several CPUs at one table are told apart."""
    if number > 1:
        return _("CPU {number} ({strength})").format(number=number, strength=cpu_strength(strength))
    return _("CPU ({strength})").format(strength=cpu_strength(strength))


def cpu_placeholder() -> str:
    return _("Add a CPU player…")


def cpu_option(strength: str) -> tuple[str, str]:
    """A strength in the lobby's CPU menu: its label and what it means."""
    about = {
        "easy": _("Tries each move a few times: a gentle opponent."),
        "normal": _("Searches a few hundred lines of play each move."),
        "hard": _("Searches several times deeper: takes a few seconds a move."),
    }
    label = _("CPU · {strength}").format(strength=cpu_strength(strength))
    return label, about.get(strength, "")


def fill_cpu_option(strength: str) -> tuple[str, str]:
    """The lobby's CPU menu: every open seat to a CPU at ``strength``; the match starts."""
    label = _("Fill the table · CPU {strength}").format(strength=cpu_strength(strength))
    return label, _("A CPU in every open seat: the match starts.")


def remove_cpu_option() -> tuple[str, str]:
    return _("Remove a CPU"), _("Take the last CPU player out of the lobby.")
