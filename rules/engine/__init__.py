"""The rules core shared by every ruleset: pure, synchronous and deterministic.

Nothing here (or anywhere under ``rules/``) imports discord, aiosqlite or PIL, logs, or reads a
clock: a ruleset returns events, and a match is fully determined by its record.
"""

from __future__ import annotations

from .actions import Action, ActionSpec, ArgValue, Option, Param, Scalar
from .canonical import canonical
from .decks import DeckRule
from .errors import IllegalAction, RecordError, ReplayMismatch
from .kinds import Kind, kinds
from .loops import LoopGuard
from .match import Match, canonical_hash
from .priority import PassOutcome, PriorityStack
from .record import dump_record, load_record, read_record, replay, to_record
from .resolve import CHAIN_LIMIT, settle
from .rng import Rng, derive_seed
from .roles import HiddenRoles
from .ruleset import DeckInfo, Result, Ruleset, RulesetBase
from .staging import Staging
from .steps import TURN_STARTED, Event, QuietLog, Resolution, Step, StepLog, name_seats
from .triggers import TriggerQueue

__all__ = [
    "CHAIN_LIMIT",
    "TURN_STARTED",
    "Action",
    "ActionSpec",
    "ArgValue",
    "DeckInfo",
    "DeckRule",
    "Event",
    "HiddenRoles",
    "IllegalAction",
    "Kind",
    "LoopGuard",
    "Match",
    "Option",
    "Param",
    "PassOutcome",
    "PriorityStack",
    "QuietLog",
    "RecordError",
    "ReplayMismatch",
    "Resolution",
    "Result",
    "Rng",
    "Ruleset",
    "RulesetBase",
    "Scalar",
    "Staging",
    "Step",
    "StepLog",
    "TriggerQueue",
    "canonical",
    "canonical_hash",
    "derive_seed",
    "dump_record",
    "kinds",
    "load_record",
    "name_seats",
    "read_record",
    "replay",
    "settle",
    "to_record",
]
