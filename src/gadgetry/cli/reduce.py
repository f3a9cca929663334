"""``gadgetry reduce``: apply a reduction, a chain ``A,B,...``, or the chain found to a target problem
(``--to``, through ``--via``), optionally writing the bundle ``lift`` reads."""

from __future__ import annotations

import argparse
import os
import sys

from gadgetry.core import InputError, registry
from gadgetry.core.envelope import dumps, instance_document
from gadgetry.core.files import check_input, check_output

from .common import EXIT_OK, add_input_options, add_limits, emit, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("reduce", help="apply a reduction, a chain A,B,..., or the chain to --to TARGET",
                       usage="gadgetry reduce (REDUCTION | --to TARGET | --via A,B,...) [FILE] [-o OUT] "
                             "[--bundle BUNDLE]")
    p.add_argument("reduction", nargs="?", help="a reduction or a chain A,B,... (not with --to/--via)")
    p.add_argument("file", nargs="?", default="-")
    p.add_argument("--to", metavar="TARGET", help="the target problem: the chain of the fewest steps is found "
                                                  "(ties: the smallest target the overheads predict)")
    p.add_argument("--via", metavar="A,B,...", help="reductions and problems the chain must go through, in order")
    p.add_argument("--bundle", metavar="BUNDLE", help="also write every instance of the chain, for 'gadgetry lift'")
    add_input_options(p)
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.core.bundle import bundle_document, bundle_of  # the chains' machinery, loaded here
    from gadgetry.core.chain import route

    finding = args.to is not None or args.via is not None
    if finding and args.reduction is not None and args.file != "-":
        raise InputError("reduce: give a REDUCTION or --to/--via, not both")
    if not finding and args.reduction is None:
        raise InputError("reduce: give a REDUCTION, --to TARGET or --via A,B,...")
    path = args.reduction if finding and args.reduction is not None else args.file
    red = None if finding else registry.reduction(args.reduction)  # names are checked before any input is read
    if args.to is not None:
        registry.problem(args.to)
    via = [n.strip() for n in args.via.split(",")] if args.via is not None else []
    if any(not n for n in via):
        raise InputError(f"--via: an empty name in {args.via!r}")
    check_input(path)
    check_output(args.output, [path])
    if args.bundle is not None:
        check_output(args.bundle, [path])
        out = args.output or "-"
        if args.bundle == out == "-" or (out != "-" and os.path.abspath(args.bundle) == os.path.abspath(out)):
            raise InputError("--bundle: the bundle and the output must be different files")
    prob, inst = load_instance(args, path)
    if red is None:
        red, ranked = route(registry.reductions().values(), prob.name, inst, args.to, via)
        size = next((r.size for r in ranked if r.chain is red), None)
        others = sum(1 for r in ranked if r.chain is not red and not r.refused)
        print(f"gadgetry: chain {red.name} (predicted target size {'not declared' if size is None else size}"
              f"{f'; {others} other chain(s) of as many steps' if others else ''})", file=sys.stderr)
    elif prob.name != red.source:
        raise InputError(f"{red.name} takes {red.source} instances, the input is {prob.name}")
    target = registry.problem(red.target)
    bundle = bundle_of(red, inst)
    y = bundle.instances[-1]
    target.validate(y)
    text = dumps(instance_document(target, y, {"reduction": red.name, "from": prob.name}))
    if args.bundle is not None:
        emit(dumps(bundle_document(bundle)), args.bundle, path, args.output)
    emit(text, args.output, path)
    return EXIT_OK
