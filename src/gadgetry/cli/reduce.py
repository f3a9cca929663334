"""``gadgetry reduce``: apply a reduction (or a chain ``A,B,...``) to an instance."""

from __future__ import annotations

import argparse

from gadgetry.core import InputError, registry
from gadgetry.core.envelope import dumps, instance_document

from .common import EXIT_OK, add_input_options, add_limits, emit, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("reduce", help="apply a reduction or a chain A,B,...")
    p.add_argument("reduction")
    p.add_argument("file", nargs="?", default="-")
    add_input_options(p)
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    red = registry.reduction(args.reduction)
    prob, inst = load_instance(args, args.file)
    if prob.name != red.source:
        raise InputError(f"{red.name} takes {red.source} instances, the input is {prob.name}")
    target = registry.problem(red.target)
    y = red.reduce(inst)
    target.validate(y)
    emit(dumps(instance_document(target, y, {"reduction": red.name, "from": prob.name})), args.output,
         args.file)
    return EXIT_OK
