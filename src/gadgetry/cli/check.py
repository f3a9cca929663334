"""``gadgetry check``: a solution against the problem's rule checker."""

from __future__ import annotations

import argparse

from gadgetry.core.envelope import parse_json, read_solution
from gadgetry.core.files import read_text

from .common import EXIT_NEGATIVE, EXIT_OK, add_input_options, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="check a solution with the problem's rule checker")
    p.add_argument("file")
    p.add_argument("solution")
    add_input_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    doc = parse_json(read_text(args.solution), args.solution)
    sol = read_solution(prob, inst, doc, args.solution)
    verdict = prob.check(inst, sol)
    print("valid" if verdict else f"invalid: {verdict}")
    return EXIT_OK if verdict else EXIT_NEGATIVE
