"""What the breakfall pictures say, read from what their canvases drew: the step's labels on a
tile never cover its rules text and say damage as "2 dmg"; a changed number's arrow follows it;
the hand names each stat and says "Any speed" once; the result names the players; a check waiting
on its player's breakfall choice is in the space."""

from __future__ import annotations

import re
from dataclasses import replace

from rendering import breakfall
from rendering.breakfall.parts import UP
from rendering.toolkit import Canvas, DrawnText
from rules.engine import Event, Step

from . import breakfall_positions as bf
from .positions import NAMES

_DAMAGE = re.compile(r"[0-9]+ dmg")


def _meets(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _labels(canvas: Canvas) -> list[DrawnText]:
    return [d for d in canvas.texts if d.role == "label" and d.cover is not None]


def _texts(canvas: Canvas) -> list[DrawnText]:
    return [d for d in canvas.texts if d.role == "text" and d.ink is not None]


def _hits_a_character(event: Event) -> bool:
    if event.kind == "damage":
        return event.data.get("card") is not None
    return event.kind == "battle_damage" and event.data.get("target") is not None


def _damage_steps() -> list[tuple[int, Step]]:
    """Public steps of random matches that deal damage to characters (by an effect or a battle)."""
    return [
        (seed, step)
        for seed in range(6)
        for step in bf.match_steps(seed)
        if step.public and any(_hits_a_character(e) for e in step.events_for(None))
    ]


def test_a_steps_damage_reads_n_dmg_and_no_label_covers_a_tiles_text() -> None:
    steps = _damage_steps()
    assert len(steps) > 20
    tags = 0
    for seed, step in steps:
        canvas = breakfall.draw_board(step.views[None], NAMES, step)
        labels = [d.block.text for d in _labels(canvas)]
        assert not [t for t in labels if re.fullmatch(r"[–-][0-9]+", t)], (seed, labels)
        tags += sum(1 for t in labels if _DAMAGE.fullmatch(t))
        for label in _labels(canvas):
            assert label.cover is not None
            for text in _texts(canvas):
                assert text.ink is not None
                assert not _meets(label.cover, text.ink), (
                    f"seed {seed}: {label.block.text!r} covers {text.block.text!r}"
                )
    assert tags > 20


def test_a_changed_numbers_arrow_follows_it_in_its_own_cell() -> None:
    """The arrow of a boosted number comes right after the number ("4▲"), not at the far end of
    its third of the tile, where it ran into the next icon ("4▲ϟ2") and read as the next
    number's."""
    card = replace(bf.character(bf.CHARACTERS[0], 1, 0), force=9)
    canvas = breakfall.draw_board(bf.view([bf.player(0, [card]), bf.player(1)]), NAMES)
    [nine] = [d for d in canvas.texts if d.role == "number" and d.block.text == "9"]
    assert nine.ink is not None
    _left, top, right, bottom = nine.ink
    image = canvas.image
    after = [
        x
        for x in range(right, min(image.width, right + canvas.px(40)))
        for y in range(top, bottom)
        if image.getpixel((x, y)) == UP
    ]
    assert after, "no arrow after the number"
    assert min(after) - right <= canvas.px(2.5)  # it was 4 units away
    others = [d.ink[0] for d in canvas.texts if d.role == "number" and d.ink and d.ink[0] > right]
    assert max(after) < min(others) - canvas.px(8)  # the next number's icon comes between


def test_the_hand_names_each_stat_and_says_any_speed_once() -> None:
    fast = next(c for c in bf.CARDS if c.speed == "any")
    texts = [d.block.text for d in breakfall.draw_card(fast).texts]
    assert sum(t.count("Any speed") for t in texts) == 1
    character = bf.CHARACTERS[0]
    texts = [d.block.text for d in breakfall.draw_card(character).texts]
    assert {"force", "sabotage", "durability"} <= set(texts)


def test_the_result_names_the_players_in_its_damage_chips() -> None:
    final = next(
        s.views[None]
        for seed in range(20)
        for s in bf.match_steps(seed)[-1:]
        if s.views[None].result is not None and s.views[None].result.reason == "damage"
    )
    damage = [len(p.damage) for p in final.players]
    labels = {d.block.text for d in _labels(breakfall.draw_result(final, ("Ann", "Bo")))}
    assert {f"Ann {damage[0]}/10", f"Bo {damage[1]}/10"} <= labels
    # Names too long for the banner are cut in the chips (or left out), never in the title.
    long = ("Annabel of the Northern Roofs", "Bartholomew the Magnificent")
    drawn = breakfall.draw_result(final, long).texts
    chips = [d.block.text for d in drawn if d.role == "label" and d.block.text.endswith("/10")]
    assert [c.split(" ")[-1] for c in chips[:2]] == [f"{n}/10" for n in damage]
    assert all(c.count(" ") == 0 or "… " in c for c in chips[:2])
    winner = long[final.result.winners[0]] if final.result and final.result.winners else ""
    [title] = [d for d in drawn if d.block.text.replace("\n", " ") == f"{winner} wins!"]
    assert not title.block.truncated


def test_a_check_waiting_on_a_breakfall_choice_is_in_the_space() -> None:
    step = bf.find_step(
        range(20), lambda s: s.public and s.views[None].waiting.endswith("or declines")
    )
    view = step.views[None]
    card = view.space[-1].name
    texts = [d.block.text for d in breakfall.draw_board(view, NAMES, step).texts]
    assert "Empty" not in texts
    assert f"Top · Resolving: {NAMES[view.space[-1].seat]}'s damage check turned {card}" in texts
