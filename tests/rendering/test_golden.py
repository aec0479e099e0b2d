"""Golden pictures of fixed positions, compared with a tolerance.

Each case draws a position built deterministically (a seeded random match, or a made-up view) and
compares it with ``golden/<case>.png``: same size, mean absolute difference at most
:data:`MEAN_LIMIT` (0–255 per channel) and at most :data:`CHANGED_LIMIT` of the pixels differing
by more than :data:`CHANGED_BY`. That absorbs a different FreeType or palette quantizer, and
catches a moved, missing or recoloured piece. A failing case writes the picture it drew, and the
difference, to a temporary folder named in the failure.

To regenerate the goldens on purpose (after a deliberate change of the pictures, or of the rules
that make these positions), look at the new pictures, then run::

    PARLOR_UPDATE_GOLDENS=1 python -m pytest tests/rendering/test_golden.py
"""

from __future__ import annotations

import importlib
import io
import itertools
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from rendering import breakfall, charm, draw_table, fanfare
from rendering.lanes import draw_board, draw_hand, draw_result
from rendering.toolkit import Canvas
from rules.engine import Step
from rules.registry import get_ruleset

from . import breakfall_positions as bf
from . import charm_positions as cp
from . import fanfare_positions as ff
from .japanese import japanese
from .positions import JAPANESE_NAMES, NAMES, find_step, japanese_view, match_steps, public_with

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PARLOR_UPDATE_GOLDENS") == "1"
MEAN_LIMIT = 1.5
CHANGED_BY = 64
CHANGED_LIMIT = 0.0001


def _board(*kinds: str) -> Canvas:
    step = find_step(range(40), public_with(*kinds))
    return draw_board(step.views[None], NAMES, step)


def _japanese() -> Canvas:
    return draw_board(replace(japanese_view(), viewer=None, hand=(), staged=()), JAPANESE_NAMES)


def _japanese_hand() -> Canvas:
    return draw_hand(japanese_view(), JAPANESE_NAMES)


def _hand() -> Canvas:
    step = find_step(range(40), lambda s: any(x.kind == "move" for x in s.views[0].staged))
    return draw_hand(step.views[0], NAMES)


def _seat_view() -> Canvas:
    def own_face_down(step: object) -> bool:
        view = step.views[0]  # type: ignore[attr-defined]
        return any(
            getattr(c, "face_down", False) for loc in view.locations for c in loc.sides[0].cards
        )

    step = find_step(range(40), own_face_down)
    return draw_board(step.views[0], NAMES, step if step.visible_to(0) else None)


def _table(seat: int) -> Canvas:
    step = find_step(range(40), lambda s: any(x.kind == "move" for x in s.views[seat].staged))
    return draw_table("lanes", step.views[seat], NAMES, seat, step if step.public else None)


def _result(kind: str) -> Canvas:
    for seed in range(100):
        final = match_steps(seed)[-1].views[None]
        result = final.result
        if (result.reason if result.winners else "draw") == kind:
            return draw_result(final, NAMES)
    raise LookupError(kind)


CASES: dict[str, Callable[[], Canvas]] = {
    "board-opening": lambda: _board("location_revealed", "turn_started"),
    "board-reveal-power": lambda: _board("revealed", "power"),
    "board-moved": lambda: _board("moved"),
    "board-location-destroyed": lambda: _board("location_destroyed"),
    "board-location-disabled": lambda: _board("location_disabled"),
    "board-face-down": lambda: _board("played_face_down"),
    "board-seat-view": _seat_view,
    "board-japanese": _japanese,
    "board-for-seat-1": lambda: draw_board(
        find_step(range(40), public_with("moved")).views[None], NAMES, seat=1
    ),
    "table-seat-0": lambda: _table(0),
    "hand-japanese": _japanese_hand,
    "hand-staged": _hand,
    "result-locations": lambda: _result("locations"),
    "result-draw": lambda: _result("draw"),
}


def _fanfare_board(wanted: Callable[[Step], bool], viewer: int | None = None) -> Canvas:
    step = ff.find_step(range(40), wanted)
    return fanfare.draw_board(step.views[viewer], NAMES, step)


