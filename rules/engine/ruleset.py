"""What a ruleset provides to the engine (:class:`Ruleset`), the skeleton every ruleset shares
(:class:`RulesetBase`), and the result of a finished match.

A new ruleset subclasses :class:`RulesetBase` and writes only what is its own: its state
(``create``), what happens before the first decision (``begin``), the actions a seat may take
(``offer``) and the kinds that carry them out (``kinds``), who the match waits on (``pending``)
and what each seat sees (``view``), and may sum up a spectator's view in a line (``summary``).
Setup, starter decks, the engine's listing of ``always`` kinds, results, the canonical state
for the hash and a copy of a state (``clone``) come from here; a ruleset with hidden zones
writes ``determinize``. See ``docs/architecture.md``.

Its words come in each of Parlor's languages (docs/i18n.md): a ruleset sets ``english``, the
:class:`~rules.engine.wording.Wording` its rules text is written with, and ``write_text``, how a
definition's text is written with a wording; ``wording``, ``card_name``, ``card_text`` and
``starter_decks`` then answer in any language from the ruleset's catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .actions import Action, ActionSpec
from .canonical import canonical
from .clone import clone
from .decks import DeckCard, DeckRule
from .hidden import reseeded
from .kinds import Kind
from .language import SOURCE, card_name, catalogue
from .rng import Rng
from .steps import StepLog
from .wording import Wording, translated

__all__ = ["DeckInfo", "Pool", "Result", "Ruleset", "RulesetBase"]

S = TypeVar("S")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended. ``winners`` is empty for a draw.

    ``points`` is what each seat gains or loses (lanes' stakes: ``(4, -4)``); empty where a ruleset
    keeps no score beyond the win.
    """

    winners: tuple[int, ...]
    reason: str
    summary: str
    points: tuple[int, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict, compare=False)
    """What a result shown to players calls each item of ``detail`` (``Said`` texts, so any
    language can show them: ``{"locations_won": "Locations won"}``); an item without a label is
    the rules' own bookkeeping, not shown. Not part of the result's record (``to_json``)."""

    @property
    def draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "summary": self.summary,
            "points": list(self.points),
            "detail": dict(self.detail),
        }

    canonical = to_json


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """A starter deck a player may pick: its id (what a setup names) and how to present it."""

    id: str
    name: str
    blurb: str = ""


