"""Controls built from ``legal_actions``, for any ruleset: menus, their custom ids, and choices.

Nothing here knows Discord or a ruleset. A seat's legal actions become a :class:`Menu` of
buttons and select menus; a click comes back as a :class:`ControlId` (the match, the seat's state
version and what was chosen so far) and :func:`advance` says what follows: another menu (the next
parameter, or a confirmation) or the :class:`~rules.engine.Action` to apply.

The *state version* in a custom id is a digest of the seat's legal actions. It changes exactly when
what the seat may do changes, never because of what another seat does in secret, so a control
stays valid while it means the same thing, and an out-of-date one is recognised.

Custom id format (at most 100 characters)::

    pl:<match id>:<version or ->:<op>[:<arg>]

``op`` is ``pick`` (a select of actions; ``arg`` numbers the selects of a menu), ``do``
(a button; ``arg`` is the choice so far), ``opt`` (a select of a parameter's options; ``arg`` is
the choice before it), ``yes`` (a confirmation), ``back`` (to the first menu), ``hand``
(show my hand), a lobby op: ``join``, ``start``, ``cancel``, ``deck``, ``rematch`` (under a
result: the finished match's id), or a rules page:
``rules`` (turn the page in place) and ``howto`` (the lobby's "How to play": the page in a new
message, to the clicker), whose ``arg`` is ``<ruleset>.<page index>`` and whose match id is 0
unless a lobby sent it.
A choice is ``<spec index>`` then, per chosen parameter, ``.<option index>`` (``+`` joins the
indices of a multi-choice parameter, ``-`` stands for none of them), e.g. ``3.1``, ``0.0+2``
or ``0.-``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.engine import Action, ActionSpec, ArgValue, Param

from ..table.seats import GIVE_UP, give_up_action, version
from ..texts import (
    action_placeholder,
    back_label,
    choice_incomplete,
    choose_one_option,
    choose_param,
    confirm_heading,
    confirm_label,
    how_many,
    kind_placeholder,
    next_label,
    no_such_action,
    no_such_option,
    none_label,
    param_heading,
    param_placeholder,
    param_question,
    previous_label,
    too_many_actions,
)

__all__ = [
    "CONFIRM_KINDS",
    "GIVE_UP",
    "GUIDE_OPS",
    "Button",
    "Choice",
    "ControlId",
    "Menu",
    "Select",
    "SelectOption",
    "advance",
    "build_action",
    "confirmation",
    "cut",
    "give_up_action",
    "index",
    "main_menu",
    "page_control",
    "pages_menu",
    "parse_page",
    "version",
    "with_a_card",
]

CUSTOM_ID = re.compile(
    r"pl:(?P<match>\d{1,19}):(?P<version>[0-9a-f]{8}|-):(?P<op>[a-z]{2,8})"
    r"(?::(?P<arg>[0-9a-z_.+-]*))?"
)
MAX_MATCH_ID = 2**63 - 1
"""The largest id storage holds (SQLite's INTEGER)."""
INDEX = re.compile(r"[0-9]{1,4}")
CONFIRM_KINDS = frozenset(GIVE_UP)
"""A click on one of these asks to confirm first."""
PRIMARY_KINDS = frozenset({"end_turn", "pass", "confirm"})
GUIDE_OPS = ("rules", "howto")
"""Ops of a ruleset's rules pages: they name a ruleset and a page, not a seat's choice."""

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
MAX_OPTION_BUTTONS = 20


@dataclass(frozen=True, slots=True)
class ControlId:
    match_id: int
    version: str | None
    op: str
    arg: str = ""

    def encode(self) -> str:
        text = f"pl:{self.match_id}:{self.version or '-'}:{self.op}"
        if self.arg:
            text += f":{self.arg}"
        if len(text) > 100 or not CUSTOM_ID.fullmatch(text):
            raise ValueError(f"not a valid custom id: {text!r}")
        return text

    @classmethod
    def parse(cls, text: str) -> ControlId | None:
        """The control a custom id stands for; None if it is not one of the bot's (a match id
        beyond what storage holds included)."""
        found = CUSTOM_ID.fullmatch(text)
        if found is None or int(found["match"]) > MAX_MATCH_ID:
            return None
        ver = found["version"]
        return cls(
            int(found["match"]), None if ver == "-" else ver, found["op"], found["arg"] or ""
        )


def index(text: str) -> int:
    """An index as a control writes it (a spec, an option: a select's value), in ASCII digits
    only; ``ValueError`` for anything else."""
    if not INDEX.fullmatch(text):
        raise ValueError(f"not an index: {text[:20]!r}")
    return int(text)


@dataclass(frozen=True, slots=True)
class Choice:
    """A spec (by index) and the option indices chosen for its first parameters."""

    spec: int
    picks: tuple[tuple[int, ...], ...] = ()

    def encode(self) -> str:
        return ".".join([str(self.spec), *("+".join(map(str, p)) or "-" for p in self.picks)])

    @classmethod
    def parse(cls, text: str) -> Choice:
        head, *rest = text.split(".")
        try:
            picks = tuple(() if p == "-" else tuple(index(i) for i in p.split("+")) for p in rest)
            return cls(index(head), picks)
        except ValueError:
            raise ValueError(f"not a choice: {text!r}") from None

    def add(self, pick: Sequence[int]) -> Choice:
        return Choice(self.spec, (*self.picks, tuple(pick)))


def _value(param: Param, pick: tuple[int, ...]) -> ArgValue:
    if any(not 0 <= i < len(param.options) for i in pick):
        raise ValueError(no_such_option(param.label))
    values = tuple(param.options[i].value for i in sorted(pick))
    if param.multiple:
        return values
    if len(values) != 1:
        raise ValueError(choose_one_option(param.label))
    return values[0]


def build_action(specs: Sequence[ActionSpec], choice: Choice) -> Action:
    """The action a complete choice stands for; ``ValueError`` if it is not one."""
    if not 0 <= choice.spec < len(specs):
        raise ValueError(no_such_action())
    spec = specs[choice.spec]
    if len(choice.picks) != len(spec.params):
        raise ValueError(choice_incomplete())
    chosen = {p.name: _value(p, pick) for p, pick in zip(spec.params, choice.picks, strict=True)}
    return spec.build(**chosen)


def with_a_card(spec: ActionSpec) -> bool:
    """Whether a spec is done with one particular card of the seat's (what ``/play`` offers):
    it settles an argument (the card to play, the follower that attacks), where a spec such
    as ending the turn or giving up settles none."""
    return bool(spec.fixed)


# -- menus ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger


@dataclass(frozen=True, slots=True)
class SelectOption:
    label: str
    value: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1


Row = tuple[Button, ...] | Select


@dataclass(frozen=True, slots=True)
class Menu:
    """What to show: a heading line and up to five rows of controls."""

    heading: str
    rows: tuple[Row, ...] = field(default_factory=tuple)
    note: str = ""


def cut(text: str, limit: int, empty: str = "—") -> str:
    """Text on one line, within Discord's limit for where it goes (a label is never empty):
    a long text ends at a word where one is near the limit, with an ellipsis."""
    text = " ".join(text.split()) or empty
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit * 2 // 3:
        head = head[:space]
    return head.rstrip(" ,;:.—-") + "…"


def _style(kind: str) -> str:
    if kind in CONFIRM_KINDS:
        return "danger"
    return "success" if kind in PRIMARY_KINDS else "secondary"


def _placeholder(kind: str) -> str:
    return cut(kind_placeholder(kind), 150)


def _select(cid: ControlId, placeholder: str, entries: Sequence[tuple[int, ActionSpec]]) -> Select:
    options = tuple(
        SelectOption(cut(s.label, 100), str(i), cut(s.detail, 100, "")) for i, s in entries
    )
    return Select(cid.encode(), placeholder, options)


def _pick(match_id: int, ver: str, n: int) -> ControlId:
    """The n-th action select of a menu (custom ids are unique within a message)."""
    return ControlId(match_id, ver, "pick", str(n))


def _chunks(
    items: Sequence[tuple[int, ActionSpec]], size: int
) -> list[list[tuple[int, ActionSpec]]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _spec_button(match_id: int, ver: str, index: int, spec: ActionSpec) -> Button:
    cid = ControlId(match_id, ver, "do", str(index))
    return Button(cut(spec.label, 80), cid.encode(), _style(spec.kind))


def _button_rows(buttons: Sequence[Button]) -> list[Row]:
    return [tuple(buttons[i : i + MAX_BUTTONS]) for i in range(0, len(buttons), MAX_BUTTONS)]


def main_menu(
    match_id: int,
    specs: Sequence[ActionSpec],
    ver: str,
    heading: str = "",
    *,
    kind_name: Callable[[str], str] = lambda kind: kind.replace("_", " ").capitalize(),
) -> Menu:
    """The first menu of a seat whose legal actions are ``specs``, at its state version ``ver``.
    A kind of action with several specs is a select of them (a card to play...), headed by
    ``kind_name(kind)`` (the ruleset's word, ``Hand.kind_name``); a lone spec
    with parameters shows its first parameter's options at once (the targets of the only
    attack, the cards of a mulligan); a lone spec without is a button.

    When that does not fit in five rows, actions are merged into fewer selects; whatever still
    does not fit is left to the ``/act`` command (the note says so).
    """
    indexed = list(enumerate(specs))
    selects: list[Row] = []
    buttons: list[Button] = []
    for kind in dict.fromkeys(s.kind for s in specs):
        entries = [(i, s) for i, s in indexed if s.kind == kind]
        if len(entries) > 1:
            for chunk in _chunks(entries, MAX_OPTIONS):
                selects.append(
                    _select(
                        _pick(match_id, ver, len(selects)), _placeholder(kind_name(kind)), chunk
                    )
                )
            continue
        index, spec = entries[0]
        if spec.params:
            select, extra = _param_select(match_id, ver, spec, Choice(index), inline=True)
            selects.append(select)
            buttons += extra
        else:
            buttons.append(_spec_button(match_id, ver, index, spec))
    rows = selects + _button_rows(buttons)
    if len(rows) <= MAX_ROWS:
        return Menu(heading, tuple(rows))
    return _merged_menu(match_id, ver, specs, heading)


def _merged_menu(match_id: int, ver: str, specs: Sequence[ActionSpec], heading: str) -> Menu:
    indexed = list(enumerate(specs))
    with_params = [(i, s) for i, s in indexed if s.params]
    plain = [_spec_button(match_id, ver, i, s) for i, s in indexed if not s.params]

    def selects(entries: Sequence[tuple[int, ActionSpec]]) -> list[Row]:
        chunks = _chunks(entries, MAX_OPTIONS)
        return [
            _select(_pick(match_id, ver, n), action_placeholder(), c) for n, c in enumerate(chunks)
        ]

    rows = selects(with_params) + _button_rows(plain)
    if len(rows) <= MAX_ROWS:
        return Menu(heading, tuple(rows))
    everything = selects(indexed)
    note = "" if len(everything) <= MAX_ROWS else too_many_actions()
    return Menu(heading, tuple(everything[:MAX_ROWS]), note)


def _back(match_id: int, ver: str) -> Button:
    return Button(back_label(), ControlId(match_id, ver, "back").encode())


def advance(
    match_id: int,
    specs: Sequence[ActionSpec],
    ver: str,
    choice: Choice,
    *,
    confirmed: bool = False,
) -> Menu | Action:
    """After a choice: the menu for the next parameter, a confirmation, or the action itself
    (``ver``: the seat's state version, which the next controls carry)."""
    if not 0 <= choice.spec < len(specs):
        raise ValueError(no_such_action())
    spec = specs[choice.spec]
    if len(choice.picks) < len(spec.params):
        return _param_menu(match_id, ver, spec, choice)
    action = build_action(specs, choice)
    if spec.kind in CONFIRM_KINDS and not confirmed:
        yes = ControlId(match_id, ver, "yes", choice.encode())
        return confirmation(spec.label, yes, _back(match_id, ver))
    return action


def confirmation(label: str, yes: ControlId, back: Button | None = None) -> Menu:
    """Asks before an action that loses the match at once."""
    sure = Button(cut(confirm_label(label), 80), yes.encode(), "danger")
    row = (sure, back) if back is not None else (sure,)
    return Menu(confirm_heading(label), (row,))


def _how_many(param: Param) -> str:
    most = min(param.most, len(param.options), MAX_OPTIONS)
    if not param.multiple:
        return ""
    return how_many(param.least, most)


def _param_options(param: Param) -> tuple[SelectOption, ...]:
    return tuple(
        SelectOption(cut(o.label, 100), str(k), cut(o.detail, 100, ""))
        for k, o in enumerate(param.options[:MAX_OPTIONS])
    )


def _param_select(
    match_id: int, ver: str, spec: ActionSpec, choice: Choice, *, inline: bool
) -> tuple[Select, list[Button]]:
    """A select of the next parameter's options, and the buttons that go with it (choosing
    none of a multi-choice parameter, which a select cannot send without a change)."""
    param = spec.params[len(choice.picks)]
    options = _param_options(param)
    most = min(param.most, len(options))
    ask = param_question(spec.label, param.label) if inline else choose_param(param.label)
    select = Select(
        ControlId(match_id, ver, "opt", choice.encode()).encode(),
        cut(param_placeholder(ask, _how_many(param)), 150),
        options,
        min_values=min(param.least, most),
        max_values=most,
    )
    extra = []
    if param.multiple and param.least == 0:
        none = ControlId(match_id, ver, "do", choice.add(()).encode())
        extra.append(Button(cut(none_label(param.label), 80), none.encode()))
    return select, extra


def _param_menu(match_id: int, ver: str, spec: ActionSpec, choice: Choice) -> Menu:
    """The menu for a spec's next parameter: buttons for a few plain options, else a select
    (which shows each option's detail: whose follower, which slot...)."""
    param = spec.params[len(choice.picks)]
    heading = param_heading(spec.label, param.label, _how_many(param))
    plain = not any(o.detail for o in param.options)
    if not param.multiple and plain and len(param.options) <= MAX_OPTION_BUTTONS:
        labels = _distinct([o.label for o in param.options], 80)
        buttons = [
            Button(label, ControlId(match_id, ver, "do", choice.add((k,)).encode()).encode())
            for k, label in enumerate(labels)
        ]
        return Menu(heading, (*_button_rows(buttons), (_back(match_id, ver),)))
    select, extra = _param_select(match_id, ver, spec, choice, inline=False)
    return Menu(heading, (select, (*extra, _back(match_id, ver))))


def _distinct(labels: Sequence[str], limit: int) -> list[str]:
    """Button labels cut to fit, numbered where two would read the same."""
    fitted = [cut(label, limit) for label in labels]
    counts = Counter(fitted)
    seen: Counter[str] = Counter()
    distinct = []
    for label in fitted:
        if counts[label] == 1:
            distinct.append(label)
            continue
        seen[label] += 1
        distinct.append(f"{cut(label, limit - 4)} #{seen[label]}")
    return distinct


# -- rules pages ----------------------------------------------------------------------------------


def page_control(ruleset: str, page: int, op: str = "rules", match_id: int = 0) -> ControlId:
    """The control that shows page ``page`` (from 0) of a ruleset's rules."""
    return ControlId(match_id, None, op, f"{ruleset}.{page}")


def parse_page(arg: str) -> tuple[str, int]:
    """The ruleset and page a rules control names; ``ValueError`` if it names none."""
    ruleset, _, page = arg.rpartition(".")
    if not ruleset or not page.isdigit():
        raise ValueError(f"not a rules page: {arg!r}")
    return ruleset, int(page)


def pages_menu(ruleset: str, page: int, count: int) -> Menu:
    """Previous and Next under a rules page: none before the first page or after the last."""
    buttons = []
    if page > 0:
        buttons.append(Button(previous_label(), page_control(ruleset, page - 1).encode()))
    if page < count - 1:
        buttons.append(Button(next_label(), page_control(ruleset, page + 1).encode(), "primary"))
    return Menu("", (tuple(buttons),) if buttons else ())
