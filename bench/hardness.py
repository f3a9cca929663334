"""How hard are the benchmark families (``gadgetry bench-family``) for SAT solvers?

For each reduction, its family is built at growing sizes (the size parameter doubling from the smallest
verify size until the puzzle's CNF exceeds ``--max-vars`` variables or a build exceeds the time limit);
each puzzle CNF is solved by two PySAT solvers (CaDiCaL 1.9.5 and Glucose 4 by default), recording the
seconds and the conflicts (``Solver.accum_stats()``). The baseline, measured side by side, is uniform
random 3-SAT at the satisfiability threshold (4.26 clauses per variable) with the *same number of
variables*, median over ``--random`` seeds. Every solve runs in a forked worker under ``--limit`` seconds;
a limit hit is shown as ``>limit`` (for random 3-SAT, once a solver hits the limit at n variables, larger
n are not run again and are shown as ``>limit`` too: hardness of random 3-SAT grows with n).

A family is called *hard* at its largest size when every solver needs at least a tenth of the conflicts
it needs on random 3-SAT with the same variable count (or every solver hits the limit), *easy*
otherwise; the ratio column is the smallest over the solvers of family conflicts / random 3-SAT
conflicts (0 when random 3-SAT hit the limit and the family did not).

    python bench/hardness.py [--reductions a,b] [--max-vars 1500] [--limit 10] [--random 3] [--seed 0]
                             [--per clauses=4.26]

``--families`` measures the hard source families (:mod:`gadgetry.sources.families`) instead: for each
puzzle and each family whose problem reaches it (the shortest chain of reductions), and for each family
alone (puzzle ``source``), at growing source
sizes side by side, CaDiCaL 1.9.5 and Kissat 4.0.4 on the source CNF and on the puzzle CNF (seconds;
conflicts for CaDiCaL: PySAT exposes no statistics for Kissat), the fitted growth of each (conflicts or
seconds ~ 2^(b * size), least squares on the solved sizes, with its R^2 and, for comparison, the
polynomial degree of a log-log fit) and the hardness kept (puzzle conflicts / source conflicts). The
baseline is the puzzle communities' own instances under tests/data: Range game IDs (Kurodoko) and NYT-format
Pips puzzles. Sizes stop growing once a build exceeds ``--build-limit`` or the
puzzle CNF ``--max-vars``.

    nice python bench/hardness.py --families [--puzzles letterboxed,kurodoko] [--family-list quiet-nae]
                                  [--sizes 3,4,5,6,7] [--limit 10] [--max-vars 2000000]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

from pysat.solvers import Solver

from gadgetry.campaign.bench_family import size_params
from gadgetry.core import InputError, LimitReached, registry
from gadgetry.core.limits import run_limited

RATIO = 4.26
SOLVERS = ("cadical195", "glucose4")


def solve(clauses: list[list[int]], solver: str) -> tuple[bool, float, int | None]:
    """(satisfiable, CPU seconds, conflicts); conflicts None where PySAT does not expose them (Kissat). CPU
    seconds, so that a loaded machine does not inflate them (the limits are wall time)."""
    with Solver(name=solver, bootstrap_with=clauses) as s:
        start = time.process_time()
        sat = s.solve()
        seconds = time.process_time() - start
        try:
            conflicts = int(s.accum_stats().get("conflicts", 0))
        except NotImplementedError:
            conflicts = None
        return bool(sat), seconds, conflicts


def timed(clauses: list[list[int]], solver: str, limit: float) -> tuple[bool, float, int | None] | None:
    try:
        return run_limited(solve, clauses, solver, seconds=limit)
    except LimitReached:
        return None


def random_3sat(n: int, seed: int) -> list[list[int]]:
    """``round(4.26 n)`` clauses of three distinct variables (of ``n`` when fewer than three), signs
    uniform."""
    rng = random.Random(seed)
    return [[v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), min(3, n))]
            for _ in range(round(RATIO * n))]


class RandomBaseline:
    """Median seconds and conflicts of random 3-SAT at the threshold, per (variables, solver)."""

    def __init__(self, seeds: int, limit: float, seed: int) -> None:
        self.seeds, self.limit, self.seed = seeds, limit, seed
        self.cache: dict[tuple[int, str], tuple[float, float] | None] = {}
        self.timed_out: dict[str, int] = {}

    def __call__(self, n: int, solver: str) -> tuple[float, float] | None:
        """(median seconds, median conflicts), or None when the limit was hit."""
        if (n, solver) in self.cache:
            return self.cache[n, solver]
        if n >= self.timed_out.get(solver, 1 << 62):
            return None
        runs = []
        for k in range(self.seeds):
            res = timed(random_3sat(n, self.seed * 1_000_003 + k), solver, self.limit)
            if res is None:
                self.timed_out[solver] = min(n, self.timed_out.get(solver, n))
                self.cache[n, solver] = None
                return None
            runs.append(res)
        out = (statistics.median(r[1] for r in runs), statistics.median(r[2] for r in runs))
        self.cache[n, solver] = out
        return out


def build(red: Any, params: dict[str, int], seed: int) -> tuple[int, list[list[int]]]:
    src, tgt = registry.problem(red.source), registry.problem(red.target)
    gen = src.generate_seeded(params, seed, "planted" if "planted" in src.modes else None)
    cnf = tgt.encode(red.reduce(gen.instance)).cnf
    return cnf.nvars, cnf.clauses


def family(red: Any, max_vars: int, limit: float, seed: int,
           per: dict[str, float]) -> list[tuple[int, int, list[list[int]]]]:
    """(size, variables, clauses) at doubling sizes up to ``max_vars`` variables."""
    src = registry.problem(red.source)
    base = dict(red.verify_params[0]) if red.verify_params else {}
    spec = next((p for p in src.params if p.name in base), src.params[0])
    out, size = [], max(1, base.get(spec.name, spec.default))
    while size <= spec.high:
        try:
            params = size_params(red, [size], spec.name, per={k: v for k, v in per.items() if k != spec.name})[1][0]
            n, clauses = run_limited(build, red, params, seed, seconds=limit)
        except (LimitReached, InputError):
            break
        if n > max_vars:
            break
        out.append((size, n, clauses))
        size *= 2
    return out


def fmt(res: tuple[float, float] | None) -> str:
    return "   >limit" if res is None else f"{res[0]:7.3f}s {int(res[1]):>8}"

# -- hard source families through the chains --------------------------------------------------------
FAMILY_SOLVERS = ("cadical195", "kissat404")
#: The row of a family measured alone (no chain): its source CNF only.
SOURCE_ONLY = "source"
#: Growing source sizes per family (at least five); a chain with a large blow-up stops early.
FAMILY_SIZES = {"xorsat-regular": [40, 60, 80, 100, 120, 140], "q-hidden": [100, 150, 200, 250, 300, 350],
                "quiet-nae": [100, 150, 200, 250, 300, 350], "quiet-1in3": [100, 200, 300, 400, 500, 600],
                "tseitin": [20, 30, 40, 50, 60, 70], "pigeonhole": [6, 7, 8, 9, 10, 11],
                "ordering": [6, 8, 10, 12, 14, 16], "threshold-3sat": [50, 75, 100, 125, 150, 175]}


def puzzles() -> list[str]:
    """Every registered puzzle (a problem defined under gadgetry.puzzles)."""
    return sorted(n for n, p in registry.problems().items() if type(p).__module__.startswith("gadgetry.puzzles"))


def family_cnfs(fam_name: str, chain: str | None, size: int, seed: int) -> tuple[list, list | None, int]:
    """The source CNF, the puzzle CNF (None without a chain) and the puzzle's size in its own terms."""
    from gadgetry.sources.families import family

    fam = family(fam_name)
    gen = fam.generate({fam.params[0].name: size}, seed)
    source = registry.problem(fam.problem).encode(gen.instance).cnf.clauses
    if chain is None:
        return source, None, 0
    red = registry.reduction(chain)
    y = red.reduce(gen.instance)
    tgt = registry.problem(red.target)
    return source, tgt.encode(y).cnf.clauses, puzzle_size(tgt.size(y))


