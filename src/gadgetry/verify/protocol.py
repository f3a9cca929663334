"""The verification protocol (docs/verification.md) for a reduction R on source instances x.

1. y = R.reduce(x) and the target validates; the declared ``overhead`` matches the target's size.
2. Both sides are decided by a SAT solver: solvable(x) must equal solvable(y).
3. Every source solution (up to a cap) is mapped forward and checked with the target's own rule checker;
   every target solution the solver finds (up to the cap, never just one) is mapped back and checked with
   the source's checker. Every solution the encodings yield is first checked by its problem's checker, so a
   wrong encoding cannot hide a wrong reduction.
4. Both sides are counted exactly, each by its problem's fastest exact counter for the instance
   (:func:`exact_count`: graphillion, a dynamic programme, a transfer matrix, ... or Ganak, projected;
   never the enumeration itself); where an enumeration was complete it must agree with that count; the counts are compared with the reduction's claim (ratio reported when it claims nothing).
   Where Ganak cannot finish a capped target within its share of the time, the count is approximated by
   ApproxMC and near-uniform target solutions from UniGen are mapped back (:mod:`.approx`): an
   approximate agreement is UNKNOWN, never a PASS of an exact claim.
   A reduction offering a :class:`~gadgetry.core.reduction.CertificateView` (targets with free parts, or
   too big to count whole) is checked in projected form instead: steps 3-4 on certificates, the claim
   being that the certificates readable from target solutions are exactly the source solutions'.
5. The verdict is PASS, FAIL (the first failure, with the smallest counterexample found by shrinking), or
   UNKNOWN when a time or size limit was hit, or when a check was not exercised (no solution mapped on a
   solvable instance): never PASS on a limit.

Every call into reduction or problem code is guarded (:func:`call`): a crash is a FAIL of kind
``<what>-crash`` (``reduce-crash``, ``forward-crash``, ``claim-crash``, ...), a return of the wrong shape
(None, not a mapping, ...) a FAIL of kind ``<what>-malformed``. An exception from gadgetry's own code is not
guarded: it is an internal error (:data:`ERROR`).
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from gadgetry.core import Encoding, InputError, LimitReached, Problem, Reduction
from gadgetry.core.limits import limited_stages, out_of_memory, resident, run_limited
from gadgetry.core.reduction import CertificateView, ratio

from .approx import approx_count, near_uniform_models
from .gadget import GadgetReport, check_gadget
from .sample import Draw, Sampler, measure
from .solve import count, solutions

PASS, FAIL, UNKNOWN, ERROR = "PASS", "FAIL", "UNKNOWN", "ERROR"
#: The failure kind of a source ``reduce`` rejects with an InputError: the reduction's domain (a theorem
#: for directed graphs, say) is narrower than the source problem. A FAIL on a generated source (drawn at
#: the reduction's ``verify_params``); in the exhaustive phase, which spans the whole source problem, and
#: on a named edge case (one vertex, an undirected graph for a theorem on digraphs) the source is skipped
#: instead, and it is never taken as a shrinking step.
REJECTS = "reduce-rejects"
#: A FAIL resting on at most this many failing instances, in a sample of at least :data:`RARE_SAMPLE`,
#: is reported as rare, with the advice to run more seeds.
RARE_FAILS, RARE_SAMPLE = 1, 20
#: The time a problem's brute-force enumerator gets to count a side whose enumeration was complete, when
#: the problem's default counter would be that enumeration (:func:`exact_count`); Ganak after it.
BRUTE_FORCE_SECONDS = 2.0
#: A target past the enumeration's cap is counted by brute force first (within BRUTE_FORCE_SECONDS) when
#: the claim expects at most this many solutions: Ganak took 1 to 3 s on Pips boards of 3,360 layouts
#: that brute force counts in 0.1 to 0.35 s. A wrong claim costs no more than the brute force's budget.
BRUTE_FORCE_EXPECTED = 20_000


def combine(verdicts: Iterable[str]) -> str:
    """The verdict of many checks: ERROR (an internal error) over FAIL over UNKNOWN over PASS; no
    checks at all is UNKNOWN."""
    seen = set(verdicts)
    for v in (ERROR, FAIL, UNKNOWN):
        if v in seen:
            return v
    return PASS if seen else UNKNOWN


@dataclass(frozen=True)
class Limits:
    """Per-instance limits of a verification, and the budgets of the sample's phases."""

    seconds: float | None = 60.0  # time for one instance (drawing it; reduce, solve, map, count)
    cap: int = 2000  # solutions mapped forward and backward per instance
    max_target_vars: int = 2_000_000  # CNF variables of the target encoding
    shrink_seconds: float = 60.0  # total time spent shrinking a counterexample
    memory_mb: int | None = None  # address-space limit per instance
    exhaustive_seconds: float = 30.0  # time for the exhaustive phase of small sources
    sweep_seconds: float = 0.25  # the size sweep climbs while instances take less than this
    sweep_limit: float = 10.0  # the most one grown sweep instance gets before the sweep ends (see verify.sample)
    exact_share: float = 0.5  # share of ``seconds`` Ganak gets on a capped target before ApproxMC
    samples: int = 20  # near-uniform target solutions (UniGen) mapped back when Ganak cannot finish


