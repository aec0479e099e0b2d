"""Hidden information per seat (ESPER-7.5, 7.5a, 7.6a, 12.1): who knows what.

:class:`HiddenRoles`: each seat knows its own role, and any role it is told.

:class:`Knowledge`: private facts (a key, such as ``("identity", 3)``, and a JSON value) that
seats learn, and public ones everybody knows. A seat may watch another (a probe): from then on it
learns every fact the watched seat learns, at the moment it is learned, and so on along chains
(ESPER-7.5a: *X* probes *Y*, *Y* probes *Z*: *X* learns what *Z* learns). A dead seat learns no
new private fact and watches nobody, but keeps what it knew (ESPER-7.5, 7.6a).

Both keep hidden things out of every view that may not see them: ``known_to`` gives exactly what
a seat (or a spectator, ``None``: public things only) may know.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Generic, TypeVar

__all__ = ["MAX_SEATS", "MIN_SEATS", "HiddenRoles", "Knowledge"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MIN_SEATS = 2
MAX_SEATS = 10


class HiddenRoles:
    __slots__ = ("_known", "revealed", "roles")

    def __init__(
        self, roles: Sequence[str], known: Mapping[int, Iterable[int]] | None = None
    ) -> None:
        if not MIN_SEATS <= len(roles) <= MAX_SEATS:
            raise ValueError(f"{len(roles)} seats: a match has {MIN_SEATS} to {MAX_SEATS}")
        self.roles = tuple(roles)
        self.revealed: set[int] = set()
        self._known = {seat: {seat} for seat in range(len(roles))}
        for seat, others in (known or {}).items():
            self._known[seat].update(others)

    def tell(self, seat: int, about: int) -> None:
        """``seat`` learns the role of ``about`` (and keeps knowing it)."""
        self._known[seat].add(about)

    def reveal(self, seat: int) -> str:
        """Make ``seat``'s role public."""
        self.revealed.add(seat)
        return self.roles[seat]

    def known_to(self, viewer: int | None) -> dict[int, str]:
        seen = set(self.revealed)
        if viewer is not None:
            seen |= self._known[viewer]
        return {seat: self.roles[seat] for seat in sorted(seen)}


class Knowledge(Generic[K, V]):
    __slots__ = ("_known", "_watching", "dead", "public")

    def __init__(self, seats: int) -> None:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"{seats} seats: a match has {MIN_SEATS} to {MAX_SEATS}")
        self.public: dict[K, V] = {}
        self.dead: set[int] = set()
        self._known: list[dict[K, V]] = [{} for _ in range(seats)]
        self._watching: list[set[int]] = [set() for _ in range(seats)]  # whom each seat watches

    @property
    def seats(self) -> int:
        return len(self._known)

    # -- learning -----------------------------------------------------------------------------

    def tell(self, seat: int, key: K, value: V) -> tuple[int, ...]:
        """``seat`` learns ``key``; so does every live seat watching it, directly or along a
        chain. Returns the seats that learned it (none if ``seat`` is dead)."""
        if seat in self.dead:
            return ()
        learners = self._watchers_of(seat, transitive=True) | {seat}
        for learner in learners:
            self._known[learner][key] = value
        return tuple(sorted(learners))

    def reveal(self, key: K, value: V) -> None:
        """Make ``key`` public: every seat, dead or alive, and every spectator knows it."""
        self.public[key] = value

    def knows(self, seat: int, key: K) -> bool:
        return key in self.public or key in self._known[seat]

    def known_to(self, viewer: int | None) -> dict[K, V]:
        """What ``viewer`` may know; a public value stands over a privately learned one."""
        known = dict(self._known[viewer]) if viewer is not None else {}
        known.update(self.public)
        return known

    def kept_for(self, seat: int) -> Knowledge[K, V]:
        """A copy holding what ``seat`` may know of who knows what: the public facts, the dead,
        who watches whom (public: ESPER-12.1's probes) and ``seat``'s own private facts; every
        other seat's private facts are dropped. A determinization for ``seat`` starts from it
        and grants the others what they must know in the state it deals (:meth:`grant`)."""
        kept: Knowledge[K, V] = Knowledge(self.seats)
        kept.public = dict(self.public)
        kept.dead = set(self.dead)
        kept._watching = [set(w) for w in self._watching]
        kept._known[seat] = dict(self._known[seat])
        return kept

    def grant(self, seat: int, key: K, value: V) -> None:
        """``seat`` knows ``key``, as if it had learned it before any watch now in place: no
        watcher learns it with it (a determinization rebuilding what another seat knows)."""
        self._known[seat][key] = value

    # -- watching -----------------------------------------------------------------------------

    def watch(self, watcher: int, watched: int) -> None:
        """``watcher`` learns what ``watched`` learns from now on (nothing it knew before)."""
        if watcher == watched or watcher in self.dead:
            raise ValueError(f"seat {watcher} cannot watch seat {watched}")
        self._watching[watcher].add(watched)

    def stop_watching(self, watcher: int, watched: int) -> None:
        """The watch ends; ``watcher`` keeps what it learned through it."""
        self._watching[watcher].discard(watched)

    def shake_off(self, watched: int) -> tuple[int, ...]:
        """End every watch on ``watched`` (ESPER-7.5: a successful mental check); returns the
        seats that were watching it."""
        watchers = self._watchers_of(watched, transitive=False)
        for watcher in watchers:
            self._watching[watcher].discard(watched)
        return tuple(sorted(watchers))

    def watchers(self, seat: int) -> tuple[int, ...]:
        """The seats that learn what ``seat`` learns: those watching it, directly or along a
        chain (ESPER-7.5a); dead seats watch nobody."""
        return tuple(sorted(self._watchers_of(seat, transitive=True)))

    def watching(self, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` watches directly."""
        return tuple(sorted(self._watching[seat]))

    def sees_through(self, seat: int) -> tuple[int, ...]:
        """Every seat ``seat`` watches, directly or along a chain: whose current gear and hand
        it sees (ESPER-7.5a)."""
        reached: set[int] = set()
        frontier = [seat]
        while frontier:
            for other in self._watching[frontier.pop()]:
                if other not in reached and other != seat:
                    reached.add(other)
                    frontier.append(other)
        return tuple(sorted(reached))

    def kill(self, seat: int) -> None:
        """``seat`` is dead: it learns nothing new and its watches end (ESPER-7.5, 7.6a)."""
        self.dead.add(seat)
        self._watching[seat].clear()

    def _watchers_of(self, seat: int, *, transitive: bool) -> set[int]:
        """The seats watching ``seat`` (or watching a seat that does, and so on)."""
        reached: set[int] = set()
        frontier = [seat]
        while frontier:
            watched = frontier.pop()
            for watcher, targets in enumerate(self._watching):
                if watched in targets and watcher not in reached and watcher != seat:
                    reached.add(watcher)
                    if transitive:
                        frontier.append(watcher)
        return reached
