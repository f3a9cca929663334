"""The ``gadgetry`` command line: the only place that parses arguments or prints.

Exit status: 0 success, 1 a definite negative (invalid solution, failed verification), 2 bad input or
usage (one line on stderr, no traceback, no partial file), 3 unknown (a limit was reached), 4 an internal
error of gadgetry itself (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from gadgetry import __version__
from gadgetry.core import InputError, LimitReached, Problem
from gadgetry.core import registry
from gadgetry.core.envelope import (
    dumps,
    instance_document,
    open_envelope,
    parse_json,
    read_instance,
    read_solution,
    solution_document,
    write_atomic,
)
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import DEFAULT_SOLVER, check_solver_name
from gadgetry.verify.protocol import (
    ERROR,
    FAIL,
    PASS,
    UNKNOWN,
    Limits,
    VerifyReport,
    combine,
    counterexample_json,
    verify_reduction,
)
from gadgetry.verify.solve import count, solve

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_OF = {PASS: EXIT_OK, FAIL: EXIT_NEGATIVE, UNKNOWN: EXIT_UNKNOWN, ERROR: EXIT_INTERNAL}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise InputError(message)


# -- reading and writing ---------------------------------------------------------------------------
def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such file")
    try:
        return p.read_text()
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a text file") from None


def format_options(args: argparse.Namespace) -> dict[str, str]:
    """The format options given on the command line (``--words FILE`` is passed on as the file's text)."""
    options = {}
    if getattr(args, "words", None):
        options["words"] = _read_text(args.words)
    if getattr(args, "difficulty", None):
        options["difficulty"] = args.difficulty
    return options


def load_instance(path: str, problem_name: str | None = None,
                  options: dict[str, str] | None = None) -> tuple[Problem, Any, dict]:
    """An instance file: a JSON envelope, or any format a problem detects (DIMACS for the SAT family)."""
    text = _read_text(path)
    if not text.strip():
        raise InputError(f"{path}: empty input")
    if text.lstrip()[:1] in ("{", "["):
        name, body = open_envelope(parse_json(text, path), path)
        if problem_name is not None and problem_name != name:
            raise InputError(f"{path} holds a {name} instance, not {problem_name}")
        prob = registry.problem(name)
        return prob, read_instance(prob, body, path), parse_json(text, path)
    candidates = registry.problems().values()
    if problem_name is not None:
        candidates = [registry.problem(problem_name)]
    for prob in candidates:
        for fmt in prob.formats().values():
            if fmt.detect is not None and fmt.detect(text):
                if fmt.name == "dimacs" and problem_name is None:
                    from gadgetry.sources.sat import read_dimacs

                    prob, inst = read_dimacs(text)
                    return prob, inst, {}
                inst = fmt.read(text, options or {})
                prob.validate(inst)
                return prob, inst, {}
    raise InputError(f"{path}: neither a JSON instance nor a format any problem reads")


def emit(text: str, out: str | None) -> None:
    if out is None or out == "-":
        sys.stdout.write(text)
    else:
        write_atomic(out, text)


def _params(pairs: Sequence[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"expected key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


# -- commands --------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    items = [p.describe() for p in registry.problems().values()]
    items += [r.describe() for r in registry.reductions().values()]
    for it in items:
        it.setdefault("source", None)
        it.setdefault("target", None)
        it.setdefault("section", "")
        it.setdefault("claim", None)
    if args.json:
        print(json.dumps(items, indent=1))
        return EXIT_OK
    width = max(len(it["name"]) for it in items)
    print("problems:")
    for it in items:
        if it["kind"] == "problem":
            print(f"  {it['name']:<{width}}  {it['title']}")
    print("reductions:")
    for it in items:
        if it["kind"] == "reduction":
            cite = ", ".join(x for x in (it["paper"], it["section"], it.get("theorem", "")) if x)
            print(f"  {it['name']:<{width}}  {it['source']} -> {it['target']}  [{it['claim']}]  {cite}")
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    prob = registry.problem(args.problem)
    given = _params(args.params)
    if args.exhaustive:
        params = prob.resolve_params(given, exhaustive=True)
        lines = [dumps(instance_document(prob, inst, {"exhaustive": params, "index": i}))
                 for i, inst in enumerate(prob.exhaustive(params))]
        emit("".join(lines), args.output)
        return EXIT_OK
    mode = next((m for m in ("planted", "unsat", "unique") if getattr(args, m)), None)
    gen = prob.generate_seeded(given, args.seed, mode)
    meta: dict[str, Any] = {"seed": args.seed, "params": prob.resolve_params(given), "mode": mode,
                            "generator": f"gadgetry {__version__}"}
    if gen.planted is not None:
        meta["planted"] = prob.solution_to_json(gen.instance, gen.planted)
    meta.update(gen.meta)
    emit(dumps(instance_document(prob, gen.instance, meta)), args.output)
    return EXIT_OK


def cmd_reduce(args: argparse.Namespace) -> int:
    red = registry.reduction(args.reduction)
    prob, inst, _ = load_instance(args.file)
    if prob.name != red.source:
        raise InputError(f"{red.name} takes {red.source} instances, the input is {prob.name}")
    target = registry.problem(red.target)
    y = red.reduce(inst)
    target.validate(y)
    emit(dumps(instance_document(target, y, {"reduction": red.name, "from": prob.name})), args.output)
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file, args.problem, format_options(args))
    solver = args.solver if args.solver in prob.extra_solvers() else check_solver_name(args.solver)
    start = time.perf_counter()
    try:
        res = run_limited(solve, prob, inst, solver, seconds=args.timeout)
    except LimitReached as exc:
        out = {"problem": prob.name, "version": 1, "status": "unknown", "solution": None, "reason": str(exc)}
        print(json.dumps(out) if args.json else f"unknown ({exc})")
        return EXIT_UNKNOWN
    seconds = round(time.perf_counter() - start, 3)
    if res.status == "sat":
        verdict = prob.check(inst, res.solution)
        if not verdict:  # the encoding disagrees with the rule checker: a bug, never a silent answer
            raise RuntimeError(f"{prob.name}: the solver's solution fails the checker ({verdict})")
        doc = solution_document(prob, inst, res.solution)
    else:
        doc = {"problem": prob.name, "version": 1, "solution": None}
    doc.update(status=res.status, solver=solver, seconds=seconds)
    if args.json or args.output:
        emit(json.dumps(doc, sort_keys=True) + "\n", args.output)
    else:
        print(res.status)
        if res.solution is not None:
            print(json.dumps(doc["solution"]))
    return EXIT_OK


def cmd_count(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file, args.problem, format_options(args))
    try:
        res = run_limited(count, prob, inst, args.method, seconds=args.timeout)
    except LimitReached as exc:
        print(json.dumps({"count": None, "method": args.method, "status": "unknown", "reason": str(exc)})
              if args.json else f"unknown ({exc})")
        return EXIT_UNKNOWN
    doc = {"problem": prob.name, "count": res.count, "method": res.method, "solution": res.solution_is,
           "seconds": round(res.seconds, 3)}
    print(json.dumps(doc) if args.json else f"{res.count}  ({res.method}; one solution is {res.solution_is})")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file)
    doc = parse_json(_read_text(args.solution), args.solution)
    sol = read_solution(prob, inst, doc, args.solution)
    verdict = prob.check(inst, sol)
    print("valid" if verdict else f"invalid: {verdict}")
    return EXIT_OK if verdict else EXIT_NEGATIVE


def cmd_verify(args: argparse.Namespace) -> int:
    if args.all == bool(args.reduction):
        raise InputError("verify: give one REDUCTION or --all")
    if args.instances < 0:
        raise InputError("verify: --instances must be non-negative")
    reds = list(registry.reductions().values()) if args.all else [registry.reduction(args.reduction)]
    params = _params(args.params)
    if params and args.all:
        raise InputError("verify: key=value parameters need a single REDUCTION, not --all")
    if params:
        reds[0].source_problem.resolve_params(params)  # range-check before any work
    limits = Limits(seconds=args.timeout, cap=args.cap)
    reports = [verify_reduction(red, args.instances, args.seed, params or None, limits)
               for red in sorted(reds, key=lambda r: r.name)]
    overall = combine(rep.verdict for rep in reports)
    if args.json:
        print(json.dumps([rep.as_json() for rep in reports], default=str))
    else:
        _print_table(reports)
        print(f"overall: {overall}")
    return EXIT_OF[overall]


def _print_table(reports: list[VerifyReport]) -> None:
    w = max([len("reduction")] + [len(rep.reduction) for rep in reports])
    head = (f"{'reduction':<{w}} {'claim':<14} {'inst':>4} {'pass':>4} {'fail':>4} {'unkn':>4} {'small':>5} "
            f"{'gadgets':>7}  verdict   time")
    print(head)
    print("-" * len(head))
    for rep in reports:
        t = rep.tally()
        g = f"{sum(x.ok for x in rep.gadgets)}/{len(rep.gadgets)}" if rep.gadgets else "-"
        kind = rep.claim.split(" ")[0]
        print(f"{rep.reduction:<{w}} {kind:<14} {len(rep.instances):>4} {t[PASS]:>4} {t[FAIL]:>4} "
              f"{t[UNKNOWN]:>4} {rep.exhaustive:>5} {g:>7}  {rep.verdict:<8} {rep.seconds:6.1f}s")
    for rep in reports:
        if rep.error:
            print(f"  {rep.reduction}: internal error of gadgetry: {rep.error}")
        for g in rep.gadgets:
            for p in g.problems:
                print(f"  {rep.reduction}: gadget {g.gadget}: {p}")
        ce = rep.counterexample
        if ce is not None:
            print(f"  {rep.reduction}: FAIL {ce.failure}: {ce.detail}")
            print(f"    counterexample ({ce.label}, size {ce.size}): {counterexample_json(ce)}")
        for note in rep.notes:
            print(f"    {note}")
        covered = ", ".join(f"{k} {n}" for k, n in rep.coverage().items())
        if covered:
            print(f"  {rep.reduction}: covered {covered}")


def cmd_path(args: argparse.Namespace) -> int:
    chain = registry.path(args.source, args.target)
    if not chain:
        print(f"{args.source} is {args.target}: no reduction needed")
    else:
        print(",".join(r.name for r in chain))
    return EXIT_OK


def _format(prob: Problem, name: str):
    fmts = prob.formats()
    if name not in fmts:
        offered = ", ".join(sorted(fmts)) or "none"
        raise InputError(f"{prob.name} has no format {name!r} (formats: {offered})")
    return fmts[name]


def cmd_import(args: argparse.Namespace) -> int:
    owners = [p for p in registry.problems().values() if args.format in p.formats()]
    if args.problem:
        owners = [registry.problem(args.problem)]
    if not owners:
        raise InputError(f"no problem reads format {args.format!r}")
    text = _read_text(args.file)
    if args.format == "dimacs" and not args.problem:
        from gadgetry.sources.sat import read_dimacs

        prob, inst = read_dimacs(text)
    else:
        if len(owners) > 1:
            names = ", ".join(p.name for p in owners)
            raise InputError(f"format {args.format!r} is read by several problems ({names}): give --problem")
        prob = owners[0]
        inst = _format(prob, args.format).read(text, format_options(args))
        prob.validate(inst)
    emit(dumps(instance_document(prob, inst, {"imported": args.format})), args.output)
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file)
    emit(_format(prob, args.to).write(inst), args.output)
    return EXIT_OK


