"""The time of ``verify --all``, side by side with a baseline: the bare cost of counting both sides of the
same instances with Ganak (what any count comparison must pay). The ratio is the protocol's overhead
(enumeration of up to ``--cap`` solutions each way, the certificate maps, the rule checkers, shrinking).

    python bench/verify_all.py [--instances 12] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from gadgetry.core.registry import problem, reductions
from gadgetry.core.sat import count_ganak
from gadgetry.verify.protocol import Limits, sample_sources, verify_reduction


def count_both_sides(red, sources) -> None:
    src, tgt = problem(red.source), problem(red.target)
    for _label, x in sources:
        for prob, inst in ((src, x), (tgt, red.reduce(x))):
            cnf = prob.encode(inst).cnf
            count_ganak(cnf.nvars, cnf.clauses, cnf.projection)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'reduction':<34} {'inst':>4} {'baseline s':>10} {'verify s':>9} {'ratio':>6}  verdict")
    total_base = total_verify = 0.0
    for name, red in sorted(reductions().items()):
        sources = sample_sources(red, args.instances, args.seed)
        t = time.perf_counter()
        count_both_sides(red, sources)
        base = time.perf_counter() - t
        t = time.perf_counter()
        rep = verify_reduction(red, sources=sources, limits=Limits(seconds=120))
        ver = time.perf_counter() - t
        total_base, total_verify = total_base + base, total_verify + ver
        print(f"{name:<34} {len(sources):>4} {base:10.2f} {ver:9.2f} {ver / base:6.1f}  {rep.verdict}", flush=True)
    print(f"{'total':<34} {'':>4} {total_base:10.2f} {total_verify:9.2f} {total_verify / total_base:6.1f}")


if __name__ == "__main__":
    main()
