"""``gadgetry count``: the exact number of solutions of an instance."""

from __future__ import annotations

import argparse
import json

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
    p.set_defaults(run=run, on_limit=print_unknown)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    res = count(prob, inst, args.method)
    doc = {"problem": prob.name, "count": res.count, "method": res.method, "solution": res.solution_is,
           "seconds": round(res.seconds, 3)}
    print(json.dumps(doc) if args.json else f"{res.count}  ({res.method}; one solution is {res.solution_is})")
    return EXIT_OK