def _fanfare_destroyed() -> Canvas:
    """Two cards destroyed, drawn with the view before the step: each keeps its slot."""
    wanted = ff.public_with("destroyed", at_least=2)
    for seed in range(40):
        steps = ff.match_steps(seed)
        for before, step in itertools.pairwise(steps):
            if wanted(step):
                return fanfare.draw_board(step.views[None], NAMES, step, before=before.views[None])
    raise LookupError("destroyed")


def _fanfare_table(wanted: Callable[[Step], bool], seat: int) -> Canvas:
    step = ff.find_step(range(40), wanted)
    return draw_table("fanfare", step.views[seat], NAMES, seat, step)


def _fanfare_hand(wanted: Callable[[Step], bool], seat: int) -> Canvas:
    return fanfare.draw_hand(ff.find_step(range(40), wanted).views[seat], NAMES)


def _fanfare_japanese() -> Canvas:
    view = replace(ff.japanese_view(), viewer=None, hand=())
    return fanfare.draw_board(view, JAPANESE_NAMES, ff.japanese_step(view))


def _own_turn_with_choices(step: Step) -> bool:
    """Seat 0's turn, with cards it can play and cards it cannot."""
    view = step.views[0]
    playable = {card.playable for card in view.hand}
    return view.turn_player == 0 and len(view.hand) >= 5 and playable == {True, False}


def _fanfare_result(reason: str) -> Canvas:
    for seed in range(40):
        final = ff.match_steps(seed)[-1].views[None]
        if final.result.reason == reason:
            return fanfare.draw_result(final, NAMES)
    raise LookupError(reason)


FANFARE_CASES: dict[str, Callable[[], Canvas]] = {
    "fanfare-board-mulligan": lambda: _fanfare_board(ff.public_with("mulligan_chosen")),
    "fanfare-board-full": lambda: _fanfare_board(lambda s: s.public and ff.on_board(s) == 10),
    "fanfare-board-damage": lambda: _fanfare_board(ff.public_with("damage", at_least=3)),
    "fanfare-board-evolve": lambda: _fanfare_board(ff.public_with("evolved")),
    "fanfare-board-destroyed": _fanfare_destroyed,
    "fanfare-table-seat-1": lambda: _fanfare_table(ff.public_with("attack"), 1),
    "fanfare-board-seat-view": lambda: _fanfare_board(ff.public_with("attack"), viewer=1),
    "fanfare-board-japanese": _fanfare_japanese,
    "fanfare-hand": lambda: _fanfare_hand(_own_turn_with_choices, 0),
    "fanfare-hand-mulligan": lambda: _fanfare_hand(ff.public_with("drew"), 1),
    "fanfare-hand-japanese": lambda: fanfare.draw_hand(ff.japanese_view(), JAPANESE_NAMES),
    "fanfare-result-leader": lambda: _fanfare_result("defence"),
    "fanfare-result-draw": lambda: fanfare.draw_result(ff.drawn_result_view(), NAMES),
}
CASES.update(FANFARE_CASES)


def _breakfall_board(wanted: Callable[[Step], bool], viewer: int | None = None) -> Canvas:
    step = bf.find_step(range(20), wanted)
    return breakfall.draw_board(step.views[viewer], NAMES, step)


def _paying_or_declining(step: Step) -> bool:
    """A check turned a breakfall and waits on its player: shown in the space as resolving."""
    return step.public and step.views[None].waiting.endswith("pays for a breakfall or declines")


def _breakfall_hand(seat: int) -> Canvas:
    def choices(step: Step) -> bool:
        view = step.views[seat]
        playable = {card.playable for card in view.hand}
        return view.holder == seat and len(view.hand) >= 4 and playable == {True, False}

    return breakfall.draw_hand(bf.find_step(range(20), choices).views[seat], NAMES)


def _breakfall_result(reason: str) -> Canvas:
    for seed in range(20):
        final = bf.match_steps(seed)[-1].views[None]
        if final.result is not None and final.result.reason == reason:
            return breakfall.draw_result(final, NAMES)
    raise LookupError(reason)


