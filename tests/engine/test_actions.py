"""Actions and legal-action descriptions: values that round-trip and menus that build actions."""

from __future__ import annotations

import json

import pytest

from rules.engine import Action, ActionSpec, Option, Param


def test_action_round_trips_through_json() -> None:
    action = Action("play", card=12, location=1)
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert action.to_json() == {"kind": "play", "card": 12, "location": 1}


def test_action_is_a_value() -> None:
    a, b = Action("play", location=1, card=12), Action("play", card=12, location=1)
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "Action('play', card=12, location=1)"
    assert a["card"] == 12 and a.get("missing") is None
    with pytest.raises(AttributeError):
        a.kind = "move"  # type: ignore[misc]


@pytest.mark.parametrize("bad", [1.5, [1.5], [[1]], {"a": 1}])
def test_action_arguments_are_json_scalars_or_lists_of_them(bad: object) -> None:
    with pytest.raises(ValueError):
        Action("play", card=bad)  # type: ignore[arg-type]


def test_action_needs_a_kind() -> None:
    with pytest.raises(ValueError):
        Action.from_json({"card": 1})


SPEC = ActionSpec(
    "play",
    "Play Moth Page",
    (("card", 3),),
    (Param("location", "Location", (Option(0, "Left"), Option(2, "Right"))),),
)


def test_spec_lists_every_combination() -> None:
    assert list(SPEC.actions()) == [
        Action("play", card=3, location=0),
        Action("play", card=3, location=2),
    ]


def test_spec_builds_only_offered_options() -> None:
    assert SPEC.build(location=2) == Action("play", card=3, location=2)
    with pytest.raises(ValueError, match="not an option"):
        SPEC.build(location=1)
    with pytest.raises(ValueError, match="choose location"):
        SPEC.build()


def test_spec_matches_its_actions_only() -> None:
    assert SPEC.matches(Action("play", card=3, location=0))
    assert not SPEC.matches(Action("play", card=4, location=0))
    assert not SPEC.matches(Action("play", card=3, location=1))
    assert not SPEC.matches(Action("play", card=3))


def test_a_spec_without_arguments_matches_only_its_bare_action() -> None:
    spec = ActionSpec("pass", "Pass")
    assert spec.matches(Action("pass"))
    assert not spec.matches(Action("pass", card=3))
    assert not spec.matches(Action("end_turn"))


def test_spec_serializes_for_a_ui() -> None:
    data = json.loads(json.dumps(SPEC.to_json()))
    assert data["kind"] == "play" and data["fixed"] == {"card": 3}
    assert [o["label"] for o in data["params"][0]["options"]] == ["Left", "Right"]


MULLIGAN = ActionSpec(
    "mulligan",
    "Return cards",
    params=(
        Param(
            "cards",
            "Cards to return",
            (Option(11, "A"), Option(12, "B"), Option(13, "C")),
            least=0,
            most=3,
        ),
    ),
)


def test_multi_choice_lists_every_subset_in_option_order() -> None:
    values = [a["cards"] for a in MULLIGAN.actions()]
    assert values == [(), (11,), (12,), (13,), (11, 12), (11, 13), (12, 13), (11, 12, 13)]


def test_multi_choice_builds_from_lists_and_refuses_bad_subsets() -> None:
    action = MULLIGAN.build(cards=[11, 13])
    assert action == Action("mulligan", cards=(11, 13))
    assert action.to_json() == {"kind": "mulligan", "cards": [11, 13]}
    assert Action.from_json(action.to_json()) == action
    for bad in ([11, 11], [14], 11, [True]):
        with pytest.raises(ValueError):
            MULLIGAN.build(cards=bad)  # type: ignore[arg-type]
    # A multi-select answers in the order clicked: any order of distinct options is one choice.
    assert MULLIGAN.matches(action) and MULLIGAN.matches(Action("mulligan", cards=(13, 11)))


def test_a_bool_is_no_option_of_ints() -> None:
    param = Param("card", "Card", (Option(1, "one"), Option(2, "two")))
    assert param.accepts(1) and not param.accepts(True)