def cmd_render(args: argparse.Namespace) -> int:
    prob, inst, _ = load_instance(args.file)
    sol = None
    if args.solution:
        sol = read_solution(prob, inst, parse_json(_read_text(args.solution), args.solution), args.solution)
        verdict = prob.check(inst, sol)
        if not verdict:
            raise InputError(f"{args.solution}: not a solution ({verdict})")
    emit(prob.render_svg(inst, sol), args.output)
    return EXIT_OK


def cmd_campaign(args: argparse.Namespace) -> int:
    from gadgetry.campaign.progress import Progress
    from gadgetry.campaign.run import Settings, executor, open_campaign, run_campaign

    if args.all == bool(args.reduction):
        raise InputError("campaign: give REDUCTION... or --all")
    if args.workers is not None and args.workers < 1:
        raise InputError("campaign: --workers must be at least 1")
    names = sorted(registry.reductions()) if args.all else list(dict.fromkeys(args.reduction))
    reds = [registry.reduction(n) for n in names]
    settings = Settings(instances=args.instances, seed=args.seed, per_level=args.per_level, growth=args.growth,
                        budget=args.budget, seconds=args.timeout, memory_mb=args.memory, cap=args.cap,
                        plugins=tuple(str(Path(p).resolve()) for p in args.plugin))
    with open_campaign(args.db, settings, args.resume) as store, executor(args.scheduler, args.workers) as pool:
        summary = run_campaign(reds, store, settings, pool, Progress(len(reds) * settings.instances))
    by_red = summary.by_reduction()
    w = max([len("reduction")] + [len(n) for n in names])
    head = f"{'reduction':<{w}} {'inst':>4} {'pass':>4} {'fail':>4} {'unkn':>4} {'levels':>6}  verdict  sweep ended by"
    print(head)
    print("-" * len(head))
    for name in names:
        rows = by_red.get(name, [])
        t = {v: sum(r.verdict == v for r in rows) for v in (PASS, FAIL, UNKNOWN)}
        verdict = FAIL if t[FAIL] else UNKNOWN if t[UNKNOWN] or not rows else PASS
        levels = max((r.level for r in rows), default=-1) + 1
        print(f"{name:<{w}} {len(rows):>4} {t[PASS]:>4} {t[FAIL]:>4} {t[UNKNOWN]:>4} {levels:>6}  {verdict:<8} "
              f"{summary.stopped.get(name, '-')}")
    for row in summary.rows:
        if row.verdict == FAIL:
            ce = row.counterexample or {}
            print(f"  {row.reduction} #{row.idx}: FAIL {row.failure}: {row.detail}")
            print(f"    counterexample ({ce.get('label', '')}): {json.dumps(ce.get('source'), sort_keys=True)}")
    print(f"overall: {summary.verdict}")
    print(f"{len(summary.rows)} results in {args.db} ({summary.ran} run now, {summary.resumed} resumed)")
    return {PASS: EXIT_OK, FAIL: EXIT_NEGATIVE, UNKNOWN: EXIT_UNKNOWN}[summary.verdict]


