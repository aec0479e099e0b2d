"""Rules text in one language: a catalogue of sentence templates with named placeholders.

A ruleset writes its rules text by naming a template and giving it values
(``wording.render("effect.power.give", object="your cards here", amount=2)``); the template
decides where each value goes and what words surround it, so a second language is a second
catalogue, with no change to the code that picks the templates. Values are themselves rendered
phrases or numbers: ``{amount:+d}`` writes a signed number (``+2``, ``-1``), and a placeholder
may ask for a word form the language defines (``{name:a}`` for "an Ember", ``{text:sentence}``).
Counted nouns come in two templates, ``<name>.one`` and ``<name>.other``: :meth:`Wording.count`
picks one and gives it the number as a word (``{n}``: "a", "two", "12").

English is the source: a ruleset writes its :data:`ENGLISH`-style catalogue in code, and
:func:`translated` makes the same catalogue in another language from the ruleset's gettext domain
(each template's ``msgctxt`` is its name, its ``msgid`` the English template; docs/i18n.md), with
that language's word forms and its translations of the ruleset's names (:meth:`Wording.name`).
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .language import SOURCE, catalogue

__all__ = [
    "ENGLISH_FORMS",
    "FORMS",
    "JAPANESE_FORMS",
    "Said",
    "Wording",
    "WordingError",
    "in_language",
    "indefinite",
    "translated",
]


class WordingError(ValueError):
    """A template that cannot be rendered: unknown, missing a value or asking an unknown form."""


Form = Callable[[str], str]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    """Capitalised and ended by a full stop, unless a quotation (which holds its own) ends it."""
    return _capital(text) + ("" if text.endswith('"') else ".")


def indefinite(noun: str) -> str:
    """``event`` -> ``an event``, ``Ember`` -> ``an Ember``, ``card`` -> ``a card``."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def _plural(noun: str) -> str:
    """``Treant`` -> ``Treants``, ``Suit of Armor`` -> ``Suits of Armor``."""
    return noun.replace(" of ", "s of ", 1) if " of " in noun else f"{noun}s"


ENGLISH_FORMS: Mapping[str, Form] = {
    "capital": _capital,
    "sentence": _sentence,
    "a": indefinite,
    "plural": _plural,
    "lower": str.lower,
}
"""Word forms English templates may ask for: ``{name:plural}``, ``{clause:capital}``..."""


def _same(text: str) -> str:
    return text


def _japanese_sentence(text: str) -> str:
    """Ended by 「。」 unless it already is (a quotation in 「」 still takes one after it)."""
    return text if text.endswith("。") else text + "。"


JAPANESE_FORMS: Mapping[str, Form] = {
    # Japanese has no capitals, articles or plural nouns: those forms leave a word as it is.
    "capital": _same,
    "a": _same,
    "plural": _same,
    "lower": _same,
    "sentence": _japanese_sentence,
}
"""The same forms in Japanese: only a sentence changes (it ends in 「。」)."""

FORMS: Mapping[str, Mapping[str, Form]] = {"en": ENGLISH_FORMS, "ja": JAPANESE_FORMS}
"""Each language's word forms, by its code."""


NAME = "name"
"""The form a template gives a value that is a name of its domain (``{card:name}``): the name in
the wording's language (:meth:`Wording.name`). Forms follow one another: ``{card:name:a}``."""

TEXT = "text"
"""The form a template gives a value that is a rules text of its domain, as a view or a menu
gives it in English (``{text:text}``: a card's text in a menu's detail): that text in the
wording's language, as its ruleset writes it (``Ruleset.rules_text``)."""


class _Formatter(string.Formatter):
    def __init__(
        self, forms: Mapping[str, Form], names: Mapping[str, str], texts: Form | None
    ) -> None:
        self.forms = forms
        self.names = names
        self.texts = texts

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, int):
            raise WordingError("placeholders are named: {name}, not {} or {0}")
        if key not in kwargs:
            raise WordingError(f"no value for {{{key}}}")
        return kwargs[key]

    def format_field(self, value: Any, format_spec: str) -> Any:
        if _forms(format_spec):
            text = str(value)
            for form in format_spec.split(":"):
                if form == NAME:
                    text = self.names.get(text, text)
                elif form == TEXT:
                    text = self.texts(text) if self.texts is not None else text
                elif form in self.forms:
                    text = self.forms[form](text)
                else:
                    raise WordingError(f"no word form {form!r}")
            return text
        return super().format_field(value, format_spec)


