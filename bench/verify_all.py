"""The time of ``verify --all`` with the sample's new phases (exhaustive small sources, edge cases, the
size sweep) side by side with the old sampling (the paper example and random/planted/unsat draws at the
``verify_params`` sizes only, no edge cases), for the same number of instances per reduction; the ratio
is new / old.

    python bench/verify_all.py [--instances 30] [--seed 1] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import time

from gadgetry.core.registry import reductions
from gadgetry.verify.protocol import Limits, verify_reduction
from gadgetry.verify.sample import sample_sources


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="reduction names (default: all)")
    args = ap.parse_args()
    limits = Limits(seconds=120)
    print(f"{'reduction':<60} {'inst':>4} {'old s':>7} {'new s':>7} {'ratio':>6}  old      new      small")
    total_old = total_new = 0.0
    for name, red in sorted(reductions().items()):
        if args.only and name not in args.only:
            continue
        t = time.perf_counter()
        old = verify_reduction(red, sources=sample_sources(red, args.instances, args.seed, edge_cases=False), limits=limits)
        t_old = time.perf_counter() - t
        t = time.perf_counter()
        new = verify_reduction(red, args.instances, args.seed, limits=limits)
        t_new = time.perf_counter() - t
        total_old, total_new = total_old + t_old, total_new + t_new
        print(f"{name:<60} {args.instances:>4} {t_old:7.2f} {t_new:7.2f} {t_new / t_old:6.2f}  {old.verdict:<8} "
              f"{new.verdict:<8} {new.exhaustive}/{new.exhaustive_total}", flush=True)
    print(f"{'total':<60} {'':>4} {total_old:7.2f} {total_new:7.2f} {total_new / max(total_old, 1e-9):6.2f}")


if __name__ == "__main__":
    main()