@dataclass
class InstanceReport:
    """The outcome of the protocol on one source instance."""

    verdict: str
    label: str = ""
    failure: str = ""
    detail: str = ""
    source_count: int | None = None
    target_count: int | None = None
    expected: int | None = None
    relation: str = ""
    source_size: dict[str, int] = field(default_factory=dict)
    target_size: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    source: dict[str, Any] = field(default_factory=dict)
    phase: str = ""
    structures: list[str] = field(default_factory=list)
    size: int | None = None  # :func:`gadgetry.verify.sample.measure` of the source
    approximate: str = ""  # the approximate count, when Ganak could not finish
    pending: bool = False  # the target count is still to be taken (in the parent's own limited child)

    def as_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class VerifyReport:
    """The outcome of the protocol on one reduction: its instances and its gadgets."""

    reduction: str
    claim: str
    instances: list[InstanceReport]
    counterexample: InstanceReport | None = None
    gadgets: list[GadgetReport] = field(default_factory=list)
    exhaustive: int = 0  # small sources checked by the exhaustive phase
    exhaustive_total: int = 0  # small sources in the source's exhaustive set
    exhaustive_outside: int = 0  # small sources skipped as outside the reduction's domain (:data:`REJECTS`)
    exhaustive_bound: int | None = None  # smallest size the exhaustive phase left unchecked (None: none)
    sweep_factor: float = 1.0  # the largest size factor the sweep reached over the smallest verify sizes
    notes: list[str] = field(default_factory=list)
    error: str = ""  # an internal error of gadgetry (verdict ERROR)
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.error:
            return ERROR
        gadgets = [PASS if g.ok else FAIL for g in self.gadgets]
        if not self.instances:
            return combine([*gadgets, UNKNOWN])
        return combine([*(r.verdict for r in self.instances), *gadgets])

    def tally(self) -> dict[str, int]:
        return {v: sum(r.verdict == v for r in self.instances) for v in (PASS, FAIL, UNKNOWN)}

    def coverage(self) -> dict[str, int]:
        """How many instances came from each phase and showed each structure class."""
        c: Counter[str] = Counter()
        for r in self.instances:
            c[f"phase:{r.phase}"] += 1
            c.update(r.structures)
        return dict(sorted(c.items()))

    def as_json(self) -> dict[str, Any]:
        return {"reduction": self.reduction, "claim": self.claim, "verdict": self.verdict,
                "tally": self.tally(), "instances": [r.as_json() for r in self.instances],
                "counterexample": self.counterexample.as_json() if self.counterexample else None,
                "gadgets": [{"gadget": g.gadget, "ok": g.ok, "problems": g.problems} for g in self.gadgets],
                "exhaustive": {"covered": self.exhaustive, "total": self.exhaustive_total,
                               "outside_domain": self.exhaustive_outside,
                               "unchecked_from_size": self.exhaustive_bound},
                "sweep_factor": round(self.sweep_factor, 3), "coverage": self.coverage(), "notes": self.notes,
                "error": self.error,
                "seconds": round(self.seconds, 3)}


# -- guarded calls into reduction and problem code --------------------------------------------------
class Finding(Exception):
    """A failure of the reduction (or of a problem's code) on the instance at hand."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail

    def __reduce__(self) -> tuple[type, tuple[str, str]]:  # raised in a limited child, re-raised here
        return Finding, (self.kind, self.detail)


def call(what: str, fn: Callable[..., Any], *args: Any, shape: Callable[[Any], bool] | None = None,
         allow_none: bool = False) -> Any:
    """``fn(*args)`` from reduction or problem code: an exception is a :class:`Finding` of kind
    ``<what>-crash``; a None (unless ``allow_none``) or a result failing ``shape`` one of kind
    ``<what>-malformed``. A memory or time limit is passed on (UNKNOWN, not a finding)."""
    try:
        out = fn(*args)
    except (MemoryError, LimitReached, Finding):
        raise
    except Exception as exc:  # noqa: BLE001 - a crash of plugin code is a finding
        if out_of_memory(exc):  # e.g. pyganak's first import under --memory: a limit, not a crash
            raise MemoryError(str(exc)) from exc
        raise Finding(f"{what}-crash", f"{type(exc).__name__}: {exc}") from None
    if out is None:
        if allow_none:
            return out
        raise Finding(f"{what}-malformed", "returned None")
    if shape is not None and not shape(out):
        raise Finding(f"{what}-malformed", f"returned {type(out).__name__} {_short(out)}")
    return out


def _short(value: Any, width: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _is_sizes(d: Any) -> bool:
    return isinstance(d, Mapping) and all(isinstance(v, int) and not isinstance(v, bool) for v in d.values())


def _is_count(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _describe(src: Problem, x: Any) -> tuple[dict[str, Any], dict[str, int], list[str], int | None]:
    """The source's JSON, sizes, structure classes and measure, each guarded."""
    data = call("instance-to-json", src.instance_to_json, x, shape=lambda d: isinstance(d, Mapping))
    sizes = call("size", src.size, x, shape=_is_sizes)
    structures = call("structures", src.structures, x, shape=lambda s: isinstance(s, (set, frozenset)))
    return dict(data), dict(sizes), sorted(structures), measure(src, x)


