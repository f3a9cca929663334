"""``gadgetry count``: the exact number of solutions of an instance."""

from __future__ import annotations

import argparse
import json

from gadgetry.core import InputError
from gadgetry.core.sat import any_int_digits
from gadgetry.verify.solve import AUTO, count

from .common import EXIT_OK, add_input_options, add_limits, load_instance, print_unknown


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("count", help="count solutions")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    add_limits(p)
    add_input_options(p)
    p.add_argument("--method", default=AUTO,
                   help="auto (default: the fastest exact method for the instance), ganak, enumeration, "
                        "brute-force, or a problem's own counter")
    p.add_argument("--at-most", type=int, default=None, metavar="K",
                   help="stop once more than K solutions are known and report 'more than K' (JSON: count "
                        "null, more true; auto then enumerates rather than run Ganak, which counts all); "
                        "--at-most 1 decides uniqueness")
    p.set_defaults(run=run, on_limit=print_unknown)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    if args.at_most is not None and args.at_most < 0:
        raise InputError(f"--at-most {args.at_most}: K must be at least 0")
    res = count(prob, inst, args.method, cap=args.at_most)
    doc = {"problem": prob.name, "count": None if res.more else res.count, "method": res.method,
           "solution": res.solution_is, "seconds": round(res.seconds, 3)}
    if args.at_most is not None:
        doc |= {"at_most": args.at_most, "more": res.more}
    with any_int_digits():  # a count may have a million digits
        shown = f"more than {args.at_most}" if res.more else str(res.count)
        print(json.dumps(doc) if args.json else f"{shown}  ({res.method}; one solution is {res.solution_is})")
    return EXIT_OK
