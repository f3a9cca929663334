"""The problem protocol (docs/plugins.md).

A problem (a source problem or a puzzle) is a subclass of :class:`Problem` whose instances are frozen
dataclasses. The subclass gives:

- ``validate(instance)``: raise :class:`InputError` with a one-line message for a malformed instance;
- ``check(instance, solution) -> Verdict``: a pure-Python rule checker, independent of any solver;
- ``encode(instance) -> Encoding``: CNF, the projection identifying a solution, and ``decode``;
- JSON in and out of the instance and solution (the envelope is added by :mod:`gadgetry.core.envelope`);
- sources: ``draw`` and ``draw_planted`` (one random instance, without and with a planted solution), from
  which :meth:`Problem.generate` makes every generator mode (seeded, same seed same bytes); named edge cases
  (``draw_edge``, ``structures``), optional ``exhaustive`` enumeration of every instance up to a size,
  ``brute_force`` (an oracle independent of the encoding) and ``shrink``.

``solution_is`` states what one counted solution is, so that every count says what it counts.
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cnf import CNF
from .errors import InputError
from .sat import DEFAULT_SOLVER, count_cnf, enumerate_projected, solve_clauses, true_vars
from .verdict import Verdict

#: Generator modes a source may support.
MODES = ("planted", "unsat", "unique")


@dataclass(frozen=True)
class Param:
    """A generator parameter given on the command line as ``key=value``."""

    name: str
    default: int
    low: int
    high: int
    help: str = ""

    def parse(self, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise InputError(f"parameter {self.name}={text[:40]!r} is not an integer") from None
        return self.check(value)

    def describe(self) -> dict[str, Any]:
        return {"default": self.default, "range": [self.low, self.high], "help": self.help}

    def check(self, value: int) -> int:
        if not self.low <= value <= self.high:
            raise InputError(f"parameter {self.name}={value} is out of range [{self.low}, {self.high}]")
        return value


def resolve_params(owner: str, params: Iterable[Param], given: Mapping[str, str | int]) -> dict[str, int]:
    """``params`` with defaults filled in from ``given`` (text or integers), parsed and range-checked;
    ``owner`` (a problem or a source family) names the one-line error for an unknown parameter."""
    specs = {p.name: p for p in params}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(specs) or "none"
        raise InputError(f"{owner}: unknown parameter {unknown[0]!r} (parameters: {known})")
    out = {}
    for name, spec in specs.items():
        value = given.get(name, spec.default)
        out[name] = spec.parse(value) if isinstance(value, str) else spec.check(int(value))
    return out


@dataclass
class Encoding:
    """A CNF whose projected models are in one-to-one correspondence with the solutions.

    ``decode`` receives a function telling the truth value of a variable id and returns the solution.
    """

    cnf: CNF
    decode: Callable[[Callable[[int], bool]], Any]

    def decode_model(self, model: Iterable[int]) -> Any:
        """The solution read off a model (a list of signed literals)."""
        return self.decode(true_vars(model).__contains__)

    def solve(self, solver: str = DEFAULT_SOLVER) -> Any | None:
        """One solution by the SAT solver, or None when the CNF is unsatisfiable."""
        model = solve_clauses(self.cnf.clauses, solver)
        return None if model is None else self.decode_model(model)

    def count(self) -> int:
        """The exact projected model count (Ganak)."""
        return count_cnf(self.cnf)

    def unique(self) -> bool:
        """Exactly one projected model, proved by enumerating with a cap of two."""
        cnf = self.cnf
        return sum(1 for _ in enumerate_projected(cnf.nvars, cnf.clauses, cnf.projection, cap=2)) == 1


@dataclass(frozen=True)
class Format:
    """An interchange format of a problem (docs/formats.md): text to instance and back.

    ``read(text, options)`` receives the command line's format options (``words``: the text of a word
    list given by ``--words FILE``; ``difficulty``: ``--difficulty``), only those given. ``detect`` tells,
    by a full check of the text's shape, whether it is in this format (so that any format is accepted
    wherever an instance file is read). A format several problems share says which problem a text is an
    instance of through ``problem_of`` (DIMACS: its ``c problem NAME`` comment, else ``sat``). A format
    whose text may carry a solution, which ``write`` finds by solving, offers ``write_solved(instance,
    solution)``: the text with a solution already known (None: without one), so that writing a hard
    instance (``bench-family``) never solves it.
    """

    name: str
    read: Callable[[str, Mapping[str, str]], Any]
    write: Callable[[Any], str]
    detect: Callable[[str], bool] | None = None
    help: str = ""
    problem_of: Callable[[str], str] | None = None
    write_solved: Callable[[Any, Any], str] | None = None


@dataclass(frozen=True)
class Generated:
    """A generated instance with what the generator knows about it."""

    instance: Any
    planted: Any = None
    meta: Mapping[str, Any] = field(default_factory=dict)


class Problem(ABC):
    """Base class of every problem; see the module docstring for the protocol."""

    name: ClassVar[str]
    title: ClassVar[str] = ""
    paper: ClassVar[str] = ""
    solution_is: ClassVar[str] = "a solution"
    #: Appended to "no chain of reductions from" this problem (why none starts here, what to do instead).
    chain_hint: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()
    modes: ClassVar[tuple[str, ...]] = ()
    exhaustive_params: ClassVar[tuple[Param, ...]] = ()
    #: Generator parameters at which a mode finds instances quickly, by mode: the defaults of a mode's
    #: parameters the user does not give (``generate 3sat --unsat`` draws 5 variables and 40 clauses).
    mode_params: ClassVar[dict[str, dict[str, int]]] = {}
    #: Named edge-case generator modes (``generate PROBLEM --edge NAME``): the structures where reductions
    #: break (short clauses, repeated literals, repeated values, an element no set covers, ...). ``generate``
    #: accepts each as its ``mode``; ``verify`` mixes them into its default sample.
    edge_cases: ClassVar[tuple[str, ...]] = ()
    #: How many draws ``generate`` makes for a mode (``unsat``, ``unique``, or a draw that may fail) before
    #: it gives up.
    attempts: ClassVar[int] = 300
    #: What to try when the draws run out (the end of the one error message).
    attempts_hint: ClassVar[str] = "try other parameters"
    #: The error when the draws run out, by mode, where the generic message says too little
    #: (``{attempts}`` is replaced by the number of draws).
    failures: ClassVar[dict[str, str]] = {}
    #: What ``verify`` counts a side by where :meth:`counting_method` would be the enumeration it checks
    #: (``enumeration`` or ``portfolio``): ``ganak``, or ``brute-force`` where the problem's own enumerator
    #: is faster than Ganak on instances with few solutions (Pips).
    independent_counter: ClassVar[str] = "ganak"

    def __repr__(self) -> str:
        return f"<problem {self.name}>"

    # -- the protocol ----------------------------------------------------------------------------
    @abstractmethod
    def validate(self, instance: Any) -> None:
        """Raise :class:`InputError` for a malformed instance."""

    @abstractmethod
    def check(self, instance: Any, solution: Any) -> Verdict:
        """Whether ``solution`` solves ``instance``, naming the first rule that fails."""

    @abstractmethod
    def encode(self, instance: Any) -> Encoding:
        """CNF encoding; projected models correspond one-to-one to solutions."""

    @abstractmethod
    def instance_to_json(self, instance: Any) -> dict[str, Any]:
        """The instance's fields as JSON (without the envelope keys)."""

    @abstractmethod
    def instance_from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of :meth:`instance_to_json`; raise :class:`InputError` on malformed data."""

    def solution_to_json(self, instance: Any, solution: Any) -> Any:
        return solution

    def solution_from_json(self, instance: Any, data: Any) -> Any:
        return data

    def count(self, instance: Any) -> int:
        """The exact number of solutions: Ganak on the encoding, projected."""
        return self.encode(instance).count()

    def solve(self, instance: Any) -> Any | None:
        """One solution by the SAT solver on the encoding, or None when there is none."""
        return self.encode(instance).solve()

    def is_unsat(self, instance: Any) -> bool:
        """Whether ``instance`` has no solution, proved by the SAT solver (generators' ``unsat`` mode; a
        problem with its own decision procedure overrides this)."""
        return self.solve(instance) is None

    def is_unique(self, instance: Any) -> bool:
        """Whether ``instance`` has exactly one solution, proved by enumerating the encoding's projection
        with a cap of two (generators' ``unique`` mode)."""
        return self.encode(instance).unique()

    def solution_key(self, instance: Any, solution: Any) -> Hashable:
        """A hashable identity of a solution (two solutions are the same iff their keys are equal)."""
        import json

        return json.dumps(self.solution_to_json(instance, solution), sort_keys=True)

    def size(self, instance: Any) -> dict[str, int]:
        """Size measures of an instance, the terms of a reduction's ``overhead``."""
        return {}

    # -- sources -------------------------------------------------------------------------------
    def generate(self, params: Mapping[str, int], rng: random.Random, mode: str | None = None) -> Generated:
        """The generator modes, made of the problem's draws: no mode, one :meth:`draw`; ``planted``, one
        :meth:`draw_planted`; ``unsat``, :meth:`draw_unsat` redrawn until :meth:`is_unsat`; ``unique``,
        :meth:`draw_unique` redrawn until :meth:`is_unique`; an edge case, :meth:`draw_edge` redrawn until
        the instance validates and :meth:`structures` shows the edge case. A draw may return None (a
        construction that got stuck): it is redrawn. At most :attr:`attempts` draws; what was not found is
        told by :attr:`failures` (by mode) or a generic message."""
        if mode is not None and mode not in self.modes + self.edge_cases:
            offered = ", ".join(self.modes + self.edge_cases) or "none"
            raise InputError(f"{self.name}: generator mode --{mode} is not offered (modes: {offered})")
        if mode in self.edge_cases:
            def drawer(p: Mapping[str, int], r: random.Random) -> Generated | None:
                return self.draw_edge(mode, p, r)

            def accept(instance: Any) -> bool:
                return self.is_valid(instance) and mode in self.structures(instance)
        else:
            drawer = {None: self.draw, "planted": self.draw_planted, "unsat": self.draw_unsat,
                      "unique": self.draw_unique}[mode]
            accept = {"unsat": self.is_unsat, "unique": self.is_unique}.get(mode or "", lambda _instance: True)
        for _attempt in range(self.attempts):
            gen = drawer(params, rng)
            if gen is not None and accept(gen.instance):
                return gen
        what = {None: "random", "planted": "planted", "unsat": "unsatisfiable",
                "unique": "uniquely solvable"}.get(mode, f"{mode!r} edge-case")
        failure = self.failures.get(mode or "", f"no {what} instance found in {{attempts}} draws; "
                                                 f"{self.attempts_hint}")
        raise InputError(f"{self.name}: " + failure.format(attempts=self.attempts))

    def is_valid(self, instance: Any) -> bool:
        """Whether :meth:`validate` accepts ``instance``."""
        try:
            self.validate(instance)
        except InputError:
            return False
        return True

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """One random instance (None: the construction got stuck, draw again)."""
        raise InputError(f"problem {self.name!r} has no generator")

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """One random instance built around a solution, returned as ``planted``."""
        raise InputError(f"problem {self.name!r} has no planted generator")

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """One candidate for the ``unsat`` mode (by default a random draw; a problem may bias it)."""
        return self.draw(params, rng)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """One candidate for the ``unique`` mode (by default a planted draw; a problem may thin it out)."""
        return self.draw_planted(params, rng)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """One candidate for the named edge case (one of :attr:`edge_cases`), built to show that structure
        (kept by :meth:`generate` when it validates and does)."""
        raise InputError(f"{self.name}: no edge case {name!r}")

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Any]:
        """Every instance up to the given size (for testing NO instances)."""
        raise InputError(f"problem {self.name!r} has no exhaustive mode")

    def brute_force(self, instance: Any) -> Iterator[Any] | None:
        """Every solution by an oracle independent of :meth:`encode`, or None if not offered."""
        return None

    def count_brute_force(self, instance: Any, stop: int | None = None) -> int | None:
        """How many solutions :meth:`brute_force` yields, at most ``stop`` (None if it is not offered). A
        problem whose enumerator spends most of its time building solutions may count without them."""
        found = self.brute_force(instance)
        return None if found is None else sum(1 for _ in itertools.islice(found, stop))

    def structures(self, instance: Any) -> frozenset[str]:
        """The structure classes ``instance`` shows (names as in :attr:`edge_cases`, e.g. ``"tautology"``),
        so that ``verify`` can report how many instances of each class it covered."""
        return frozenset()

    def shrink(self, instance: Any) -> Iterator[Any]:
        """Smaller instances to try when shrinking a counterexample (none by default)."""
        return iter(())

    def formats(self) -> dict[str, Format]:
        """Interchange formats this problem reads and writes, by name (``gadgetry import/export``)."""
        return {}

    def render_svg(self, instance: Any, solution: Any = None) -> str:
        """An SVG picture of the instance, with ``solution`` drawn in when given (puzzles; see
        :func:`gadgetry.core.render.render_template`)."""
        raise InputError(f"{self.name} has no SVG renderer")

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        """Independent counters besides the CNF encoding (e.g. graphillion), by method name."""
        return {}

    def counting_method(self, instance: Any) -> str:
        """The fastest method that counts ``instance`` exactly, by name (``ganak``, ``enumeration``,
        ``brute-force`` or one of :meth:`extra_counters`): what ``count`` runs when no method is named.
        The default is Ganak on the encoding; a problem with a faster exact counter for some instances
        overrides this (it is called on every count, so it must be cheap)."""
        return "ganak"

    def solving_method(self, instance: Any) -> str:
        """The fastest exact decision method for ``instance``: a PySAT solver name or one of
        :meth:`extra_solvers`; what ``solve`` runs when no solver is named."""
        return DEFAULT_SOLVER

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """Decision procedures besides SAT (a paper's polynomial algorithm), by name: each returns a
        solution or None, and raises InputError on instances outside its class."""
        return {}

    def solutions_without_cnf(self, instance: Any) -> Iterator[Any] | None:
        """Every solution of an instance ``encode`` cannot express (a Sigma2 rule, e.g. Witness antibodies),
        found by the problem's own search; None (the default) when ``encode`` covers the instance."""
        return None

    # -- helpers -------------------------------------------------------------------------------
    def generate_seeded(self, given: Mapping[str, str | int], seed: int, mode: str | None = None) -> Generated:
        """``generate`` with parameters resolved and range-checked, the mode checked, and a
        ``random.Random(seed)`` of its own: the same seed gives the same instance. A parameter not given
        takes the mode's value in :attr:`mode_params` (sizes where such instances are common), else its
        default."""
        return self.generate(self.resolve_params({**self.mode_params.get(mode or "", {}), **given}),
                             random.Random(seed), mode)

    def resolve_params(self, given: Mapping[str, str | int], exhaustive: bool = False) -> dict[str, int]:
        """Generator parameters with defaults filled in, parsed and range-checked."""
        return resolve_params(self.name, self.exhaustive_params if exhaustive else self.params, given)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "problem", "title": self.title, "paper": self.paper,
                "solution": self.solution_is, "modes": list(self.modes), "mode_params": self.mode_params,
                "edge_cases": list(self.edge_cases),
                "formats": sorted(self.formats()),
                "counters": sorted(self.extra_counters()), "solvers": sorted(self.extra_solvers()),
                "params": {p.name: p.describe() for p in self.params}}
