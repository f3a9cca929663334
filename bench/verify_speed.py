"""CPU seconds of ``verify`` per reduction at the test suite's sample sizes (tests/test_verify_all.py's
quick run: 200 instances, fewer for the reductions it lists as costly), the sources of this checkout side
by side with those of git revision ``--baseline`` (exported as bench/startup.py does), interleaved per
reduction so that load on a shared machine hits both alike; the ratio is this checkout / baseline. CPU
time includes the forked workers verify runs instances in (what load disturbs least), wall time is shown
for reference. The reductions a round of suite speed-ups touched are timed with ``--only``.

    python bench/verify_speed.py --baseline 76eefaf [--only NAME ...] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from startup import ROOT, export  # noqa: E402  (bench/startup.py: a revision's sources, compiled)
from test_verify_all import COSTLY  # noqa: E402

#: One verify in a fresh interpreter: its verdict and the CPU seconds of the process and its children.
PROGRAM = """
import json, resource, sys, time
from gadgetry.core.registry import reduction
from gadgetry.verify.protocol import Limits, verify_reduction
name, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
start = time.perf_counter()
rep = verify_reduction(reduction(name), instances=n, seed=seed, limits=Limits(seconds=120))
cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
          for f in ("ru_utime", "ru_stime"))
print(json.dumps({"verdict": rep.verdict, "cpu": cpu, "wall": time.perf_counter() - start}))
"""


def run(env: dict[str, str], name: str, n: int, seed: int) -> dict[str, float | str]:
    out = subprocess.run([sys.executable, "-c", PROGRAM, name, str(n), str(seed)], env=env, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, metavar="REV")
    ap.add_argument("--only", nargs="*", help="reduction names (default: every registered one)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    here = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    from gadgetry.core.registry import reductions

    names = args.only or sorted(reductions())
    with tempfile.TemporaryDirectory() as tmp:
        base = {**os.environ, "PYTHONPATH": str(export(args.baseline, Path(tmp)))}
        print(f"{'reduction':<62} {'inst':>4} {'base cpu':>8} {'cpu':>7} {'ratio':>6} {'base wall':>9} {'wall':>7}")
        totals = [0.0, 0.0]
        for name in names:
            n = COSTLY.get(name, (200,))[0]
            b, h = run(base, name, n, args.seed), run(here, name, n, args.seed)
            totals[0] += float(b["cpu"])
            totals[1] += float(h["cpu"])
            flag = "" if b["verdict"] == h["verdict"] else f"  verdicts {b['verdict']} / {h['verdict']}"
            print(f"{name:<62} {n:>4} {b['cpu']:8.2f} {h['cpu']:7.2f} {float(h['cpu']) / float(b['cpu']):6.2f} "
                  f"{b['wall']:9.2f} {h['wall']:7.2f}{flag}", flush=True)
        print(f"{'total':<62} {'':>4} {totals[0]:8.2f} {totals[1]:7.2f} {totals[1] / max(totals[0], 1e-9):6.2f}")


if __name__ == "__main__":
    main()
