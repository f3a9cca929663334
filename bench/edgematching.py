"""Edge matching: the polynomial algorithms of the Edge-matching seed (section 2.1, Table 1) against the SAT
encoding, side by side on the same instances of growing size n (tiles).

- Theorem 2.1 (<=, m x n, rotate and sort), Corollary 2.2 (<, all labels distinct) and Theorem 2.3 (1 x n <
  strips, unequal opposite pairs): the algorithm's time, the SAT solver's time (encode + solve), their ratio,
  and the algorithm's microseconds per tile (about constant up to the log factor: O(n log n)).
- The transfer matrix for O(1) x n with O(1) colours (1 x n, tiles drawn from 3 tile types over 2 colours):
  deciding against the SAT solver and counting against Ganak; its time grows as a polynomial of degree
  about the number of types (the claim), the counters' exponentially.

Every algorithm's answer is checked (solutions by the checker, decisions and counts against the SAT side
whenever that finished within the budget).

    python bench/edgematching.py [--seed 1] [--budget 30] [--largest 1024]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.edgematching.square import EdgeMatchingProblem
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, rotate
from gadgetry.puzzles.edgematching.square_algorithms import (
    count_transfer,
    solve_le,
    solve_lt_distinct,
    solve_lt_strip,
    solve_transfer,
)
from gadgetry.verify.solve import solve

PROBLEM = EdgeMatchingProblem()


def timed_limited(fn: Callable, *args, seconds: float) -> tuple[float | None, object]:
    start = time.perf_counter()
    try:
        result = run_limited(fn, *args, seconds=seconds)
    except LimitReached:
        return None, None
    return time.perf_counter() - start, result


def timed(fn: Callable, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def ganak_count(inst: EdgeMatching) -> int:
    return PROBLEM.count(inst)


def shape(n: int, rows: int) -> tuple[int, int]:
    return (rows, n // rows) if n % rows == 0 and n >= rows else (1, n)


def le_instance(n: int, rng: random.Random) -> EdgeMatching:
    rows, cols = shape(n, 4)
    return EdgeMatching(rows, cols, tuple(tuple(rng.randint(1, 6) for _ in range(4)) for _ in range(n)), "le")


def lt_distinct_instance(n: int, rng: random.Random) -> EdgeMatching:
    rows, cols = shape(n, 4)
    labels = rng.sample(range(10 * n), 4 * n)
    return EdgeMatching(rows, cols, tuple(tuple(labels[4 * k:4 * k + 4]) for k in range(n)), "lt")


def lt_strip_instance(n: int, rng: random.Random) -> EdgeMatching:
    tiles = []
    while len(tiles) < n:
        t = tuple(rng.randint(1, 6) for _ in range(4))
        if not (t[0] == t[2] and t[1] == t[3]):
            tiles.append(t)
    return EdgeMatching(1, n, tuple(tiles), "lt")


def palette_instance(n: int, rng: random.Random) -> EdgeMatching:
    """A 1 x n unsigned strip over colours {1, 2} whose tiles are rotations of 3 types, the first n tiles of
    a walk that always continues (so the instance is solvable), shuffled and turned."""
    types = [(1, 1, 2, 1), (1, 2, 2, 1), (2, 1, 2, 2)]
    strip, east = [], 1
    for _ in range(n):
        options = [(t, r) for t in types for r in range(4) if rotate(t, r)[3] == east]
        t, r = rng.choice(options)
        strip.append(rotate(t, rng.randrange(4)))
        east = rotate(t, r)[1]
    rng.shuffle(strip)
    return EdgeMatching(1, n, tuple(strip), "unsigned")


def section_2_1(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    cases = (("Thm 2.1  <=  4 x n/4", le_instance, solve_le),
             ("Cor 2.2  <  distinct 4 x n/4", lt_distinct_instance, solve_lt_distinct),
             ("Thm 2.3  <  1 x n strip", lt_strip_instance, solve_lt_strip))
    for title, make, algorithm in cases:
        print(f"\n{title}")
        print(f"{'n':>6} {'algorithm s':>12} {'us/tile':>8} {'SAT s':>9} {'SAT/algorithm':>14}")
        sat_alive = True
        n = 8
        while n <= args.largest:
            inst = make(n, rng)
            ta, sol = timed(algorithm, inst)
            assert PROBLEM.check(inst, sol), f"{title}: the algorithm's solution fails the checker"
            ts = None
            if sat_alive:
                ts, res = timed_limited(solve, PROBLEM, inst, seconds=args.budget)
                assert ts is None or res.status == "sat", f"{title}: SAT says unsat"
                sat_alive = ts is not None
            shown = f"{ts:9.2f}" if ts is not None else f"{'>' + format(args.budget, 'g'):>9}"
            ratio = f"{ts / ta:14.0f}" if ts is not None else f"{'-':>14}"
            print(f"{n:>6} {ta:12.5f} {1e6 * ta / n:8.1f} {shown} {ratio}", flush=True)
            n *= 2


def transfer(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    print("\ntransfer matrix, 1 x n unsigned, 2 colours, 3 tile types (Table 1: O(1) x n, O(1) colours)")
    print(f"{'n':>5} {'DP decide s':>11} {'SAT s':>8} {'SAT/DP':>7} {'DP count s':>10} {'Ganak s':>9} "
          f"{'Ganak/DP':>9} {'count':>12}")
    sat_alive = ganak_alive = True
    for n in (4, 6, 8, 12, 16, 24, 32, 48, 64, 96):
        inst = palette_instance(n, rng)
        td, sol = timed(solve_transfer, inst)
        assert sol is not None and PROBLEM.check(inst, sol), "the transfer matrix missed a solvable strip"
        tc, number = timed(count_transfer, inst)
        ts = tg = None
        if sat_alive:
            ts, res = timed_limited(solve, PROBLEM, inst, seconds=args.budget)
            assert ts is None or res.status == "sat"
            sat_alive = ts is not None
        if ganak_alive:
            tg, ganak = timed_limited(ganak_count, inst, seconds=args.budget)
            assert tg is None or ganak == number, f"n={n}: Ganak {ganak} != transfer matrix {number}"
            ganak_alive = tg is not None

        def show(t: float | None, width: int) -> str:
            return f"{t:{width}.2f}" if t is not None else f"{'>' + format(args.budget, 'g'):>{width}}"

        def ratio(t: float | None, base: float, width: int) -> str:
            return f"{t / base:{width}.1f}" if t is not None else f"{'-':>{width}}"
        print(f"{n:>5} {td:11.3f} {show(ts, 8)} {ratio(ts, td, 7)} {tc:10.3f} {show(tg, 9)} "
              f"{ratio(tg, tc, 9)} {number:>12.3g}", flush=True)
        if td > args.budget:
            break


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=30.0, help="seconds per SAT or Ganak run")
    ap.add_argument("--largest", type=int, default=1024, help="largest n for the section 2.1 algorithms")
    args = ap.parse_args()
    section_2_1(args)
    transfer(args)


if __name__ == "__main__":
    main()
