"""``gadgetry export``: an instance written in an interchange format."""

from __future__ import annotations

import argparse

from .common import EXIT_OK, add_input_options, add_limits, emit, format_of, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write an instance in an interchange format")
    p.add_argument("file")
    p.add_argument("--to", required=True)
    add_input_options(p)
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    emit(format_of(prob, args.to).write(inst), args.output, args.file)
    return EXIT_OK
