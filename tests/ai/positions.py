"""Positions from random matches, for the CPU's tests: every ``every``-th moment of a few
matches, each as a quiet match replayed to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.engine import Match
from rules.registry import get_ruleset
from rules.simulate import random_match


def positions(name: str, seeds: range, every: int) -> Iterator[Match[Any, Any]]:
    ruleset = get_ruleset(name)
    for seed in seeds:
        whole = random_match(ruleset, seed)
        match = Match.new(ruleset, seed, whole.setup, quiet=True)
        for i, (seat, action) in enumerate(whole.actions):
            if match.over:
                break
            if i % every == 0:
                yield match
            match.apply(seat, action)
