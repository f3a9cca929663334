"""``gadgetry mutate``: mutation testing of the verifier."""

from __future__ import annotations

import argparse
import json
import sys

from gadgetry.core import InputError, registry
from gadgetry.core.files import check_output, write_output

from .common import EXIT_OK, MEGABYTES, SECONDS, SEED, amount


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("mutate", help="mutation testing of the verifier: small changes to a reduction's output, "
                                      "killed by the protocol or surviving")
    p.add_argument("reduction", nargs="*")
    p.add_argument("--all", action="store_true")
    p.add_argument("--mutants", type=amount(1), default=30, help="mutants drawn per reduction (default 30)")
    p.add_argument("--instances", type=amount(1), default=6, help="instances of the bounded campaign (default 6)")
    p.add_argument("--small", type=amount(0), default=3,
                   help="smallest exhaustive sources added to the campaign (default 3)")
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--timeout", type=SECONDS, default=20.0, help="seconds per check of a mutant on an instance")
    p.add_argument("--memory", type=MEGABYTES, default=4096, help="MB of address space per check")
    p.add_argument("--cap", type=amount(1), default=200, help="solutions mapped each way per instance")
    p.add_argument("--budget", type=SECONDS, default=300.0,
                   help="seconds per reduction; mutants not started by then stay untested")
    p.add_argument("--json", action="store_true", help="print the JSON report instead of the table")
    p.add_argument("-o", "--output", help="write the JSON report to this file")
    p.add_argument("--markdown", metavar="FILE", help="write the detection-rate table (Markdown) to this file")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.campaign.mutate import MutateSettings, document, markdown, mutate_reduction, table

    if args.all == bool(args.reduction):
        raise InputError("mutate: give REDUCTION... or --all")
    check_output(args.output)
    check_output(args.markdown)
    names = sorted(registry.reductions()) if args.all else list(dict.fromkeys(args.reduction))
    reds = [registry.reduction(n) for n in names]
    settings = MutateSettings(mutants=args.mutants, instances=args.instances, seed=args.seed, seconds=args.timeout,
                              cap=args.cap, budget=args.budget, memory_mb=args.memory, small=args.small)
    reports = []
    for red in reds:
        if not args.json:
            print(f"mutating {red.name} ...", file=sys.stderr, flush=True)
        reports.append(mutate_reduction(red, settings))
    doc = document(reports, settings)
    if args.output:
        write_output(args.output, json.dumps(doc, indent=1) + "\n")
    if args.markdown:
        write_output(args.markdown, markdown(reports))
    if args.json:
        print(json.dumps(doc))
    else:
        sys.stdout.write(table(reports))
    return EXIT_OK
