"""CPU players: search over determinized states, from a seat's view only (``docs/cpu.md``).

Pure like the rest of ``rules/``: no I/O, no clock, no global ``random``. ``decide`` is one
decision; ``duel`` plays players against each other for ``python -m rules duel``.
"""

from __future__ import annotations

from .cpu import STRENGTHS, cpu_seed, decide, guide_of, has_cpu, move_for
from .guide import Guide

__all__ = ["STRENGTHS", "Guide", "cpu_seed", "decide", "guide_of", "has_cpu", "move_for"]
