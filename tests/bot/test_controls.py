"""Controls from legal actions, for any ruleset: menus fit Discord's limits, every legal action
can be reached through them and nothing else, custom ids round-trip, and typed values are
understood."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chat.controls import (
    Button,
    Choice,
    ControlId,
    Menu,
    Select,
    advance,
    cut,
    main_menu,
    version,
    with_a_card,
)
from bot.chat.presenter import paced
from bot.chat.typed import find_spec, prefill
from rules.engine import Action, ActionSpec, Match, Option, Param, Step
from rules.registry import get_ruleset


def check_limits(menu: Menu) -> None:
    assert len(menu.rows) <= 5
    ids = []
    for row in menu.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25 and len(row.placeholder) <= 150
            assert 0 <= row.min_values <= row.max_values <= len(row.options)
            assert all(len(o.label) <= 100 and len(o.description) <= 100 for o in row.options)
            ids.append(row.custom_id)
        else:
            assert 1 <= len(row) <= 5
            assert all(isinstance(b, Button) and 1 <= len(b.label) <= 80 for b in row)
            ids += [b.custom_id for b in row]
    assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
    assert all(ControlId.parse(i) is not None for i in ids)


def choices(menu: Menu) -> list[Choice]:
    """Every choice a menu's controls lead to (every combination a multi-select allows)."""
    found: list[Choice] = []
    for row in menu.rows:
        if isinstance(row, Select):
            cid = ControlId.parse(row.custom_id)
            assert cid is not None
            if cid.op == "pick":
                found += [Choice(int(o.value)) for o in row.options]
                continue
            assert cid.op == "opt"
            indices = [int(o.value) for o in row.options]
            for size in range(row.min_values, row.max_values + 1):
                found += [
                    Choice.parse(cid.arg).add(c) for c in itertools.combinations(indices, size)
                ]
        else:
            for button in row:
                cid = ControlId.parse(button.custom_id)
                assert cid is not None
                if cid.op == "do":
                    found.append(Choice.parse(cid.arg))
    return found


def reachable(match_id: int, specs: list[ActionSpec]) -> Iterator[Action]:
    """Every action the menus lead to, clicking through every option of every step."""
    menu = main_menu(match_id, specs, version(specs, 0, 0))
    check_limits(menu)
    todo = choices(menu)
    while todo:
        choice = todo.pop()
        step = advance(match_id, specs, version(specs, 0, 0), choice, confirmed=True)
        if isinstance(step, Action):
            yield step
            continue
        check_limits(step)
        todo += choices(step)


def random_states(ruleset: str, count: int, seed: int) -> Iterator[list[ActionSpec]]:
    """The legal actions of the seats a few random matches wait on, move after move."""
    rng = random.Random(seed)
    for _ in range(count):
        match = Match.new(get_ruleset(ruleset), rng.randrange(2**63))
        while not match.over:
            seat = rng.choice(match.pending())
            specs = match.legal_actions(seat)
            yield specs
            give_up = ("retreat", "concede")
            action = rng.choice([a for s in specs if s.kind not in give_up for a in s.actions()])
            match.apply(seat, action)


@pytest.mark.parametrize(("ruleset", "count"), [("lanes", 3), ("fanfare", 2)])
def test_every_legal_action_and_nothing_else_is_reachable(ruleset: str, count: int) -> None:
    for specs in random_states(ruleset, count, seed=2):
        expected = {a for s in specs for a in s.actions()}
        assert set(reachable(1, specs)) == expected


