"""The hard benchmark set, bench/hard/manifest.json: puzzle instances with known answers that CaDiCaL does
not solve within 60 s.

For a source family and a puzzle, each given size is written by ``gadgetry bench-family --source FAMILY
--to PUZZLE`` into ``bench/hard/{puzzle}-{family}-{size}/`` and CaDiCaL 1.9.5 (PySAT) is timed on the
puzzle's projected CNF (CPU seconds of the solve, so that a loaded machine does not inflate them) under
``--limit`` seconds of wall time; an instance it does not solve within 60 s is added to
the manifest (one object per instance: puzzle, file, cnf, command, sha256, answer, how, solution, size,
cadical_seconds, a lower bound when ``cadical_solved`` is false: the limit was reached), and the search stops at the first
such size. Smaller sizes CaDiCaL solves are reported and their folders removed. CPU-heavy: run it under
``nice``.

    nice python bench/hard_manifest.py --puzzle letterboxed --family quiet-nae --sizes 250,300,350 [--seed 0]
                                       [--limit 600] [--build-limit 3600]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from pysat.solvers import Solver

from gadgetry.core import LimitReached, parse_dimacs
from gadgetry.core.files import write_output
from gadgetry.core.limits import run_limited

HARD = Path(__file__).resolve().parent / "hard"
THRESHOLD = 60.0


def cadical(path: Path) -> tuple[bool, float]:
    """CaDiCaL's answer on the DIMACS file and the CPU seconds of the solve (not of reading the file)."""
    _nvars, clauses, _comments, _projection = parse_dimacs(path.read_text())
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        start = time.process_time()
        answer = bool(s.solve())
        return answer, time.process_time() - start


def seconds_for(path: Path, limit: float) -> tuple[float, bool | None]:
    """CaDiCaL's CPU seconds on the DIMACS file and its answer; (limit, None) when ``limit`` seconds of wall
    time pass first (a lower bound on a loaded machine)."""
    try:
        answer, seconds = run_limited(cadical, path, seconds=limit)
    except LimitReached:
        return limit, None
    return seconds, answer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzle", required=True)
    ap.add_argument("--family", required=True)
    ap.add_argument("--sizes", required=True, help="source sizes to try, growing")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=float, default=600.0, help="seconds CaDiCaL gets per instance")
    ap.add_argument("--build-limit", type=int, default=3600, help="seconds to build each instance")
    args = ap.parse_args()
    manifest_path = HARD / "manifest.json"
    HARD.mkdir(exist_ok=True)
    manifest = json.loads(manifest_path.read_text()) if manifest_path.is_file() else []
    for size in (int(v) for v in args.sizes.split(",")):
        folder = f"{args.puzzle}-{args.family}-{size}"
        argv = ["gadgetry", "bench-family", "--source", args.family, "--to", args.puzzle, "--sizes", str(size),
                "--seed", str(args.seed), "--count-timeout", "1", "--timeout", str(args.build_limit), "-o", folder]
        # The gadgetry of this interpreter (the manifest records the plain command a user runs).
        subprocess.run([sys.executable, "-m", "gadgetry.cli", *argv[1:]], cwd=HARD, check=True,
                       stdout=subprocess.DEVNULL)
        index = json.loads((HARD / folder / "family.json").read_text())
        (member,) = index["members"]
        stem = member["stem"]
        meta = json.loads((HARD / folder / f"{stem}.meta.json").read_text())
        secs, answer = seconds_for(HARD / folder / f"{stem}.cnf", args.limit)
        shown = f">{secs:.0f}" if answer is None else f"{secs:.1f}"
        print(f"{args.puzzle} {args.family} size {size}: CaDiCaL {shown} s, answer {meta['expected_answer']}",
              flush=True)
        if answer is not None and answer != (meta["expected_answer"] == "sat"):
            sys.exit(f"CaDiCaL says {answer}, the family says {meta['expected_answer']}: a bug")
        if secs < THRESHOLD:
            shutil.rmtree(HARD / folder)
            continue
        file = f"{folder}/{stem}.json"
        solution = f"{folder}/{stem}.solution.json"
        manifest = [e for e in manifest if e["file"] != file] + [{
            "puzzle": args.puzzle, "file": file, "cnf": f"{folder}/{stem}.cnf", "command": shlex.join(argv),
            "sha256": hashlib.sha256((HARD / file).read_bytes()).hexdigest(),
            "answer": meta["expected_answer"], "how": meta["answer_known_by"],
            "solution": solution if (HARD / solution).is_file() else None,
            "size": meta["target_size"], "source_size": meta["source_size"],
            "cadical_seconds": round(secs, 1), "cadical_solved": answer is not None}]
        write_output(str(manifest_path), json.dumps(manifest, indent=1) + "\n")
        break


if __name__ == "__main__":
    main()
