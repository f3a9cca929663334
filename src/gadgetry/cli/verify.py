"""``gadgetry verify``: the verification protocol on one reduction or all, as a table or JSON."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from gadgetry.core import InputError, registry
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, verify_reduction

from .common import EXIT_NEGATIVE, EXIT_OK, EXIT_UNKNOWN, SECONDS, SEED, add_limits, amount, parse_params


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


def run(args: argparse.Namespace) -> int:
    if args.all == bool(args.reduction):
        raise InputError("verify: give one REDUCTION or --all")
    if args.instances < 0:
        raise InputError("verify: --instances must be non-negative")
    reds = list(registry.reductions().values()) if args.all else [registry.reduction(args.reduction)]
    params = parse_params(args.params)
    if params and args.all:
        raise InputError("verify: key=value parameters need a single REDUCTION, not --all")
    if params:
        registry.problem(reds[0].source).resolve_params(params)  # range-check before any work
    limits = Limits(seconds=args.timeout, cap=args.cap)
    reports = []
    for red in sorted(reds, key=lambda r: r.name):
        start = time.perf_counter()
        rep = verify_reduction(red, args.instances, args.seed, params or None, limits)
        gadgets = [check_gadget(g) for g in red.gadgets()]
        reports.append((red, rep, gadgets, time.perf_counter() - start))
    overall = _overall(reports)
    if args.json:
        print(json.dumps([{**rep.as_json(), "gadgets": [{"gadget": g.gadget, "ok": g.ok, "problems": g.problems}
                                                         for g in gadgets], "seconds": round(t, 3)}
                          for _red, rep, gadgets, t in reports], default=str))
    else:
        _print_table(reports)
        print(f"overall: {overall}")
    return {PASS: EXIT_OK, FAIL: EXIT_NEGATIVE, UNKNOWN: EXIT_UNKNOWN}[overall]


def _verdict_with_gadgets(rep: Any, gadgets: list) -> str:
    if rep.verdict == FAIL or any(not g.ok for g in gadgets):
        return FAIL
    return rep.verdict


def _overall(reports: list) -> str:
    verdicts = {_verdict_with_gadgets(rep, g) for _r, rep, g, _t in reports}
    if FAIL in verdicts:
        return FAIL
    if UNKNOWN in verdicts or not reports:
        return UNKNOWN
    return PASS


def _print_table(reports: list) -> None:
    w = max([len("reduction")] + [len(red.name) for red, *_ in reports])
    head = f"{'reduction':<{w}} {'claim':<14} {'inst':>4} {'pass':>4} {'fail':>4} {'unkn':>4} {'gadgets':>7}  verdict   time"
    print(head)
    print("-" * len(head))
    for red, rep, gadgets, seconds in reports:
        t = rep.tally()
        g = f"{sum(x.ok for x in gadgets)}/{len(gadgets)}" if gadgets else "-"
        print(f"{red.name:<{w}} {red.claim.kind:<14} {len(rep.instances):>4} {t[PASS]:>4} {t[FAIL]:>4} "
              f"{t[UNKNOWN]:>4} {g:>7}  {_verdict_with_gadgets(rep, gadgets):<8} {seconds:6.1f}s")
    for red, rep, gadgets, _ in reports:
        for g in gadgets:
            for p in g.problems:
                print(f"  {red.name}: gadget {g.gadget}: {p}")
        ce = rep.counterexample
        if ce is not None:
            print(f"  {red.name}: FAIL {ce.failure}: {ce.detail}")
            print(f"    counterexample ({ce.label}): {json.dumps(ce.source, sort_keys=True)}")
