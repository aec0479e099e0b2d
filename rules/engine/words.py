"""The engine's own words, as templates every language can show (docs/i18n.md): what its
shared pieces say in a match of any ruleset (the auto-pass button and what clicking it tells
the seat; why a chain nobody can stop ends the game). Their Japanese is in the ``rules``
domain, beside the guide's words.
"""

from __future__ import annotations

from .wording import Wording

__all__ = ["ENGINE"]

ENGINE = Wording(
    {
        # -- auto-pass (rules.engine.autopass)
        "auto_pass.label.on": "Auto-pass: turn on",
        "auto_pass.label.off": "Auto-pass: turn off",
        "auto_pass.detail.on": (
            "Pass at once whenever you hold nothing you could use. Off by default: "
            "a pass that comes at once tells your opponent you held nothing."
        ),
        "auto_pass.detail.off": "Be asked at every chance to answer again, usable or not.",
        "auto_pass.now.on": (
            "Auto-pass is on: you pass at once whenever you hold nothing you could use."
        ),
        "auto_pass.now.off": "Auto-pass is off: you are asked at every chance to answer.",
        # -- a chain nobody can stop (rules.engine.resolve)
        "runaway": (
            "The effects keep triggering each other and nobody can stop them: the game is a draw "
            "({count} effects resolved in a row)."
        ),
        "loop": (
            "The same position came back with nobody able to stop it: the game is a draw "
            "(after {count} effects)."
        ),
    },
    domain="rules",
)