BREAKFALL_CASES: dict[str, Callable[[], Canvas]] = {
    "breakfall-board-space": lambda: breakfall.draw_board(bf.space_view(), NAMES, bf.space_step()),
    "breakfall-board-battle": lambda: _breakfall_board(bf.public_with("battle_damage", "checks")),
    "breakfall-board-check-turned": lambda: _breakfall_board(bf.public_with("turned", "entered")),
    "breakfall-board-check-deciding": lambda: _breakfall_board(_paying_or_declining),
    "breakfall-table-seat-1": lambda: draw_table(
        "breakfall", bf.space_view(1), NAMES, 1, bf.space_step()
    ),
    "breakfall-hand": lambda: _breakfall_hand(0),
    "breakfall-table-japanese": lambda: draw_table(
        "breakfall", bf.japanese_view(), JAPANESE_NAMES, 0
    ),
    "breakfall-result-damage": lambda: _breakfall_result("damage"),
    "breakfall-result-draw": lambda: breakfall.draw_result(bf.drawn_result_view(), NAMES),
}
CASES.update(BREAKFALL_CASES)


def _esper_moment(seats: int, wanted: Callable[..., bool]) -> object:
    from . import esper_positions as ep

    return ep.find(seats, 1, wanted)


def _esper_board(seats: int, *kinds: str, part: int = 1) -> Canvas:
    from rendering import esper

    from . import esper_positions as ep

    def wanted(m: ep.Moment) -> bool:
        return ep.with_event(*kinds)(m) and m.views[None].part == part

    moment = ep.find(seats, 1, wanted)
    return esper.draw_board(moment.views[None], ep.NAMES[:seats], moment.step)


def _esper_table(seats: int, seat: int) -> Canvas:
    from . import esper_positions as ep

    def in_combat(m: ep.Moment) -> bool:
        combat = m.views[None].combat
        return combat is not None and seat in combat.combatants

    moment = ep.find(seats, 1, in_combat)
    return draw_table("esper", moment.views[seat], ep.NAMES[:seats], seat, moment.step)


def _esper_result(seats: int) -> Canvas:
    from rendering import esper

    from . import esper_positions as ep

    final = ep.moments(seats, 1)[-1].views[None]
    return esper.draw_result(final, ep.NAMES[:seats])


def _esper_every_card(part: int) -> Canvas:
    from rendering import esper

    from . import esper_positions as ep

    return esper.draw_board(ep.every_card_board(part), ep.NAMES)


def _esper_japanese() -> Canvas:
    from . import esper_positions as ep

    return draw_table("esper", ep.every_card_board(2), ep.JAPANESE_NAMES, 0)


ESPER_CASES: dict[str, Callable[[], Canvas]] = {
    "esper-board-10-seats-part-1": lambda: _esper_board(10, "moved"),
    "esper-board-5-seats-part-2": lambda: _esper_board(5, "moved", part=2),
    "esper-board-3-seats-part-1": lambda: _esper_board(3, "turn_started"),
    "esper-table-in-combat": lambda: _esper_table(10, 0),
    "esper-result-10-seats": lambda: _esper_result(10),
    "esper-every-card-part-1": lambda: _esper_every_card(1),
    "esper-every-card-part-2": lambda: _esper_every_card(2),
    "esper-table-japanese": _esper_japanese,
}
CASES.update(ESPER_CASES)


def _charm_board(wanted: Callable[[Step], bool], viewer: int | None = None) -> Canvas:
    step = cp.find_step(range(6), wanted)
    return charm.draw_board(step.views[viewer], NAMES, step)


def _charm_chain_table() -> Canvas:
    """Bartholomew may answer the chain with events and A.Skills only (CHARM-9), and with
    1 EP: Heckle (cost 0) is playable; Cut the Lights (cost 2), his character and his
    background are not."""
    answers = {"heckle"}
    hand = [
        cp.hand_card(cp.POOL.cards[c], 400 + i, playable=c in answers)
        for i, c in enumerate(("cut-the-lights", "heckle", "choir-captain", "clock-square"))
    ]
    return draw_table("charm", cp.chain_view(viewer=1, hand=hand), NAMES, 1)


