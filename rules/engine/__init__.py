"""The rules core shared by every ruleset: pure, synchronous and deterministic.

Nothing here (or anywhere under ``rules/``) imports discord, aiosqlite or PIL, logs, or reads a
clock: a ruleset returns events, and a match is fully determined by its record.
"""

from __future__ import annotations

from .actions import Action, ActionSpec, ArgValue, Option, Param, Scalar
from .errors import IllegalAction, RecordError, ReplayMismatch
from .loops import LoopGuard
from .match import Match, canonical_hash
from .priority import PassOutcome, PriorityStack
from .record import dump_record, load_record, read_record, replay, to_record
from .rng import Rng, derive_seed
from .roles import HiddenRoles
from .ruleset import DeckInfo, Result, Ruleset
from .staging import Staging
from .steps import TURN_STARTED, Event, Resolution, Step, StepLog, name_seats
from .triggers import TriggerQueue

__all__ = [
    "TURN_STARTED",
    "Action",
    "ActionSpec",
    "ArgValue",
    "DeckInfo",
    "Event",
    "HiddenRoles",
    "IllegalAction",
    "LoopGuard",
    "Match",
    "Option",
    "Param",
    "PassOutcome",
    "PriorityStack",
    "RecordError",
    "ReplayMismatch",
    "Resolution",
    "Result",
    "Rng",
    "Ruleset",
    "Scalar",
    "Staging",
    "Step",
    "StepLog",
    "TriggerQueue",
    "canonical_hash",
    "derive_seed",
    "dump_record",
    "load_record",
    "name_seats",
    "read_record",
    "replay",
    "to_record",
]