def _checked(prob: Problem, inst: Any, sol: Any, what: str) -> Any:
    """The problem's checker on a solution (guarded: a checker that cannot read it says the solution is
    malformed)."""
    try:
        return call("check", prob.check, inst, sol, shape=lambda v: hasattr(v, "ok"))
    except Finding as f:
        if what == "check":
            raise
        raise Finding(f"{what}-malformed", f"the {prob.name} checker cannot read the mapped solution "
                                           f"({f.detail})") from None


def _encoded_solutions(prob: Problem, inst: Any, found: list[Any], kind: str, whose: str) -> None:
    for s in found:
        v = _checked(prob, inst, s, "check")
        if not v:
            raise Finding(kind, f"the {whose} yields a {prob.name} solution its checker rejects: {v}")


def _map(red: Reduction, direction: str, x: Any, y: Any, sols: list[Any],
         named: Callable[[int], str] | None = None) -> list[tuple[Any, Any]]:
    """Every solution mapped ``forward`` (source solutions to the target, checked by the target's checker)
    or ``backward`` (target solutions to the source, checked by the source's); the (given, mapped) pairs."""
    forward = direction == "forward"
    fn, prob, inst = (red.forward, red.target_problem, y) if forward else (red.backward, red.source_problem, x)
    into = "an invalid target solution" if forward else "back to an invalid source solution"
    named = named or (lambda i: f"{'source' if forward else 'target'} solution {i}")
    out = []
    for i, sol in enumerate(sols):
        mapped = call(direction, fn, x, y, sol)
        v = _checked(prob, inst, mapped, direction)
        if not v:
            raise Finding(direction, f"{named(i)} maps {'to ' if forward else ''}{into}: {v}")
        out.append((sol, mapped))
    return out


def exact_count(prob: Problem, inst: Any, enc: Encoding | None = None, few: bool = False,
                refuted: bool = False) -> tuple[int, str]:
    """The exact count of ``inst`` and the method that made it: the problem's
    :meth:`~gadgetry.core.Problem.counting_method`, except that a method which enumerates the encoding
    (``enumeration``, ``portfolio``) is replaced by the problem's
    :attr:`~gadgetry.core.Problem.independent_counter`, independent of the enumeration it checks: Ganak,
    or the brute-force enumerator for up to :data:`BRUTE_FORCE_SECONDS` where there are ``few`` solutions
    (the enumeration was complete and found some, or the claim expects at most
    :data:`BRUTE_FORCE_EXPECTED` on a capped target: refuting an unsolvable instance by brute force
    means exhausting its search, where Ganak's first CaDiCaL call takes milliseconds), then Ganak. Where
    the enumeration ``refuted`` the encoding ``enc``, Ganak's count is that refutation (Ganak answers an
    unsatisfiable formula by the same CaDiCaL call, which is not made twice: seconds on large targets).
    A problem's own counter is guarded (a crash is a FAIL ``counter-crash``)."""
    method = call("counter", prob.counting_method, inst, shape=lambda m: isinstance(m, str))
    if method in ("enumeration", "portfolio"):
        if few and prob.independent_counter == "brute-force" and prob.brute_force(inst) is not None:
            try:
                n = run_limited(call, "brute-force", _brute_force_count, prob, inst, seconds=BRUTE_FORCE_SECONDS)
                return n, "brute-force"
            except LimitReached:
                pass
        method = "ganak"
    if method == "ganak" and refuted and enc is not None:
        return 0, "CaDiCaL's refutation (as Ganak's own first call)"
    if method in prob.extra_counters():
        return call("counter", lambda: count(prob, inst, method, encoding=enc)).count, method
    return count(prob, inst, method, encoding=enc).count, method


def _brute_force_count(prob: Problem, inst: Any) -> int:
    return prob.count_brute_force(inst) or 0


def _decision(xs: list[Any], ys: list[Any]) -> None:
    if bool(xs) != bool(ys):
        raise Finding("decision", f"source is {'solvable' if xs else 'unsolvable'}, "
                                  f"target is {'solvable' if ys else 'unsolvable'}")