CHARM_CASES: dict[str, Callable[[], Canvas]] = {
    "charm-board-charm": lambda: _charm_board(cp.public_with("charm")),
    "charm-board-damage": lambda: _charm_board(cp.public_with("dp_damage", "damage")),
    "charm-board-open-chain": lambda: charm.draw_board(cp.chain_view(), NAMES),
    "charm-board-blocks": lambda: charm.draw_board(
        cp.blocks_view(), NAMES, cp.blocks_step(cp.blocks_view())
    ),
    "charm-table-chain": _charm_chain_table,
    "charm-board-japanese": lambda: charm.draw_board(
        replace(cp.japanese_view(), viewer=None, hand=()),
        JAPANESE_NAMES,
        cp.japanese_step(cp.japanese_view()),
    ),
    "charm-hand-japanese": lambda: charm.draw_hand(cp.japanese_view(), JAPANESE_NAMES),
    "charm-result-draw": lambda: charm.draw_result(cp.drawn_result_view(), NAMES),
}
CASES.update(CHARM_CASES)


def _card(ruleset: str, card_id: str) -> Canvas:
    module = importlib.import_module(f"rendering.{ruleset}")
    canvas: Canvas = module.draw_card(get_ruleset(ruleset).pool.cards[card_id])  # type: ignore[attr-defined]
    return canvas


# In Japanese: every ruleset's board, table and result (and a card), the same positions as the
# English cases, with Japanese card names from the tests' catalogue (tests/rendering/japanese.py)
# and, in the made-up "japanese" positions, Japanese rules text too.
JAPANESE_CASES: dict[str, Callable[[], Canvas]] = {
    f"ja-{case}": japanese(CASES[case])
    for case in (
        "board-opening",
        "board-reveal-power",
        "board-location-destroyed",
        "board-japanese",
        "table-seat-0",
        "hand-japanese",
        "result-locations",
        "fanfare-board-damage",
        "fanfare-board-japanese",
        "fanfare-table-seat-1",
        "fanfare-hand-mulligan",
        "fanfare-result-leader",
        "breakfall-board-space",
        "breakfall-board-battle",
        "breakfall-table-seat-1",
        "breakfall-table-japanese",
        "breakfall-result-damage",
        "charm-board-charm",
        "charm-board-japanese",
        "charm-table-chain",
        "charm-result-draw",
        "esper-board-10-seats-part-1",
        "esper-board-5-seats-part-2",
        "esper-table-in-combat",
        "esper-table-japanese",
        "esper-result-10-seats",
    )
}
JAPANESE_CASES.update(
    {
        "ja-card-lanes": japanese(lambda: _card("lanes", "shell-twin")),
        "ja-card-fanfare": japanese(lambda: _card("fanfare", "thorn-stalker")),
        "ja-card-breakfall": japanese(lambda: _card("breakfall", "moss-guard")),
        "ja-card-charm": japanese(lambda: _card("charm", "heckle")),
        "ja-card-esper": japanese(lambda: _card("esper", "damper")),
    }
)
CASES.update(JAPANESE_CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden(case: str, tmp_path: Path) -> None:
    png = CASES[case]().png()
    drawn = Image.open(io.BytesIO(png)).convert("RGB")
    path = GOLDEN / f"{case}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        pytest.skip(f"wrote {path}")
    assert path.exists(), f"no golden {path}: run with PARLOR_UPDATE_GOLDENS=1 (see this module)"
    golden = Image.open(path).convert("RGB")
    problem = _difference(golden, drawn)
    if problem:
        drawn.save(tmp_path / f"{case}.png")
        if golden.size == drawn.size:
            ImageChops.difference(golden, drawn).save(tmp_path / f"{case}-diff.png")
        pytest.fail(f"{case}: {problem}; drew {tmp_path / case}.png")


def _difference(golden: Image.Image, drawn: Image.Image) -> str | None:
    if golden.size != drawn.size:
        return f"size {drawn.size}, golden {golden.size}"
    diff = ImageChops.difference(golden, drawn)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = diff.convert("L").point(lambda v: 255 if v > CHANGED_BY else 0).histogram()[255]
    share = changed / (diff.width * diff.height)
    if mean > MEAN_LIMIT or share > CHANGED_LIMIT:
        return f"mean difference {mean:.3f} (limit {MEAN_LIMIT}), {share:.4%} pixels changed"
    return None
