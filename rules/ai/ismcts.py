"""Information-set Monte Carlo tree search, single observer (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012).

One tree for the deciding seat's information: each iteration deals a determinization (a state
the seat cannot tell from the real one), walks the tree by UCB among the moves that state
allows, adds one node, plays out, and credits every node on the way with the outcome of the
seat that made its move. A node counts how often its move was *available* as well as chosen,
since a move possible in one determinization may not be in the next.

A seat's move at a secret moment (a simultaneous choice: lanes' staging, a mulligan) is not in
the deciding seat's tree unless it is its own: searched there, the others would answer moves
they cannot see. Each other seat has a tree of its own secret moves instead, keyed by its own
moves alone (what it knows of its choices: a simplified multiple-observer ISMCTS), walked by UCB
for its own outcome, so with more iterations it too plays better than the playout policy.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Action, Rng, Ruleset
from .guide import Guide
from .playout import playout, policy_move
from .position import Position, concrete

__all__ = ["EXPLORATION", "ismcts"]

EXPLORATION = 0.7
"""UCB's exploration constant, for outcomes between 0 and 1."""


class Node:
    __slots__ = ("action", "available", "children", "seat", "total", "visits")

    def __init__(self, seat: int, action: Action | None) -> None:
        self.seat = seat  # whose move ``action`` is: the outcome credited is that seat's
        self.action = action
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def ucb(self) -> float:
        mean = self.total / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def ismcts(
    ruleset: Ruleset[Any, Any],
    state: Any,
    seat: int,
    moves: list[Action],
    guide: Guide,
    iterations: int,
    rng: Rng,
) -> Action:
    """The most visited of ``moves`` (the seat's own, as listed for it) after ``iterations``."""
    root = Node(seat, None)
    unseen: dict[int, Node] = {}  # each other seat's tree of its secret moves
    for _ in range(iterations):
        position = Position(ruleset, ruleset.determinize(state, seat, rng), guide)
        path = _descend(root, unseen, position, seat, moves, rng)
        outcome = playout(position, rng)
        for node in path:
            node.visits += 1
            node.total += outcome[node.seat]
    children = [root.children[(seat, m)] for m in moves if (seat, m) in root.children]
    best = max(children, key=lambda c: (c.visits, c.total))
    assert best.action is not None
    return best.action


def _descend(
    root: Node,
    unseen: dict[int, Node],
    position: Position,
    seat: int,
    moves: list[Action],
    rng: Rng,
) -> list[Node]:
    """Walk from the root, adding one node (and at most one to each other seat's tree of
    secret moves); the nodes walked through (the roots left out)."""
    path: list[Node] = []
    node = root
    theirs: dict[int, Node | None] = {}  # where each other seat is in its tree (None: left it)
    while True:
        actor = position.actor(seat)
        if actor is None:
            return path
        if actor != seat and position.secret():
            if actor not in theirs:
                theirs[actor] = unseen.setdefault(actor, Node(actor, None))
            at = theirs[actor]
            if at is None:
                position.play(actor, policy_move(position, actor, rng))
                continue
            mine, fresh = _select(at, actor, concrete(position.specs(actor), rng), rng)
            position.play(actor, mine.action)  # type: ignore[arg-type]
            path.append(mine)
            theirs[actor] = None if fresh else mine
            continue
        options = moves if node is root else concrete(position.specs(actor), rng)
        child, fresh = _select(node, actor, options, rng)
        position.play(actor, child.action)  # type: ignore[arg-type]
        path.append(child)
        if fresh:
            return path
        node = child


def _select(node: Node, actor: int, options: list[Action], rng: Rng) -> tuple[Node, bool]:
    """A move not yet tried here (at random), else the best by UCB among those possible now."""
    children = node.children
    untried: list[Action] = []
    present: list[Node] = []
    for action in options:
        child = children.get((actor, action))
        if child is None:
            untried.append(action)
        else:
            child.available += 1
            present.append(child)
    if untried:
        action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        child = children[(actor, action)] = Node(actor, action)
        child.available = 1
        return child, True
    return max(present, key=Node.ucb), False