def test_a_mulligan_is_offered_at_once_with_none_a_click_away() -> None:
    cards = tuple(Option(uid, f"Card {uid} (cost 2)", "Some text.") for uid in (7, 8, 9))
    mulligan = Param("cards", "Cards to return", cards, least=0, most=3)
    specs = [
        ActionSpec("mulligan", "Choose cards to return (mulligan)", (), (mulligan,)),
        ActionSpec("concede", "Concede"),
    ]
    menu = main_menu(1, specs, version(specs, 0, 0))
    select, (none, concede) = menu.rows
    assert isinstance(select, Select) and (select.min_values, select.max_values) == (0, 3)
    assert [o.label for o in select.options] == [
        "Card 7 (cost 2)",
        "Card 8 (cost 2)",
        "Card 9 (cost 2)",
    ]
    assert select.placeholder == "Choose cards to return (mulligan) — up to 3, or none…"
    assert none.label == "No cards to return" and concede.style == "danger"
    chosen = Choice.parse(ControlId.parse(select.custom_id).arg).add((2, 0))  # type: ignore[union-attr]
    assert advance(1, specs, version(specs, 0, 0), chosen) == Action("mulligan", cards=(7, 9))
    kept = Choice.parse(ControlId.parse(none.custom_id).arg)  # type: ignore[union-attr]
    assert advance(1, specs, version(specs, 0, 0), kept) == Action("mulligan", cards=())


def test_a_kind_is_one_select_and_targets_show_whose_they_are() -> None:
    target = Param(
        "target",
        "Target",
        (
            Option(2, "Enemy leader (20 defence)"),
            Option(31, "Treant 2/2", "enemy board, slot 1"),
            Option(32, "Treant 2/2", "enemy board, slot 2"),
        ),
    )
    specs = [
        ActionSpec("play", "Play Ember Whelp", (("card", 5),)),
        ActionSpec("play", "Play Fireball", (("card", 6),), (target,), "Cost 2. Deal 3 damage."),
        ActionSpec("attack", "Attack with Raider", (("attacker", 12),), (target,)),
        ActionSpec("end_turn", "End turn"),
    ]
    plays, attack, buttons = main_menu(1, specs, version(specs, 0, 0)).rows
    assert isinstance(plays, Select) and [o.label for o in plays.options] == [
        "Play Ember Whelp",
        "Play Fireball",
    ]
    assert isinstance(attack, Select) and attack.placeholder == "Attack with Raider: target…"
    assert [o.description for o in attack.options] == [
        "",
        "enemy board, slot 1",
        "enemy board, slot 2",
    ]
    assert [b.label for b in buttons] == ["End turn"]  # type: ignore[union-attr]
    asked = advance(1, specs, version(specs, 0, 0), Choice(1))
    assert isinstance(asked, Menu) and asked.heading == "**Play Fireball**: choose target."
    assert isinstance(asked.rows[0], Select)  # details to read: a select, not buttons


def test_long_texts_are_cut_at_a_word_and_alike_buttons_are_numbered() -> None:
    text = (
        "Cost 4. At the end of your turn, deal damage equal to this follower's attack to a "
        "random enemy follower."
    )
    assert len(text) > 100
    assert cut(text, 100) == (
        "Cost 4. At the end of your turn, deal damage equal to this follower's attack to a "
        "random enemy…"
    )
    assert cut("x" * 120, 100) == "x" * 99 + "…"
    assert cut("  ", 80) == "—"
    twins = Param("target", "Target", (Option(1, "Treant 2/2"), Option(2, "Treant 2/2")))
    attack = [ActionSpec("attack", "Attack with Imp", (), (twins,))]
    asked = advance(1, attack, version(attack, 0, 0), Choice(0))
    assert isinstance(asked, Menu)
    assert [b.label for b in asked.rows[0]] == ["Treant 2/2 #1", "Treant 2/2 #2"]  # type: ignore[union-attr]


def test_a_long_chain_is_shown_in_a_few_pictures_the_last_ones_smallest() -> None:
    steps = [Step(str(i), ()) for i in range(11)]
    groups = paced(steps, 8)
    assert [len(g) for g in groups] == [2, 2, 2, 1, 1, 1, 1, 1]
    assert [s for g in groups for s in g] == steps
    assert [len(g) for g in paced(steps[:3], 8)] == [1, 1, 1]


options = st.lists(st.text(min_size=1, max_size=120), min_size=1, max_size=24, unique=True)


@st.composite
def params(draw: st.DrawFn, name: str) -> Param:
    labels = draw(options)
    opts = tuple(Option(i, label) for i, label in enumerate(labels))
    if len(opts) > 1 and draw(st.booleans()):
        most = draw(st.integers(2, len(opts)))
        return Param(name, name.title(), opts, draw(st.integers(0, most)), most)
    return Param(name, name.title(), opts)


