"""``gadgetry lift``: a target solution mapped back through a chain bundle (``reduce --bundle``) to a
source solution, checked by the source's own rule checker."""

from __future__ import annotations

import argparse
import sys

from gadgetry.core.envelope import dumps, parse_json, solution_document
from gadgetry.core.files import check_output, read_text

from .common import EXIT_NEGATIVE, EXIT_OK, add_limits, emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lift", help="map a target solution back through a chain bundle to a source solution")
    p.add_argument("bundle", help="the bundle 'gadgetry reduce --bundle' wrote")
    p.add_argument("solution", help="a solution of the bundle's last instance (e.g. 'gadgetry solve --json')")
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.core.bundle import lift, read_bundle  # the chains' machinery, loaded here

    check_output(args.output, [args.bundle, args.solution])
    bundle = read_bundle(parse_json(read_text(args.bundle), args.bundle), args.bundle)
    lifted = lift(bundle, parse_json(read_text(args.solution), args.solution), args.solution)
    if lifted.verdict is not None:
        print(f"invalid: {lifted.where}: {lifted.verdict}", file=sys.stderr)
        return EXIT_NEGATIVE
    source = bundle.problems[0]
    emit(dumps(solution_document(source, bundle.instances[0], lifted.solution)), args.output,
         args.bundle, args.solution)
    print(f"valid: the {source.name} checker accepts the lifted solution "
          f"({len(bundle.steps)} step{'s' * (len(bundle.steps) > 1)} back)", file=sys.stderr)
    return EXIT_OK
