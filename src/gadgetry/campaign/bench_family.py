"""Benchmark families: a reduction's puzzle instances at growing sizes, for solver developers.

For each size the family holds, named ``{reduction}-{param}{size}`` (``{family}-to-{puzzle}-{param}{size}``
for a hard source family of :mod:`gadgetry.sources.families` pushed through a chain):

- ``.json``: the puzzle instance (a gadgetry envelope) and ``.{format}``: the same instance in each of the
  puzzle's own interchange formats (``Problem.formats``), when it can be written there (a format that
  carries a solution, NYT Pips', gets the planted solution's image, or none: the puzzle is never solved);
- ``.cnf``: the puzzle's CNF encoding in DIMACS, with the projection as ``c p show ... 0`` and
  ``c ind ... 0`` lines (the variables identifying a solution: projected counts count solutions);
- ``.meta.json``: the source instance and its parameters, seed and generator mode, the planted source
  solution and its image under the reduction's forward map (a puzzle solution, checked by the puzzle's
  checker), the expected answer (``sat`` / ``unsat`` / ``unknown``) and how it is known, and the known
  counts: the source's (Ganak), the target's as the reduction's claim predicts it, and the target's as
  Ganak counts it on the CNF (each ``null`` when its time limit was reached); for a source family, the
  family and its answer (planted, proved, or decided under a budget) and, for ``unsat``, why the chain
  keeps it;
- ``.solution.json``: the planted solution's image, a puzzle solution ``gadgetry check`` accepts.

``family.json`` indexes the sizes. A problem named instead of a reduction (:func:`reduction_named`) is its
own family: its generator's instances, written as they are (the identity, :class:`Itself`), e.g. Flow
Free's boards, which no chain from a hard source family reaches. The family is written into a hidden
folder next to ``out`` and renamed to ``out`` once complete, so that no family is ever seen without its
index (a previous family there is replaced; any other non-empty folder is refused). Sizes are values of one
generator parameter of the source (``param``, by default the first parameter of the reduction's smallest
verify sizes); the other parameters of those verify sizes that exceed 1 and have a wide range (more than
:data:`NARROW` values; narrow ones are categorical: flags, graph families, tile kinds) scale in proportion
(rounded up, clipped to their range), so that densities such as clauses per variable stay fixed;
parameters given explicitly are kept as given, and those given as a ratio (``per``: clauses at 4.26 per
variable) are that ratio times the size. The mode is ``planted`` when the source offers it (the answer is
then known by construction), else random. A source family sizes its own first parameter; its other
parameters are densities and stay as given.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gadgetry import __version__
from gadgetry.core import (Generated, Identity, InputError, LimitReached, Problem, Reduction, registry,
                           resolve_params)
from gadgetry.core.chain import steps_of
from gadgetry.core.envelope import dumps, instance_document, solution_document
from gadgetry.core.files import write_output
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import solve_clauses
from gadgetry.sources.families import Family
from gadgetry.verify.sample import NARROW

#: Modes of the source generator a family may use (``random``: no mode).
FAMILY_MODES = ("planted", "unsat", "unique", "random")


class Itself(Identity):
    """A problem's own instances as a family: the identity map (not registered: no theorem)."""

    def __init__(self, problem: str) -> None:
        self.name = self.source = self.target = problem  # type: ignore[misc]


def reduction_named(name: str) -> Reduction:
    """The reduction or chain ``name``, or, for a problem's name, that problem as :class:`Itself`."""
    try:
        return registry.reduction(name)
    except InputError:
        if name not in registry.problems():
            raise
        return Itself(name)


