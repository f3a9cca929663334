"""``gadgetry verify``: the verification protocol on one reduction or all, as a table or JSON."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from gadgetry.core import InputError, registry

from .common import SECONDS, SEED, add_limits, amount, exit_of, parse_params

if TYPE_CHECKING:
    from gadgetry.core import Reduction
    from gadgetry.verify.protocol import VerifyReport


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="run the verification protocol on a reduction")
    p.add_argument("reduction", nargs="?")
    p.add_argument("params", nargs="*", metavar="key=value")
    p.add_argument("--all", action="store_true")
    p.add_argument("--instances", type=amount(0), default=20)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--timeout", type=SECONDS, default=60.0, help="seconds per instance (UNKNOWN when reached)")
    p.add_argument("--cap", type=amount(1), default=2000, help="solutions mapped each way per instance")
    p.add_argument("--json", action="store_true")
    add_limits(p, timeout=False)
    p.set_defaults(run=run)


def budget(red: Reduction, asked: int) -> int:
    """The instances ``verify --all`` draws for ``red``: as asked, at most its ``verify_budget``."""
    return asked if red.verify_budget is None else min(asked, red.verify_budget)


def run(args: argparse.Namespace) -> int:
    from gadgetry.verify.protocol import Limits, combine, verify_reduction

    if args.all == bool(args.reduction):
        raise InputError("verify: give one REDUCTION or --all")
    reds = list(registry.reductions().values()) if args.all else [registry.reduction(args.reduction)]
    params = parse_params(args.params)
    if params and args.all:
        raise InputError("verify: key=value parameters need a single REDUCTION, not --all")
    if params:
        reds[0].source_problem.resolve_params(params)  # range-check before any work
    limits = Limits(seconds=args.timeout, cap=args.cap)
    reports = [verify_reduction(red, budget(red, args.instances) if args.all else args.instances, args.seed,
                                params or None, limits)
               for red in sorted(reds, key=lambda r: r.name)]
    overall = combine(rep.verdict for rep in reports)
    if args.json:
        print(json.dumps([rep.as_json() for rep in reports], default=str))
    else:
        _print_table(reports)
        print(f"overall: {overall}")
    return exit_of(overall)


def _print_table(reports: list[VerifyReport]) -> None:
    from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, counterexample_json

    w = max([len("reduction")] + [len(rep.reduction) for rep in reports])
    head = (f"{'reduction':<{w}} {'claim':<14} {'inst':>4} {'pass':>4} {'fail':>4} {'unkn':>4} {'small':>5} "
            f"{'gadgets':>7}  verdict   time")
    print(head)
    print("-" * len(head))
    for rep in reports:
        t = rep.tally()
        g = f"{sum(x.ok for x in rep.gadgets)}/{len(rep.gadgets)}" if rep.gadgets else "-"
        kind = rep.claim.split(" ")[0]
        print(f"{rep.reduction:<{w}} {kind:<14} {len(rep.instances):>4} {t[PASS]:>4} {t[FAIL]:>4} "
              f"{t[UNKNOWN]:>4} {rep.exhaustive:>5} {g:>7}  {rep.verdict:<8} {rep.seconds:6.1f}s")
    for rep in reports:
        if rep.error:
            print(f"  {rep.reduction}: internal error of gadgetry: {rep.error}")
        for g in rep.gadgets:
            for p in g.problems:
                print(f"  {rep.reduction}: gadget {g.gadget}: {p}")
        ce = rep.counterexample
        if ce is not None:
            print(f"  {rep.reduction}: FAIL {ce.failure}: {ce.detail}")
            print(f"    counterexample ({ce.label}, size {ce.size}): {counterexample_json(ce)}")
        for note in rep.notes:
            print(f"    {note}")
        covered = ", ".join(f"{k} {n}" for k, n in rep.coverage().items())
        if covered:
            print(f"  {rep.reduction}: covered {covered}")
