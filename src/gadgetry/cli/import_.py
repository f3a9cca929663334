"""``gadgetry import``: an interchange format read into a JSON instance."""

from __future__ import annotations

import argparse

from gadgetry.core import InputError, registry
from gadgetry.core.envelope import dumps, instance_document

from .common import EXIT_OK, add_format_options, emit, format_of, format_options, read_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="read an interchange format into a JSON instance")
    p.add_argument("format")
    p.add_argument("file")
    p.add_argument("--problem")
    add_format_options(p)
    p.add_argument("-o", "--output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    owners = [p for p in registry.problems().values() if args.format in p.formats()]
    if args.problem:
        owners = [registry.problem(args.problem)]
    if not owners:
        raise InputError(f"no problem reads format {args.format!r}")
    text = read_text(args.file)
    if args.format == "dimacs" and not args.problem:
        from gadgetry.sources.sat import read_dimacs

        prob, inst = read_dimacs(text)
    else:
        if len(owners) > 1:
            names = ", ".join(p.name for p in owners)
            raise InputError(f"format {args.format!r} is read by several problems ({names}): give --problem")
        prob = owners[0]
        inst = format_of(prob, args.format).read(text, format_options(args))
        prob.validate(inst)
    emit(dumps(instance_document(prob, inst, {"imported": args.format})), args.output)
    return EXIT_OK
