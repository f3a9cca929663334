"""Mutation testing of the verifier: how strong is the verification protocol?

A *mutant* of a reduction is the reduction with one small change made to its output, the target
instance's JSON: a number changed by one or negated (a clue, a tile label, a literal), a list element
dropped, duplicated or swapped with its neighbour (a hexagon removed, a word dropped from a dictionary, a
clause duplicated), a string or one character of it replaced by another value of the instance (a gadget
cell flipped, a letter changed), a boolean flipped. The operators are problem-generic: they read only the
JSON, so every target problem, present or future, is covered.

Mutants are drawn from the target of the first source instance the original reduction passes (the
*reference*): every candidate change is listed, grouped by operator and JSON field (``tiles[*][*]``),
and the groups are sampled round robin, seeded, keeping only changes that leave a well-formed target (the
target's ``instance_from_json`` and ``validate`` accept it) that differs from the original. A mutation is
located by a JSON path whose list and string indices are taken modulo the length met, so it applies to the
target of every source instance of the campaign.

The campaign is bounded: the first ``instances`` tasks of :func:`gadgetry.campaign.run.plan` (the
reduction's verify sizes, growing level by level, generator modes cycling through random, planted, unsat
and the source's edge cases), then the ``small`` smallest sources of the source's exhaustive set that the
reduction accepts (as ``verify``'s exhaustive phase draws them). The original reduction is checked first on each (the baseline: only instances it passes are used).
A mutant is *killed* when the protocol (:func:`gadgetry.verify.protocol.check_instance`: decision,
forward and backward maps checked by the problems' rule checkers, counts against the claim, declared
overhead) FAILs on one of them. A survivor is classified by comparing its target's solution set with the
original target's on every instance it passed (complete enumeration up to the cap, each solution checked
against the other target): *equivalent* (the same solutions everywhere: the change is harmless), or
*survived* (some solution set changed, yet every check passed: a gap in the verifier, or a mutated
reduction still correct on these instances), or *undecided* (a limit was reached).

The mutation score of a reduction is killed / (killed + survived + undecided): the share of the
non-equivalent mutants the verifier detects.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from gadgetry.core import InputError, LimitReached, Problem, Reduction
from gadgetry.core.envelope import read_instance
from gadgetry.core.limits import run_limited
from gadgetry.core.reduction import CertificateView
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, check_instance, in_domain
from gadgetry.verify.sample import DOMAIN_CHUNK, DOMAIN_TESTED, exhaustive_sources
from gadgetry.verify.solve import solutions

from .run import Settings, plan

KILLED, EQUIVALENT, SURVIVED, UNDECIDED, UNTESTED = "killed", "equivalent", "survived", "undecided", "untested"
STATUSES = (KILLED, EQUIVALENT, SURVIVED, UNDECIDED, UNTESTED)

#: Operators: on a list or string element (``drop``, ``duplicate``, ``swap`` with the next one), on a
#: value (``replace`` by another value of the instance, ``inc``/``dec`` by one, ``negate``, ``flip``).
OPERATORS = ("drop", "duplicate", "swap", "replace", "inc", "dec", "negate", "flip")
#: Replacement values tried per string site (drawn from the values of the same field).
REPLACEMENTS = 2

#: Solutions enumerated per target when comparing solution sets, as a multiple of the protocol's cap.
COMPARE_CAP = 10

Path = tuple[str | int, ...]


class NotApplicable(Exception):
    """The mutation's path does not exist in this JSON, or the change would change nothing."""


# -- mutations -------------------------------------------------------------------------------------
def _index(node: Any, step: str | int) -> str | int:
    if isinstance(node, dict):
        if not isinstance(step, str) or step not in node:
            raise NotApplicable
        return step
    if isinstance(node, (list, str)) and isinstance(step, int) and len(node) > 0:
        return step % len(node)
    raise NotApplicable


def _set(node: Any, idx: str | int, value: Any) -> Any:
    if isinstance(node, dict):
        return {**node, idx: value}
    if isinstance(node, str):
        assert isinstance(idx, int)
        if not isinstance(value, str) or len(value) != 1:
            raise NotApplicable
        return node[:idx] + value + node[idx + 1:]
    out = list(node)
    out[idx] = value
    return out


