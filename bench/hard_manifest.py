"""The hard benchmark set, bench/hard/manifest.json: puzzle instances with known answers that CaDiCaL does
not solve within 60 CPU seconds.

For a source family and a puzzle, each given size is written by ``gadgetry bench-family [CHAIN] --source
FAMILY --to PUZZLE`` into ``bench/hard/{puzzle}-{family}-{size}/`` (``--chain``: the reductions to use,
default the shortest chain; ``--set KEY=VALUE``: a source parameter kept fixed, ``-KEYVALUE`` in the folder's
name; ``--per KEY=RATIO``: one at RATIO times the size, ``-KEYperRATIO``). Without ``--family``, the sources are the chain's source problem's own generator in ``--mode``
(default ``planted``: entering a chain below its blow-up, e.g. planted Hamiltonian cycles for triangle edge
matching), written by ``gadgetry bench-family CHAIN --mode MODE [--param PARAM]`` into
``bench/hard/{puzzle}-{source problem}-{mode}-{size}/`` (``--chain PUZZLE``: the puzzle's own generator,
e.g. Flow Free's planted boards, which no chain reaches) and CaDiCaL 1.9.5 (PySAT) runs on the puzzle's projected CNF in rounds of
``ROUND`` conflicts (PySAT cannot interrupt CaDiCaL; between rounds it keeps its learnt clauses) until it
answers or its CPU seconds pass ``--limit`` (CPU seconds, so that a loaded machine does not inflate them;
``--wall`` bounds the wall time of the whole solve). The first size CaDiCaL does not answer within the
limit is added to the manifest with exactly the keys of issue 15 (puzzle, file, cnf, command, sha256,
answer, how, solution, size, cadical_seconds: the CPU seconds CaDiCaL ran without an answer) and the
search stops; so is a size CaDiCaL answers only after the limit (within its first round, on a CNF so large
that a round of conflicts takes longer than the limit: the seconds it took are recorded). Smaller sizes are
reported (CPU seconds and conflicts) and their folders removed, and at the end the growth of CaDiCaL's
seconds and conflicts over the sizes answered within the limit is fitted (``2^(b n)`` by least squares on
log2, with R^2 and the degree of a log-log fit: ``hardness.fit``).
Beside CaDiCaL, every row has Kissat 4.0.4 (PySAT) on the puzzle's CNF and both solvers on the source's
CNF (the hardness kept is puzzle conflicts / source conflicts). PySAT's Kissat is not incremental and
exposes no statistics: it gets one solve, ended by a CPU limit (``RLIMIT_CPU``), and no conflict count.
``--measure`` runs the four solves on the manifest's entries again (writing an entry's CNF by its
command first when it is missing: the CNFs are not committed). CPU-heavy: run it under ``nice``, one at a
time.

    nice python bench/hard_manifest.py --puzzle letterboxed --family tseitin --sizes 30,40,50
        [--chain positive-nae3sat-from-3sat,letterboxed-from-positive-nae3sat] [--seed 0] [--limit 60]
        [--wall 1800] [--build-limit 3600] [--set density=134] [--per clauses=4.26]
    nice python bench/hard_manifest.py --puzzle witness --chain witness-broken-squares-from-grid-hamiltonian-cycle
        --param n --sizes 40,60 --set width=10 --set height=10
    nice python bench/hard_manifest.py --puzzle flowfree --chain flowfree --mode unsat --param rows
        --per cols=1 --per colours=0.5 --sizes 8,10,12,14,16,18,20,22 --limit 90
    nice python bench/hard_manifest.py --measure [--only pigeonhole] [--limit 60]
"""

from __future__ import annotations

import argparse
import hashlib
import math
import resource
import json
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from pysat.solvers import Solver

from gadgetry.campaign.bench_family import reduction_named
from gadgetry.core import LimitReached, registry
from gadgetry.core.files import write_output
from gadgetry.core.limits import run_limited
from hardness import fit

HARD = Path(__file__).resolve().parent / "hard"
#: Conflicts per round of CaDiCaL between two looks at its CPU seconds.
ROUND = 20_000


def solve(clauses: list[list[int]], solver: str, limit: float) -> tuple[bool | None, float, int | None]:
    """The solver's answer (None: no answer within ``limit`` CPU seconds), the CPU seconds of the solve and
    its conflicts (None for Kissat). CaDiCaL runs in rounds of :data:`ROUND` conflicts; Kissat in one solve
    that the kernel ends at the CPU limit (the caller sees the worker die: :func:`timed`)."""
    with Solver(name=solver, bootstrap_with=clauses) as s:
        start = time.process_time()
        if solver == "kissat404":
            cpu = math.ceil(start + limit)
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
            return s.solve(), time.process_time() - start, None
        answer = None
        while answer is None and time.process_time() - start < limit:
            s.conf_budget(ROUND)
            answer = s.solve_limited()
        return answer, time.process_time() - start, int(s.accum_stats()["conflicts"])