def cmd_mutate(args: argparse.Namespace) -> int:
    from gadgetry.campaign.mutate import MutateSettings, document, markdown, mutate_reduction, table

    if args.all == bool(args.reduction):
        raise InputError("mutate: give REDUCTION... or --all")
    names = sorted(registry.reductions()) if args.all else list(dict.fromkeys(args.reduction))
    reds = [registry.reduction(n) for n in names]
    settings = MutateSettings(mutants=args.mutants, instances=args.instances, seed=args.seed, seconds=args.timeout,
                              cap=args.cap, budget=args.budget, memory_mb=args.memory)
    reports = []
    for red in reds:
        if not args.json:
            print(f"mutating {red.name} ...", file=sys.stderr, flush=True)
        reports.append(mutate_reduction(red, settings))
    doc = document(reports, settings)
    if args.output:
        write_atomic(args.output, json.dumps(doc, indent=1) + "\n")
    if args.markdown:
        write_atomic(args.markdown, markdown(reports))
    if args.json:
        print(json.dumps(doc))
    else:
        sys.stdout.write(table(reports))
    return EXIT_OK


def cmd_bench_family(args: argparse.Namespace) -> int:
    from gadgetry.campaign.bench_family import build_family

    red = registry.reduction(args.reduction)
    try:
        sizes = [int(v) for v in args.sizes.split(",") if v.strip()]
    except ValueError:
        raise InputError(f"bench-family: --sizes must be integers separated by commas, not {args.sizes!r}") from None
    if args.count_timeout <= 0:
        raise InputError("bench-family: --count-timeout must be positive")
    per = {}
    for key, value in _params(args.per).items():
        try:
            per[key] = float(value)
        except ValueError:
            raise InputError(f"bench-family: --per {key}={value!r}: the ratio is not a number") from None
        if not per[key] >= 0:
            raise InputError(f"bench-family: --per {key}={value}: the ratio must be non-negative")
    members = build_family(red, sizes, args.seed, args.output, args.param, _params(args.params), args.mode,
                           args.timeout, args.count_timeout, per)
    w = max(len(m.stem) for m in members)
    print(f"{'instance':<{w}} {'vars':>8} {'clauses':>9} {'answer':>7} {'source#':>8} {'puzzle#':>8}")
    for m in members:
        meta = m.meta
        counts = [("-" if c is None else str(c)) for c in (meta["source_count"], meta["target_count"])]
        print(f"{m.stem:<{w}} {meta['cnf']['variables']:>8} {meta['cnf']['clauses']:>9} {meta['expected_answer']:>7} "
              f"{counts[0]:>8} {counts[1]:>8}")
    print(f"{sum(len(m.files) for m in members) + 1} files in {args.output}")
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    from gadgetry.campaign.report import render

    emit(render(args.db), args.output)
    return EXIT_OK


