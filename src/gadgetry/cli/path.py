"""``gadgetry path``: the chain of reductions from one problem to another, or (``--all``) every chain
with the target size its declared overheads predict."""

from __future__ import annotations

import argparse

from gadgetry.core import InputError, registry

from .common import EXIT_OK, SEED, add_input_options, add_limits, load_instance


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("path", help="the chain of reductions from SOURCE to TARGET")
    p.add_argument("source")
    p.add_argument("target")
    p.add_argument("--all", action="store_true",
                   help="every chain visiting no problem twice, with its predicted target size")
    p.add_argument("--for", dest="file", metavar="FILE",
                   help="with --all: predict sizes for this source instance (default: one generated with "
                        "the source's default parameters)")
    p.add_argument("--seed", type=SEED, default=0, help="with --all: the seed of the generated source")
    add_input_options(p)
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.core.chain import by_predicted_size, chains, steps_of

    if not args.all:
        if args.file is not None:
            raise InputError("path: --for needs --all")
        chain = registry.path(args.source, args.target)
        if not chain:
            print(f"{args.source} is {args.target}: no reduction needed")
        else:
            print(",".join(r.name for r in chain))
        return EXIT_OK
    src = registry.problem(args.source)
    registry.problem(args.target)
    if args.file is not None:
        prob, x = load_instance(args, args.file)
        if prob.name != src.name:
            raise InputError(f"--for: the file holds a {prob.name} instance, not {src.name}")
        what = args.file
    else:
        x = src.generate_seeded({}, args.seed).instance
        what = f"a {src.name} instance generated with the default parameters, seed {args.seed}"
    found = chains(registry.reductions().values(), args.source, args.target, fewest=False)
    if args.source == args.target:
        print(f"{args.source} is {args.target}: no reduction needed")
        return EXIT_OK
    if not found:
        raise registry.no_chain(args.source, args.target)
    print(f"predicted target sizes (sum of the target's size measures) for {what}:")
    print(f"{'steps':>5} {'size':>12}  chain")
    for r in by_predicted_size(found, x):
        size = "refused" if r.refused else "-" if r.size is None else r.size
        print(f"{len(steps_of(r.chain)):>5} {size:>12}  {r.chain.name}")
    return EXIT_OK
