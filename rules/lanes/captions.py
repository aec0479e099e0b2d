"""What a step did, in a few words, for its caption ("...: Endless Night is destroyed").

Built only from the step's *public* events, so a caption can never say more than a spectator may
know. Seats are named ``{seat0}``/``{seat1}`` like every caption.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import Event

__all__ = ["outcome", "with_outcome"]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def outcome(events: Iterable[Event], labels: Sequence[str]) -> str:
    """``"Moth Page +1, Spark +1; Underdog is destroyed"``; ``""`` when nothing shows."""
    power: dict[int, tuple[str, int]] = {}  # by card uid, in the order they changed
    destroyed: list[str] = []
    parts: list[str] = []
    for event in events:
        if not event.visible_to(None):
            continue
        data = event.data
        if event.kind == "power":
            name, total = power.get(data["card"], (data["name"], 0))
            power[data["card"]] = (name, total + data["delta"])
        elif event.kind == "destroyed":
            destroyed.append(data["name"])
        elif event.kind == "destroyed_face_down":
            destroyed.append("a face-down card")
        elif event.kind == "location_destroyed":
            parts.append(f"{data['name']} is destroyed")
        elif event.kind == "location_disabled":
            parts.append(f"{data['name']} loses its ability")
        elif event.kind == "moved":
            parts.append(f"{data['name']} moves to {labels[data['location']]}")
        elif event.kind == "added" and data.get("into") == "board":
            parts.append(f"a {data['name']} appears at {labels[data['location']]}")
        elif event.kind == "added" and data.get("into") == "hand":
            parts.append(f"{{seat{data['seat']}}} gets a {data['name']}")
        elif event.kind == "drew":
            parts.append(f"{{seat{data['seat']}}} draws a card")
        elif event.kind == "extra_energy":
            parts.append(f"{{seat{data['seat']}}} gets {_signed(data['amount'])} energy")
    if power:
        parts.insert(0, ", ".join(f"{name} {_signed(delta)}" for name, delta in power.values()))
    if destroyed:
        verb = "is" if len(destroyed) == 1 else "are"
        parts.append(f"{_names(destroyed)} {verb} destroyed")
    return "; ".join(parts)


def with_outcome(caption: str, events: Iterable[Event], labels: Sequence[str]) -> str:
    """``caption`` (no final stop) with what the step did, if anything public."""
    done = outcome(events, labels)
    return f"{caption}: {done}." if done else f"{caption}."
