"""The sources ``verify`` and ``campaign`` check, drawn lazily, one at a time.

A default sample of ``count`` sources has four phases, in this order, all within ``count``:

1. the reduction's worked example from the paper;
2. *exhaustive*: every small source (the source problem's ``exhaustive`` set at its
   ``exhaustive_params`` defaults), smallest first by :func:`measure`, up to a share of ``count`` and a
   time budget: a failure found here is already minimal among the sources it covered; sources the
   reduction rejects as outside its domain (an InputError from ``reduce``) are skipped and not counted;
3. *random*: generated sources cycling through the reduction's ``verify_params`` and the generator modes
   (random, planted, unsat and every named edge case of the source, ``Problem.edge_cases``);
4. *sweep*: the same modes (planted draws replaced by random ones: enumerating their many solutions is
   slow at large sizes) at sizes growing by 1.5 per instance up to several times the smallest
   ``verify_params`` (and to at least :data:`SWEEP_AT_LEAST` in the largest size parameter), while instances
   take less than ``Limits.sweep_seconds``; after a slower one the sweep goes on at the base sizes (a
   family whose cost climbs steeply stays within the caller's budget). A grown instance gets
   :data:`SWEEP_LIMIT_RATIO` times the slowest instance checked before it (at least :data:`SWEEP_LIMIT_FLOOR`
   seconds, at most ``Limits.sweep_limit``): one that is UNKNOWN there ends the sweep, is named in the
   report's notes and is replaced by a source of the same seed at the base size, checked under the full limits
   (the sweep is exploration beyond the declared sizes with a budget of its own, like the exhaustive phase's;
   the verdict rests on the instances checked in full).

Seeds are ``seed * SEED_STRIDE + i`` for the i-th generated source, so a label names how to redraw it.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gadgetry.core import InputError, LimitReached, Problem, Reduction
from gadgetry.core.limits import run_limited

SEED_STRIDE = 1_000_003
#: In the cycle of generator modes, an unsatisfiable draw follows every this many edge cases.
UNSAT_EVERY = 4
#: Parameters whose range spans at most this many values (flags, graph families, tile kinds) are
#: categorical: they are never scaled with the size.
NARROW = 10
#: Share of the sample given to the exhaustive phase, and to the size sweep (at most
#: :data:`SWEEP_AT_MOST` instances: large instances have heavy-tailed times, so a few are drawn).
EXHAUSTIVE_SHARE, SWEEP_SHARE, SWEEP_AT_MOST = 1 / 3, 1 / 4, 6
#: The sweep's top level: at least this factor, and at least :data:`SWEEP_AT_LEAST` in the largest size
#: parameter (n >= 10: slips of orderings, name sorts and bases that only show from two digits on).
SWEEP_TOP, SWEEP_AT_LEAST = 3.0, 10
#: The sweep's size factor grows by this much per instance while instances stay fast.
SWEEP_GROWTH = 1.5
#: A grown sweep instance may take this many times the slowest instance checked before it, and at least
#: this many seconds (counts that are fast at the declared sizes can explode one step up: a 1 x 7
#: hypotenuse strip's 3,136 tilings took Ganak 10 s where every smaller instance took 0.05 s).
SWEEP_LIMIT_RATIO, SWEEP_LIMIT_FLOOR = 20, 2.0
#: Seconds a sweep source may take to draw at its grown size before the base size is drawn instead.
SWEEP_DRAW_SECONDS = 2.0
#: At most this many instances of the exhaustive set are drawn (and sorted by size).
EXHAUSTIVE_DRAWN = 20_000
#: The exhaustive phase ends after skipping this many times its quota of sources outside the reduction's
#: domain (a theorem for directed graphs only, say).
OUTSIDE_AT_MOST = 4
#: Small sources whose domain is tested at once (one child process; the first chunk is twice the quota,
#: each next one twice the last), and at most in all (a reduction
#: whose domain the exhaustive set misses, e.g. one graph family, is not searched for long).
DOMAIN_CHUNK, DOMAIN_TESTED = 256, 2048


def measure(src: Problem, x: Any) -> int:
    """The size a counterexample is minimised in: the sum of the source's size measures."""
    return sum(src.size(x).values())