# -- one instance -----------------------------------------------------------------------------------
def _check(red: Reduction, x: Any, limits: Limits, label: str) -> InstanceReport:
    """Steps 1-4 of the protocol on one instance, in this process."""
    start = time.perf_counter()
    rep = InstanceReport(PASS, label=label)
    try:
        _steps(red, x, limits, rep)
    except Finding as f:
        rep.verdict, rep.failure, rep.detail = FAIL, f.kind, f.detail
    rep.seconds = time.perf_counter() - start
    return rep


def _steps(red: Reduction, x: Any, limits: Limits, rep: InstanceReport) -> None:
    src, tgt = red.source_problem, red.target_problem
    rep.source, rep.source_size, rep.structures, rep.size = _describe(src, x)
    try:
        call("validate", src.validate, x, allow_none=True)
    except Finding as f:
        if not f.detail.startswith("InputError"):
            raise
        raise Finding("invalid-source", f"the {src.name} source is invalid: {f.detail}") from None
    try:
        y = call("reduce", red.reduce, x)
    except Finding as f:
        if f.detail.startswith("InputError:"):
            raise Finding(REJECTS, f.detail) from None
        raise
    try:
        tgt.validate(y)
    except InputError as exc:
        raise Finding("invalid-target", str(exc)) from None
    except (MemoryError, LimitReached):
        raise
    except Exception as exc:  # noqa: BLE001 - the target cannot even be read: reduce returned a wrong shape
        raise Finding("reduce-malformed", f"the {tgt.name} validator cannot read the target "
                                          f"({type(exc).__name__}: {exc})") from None
    rep.target_size = call("size", tgt.size, y, shape=_is_sizes)
    expected_size = call("overhead", red.overhead, x, allow_none=True, shape=_is_sizes)
    if expected_size is not None:
        wrong = {k: (v, rep.target_size.get(k)) for k, v in expected_size.items() if rep.target_size.get(k) != v}
        if wrong:
            k, (want, got) = next(iter(wrong.items()))
            raise Finding("overhead", f"{k}: the declared overhead gives {want}, the target has {got}")
    if limits.cap < 1:
        rep.verdict, rep.detail = UNKNOWN, f"cap {limits.cap}: no solution is mapped, so nothing is checked"
        return
    view = call("certificate", red.certificate_view, x, y, allow_none=True,
                shape=lambda v: isinstance(v, CertificateView))
    if view is not None:
        _check_certificates(red, x, y, view, limits, rep)
        return
    source_enc = call("encode", src.encode, x)
    target_enc = call("encode", tgt.encode, y)
    target_cnf = target_enc.cnf
    if target_cnf.nvars > limits.max_target_vars:
        rep.verdict, rep.detail = UNKNOWN, f"target CNF has {target_cnf.nvars} variables (limit {limits.max_target_vars})"
        return

    xs = list(solutions(src, x, limits.cap + 1, encoding=source_enc))
    ys = list(solutions(tgt, y, limits.cap + 1, encoding=target_enc))
    x_complete, y_complete = len(xs) <= limits.cap, len(ys) <= limits.cap
    xs, ys = xs[:limits.cap], ys[:limits.cap]
    _encoded_solutions(src, x, xs, "source-encoding", f"{src.name} encoding")
    _encoded_solutions(tgt, y, ys, "target-encoding", f"{tgt.name} encoding")
    _decision(xs, ys)
    _map(red, "forward", x, y, xs)
    _map(red, "backward", x, y, ys)

    cx, method = exact_count(src, x, source_enc, x_complete and bool(xs), x_complete and not xs)
    rep.source_count = cx
    if x_complete and cx != len(xs):
        raise Finding("counter-disagreement", f"source: {method} counts {cx}, enumeration {len(xs)}")
    if red.claim.kind == "exact" and not x_complete:
        rep.verdict, rep.detail = UNKNOWN, f"more than {limits.cap} source solutions: the exact claim needs them all"
        return
    rep.expected = call("claim", red.claim.expected, x, cx, xs, allow_none=True, shape=_is_count)
    if not y_complete and limits.seconds is not None:
        # Ganak on a capped target gets its own share of the time (:func:`_count_pending`).
        rep.verdict, rep.detail, rep.pending = UNKNOWN, "the target count is pending", True
        return
    counted = exact_count(tgt, y, target_enc, y_complete and bool(ys), y_complete and not ys)
    _compare_counts(red, rep, counted, len(ys) if y_complete else None)


def _compare_counts(red: Reduction, rep: InstanceReport, counted: tuple[int, str], enumerated: int | None) -> None:
    """Step 4 on the target's exact count (``counted``: the count and its method; ``enumerated``: the
    complete enumeration's count)."""
    cy, method = counted
    rep.target_count = cy
    if enumerated is not None and cy != enumerated:
        raise Finding("counter-disagreement", f"target: {method} counts {cy}, enumeration {enumerated}")
    rep.relation = f"target/source = {ratio(cy, rep.source_count or 0)}"
    if rep.expected is not None and cy != rep.expected:
        raise Finding("count", f"claim {red.claim.describe()}: expected {rep.expected} target solutions "
                               f"for {rep.source_count} source solutions, found {cy}")