def _add_format_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--words", metavar="FILE", help="word list (one word a line) for word-puzzle formats")
    p.add_argument("--difficulty", help="which puzzle of a daily file (e.g. NYT Pips: easy, medium, hard)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gadgetry", description="Executable hardness proofs: reduce, solve, count, verify.")
    parser.add_argument("--version", action="version", version=f"gadgetry {__version__}")
    parser.add_argument("--plugin", action="append", default=[], metavar="FILE.py",
                        help="load problems/reductions from a file defining PROBLEMS / REDUCTIONS")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="problems and reductions")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("generate", help="a seeded source instance")
    p.add_argument("problem")
    p.add_argument("params", nargs="*", metavar="key=value")
    p.add_argument("--seed", type=int, default=0)
    mode = p.add_mutually_exclusive_group()
    for m, text in (("planted", "satisfiable by construction, planted solution recorded"),
                    ("unsat", "proved unsatisfiable"), ("unique", "exactly one solution, proved by counting"),
                    ("exhaustive", "every instance up to the size (JSON lines)")):
        mode.add_argument(f"--{m}", action="store_true", help=text)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser("reduce", help="apply a reduction or a chain A,B,...")
    p.add_argument("reduction")
    p.add_argument("file", nargs="?", default="-")
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_reduce)

    for name, fn, text in (("solve", cmd_solve, "decide an instance"), ("count", cmd_count, "count solutions")):
        p = sub.add_parser(name, help=text)
        p.add_argument("file")
        p.add_argument("--json", action="store_true")
        p.add_argument("--problem", help="problem of a DIMACS file without a 'c problem' line")
        p.add_argument("--timeout", type=float, default=None, help="seconds; exit 3 (unknown) when reached")
        _add_format_options(p)
        if name == "solve":
            p.add_argument("--solver", default=DEFAULT_SOLVER,
                           help="a PySAT solver, or a problem's own algorithm (`gadgetry list --json` names them)")
            p.add_argument("-o", "--output")
        else:
            p.add_argument("--method", default="ganak",
                           help="ganak (default), enumeration, brute-force, or a problem's own counter")
        p.set_defaults(run=fn)

    p = sub.add_parser("check", help="check a solution with the problem's rule checker")
    p.add_argument("file")
    p.add_argument("solution")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("verify", help="run the verification protocol on a reduction")
    p.add_argument("reduction", nargs="?")
    p.add_argument("params", nargs="*", metavar="key=value")
    p.add_argument("--all", action="store_true")
    p.add_argument("--instances", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per instance (UNKNOWN when reached)")
    p.add_argument("--cap", type=int, default=2000, help="solutions mapped each way per instance")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("path", help="the chain of reductions from SOURCE to TARGET")
    p.add_argument("source")
    p.add_argument("target")
    p.set_defaults(run=cmd_path)

    p = sub.add_parser("import", help="read an interchange format into a JSON instance")
    p.add_argument("format")
    p.add_argument("file")
    p.add_argument("--problem")
    _add_format_options(p)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_import)

    p = sub.add_parser("export", help="write an instance in an interchange format")
    p.add_argument("file")
    p.add_argument("--to", required=True)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("render", help="an SVG picture of a puzzle, with a solution drawn in if given")
    p.add_argument("file")
    p.add_argument("solution", nargs="?")
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("campaign", help="the verification protocol over a sweep of generated instances, "
                                        "stored in SQLite, resumable")
    p.add_argument("reduction", nargs="*")
    p.add_argument("--all", action="store_true")
    p.add_argument("--instances", type=int, default=30, help="instances per reduction, at most (default 30)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--db", default="campaign.sqlite", help="SQLite file (default campaign.sqlite)")
    p.add_argument("--resume", action="store_true", help="continue the campaign stored in --db")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask cluster (dask[distributed])")
    p.add_argument("--workers", type=int, help="local worker processes (default: all cores)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per instance (UNKNOWN when reached)")
    p.add_argument("--memory", type=int, default=4096, help="MB of address space per instance (UNKNOWN when reached)")
    p.add_argument("--budget", type=float, default=600.0,
                   help="instance seconds per reduction after which its sizes stop growing")
    p.add_argument("--per-level", type=int, default=3, help="instances per size level")
    p.add_argument("--growth", type=float, default=1.5, help="size factor from one level to the next")
    p.add_argument("--cap", type=int, default=2000, help="solutions mapped each way per instance")
    p.set_defaults(run=cmd_campaign)

    p = sub.add_parser("mutate", help="mutation testing of the verifier: small changes to a reduction's output, "
                                      "killed by the protocol or surviving")
    p.add_argument("reduction", nargs="*")
    p.add_argument("--all", action="store_true")
    p.add_argument("--mutants", type=int, default=30, help="mutants drawn per reduction (default 30)")
    p.add_argument("--instances", type=int, default=6, help="instances of the bounded campaign (default 6)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timeout", type=float, default=20.0, help="seconds per check of a mutant on an instance")
    p.add_argument("--memory", type=int, default=4096, help="MB of address space per check")
    p.add_argument("--cap", type=int, default=200, help="solutions mapped each way per instance")
    p.add_argument("--budget", type=float, default=300.0,
                   help="seconds per reduction; mutants not started by then stay untested")
    p.add_argument("--json", action="store_true", help="print the JSON report instead of the table")
    p.add_argument("-o", "--output", help="write the JSON report to this file")
    p.add_argument("--markdown", metavar="FILE", help="write the detection-rate table (Markdown) to this file")
    p.set_defaults(run=cmd_mutate)

    p = sub.add_parser("bench-family", help="benchmark instances of a reduction at growing sizes: puzzle JSON and "
                                            "formats, CNF with projection, metadata")
    p.add_argument("reduction")
    p.add_argument("params", nargs="*", metavar="key=value", help="source parameters kept fixed")
    p.add_argument("--sizes", required=True, help="values of the size parameter, e.g. 10,20,40")
    p.add_argument("--param", help="the source parameter the sizes set (default: the first of the verify sizes)")
    p.add_argument("--per", action="append", default=[], metavar="KEY=RATIO",
                   help="set parameter KEY to RATIO times the size (e.g. clauses=4.26)")
    p.add_argument("--mode", help="source generator mode: planted (default when offered), unsat, unique, random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to generate and to reduce each size")
    p.add_argument("--count-timeout", type=float, default=30.0, help="seconds for each exact count")
    p.add_argument("-o", "--output", required=True, metavar="DIR")
    p.set_defaults(run=cmd_bench_family)

    p = sub.add_parser("report", help="a self-contained HTML report of a campaign database")
    p.add_argument("db")
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_report)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        # key=value parameters may follow options (argparse stops filling a '*' positional at the first
        # option): collect them here.
        stray = [a for a in extra if a.startswith("-") or "=" not in a or not hasattr(args, "params")]
        if stray:
            parser.error(f"unrecognized arguments: {' '.join(stray)}")
        if extra:
            args.params = [*args.params, *extra]
        for plugin in args.plugin:
            registry.load_plugin(plugin)
        if getattr(args, "timeout", None) is not None and args.timeout <= 0:
            raise InputError("--timeout must be positive")
        return args.run(args)
    except InputError as exc:
        print(f"gadgetry: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except LimitReached as exc:
        print(f"gadgetry: unknown: {exc}", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # noqa: BLE001 - a bug of gadgetry: one line and its own exit status
        print(f"gadgetry: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
