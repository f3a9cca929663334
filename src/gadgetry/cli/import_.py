"""``gadgetry import``: an interchange format read into a JSON instance."""

from __future__ import annotations

import argparse

from gadgetry.core.envelope import dumps, instance_document, read_any
from gadgetry.core.files import read_text

from .common import EXIT_OK, add_input_options, add_limits, emit, format_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="read an interchange format into a JSON instance")
    p.add_argument("format")
    p.add_argument("file")
    add_input_options(p)
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob, inst = read_any(read_text(args.file), args.file, args.problem, format_options(args), args.format)
    emit(dumps(instance_document(prob, inst, {"imported": args.format})), args.output, args.file)
    return EXIT_OK
