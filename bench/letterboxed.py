"""NYT Letter Boxed (NYT seed, section 2): larger runs than the test suite.

1. The verification protocol on more instances of each Letter Boxed reduction (Theorems 11, 13, 14).
2. A real NYT puzzle with a real word list: the SAT encoding's minimum word budget (k = 1, 2, ...) and
   Theorem 7's dynamic program (minimum words and minimum letters), with their times.

    python bench/letterboxed.py [--instances 1000] [--words /usr/share/dict/words] [--puzzle tia-uwl-ybd-omr]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path

from gadgetry.core.registry import reduction
from gadgetry.puzzles.letterboxed import LetterBoxed, minimum_letters, minimum_words, read_nyt
from gadgetry.verify.protocol import Limits, verify_reduction
from gadgetry.verify.solve import solve

NAMES = ("letterboxed-from-positive-nae3sat", "letterboxed-from-3dm", "letterboxed-more-sides")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--words", default="/usr/share/dict/words")
    ap.add_argument("--puzzle", default="tia-uwl-ybd-omr")
    args = ap.parse_args()

    for name in NAMES:
        start = time.perf_counter()
        rep = verify_reduction(reduction(name), instances=args.instances, seed=args.seed, limits=Limits(seconds=300))
        relations: dict[str, int] = {}
        for r in rep.instances:
            relations[r.relation] = relations.get(r.relation, 0) + 1
        print(f"{name}: {rep.verdict} {rep.tally()} in {time.perf_counter() - start:.1f}s; "
              f"relations {sorted(relations.items(), key=lambda kv: -kv[1])[:6]}")

    words = Path(args.words)
    if not words.exists():
        print(f"{words}: missing, real-puzzle part skipped")
        return
    prob = LetterBoxed()
    inst = read_nyt(args.puzzle, {"words": words.read_text(encoding="utf-8", errors="replace")})
    print(f"{args.puzzle}: {len(inst.words)} playable words")
    for k in range(1, 6):
        start = time.perf_counter()
        res = solve(prob, dataclasses.replace(inst, k=k))
        shown = prob.solution_to_json(inst, res.solution)["words"] if res.solution else None
        print(f"  SAT k={k}: {res.status} {shown} ({time.perf_counter() - start:.2f}s)")
        if res.status == "sat":
            break
    for label, fn in (("minimum words", minimum_words), ("minimum letters", minimum_letters)):
        start = time.perf_counter()
        print(f"  Theorem 7 {label}: {fn(inst)} ({time.perf_counter() - start:.1f}s)")


if __name__ == "__main__":
    main()
