"""The rules core shared by every ruleset: pure, synchronous and deterministic.

Nothing here (or anywhere under ``rules/``) imports discord, aiosqlite or PIL, logs, or reads a
clock: a ruleset returns events, and a match is fully determined by its record.
"""

from __future__ import annotations

from .actions import Action, ActionSpec, ArgValue, Option, Param, Scalar
from .autopass import AUTO_PASS, AutoPass, auto_pass_kind
from .canonical import canonical
from .choices import SecretChoice
from .clone import clone
from .decks import DeckRule
from .errors import IllegalAction, RecordError, ReplayMismatch
from .hidden import redeal, reseeded
from .kinds import Kind, kinds
from .loops import LoopBlocks, LoopCount, LoopGuard, state_key
from .match import SPECTATOR, Match, Views, canonical_hash
from .ordering import TriggerOrder
from .priority import CHAIN, SPACE, Entry, PassOutcome, PriorityStack
from .record import dump_record, load_record, read_record, replay, to_record
from .resolve import CHAIN_LIMIT, settle
from .rng import Rng, derive_seed
from .roles import HiddenRoles, Knowledge
from .ruleset import DeckInfo, Result, Ruleset, RulesetBase
from .staging import Staging
from .steps import TURN_STARTED, Event, QuietLog, Resolution, Step, StepLog, name_seats
from .triggers import TriggerQueue
from .wording import Said, in_language

__all__ = [
    "AUTO_PASS",
    "CHAIN",
    "CHAIN_LIMIT",
    "SPACE",
    "SPECTATOR",
    "TURN_STARTED",
    "Action",
    "ActionSpec",
    "ArgValue",
    "AutoPass",
    "DeckInfo",
    "DeckRule",
    "Entry",
    "Event",
    "HiddenRoles",
    "IllegalAction",
    "Kind",
    "Knowledge",
    "LoopBlocks",
    "LoopCount",
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
    "Said",
    "Scalar",
    "SecretChoice",
    "Staging",
    "Step",
    "StepLog",
    "TriggerOrder",
    "TriggerQueue",
    "Views",
    "auto_pass_kind",
    "canonical",
    "canonical_hash",
    "clone",
    "derive_seed",
    "dump_record",
    "in_language",
    "kinds",
    "load_record",
    "name_seats",
    "read_record",
    "redeal",
    "replay",
    "reseeded",
    "settle",
    "state_key",
    "to_record",
]