def puzzle_size(size: dict[str, int]) -> int:
    """A puzzle's size in its own terms: cells (grids, Pips), letters on the box (Letter Boxed), tiles."""
    if "cells" in size:
        return size["cells"]
    if "sides" in size:
        return size["sides"] * size["n"]
    return size.get("tiles", sum(size.values()))


def fit(sizes: list[int], values: list[float]) -> str:
    """``b`` of value ~ 2^(b * size) by least squares on log2, its R^2, and the degree of a log-log fit."""
    points = [(x, v) for x, v in zip(sizes, values) if v is not None]
    if len(points) < 3:
        return "-"
    xs = [float(x) for x, _ in points]
    ys = [math.log2(max(v, 1e-3)) for _, v in points]
    b, _ = statistics.linear_regression(xs, ys)
    deg, _ = statistics.linear_regression([math.log2(x) for x in xs], ys)
    r2 = statistics.correlation(xs, ys) ** 2 if len(set(ys)) > 1 else 0.0
    return f"2^({b:.3g}n) R2={r2:.2f} deg={deg:.2g}"


def cell(res: tuple[bool, float, int | None] | None, limit: float) -> str:
    if res is None:
        return f"{'>' + format(limit, 'g') + 's':>9} {'':>8}"
    return f"{res[1]:8.2f}s {'-' if res[2] is None else res[2]:>8}"


