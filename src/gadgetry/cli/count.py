"""``gadgetry count``: the exact number of solutions of an instance."""

from __future__ import annotations

import argparse
import json

from gadgetry.core import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.verify.solve import count

from .common import EXIT_OK, EXIT_UNKNOWN, SECONDS, add_input_options, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("count", help="count solutions")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--timeout", type=SECONDS, default=None, help="seconds; exit 3 (unknown) when reached")
    add_input_options(p)
    p.add_argument("--method", default="ganak",
                   help="ganak (default), enumeration, brute-force, or a problem's own counter")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    try:
        res = run_limited(count, prob, inst, args.method, seconds=args.timeout)
    except LimitReached as exc:
        print(json.dumps({"count": None, "method": args.method, "status": "unknown", "reason": str(exc)})
              if args.json else f"unknown ({exc})")
        return EXIT_UNKNOWN
    doc = {"problem": prob.name, "count": res.count, "method": res.method, "solution": res.solution_is,
           "seconds": round(res.seconds, 3)}
    print(json.dumps(doc) if args.json else f"{res.count}  ({res.method}; one solution is {res.solution_is})")
    return EXIT_OK
