"""Nothing hidden reaches an esper picture (ESPER-12.1): pictures are drawn from views, which
hold only what their viewer may see (``tests/rules/esper/test_hidden.py``); here, what a
picture takes besides its view, the step, cannot add anything: events the viewer may not see
change no pixel, a step private to others draws nothing, and a seat's view is drawn for that seat
alone."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import rendering
from rendering import esper
from rules.engine import Event, Step

from . import esper_positions as ep


def _private_moments(seats: int) -> list[ep.Moment]:
    """Moments whose public step carries an event only some seats see (a gear taken)."""

    def private(n: int, res: Any) -> bool:
        public = [s for s in res.steps if s.public]
        return bool(public) and any(e.to is not None for e in public[-1].events)

    found = itertools.islice(
        (m for seed in range(1, 6) for m in ep.iter_moments(seats, seed, private) if m.step), 6
    )
    return [m for m in found if any(e.to is not None for e in m.step.events)]


def _scrambled(step: Step) -> Step:
    """The step with every event the public may not see made up anew."""
    junk = {"seat": 0, "square": 1, "card": "nova", "about": 2, "gear": "focus", "cards": [1, 2]}
    events = tuple(e if e.to is None else Event(e.kind, junk, e.to) for e in step.events)
    return step._replace(events=events)


@pytest.mark.parametrize("seats", [5, 10])
def test_events_the_viewer_may_not_see_change_no_pixel(seats: int) -> None:
    moments = _private_moments(seats)
    assert moments, "no step with a private event: pick another seed"
    names = ep.NAMES[:seats]
    for moment in moments[:6]:
        assert moment.step is not None
        for viewer in (None, 0):
            view = moment.views[viewer]
            drawn = esper.draw_board(view, names, moment.step).png()
            again = esper.draw_board(view, names, _scrambled(moment.step)).png()
            if viewer is None or all(viewer not in (e.to or ()) for e in moment.step.events):
                assert drawn == again


def test_a_step_private_to_others_draws_no_caption() -> None:
    step = Step("{seat1} draws Nova and Rend.", (), frozenset({1}))
    view = ep.moments(5, 1)[3].views[None]
    with_step = esper.draw_board(view, ep.NAMES[:5], step)
    assert with_step.png() == esper.draw_board(view, ep.NAMES[:5]).png()
    assert not any("Nova" in t.block.text for t in with_step.texts)


def test_a_seats_view_is_drawn_for_that_seat_only() -> None:
    moment = ep.moments(5, 1)[3]
    with pytest.raises(ValueError, match="cannot be drawn for seat"):
        esper.draw_board(moment.views[1], ep.NAMES[:5], seat=2)
    with pytest.raises(ValueError):
        rendering.table_png("esper", moment.views[1], ep.NAMES[:5], 2)
    with pytest.raises(ValueError):
        esper.draw_hand(moment.views[None], ep.NAMES[:5])


def test_the_sheet_shows_only_the_seats_own_view() -> None:
    """Another seat's character, gear and hand are never on a sheet unless its view holds them."""
    moment = ep.moments(10, 1)[-1]
    for seat in range(10):
        view: Any = moment.views[seat]
        texts = " ".join(t.block.text for t in esper.draw_hand(view, ep.NAMES).texts)
        known = {c.name for _s, c in view.hand.known} | {view.hand.character.name}
        for card in ep.POOL.of("character"):
            if card.name in texts:
                assert card.name in known, (seat, card.name)