class Ruleset(Protocol, Generic[S, V]):
    """The contract between the engine and one ruleset.

    A ruleset object holds no match state: everything of a match is in its state object ``S``, so
    one ruleset object serves any number of matches. The engine accepts exactly the actions
    ``legal_actions`` lists (and ``always`` and ``clock`` kinds, see :mod:`rules.engine.kinds`)
    and runs the kind's handler, which must not fail on a listed action.
    """

    name: str
    version: str
    """Changes whenever rules or card data change, so an old record is never replayed wrongly."""
    min_seats: int
    max_seats: int
    timeout: Action | None
    """What the match's clock applies for a seat that ran out of time (LANES-4.5); ``None`` for
    a ruleset without a turn clock."""
    kinds: Mapping[str, Kind]

    def starter_decks(self, language: str = SOURCE) -> list[DeckInfo]:
        """The decks a setup may name by id, in the order to offer them, named in a language."""
        ...

    def wording(self, language: str) -> Wording:
        """The rules text templates in a language."""
        ...

    def card_name(self, name: str, language: str) -> str:
        """A name the pool gives (card, location...) in a language."""
        ...

    def card_text(self, card: Any, language: str) -> str:
        """A definition of the pool's rules text in a language."""
        ...

    def card_summary(self, card: Any, language: str) -> str:
        """What a card list shows before a definition's text, in a language."""
        ...

    def rules_text(self, english: str, language: str) -> str:
        """A definition's rules text, as a view gives it in English, in a language."""
        ...

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """The setup made explicit (starter decks spelled out), or ``ValueError``."""
        ...

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        """A legal setup picked at random (for simulations)."""
        ...

    def create(self, seed: int, setup: Mapping[str, Any]) -> S:
        """A new match's state as dealt, before anything has resolved."""
        ...

    def begin(self, state: S, log: StepLog) -> None:
        """Resolve everything before the first decision (game start, the first turn's start)."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[ActionSpec]: ...

    def offer_for(self, state: S, seat: int, action: Action) -> list[ActionSpec]:
        """The part of ``legal_actions(seat)`` that could hold ``action``: specs that accept it
        exactly when the listing does (the engine checks an action against this when the seat's
        whole listing was not asked for; labels may be left out, as nobody reads them)."""
        ...

    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator). Hidden things are absent, not flagged."""
        ...

    def pending(self, state: S) -> tuple[int, ...]:
        """The seats the match is waiting on now (empty once it is over)."""
        ...

    def summary(self, view: V) -> str:
        """Where the match stands, in one line, made from a spectator's view (``view(state,
        None)``: a ruleset refuses any other), so nothing hidden can be in it. Seats are named
        ``{seat0}``, ``{seat1}``... for :func:`rules.engine.name_seats`; empty if nothing to say."""
        ...

    def kind_label(self, kind: str) -> str:
        """What a kind of action is called where a menu lists its actions ("Play"), as a text
        any language can show (``Said``)."""
        ...

    def result(self, state: S) -> Result | None: ...

    def canonical(self, state: S) -> Any:
        """The whole state as plain JSON data, for the state hash."""
        ...

    def clone(self, state: S) -> S:
        """A copy of ``state`` to play on, sharing nothing that changes (search, playouts)."""
        ...

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A full state ``seat`` cannot tell from ``state``: its view the same, everything it
        cannot know (hidden cards, hidden choices, the generator's future) drawn afresh with
        ``rng``, and depending on that view alone (see :mod:`rules.engine.hidden`). A CPU
        searches over these, so it decides from what its seat knows."""
        ...


class Deck(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def cards(self) -> Sequence[str]: ...

    @property
    def blurb(self) -> str: ...


class Pool(Protocol):
    """What the skeleton reads of a card pool: its cards, its starter decks and its digest."""

    @property
    def cards(self) -> Mapping[str, DeckCard]: ...

    @property
    def decks(self) -> Mapping[str, Deck]: ...

    @property
    def digest(self) -> str: ...


class RulesetBase(Generic[S, V]):
    """The skeleton every ruleset shares; a subclass fills in what is its own.

    Class attributes a subclass sets: ``name``, ``rules_version`` (the rules' own version; the
    card pool's digest is appended), ``min_seats``/``max_seats``, ``deck_rule`` (``None`` for a
    game without decks), ``setup_fields`` (setup fields beyond ``seats`` and ``decks``, checked in
    ``normalize_extra``), ``timeout`` and ``kinds``.
    """

    name: ClassVar[str]
    rules_version: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    deck_rule: ClassVar[DeckRule | None] = None
    setup_fields: ClassVar[frozenset[str]] = frozenset()
    timeout: ClassVar[Action | None] = None
    kinds: ClassVar[Mapping[str, Kind]]
    english: ClassVar[Wording] = Wording({})
    """The ruleset's rules text templates in English (its ``text.ENGLISH``)."""
    captions: ClassVar[Wording | None] = None
    """The words of its captions, menus and results (its ``words.CAPTIONS``: docs/i18n.md)."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.version = f"{self.rules_version}+{pool.digest[:12]}"
        self._always = tuple(k.always for k in self.kinds.values() if k.always is not None)
        # By language: each definition's English rules text to its text in that language.
        self._texts: dict[str, dict[str, str]] = {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.version}>"

    # -- words --------------------------------------------------------------------------------

    def kind_label(self, kind: str) -> str:
        """Its ``captions``' template ``kind.<kind>`` ("Play"); a kind it does not name is its
        name written out ("End turn")."""
        if self.captions is not None and f"kind.{kind}" in self.captions.templates:
            return self.captions.say(f"kind.{kind}")
        return kind.replace("_", " ").capitalize()

    def wording(self, language: str) -> Wording:
        """The rules text templates in a language (``english`` translated by the catalogue)."""
        return translated(self.english, self.name, language)

    def card_name(self, name: str, language: str) -> str:
        """A name the pool gives (a card's, a location's...) in a language."""
        return card_name(self.name, name, language)

    def card_text(self, card: Any, language: str) -> str:
        """A definition's rules text (a card's, a location's...) in a language: its ``text``
        in English, else written again from its data with the language's wording."""
        if language == SOURCE:
            text: str = card.text
            return text
        return self.write_text(card, self.wording(language))

    def card_summary(self, card: Any, language: str) -> str:
        """What a card list shows before a definition's text (its kind, cost, stats...)."""
        summary = getattr(card, "summary", None)
        if language == SOURCE and isinstance(summary, str):
            return summary
        return self.write_summary(card, self.wording(language))

    def rules_text(self, english: str, language: str) -> str:
        """A rules text as a view gives it (the English of one of the pool's definitions: a
        card's, a location's...) in a language; a text no definition writes (one a game made
        up as it went) stays as it is."""
        if language == SOURCE or not english:
            return english
        texts = self._texts.get(language)
        if texts is None:
            wording = self.wording(language)
            texts = self._texts[language] = {
                shown: written
                for d in self.definitions()
                for shown, written in zip(
                    self.texts_shown(d, self.english), self.texts_shown(d, wording), strict=True
                )
                if shown
            }
        return texts.get(english, english)

    def texts_shown(self, card: Any, wording: Wording) -> list[str]:
        """The texts of a definition a view may show, written with ``wording``, in the same
        order in every language: its whole rules text, and where a view shows its parts (an
        ability alone) those too."""
        return [self.write_text(card, wording)]

    def definitions(self) -> list[Any]:
        """Every definition of the pool with a name and a rules text (its cards, and its
        locations where it has them)."""
        return [*self.pool.cards.values(), *getattr(self.pool, "locations", {}).values()]

    def write_summary(self, card: Any, wording: Wording) -> str:
        """A definition's summary written with ``wording``."""
        raise NotImplementedError(f"{self.name} writes no summaries")

    def write_text(self, card: Any, wording: Wording) -> str:
        """A definition's rules text written with ``wording``: the ruleset's ``card_text``."""
        raise NotImplementedError(f"{self.name} writes no rules text")

    # -- setup --------------------------------------------------------------------------------

    def starter_decks(self, language: str = SOURCE) -> list[DeckInfo]:
        """The starter decks, named and described in a language."""
        words = catalogue(self.name, language)
        deck, blurb = f"{self.name}.deck", f"{self.name}.deck.blurb"
        return [
            DeckInfo(d.id, words.pgettext(deck, d.name), words.pgettext(blurb, d.blurb))
            for d in self.pool.decks.values()
        ]

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """``{"seats": n, "decks": [deck, ...], ...}``: a deck is a starter deck's id or a list
        of card ids; missing decks default to the first starters."""
        allowed = {"seats", *({"decks"} if self.deck_rule else ()), *self.setup_fields}
        unknown = set(setup) - allowed
        if unknown:
            raise ValueError(f"setup: unknown field {sorted(unknown)[0]!r}")
        seats = self._seats(setup.get("seats", self.min_seats))
        out: dict[str, Any] = {"seats": seats}
        if self.deck_rule is not None:
            decks = list(setup.get("decks") or list(self.pool.decks)[:seats])
            if len(decks) != seats:
                raise ValueError("setup: decks: give one deck per player")
            out["decks"] = [self._deck(i, deck) for i, deck in enumerate(decks)]
        out.update(self.normalize_extra(setup, seats))
        return out

    def _seats(self, seats: object) -> int:
        low, high = self.min_seats, self.max_seats
        if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
            span = f"exactly {low}" if low == high else f"{low} to {high}"
            raise ValueError(f"setup: seats: {self.name} is for {span} players")
        return seats

    def _deck(self, i: int, deck: Any) -> list[str]:
        if isinstance(deck, str):
            if deck not in self.pool.decks:
                known = ", ".join(self.pool.decks)
                raise ValueError(f"setup: decks[{i}]: no starter deck {deck!r} (known: {known})")
            return list(self.pool.decks[deck].cards)
        if not isinstance(deck, list | tuple):
            raise ValueError(f"setup: decks[{i}]: a starter deck id or a list of card ids")
        assert self.deck_rule is not None
        cards = list(deck)
        problem = self.deck_rule.problem(cards, self.pool.cards) or self.check_deck(cards)
        if problem is not None:
            raise ValueError(f"setup: decks[{i}]: {problem}")
        return cards

    def check_deck(self, cards: list[str]) -> str | None:
        """What the ruleset checks of a deck beyond ``deck_rule`` (a message, or ``None``)."""
        return None

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """The ruleset's own setup fields, checked and made explicit."""
        return {}

    def first_field(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """A ruleset's setup field ``"first"``, for ``normalize_extra``: the seat that goes
        first instead of the coin's (a rematch), as ``{"first": seat}``; ``{}`` when not given,
        so an explicit setup without it stays as it was."""
        first = setup.get("first")
        if first is None:
            return {}
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise ValueError(f"setup: first: a seat from 0 to {seats - 1}, not {first!r}")
        return {"first": first}

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        if self.deck_rule is None:
            return {}
        starters = list(self.pool.decks)
        return {"decks": [rng.choice(starters) for _ in range(self.min_seats)]}

    # -- the match ----------------------------------------------------------------------------

    def create(self, seed: int, setup: Mapping[str, Any]) -> S:
        raise NotImplementedError

    def begin(self, state: S, log: StepLog) -> None:
        raise NotImplementedError

    def offer(self, state: S, seat: int) -> list[ActionSpec]:
        """The seat's legal actions, less the ``always`` kinds the engine adds after them."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[ActionSpec]:
        if self.result(state) is not None:
            return []
        specs = self.offer(state, seat)
        for always in self._always:
            specs.append(always(state, seat))
        return specs

    def offer_for(self, state: S, seat: int, action: Action) -> list[ActionSpec]:
        """All of ``offer``; a ruleset narrows it to the specs of the action's kind (and card)
        where listing everything costs (``tests/rules/test_offers.py`` checks that it accepts
        the same actions)."""
        return self.offer(state, seat)

    def view(self, state: S, seat: int | None) -> V:
        raise NotImplementedError

    def pending(self, state: S) -> tuple[int, ...]:
        raise NotImplementedError

    def summary(self, view: V) -> str:
        """Nothing, unless the ruleset says where its matches stand (see ``Ruleset.summary``)."""
        return ""

    def result(self, state: S) -> Result | None:
        found: Result | None = getattr(state, "result", None)
        return found

    def canonical(self, state: S) -> Any:
        return canonical(state)

    def clone(self, state: S) -> S:
        return clone(state)

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A copy with the generator reseeded: right for a ruleset whose only hidden thing is
        chance. A ruleset with hidden zones deals them again (:func:`rules.engine.redeal`)."""
        copy = clone(state)
        copy.rng = reseeded(rng)  # type: ignore[attr-defined]
        return copy