def clauses_of(path: Path) -> list[list[int]]:
    """The clauses of a DIMACS file this script wrote (PySAT's reader: a Kurodoko board of 90,000 cells has
    over the 10^7 clauses gadgetry's own parser accepts from users)."""
    from pysat.formula import CNF
    return CNF(from_file=str(path)).clauses


def source_clauses(meta: dict) -> list[list[int]]:
    """The CNF of the family's source instance recorded in the member's metadata."""
    src = registry.problem(meta["source_problem"])
    return [list(c) for c in src.encode(src.instance_from_json(meta["source"])).cnf.clauses]


def timed(load: object, arg: object, solver: str, limit: float, wall: float) -> str:
    """One solve in a worker, as a table cell: ``12.3 s, 4,567`` (CPU seconds, conflicts), ``> 60.2 s``
    when it ran out, ``> wall`` when the wall limit ended it first."""
    start = time.perf_counter()
    try:
        answer, secs, conflicts = run_limited(lambda: solve(load(arg), solver, limit), seconds=wall)
    except LimitReached:
        if time.perf_counter() - start >= wall:
            return f"> {wall:g} wall s"
        return f"> {limit:g} s"  # Kissat ended by its CPU limit
    shown = f"> {secs:.1f} s" if answer is None else f"{secs:.1f} s"
    return shown + ("" if conflicts is None else f", {conflicts:,}") + ("" if answer is None else f" ({'sat' if answer else 'unsat'})")


def others(cnf: Path, meta: dict, limit: float, wall: float) -> str:
    """Kissat on the puzzle's CNF, CaDiCaL and Kissat on the source's (none when the puzzle is its own
    source: ``--chain PUZZLE``)."""
    kissat = f"Kissat puzzle {timed(clauses_of, cnf, 'kissat404', limit, wall)}"
    if meta["reduction"] == meta["source_problem"]:
        return kissat
    return (f"{kissat}; source CaDiCaL {timed(source_clauses, meta, 'cadical195', limit, wall)}, "
            f"Kissat {timed(source_clauses, meta, 'kissat404', limit, wall)}")


def measure(only: str, limit: float, wall: float) -> None:
    """The four solves on each manifest entry whose file names ``only``, its CNF written by its command if
    missing."""
    for e in json.loads((HARD / "manifest.json").read_text()):
        if only not in e["file"]:
            continue
        if not (HARD / e["cnf"]).is_file():
            argv = shlex.split(e["command"])
            if subprocess.run([sys.executable, "-m", "gadgetry.cli", *argv[1:]], cwd=HARD,
                              stdout=subprocess.DEVNULL).returncode:
                sys.exit(f"{e['file']}: its command failed (gadgetry's message above)")
        meta = json.loads((HARD / e["file"]).with_suffix(".meta.json").read_text())
        print(f"{e['file']}: CaDiCaL puzzle {timed(clauses_of, HARD / e['cnf'], 'cadical195', limit, wall)}; "
              f"{others(HARD / e['cnf'], meta, limit, wall)}", flush=True)