def modes(src: Problem, edge_cases: bool = True) -> list[str | None]:
    """The generator modes a sample cycles through: random (None), planted, unsat, then the edge cases
    (unless ``edge_cases`` is false), with unsat again after every :data:`UNSAT_EVERY` of them (NO
    instances stay a steady share of the sample however many edge cases a source names)."""
    out: list[str | None] = [None, *(m for m in ("planted", "unsat") if m in src.modes)]
    for i, edge in enumerate(src.edge_cases if edge_cases else (), 1):
        out.append(edge)
        if "unsat" in src.modes and i % UNSAT_EVERY == 0 and i < len(src.edge_cases):
            out.append("unsat")
    return out


def level_params(src: Problem, base: Mapping[str, int], factor: float) -> dict[str, int]:
    """``base`` with every size value times ``factor``, rounded up, zero kept, clipped to its range;
    categorical parameters (a range of at most :data:`NARROW` values) are kept as they are."""
    specs = {p.name: p for p in src.params}
    out = {}
    for name, value in base.items():
        spec = specs.get(name)
        wide = spec is None or spec.high - spec.low > NARROW
        scaled = math.ceil(round(value * factor, 6)) if value > 0 and wide else value
        out[name] = max(spec.low, min(spec.high, scaled)) if spec else scaled
    return out


def mode_params(red: Reduction, src: Problem, base: Mapping[str, int], mode: str | None) -> dict[str, int]:
    """``base`` adjusted for ``mode``: unsatisfiable draws at the sizes the reduction (its
    ``verify_unsat_params``) or else the source (its ``mode_params``) declares practical."""
    if mode != "unsat":
        return dict(base)
    unsat = red.verify_unsat_params
    return {**base, **(src.mode_params.get("unsat", {}) if unsat is None else unsat)}


def generate(src: Problem, params: Mapping[str, Any], seed: int, mode: str | None) -> tuple[str | None, Any]:
    """``src.generate_seeded``; a mode the generator gives up on falls back to a random draw (the mode
    actually used is returned)."""
    try:
        return mode, src.generate_seeded(params, seed, mode).instance
    except InputError:
        if mode is None:
            raise
        return None, src.generate_seeded(params, seed, None).instance


def label(params: Mapping[str, Any], seed: int, mode: str | None) -> str:
    shown = " ".join(f"{k}={v}" for k, v in sorted(params.items()))
    return f"seed={seed} {shown}{' --' + mode if mode else ''}".strip()


@dataclass
class Draw:
    """One source of the sample: ``make()`` builds it and returns its label and the instance (run under
    the time limit by the caller)."""

    label: str
    phase: str  # example | exhaustive | random | sweep | given
    make: Callable[[], tuple[str, Any]]
    #: A sweep draw's stand-in at the base size, checked instead when the grown one is UNKNOWN.
    fallback: Draw | None = None
    #: The named edge case drawn (``Problem.edge_cases``), if any.
    edge: str | None = None


def exhaustive_sources(src: Problem, hints: Mapping[str, int] | None = None) -> list[Any]:
    """The source's exhaustive set, smallest first (empty when the source offers none), at its default
    exhaustive parameters except the categorical ones (a range of at most :data:`NARROW` values, e.g.
    ``directed``) that ``hints`` (the reduction's first ``verify_params``) also sets."""
    specs = {p.name: p for p in src.exhaustive_params}
    generator = {p.name: p for p in src.params}  # categorical: narrow as a generator parameter too
    given = {k: v for k, v in (hints or {}).items()
             if k in specs and all(p.high - p.low <= NARROW for p in (specs[k], generator.get(k, specs[k])))
             and specs[k].low <= v <= specs[k].high}
    try:
        every = src.exhaustive(src.resolve_params(given, exhaustive=True))
        drawn = list(itertools.islice(every, EXHAUSTIVE_DRAWN))
    except InputError:
        return []
    return sorted(drawn, key=lambda x: measure(src, x))


