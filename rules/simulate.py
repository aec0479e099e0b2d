"""Whole matches played with random legal actions: for soak tests, benchmarks and the CLI.

The random player only ever picks from ``legal_actions``, so any rejection is a bug. A ruleset may
also supply ``invariants(state)`` returning the invariants the state breaks.

``simulate`` replays a sample of the matches it plays from their records and compares state
hashes: the first match, every ``replay_every``-th after it, and every match that failed. A replay
costs about as much as the match itself, and a nondeterminism bug shows in any match, so replaying
every one mostly doubles the run; ``replay_every=1`` replays them all.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, ActionSpec, IllegalAction, Match, Rng, Ruleset, derive_seed, replay

__all__ = [
    "SimulationFailure",
    "SimulationReport",
    "per_mille",
    "pick_spec",
    "random_action",
    "random_match",
    "simulate",
    "weights_for",
]

MAX_DECISIONS = 20_000

# How often the random player picks an action of these kinds, relative to 1 for the others.
# Without this it would retreat or concede in most matches and rarely reach the end.
DEFAULT_WEIGHTS: Mapping[str, float] = {
    "retreat": 0.01,
    "concede": 0.01,
    "snap": 0.05,
    "reset": 0.1,
    "take_back": 0.3,
    # Turning auto-pass on or off is offered beside every decision; flipping it at every other
    # turn would be most of a random match.
    "auto_pass": 0.02,
}


class SimulationFailure(RuntimeError):
    """A simulated match broke: the message names the seed to reproduce it."""


@dataclass
class SimulationReport:
    ruleset: str
    version: str
    seed: int
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    replays: int = 0
    replay_seconds: float = 0.0
    wins: Counter[int] = field(default_factory=Counter)
    draws: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        n = max(self.games, 1)
        return {
            "ruleset": self.ruleset,
            "version": self.version,
            "seed": self.seed,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "replays": self.replays,
            "replay_seconds": round(self.replay_seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "win_share": {str(s): round(w / n, 4) for s, w in sorted(self.wins.items())},
            "draw_share": round(self.draws / n, 4),
            "reasons": dict(sorted(self.reasons.items())),
            "failures": self.failures,
        }


_WITHOUT_ARGUMENTS: dict[str, Action] = {}
"""An action without arguments by its kind: a value (actions are immutable), made once and
shared by every match that takes it, as most decisions of a random match are such actions."""


def random_action(spec: ActionSpec, rng: Rng) -> Action:
    """One of the spec's actions, each option equally likely."""
    if not spec.params and not spec.fixed:  # end turn, snap...: the common case
        action = _WITHOUT_ARGUMENTS.get(spec.kind)
        if action is None:
            action = _WITHOUT_ARGUMENTS[spec.kind] = Action(spec.kind)
        return action
    args = dict(spec.fixed)
    for param in spec.params:
        if param.most > 1:
            values = list(param.values())
            args[param.name] = values[_below(rng, len(values))]
        else:
            options = param.options
            args[param.name] = options[_below(rng, len(options))].value
    return Action(spec.kind, **args)


def per_mille(weights: Mapping[str, float]) -> dict[str, int]:
    """Weights relative to 1 as whole chances per mille (at least 1), for :func:`pick_spec`."""
    return {kind: max(1, int(w * 1000)) for kind, w in weights.items()}


def _below(rng: Rng, n: int) -> int:
    """``rng.below(n)``, without a draw when there is no choice: a forced choice is common, and
    draws are a good part of a simulated match's work."""
    return rng.below(n) if n > 1 else 0


def pick_spec(specs: list[ActionSpec], rng: Rng, weights: Mapping[str, int]) -> ActionSpec:
    """A spec at random, each as likely as its kind's weight in ``weights`` (per mille; 1000
    for a kind not named)."""
    if len(specs) == 1:
        return specs[0]
    get = weights.get
    chances = [get(spec.kind, 1000) for spec in specs]
    roll = rng.below(sum(chances))
    for i, chance in enumerate(chances):
        roll -= chance
        if roll < 0:
            return specs[i]
    raise AssertionError("unreachable")


def _waits(
    match: Match[Any, Any],
    seat: int,
    pending: tuple[int, ...],
    specs: list[ActionSpec],
    weights: Mapping[str, int],
) -> bool:
    """A seat the match is not waiting on whose only action is a rare one (conceding, which a
    ruleset lists for every seat), or whose actions are all rare ``always`` kinds (conceding and
    turning auto-pass on), lets the moment pass, drawing nothing: it gives up only when it has
    something else it could do, as often as the weights say."""
    if seat in pending:
        return False
    if len(specs) == 1:
        return weights.get(specs[0].kind, 1000) < 1000
    kinds = match.ruleset.kinds
    return all(
        weights.get(spec.kind, 1000) < 1000 and kinds[spec.kind].always is not None
        for spec in specs
    )


def _pick_seat(match: Match[Any, Any], pending: tuple[int, ...], rng: Rng) -> int:
    # Now and then a seat the match is not waiting on acts (takes back an end, snaps...).
    if not pending or rng.below(20) == 0:
        return rng.below(match.seats)
    return pending[_below(rng, len(pending))]


