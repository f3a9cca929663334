"""``gadgetry generate``: a seeded source instance (or every instance up to a size)."""

from __future__ import annotations

import argparse
from typing import Any

from gadgetry import __version__
from gadgetry.core import registry
from gadgetry.core.envelope import dumps, instance_document

from .common import EXIT_OK, SEED, add_limits, emit, parse_params


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("generate", help="a seeded source instance")
    p.add_argument("problem")
    p.add_argument("params", nargs="*", metavar="key=value")
    p.add_argument("--seed", type=SEED, default=0)
    mode = p.add_mutually_exclusive_group()
    for m, text in (("planted", "satisfiable by construction, planted solution recorded"),
                    ("unsat", "proved unsatisfiable"), ("unique", "exactly one solution, proved by counting"),
                    ("exhaustive", "every instance up to the size (JSON lines)")):
        mode.add_argument(f"--{m}", action="store_true", help=text)
    mode.add_argument("--edge", metavar="NAME", help="an edge case showing the named structure "
                      "(a problem's edge_cases, as listed by 'gadgetry list --json')")
    p.add_argument("-o", "--output")
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    prob = registry.problem(args.problem)
    given = parse_params(args.params)
    if args.exhaustive:
        params = prob.resolve_params(given, exhaustive=True)
        emit((dumps(instance_document(prob, inst, {"exhaustive": params, "index": i}))  # streamed
              for i, inst in enumerate(prob.exhaustive(params))), args.output)
        return EXIT_OK
    mode = next((m for m in ("planted", "unsat", "unique") if getattr(args, m)), args.edge)
    gen = prob.generate_seeded(given, args.seed, mode)
    meta: dict[str, Any] = {"seed": args.seed, "params": prob.resolve_params(given), "mode": mode,
                            "generator": f"gadgetry {__version__}"}
    if gen.planted is not None:
        meta["planted"] = prob.solution_to_json(gen.instance, gen.planted)
    meta.update(gen.meta)
    emit(dumps(instance_document(prob, gen.instance, meta)), args.output)
    return EXIT_OK
