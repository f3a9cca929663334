"""``gadgetry campaign``: the verification protocol over a resumable sweep stored in SQLite."""

from __future__ import annotations

import argparse
import json

from gadgetry.core import InputError, registry

from .common import MEGABYTES, SECONDS, SEED, amount, exit_of, number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("campaign", help="the verification protocol over a sweep of generated instances, "
                                        "stored in SQLite, resumable")
    p.add_argument("reduction", nargs="*")
    p.add_argument("--all", action="store_true")
    p.add_argument("--instances", type=amount(0), default=30, help="instances per reduction, at most (default 30)")
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--db", default="campaign.sqlite", help="SQLite file (default campaign.sqlite)")
    p.add_argument("--resume", action="store_true", help="continue the campaign stored in --db")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask cluster (dask[distributed])")
    p.add_argument("--workers", type=amount(1), help="local worker processes (default: all cores)")
    p.add_argument("--timeout", type=SECONDS, default=60.0, help="seconds per instance (UNKNOWN when reached)")
    p.add_argument("--memory", type=MEGABYTES, default=4096, help="MB of address space per instance (UNKNOWN when reached)")
    p.add_argument("--budget", type=SECONDS, default=600.0,
                   help="instance seconds per reduction after which its sizes stop growing")
    p.add_argument("--per-level", type=amount(1), default=3, help="instances per size level")
    p.add_argument("--growth", type=number(float, 1, 100, above=True), default=1.5, help="size factor from one level to the next")
    p.add_argument("--cap", type=amount(1), default=2000, help="solutions mapped each way per instance")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gadgetry.campaign.progress import Progress
    from gadgetry.campaign.run import Settings, executor, open_campaign, run_campaign
    from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, combine

    if args.all == bool(args.reduction):
        raise InputError("campaign: give REDUCTION... or --all")
    names = sorted(registry.reductions()) if args.all else list(dict.fromkeys(args.reduction))
    reds = [registry.reduction(n) for n in names]
    settings = Settings(instances=args.instances, seed=args.seed, per_level=args.per_level, growth=args.growth,
                        budget=args.budget, seconds=args.timeout, memory_mb=args.memory, cap=args.cap,
                        plugins=tuple(str(Path(p).resolve()) for p in args.plugin))
    with open_campaign(args.db, settings, args.resume) as store, executor(args.scheduler, args.workers) as pool:
        summary = run_campaign(reds, store, settings, pool, Progress(len(reds) * settings.instances))
    by_red = summary.by_reduction()
    w = max([len("reduction")] + [len(n) for n in names])
    head = f"{'reduction':<{w}} {'inst':>4} {'pass':>4} {'fail':>4} {'unkn':>4} {'levels':>6}  verdict  sweep ended by"
    print(head)
    print("-" * len(head))
    for name in names:
        rows = by_red.get(name, [])
        t = {v: sum(r.verdict == v for r in rows) for v in (PASS, FAIL, UNKNOWN)}
        verdict = combine(r.verdict for r in rows)
        levels = max((r.level for r in rows), default=-1) + 1
        print(f"{name:<{w}} {len(rows):>4} {t[PASS]:>4} {t[FAIL]:>4} {t[UNKNOWN]:>4} {levels:>6}  {verdict:<8} "
              f"{summary.stopped.get(name, '-')}")
    for row in summary.rows:
        if row.verdict == FAIL:
            ce = row.counterexample or {}
            print(f"  {row.reduction} #{row.idx}: FAIL {row.failure}: {row.detail}")
            print(f"    counterexample ({ce.get('label', '')}): {json.dumps(ce.get('source'), sort_keys=True)}")
    print(f"overall: {summary.verdict}")
    print(f"{len(summary.rows)} results in {args.db} ({summary.ran} run now, {summary.resumed} resumed)")
    return exit_of(summary.verdict)