def _target_count(red: Reduction, x: Any, few: bool = False) -> tuple[int, str]:
    return exact_count(red.target_problem, red.reduce(x), few=few)


def _approximate(red: Reduction, x: Any, limits: Limits, rep: InstanceReport) -> InstanceReport:
    """Where Ganak cannot count a capped target: ApproxMC's count against the claim and UniGen's
    near-uniform target solutions mapped back (see :mod:`.approx`); UNKNOWN or FAIL, never PASS."""
    tgt = red.target_problem
    y = red.reduce(x)
    enc = tgt.encode(y)
    cnf = enc.cnf
    try:
        approx = approx_count(cnf.clauses, cnf.projection, cnf.nvars)
        rep.approximate = str(approx)
        rep.relation = f"target/source ~ {ratio(approx.count, rep.source_count or 0)} (approximate)"
        sampled = [enc.decode(lambda v, t=t: v in t)
                   for t in near_uniform_models(cnf.clauses, cnf.projection, cnf.nvars, limits.samples)]
        _encoded_solutions(tgt, y, sampled, "target-encoding", "near-uniform sampler")
        _map(red, "backward", x, y, sampled, lambda i: f"near-uniform target solution {i}")
        if rep.expected is not None and not approx.admits(rep.expected):
            raise Finding("count-approximate", f"claim {red.claim.describe()}: expected {rep.expected} target "
                                               f"solutions, ApproxMC counts {approx}")
    except Finding as f:
        rep.verdict, rep.failure, rep.detail = FAIL, f.kind, f.detail
        return rep
    rep.verdict = UNKNOWN
    rep.detail = (f"Ganak did not finish; ApproxMC counts {approx}"
                  f"{', consistent with the claim' if rep.expected is not None else ''}; "
                  f"{len(sampled)} near-uniform target solutions map back correctly")
    return rep


def _count_pending(red: Reduction, x: Any, limits: Limits, rep: InstanceReport, start: float) -> InstanceReport:
    """The count of a capped target: its exact counter (:func:`exact_count`) within ``exact_share`` of the time left, else the approximate
    check (:func:`_approximate`) within the rest."""
    rep.pending = False
    left = max(0.5, (limits.seconds or 0) - (time.perf_counter() - start))
    few = rep.expected is not None and 0 < rep.expected <= BRUTE_FORCE_EXPECTED
    try:
        cy = run_limited(_target_count, red, x, few, seconds=left * limits.exact_share,
                         memory_mb=limits.memory_mb)
    except LimitReached:
        try:
            return run_limited(_approximate, red, x, limits, rep, seconds=left * (1 - limits.exact_share),
                               memory_mb=limits.memory_mb)
        except LimitReached as exc:
            rep.detail = f"Ganak and ApproxMC did not finish on the target ({exc})"
            return rep
    except Finding as f:
        rep.verdict, rep.failure, rep.detail = FAIL, f.kind, f.detail
        return rep
    rep.verdict, rep.detail = PASS, ""
    try:
        _compare_counts(red, rep, cy, None)
    except Finding as f:
        rep.verdict, rep.failure, rep.detail = FAIL, f.kind, f.detail
    return rep


