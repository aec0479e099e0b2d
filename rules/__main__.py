"""``python -m rules``: simulate random matches, duel players, replay a record, list a pool."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .ai.guide import STRENGTHS
from .engine import RecordError, dump_record, name_seats, read_record, replay
from .engine.language import LANGUAGES, SOURCE
from .engine.wording import Wording, translated
from .registry import RULESETS, get_ruleset
from .simulate import simulate


def _simulate(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    report = simulate(
        ruleset, args.games, args.seed, get_ruleset=get_ruleset, replay_every=args.replay_every
    )
    data = report.to_json()
    if args.json:
        print(json.dumps(data, sort_keys=True))
    else:
        print(f"{data['ruleset']} {data['version']}: {data['games']} games, seed {data['seed']}")
        print(
            f"  {data['games_per_second']:.0f} games/s, "
            f"{data['decisions_per_second']:.0f} decisions/s "
            f"({data['decisions']} decisions in {data['seconds']:.2f} s; "
            f"{data['replays']} replays took {data['replay_seconds']:.2f} s)"
        )
        wins = ", ".join(f"seat {s}: {v:.1%}" for s, v in data["win_share"].items())
        print(f"  wins: {wins}; draws: {data['draw_share']:.1%}")
        print("  endings: " + ", ".join(f"{k} {v}" for k, v in data["reasons"].items()))
        for failure in data["failures"]:
            print(f"  FAILED: {failure}", file=sys.stderr)
    if report.failures:
        print(f"{len(report.failures)} of {args.games} matches failed", file=sys.stderr)
        return 1
    return 0


def _duel(args: argparse.Namespace) -> int:
    from .ai.duel import duel, player

    try:
        a, b = player(args.a), player(args.b)
    except ValueError as exc:
        print(f"duel: {exc}", file=sys.stderr)
        return 2
    ruleset = get_ruleset(args.ruleset)
    progress = None if args.json else _duel_progress
    report = duel(ruleset, a, b, args.games, args.seed, progress=progress)
    data = report.to_json()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    print(f"{report.ruleset} {report.version}: {report.games} games, seed {report.seed}")
    print(f"  a {a.name}: wins {data['a']['win_share']:.1%}")
    print(f"  b {b.name}: wins {data['b']['win_share']:.1%}")
    unfinished = f" ({report.unfinished} unfinished)" if report.unfinished else ""
    print(f"  draws: {data['draw_share']:.1%}{unfinished}")
    if report.decisions:
        ms = data["decision_ms"]
        print(
            f"  CPU decision time (CPU time): p50 {ms['p50']} ms, p95 {ms['p95']} ms "
            f"over {len(report.decisions)} decisions"
        )
        if report.searched:
            print(
                f"    of which {len(report.searched)} had a choice: "
                f"p50 {report.percentile(0.5, report.searched)} ms, "
                f"p95 {report.percentile(0.95, report.searched)} ms, "
                f"max {report.percentile(1.0, report.searched)} ms"
            )
    return 0


def _table(args: argparse.Namespace) -> int:
    from .ai.table import table

    ruleset = get_ruleset(args.ruleset)
    seats = args.seats or ruleset.min_seats
    if args.strength not in STRENGTHS or not ruleset.min_seats <= seats <= ruleset.max_seats:
        print(
            f"table: a CPU is {', '.join(STRENGTHS)}; {ruleset.name} seats "
            f"{ruleset.min_seats} to {ruleset.max_seats}",
            file=sys.stderr,
        )
        return 2
    report = table(ruleset, [args.strength] * seats, args.games, args.seed)
    data = report.to_json()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    print(f"{report.ruleset}: {report.games} matches of {seats} {args.strength} CPUs")
    for side, share in data["sides"].items():
        low, high = data["interval_95"][side]
        print(f"  {side} wins {share:.1%} (95 % interval {low:.1%}-{high:.1%})")
    print(f"  endings: {data['endings']}")
    for strength, ms in data["decision_ms"].items():
        print(f"  {strength} decision time (CPU time): p50 {ms['p50']} ms, p95 {ms['p95']} ms")
    return 0


def _duel_progress(i: int, report: Any) -> None:
    a, b = report.wins
    print(f"  match {i + 1}: a {a}, b {b}, draws {report.draws}", file=sys.stderr, flush=True)


def _replay(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.file)
        match = replay(record, get_ruleset, verify=not (args.no_verify or args.restamp))
    except (OSError, RecordError, KeyError) as exc:
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    if args.restamp:
        return _restamp(args.file, record, match)
    result = match.result
    print(
        f"{record['ruleset']} {record['ruleset_version']}, seed {record['seed']}, "
        f"{len(match.actions)} actions"
    )
    if result is None:
        print("result: not finished")
    else:
        names = ", ".join(f"seat {w}" for w in result.winners) or "nobody (draw)"
        print(f"result: {names} ({result.reason}) — {name_seats(result.summary)}")
    print(f"state hash: {match.state_hash()}")
    return 0


def _restamp(path: str, record: dict[str, Any], match: Any) -> int:
    """Write the record again with this build's version and state hash, keeping its actions: for
    a deliberate change that alters the hash but not the match (the result must not change)."""
    result = match.result.to_json() if match.result is not None else None
    if result != record.get("result"):
        print(f"not restamped: the result changed ({record.get('result')} → {result})")
        return 1
    meta = record.get("meta") or {}
    Path(path).write_text(dump_record(match.record(meta)), encoding="utf-8")
    print(f"restamped {path}: {record['ruleset_version']} → {match.ruleset.version}")
    print(f"  state hash {record.get('state_hash')} → {match.state_hash()}")
    return 0


def _cards(args: argparse.Namespace) -> int:
    ruleset: Any = get_ruleset(args.ruleset)
    pool = getattr(ruleset, "pool", None)
    if pool is None:
        print(f"{args.ruleset} has no card pool", file=sys.stderr)
        return 1
    language = args.locale
    w = translated(CARDS, "rules", language)
    for card in pool.cards.values():
        name = ruleset.card_name(card.name, language)
        summary = ruleset.card_summary(card, language)
        line = "card.token" if getattr(card, "token", False) else "card"
        print(w.render(line, name=name, summary=summary))
        text = ruleset.card_text(card, language)
        if text:
            print(f"    {text}")
    locations = getattr(pool, "locations", {})
    if locations:
        print("\n" + w.render("locations"))
        for location in locations.values():
            name = ruleset.card_name(location.name, language)
            print(f"{name}\n    {ruleset.card_text(location, language)}")
    decks = {d.id: d for d in ruleset.starter_decks(language)}
    if decks:
        print("\n" + w.render("decks"))
        for deck in pool.decks.values():
            info = decks[deck.id]
            print(w.render("deck", name=info.name, id=deck.id, blurb=info.blurb))
            counts = Counter(deck.cards)  # in the deck's order, a card repeated once as "3× Name"
            names = [
                w.render("times" if n > 1 else "once", n=n, name=ruleset.card_name(card, language))
                for card, n in ((pool.cards[c].name, n) for c, n in counts.items())
            ]
            print("    " + w.render("list", items=_LIST[language].join(names)))
    return 0


CARDS = Wording(
    {
        "card": "{name} — {summary}",
        "card.token": "{name} (token) — {summary}",
        "locations": "Locations",
        "decks": "Starter decks",
        "deck": "{name} ({id}): {blurb}",
        "once": "{name}",
        "times": "{n}× {name}",
        "list": "{items}",
    }
)
"""The words of ``python -m rules cards`` (the ``rules`` domain)."""

_LIST = {"en": ", ", "ja": "、"}
"""How a list's items are separated."""


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play random matches, replay some, compare hashes")
    sim.add_argument("ruleset", choices=sorted(RULESETS))
    sim.add_argument("--games", type=int, default=1000, help="matches to play (default 1000)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    sim.add_argument(
        "--replay-every",
        type=_at_least_one,
        default=10,
        metavar="N",
        help="replay and hash-check match 0 and every N-th (1 = all; default 10); "
        "a failed match is always replayed",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(run=_simulate)

    duel = commands.add_parser("duel", help="play two players against each other")
    duel.add_argument("ruleset", choices=sorted(RULESETS))
    duel.add_argument("--a", default="cpu:normal", help="side a: random or cpu:easy|normal|hard")
    duel.add_argument("--b", default="random", help="side b (default random)")
    duel.add_argument("--games", type=_at_least_one, default=100, help="matches (default 100)")
    duel.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    duel.add_argument("--json", action="store_true", help="print one JSON object")
    duel.set_defaults(run=_duel)

    tab = commands.add_parser("table", help="a table of CPUs: which side wins (esper's balance)")
    tab.add_argument("ruleset", choices=sorted(RULESETS))
    tab.add_argument("--seats", type=int, default=None, help="seats (default the least)")
    tab.add_argument("--strength", default="normal", help="the CPUs' strength (default normal)")
    tab.add_argument("--games", type=_at_least_one, default=100, help="matches (default 100)")
    tab.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    tab.add_argument("--json", action="store_true", help="print one JSON object")
    tab.set_defaults(run=_table)

    rep = commands.add_parser("replay", help="replay a match record, print result and hash")
    rep.add_argument("file")
    rep.add_argument(
        "--no-verify",
        action="store_true",
        help="replay even if the version or the final hash differ",
    )
    rep.add_argument(
        "--restamp",
        action="store_true",
        help="write the record again with this build's version and hash (same actions; "
        "refused if the result differs)",
    )
    rep.set_defaults(run=_replay)

    cards = commands.add_parser("cards", help="list a ruleset's card pool with its rules text")
    cards.add_argument("ruleset", choices=sorted(RULESETS))
    cards.add_argument(
        "--locale", choices=LANGUAGES, default=SOURCE, help="the language to list it in"
    )
    cards.set_defaults(run=_cards)

    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