def random_match(
    ruleset: Ruleset[Any, Any],
    seed: int,
    *,
    check: Callable[[Match[Any, Any]], list[str]] | None = None,
    weights: Mapping[str, float] = DEFAULT_WEIGHTS,
    quiet: bool = True,
    setup: Mapping[str, Any] | None = None,
) -> Match[Any, Any]:
    """Play one whole match with random legal actions; ``check`` runs after every action.
    The match is ``quiet`` (no steps written) unless asked otherwise; its setup is a random one
    unless ``setup`` is given (a number of seats, say)."""
    match = _start(ruleset, seed, quiet, setup)
    _play_out(match, seed, check, weights_for(ruleset, weights))
    return match


def weights_for(
    ruleset: Ruleset[Any, Any], weights: Mapping[str, float] = DEFAULT_WEIGHTS
) -> Mapping[str, float]:
    """The default weights with a ruleset's own (``random_weights``, for one whose matches take
    many more decisions than others and would mostly end in a concession) over them; weights a
    caller chose are kept as they are."""
    own = getattr(ruleset, "random_weights", None)
    if weights is not DEFAULT_WEIGHTS or not own:
        return weights
    return {**DEFAULT_WEIGHTS, **own}


def _start(
    ruleset: Ruleset[Any, Any], seed: int, quiet: bool, setup: Mapping[str, Any] | None = None
) -> Match[Any, Any]:
    if setup is None:
        setup = ruleset.random_setup(Rng(derive_seed(seed, "setup")))
    return Match.new(ruleset, seed, setup, quiet=quiet)


def _play_out(
    match: Match[Any, Any],
    seed: int,
    check: Callable[[Match[Any, Any]], list[str]] | None,
    weights: Mapping[str, float],
) -> None:
    rng = Rng(derive_seed(seed, "policy"))
    chances = per_mille(weights)
    for _ in range(MAX_DECISIONS):
        if match.over:
            return
        pending = match.pending()  # asked once: the seat picked and _waits both need it
        seat = _pick_seat(match, pending, rng)
        specs = match.legal_actions(seat)
        if not specs or _waits(match, seat, pending, specs, chances):
            continue
        action = random_action(pick_spec(specs, rng, chances), rng)
        try:
            match.apply(seat, action)
        except IllegalAction as exc:
            raise SimulationFailure(
                f"seed {seed}: listed action {action!r} for seat {seat} rejected: {exc.reason}"
            ) from exc
        if check is not None:
            broken = check(match)
            if broken:
                raise SimulationFailure(f"seed {seed}: after {action!r}: {'; '.join(broken)}")
    raise SimulationFailure(f"seed {seed}: no result after {MAX_DECISIONS} decisions")


def simulate(
    ruleset: Ruleset[Any, Any],
    games: int,
    seed: int,
    *,
    get_ruleset: Callable[[str], Ruleset[Any, Any]] | None = None,
    stop_on_failure: bool = False,
    replay_every: int = 10,
) -> SimulationReport:
    """Play ``games`` random matches; replay from its record, and compare hashes of, match 0,
    every ``replay_every``-th after it (counting from 0) and every match that failed."""
    if replay_every < 1:
        raise ValueError(f"replay_every is at least 1, got {replay_every!r}")
    report = SimulationReport(ruleset.name, ruleset.version, seed)
    invariants = getattr(ruleset, "invariants", None)
    check = (lambda m: list(invariants(m.state))) if invariants is not None else None
    lookup = get_ruleset or (lambda name: ruleset)
    for i in range(games):
        match_seed = derive_seed(seed, f"match-{i}")
        match, failure = _play_one(report, ruleset, match_seed, check)
        if failure is None and i % replay_every:
            continue
        mismatch = _replay_one(report, match, lookup)
        if failure is None:
            if mismatch is not None:
                report.failures.append(f"replay: {mismatch} (match seed {match_seed})")
            continue
        # A failed match is reported once; a replay that does not come to the state the match
        # failed in adds that its record does not reproduce it.
        tail = f"; replay: {mismatch}" if mismatch is not None else ""
        report.failures.append(f"{failure} (match seed {match_seed}){tail}")
        if stop_on_failure:
            break
    return report


def _play_one(
    report: SimulationReport,
    ruleset: Ruleset[Any, Any],
    match_seed: int,
    check: Callable[[Match[Any, Any]], list[str]] | None,
) -> tuple[Match[Any, Any] | None, str | None]:
    """Play one match into ``report``: the match (as far as it got) and its failure, if any."""
    started = time.perf_counter()
    match: Match[Any, Any] | None = None
    try:
        match = _start(ruleset, match_seed, True)
        _play_out(match, match_seed, check, weights_for(ruleset))
    except Exception as exc:
        return match, f"{type(exc).__name__}: {exc}"
    finally:
        report.seconds += time.perf_counter() - started
    report.games += 1
    report.decisions += len(match.actions)
    result = match.result
    assert result is not None
    report.reasons[result.reason] += 1
    if result.draw:
        report.draws += 1
    for winner in result.winners:
        report.wins[winner] += 1
    return match, None


def _replay_one(
    report: SimulationReport,
    match: Match[Any, Any] | None,
    lookup: Callable[[str], Ruleset[Any, Any]],
) -> str | None:
    """Replay ``match`` from its record into ``report``; what went wrong, if anything."""
    if match is None:
        return None  # it failed before it started: there is no record
    started = time.perf_counter()
    try:
        replay(match.record(), lookup, quiet=True)
    except Exception as exc:
        return str(exc)
    finally:
        report.replays += 1
        report.replay_seconds += time.perf_counter() - started
    return None
