"""The verification protocol (docs/verification.md) for a reduction R on source instances x.

1. y = R.reduce(x) and the target validates; the declared ``overhead`` matches the target's size.
2. Both sides are decided by a SAT solver: solvable(x) must equal solvable(y).
3. Every source solution (up to a cap) is mapped forward and checked with the target's own rule checker;
   every target solution the solver finds (up to the cap, never just one) is mapped back and checked with
   the source's checker. Every solution the encodings yield is first checked by its problem's checker, so a
   wrong encoding cannot hide a wrong reduction.
4. Both sides are counted exactly (Ganak, projected); where an enumeration was complete it must agree with
   Ganak; the counts are compared with the reduction's claim (ratio reported when it claims nothing).
   A reduction offering a :class:`~gadgetry.core.reduction.CertificateView` (targets with free parts, or
   too big to count whole) is checked in projected form instead: steps 3-4 on certificates, the claim
   being that the certificates readable from target solutions are exactly the source solutions'.
5. The verdict is PASS, FAIL (the first failure, with the smallest counterexample found by shrinking), or
   UNKNOWN when a time or size limit was hit: never PASS on a limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gadgetry.core import InputError, LimitReached, Reduction
from gadgetry.core.limits import run_limited
from gadgetry.core.reduction import CertificateView, ratio
from gadgetry.core.registry import problem
from gadgetry.core.sat import count_cnf

from .solve import solutions

PASS, FAIL, UNKNOWN = "PASS", "FAIL", "UNKNOWN"


@dataclass(frozen=True)
class Limits:
    """Per-instance limits of a verification."""

    seconds: float | None = 60.0  # time for one instance (reduce, solve, map, count)
    cap: int = 2000  # solutions mapped forward and backward per instance
    max_target_vars: int = 2_000_000  # CNF variables of the target encoding
    shrink_seconds: float = 60.0  # total time spent shrinking a counterexample


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

    def as_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class VerifyReport:
    """The outcome of the protocol over many instances of one reduction."""

    reduction: str
    claim: str
    instances: list[InstanceReport]
    counterexample: InstanceReport | None = None

    @property
    def verdict(self) -> str:
        verdicts = {r.verdict for r in self.instances}
        if FAIL in verdicts:
            return FAIL
        if UNKNOWN in verdicts or not self.instances:
            return UNKNOWN
        return PASS

    def tally(self) -> dict[str, int]:
        return {v: sum(r.verdict == v for r in self.instances) for v in (PASS, FAIL, UNKNOWN)}

    def as_json(self) -> dict[str, Any]:
        return {"reduction": self.reduction, "claim": self.claim, "verdict": self.verdict,
                "tally": self.tally(), "instances": [r.as_json() for r in self.instances],
                "counterexample": self.counterexample.as_json() if self.counterexample else None}


def _check(red: Reduction, x: Any, limits: Limits, label: str) -> InstanceReport:
    """Steps 1-4 of the protocol on one instance, in this process."""
    src, tgt = problem(red.source), problem(red.target)
    start = time.perf_counter()
    rep = InstanceReport(PASS, label=label, source=src.instance_to_json(x), source_size=src.size(x))

    def fail(kind: str, detail: str) -> InstanceReport:
        rep.verdict, rep.failure, rep.detail = FAIL, kind, detail
        rep.seconds = time.perf_counter() - start
        return rep

    src.validate(x)
    try:
        y = red.reduce(x)
    except MemoryError:  # a memory limit is UNKNOWN (check_instance), not a crash of the construction
        raise
    except Exception as exc:  # noqa: BLE001 - a crash of the construction is a finding
        return fail("reduce-crash", f"{type(exc).__name__}: {exc}")
    try:
        tgt.validate(y)
    except InputError as exc:
        return fail("invalid-target", str(exc))
    rep.target_size = tgt.size(y)
    expected_size = red.overhead(x)
    if expected_size is not None:
        wrong = {k: (v, rep.target_size.get(k)) for k, v in expected_size.items() if rep.target_size.get(k) != v}
        if wrong:
            k, (want, got) = next(iter(wrong.items()))
            return fail("overhead", f"{k}: the declared overhead gives {want}, the target has {got}")
    view = red.certificate_view(x, y)
    if view is not None:
        return _check_certificates(red, x, y, view, limits, rep, fail, start)
    source_enc, target_enc = src.encode(x), tgt.encode(y)
    target_cnf = target_enc.cnf
    if target_cnf.nvars > limits.max_target_vars:
        rep.verdict, rep.detail = UNKNOWN, f"target CNF has {target_cnf.nvars} variables (limit {limits.max_target_vars})"
        return rep

    xs = list(solutions(src, x, limits.cap + 1, encoding=source_enc))
    ys = list(solutions(tgt, y, limits.cap + 1, encoding=target_enc))
    x_complete, y_complete = len(xs) <= limits.cap, len(ys) <= limits.cap
    xs, ys = xs[:limits.cap], ys[:limits.cap]
    for sx in xs:
        v = src.check(x, sx)
        if not v:
            return fail("source-encoding", f"the {src.name} encoding yields a solution its checker rejects: {v}")
    for sy in ys:
        v = tgt.check(y, sy)
        if not v:
            return fail("target-encoding", f"the {tgt.name} encoding yields a solution its checker rejects: {v}")
    if bool(xs) != bool(ys):
        return fail("decision", f"source is {'solvable' if xs else 'unsolvable'}, "
                                f"target is {'solvable' if ys else 'unsolvable'}")
    for i, sx in enumerate(xs):
        try:
            sy = red.forward(x, y, sx)
        except MemoryError:  # a memory limit is UNKNOWN (check_instance), not a crash of the construction
            raise
        except Exception as exc:  # noqa: BLE001
            return fail("forward-crash", f"source solution {i}: {type(exc).__name__}: {exc}")
        v = tgt.check(y, sy)
        if not v:
            return fail("forward", f"source solution {i} maps to an invalid target solution: {v}")
    for i, sy in enumerate(ys):
        try:
            sx = red.backward(x, y, sy)
        except MemoryError:  # a memory limit is UNKNOWN (check_instance), not a crash of the construction
            raise
        except Exception as exc:  # noqa: BLE001
            return fail("backward-crash", f"target solution {i}: {type(exc).__name__}: {exc}")
        v = src.check(x, sx)
        if not v:
            return fail("backward", f"target solution {i} maps back to an invalid source solution: {v}")

    src_cnf = source_enc.cnf
    cx = count_cnf(src_cnf)
    cy = count_cnf(target_cnf)
    rep.source_count, rep.target_count = cx, cy
    if x_complete and cx != len(xs):
        return fail("counter-disagreement", f"source: Ganak counts {cx}, enumeration {len(xs)}")
    if y_complete and cy != len(ys):
        return fail("counter-disagreement", f"target: Ganak counts {cy}, enumeration {len(ys)}")
    rep.relation = f"target/source = {ratio(cy, cx)}"
    rep.expected = red.claim.expected(x, cx)
    if rep.expected is not None and cy != rep.expected:
        return fail("count", f"claim {red.claim.describe()}: expected {rep.expected} target solutions "
                             f"for {cx} source solutions, found {cy}")
    rep.seconds = time.perf_counter() - start
    return rep


def _check_certificates(red: Reduction, x: Any, y: Any, view: CertificateView, limits: Limits,
                        rep: InstanceReport, fail: Callable[[str, str], InstanceReport],
                        start: float) -> InstanceReport:
    """Steps 2-4 in projected form, for a reduction offering a :class:`CertificateView`: every source
    solution maps forward to a target solution the checker accepts, showing the source solution's
    certificate; every target solution the view yields (one per readable certificate) passes the checker
    and maps back to a source solution with the same certificate; and the readable certificates are
    exactly the source solutions' certificates. ``target_count`` counts readable certificates. A cap hit on
    either side is UNKNOWN."""
    src, tgt = problem(red.source), problem(red.target)
    source_enc = src.encode(x)
    xs = list(solutions(src, x, limits.cap + 1, encoding=source_enc))
    ys = list(view.solutions(limits.cap + 1))
    for sx in xs[:limits.cap]:
        v = src.check(x, sx)
        if not v:
            return fail("source-encoding", f"the {src.name} encoding yields a solution its checker rejects: {v}")
    for sy in ys[:limits.cap]:
        v = tgt.check(y, sy)
        if not v:
            return fail("target-encoding", f"the certificate view yields a {tgt.name} solution its checker "
                                           f"rejects: {v}")
    if bool(xs) != bool(ys):
        return fail("decision", f"source is {'solvable' if xs else 'unsolvable'}, "
                                f"target is {'solvable' if ys else 'unsolvable'}")
    wanted: dict[tuple[bool, ...], int] = {}
    for i, sx in enumerate(xs[:limits.cap]):
        try:
            sy = red.forward(x, y, sx)
        except MemoryError:  # a memory limit is UNKNOWN (check_instance), not a crash of the construction
            raise
        except Exception as exc:  # noqa: BLE001
            return fail("forward-crash", f"source solution {i}: {type(exc).__name__}: {exc}")
        v = tgt.check(y, sy)
        if not v:
            return fail("forward", f"source solution {i} maps to an invalid target solution: {v}")
        wanted[view.of_source(sx)] = i
        if view.of_target(sy) != view.of_source(sx):
            return fail("forward", f"source solution {i} maps to a target solution showing certificate "
                                   f"{view.of_target(sy)}, not its own {view.of_source(sx)}")
    readable: set[tuple[bool, ...]] = set()
    for i, sy in enumerate(ys[:limits.cap]):
        cert = view.of_target(sy)
        if cert in readable:
            return fail("target-encoding", f"the certificate view yields certificate {cert} twice")
        readable.add(cert)
        try:
            sx = red.backward(x, y, sy)
        except MemoryError:  # a memory limit is UNKNOWN (check_instance), not a crash of the construction
            raise
        except Exception as exc:  # noqa: BLE001
            return fail("backward-crash", f"target solution {i}: {type(exc).__name__}: {exc}")
        v = src.check(x, sx)
        if not v:
            return fail("backward", f"target solution {i} (certificate {cert}) maps back to an invalid "
                                    f"source solution: {v}")
        if view.of_source(sx) != cert:
            return fail("backward", f"target solution {i} shows certificate {cert} but maps back to a source "
                                    f"solution with certificate {view.of_source(sx)}")
    if len(xs) > limits.cap or len(ys) > limits.cap:
        rep.verdict, rep.detail = UNKNOWN, f"more than {limits.cap} solutions or certificates"
        return rep
    src_cnf = source_enc.cnf
    cx = count_cnf(src_cnf)
    if cx != len(xs):
        return fail("counter-disagreement", f"source: Ganak counts {cx}, enumeration {len(xs)}")
    counted = view.count() if view.count is not None else None
    if counted is not None and counted != len(readable):
        return fail("counter-disagreement", f"target certificates: counted {counted}, enumerated {len(readable)}")
    rep.source_count, rep.target_count, rep.expected = cx, len(readable), len(wanted)
    rep.relation = f"readable certificates / source certificates = {ratio(len(readable), len(wanted))}"
    if readable != set(wanted):
        extra = sorted(readable - set(wanted))
        missing = sorted(set(wanted) - readable)
        return fail("count", f"certificates readable from target solutions are not exactly the source "
                             f"solutions' ({len(readable)} readable, {len(wanted)} expected; "
                             f"e.g. {'unexpected ' + str(extra[0]) if extra else 'missing ' + str(missing[0])})")
    rep.seconds = time.perf_counter() - start
    return rep


def check_instance(red: Reduction, x: Any, limits: Limits = Limits(), label: str = "") -> InstanceReport:
    """The protocol on one source instance, in a worker process under ``limits.seconds``."""
    start = time.perf_counter()
    try:
        return run_limited(_check, red, x, limits, label, seconds=limits.seconds)
    except LimitReached as exc:
        src = problem(red.source)
        return InstanceReport(UNKNOWN, label=label, detail=str(exc), source=src.instance_to_json(x),
                              source_size=src.size(x), seconds=time.perf_counter() - start)


def shrink(red: Reduction, x: Any, failure: str, limits: Limits = Limits()) -> InstanceReport | None:
    """Greedily shrink a failing source instance while the same failure persists; the smallest report."""
    src = problem(red.source)
    deadline = time.monotonic() + limits.shrink_seconds
    best: InstanceReport | None = None
    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        for cand in src.shrink(x):
            if time.monotonic() >= deadline:
                break
            rep = check_instance(red, cand, limits, "shrunk")
            if rep.verdict == FAIL and rep.failure == failure:
                x, best, progress = cand, rep, True
                break
    return best


def sample_sources(red: Reduction, count: int, seed: int,
                   params: Mapping[str, str] | None = None) -> list[tuple[str, Any]]:
    """``count`` source instances for ``red``: its worked example first, then generated instances cycling
    through the reduction's ``verify_params`` (or ``params``) and the source's generator modes (random,
    planted, unsat), seeded deterministically from ``seed``. Unsatisfiable sources are drawn at the sizes
    the source declares practical for ``--unsat`` (its ``mode_params``) unless ``params`` are given."""
    src = problem(red.source)
    out: list[tuple[str, Any]] = []
    example = red.example()
    if example is not None and count > 0:
        out.append(("paper example", example[0]))
    param_sets = [dict(params)] if params else [dict(p) for p in red.verify_params] or [{}]
    modes: list[str | None] = [None] + [m for m in ("planted", "unsat") if m in src.modes]
    i = 0
    while len(out) < count:
        p = param_sets[i % len(param_sets)]
        mode = modes[(i // len(param_sets)) % len(modes)]
        s = seed * 1_000_003 + i
        if mode == "unsat" and not params:
            unsat = red.verify_unsat_params
            p = {**p, **(src.mode_params.get("unsat", {}) if unsat is None else unsat)}
        try:
            gen = src.generate_seeded(p, s, mode)
        except InputError:
            if mode is None:
                raise
            gen = src.generate_seeded(p, s, None)
            mode = None
        shown = " ".join(f"{k}={v}" for k, v in sorted(p.items()))
        out.append((f"seed={s} {shown}{' --' + mode if mode else ''}".strip(), gen.instance))
        i += 1
    return out


def verify_reduction(red: Reduction, instances: int = 20, seed: int = 0,
                     params: Mapping[str, str] | None = None, limits: Limits = Limits(),
                     sources: list[tuple[str, Any]] | None = None) -> VerifyReport:
    """Run the protocol on ``instances`` sampled sources (or the given ``sources``); shrink the first FAIL."""
    batch = sources if sources is not None else sample_sources(red, instances, seed, params)
    report = VerifyReport(red.name, red.claim.describe(), [])
    for label, x in batch:
        rep = check_instance(red, x, limits, label)
        report.instances.append(rep)
        if rep.verdict == FAIL and report.counterexample is None:
            smaller = shrink(red, x, rep.failure, limits)
            report.counterexample = smaller if smaller is not None else rep
            if smaller is not None:
                report.counterexample.label = f"shrunk from {label}"
    return report