def _check_certificates(red: Reduction, x: Any, y: Any, view: CertificateView, limits: Limits,
                        rep: InstanceReport) -> None:
    """Steps 2-4 in projected form, for a reduction offering a :class:`CertificateView`: every source
    solution maps forward to a target solution the checker accepts, showing the source solution's
    certificate; every target solution the view yields (one per readable certificate) passes the checker
    and maps back to a source solution with the same certificate; and the readable certificates are
    exactly the source solutions' certificates. ``target_count`` counts readable certificates. A cap hit on
    either side is UNKNOWN."""
    src, tgt = red.source_problem, red.target_problem
    source_enc = call("encode", src.encode, x)
    xs = list(solutions(src, x, limits.cap + 1, encoding=source_enc))
    ys = list(call("certificate", lambda: list(view.solutions(limits.cap + 1))))
    _encoded_solutions(src, x, xs[:limits.cap], "source-encoding", f"{src.name} encoding")
    _encoded_solutions(tgt, y, ys[:limits.cap], "target-encoding", "certificate view")
    _decision(xs, ys)
    wanted: dict[tuple[bool, ...], int] = {}
    for i, (sx, sy) in enumerate(_map(red, "forward", x, y, xs[:limits.cap])):
        mine, shown = call("certificate", view.of_source, sx), call("certificate", view.of_target, sy)
        wanted[mine] = i
        if shown != mine:
            raise Finding("forward", f"source solution {i} maps to a target solution showing certificate "
                                     f"{shown}, not its own {mine}")
    certs = [call("certificate", view.of_target, sy) for sy in ys[:limits.cap]]
    readable: set[tuple[bool, ...]] = set()
    for cert in certs:
        if cert in readable:
            raise Finding("target-encoding", f"the certificate view yields certificate {cert} twice")
        readable.add(cert)
    pairs = _map(red, "backward", x, y, ys[:limits.cap], lambda i: f"target solution {i} (certificate {certs[i]})")
    for i, (_sy, sx) in enumerate(pairs):
        back = call("certificate", view.of_source, sx)
        if back != certs[i]:
            raise Finding("backward", f"target solution {i} shows certificate {certs[i]} but maps back to a "
                                      f"source solution with certificate {back}")
    if len(xs) > limits.cap or len(ys) > limits.cap:
        rep.verdict, rep.detail = UNKNOWN, f"more than {limits.cap} solutions or certificates"
        return
    cx, method = exact_count(src, x, source_enc, bool(xs))
    if cx != len(xs):
        raise Finding("counter-disagreement", f"source: {method} counts {cx}, enumeration {len(xs)}")
    counted = call("certificate", view.count, allow_none=True, shape=_is_count) if view.count is not None else None
    if counted is not None and counted != len(readable):
        raise Finding("counter-disagreement", f"target certificates: counted {counted}, enumerated {len(readable)}")
    rep.source_count, rep.target_count, rep.expected = cx, len(readable), len(wanted)
    rep.relation = f"readable certificates / source certificates = {ratio(len(readable), len(wanted))}"
    if readable != set(wanted):
        extra = sorted(readable - set(wanted))
        missing = sorted(set(wanted) - readable)
        raise Finding("count", f"certificates readable from target solutions are not exactly the source "
                               f"solutions' ({len(readable)} readable, {len(wanted)} expected; "
                               f"e.g. {'unexpected ' + str(extra[0]) if extra else 'missing ' + str(missing[0])})")


def _limit_report(red: Reduction, x: Any, label: str, detail: str, seconds: float) -> InstanceReport:
    rep = InstanceReport(UNKNOWN, label=label, detail=detail, seconds=seconds)
    try:
        rep.source, rep.source_size, rep.structures, rep.size = _describe(red.source_problem, x)
    except Finding:
        pass  # the same crash shows (and is reported) when the instance is checked with more time
    return rep


def check_instance(red: Reduction, x: Any, limits: Limits = Limits(), label: str = "") -> InstanceReport:
    """The protocol on one source instance, in a worker process under ``limits.seconds`` and
    ``limits.memory_mb`` (a limit is UNKNOWN)."""
    start = time.perf_counter()
    with limited_stages(_one_check, red, x, limits, label, seconds=limits.seconds,
                        memory_mb=limits.memory_mb) as next_stage:
        return _instance_report(red, x, limits, label, next_stage, start)


def _one_check(red: Reduction, x: Any, limits: Limits, label: str) -> Iterator[InstanceReport]:
    yield _check(red, x, limits, label)


def _instance_report(red: Reduction, x: Any, limits: Limits, label: str,
                     next_stage: Callable[[], InstanceReport], start: float) -> InstanceReport:
    """The report :func:`_check` sends as the next stage of a worker (UNKNOWN at a limit), its pending
    counts counted."""
    try:
        rep = next_stage()
    except LimitReached as exc:
        return _limit_report(red, x, label, str(exc), time.perf_counter() - start)
    if rep.pending:
        rep = _count_pending(red, x, limits, rep, start)
    rep.seconds = time.perf_counter() - start
    return rep


# -- shrinking --------------------------------------------------------------------------------------
def shrink(red: Reduction, x: Any, failure: str, limits: Limits = Limits()) -> InstanceReport | None:
    """The smallest failing source reachable from ``x`` by the source's shrink moves (``Problem.shrink``):
    any failure kind counts as still failing (the same kind preferred among candidates of one size); when
    no single move keeps a failure, two moves are tried. The report of the smallest, or None when no
    smaller failing source was found within ``limits.shrink_seconds``."""
    src = red.source_problem
    deadline = time.monotonic() + limits.shrink_seconds
    best: InstanceReport | None = None
    size = measure(src, x)
    tried: set[str] = set()  # two moves often reach one source (in either order, or as a single move)

    def failing(cand: Any) -> InstanceReport | None:
        key = json.dumps(src.instance_to_json(cand), sort_keys=True)
        if key in tried:
            return None
        tried.add(key)
        rep = check_instance(red, cand, limits, "shrunk")
        outside = rep.failure == REJECTS and failure != REJECTS
        return rep if rep.verdict == FAIL and not outside else None

    def ordered(cands: Iterable[Any]) -> list[Any]:
        return sorted((c for c in cands if measure(src, c) < size), key=lambda c: measure(src, c))

    while time.monotonic() < deadline:
        found = None
        singles = ordered(src.shrink(x))
        for cand in singles:
            if time.monotonic() >= deadline:
                break
            rep = failing(cand)
            if rep is not None:
                found = (cand, rep)
                if rep.failure == failure:
                    break
                # another kind: keep it unless a same-kind candidate of the same size follows
                same = [c for c in singles if measure(src, c) == measure(src, cand) and c is not cand]
                for other in same:
                    if time.monotonic() >= deadline:
                        break
                    r2 = failing(other)
                    if r2 is not None and r2.failure == failure:
                        found = (other, r2)
                        break
                break
        if found is None:
            for cand in singles:
                for cand2 in ordered(src.shrink(cand)):
                    if time.monotonic() >= deadline:
                        break
                    rep = failing(cand2)
                    if rep is not None:
                        found = (cand2, rep)
                        break
                if found is not None or time.monotonic() >= deadline:
                    break
        if found is None:
            break
        x, best = found
        size = measure(src, x)
    return best