def size_params(red: Reduction, sizes: Sequence[int], param: str | None = None,
                given: Mapping[str, str | int] | None = None,
                per: Mapping[str, float] | None = None,
                fam: Family | None = None) -> tuple[str, list[dict[str, int]]]:
    """The size parameter's name and the source's generator parameters for each size (range-checked);
    ``per`` sets parameters to a ratio times the size (rounded to the nearest integer), e.g. clauses at
    4.26 per variable. With a source family ``fam``, its parameters (the first one the size) replace the
    source problem's."""
    src = red.source_problem
    owner, params_of = (src.name, src.params) if fam is None else (fam.name, fam.params)
    specs = {p.name: p for p in params_of}
    given = dict(given or {})
    base = {k: int(v) for k, v in (red.verify_params[0] if red.verify_params and fam is None else {}).items()}
    if param is None:
        param = next((p.name for p in params_of if p.name in base), None) or next(iter(specs), None)
    if param is None:
        raise InputError(f"bench-family: source {owner} has no generator parameter to size")
    if param not in specs:
        raise InputError(f"bench-family: {owner} has no parameter {param!r} (parameters: {', '.join(specs)})")
    per = dict(per or {})
    for k in [*given, *per]:
        if k == param:
            raise InputError(f"bench-family: {param} is set by --sizes, not by {param}=...")
        if k not in specs:
            raise InputError(f"bench-family: {owner} has no parameter {k!r} (parameters: {', '.join(specs)})")
    if set(given) & set(per):
        raise InputError(f"bench-family: {min(set(given) & set(per))} is both fixed and a ratio")
    if not sizes:
        raise InputError("bench-family: --sizes needs at least one size")
    anchor = base.get(param) or specs[param].default or 1
    out = []
    for size in sizes:
        params: dict[str, int | str] = {}
        for k, v in base.items():
            if k in given or k in per or k == param or k not in specs:
                continue
            wide = specs[k].high - specs[k].low > NARROW
            scaled = math.ceil(round(v * size / anchor, 6)) if v > 1 and wide else v
            params[k] = max(specs[k].low, min(specs[k].high, scaled))
        params.update(given)
        params.update({k: round(r * size) for k, r in per.items()})
        params[param] = size
        out.append(resolve_params(owner, params_of, params))
    return param, out


@dataclass
class Member:
    """One size of a family: what was written and what is known about it."""

    stem: str
    size: int
    params: dict[str, int]
    mode: str
    meta: dict[str, Any] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)


def _generate(src: Problem, params: dict[str, int], seed: int, mode: str) -> Generated:
    return src.generate_seeded(params, seed, None if mode == "random" else mode)


def _generate_family(fam: Family, params: dict[str, int], seed: int) -> Generated:
    return fam.generate(params, seed)


def _build(red: Reduction, x: Any, planted: Any) -> dict[str, Any]:
    """Reduce, encode, map the planted solution forward and write the formats (in a worker; a format
    that carries a solution gets the planted one's image, or none: the puzzle is never solved here)."""
    src, tgt = red.source_problem, red.target_problem
    y = red.reduce(x)
    tgt.validate(y)
    cnf = tgt.encode(y).cnf
    out: dict[str, Any] = {"y": y, "nvars": cnf.nvars,
                           "nclauses": len(cnf.clauses), "projection": len(cnf.projection),
                           "dimacs_body": cnf.to_dimacs(), "view": red.certificate_view(x, y) is not None,
                           "target_size": tgt.size(y), "source_size": src.size(x)}
    sy = None
    if planted is not None:
        sy = red.forward(x, y, planted)
        verdict = tgt.check(y, sy)
        if not verdict:
            raise RuntimeError(f"{red.name}: the planted solution maps to an invalid puzzle solution ({verdict})")
        out["planted_target"] = tgt.solution_to_json(y, sy)
        out["solution_file"] = dumps(solution_document(tgt, y, sy))
    formats, skipped = {}, {}
    for name, fmt in sorted(tgt.formats().items()):
        try:
            formats[name] = fmt.write(y) if fmt.write_solved is None else fmt.write_solved(y, sy)
        except InputError as exc:
            skipped[name] = str(exc)
    out.update(formats=formats, skipped=skipped)
    return out


def _preserved(red: Reduction) -> str:
    """Why the puzzle has no solution when the source has none: each step's theorem."""
    return ("no solution of the puzzle: each step maps a solution back to one of its source (" +
            "; ".join(f"{s.name}: {s.paper or 'its construction'}" for s in steps_of(red)) + "), checked by gadgetry verify")


def _decide(prob: Problem, x: Any) -> bool:
    return solve_clauses(prob.encode(x).cnf.clauses) is not None


