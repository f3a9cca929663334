"""Every mutant a ``gadgetry mutate`` report did not kill (equivalent, survived, undecided), run again
on the campaign's instances and on the smallest sources of the source's exhaustive set: an *equivalent*
mutant keeps its name only if its target's solution sets equal the original's on every one of them; a
survivor is either killed there (the instance is shown) or stays a gap.

    python bench/mutant_survivors.py REPORT.json... [--small 40]

(``REPORT.json`` from ``gadgetry mutate ... -o REPORT.json``; its settings are reused.)
"""

from __future__ import annotations

import argparse
import json

from gadgetry.campaign.mutate import (
    KILLED,
    MutantResult,
    MutateSettings,
    Mutation,
    campaign_cases,
    run_mutant,
    small_cases,
)
from gadgetry.core.registry import reduction


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--small", type=int, default=40, help="smallest exhaustive sources per reduction")
    args = ap.parse_args()
    print(f"{'reduction':<58} {'mutant':<48} {'before':<10} {'after':<10} cases  where")
    for path in args.reports:
        with open(path) as f:
            doc = json.load(f)
        s = MutateSettings(**doc["settings"])
        for entry in doc["reductions"]:
            todo = [m for m in entry["mutants"] if m["semantic"] not in (KILLED, "untested")]
            if not todo:
                continue
            red = reduction(entry["reduction"])
            cases = campaign_cases(red, s) + small_cases(red, s, max(args.small, s.small))
            used = sum(c.baseline == "PASS" for c in cases)
            for old in todo:
                m = MutantResult(Mutation.from_json(old["mutation"]), old["description"])
                run_mutant(red, m, cases, s)
                where = f"{m.instance}: {m.failure or ''} {m.detail}".strip() if m.semantic != "equivalent" else ""
                print(f"{red.name:<58} {m.description[:48]:<48} {old['semantic']:<10} {m.semantic:<10} "
                      f"{m.tried:>2}/{used:<3} {where[:160]}", flush=True)


if __name__ == "__main__":
    main()