# -- a reduction ------------------------------------------------------------------------------------
def _draw(draw: Draw, limits: Limits) -> tuple[str, Any]:
    try:
        return draw.make()
    except (MemoryError, LimitReached, InputError):
        raise
    except Exception as exc:  # noqa: BLE001 - the source's generator crashed
        raise Finding("generate-crash", f"{type(exc).__name__}: {exc}") from None


def in_domain(red: Reduction, xs: list[Any]) -> list[bool]:
    """Whether ``reduce`` accepts each source (an InputError: outside the domain; any other outcome,
    a crash included, is left to the check)."""
    out = []
    for x in xs:
        try:
            red.reduce(x)
            out.append(True)
        except InputError:
            out.append(False)
        except Exception:  # noqa: BLE001 - a crash is a finding of the check, not a domain limit
            out.append(True)
    return out


def _in_domain_limited(red: Reduction, xs: list[Any], limits: Limits) -> list[bool] | None:
    try:
        return run_limited(in_domain, red, xs, seconds=limits.seconds, memory_mb=limits.memory_mb)
    except LimitReached:
        return None


def _made_then_checked(make: Callable[[], tuple[Any, Any]], red: Reduction, limits: Limits,
                       label_of: Callable[[Any], str]) -> Iterator[Any]:
    """Two stages in one worker: ``make()``'s ``(key, source)``, then the source's report."""
    key, x = make()
    yield key, x
    yield _check(red, x, limits, label_of(key))


@contextmanager
def make_then_check(red: Reduction, make: Callable[[], tuple[Any, Any]], limits: Limits,
                    label_of: Callable[[Any], str] = str,
                    ) -> Iterator[tuple[Callable[[], Any], Callable[..., InstanceReport]]]:
    """Make a source and check it in one worker (one fork; each step with the whole of
    ``limits.seconds``): the context gives ``made()``, returning ``make()``'s ``(key, source)`` (raising
    what ``make`` raises, or :class:`LimitReached`), and ``checked(key, source)``, the report on it
    (labelled ``label_of(key)``; UNKNOWN at a limit), as :func:`check_instance` gives it."""
    with limited_stages(_made_then_checked, make, red, limits, label_of, seconds=limits.seconds,
                        memory_mb=limits.memory_mb) as next_stage:
        yield next_stage, lambda key, x: _instance_report(red, x, limits, label_of(key), next_stage,
                                                          time.perf_counter())


def _check_draw(red: Reduction, draw: Draw, limits: Limits) -> tuple[Any, InstanceReport]:
    """Draw the source under the time limit, then check it (in the same worker, each step with the whole
    time); the source (None when it could not be drawn) and the report."""
    start = time.perf_counter()
    with make_then_check(red, lambda: _draw(draw, limits), limits) as (made, checked):
        try:
            lbl, x = made()
        except (LimitReached, InputError, Finding) as exc:
            return None, _draw_failed(draw, exc, start)
        rep = checked(lbl, x)
    rep.phase = draw.phase
    return x, rep


def _draw_failed(draw: Draw, exc: Exception, start: float) -> InstanceReport:
    """The report of a source that could not be drawn: UNKNOWN at a limit or when the generator gives up,
    FAIL when it crashed."""
    seconds = time.perf_counter() - start
    if isinstance(exc, Finding):
        return InstanceReport(FAIL, label=draw.label, phase=draw.phase, failure=exc.kind, detail=exc.detail,
                              seconds=seconds)
    detail = f"drawing the source: {exc}" if isinstance(exc, LimitReached) else f"the generator gave up: {exc}"
    return InstanceReport(UNKNOWN, label=draw.label, phase=draw.phase, detail=detail, seconds=seconds)