def _limited(fn: Any, *args: Any, seconds: float) -> Any:
    """``fn(*args)`` in a worker under ``seconds``; None when the limit is reached."""
    try:
        return run_limited(fn, *args, seconds=seconds)
    except LimitReached:
        return None


def build_family(red: Reduction, sizes: Sequence[int], seed: int, out: str | Path, param: str | None = None,
                 given: Mapping[str, str | int] | None = None, mode: str | None = None,
                 seconds: float = 300.0, count_seconds: float = 30.0,
                 per: Mapping[str, float] | None = None, fam: Family | None = None) -> list[Member]:
    """Write the family of ``red`` at ``sizes`` into the folder ``out`` (created if missing; its parent
    must exist); every size is seeded from ``seed`` (size i: ``seed * 1_000_003 + i``). With a source
    family ``fam`` (whose problem is ``red``'s source), the sources are drawn from it, with its answers."""
    src = red.source_problem
    if fam is not None:
        if fam.problem != src.name:
            raise InputError(f"bench-family: family {fam.name} draws {fam.problem} instances, "
                             f"but {red.name} takes {src.name}")
        if mode is not None:
            raise InputError(f"bench-family: a source family has no generator modes (--mode {mode})")
        param, param_sets = size_params(red, sizes, param, given, per, fam)
        with _staged(Path(out)) as folder:
            return _write_family(red, sizes, seed, folder, param, param_sets, fam.name, seconds, count_seconds, fam)
    if mode is None:
        mode = "planted" if "planted" in src.modes else "random"
    if mode not in FAMILY_MODES:
        raise InputError(f"bench-family: unknown mode {mode!r} (modes: {', '.join(FAMILY_MODES)})")
    if mode != "random" and mode not in src.modes:
        offered = ", ".join([*src.modes, "random"])
        raise InputError(f"bench-family: {src.name} has no generator mode {mode!r} (modes: {offered})")
    param, param_sets = size_params(red, sizes, param, given, per)
    with _staged(Path(out)) as folder:
        return _write_family(red, sizes, seed, folder, param, param_sets, mode, seconds, count_seconds)