def _forms(format_spec: str) -> bool:
    """Whether a placeholder's spec names word forms (``a``, ``name:a``) rather than a format."""
    return bool(format_spec) and all(form.isidentifier() for form in format_spec.split(":"))


def _plain(template: str) -> str | None:
    """The template for ``str.format_map`` when its only word forms are :data:`NAME` and
    :data:`TEXT` and the wording's names and texts are its own (English: a name is itself),
    else ``None``: ``format_map`` is
    many times quicker than :class:`string.Formatter`, and captions are written on every step."""
    out = []
    for literal, field_name, spec, conversion in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field_name is None:
            continue
        if not field_name.isidentifier() or conversion:
            return None
        if spec and _forms(spec):
            if spec not in (NAME, TEXT):
                return None
            spec = ""
        out.append(f"{{{field_name}:{spec}}}" if spec else f"{{{field_name}}}")
    return "".join(out)


_MOST_REMEMBERED = 20_000


@dataclass(frozen=True, slots=True)
class Wording:
    """The templates of one language, by name, with its number words and word forms."""

    templates: Mapping[str, str]
    numbers: Mapping[int, str] = field(default_factory=dict)
    """How a count is written: ``{1: "a", 2: "two"}``; any other number as digits."""
    forms: Mapping[str, Form] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    """The names this language gives things named in English (a card a text mentions)."""
    domain: str = ""
    """The catalogue its other languages come from (:func:`translated`): an English wording
    whose :meth:`say` texts are shown in other languages names it."""
    texts: Form | None = field(default=None, compare=False)
    """A rules text of the domain, given in English, in this language (:data:`TEXT`); ``None``:
    as it is (English)."""
    # Rendered texts by template and values: rules text is rendered from card data, a finite
    # set, and a caption asks for the same phrases again and again (``string.Formatter`` is
    # slow). Bounded, should values ever be unbounded.
    _rendered: dict[tuple[str, tuple[tuple[str, Any], ...]], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    _plain: dict[str, str | None] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for name, template in self.templates.items():
            try:
                plain = not self.names and self.texts is None
                self._plain[name] = _plain(template) if plain else None
            except ValueError as exc:
                raise WordingError(f"template {name!r}: {exc}") from exc

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a caption sent to a drawing process) without what it remembered."""
        fields = (self.templates, self.numbers, self.forms, self.names, self.domain, self.texts)
        return (Wording, fields)

    def say(self, name: str, /, **values: Any) -> Said:
        """The template ``name`` as a :class:`Said`: this wording's text, which remembers how
        it was said so that it can be said again in another language (:meth:`Said.said_in`).
        Values may be numbers, texts (a seat's ``{seat0}`` stays as it is), names of the
        domain (the template writes them ``{card:name}``) and other :class:`Said` texts."""
        plain = self._plain.get(name)
        if plain is not None:
            try:
                text = plain.format_map(values)
            except KeyError as exc:
                raise WordingError(f"template {name!r}: no value for {exc}") from None
        else:
            text = self._render(name, values)
        return _said(text, (self, name, values))

    def join(self, name: str, items: Iterable[str]) -> str:
        """Items one after another with the template ``name`` (``{before}; {after}``), as
        :meth:`say` texts: ``""`` for none, the item itself for one."""
        joined = ""
        for item in items:
            joined = self.say(name, before=joined, after=item) if joined else item
        return joined

    def render(self, name: str, /, **values: Any) -> str:
        """The template ``name`` with its placeholders filled; values it does not use are fine
        (another language may leave them out)."""
        key = (name, tuple(sorted(values.items())))
        try:
            return self._rendered[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: render it every time
            return self._render(name, values)
        text = self._render(name, values)
        if len(self._rendered) >= _MOST_REMEMBERED:
            self._rendered.clear()
        self._rendered[key] = text
        return text

    def _render(self, name: str, values: Mapping[str, Any]) -> str:
        template = self.templates.get(name)
        if template is None:
            raise WordingError(f"no template {name!r}")
        try:
            return _Formatter(self.forms, self.names, self.texts).vformat(template, (), values)
        except WordingError as exc:
            raise WordingError(f"template {name!r} ({template!r}): {exc}") from None

    def pick(self, *names: str) -> str:
        """The first of these templates the catalogue has (a specific one before its fallback)."""
        for name in names:
            if name in self.templates:
                return name
        raise WordingError(f"no template {' or '.join(map(repr, names))}")

    def count(self, name: str, n: int, /, **values: Any) -> str:
        """``<name>.one`` or ``<name>.other`` with ``{n}`` the number as a word."""
        return self.render(f"{name}.{'one' if n == 1 else 'other'}", n=self.number(n), **values)

    def number(self, n: int) -> str:
        return self.numbers.get(n, str(n))

    def sentences(self, texts: Iterable[str]) -> str:
        """Whole sentences one after another, as the template ``sentences`` joins two (``"{before}
        {after}"`` in English; Japanese runs them on after its 「。」)."""
        joined = ""
        for text in texts:
            joined = self.render("sentences", before=joined, after=text) if joined else text
        return joined

    def name(self, english: str) -> str:
        """A name in this language (a card, a location...): its English when it has none."""
        return self.names.get(english, english)


class Said(str):
    """A text the rules say (a caption, an action's label): its English, which it is as a
    ``str``, and how it was said (``wording``'s template ``template`` with ``values``), so that
    the edge that shows it can say it in its reader's language (:func:`in_language`).

    Everything that reads a caption as a ``str`` reads the English, exactly as written before
    there were other languages; nothing stored keeps more than that English (a record keeps the
    actions, never captions), and no caption is part of a state's hash."""

    __clone_shared__ = True  # immutable: a copied state shares it (rules.engine.clone)

    how: tuple[Wording, str, Mapping[str, Any]]
    """Its wording, template and values (one attribute: a caption is made on every step)."""

    def __new__(cls, text: str, wording: Wording, template: str, values: Mapping[str, Any]) -> Said:
        return _said(text, (wording, template, values))

    @property
    def wording(self) -> Wording:
        return self.how[0]

    @property
    def template(self) -> str:
        return self.how[1]

    @property
    def values(self) -> Mapping[str, Any]:
        return self.how[2]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_said, (str(self), (self.wording, self.template, dict(self.values))))

    def __copy__(self) -> Said:
        return self

    def __deepcopy__(self, memo: Any) -> Said:
        return self  # immutable (a deep copy would copy its wording: ``dataclasses.asdict``)

    def said_in(self, language: str) -> str:
        """This text in ``language``: its template from its domain's catalogue, each value said
        there too (a name as the language names it, a :class:`Said` again); English as it is."""
        if language == SOURCE:
            return str(self)
        wording = translated(self.wording, self.wording.domain, language)
        values = {
            key: value.said_in(language) if isinstance(value, Said) else value
            for key, value in self.values.items()
        }
        return wording._render(self.template, values)


def _said(text: str, how: tuple[Wording, str, Mapping[str, Any]]) -> Said:
    said: Said = _new_str(Said, text)
    said.how = how
    return said


_new_str = str.__new__


def in_language(text: str, language: str) -> str:
    """A text the rules gave (a caption, a label, a result's summary) in ``language``: a
    :class:`Said` said there, any other text as it is (an English-only ruleset's)."""
    if isinstance(text, Said):
        return text.said_in(language)
    return text


_TRANSLATED: dict[tuple[int, str, str], tuple[Wording, Wording]] = {}


def _rules_text(domain: str, language: str, english: str) -> str:
    """A rules text of the ruleset ``domain`` in ``language`` (:data:`TEXT`). The ruleset writes
    it from its cards' data, so it is asked here, when a text is first said in another language:
    the engine imports no ruleset."""
    from ..registry import get_ruleset  # imported at use: the registry imports the engine

    return get_ruleset(domain).rules_text(english, language)


def translated(english: Wording, domain: str, language: str) -> Wording:
    """``english`` in ``language``, from the domain's catalogue: each template by its name as
    context and its English as id (an untranslated one stays English), the language's word forms,
    numbers written as digits, and the names of ``msgctxt "<domain>.card"``. Made once."""
    if language == SOURCE:
        return english
    key = (id(english), domain, language)
    found = _TRANSLATED.get(key)
    if found is not None and found[0] is english:
        return found[1]
    messages = catalogue(domain, language)
    context = f"{domain}.card"
    names = {
        english_name: text
        for (ctx, english_name), text in messages.messages.items()
        if ctx == context and isinstance(text, str)
    }
    wording = Wording(
        {name: messages.pgettext(name, template) for name, template in english.templates.items()},
        forms=FORMS[language],
        names=names,
        domain=english.domain,
        texts=functools.partial(_rules_text, domain, language),
    )
    _TRANSLATED[key] = (english, wording)
    return wording
