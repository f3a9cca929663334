"""Kurodoko at the speed of Tatham's solver: the old default (the eager encoding: CaDiCaL to solve, Ganak to
count) against the new one (method ``lazy``: Tatham's deductions, then SAT with lazy cuts) side by side on
boards from Simon Tatham's Range generator (``sgt-range --generate``, tests/data/range_ids.txt), with the
ratios; the new default also through the command line (start-up included). Then the new solver alone on
growing planted boards until one takes longer than the budget.

``--cnf``: the exported CNF (``KurodokoProblem.encode``) instead, the old encoding (every clue sum in order
encoding, connectivity by breadth-first layers: a reach variable per cell and level, cells^2) against the
new one (large clue sums in binary digits, connectivity as a forest of the black cells: about
cells x log(cells)) side by side: variables, clauses, build seconds, CaDiCaL 1.9.5 CPU seconds and
conflicts (its solution checked against the lazy solver's), on the Range IDs and on the board
``kurodoko-from-1in3sat`` makes of the smallest quiet-1in3 formula (4 variables, seed 0: 92,001 cells);
the old encoding is built up to ``--old-cells`` cells (its size past that is cells^2 reach variables).

Tatham's own solver (range.c) ships inside the game only (Debian's sgt-puzzles has no solver binary), so
its times are quoted from its measurement in issue 17: 0.07 ms at 15 x 15 to 4 ms at 40 x 40.

    python bench/kurodoko.py [--sizes 15,20,30,40] [--per-size 1] [--budget 120] [--seed 1]
    nice python bench/kurodoko.py --cnf [--sizes 15,20,30,40] [--old-cells 900] [--no-reduction]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gadgetry.core.cnf import CNF
from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import DEFAULT_SOLVER
from gadgetry.puzzles.kurodoko import (Kurodoko, KurodokoProblem, local_clauses, neighbours, read_range,
                                       solve_lazy)
from gadgetry.verify.solve import count, solve

PROBLEM = KurodokoProblem()
IDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "range_ids.txt"
TATHAM_MS = {15: 0.07, 40: 4.0}  # issue 17's measurement of range.c's solver


def timed(fn, *args, seconds: float) -> tuple[float | None, object]:
    start = time.perf_counter()
    try:
        result = run_limited(fn, *args, seconds=seconds)
    except LimitReached:
        return None, None
    return time.perf_counter() - start, result


def cli_seconds(game_id: str, *argv: str) -> str:
    """Wall time of ``gadgetry ARGV FILE`` on the game ID, start-up included, and in brackets its CPU time
    (user + system: the wall time on an idle machine, near enough, when other jobs share the cores)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(game_id)
        f.flush()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gadgetry.cli", *argv, f.name], check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return f"{wall:.2f} ({cpu:.2f})"


def shown(t: float | None, budget: float) -> str:
    return f"{t:8.3f}" if t is not None else f"{'>' + format(budget, 'g'):>8}"


def ratio(old: float | None, new: float | None, budget: float) -> str:
    if new is None:
        return f"{'-':>7}"
    return f"{old / new:7.0f}" if old is not None else f"{'>' + format(budget / new, '.0f'):>7}"


def planted(side: int, seed: int):
    """A planted square board with clues on about half of its white cells."""
    gen = PROBLEM.generate({"width": side, "height": side, "density": 50}, random.Random(seed), "planted")
    return gen.instance


def old_encoding(inst: Kurodoko) -> tuple[CNF, dict]:
    """The encoding ``encode`` had before (kept here for the comparison only): every clue sum in order
    encoding; the first white cell (cell 0 or 1) is reached at level 0, ``reach[v][t] <-> white(v) and
    (reach[v][t-1] or some neighbour reach[u][t-1])`` for t < cells, and every white cell reached."""
    cnf, black = local_clauses(inst, "unary")
    white = {x: -b for x, b in black.items()}
    cells = inst.cells
    levels = len(cells)
    reach = {(x, t): cnf.var(("reach", x, t)) for x in cells for t in range(levels)}
    for i, x in enumerate(cells):
        r0 = reach[(x, 0)]
        if i == 0:
            cnf.extend([[-r0, white[x]], [r0, -white[x]]])
        elif i == 1:
            c0 = cells[0]
            cnf.extend([[-r0, white[x]], [-r0, black[c0]], [r0, -white[x], -black[c0]]])
        else:
            cnf.add([-r0])
        for t in range(1, levels):
            now = reach[(x, t)]
            before = [reach[(x, t - 1)]] + [reach[(y, t - 1)] for y in neighbours(inst, x)]
            cnf.add([-now, white[x]])
            cnf.add([-now] + before)
            cnf.extend([-white[x], -b, now] for b in before)
        cnf.add([-white[x], reach[(x, levels - 1)]])
    return cnf, black


def new_encoding(inst: Kurodoko) -> tuple[CNF, dict]:
    cnf = PROBLEM.encode(inst).cnf
    return cnf, {x: cnf.var(("black", x)) for x in inst.cells}