def _rewrite(node: Any, path: Path, edit: Callable[[Any, Any], Any]) -> Any:
    """``node`` with ``edit(container, index)`` applied at the container ``path[:-1]`` leads to."""
    idx = _index(node, path[0])
    if len(path) == 1:
        return edit(node, idx)
    if isinstance(node, str):
        raise NotApplicable
    return _set(node, idx, _rewrite(node[idx], path[1:], edit))


@dataclass(frozen=True)
class Mutation:
    """One small change: ``operator`` at the element ``path`` points to (indices modulo the lengths met);
    ``value`` is the replacement of ``replace``."""

    operator: str
    path: Path
    value: Any = None

    @property
    def where(self) -> str:
        """The path as ``tiles[3][1]`` / ``regions[2].target``."""
        out = ""
        for step in self.path:
            out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
        return out or "(root)"

    @property
    def field(self) -> str:
        """The path with indices starred: the JSON field the change is in."""
        return Mutation(self.operator, tuple("*" if isinstance(s, int) else s for s in self.path)).where

    def key(self) -> str:
        return f"{self.operator} {self.where}" + ("" if self.value is None else f" {json.dumps(self.value)}")

    def as_json(self) -> dict[str, Any]:
        return {"operator": self.operator, "path": list(self.path), "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mutation:
        return cls(data["operator"], tuple(data["path"]), data.get("value"))

    def apply(self, data: Any) -> Any:
        """The mutated JSON (a new object); raises :class:`NotApplicable`."""
        if not self.path:
            raise NotApplicable
        return _rewrite(data, self.path, self._edit)

    def _edit(self, node: Any, idx: Any) -> Any:
        op = self.operator
        if op in ("drop", "duplicate", "swap"):
            if isinstance(node, dict) or (op == "duplicate" and isinstance(node, str)):
                raise NotApplicable
            if op == "drop":
                return node[:idx] + node[idx + 1:]
            if op == "duplicate":
                return node[:idx + 1] + [node[idx]] + node[idx + 1:]
            other = (idx + 1) % len(node)
            if node[idx] == node[other]:
                raise NotApplicable
            return _set(_set(node, idx, node[other]), other, node[idx])
        old = node[idx]
        if op == "replace":
            if type(old) is not type(self.value) or old == self.value:
                raise NotApplicable
            return _set(node, idx, self.value)
        if op == "flip":
            if not isinstance(old, bool):
                raise NotApplicable
            return _set(node, idx, not old)
        if not isinstance(old, int) or isinstance(old, bool) or (op == "negate" and old == 0):
            raise NotApplicable
        return _set(node, idx, {"inc": old + 1, "dec": old - 1, "negate": -old}[op])

    def describe(self, data: Any) -> str:
        """One line: the change as it applies to ``data``, e.g. ``inc clues[2][3]: 2 -> 3``."""
        try:
            old, new = self._at(data), self._at(self.apply(data))
        except (NotApplicable, KeyError, IndexError, TypeError):
            return self.key()
        if self.operator in ("drop", "duplicate"):
            return f"{self.operator} {self.where} ({_short(old)})"
        if self.operator == "swap":
            return f"swap {self.where} ({_short(old)}) with the next element"
        return f"{self.operator} {self.where}: {_short(old)} -> {_short(new)}"

    def _at(self, data: Any) -> Any:
        node = data
        for step in self.path:
            node = node[_index(node, step)]
        return node


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _walk(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, (*path, i))


def candidates(data: Any, rng: random.Random) -> list[Mutation]:
    """Every single-site change of the JSON ``data`` (``replace`` with up to :data:`REPLACEMENTS` values
    of the same field, or characters of the instance, drawn from ``rng``), before any validity check."""
    nodes = list(_walk(data))
    values: dict[str, list[Any]] = {}
    chars: set[str] = set()
    for path, node in nodes:
        if isinstance(node, str):
            values.setdefault(Mutation("", path).field, []).append(node)
            chars.update(node)
    alphabet = sorted(chars)
    out: list[Mutation] = []
    for path, node in nodes:
        if isinstance(node, (list, str)) and path:
            for i in range(len(node) if isinstance(node, list) else len(node) * (len(node) > 1)):
                out.append(Mutation("drop", (*path, i)))
                if isinstance(node, list):
                    out.append(Mutation("duplicate", (*path, i)))
                if len(node) > 1 and node[i] != node[(i + 1) % len(node)]:
                    out.append(Mutation("swap", (*path, i)))
        if isinstance(node, bool):
            out.append(Mutation("flip", path))
        elif isinstance(node, int):
            out += [Mutation("inc", path), Mutation("dec", path)] + ([Mutation("negate", path)] if node else [])
        elif isinstance(node, str) and path:
            pool = sorted({v for v in values[Mutation("", path).field] if v != node})
            out += [Mutation("replace", path, v) for v in rng.sample(pool, min(REPLACEMENTS, len(pool)))]
            if len(node) > 1:
                for i, ch in enumerate(node):
                    others = [c for c in alphabet if c != ch]
                    if others:
                        out.append(Mutation("replace", (*path, i), rng.choice(others)))
    return out


def mutate_json(prob: Problem, data: dict[str, Any], mutation: Mutation) -> Any:
    """The mutated target instance; raises :class:`NotApplicable` (no such site, or the same instance) or
    :class:`InputError` (the target's reader or validator rejects it)."""
    changed = mutation.apply(data)
    instance = read_instance(prob, changed, f"mutant {mutation.key()}")
    if prob.instance_to_json(instance) == data:
        raise NotApplicable
    return instance


def sample(prob: Problem, data: dict[str, Any], count: int, rng: random.Random) -> list[Mutation]:
    """Up to ``count`` mutations of the reference target ``data`` leaving a well-formed, different
    target: round robin over the groups (operator, field), a random member of each in turn."""
    groups: dict[tuple[str, str], list[Mutation]] = {}
    for m in candidates(data, rng):
        groups.setdefault((m.operator, m.field), []).append(m)
    order = sorted(groups)
    rng.shuffle(order)
    chosen: list[Mutation] = []
    while order and len(chosen) < count:
        for key in list(order):
            if len(chosen) >= count:
                break
            group = groups[key]
            m = group.pop(rng.randrange(len(group)))
            if not group:
                order.remove(key)
            try:
                mutate_json(prob, data, m)
            except (NotApplicable, InputError):
                continue
            chosen.append(m)
    return chosen


# -- the mutated reduction -------------------------------------------------------------------------
class Fixed(Reduction):
    """``base`` with its output on source ``x`` replaced by the given target ``y`` (the original target,
    or a mutant's); the maps and the certificate view are the base's, applied to ``y``. Without
    ``declared``, no overhead is declared (the protocol's size check is left out)."""

    def __init__(self, base: Reduction, x: Any, y: Any, declared: bool = True) -> None:
        self.base, self.x, self.y, self.declared = base, x, y, declared
        self.name = base.name  # type: ignore[misc]
        self.source, self.target = base.source, base.target  # type: ignore[misc]
        self.claim = base.claim  # type: ignore[misc]

    def reduce(self, source: Any) -> Any:
        if source != self.x:
            raise ValueError("a fixed reduction reduces its own source instance only")
        return self.y

    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        return self.base.forward(source, target, source_solution)

    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        return self.base.backward(source, target, target_solution)

    def overhead(self, source: Any) -> dict[str, int] | None:
        return self.base.overhead(source) if self.declared else None

    def certificate_view(self, source: Any, target: Any) -> CertificateView | None:
        return self.base.certificate_view(source, target)


class Mutated(Reduction):
    """``base`` with ``mutation`` applied to every target it builds (a target it does not apply to, or
    would leave malformed, is kept as it is): a mutant as a reduction of its own, so that ``verify``'s
    whole default sample can be run on it. No overhead is declared (the semantic steps alone)."""

    def __init__(self, base: Reduction, mutation: Mutation) -> None:
        self.base, self.mutation = base, mutation
        self.name = f"{base.name} [{mutation.key()}]"  # type: ignore[misc]
        self.source, self.target = base.source, base.target  # type: ignore[misc]
        self.claim = base.claim  # type: ignore[misc]
        self.verify_params, self.verify_unsat_params = base.verify_params, base.verify_unsat_params  # type: ignore[misc]

    def reduce(self, source: Any) -> Any:
        y = self.base.reduce(source)
        try:
            return mutate_json(self.target_problem, self.target_problem.instance_to_json(y), self.mutation)
        except (NotApplicable, InputError):
            return y

    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        return self.base.forward(source, target, source_solution)

    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        return self.base.backward(source, target, target_solution)

    def certificate_view(self, source: Any, target: Any) -> CertificateView | None:
        return self.base.certificate_view(source, target)

    def example(self) -> Any:
        return self.base.example()


# -- comparing solution sets -----------------------------------------------------------------------
def _solves(prob: Problem, instance: Any, solution: Any) -> bool:
    try:
        return bool(prob.check(instance, solution))
    except Exception:  # noqa: BLE001 - a solution of another instance may not even fit this one
        return False


def compare(prob: Problem, y: Any, z: Any, cap: int) -> str | None:
    """Whether targets ``y`` and ``z`` have the same solutions: ``""`` when they do (both enumerated
    completely, every solution of each solving the other), a one-line difference, or None (undecided:
    more than ``cap`` solutions and no difference among the first ``cap`` of each nor in the exact
    counts)."""
    a = list(solutions(prob, y, cap + 1))
    b = list(solutions(prob, z, cap + 1))
    for mine, other, name in ((a, z, "original"), (b, y, "mutant")):
        for s in mine[:cap]:
            if not _solves(prob, other, s):
                return f"a solution of the {name} target does not solve the {'mutant' if name == 'original' else 'original'}"
    if len(a) <= cap and len(b) <= cap:
        return "" if len(a) == len(b) else f"{len(a)} solutions, the mutant {len(b)}"
    ca, cb = prob.count(y), prob.count(z)
    return f"{ca} solutions, the mutant {cb}" if ca != cb else None


# -- the campaign ----------------------------------------------------------------------------------
@dataclass
class Case:
    """One source instance of the bounded campaign, reduced by the original reduction."""

    label: str
    x: Any
    y: Any
    data: dict[str, Any]  # the original target's JSON
    baseline: str  # the original's verdict on it
    detail: str = ""


@dataclass
class MutantResult:
    mutation: Mutation
    description: str
    status: str = UNTESTED  # by the whole protocol
    semantic: str = UNTESTED  # by the protocol without the declared-overhead check
    instance: str = ""  # the killing instance, or the one whose solution set changed
    failure: str = ""  # the protocol step that failed (killed)
    detail: str = ""
    tried: int = 0  # instances the mutant was checked on
    unknown: int = 0  # of which a limit was reached
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {"mutation": self.mutation.as_json(), "key": self.mutation.key(), "description": self.description,
                "status": self.status, "semantic": self.semantic, "instance": self.instance, "failure": self.failure,
                "detail": self.detail, "tried": self.tried, "unknown": self.unknown, "seconds": round(self.seconds, 3)}


@dataclass
class MutationReport:
    reduction: str
    source: str
    target: str
    claim: str
    cases: list[Case]
    mutants: list[MutantResult] = field(default_factory=list)
    note: str = ""
    seconds: float = 0.0

    def tally(self, semantic: bool = False) -> dict[str, int]:
        """Mutants by status under the whole protocol (or its steps without the overhead check)."""
        return {s: sum((m.semantic if semantic else m.status) == s for m in self.mutants) for s in STATUSES}

    def score(self, semantic: bool = False) -> float | None:
        """killed / (killed + survived + undecided), or None when no non-equivalent mutant was tested."""
        t = self.tally(semantic)
        relevant = t[KILLED] + t[SURVIVED] + t[UNDECIDED]
        return t[KILLED] / relevant if relevant else None

    def failures(self) -> dict[str, int]:
        """How many mutants each protocol step killed."""
        out: dict[str, int] = {}
        for m in self.mutants:
            if m.status == KILLED:
                out[m.failure] = out.get(m.failure, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def as_json(self) -> dict[str, Any]:
        full, semantic = self.score(), self.score(semantic=True)
        return {"reduction": self.reduction, "source": self.source, "target": self.target, "claim": self.claim,
                "note": self.note, "seconds": round(self.seconds, 1), "tally": self.tally(),
                "tally_without_overhead": self.tally(semantic=True),
                "score": None if full is None else round(full, 4),
                "score_without_overhead": None if semantic is None else round(semantic, 4),
                "killed_by": self.failures(),
                "instances": [{"label": c.label, "baseline": c.baseline, "detail": c.detail} for c in self.cases],
                "mutants": [m.as_json() for m in self.mutants]}


@dataclass(frozen=True)
class MutateSettings:
    """The bounded campaign and the mutants drawn; ``budget`` is seconds per reduction (mutants not
    started by then stay untested)."""

    mutants: int = 30
    instances: int = 6
    seed: int = 0
    seconds: float = 20.0  # per check of one mutant on one instance
    cap: int = 200  # solutions mapped each way, and enumerated when comparing solution sets
    budget: float = 300.0
    memory_mb: int | None = 4096
    small: int = 3  # smallest exhaustive sources added to the campaign

    def __post_init__(self) -> None:
        if self.mutants < 1 or self.instances < 1 or self.small < 0:
            raise InputError("mutate: --mutants and --instances must be at least 1, --small at least 0")
        if self.seconds <= 0 or self.budget <= 0 or self.cap < 1:
            raise InputError("mutate: --timeout, --budget and --cap must be positive")


def _prepare(red: Reduction, params: dict[str, int], seed: int, mode: str | None) -> tuple[str | None, Any, Any]:
    src = red.source_problem
    try:
        x = src.generate_seeded(params, seed, mode).instance
    except InputError:
        if mode is None:
            raise
        mode, x = None, src.generate_seeded(params, seed, None).instance
    return mode, x, red.reduce(x)


def _case(red: Reduction, label: str, x: Any, y: Any, s: MutateSettings) -> Case:
    """Source ``x`` reduced to ``y`` by the original reduction, checked by the protocol (the baseline)."""
    limits = Limits(seconds=s.seconds, cap=s.cap, shrink_seconds=0, memory_mb=s.memory_mb)
    rep = check_instance(Fixed(red, x, y), x, limits, label)
    return Case(label, x, y, red.target_problem.instance_to_json(y), rep.verdict, rep.failure or rep.detail)


def campaign_cases(red: Reduction, s: MutateSettings) -> list[Case]:
    """The bounded campaign's instances (:func:`gadgetry.campaign.run.plan`), each reduced and checked
    with the original reduction (the baseline)."""
    settings = Settings(instances=s.instances, seed=s.seed, seconds=s.seconds, cap=s.cap, memory_mb=s.memory_mb)
    cases = []
    for idx in range(s.instances):
        task = plan(red, idx, settings)
        shown = " ".join(f"{k}={v}" for k, v in task.params)
        try:
            mode, x, y = run_limited(_prepare, red, dict(task.params), task.instance_seed, task.mode,
                                     seconds=s.seconds, memory_mb=s.memory_mb)
        except (LimitReached, InputError) as exc:
            cases.append(Case(f"seed={task.instance_seed} {shown}", None, None, {}, UNKNOWN, f"generation: {exc}"))
            continue
        cases.append(_case(red, f"seed={task.instance_seed} {shown}{' --' + mode if mode else ''}", x, y, s))
    return cases


def small_cases(red: Reduction, s: MutateSettings, count: int) -> list[Case]:
    """The ``count`` smallest sources of the source's exhaustive set that the reduction accepts
    (:func:`gadgetry.verify.sample.exhaustive_sources`, tested for the domain a chunk at a time as
    ``verify``'s exhaustive phase does, and labelled as there), each reduced and checked with the original
    reduction: a survivor's solution sets compared on every small source tell an equivalent mutant from
    one whose gap the campaign's instances did not show."""
    small = exhaustive_sources(red.source_problem, red.verify_params[0] if red.verify_params else None)
    cases: list[Case] = []
    for start in range(0, min(len(small), DOMAIN_TESTED), DOMAIN_CHUNK):
        chunk = small[start:start + DOMAIN_CHUNK]
        try:
            flags = run_limited(in_domain, red, chunk, seconds=s.seconds, memory_mb=s.memory_mb)
        except LimitReached:
            break
        for i, (x, ok) in enumerate(zip(chunk, flags), start):
            if not ok or len(cases) >= count:
                continue
            try:
                y = run_limited(red.reduce, x, seconds=s.seconds, memory_mb=s.memory_mb)
            except (LimitReached, InputError) as exc:
                cases.append(Case(f"exhaustive #{i}", x, None, {}, UNKNOWN, f"reduce: {exc}"))
                continue
            cases.append(_case(red, f"exhaustive #{i}", x, y, s))
        if len(cases) >= count:
            break
    return cases


def overhead_difference(red: Reduction, x: Any, prob: Problem, z: Any) -> str:
    """Step 1 of the protocol alone: how target ``z``'s size differs from the declared overhead (``""``
    when it does not, or nothing is declared)."""
    declared = red.overhead(x)
    size = prob.size(z)
    for k, v in (declared or {}).items():
        if size.get(k) != v:
            return f"{k}: the declared overhead gives {v}, the target has {size.get(k)}"
    return ""


def run_mutant(red: Reduction, m: MutantResult, cases: list[Case], s: MutateSettings) -> None:
    """Check mutant ``m`` on every baseline-PASS case: the declared overhead first (cheap), then the
    other steps of the protocol with the overhead left out, until one FAILs; a mutant surviving those is
    classified by comparing solution sets, so that both the full protocol and its semantic steps alone
    are scored."""
    tgt = red.target_problem
    limits = Limits(seconds=s.seconds, cap=s.cap, shrink_seconds=0)
    start = time.perf_counter()
    applicable: list[tuple[Case, Any]] = []
    for case in cases:
        if case.baseline != PASS:
            continue
        try:
            applicable.append((case, mutate_json(tgt, case.data, m.mutation)))
        except (NotApplicable, InputError):
            continue  # only well-formed changes are tested: the target's validator is not the verifier
    overhead = next(((case, d) for case, z in applicable if (d := overhead_difference(red, case.x, tgt, z))), None)
    passed: list[tuple[Case, Any]] = []
    for case, z in applicable:
        m.tried += 1
        rep = check_instance(Fixed(red, case.x, z, declared=False), case.x, replace(limits, memory_mb=s.memory_mb),
                             case.label)
        if rep.verdict == FAIL:
            m.semantic = m.status = KILLED
            m.instance, m.failure, m.detail = case.label, rep.failure, rep.detail
            m.seconds = time.perf_counter() - start
            return
        if rep.verdict == UNKNOWN:
            m.unknown += 1
        else:
            passed.append((case, z))
    undecided = m.unknown > 0 or not passed
    for case, z in passed:
        try:
            diff = run_limited(compare, tgt, case.y, z, COMPARE_CAP * s.cap, seconds=s.seconds,
                               memory_mb=s.memory_mb)
        except LimitReached:
            diff = None
        if diff:
            m.semantic, m.instance, m.detail = SURVIVED, case.label, diff
            break
        if diff is None:
            undecided = True
    else:
        m.semantic = UNDECIDED if undecided else EQUIVALENT
        if undecided:
            m.detail = (f"a limit was reached on {m.unknown} of {m.tried} instances" if m.unknown
                        else "solution sets too large to compare" if passed else "applies to no instance")
    m.status = m.semantic
    if overhead is not None:
        why = f": {m.detail}" if m.detail else ""
        m.status, m.failure, m.instance = KILLED, "overhead", overhead[0].label
        m.detail = f"{overhead[1]} ({m.semantic} without the overhead check{why})"
    m.seconds = time.perf_counter() - start


def mutate_reduction(red: Reduction, s: MutateSettings = MutateSettings(),
                     on_mutant: Callable[[MutantResult], None] | None = None) -> MutationReport:
    """Draw ``s.mutants`` mutants of ``red``'s output and run each on the bounded campaign, within
    ``s.budget`` seconds."""
    start = time.monotonic()
    tgt = red.target_problem
    cases = campaign_cases(red, s) + small_cases(red, s, s.small)
    report = MutationReport(red.name, red.source, red.target, red.claim.describe(), cases)
    reference = next((c for c in cases if c.baseline == PASS), None)
    if reference is None:
        report.note = "the original reduction passed no instance of the campaign within the limits"
        report.seconds = time.monotonic() - start
        return report
    rng = random.Random(f"{s.seed}:{red.name}")
    for mutation in sample(tgt, reference.data, s.mutants, rng):
        report.mutants.append(MutantResult(mutation, mutation.describe(reference.data)))
    if not report.mutants:
        report.note = "no well-formed mutant of the target exists"
    for m in report.mutants:
        if time.monotonic() - start >= s.budget:
            report.note = f"budget of {s.budget:g} s spent: {report.tally()[UNTESTED]} mutants untested"
            break
        run_mutant(red, m, cases, s)
        if on_mutant is not None:
            on_mutant(m)
    report.seconds = time.monotonic() - start
    return report


# -- output ----------------------------------------------------------------------------------------
def _percent(score: float | None) -> str:
    return "n/a" if score is None else f"{100 * score:.0f}%"


def table(reports: list[MutationReport]) -> str:
    """The human summary: one line per reduction, then every mutant the verifier did not kill and that
    is not equivalent (survived or undecided)."""
    w = max([len("reduction")] + [len(r.reduction) for r in reports])
    head = (f"{'reduction':<{w}} {'claim':<12} {'inst':>4} {'mut':>4} {'kill':>4} {'equiv':>5} {'surv':>4} "
            f"{'und':>4} {'untst':>5} {'score':>5} {'no-ovh':>6}  killed by")
    lines = [head, "-" * len(head)]
    for r in reports:
        t = r.tally()
        used = sum(c.baseline == PASS for c in r.cases)
        by = ", ".join(f"{k} {v}" for k, v in r.failures().items()) or "-"
        lines.append(f"{r.reduction:<{w}} {r.claim.split(' ')[0]:<12} {used:>4} {len(r.mutants):>4} {t[KILLED]:>4} "
                     f"{t[EQUIVALENT]:>5} {t[SURVIVED]:>4} {t[UNDECIDED]:>4} {t[UNTESTED]:>5} "
                     f"{_percent(r.score()):>5} {_percent(r.score(semantic=True)):>6}  {by}")
    for r in reports:
        if r.note:
            lines.append(f"  {r.reduction}: {r.note}")
        for m in r.mutants:
            if m.status in (SURVIVED, UNDECIDED):
                lines.append(f"  {r.reduction}: {m.status.upper()} {m.description}")
                lines.append(f"    on {m.instance or 'every instance'}: {m.detail}" if m.detail else
                             f"    passed on {m.tried} instances")
    return "\n".join(lines) + "\n"


def markdown(reports: list[MutationReport]) -> str:
    """The README table: the detection rate per reduction, with and without the overhead check."""
    lines = [("| reduction | claim | mutants | killed | equivalent | survived | undecided | untested | "
              "detection rate | without overhead check |"),
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in reports:
        t = r.tally()
        lines.append(f"| {r.reduction} | {r.claim.split(' ')[0]} | {len(r.mutants)} | {t[KILLED]} | "
                     f"{t[EQUIVALENT]} | {t[SURVIVED]} | {t[UNDECIDED]} | {t[UNTESTED]} | {_percent(r.score())} | "
                     f"{_percent(r.score(semantic=True))} |")
    return "\n".join(lines) + "\n"


def document(reports: list[MutationReport], s: MutateSettings) -> dict[str, Any]:
    """The JSON report."""
    return {"settings": {k: getattr(s, k) for k in s.__dataclass_fields__},
            "reductions": [r.as_json() for r in reports]}