def verify_reduction(red: Reduction, instances: int = 20, seed: int = 0,
                     params: Mapping[str, str] | None = None, limits: Limits = Limits(),
                     sources: list[tuple[str, Any]] | None = None) -> VerifyReport:
    """The protocol on ``instances`` sources (:class:`~gadgetry.verify.sample.Sampler`: the example,
    small sources exhaustively, random and edge-case draws, a size sweep; or the given ``sources``), each
    drawn and checked under the limits, the first FAIL shrunk; and the gadget checks of the reduction's
    gadgets. An internal error of gadgetry ends this reduction's report with verdict ERROR."""
    start = time.perf_counter()
    report = VerifyReport(red.name, red.claim.describe(), [])
    try:
        _run(red, instances, seed, params, limits, sources, report)
    except (MemoryError, KeyboardInterrupt, InputError):
        raise
    except Exception as exc:  # noqa: BLE001 - gadgetry's own bug: reported, and --all goes on
        if out_of_memory(exc):
            raise MemoryError(str(exc)) from exc
        report.error = f"{type(exc).__name__}: {exc}"
    report.seconds = time.perf_counter() - start
    return report


def _run(red: Reduction, instances: int, seed: int, params: Mapping[str, str] | None, limits: Limits,
         sources: list[tuple[str, Any]] | None, report: VerifyReport) -> None:
    try:
        gadgets = call("gadgets", red.gadgets, shape=lambda g: isinstance(g, list))
        report.gadgets = [check_gadget(g) for g in gadgets]
    except Finding as f:
        report.gadgets = [GadgetReport(f.kind, False, problems=[f.detail])]
    sampler = None
    if sources is not None:
        draws: Iterable[Draw] = [Draw(lbl, "given", lambda lbl=lbl, x=x: (lbl, x)) for lbl, x in sources]
    else:
        sampler = Sampler(red, instances, seed, params, limits.exhaustive_seconds, limits.sweep_seconds,
                          in_domain=lambda xs: _in_domain_limited(red, xs, limits))
        draws = sampler
    with resident(red, sampler, memory_mb=limits.memory_mb):  # one worker for the instances' jobs
        _check_draws(red, draws, sampler, limits, report)


def _check_draws(red: Reduction, draws: Iterable[Draw], sampler: Sampler | None, limits: Limits,
                 report: VerifyReport) -> None:
    """Each draw checked, the sampler told how it went; the first FAIL shrunk."""
    first: Any = None
    for draw in draws:
        if sampler is not None and draw.fallback is not None:
            allowed = sampler.sweep_seconds_allowed(limits.sweep_limit)
            x, rep = _check_draw(red, draw, replace(limits, seconds=min(limits.seconds or math.inf, allowed)))
            if rep.verdict == UNKNOWN:
                sampler.sweep_limited()
                report.notes.append(f"the size sweep ended at {rep.label} ({rep.detail or 'UNKNOWN'}); that seed "
                                    f"was checked at the base size instead")
                x, rep = _check_draw(red, draw.fallback, limits)
        else:
            x, rep = _check_draw(red, draw, limits)
        if sampler is not None and rep.failure == REJECTS and (draw.phase == "exhaustive" or draw.edge):
            sampler.outside_domain(edge=draw.phase != "exhaustive")
            continue
        report.instances.append(rep)
        if sampler is not None:
            sampler.seconds_taken(rep.seconds)
        if rep.verdict == FAIL and first is None:
            first = (x, rep)
    if sampler is not None:
        report.exhaustive, report.exhaustive_total = sampler.exhaustive_covered, sampler.exhaustive_total
        report.exhaustive_outside = sampler.exhaustive_outside
        if sampler.edge_outside:
            report.notes.append(f"{sampler.edge_outside} edge-case sources lay outside the reduction's domain "
                                f"(reduce refused them) and were drawn again")
        report.sweep_factor = sampler.sweep_factor
        report.exhaustive_bound = sampler.exhaustive_bound
    if first is None:
        return
    x, rep = first
    smaller = shrink(red, x, rep.failure, limits) if x is not None and limits.shrink_seconds > 0 else None
    report.counterexample = smaller if smaller is not None else rep
    if smaller is not None:
        report.counterexample.label = f"shrunk from {rep.label}"
    fails = report.tally()[FAIL]
    if fails <= RARE_FAILS and len(report.instances) >= RARE_SAMPLE:
        report.notes.append(f"the FAIL rests on {fails} of {len(report.instances)} instances: run more seeds "
                            f"(--seed) to see how often it shows")
    ce = report.counterexample
    if ce.size is not None and report.exhaustive:
        bound = ("every small source was checked" if report.exhaustive_bound is None
                 else f"the exhaustive phase checked every small source below size {report.exhaustive_bound}")
        report.notes.append(f"counterexample of size {ce.size}; {bound}")


def counterexample_json(ce: InstanceReport) -> str:
    """The counterexample's source as one line of JSON (for people)."""
    return json.dumps(ce.source, sort_keys=True)