def run_families(args: argparse.Namespace) -> None:
    from gadgetry.sources.families import FAMILIES

    targets = args.puzzles.split(",") if args.puzzles else [SOURCE_ONLY, *puzzles()]
    fams = args.family_list.split(",") if args.family_list else sorted(FAMILIES)
    head = (f"{'puzzle':<14} {'family':<15} {'size':>5} {'puzzle#':>8} | "
            + " | ".join(f"{s[:7] + ' source':>18} {s[:7] + ' puzzle':>18}" for s in FAMILY_SOLVERS) + " | kept")
    print(head)
    print("-" * len(head))
    summary = []
    for puzzle in targets:
        for name in fams:
            fam = FAMILIES[name]
            try:
                chain = None if puzzle == SOURCE_ONLY else ",".join(
                    r.name for r in registry.path(fam.problem, puzzle))
            except InputError:
                continue
            rows: dict[str, list] = {f"{s} {side}": [] for s in FAMILY_SOLVERS for side in ("source", "puzzle")}
            sizes = []
            for size in ([int(v) for v in args.sizes.split(",")] if args.sizes else FAMILY_SIZES[name]):
                try:
                    source, target, cells = run_limited(family_cnfs, name, chain, size, args.seed,
                                                        seconds=args.build_limit)
                except (LimitReached, InputError):
                    break
                if max((abs(lit) for c in target or () for lit in c), default=0) > args.max_vars:
                    break
                results = {}
                for solver in FAMILY_SOLVERS:
                    results[f"{solver} source"] = timed(source, solver, args.limit)
                    results[f"{solver} puzzle"] = None if target is None else timed(target, solver, args.limit)
                sizes.append(size)
                for key, res in results.items():
                    rows[key].append(res)
                src_c, tgt_c = results["cadical195 source"], results["cadical195 puzzle"]
                kept = "-" if src_c is None or tgt_c is None or src_c[2] is None else f"{tgt_c[2] / max(1, src_c[2]):.3g}"
                print(f"{puzzle:<14} {name:<15} {size:>5} {cells:>8} | " + " | ".join(
                    f"{cell(results[s + ' source'], args.limit)} "
                    + (cell(results[s + " puzzle"], args.limit) if chain is not None else f"{'-':>18}")
                    for s in FAMILY_SOLVERS) + f" | {kept}", flush=True)
            if sizes:
                summary.append((puzzle, name, len(sizes), {
                    key: fit(sizes, [None if r is None else (r[2] if r[2] is not None else r[1]) for r in res])
                    for key, res in rows.items() if chain is not None or key.endswith("source")}))
    print("\ngrowth fitted on the solved sizes (CaDiCaL: conflicts; Kissat: seconds)")
    for puzzle, name, n, fits in summary:
        print(f"  {puzzle:<14} {name:<15} {n} sizes  " + "  ".join(f"{k}: {v}" for k, v in fits.items()))
    baseline(args.limit)