class Sampler:
    """The lazy sample of ``count`` sources for ``red`` (see the module docstring); call
    :meth:`seconds_taken` after each instance so that the sweep climbs only while instances stay fast, and
    :meth:`outside_domain` when a small source turns out to be outside the reduction's domain
    (``in_domain``, when given, filters the small sources beforehand, a chunk at a time).
    With explicit ``params`` (or ``phases=False``) the sample is the example and the random phase only;
    ``edge_cases=False`` leaves the edge cases out of the random phase's modes."""

    def __init__(self, red: Reduction, count: int, seed: int, params: Mapping[str, str] | None = None,
                 exhaustive_seconds: float = 30.0, sweep_seconds: float = 0.25, phases: bool = True,
                 in_domain: Callable[[list[Any]], list[bool] | None] | None = None,
                 edge_cases: bool = True) -> None:
        self.red, self.src, self.count, self.seed = red, red.source_problem, count, seed
        self.edge_cases = edge_cases
        self.params = dict(params) if params else None
        self.phases = phases and self.params is None  # the exhaustive phase and the size sweep
        self.exhaustive_seconds, self.sweep_seconds = exhaustive_seconds, sweep_seconds
        self.exhaustive_covered = 0  # small sources checked
        self.exhaustive_total = 0  # small sources in the exhaustive set
        self.exhaustive_bound: int | None = None  # smallest measure left unchecked (None: all checked)
        self.exhaustive_outside = 0  # small sources outside the reduction's domain (skipped)
        self.edge_outside = 0  # edge-case draws outside the reduction's domain (skipped, drawn again)
        self.in_domain = in_domain  # which small sources the reduction accepts (None: unknown, try each)
        self._outside = False
        self._last_seconds = self._slowest_random = self._slowest = 0.0
        self._last_phase = ""
        self._level = 0
        self.sweep_factor = 1.0  # the largest size factor the sweep reached
        self._sweep_over = False

    def _within_domain(self, small: list[Any], quota: int, deadline: float) -> list[Any]:
        """The small sources in the reduction's domain (``in_domain`` tells, a chunk at a time), until
        ``quota`` are found, :data:`DOMAIN_TESTED` were tested or the time is up; the rest unfiltered."""
        kept: list[Any] = []
        i = 0
        size = 2 * quota  # doubling: a costly reduce is not run 256 times when 2 sources are wanted
        while i < min(len(small), DOMAIN_TESTED) and len(kept) < quota and time.monotonic() < deadline:
            chunk = small[i:i + min(size, DOMAIN_CHUNK)]
            size *= 2
            flags = self.in_domain(chunk) if self.in_domain is not None else None
            if flags is None:
                break
            self.exhaustive_outside += flags.count(False)
            kept += [x for x, ok in zip(chunk, flags) if ok]
            i += len(chunk)
        return kept + small[i:]

    def seconds_taken(self, seconds: float) -> None:
        self._last_seconds = seconds
        self._slowest = max(self._slowest, seconds)
        if self._last_phase == "random":
            self._slowest_random = max(self._slowest_random, seconds)

    def outside_domain(self, edge: bool = False) -> None:
        """The last exhaustive source, or edge-case draw, lies outside the reduction's domain (a theorem
        for directed graphs given an undirected one): it does not count (an edge-case draw is replaced by
        the next draw, at most ``count`` times)."""
        self._outside = True
        if edge:
            self.edge_outside += 1
        else:
            self.exhaustive_outside += 1

    def __iter__(self) -> Iterator[Draw]:
        left = self.count
        example = self.red.example()
        if example is not None and left > 0:
            yield Draw("paper example", "example", lambda: ("paper example", example[0]))
            left -= 1
        if self.phases and left > 0:
            small = exhaustive_sources(self.src, self.red.verify_params[0] if self.red.verify_params else None)
            self.exhaustive_total = len(small)
            quota = min(len(small), max(1, int(self.count * EXHAUSTIVE_SHARE)))
            deadline = time.monotonic() + self.exhaustive_seconds
            if self.in_domain is not None:
                small = self._within_domain(small, quota, deadline)
            i = 0
            while (i < len(small) and self.exhaustive_covered < quota and left > 0
                   and self.exhaustive_outside <= OUTSIDE_AT_MOST * quota and time.monotonic() < deadline):
                x = small[i]
                self._outside = False
                yield Draw(f"exhaustive #{i}", "exhaustive", lambda i=i, x=x: (f"exhaustive #{i}", x))
                i += 1
                if not self._outside:
                    self.exhaustive_covered, left = self.exhaustive_covered + 1, left - 1
            self.exhaustive_bound = measure(self.src, small[i]) if i < len(small) else None
        bases = [dict(self.params)] if self.params else [dict(p) for p in self.red.verify_params] or [{}]
        ms = modes(self.src, self.edge_cases)
        sweep = min(int(left * SWEEP_SHARE), SWEEP_AT_MOST) if self.phases else 0
        for i in itertools.count():
            if left <= 0:
                return
            base = bases[i % len(bases)]
            mode = ms[(i // len(bases)) % len(ms)]
            if left <= sweep and mode == "planted":
                mode = None  # planted sources have many solutions: at large sizes, enumerating them is slow
            p = base if self.params else mode_params(self.red, self.src, base, mode)
            phase, at = "random", [p]
            if left <= sweep:  # the sweep's size, or the base size where the generator cannot draw it
                grown = level_params(self.src, base, self._sweep_factor(base))
                phase, at = "sweep", [grown if self.params else mode_params(self.red, self.src, grown, mode), p]
            s = self.seed * SEED_STRIDE + i
            self._last_phase = phase
            fallback = Draw(label(p, s, mode), phase, lambda p=p, s=s, mode=mode: self._generate([p], s, mode)) \
                if phase == "sweep" else None
            yield Draw(label(at[0], s, mode), phase, lambda at=at, s=s, mode=mode: self._generate(at, s, mode),
                       fallback, mode if mode in self.src.edge_cases else None)
            if self._outside and self.edge_outside <= self.count:
                self._outside = False  # an edge case outside the domain does not count: one more draw
            else:
                left -= 1

    def sweep_seconds_allowed(self, limit: float) -> float:
        """The time the next grown sweep instance gets (see the module docstring), at most ``limit``."""
        return min(limit, max(SWEEP_LIMIT_FLOOR, SWEEP_LIMIT_RATIO * self._slowest))

    def sweep_limited(self) -> None:
        """The last sweep instance was UNKNOWN at its grown size: the sweep is over."""
        self._sweep_over = True

    def _generate(self, at: list[dict[str, int]], s: int, mode: str | None) -> tuple[str, Any]:
        """The source at the first parameters of ``at`` the generator can draw (the sweep's grown sizes
        within :data:`SWEEP_DRAW_SECONDS`: a generator that rejection-samples, e.g. Flow Free boards with
        many colours, may take minutes at three times the size), else at the last."""
        for p in at[:-1]:
            try:
                used, x = run_limited(generate, self.src, p, s, mode, seconds=SWEEP_DRAW_SECONDS)
                return label(p, s, used), x
            except (InputError, LimitReached):
                continue
        used, x = generate(self.src, at[-1], s, mode)
        return label(at[-1], s, used), x

    def _sweep_factor(self, base: Mapping[str, int]) -> float:
        """The next sweep factor: it starts at :data:`SWEEP_GROWTH` when every random-phase instance took
        less than ``sweep_seconds``, grows by :data:`SWEEP_GROWTH` per instance while the last one stayed
        under ``sweep_seconds``, up to the top level (:data:`SWEEP_TOP`, and :data:`SWEEP_AT_LEAST` in the
        largest size parameter); after a slow instance the sweep is over (factor 1)."""
        wide = {p.name for p in self.src.params if p.high - p.low > NARROW}
        largest = max((v for k, v in base.items() if v > 0 and k in wide), default=0)
        top = max(SWEEP_TOP, SWEEP_AT_LEAST / largest) if largest else SWEEP_TOP
        slow = self._slowest_random if self._level == 0 else self._last_seconds
        if self._sweep_over or slow >= self.sweep_seconds:
            self._sweep_over = True
            return 1.0
        if SWEEP_GROWTH ** self._level < top:
            self._level += 1
        factor = min(SWEEP_GROWTH ** self._level, top)
        self.sweep_factor = max(self.sweep_factor, factor)
        return factor


def sample_sources(red: Reduction, count: int, seed: int, params: Mapping[str, str] | None = None,
                   edge_cases: bool = True) -> list[tuple[str, Any]]:
    """The example and the random phase alone, built eagerly: ``count`` labelled sources (for tests that
    need fixed sources; without ``edge_cases``, the sampling ``verify`` used before the exhaustive, edge
    and sweep phases)."""
    return [draw.make() for draw in Sampler(red, count, seed, params, phases=False, edge_cases=edge_cases)]
