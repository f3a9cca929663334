"""``gadgetry solve``: decide an instance with a SAT solver or a problem's own algorithm."""

from __future__ import annotations

import argparse
import json
import time

from gadgetry.core.envelope import solution_document
from gadgetry.core.sat import check_solver_name
from gadgetry.verify.solve import AUTO, solve

from .common import EXIT_OK, add_input_options, add_limits, emit, load_instance, print_unknown


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="decide an instance")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    add_limits(p)
    add_input_options(p)
    p.add_argument("--solver", default=AUTO,
                   help="auto (default: the fastest exact method for the instance), a PySAT solver, or a "
                        "problem's own algorithm (`gadgetry list --json` names them)")
    p.add_argument("-o", "--output")
    p.set_defaults(run=run, on_limit=print_unknown)


def run(args: argparse.Namespace) -> int:
    prob, inst = load_instance(args, args.file)
    solver = prob.solving_method(inst) if args.solver == AUTO else args.solver
    if solver not in prob.extra_solvers():
        check_solver_name(solver)
    start = time.perf_counter()
    res = solve(prob, inst, solver)
    seconds = round(time.perf_counter() - start, 3)
    if res.status == "sat":
        verdict = prob.check(inst, res.solution)
        if not verdict:  # the encoding disagrees with the rule checker: a bug, never a silent answer
            raise RuntimeError(f"{prob.name}: the solver's solution fails the checker ({verdict})")
        doc = solution_document(prob, inst, res.solution)
    else:
        doc = {"problem": prob.name, "version": 1, "solution": None}
    doc.update(status=res.status, solver=solver, seconds=seconds)
    if args.json or args.output is not None:
        emit(json.dumps(doc, sort_keys=True) + "\n", args.output, args.file)
    else:
        print(res.status)
        if res.solution is not None:
            print(json.dumps(doc["solution"]))
    return EXIT_OK
