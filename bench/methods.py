"""Every counting method side by side, against an independent baseline, in one run.

On NYT-style puzzles (the Pips puzzles of tests/data, a real NYT Letter Boxed box with a word list) and on
seeded generated instances of the problems whose default is not Ganak, each method of ``gadgetry count``
(Ganak, enumeration by blocking clauses, the portfolio, the problem's own counters) is timed in a child
process under ``--seconds``, next to the problem's brute-force enumerator (independent of the encoding:
the baseline). Every finished count must equal the baseline's; the table gives each method's time and its
ratio to the baseline (``>`` where the time limit was reached), and marks with ``*`` the method ``auto``
picks for the instance.

    python bench/methods.py [--seconds 60] [--words /usr/share/dict/words]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from gadgetry.core import LimitReached, Problem, registry
from gadgetry.core.envelope import read_any
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.letterboxed import read_nyt
from gadgetry.verify.solve import AUTO, count, count_methods

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
BASELINE = "brute-force"

#: Generated instances: problem, generator parameters, seed, mode.
GENERATED = [
    ("pips", {"dominoes": 8, "max": 3}, 2, None),
    ("pips", {"dominoes": 12, "max": 4}, 0, None),
    ("letterboxed", {"sides": 4, "n": 3, "alphabet": 8, "words": 200, "length": 6, "k": 3}, 0, None),
    ("hamiltonian-cycle", {"n": 16, "edges": 40}, 0, None),
    ("hamiltonian-cycle", {"family": 1, "width": 6, "height": 6, "n": 36}, 0, None),
    ("subset-sum", {"items": 20, "max": 50}, 0, None),
    ("edge-matching", {"rows": 1, "cols": 10, "colours": 3}, 0, None),
    ("edge-matching", {"rows": 3, "cols": 3, "colours": 3}, 0, None),
]


def instances(words: str | None) -> list[tuple[str, Problem, Any]]:
    out = []
    for path in sorted((DATA / "pips").glob("*.json")):
        text = path.read_text()
        for difficulty in ("easy", "medium", "hard"):
            try:
                prob, inst = read_any(text, path.name, "pips", {"difficulty": difficulty})
            except Exception:  # noqa: BLE001 - a single-puzzle file has no difficulties
                prob, inst = read_any(text, path.name, "pips")
                out.append((f"tests/data/pips/{path.name}", prob, inst))
                break
            out.append((f"tests/data/pips/{path.name} {difficulty}", prob, inst))
    if words and Path(words).is_file():
        box = "tia-uwl-ybd-omr 2"
        out.append((f"NYT Letter Boxed {box}", registry.problem("letterboxed"),
                    read_nyt(box, {"words": Path(words).read_text(errors="replace")})))
    for name, params, seed, mode in GENERATED:
        prob = registry.problem(name)
        shown = " ".join(f"{k}={v}" for k, v in params.items())
        out.append((f"{name} {shown} seed {seed}", prob, prob.generate_seeded(params, seed, mode).instance))
    return out


def timed(prob: Problem, inst: Any, method: str, seconds: float) -> tuple[int | None, float]:
    start = time.perf_counter()
    try:
        n = run_limited(count, prob, inst, method, seconds=seconds).count
    except LimitReached:
        n = None
    return n, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="time limit of one method on one instance")
    ap.add_argument("--words", default="/usr/share/dict/words")
    args = ap.parse_args()
    for label, prob, inst in instances(args.words):
        picked = prob.counting_method(inst)
        base, tb = timed(prob, inst, BASELINE, args.seconds)
        print(f"{label}: {prob.size(inst)}; {BASELINE} (baseline) "
              + (f"{base} in {tb:.2f} s" if base is not None else f"> {args.seconds:g} s"), flush=True)
        for method in count_methods(prob):
            if method in (AUTO, BASELINE):
                continue
            n, t = timed(prob, inst, method, args.seconds)
            if n is not None and base is not None:
                assert n == base, f"{label}: {method} counts {n}, {BASELINE} {base}"
            shown = f"{t:8.2f} s" if n is not None else f"{'>' + format(args.seconds, 'g'):>8} s"
            ratio = ("" if base is None else f"{'>' if n is None else ''}{t / tb:.2f}" if tb else "")
            mark = "*" if method == picked else " "
            print(f"   {mark} {method:16} {shown}   /baseline {ratio:>8}   count {n if n is not None else '?'}",
                  flush=True)


if __name__ == "__main__":
    main()