@st.composite
def spec_lists(draw: st.DrawFn) -> list[ActionSpec]:
    specs = []
    for i in range(draw(st.integers(1, 30))):
        kind = draw(st.sampled_from(["play", "move", "attack", "end_turn", "retreat", "pass"]))
        count = draw(st.integers(0, 2))
        ps = tuple(draw(params(n)) for n in ("target", "location")[:count])
        specs.append(ActionSpec(kind, draw(st.text(min_size=1, max_size=150)), (("i", i),), ps))
    return specs


@settings(max_examples=60, deadline=None)
@given(spec_lists(), st.randoms())
def test_any_specs_give_menus_within_discords_limits(
    specs: list[ActionSpec], rng: random.Random
) -> None:
    menu = main_menu(12345678901234567, specs, version(specs, 0, 0))
    check_limits(menu)
    index = rng.randrange(len(specs))
    choice = Choice(index)
    while True:
        step = advance(12345678901234567, specs, version(specs, 0, 0), choice, confirmed=True)
        if isinstance(step, Action):
            assert specs[index].matches(step)
            break
        check_limits(step)
        row = step.rows[0]
        if isinstance(row, Select):
            size = rng.randint(row.min_values, row.max_values)
            choice = choice.add(rng.sample([int(o.value) for o in row.options], size))
        else:
            choice = Choice.parse(ControlId.parse(rng.choice(row).custom_id).arg)  # type: ignore[union-attr]


def test_custom_ids_and_choices_round_trip() -> None:
    cid = ControlId(123, "a1b2c3d4", "opt", Choice(3, ((1,), (), (0, 2))).encode())
    assert ControlId.parse(cid.encode()) == cid
    assert Choice.parse(cid.arg) == Choice(3, ((1,), (), (0, 2)))
    assert ControlId.parse(ControlId(5, None, "join").encode()) == ControlId(5, None, "join")
    assert ControlId.parse("somebody-else:button") is None
    with pytest.raises(ValueError):
        ControlId(1, "a1b2c3d4", "do", "1." * 60).encode()


def test_a_retreat_asks_first_and_the_version_follows_the_options() -> None:
    specs = [ActionSpec("retreat", "Retreat (lose 1 now)"), ActionSpec("end_turn", "End turn")]
    asked = advance(1, specs, version(specs, 0, 0), Choice(0))
    assert isinstance(asked, Menu) and "cannot be taken back" in asked.heading
    assert advance(1, specs, version(specs, 0, 0), Choice(0), confirmed=True) == Action("retreat")
    assert version(specs, 0, 0) == version(list(specs), 0, 0) != version(specs[1:], 0, 0)
    assert version(specs, 0, 0) != version(specs, 1, 0)  # one seat's never stands for another's
    assert version(specs, 0, 0) != version(specs, 0, 1)  # nor a control once the seat acted


def test_typed_values_are_understood() -> None:
    where = Param(
        "location", "Location", (Option(0, "Left"), Option(1, "Center"), Option(2, "Right"))
    )
    specs = [
        ActionSpec("play", "Play Moth Page", (("card", 1),), (where,)),
        ActionSpec("play", "Play Tinker", (("card", 2),), (where,)),
        ActionSpec("end_turn", "End turn"),
    ]
    assert find_spec(specs, [0, 1], "play tinker") == (1, None)
    assert find_spec(specs, [0, 1], "0@a1b2c3d4") == (0, "a1b2c3d4")
    assert find_spec(specs, [0, 1], "Tink") == (1, None)
    with pytest.raises(ValueError, match="could mean several"):
        find_spec(specs, [0, 1], "Play")
    assert prefill(specs[1], 1) == Choice(1)  # three locations: asked next
    only = Param("location", "Location", (Option(1, "Center"),))
    alone = ActionSpec("play", "Play Tinker", (("card", 2),), (only,))
    assert prefill(alone, 0) == Choice(0, ((0,),))  # the only location is taken at once
    assert [with_a_card(s) for s in specs] == [True, True, False]
