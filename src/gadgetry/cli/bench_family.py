"""``gadgetry bench-family``: benchmark instances of a reduction at growing sizes."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gadgetry.core import InputError, registry

from .common import EXIT_OK, SECONDS, SEED, add_limits, amount, number, parse_params

#: A ratio of a parameter to the size (``--per KEY=RATIO``).
RATIO = number(float, 0, 10**6)

if TYPE_CHECKING:
    from gadgetry.core import Reduction


def sizes(text: str) -> list[int]:
    """``--sizes``: positive integers separated by commas."""
    return [amount(1)(v.strip()) for v in text.split(",") if v.strip()]


def _typed(parse, flag: str, value: str):
    try:
        return parse(value)
    except argparse.ArgumentTypeError as exc:
        raise InputError(f"bench-family: {flag}: {exc}") from None


def chain_to(source: str, target: str) -> Reduction:
    """The shortest chain of reductions from ``source`` to ``target`` as one reduction."""
    from gadgetry.core import compose

    steps = registry.path(source, target)
    if not steps:
        raise InputError(f"bench-family: {source} is {target} already: name a puzzle reachable from it")
    return compose(steps)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench-family", help="benchmark instances of a reduction at growing sizes: puzzle JSON and "
                                            "formats, CNF with projection, metadata")
    p.add_argument("reduction", nargs="?", help="a reduction or chain A,B,... (optional with --source and --to), "
                                                "or a problem: its own generator's instances")
    p.add_argument("params", nargs="*", metavar="key=value", help="source parameters kept fixed")
    p.add_argument("--source", metavar="FAMILY", help="draw the sources from a hard source family (an unknown "
                   "name lists them; README names each with its paper)")
    p.add_argument("--to", metavar="PUZZLE", help="the target: the family pushed through the shortest chain to it")
    p.add_argument("--sizes", required=True, type=sizes, help="values of the size parameter, e.g. 10,20,40")
    p.add_argument("--param", help="the source parameter the sizes set (default: the first of the verify sizes)")
    p.add_argument("--per", action="append", default=[], metavar="KEY=RATIO",
                   help="set parameter KEY to RATIO times the size (e.g. clauses=4.26)")
    p.add_argument("--mode", help="source generator mode: planted (default when offered), unsat, unique, random")
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--timeout", type=SECONDS, default=300.0, help="seconds to generate and to reduce each size")
    p.add_argument("--count-timeout", type=SECONDS, default=30.0, help="seconds for each exact count")
    p.add_argument("-o", "--output", required=True, metavar="DIR")
    add_limits(p, timeout=False)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.campaign.bench_family import build_family, reduction_named

    params = list(args.params)
    if args.reduction is not None and "=" in args.reduction:
        params.insert(0, args.reduction)
        args.reduction = None
    from gadgetry.sources.families import family

    fam = None if args.source is None else family(args.source)
    if args.reduction is not None:
        red = reduction_named(args.reduction)
        if args.to is not None and red.target != args.to:
            raise InputError(f"bench-family: {args.reduction} yields {red.target}, not {args.to}")
    elif fam is not None and args.to is not None:
        red = chain_to(fam.problem, args.to)
    else:
        raise InputError("bench-family: name a reduction, or a source family and a target (--source F --to P)")
    per = {key: _typed(RATIO, f"--per {key}", value) for key, value in parse_params(args.per).items()}
    members = build_family(red, args.sizes, args.seed, args.output, args.param, parse_params(params), args.mode,
                           args.timeout, args.count_timeout, per, fam)
    w = max(len(m.stem) for m in members)
    print(f"{'instance':<{w}} {'vars':>8} {'clauses':>9} {'answer':>7} {'source#':>8} {'puzzle#':>8}")
    for m in members:
        meta = m.meta
        counts = [("-" if c is None else str(c)) for c in (meta["source_count"], meta["target_count"])]
        print(f"{m.stem:<{w}} {meta['cnf']['variables']:>8} {meta['cnf']['clauses']:>9} {meta['expected_answer']:>7} "
              f"{counts[0]:>8} {counts[1]:>8}")
    print(f"{sum(len(m.files) for m in members) + 1} files in {args.output}")
    return EXIT_OK