@contextmanager
def _staged(out: Path) -> Iterator[Path]:
    """A hidden empty folder next to ``out``, renamed to ``out`` when the block completes and removed
    on any other way out. Hidden folders left by a killed run (whose process is gone) are removed."""
    if not out.parent.is_dir():
        raise InputError(f"bench-family: cannot create {str(out)!r}: its parent folder does not exist")
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or (out / "family.json").is_file())):
        raise InputError(f"bench-family: {str(out)!r} exists and is not a family folder: choose another -o")
    for old in out.parent.glob(f".{out.name}.*.partial"):
        pid = old.name[len(out.name) + 2:-len(".partial")]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(old, ignore_errors=True)
    stage = out.parent / f".{out.name}.{os.getpid()}.partial"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir()
    try:
        yield stage
        if out.exists():  # a previous family: moved aside, then removed once the new one is in place
            aside = out.parent / f".{out.name}.{os.getpid()}.old.partial"
            out.rename(aside)
            stage.rename(out)
            shutil.rmtree(aside)
        else:
            stage.rename(out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def family_label(red: Reduction, fam: Family | None) -> str:
    """The name files of a family start with: the reduction's, or ``FAMILY-to-PUZZLE`` for a source family
    (a chain's name has commas)."""
    return red.name if fam is None else f"{fam.name}-to-{red.target}"


def _write_family(red: Reduction, sizes: Sequence[int], seed: int, folder: Path, param: str,
                  param_sets: list[dict[str, int]], mode: str, seconds: float,
                  count_seconds: float, fam: Family | None = None) -> list[Member]:
    """Every member of the family and its index, written into ``folder``."""
    src, tgt = red.source_problem, red.target_problem
    members = []
    for i, (size, params) in enumerate(zip(sizes, param_sets)):
        stem = f"{family_label(red, fam)}-{param}{size}"
        instance_seed = seed * 1_000_003 + i
        member = Member(stem, size, params, mode)
        start = time.perf_counter()
        try:
            gen = (run_limited(_generate, src, params, instance_seed, mode, seconds=seconds) if fam is None
                   else run_limited(_generate_family, fam, params, instance_seed, seconds=seconds))
            x, planted = gen.instance, gen.planted
            built = run_limited(_build, red, x, planted, seconds=seconds)
        except LimitReached as exc:
            raise LimitReached(f"bench-family: size {param}={size}: {exc} (raise --timeout or lower the size)") from None
        y = built["y"]
        meta: dict[str, Any] = {
            "reduction": red.name, "source_problem": src.name, "target_problem": tgt.name,
            "claim": red.claim.describe(), "size": {param: size}, "params": params, "seed": instance_seed,
            "mode": mode, "generator": f"gadgetry {__version__}",
            "source": src.instance_to_json(x), "source_size": built["source_size"],
            "target_size": built["target_size"],
            "cnf": {"variables": built["nvars"], "clauses": built["nclauses"], "projection": built["projection"]},
            "planted_source_solution": None if planted is None else src.solution_to_json(x, planted),
            "planted_target_solution": built.get("planted_target"),
            "formats_skipped": built["skipped"]}
        known = gen.meta.get("answer") if fam is not None else None
        source_count = {"unsat": 0, "unique": 1}.get(known or mode)
        if source_count is None:
            source_count = _limited(src.count, x, seconds=count_seconds)
        if fam is not None:
            meta["family"] = fam.describe()
            answer, how = known, gen.meta["how"]
            if answer == "unsat":
                how += "; " + _preserved(red)
        elif mode in ("planted", "unique"):
            how = f"the {mode} generator (a planted solution, its image checked by the rule checker)"
            answer = "sat"
        elif mode == "unsat":
            answer, how = "unsat", gen.meta.get("how", "the unsat generator (proved by a solver)")
        elif source_count is not None:
            answer, how = ("sat" if source_count else "unsat"), "Ganak on the source"
        else:
            sat = _limited(_decide, src, x, seconds=count_seconds)
            answer, how = ("unknown", "limit reached") if sat is None else ("sat" if sat else "unsat", "CaDiCaL on the source")
        predicted = None
        if source_count is not None and not built["view"]:
            predicted = red.claim.expected(x, source_count)
        target_count = _limited(tgt.count, y, seconds=count_seconds)
        if predicted is not None and target_count is not None and predicted != target_count:
            raise RuntimeError(f"{red.name}: claim predicts {predicted} puzzle solutions, Ganak counts {target_count}")
        meta.update(expected_answer=answer, answer_known_by=how, source_count=source_count,
                    target_count_predicted=predicted, target_count=target_count,
                    counts_note=("the reduction is checked on certificates (the puzzle has free parts): "
                                 "the claim predicts no whole-puzzle count") if built["view"] else "",
                    seconds=round(time.perf_counter() - start, 3))
        comments = [f"encoding of a {tgt.name} instance", f"gadgetry bench-family {family_label(red, fam)} {param}={size} seed={instance_seed}",
                    f"expected {answer}"] + ([f"count {target_count}"] if target_count is not None else [])
        files = {f"{stem}.json": dumps(instance_document(tgt, y, {"reduction": red.name, "family": stem})),
                 f"{stem}.cnf": "".join(f"c {c}\n" for c in comments) + built["dimacs_body"],
                 f"{stem}.meta.json": json.dumps(meta, indent=1, sort_keys=True) + "\n"}
        files.update({f"{stem}.{name}": text if text.endswith("\n") else text + "\n"
                      for name, text in built["formats"].items()})
        if "solution_file" in built:
            files[f"{stem}.solution.json"] = built["solution_file"]
        for name, text in files.items():
            write_output(str(folder / name), text)
        member.meta, member.files = meta, sorted(files)
        members.append(member)
    index = {"reduction": red.name, "source_problem": src.name, "target_problem": tgt.name, "param": param,
             "seed": seed, "mode": mode, "family": None if fam is None else fam.name,
             "members": [{"stem": m.stem, "size": m.size, "params": m.params, "files": m.files,
                          "expected_answer": m.meta["expected_answer"], "cnf": m.meta["cnf"],
                          "target_count": m.meta["target_count"]} for m in members]}
    write_output(str(folder / "family.json"), json.dumps(index, indent=1, sort_keys=True) + "\n")
    return members
