"""Theorem 4.3 of the Witness seed at growing sizes: tree-residue vertex breaking on arrangements of 2 to 5
rectangles (planted, so solvable) reduced to Restricted Squares panels; per instance the source's size and
count, the panel's side, the time to enumerate the panel's solutions (node-graph CNF; the default brute
force is exponential in the vertices, minutes at 20) and whether the counts agree (parsimony).

    python bench/witness_restricted_squares.py [--per-size 2]
"""

from __future__ import annotations

import argparse
import time

from gadgetry.core.registry import problem, reduction
from gadgetry.verify.solve import count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-size", type=int, default=2)
    args = ap.parse_args()
    src_prob, red = problem("tree-residue-vertex-breaking"), reduction(
        "witness-restricted-squares-from-tree-residue-vertex-breaking")
    tgt_prob = problem("witness-restricted-squares")
    print("rectangles seed vertices source-count panel target-count seconds agree")
    for rects in range(2, 6):
        for seed in range(args.per_size):
            src = src_prob.generate_seeded({"rectangles": rects}, seed, "planted").instance
            want = count(src_prob, src, "ganak").count
            panel = red.reduce(src)
            start = time.perf_counter()
            got = count(tgt_prob, panel, "enumeration").count
            took = time.perf_counter() - start
            print(f"{rects:10d} {seed:4d} {src.vertices:8d} {want:12d} {panel.width:3d}x{panel.height:<3d}"
                  f" {got:12d} {took:7.2f} {got == want}", flush=True)


if __name__ == "__main__":
    main()