def cnf_row(inst: Kurodoko, build, want) -> str:
    """Variables, clauses, build seconds, CaDiCaL CPU seconds and conflicts of one encoding; CaDiCaL must
    find a valid colouring exactly when the lazy solver does (``want``: its colouring or None)."""
    from pysat.solvers import Solver

    start = time.perf_counter()
    cnf, black = build(inst)
    built = time.perf_counter() - start
    cpu = time.process_time()
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        answer = s.solve()
        conflicts = s.accum_stats()["conflicts"]
        model = set(s.get_model() or ())
    cpu = time.process_time() - cpu
    sol = tuple(sorted(x for x, b in black.items() if b in model)) if answer else None
    assert (sol is None) == (want is None), "CaDiCaL and the lazy solver differ"
    assert sol is None or PROBLEM.check(inst, sol), "CaDiCaL's colouring breaks a rule"
    return f"{cnf.nvars:>10,} {len(cnf.clauses):>11,} {built:7.1f} {cpu:8.2f} {conflicts:>9,}"


def compare_cnf(boards: list[tuple[str, Kurodoko]], old_cells: int, budget: float) -> None:
    print(f"{'board':>22} {'cells':>7} {'encoding':>8} {'variables':>10} {'clauses':>11} {'build s':>7} "
          f"{'CaDiCaL s':>8} {'conflicts':>9}")
    for name, inst in boards:
        cells = inst.width * inst.height
        want = solve_lazy(inst)
        for label, build in (("old", old_encoding), ("new", new_encoding)):
            if label == "old" and cells > old_cells:
                row = f"not built: {cells ** 2:,} reach variables"
            else:
                try:
                    row = run_limited(cnf_row, inst, build, want, seconds=budget)
                except LimitReached:
                    row = f"over {budget:g} s"
            print(f"{name:>22} {cells:>7,} {label:>8} {row}", flush=True)


def reduction_board() -> Kurodoko:
    from gadgetry.reductions.kurodoko_from_1in3sat import construct
    from gadgetry.sources.families import family

    return construct(family("quiet-1in3").generate({"variables": 4}, 0).instance).instance


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="15,20,30,40", help="board sides of the Range IDs, comma-separated")
    ap.add_argument("--per-size", type=int, default=1, help="Range IDs per size")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per run of the old default")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cnf", action="store_true", help="the exported CNF, old encoding against new")
    ap.add_argument("--old-cells", type=int, default=900,
                    help="with --cnf: the largest board the old encoding is built on")
    ap.add_argument("--no-reduction", action="store_true", help="with --cnf: leave out the 92,001-cell board")
    args = ap.parse_args()
    ids = IDS.read_text().split()
    if args.cnf:
        boards = [(f"Range {g.split(':')[0]}", read_range(g)) for side in map(int, args.sizes.split(","))
                  for g in [i for i in ids if i.startswith(f"{side}x{side}:")][:args.per_size]]
        if not args.no_reduction:
            boards.append(("quiet-1in3 4 (seed 0)", reduction_board()))
        compare_cnf(boards, args.old_cells, max(args.budget, 600.0))
        return
    print(f"{'board':>7} {'old solve':>9} {'new':>8} {'ratio':>7} {'old count':>9} {'new':>8} {'ratio':>7} "
          f"{'cli solve (cpu)':>15} {'cli count (cpu)':>15} {'Tatham ms':>9}")
    for side in map(int, args.sizes.split(",")):
        for game_id in [i for i in ids if i.startswith(f"{side}x{side}:")][:args.per_size]:
            inst = read_range(game_id)
            to, old = timed(solve, PROBLEM, inst, DEFAULT_SOLVER, seconds=args.budget)
            tn, new = timed(solve, PROBLEM, inst, seconds=args.budget)
            assert new is not None and new.status == "sat" and PROBLEM.check(inst, new.solution)
            assert old is None or old.solution == new.solution
            co, n_old = timed(count, PROBLEM, inst, "ganak", seconds=args.budget)
            cn, n_new = timed(count, PROBLEM, inst, seconds=args.budget)
            assert n_new is not None and n_new.count == 1 and n_new.method == "lazy"
            assert n_old is None or n_old.count == 1
            cli_solve, cli_count = cli_seconds(game_id, "solve"), cli_seconds(game_id, "count", "--at-most", "1")
            tatham = f"{TATHAM_MS[side]:9.2f}" if side in TATHAM_MS else f"{'':>9}"
            print(f"{side:>3}x{side:<3} {shown(to, args.budget):>9} {shown(tn, args.budget)} "
                  f"{ratio(to, tn, args.budget)} {shown(co, args.budget):>9} {shown(cn, args.budget)} "
                  f"{ratio(co, cn, args.budget)} {cli_solve:>15} {cli_count:>15} {tatham}", flush=True)
    print(f"\nnew solver alone on planted boards, budget {args.budget:g} s per board")
    side, largest = 10, None
    while side <= 400:
        tg, inst = timed(planted, side, args.seed, seconds=args.budget)
        if tg is None:
            print(f"{side:>3}x{side:<3} generating the planted board took over the budget")
            break
        tl, sol = timed(solve_lazy, inst, seconds=args.budget)
        if tl is None:
            print(f"{side:>3}x{side:<3} over the budget")
            break
        assert sol is not None and PROBLEM.check(inst, sol)
        print(f"{side:>3}x{side:<3} {tl:8.2f} s  ({side * side} cells)", flush=True)
        largest = side
        side = int(side * 1.4) + 1
    print(f"largest board solved within {args.budget:g} s: {largest}x{largest}" if largest else "none")


if __name__ == "__main__":
    main()
