"""Every mutant a ``gadgetry mutate`` report did not kill (equivalent, survived, undecided), run again
on the campaign's instances and on the smallest sources of the source's exhaustive set: an *equivalent*
mutant keeps its name only if its target's solution sets equal the original's on every one of them; a
survivor is either killed there (the instance is shown) or stays a gap. Each mutant still not killed is
then verified as a reduction of its own (:class:`gadgetry.campaign.mutate.Mutated`) with ``verify``'s
default sample (``--instances``, seed 1): the last column says whether ``verify`` finds it.

    python bench/mutant_survivors.py REPORT.json... [--small 40] [--timeout S] [--only survived,undecided]
        [--instances 20]

(``REPORT.json`` from ``gadgetry mutate ... -o REPORT.json``; its settings are reused, the time per check
of a mutant on an instance can be raised.)
"""

from __future__ import annotations

import argparse
import json

from gadgetry.campaign.mutate import (
    KILLED,
    Mutated,
    MutantResult,
    MutateSettings,
    Mutation,
    campaign_cases,
    run_mutant,
    small_cases,
)
from gadgetry.core.registry import reduction
from gadgetry.verify.protocol import Limits, verify_reduction


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--small", type=int, default=40, help="smallest exhaustive sources per reduction")
    ap.add_argument("--timeout", type=float, help="seconds per check (default: the report's)")
    ap.add_argument("--only", default="equivalent,survived,undecided", help="the statuses re-run")
    ap.add_argument("--instances", type=int, default=20, help="verify's sample for each mutant not killed")
    args = ap.parse_args()
    print(f"{'reduction':<58} {'mutant':<48} {'before':<10} {'after':<10} cases  verify   where")
    for path in args.reports:
        with open(path) as f:
            doc = json.load(f)
        s = MutateSettings(**{**doc["settings"], **({"seconds": args.timeout} if args.timeout else {})})
        for entry in doc["reductions"]:
            todo = [m for m in entry["mutants"] if m["semantic"] in args.only.split(",")]
            if not todo:
                continue
            red = reduction(entry["reduction"])
            cases = campaign_cases(red, s) + small_cases(red, s, max(args.small, s.small))
            used = sum(c.baseline == "PASS" for c in cases)
            for old in todo:
                m = MutantResult(Mutation.from_json(old["mutation"]), old["description"])
                run_mutant(red, m, cases, s)
                where = f"{m.instance}: {m.failure or ''} {m.detail}".strip() if m.semantic != "equivalent" else ""
                verdict = "-"
                if m.semantic != KILLED:
                    rep = verify_reduction(Mutated(red, m.mutation), args.instances, 1,
                                           limits=Limits(seconds=s.seconds, shrink_seconds=10))
                    verdict = rep.verdict
                    if rep.counterexample is not None:
                        ce = rep.counterexample
                        where = f"verify: {ce.label}: {ce.failure} {ce.detail}"
                print(f"{red.name:<58} {m.description[:48]:<48} {old['semantic']:<10} {m.semantic:<10} "
                      f"{m.tried:>2}/{used:<3} {verdict:<8} {where[:160]}", flush=True)


if __name__ == "__main__":
    main()
