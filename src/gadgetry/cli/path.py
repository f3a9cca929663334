"""``gadgetry path``: the chain of reductions from one problem to another."""

from __future__ import annotations

import argparse

from gadgetry.core import registry

from .common import EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("path", help="the chain of reductions from SOURCE to TARGET")
    p.add_argument("source")
    p.add_argument("target")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    chain = registry.path(args.source, args.target)
    if not chain:
        print(f"{args.source} is {args.target}: no reduction needed")
    else:
        print(",".join(r.name for r in chain))
    return EXIT_OK
