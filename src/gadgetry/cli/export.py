"""``gadgetry export``: an instance written in an interchange format."""

from __future__ import annotations

import argparse

from .common import EXIT_OK, emit, format_of, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write an instance in an interchange format")
    p.add_argument("file")
    p.add_argument("--to", required=True)
    p.add_argument("-o", "--output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file)
    emit(format_of(prob, args.to).write(inst), args.output)
    return EXIT_OK