def baseline(limit: float) -> None:
    """The same solvers on the communities' own instances under tests/data: Range game IDs from Tatham's
    generator (Kurodoko) and NYT-format Pips puzzles."""
    from pathlib import Path

    kurodoko, pips = registry.problem("kurodoko"), registry.problem("pips")
    data = Path(__file__).resolve().parent.parent / "tests" / "data"
    cases = []
    sizes_seen = set()
    for line in (data / "range_ids.txt").read_text().split():
        board = kurodoko.formats()["range"].read(line, {})
        if board.width * board.height > 400 or (board.width, board.height) in sizes_seen:
            continue  # one board per size up to 20 x 20: the exact (eager) encoding of larger boards is slow
        sizes_seen.add((board.width, board.height))
        cases.append((f"kurodoko {line[:24]}...", board.width * board.height, kurodoko.encode(board).cnf.clauses))
    data = data / "pips"
    nyt, seen = pips.formats()["nyt-pips"], []
    for path in sorted(data.glob("*.json")):
        for difficulty in ("easy", "medium", "hard"):
            inst = nyt.read(path.read_text(), {"difficulty": difficulty})  # ignored by a one-puzzle file
            if inst in seen:
                continue
            seen.append(inst)
            cells = puzzle_size(pips.size(inst))
            cases.append((f"pips {path.name} {difficulty}", cells, pips.encode(inst).cnf.clauses))
    print("\nbaseline: the communities' own instances under tests/data (Range IDs, NYT-format Pips puzzles)")
    for label, size, clauses in cases:
        print(f"  {label:<48} size {size:>6} | " + " | ".join(
            f"{s[:7]} {cell(timed(clauses, s, limit), limit)}" for s in FAMILY_SOLVERS))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reductions", help="comma-separated reduction names (default: all)")
    ap.add_argument("--max-vars", type=int, help="largest puzzle CNF (default 1500; with --families 2,000,000)")
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per solve and per family build")
    ap.add_argument("--random", type=int, default=3, help="random 3-SAT seeds per variable count")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per", action="append", default=[], metavar="KEY=RATIO",
                    help="source parameter KEY at RATIO times the size, where the source has KEY "
                         "(e.g. clauses=4.26 for SAT sources at the threshold)")
    ap.add_argument("--families", action="store_true", help="measure the hard source families through the chains")
    ap.add_argument("--puzzles", help="with --families: comma-separated puzzles, 'source' for the families "
                                      "alone (default: source and every puzzle)")
    ap.add_argument("--family-list", help="with --families: comma-separated families (default: all)")
    ap.add_argument("--build-limit", type=float, default=120.0, help="with --families: seconds per build")
    ap.add_argument("--sizes", help="with --families: source sizes for every family (default: FAMILY_SIZES)")
    args = ap.parse_args()
    if args.families:
        args.max_vars = args.max_vars or 2_000_000
        run_families(args)
        return
    args.max_vars = args.max_vars or 1500
    per = {k: float(v) for k, v in (p.split("=", 1) for p in args.per)}
    names = args.reductions.split(",") if args.reductions else sorted(registry.reductions())
    baseline = RandomBaseline(args.random, args.limit, args.seed)
    verdicts = []
    head = (f"{'reduction':<58} {'size':>5} {'vars':>6} | " + " | ".join(
        f"{s + ' family':>18} {s + ' random':>18}" for s in SOLVERS) + " | ratio")
    print(head)
    print("-" * len(head))
    for name in names:
        red = registry.reduction(name)
        names_here = {p.name for p in registry.problem(red.source).params}
        members = family(red, args.max_vars, args.limit, args.seed, {k: v for k, v in per.items() if k in names_here})
        last_ratio, last_hard = None, None
        for size, n, clauses in members:
            cells, ratios, limited = [], [], 0
            for solver in SOLVERS:
                res = timed(clauses, solver, args.limit)
                mine = None if res is None else (res[1], res[2])
                rnd = baseline(n, solver)
                cells.append(f"{fmt(mine)} {fmt(rnd)}")
                if mine is None:
                    limited += 1
                elif rnd is not None:
                    ratios.append(mine[1] / max(1.0, rnd[1]))
                else:
                    ratios.append(0.0)  # random 3-SAT hit the limit, the family did not
            ratio = min(ratios) if ratios else None
            shown = "-" if ratio is None else f"{ratio:.3g}"
            print(f"{name:<58} {size:>5} {n:>6} | " + " | ".join(cells) + f" | {shown}", flush=True)
            last_ratio, last_hard = ratio, limited == len(SOLVERS) or (ratio is not None and ratio >= 0.1)
        if members:
            verdicts.append((name, members[-1][1], "hard" if last_hard else "easy", last_ratio))
        else:
            verdicts.append((name, 0, "not built", None))
    print("\nverdict at the largest size (hard: every solver needs >= 1/10 of its conflicts on random 3-SAT, "
          "or every solver hits the limit)")
    for name, n, verdict, ratio in verdicts:
        print(f"  {name:<58} {n:>6} vars  {verdict}" + ("" if ratio is None else f"  (ratio {ratio:.3g})"))


if __name__ == "__main__":
    main()
