"""Pips' sum constraints (sum, less, greater regions) encoded several ways: size and CaDiCaL's time.

A region's sum is taken either over the cells' value variables (``values``: one literal per cell and
value, weighted by the value) or over the binary digits of each cell's value (``bits``: a few literals per
cell, weighted 2^j; ``pips.value_bits``), then encoded by one of PySAT's pseudo-Boolean encodings
(``pysat.pb``, 64-bit totals only) or by gadgetry's own adder circuit (``circuit``: ``CNF._sum_bits``,
any size). Instances: the NYT fixtures, generated boards (``--dominoes``, planted and random), and the
subset-sum chain's boards (``--chain-sizes``: pigeonhole through Theorem 17, numbers of hundreds of bits,
where only the circuit applies; ``--chain-hidden``: q-hidden 3SAT with one clause, 51-bit numbers at 3
variables, where PySAT's encodings apply too). For each: variables, clauses, encoding seconds, CaDiCaL 1.9.5's CPU
seconds and conflicts (``--limit`` CPU seconds, rounds of 20,000 conflicts), and Ganak's count seconds on
the small ones (``--count-limit``). CPU-heavy: run it under ``nice``.

    nice python bench/pips_sum_encodings.py [--dominoes 20,30] [--seeds 3] [--chain-sizes 2] [--chain-hidden 3]
        [--limit 60] [--only bits/]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from pysat.solvers import Solver

from gadgetry.core import LimitReached, cnf as cnf_module, registry
from gadgetry.core.limits import run_limited
from gadgetry.puzzles import pips
from gadgetry.sources.families import family

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "pips"
CHAIN = "3sat-from-sat,3dm-from-3sat,x3c-from-3dm,subset-sum-from-x3c,pips-from-subset-sum"
PB_KINDS = ("adder", "binmerge", "bdd", "seqcounter", "sortnetwrk", "totalizer", "mixedradix")
VARIANTS = [(digits, kind) for digits in ("values", "bits") for kind in (*PB_KINDS, "circuit")]


def encode(inst: pips.PipsInstance, digits: str, kind: str):
    """The puzzle's CNF with its sums encoded as the variant says, and the encoding's seconds."""
    saved = pips.SUM_ENCODING, cnf_module.PB_ENCODING, cnf_module.PB_TOTAL_LIMIT
    pips.SUM_ENCODING = digits
    if kind == "circuit":
        cnf_module.PB_TOTAL_LIMIT = 0
    else:
        cnf_module.PB_ENCODING = kind
    try:
        start = time.process_time()
        cnf = pips.Pips().encode(inst).cnf
        return cnf, time.process_time() - start
    finally:
        pips.SUM_ENCODING, cnf_module.PB_ENCODING, cnf_module.PB_TOTAL_LIMIT = saved


def cadical(clauses: list[list[int]], limit: float) -> tuple[bool | None, float, int]:
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        start, answer = time.process_time(), None
        while answer is None and time.process_time() - start < limit:
            s.conf_budget(20_000)
            answer = s.solve_limited()
        return answer, time.process_time() - start, int(s.accum_stats()["conflicts"])


def ganak_seconds(cnf, limit: float) -> str:
    from gadgetry.core.sat import count_cnf

    start = time.perf_counter()
    try:
        n = run_limited(count_cnf, cnf, seconds=limit)
    except LimitReached:
        return f"> {limit:g} s"
    return f"{time.perf_counter() - start:.2f} s ({n})"


def row(inst: pips.PipsInstance, digits: str, kind: str, limit: float, count_limit: float) -> str:
    """One table row's measured cells (in a worker: an encoding may blow up)."""
    cnf, secs = encode(inst, digits, kind)
    answer, cpu, conflicts = cadical(cnf.clauses, limit)
    shown = f"{'>' if answer is None else ''}{cpu:.2f} s, {conflicts:,}" + (
        "" if answer is None else f" ({'sat' if answer else 'unsat'})")
    counted = ganak_seconds(cnf, count_limit) if count_limit else ""
    return f"{cnf.nvars:,} | {len(cnf.clauses):,} | {secs:.2f} | {shown} | {counted} |"


def instances(args: argparse.Namespace):
    daily = json.loads((DATA / "daily.json").read_text())
    for level in pips.DIFFICULTIES:
        yield f"NYT {level}", pips.read_nyt(json.dumps(daily), {"difficulty": level}), True
    for n in (int(v) for v in args.dominoes.split(",") if v):
        for seed in range(args.seeds):
            for exact in (True, False):
                inst, _ = pips.random_instance(n, 6, random.Random(seed), exact)
                yield f"{'planted' if exact else 'random'} {n} dominoes, seed {seed}", inst, n <= 12
    red, fam = registry.reduction(CHAIN), family("pigeonhole")
    for p in (int(v) for v in args.chain_sizes.split(",") if v):
        yield f"chain pigeonhole {p}", red.reduce(fam.generate({"pigeons": p}, 0).instance), False
    red, fam = registry.reduction(CHAIN.split(",", 1)[1]), family("q-hidden")
    for v in (int(v) for v in args.chain_hidden.split(",") if v):  # one clause: values of 51 bits at v = 3
        yield f"chain q-hidden {v}, 1 clause", red.reduce(fam.generate({"variables": v, "density": 100 // v + 1},
                                                                        0).instance), False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dominoes", default="12,30")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--chain-sizes", default="2", help="pigeonhole sizes through the subset-sum chain")
    ap.add_argument("--chain-hidden", default="3", help="q-hidden variables (one clause) through the chain")
    ap.add_argument("--encode-limit", type=float, default=60.0, help="wall seconds to encode, beyond the solves")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--count-limit", type=float, default=30.0)
    ap.add_argument("--only", default="", help="variants whose name (digits/kind) holds this text")
    args = ap.parse_args()
    print("| instance | variant | vars | clauses | encode s | CaDiCaL | Ganak |")
    print("|---|---|---:|---:|---:|---|---|")
    for name, inst, count in instances(args):
        big = max(v for d in inst.dominoes for v in d) * len(inst.dominoes) > cnf_module.PB_TOTAL_LIMIT
        for digits, kind in VARIANTS:
            if (big and kind != "circuit") or args.only not in f"{digits}/{kind}":
                continue
            try:
                cells = run_limited(row, inst, digits, kind, args.limit, args.count_limit if count else 0,
                                    seconds=args.limit + args.count_limit + args.encode_limit)
            except LimitReached:
                cells = f"> {args.encode_limit:g} s to encode | | | | |"
            except RuntimeError as exc:  # PySAT's pindakaas gives up on some (out of variables)
                cells = f"failed: {str(exc).strip().splitlines()[-1][:60]} | | | | |"
            print(f"| {name} | {digits}/{kind} | {cells}", flush=True)


if __name__ == "__main__":
    main()