def entry(puzzle: str, folder: str, stem: str, argv: list[str], meta: dict, seconds: float) -> dict:
    """The manifest's object for one instance: exactly the keys issue 15 lists."""
    file, solution = f"{folder}/{stem}.json", f"{folder}/{stem}.solution.json"
    return {"puzzle": puzzle, "file": file, "cnf": f"{folder}/{stem}.cnf", "command": shlex.join(argv),
            "sha256": hashlib.sha256((HARD / file).read_bytes()).hexdigest(),
            "answer": meta["expected_answer"], "how": meta["answer_known_by"],
            "solution": solution if (HARD / solution).is_file() else None,
            "size": meta["target_size"], "cadical_seconds": round(seconds, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzle")
    ap.add_argument("--family", help="a hard source family (without it: the chain's source generator, --mode)")
    ap.add_argument("--mode", default="planted", help="without --family: the source generator's mode")
    ap.add_argument("--param", help="without --family: the source parameter the sizes set")
    ap.add_argument("--chain", help="comma-separated reductions from the family's problem to the puzzle "
                                    "(default: the shortest chain); without --family, a puzzle's name: its "
                                    "own generator's instances")
    ap.add_argument("--sizes", help="source sizes to try, growing")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a source parameter kept fixed (bench-family's key=value; in the folder's name)")
    ap.add_argument("--per", action="append", default=[], metavar="KEY=RATIO",
                    help="a source parameter at RATIO times the size (bench-family's --per; in the folder's name)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=float, default=60.0, help="CPU seconds CaDiCaL gets per instance")
    ap.add_argument("--wall", type=float, default=1800.0, help="wall seconds of one solve at most")
    ap.add_argument("--build-limit", type=int, default=3600, help="seconds to build each instance")
    ap.add_argument("--measure", action="store_true", help="the four solves on the manifest's entries")
    ap.add_argument("--only", default="", help="with --measure: the entries whose file names this text")
    args = ap.parse_args()
    if args.measure:
        measure(args.only, args.limit, args.wall)
        return
    if not (args.puzzle and (args.family or args.chain) and args.sizes):
        ap.error("--puzzle, --family or --chain, and --sizes are needed (or --measure)")
    if args.family:
        label, source = args.family, ["--source", args.family]
    else:
        label = f"{reduction_named(args.chain).source}-{args.mode}"
        source = ["--mode", args.mode, *(["--param", args.param] if args.param else [])]
    manifest_path = HARD / "manifest.json"
    HARD.mkdir(exist_ok=True)
    manifest = json.loads(manifest_path.read_text()) if manifest_path.is_file() else []
    answered: list[tuple[int, float, int]] = []  # (size, CPU seconds, conflicts) of the sizes answered in time
    for size in (int(v) for v in args.sizes.split(",")):
        folder = f"{args.puzzle}-{label}-{size}" + "".join(f"-{kv.replace('=', '')}" for kv in args.set) + \
            "".join(f"-{kv.replace('=', 'per')}" for kv in args.per)
        argv = ["gadgetry", "bench-family", *([args.chain] if args.chain else []), *args.set,
                *(a for kv in args.per for a in ("--per", kv)),
                *source, "--to", args.puzzle, "--sizes", str(size), "--seed", str(args.seed),
                "--count-timeout", "1", "--timeout", str(args.build_limit), "-o", folder]
        start = time.perf_counter()
        # The gadgetry of this interpreter (the manifest records the plain command a user runs).
        if subprocess.run([sys.executable, "-m", "gadgetry.cli", *argv[1:]], cwd=HARD,
                          stdout=subprocess.DEVNULL).returncode:
            sys.exit(f"{args.puzzle} {label} size {size}: not built (gadgetry's message above)")
        built = time.perf_counter() - start
        index = json.loads((HARD / folder / "family.json").read_text())
        (member,) = index["members"]
        stem = member["stem"]
        meta = json.loads((HARD / folder / f"{stem}.meta.json").read_text())
        try:
            answer, secs, conflicts = run_limited(lambda: solve(clauses_of(HARD / folder / f"{stem}.cnf"),
                                                                "cadical195", args.limit), seconds=args.wall)
        except LimitReached:
            print(f"{args.puzzle} {label} size {size}: CaDiCaL not done within {args.wall:g} wall s: "
                  "raise --wall", flush=True)
            shutil.rmtree(HARD / folder)
            continue
        shown = f">{secs:.1f}" if answer is None else f"{secs:.1f}"
        print(f"{args.puzzle} {label} size {size}: {meta['target_size']}, CNF {meta['cnf']['variables']} "
              f"vars {meta['cnf']['clauses']} clauses, built in {built:.0f} s wall; CaDiCaL {shown} CPU s, "
              f"{conflicts} conflicts, answer {meta['expected_answer']}; "
              f"{others(HARD / folder / f'{stem}.cnf', meta, args.limit, args.wall)}", flush=True)
        if answer is not None and answer != (meta["expected_answer"] == "sat"):
            sys.exit(f"CaDiCaL says {answer}, the family says {meta['expected_answer']}: a bug")
        if answer is not None and secs < args.limit:
            answered.append((size, secs, conflicts))
            shutil.rmtree(HARD / folder)
            continue
        new = entry(args.puzzle, folder, stem, argv, meta, secs)
        manifest = [e for e in manifest if e["file"] != new["file"]] + [new]
        write_output(str(manifest_path), json.dumps(manifest, indent=1) + "\n")
        break
    sizes = [a[0] for a in answered]
    print(f"fitted on the {len(answered)} sizes answered within the limit ({args.param or 'size'} "
          f"{', '.join(map(str, sizes))}): CaDiCaL seconds {fit(sizes, [a[1] for a in answered])}, "
          f"conflicts {fit(sizes, [a[2] for a in answered])}")


if __name__ == "__main__":
    main()
