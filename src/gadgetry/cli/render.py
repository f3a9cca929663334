"""``gadgetry render``: an SVG picture of a puzzle, with a checked solution drawn in."""

from __future__ import annotations

import argparse

from gadgetry.core import InputError
from gadgetry.core.envelope import parse_json, read_solution
from gadgetry.core.files import read_text

from .common import EXIT_OK, add_input_options, add_limits, emit, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("render", help="an SVG picture of a puzzle, with a solution drawn in if given")
    p.add_argument("file")
    p.add_argument("solution", nargs="?")
    add_input_options(p)
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    sol = None
    if args.solution:
        sol = read_solution(prob, inst, parse_json(read_text(args.solution), args.solution), args.solution)
        verdict = prob.check(inst, sol)
        if not verdict:
            raise InputError(f"{args.solution}: not a solution ({verdict})")
    emit(prob.render_svg(inst, sol), args.output, args.file, args.solution)
    return EXIT_OK
