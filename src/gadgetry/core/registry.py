"""The registry of problems and reductions.

Built-in modules are discovered in :data:`BUILTIN_PACKAGES`: a module exposes ``PROBLEMS`` (a list of
:class:`Problem` instances) and/or ``REDUCTIONS`` (a list of :class:`Reduction` instances), and adding a
problem or a reduction is adding one module. A user's plugin file (``--plugin FILE.py``) is loaded the
same way.

**Naming** (checked by ``tests/test_layout.py``): a reduction module is named after the reductions it
registers. The module name of a registered name is :func:`module_name`: ``-`` becomes ``_`` and a leading
digit is spelled out (``1in3sat-from-3sat`` -> ``onein3sat_from_3sat``, ``3sat-from-sat`` ->
``threesat_from_sat``). A module registers one *family*: every name it registers, as a module name, is the
module's own name, or it with variant words inserted before ``_from_`` (:func:`in_family`:
``edge-matching-signed-from-hamiltonian-path`` belongs to ``edge_matching_from_hamiltonian_path``; a name
without ``_from_`` may have variant words appended). A module of gadget data or a construction shared by
several reductions registers nothing and lives in ``gadgetry.reductions.gadgets``. Sub-packages are walked
too (:func:`builtin_modules`).

**Lazily loaded**: a command imports only the modules it uses. A problem's module is looked up in
:data:`PROBLEM_MODULES`, a reduction's among the reduction modules of its family (:func:`in_family`, found
by listing the package, not importing it); a name found in neither way loads every built-in module, as do
:func:`problems`, :func:`reductions` and :func:`path`. A bare text (a file naming no problem) is offered to
the formats of the modules whose signature it has (:data:`READER_SIGNATURES`, :func:`readers`), and of
every plugin's problem.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    from .problem import Problem
    from .reduction import Reduction

#: The packages whose modules are the built-ins: every module in them that defines ``PROBLEMS`` or
#: ``REDUCTIONS`` is registered (modules whose names start with ``_`` are skipped).
BUILTIN_PACKAGES = ("gadgetry.sources", "gadgetry.puzzles", "gadgetry.reductions")

#: The module registering each built-in problem (``tests/test_layout.py`` checks it against the modules).
#: A problem missing here is still found, by loading every module.
PROBLEM_MODULES = {
    "euler-circuit": "gadgetry.sources.euler_circuits",
    "geography": "gadgetry.sources.geography",
    "hamiltonian-cycle": "gadgetry.sources.hamiltonicity",
    "hamiltonian-path": "gadgetry.sources.hamiltonicity",
    "grid-hamiltonian-cycle": "gadgetry.sources.grid_hamiltonicity",
    "grid-hamiltonian-path": "gadgetry.sources.grid_hamiltonicity",
    "interval-pair-cover": "gadgetry.sources.interval_pair_cover",
    "3dm": "gadgetry.sources.matching3d",
    "n3p-3sat-3-1n": "gadgetry.sources.n3p_sat",
    "n3p-3sat-2p-e1n": "gadgetry.sources.n3p_sat",
    "literal-matching-n3p-3sat-2p-e1n": "gadgetry.sources.n3p_sat",
    "planar-3sat": "gadgetry.sources.planar_sat",
    "planar-monotone-3sat": "gadgetry.sources.planar_sat",
    "qbf": "gadgetry.sources.qbf",
    "qsat2": "gadgetry.sources.qsat2",
    "rectilinear-steiner-tree": "gadgetry.sources.steiner",
    "planar-positive-1in3sat": "gadgetry.sources.planar_sat",
    "planar-connected-vertex-cover": "gadgetry.sources.connected_vertex_cover",
    "sat": "gadgetry.sources.sat",
    "3sat": "gadgetry.sources.sat",
    "exact-3sat": "gadgetry.sources.sat",
    "1in3sat": "gadgetry.sources.sat",
    "positive-1in3sat": "gadgetry.sources.sat",
    "positive-nae3sat": "gadgetry.sources.sat",
    "projected-sat": "gadgetry.sources.sat",
    "subset-sum": "gadgetry.sources.subsetsum",
    "x3c": "gadgetry.sources.x3c",
    "tree-residue-vertex-breaking": "gadgetry.sources.vertex_breaking",
    "witness-restricted-squares": "gadgetry.puzzles.witness_restricted",
    "edge-matching-game": "gadgetry.puzzles.edgematching.games",
    "adversarial-boundary-edge-matching": "gadgetry.puzzles.edgematching.adversarial",
    "shapeless-edge-matching": "gadgetry.puzzles.edgematching.shapeless",
    "edge-matching": "gadgetry.puzzles.edgematching.square",
    "triangle-edge-matching": "gadgetry.puzzles.edgematching.triangle",
    "flowfree": "gadgetry.puzzles.flowfree",
    "kurodoko": "gadgetry.puzzles.kurodoko",
    "letterboxed": "gadgetry.puzzles.letterboxed",
    "pips": "gadgetry.puzzles.pips",
    "strands": "gadgetry.puzzles.strands",
    "tiles": "gadgetry.puzzles.tiles",
    "witness": "gadgetry.puzzles.witness",
}
#: The built-in modules whose problems have formats that recognise a bare text (``Format.detect``), each
#: with a pattern (``re.search``) found in every text one of those formats recognises and, where a format
#: is shared (``Format.problem_of``: DIMACS), attributes to one of the module's problems: a cheap necessary
#: condition, so that recognising a file imports only the modules that may read it (:func:`readers`).
#: ``tests/test_layout.py`` checks the modules, and that the candidates found this way are those found by
#: loading every problem on every format's example texts.
_QDIMACS = r"(?:\A|\s)[ae](?:\s|\Z)|problem\s+(?:qbf|qsat2)"  # a quantifier line, a 'c problem qbf' comment
READER_SIGNATURES = {
    # DIMACS: every line a comment, a header, a SATLIB '%' line or literals
    "gadgetry.sources.sat": r"\A\s*[cp%\d-]",
    # DIMACS naming one of its problems in a 'c problem NAME' comment
    "gadgetry.sources.n3p_sat": r"problem\s+(?:literal-matching-)?n3p-",
    "gadgetry.sources.qbf": _QDIMACS,
    "gadgetry.sources.qsat2": _QDIMACS,
    # e2: a '#' comment or the header's digits first
    "gadgetry.puzzles.edgematching.square": r"\A\s*[#\d]",
    # rows of letters, digits and '.'
    "gadgetry.puzzles.flowfree": r"\A[\w\s.]*\Z",
    # Simon Tatham's game ID 'WxH:...', a puzz.link URL
    "gadgetry.puzzles.kurodoko": r"\A\s*(?:\d+x|https?:|puzz\.|pzv\.|pzprxs\.)",
    # NYT's sides 'abc-def-...'
    "gadgetry.puzzles.letterboxed": r"\A\s*[A-Za-z]+-[A-Za-z]",
    # JSON objects
    "gadgetry.puzzles.pips": r"\A\s*\{",
    "gadgetry.puzzles.strands": r"\A\s*\{",
    # a 'features' line
    "gadgetry.puzzles.tiles": r"features",
    # the browser solver's JSON, its URL fragment, its base64
    "gadgetry.puzzles.witness": r"gridWidth|overv|\A\s*eyJncmlkV2lkdGgi",
}
REDUCTIONS_PACKAGE = "gadgetry.reductions"

_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

_problems: dict[str, Problem] = {}
_reductions: dict[str, Reduction] = {}
_loaded = False
_imported: set[str] = set()
_plugins: set[Path] = set()


def module_name(name: str) -> str:
    """The module name a registered reduction name calls for (module docstring)."""
    stem = name.replace("-", "_")
    return _DIGITS[int(stem[0])] + stem[1:] if stem[:1].isdigit() else stem


def in_family(name: str, module: str) -> bool:
    """Whether the registered reduction ``name`` belongs in the module named ``module``: its module name
    is ``module`` with variant words (``_``-separated) inserted before ``_from_`` (appended, when there is
    no ``_from_``); the source part after ``_from_`` is the same."""
    got, want = module_name(name).partition("_from_"), module.partition("_from_")
    return (got[0] == want[0] or got[0].startswith(want[0] + "_")) and got[1:] == want[1:]


def register(obj: Problem | Reduction) -> None:
    """Add a problem or reduction; a name may be registered once."""
    from .problem import Problem  # the protocols are imported with the first module registering one
    from .reduction import Reduction

    table: dict = _problems if isinstance(obj, Problem) else _reductions
    if not isinstance(obj, (Problem, Reduction)):
        raise TypeError(f"cannot register {obj!r}")
    if obj.name in table and table[obj.name] is not obj:
        raise InputError(f"{obj.name!r} is registered twice")
    table[obj.name] = obj


def _register_module(module: object) -> None:
    for obj in getattr(module, "PROBLEMS", ()):
        register(obj)
    for obj in getattr(module, "REDUCTIONS", ()):
        register(obj)


def builtin_modules() -> list[str]:
    """Every module of :data:`BUILTIN_PACKAGES`, in a stable order: package by package (sources, puzzles,
    reductions), modules sorted by name, a sub-package followed by its own modules. A sub-package whose
    ``__init__`` defines ``PROBLEMS`` or ``REDUCTIONS`` is one unit (its modules are its business, some
    imported only when needed); one that defines neither is a folder of modules, walked the same way.
    Names starting with ``_`` are skipped."""
    return [name for package in BUILTIN_PACKAGES for name in _walk(package)]


def _walk(package: str) -> list[str]:
    import pkgutil  # listing packages is for the commands that load by listing, not for start-up

    names = []
    for m in sorted(pkgutil.iter_modules(importlib.import_module(package).__path__), key=lambda m: m.name):
        if m.name.startswith("_"):
            continue
        name = f"{package}.{m.name}"
        names.append(name)
        if m.ispkg:
            sub = importlib.import_module(name)
            if not (hasattr(sub, "PROBLEMS") or hasattr(sub, "REDUCTIONS")):
                names += _walk(name)
    return names


def load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in builtin_modules():
        _load_module(name)


def _load_module(name: str) -> None:
    """Import a built-in module and register what it defines (once)."""
    if name not in _imported:
        _imported.add(name)
        _register_module(importlib.import_module(name))


def _reduction_modules(name: str) -> list[str]:
    """The reduction modules whose family ``name`` may belong to, by listing the package (no import)."""
    import pkgutil

    package = importlib.import_module(REDUCTIONS_PACKAGE)
    return [f"{REDUCTIONS_PACKAGE}.{m.name}" for m in pkgutil.iter_modules(package.__path__)
            if not m.ispkg and in_family(name, m.name)]


def _find(name: str, table: dict, modules: list[str]) -> None:
    """Make ``name`` registered in ``table`` if a built-in defines it: its own ``modules`` first, else
    every built-in module."""
    for module in modules:
        if name not in table:
            _load_module(module)
    if name not in table:
        load_builtins()


def load_plugin(path: str | Path) -> None:
    """Load a user's file defining ``PROBLEMS`` and/or ``REDUCTIONS`` with the same protocols."""
    load_builtins()
    import importlib.util  # imported here, as pathlib: a command without plugins starts without them
    from pathlib import Path

    path = Path(path)
    if not path.is_file():
        raise InputError(f"plugin {str(path)!r} does not exist")
    if path.resolve() in _plugins:
        return
    _plugins.add(path.resolve())
    modname = f"gadgetry_plugin_{path.stem}"
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise InputError(f"plugin {str(path)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a user's file: report, don't trace back
        raise InputError(f"plugin {str(path)!r} failed to load: {type(exc).__name__}: {exc}") from exc
    if not (getattr(module, "PROBLEMS", None) or getattr(module, "REDUCTIONS", None)):
        raise InputError(f"plugin {str(path)!r} defines neither PROBLEMS nor REDUCTIONS")
    _register_module(module)


def problems() -> dict[str, Problem]:
    """Every problem: the modules of :data:`PROBLEM_MODULES` only (reduction modules are not imported)."""
    for name in dict.fromkeys(PROBLEM_MODULES.values()):
        _load_module(name)
    return dict(_problems)


def readers(text: str) -> list[Problem]:
    """The problems whose formats may recognise ``text``: those of the built-in modules whose signature
    (:data:`READER_SIGNATURES`) ``text`` has, loaded now, and every problem outside
    :data:`PROBLEM_MODULES` (a plugin's); by name."""
    wanted = [module for module, signature in READER_SIGNATURES.items() if re.search(signature, text)]
    for module in wanted:
        _load_module(module)
    return sorted((p for p in _problems.values()
                   if p.name not in PROBLEM_MODULES or PROBLEM_MODULES[p.name] in wanted),
                  key=lambda p: p.name)


def reductions() -> dict[str, Reduction]:
    load_builtins()
    return dict(_reductions)


def problem(name: str) -> Problem:
    _find(name, _problems, [PROBLEM_MODULES[name]] if name in PROBLEM_MODULES else [])
    try:
        return _problems[name]
    except KeyError:
        raise InputError(f"unknown problem {name!r} (see 'gadgetry list')") from None


def reduction(name: str) -> Reduction:
    """A registered reduction, or a chain ``A,B,...`` whose steps must connect."""
    from .reduction import compose

    names = [n.strip() for n in name.split(",")]
    for n in names:
        _find(n, _reductions, _reduction_modules(n))
        if n not in _reductions:
            raise InputError(f"unknown reduction {n!r} (see 'gadgetry list')")
    return compose([_reductions[n] for n in names])


def chains(pool: Iterable[Reduction], source: str, target: str, fewest: bool = True) -> list[Reduction]:
    """The chains from problem ``source`` to ``target`` through the reductions of ``pool`` (a graph search,
    networkx, over the states (problem, variant)) that visit no state twice, so that consecutive steps
    join (the variant one makes is one the next takes), each composed (:func:`compose`): only those of
    the fewest steps when ``fewest``, else every one, fewer steps first, then by name. Empty when none
    exists (or when ``source`` is ``target``)."""
    import networkx as nx  # imported here: commands that find no chain start without it

    from .reduction import compose

    # States are (problem, variant): a step leaves its source state when it takes that variant (an
    # unknown variant, None, is taken by every step) and enters (its target, its target_variant), so a
    # step between two variants of one problem (directed to undirected graphs) is a step like any other.
    reds = sorted(pool, key=lambda r: r.name)
    variants: dict[str, set[str | None]] = {}
    for red in reds:
        variants.setdefault(red.source, {None})
        variants.setdefault(red.target, {None}).add(red.target_variant)
    graph = nx.MultiDiGraph()
    for red in reds:
        for v in variants[red.source]:
            if v is None or red.source_variants is None or v in red.source_variants:
                if (red.source, v) != (red.target, red.target_variant):
                    graph.add_edge((red.source, v), (red.target, red.target_variant), key=red.name,
                                   reduction=red)
    start, goal = (source, None), ("goal", None)
    for v in variants.get(target, ()):
        if (target, v) in graph:
            graph.add_edge((target, v), goal, key="", reduction=None)
    if source == target or start not in graph or goal not in graph or not nx.has_path(graph, start, goal):
        return []
    found = [[graph.edges[e]["reduction"] for e in edges[:-1]]
             for edges in nx.all_simple_edge_paths(graph, start, goal)]
    found.sort(key=lambda steps: (len(steps), [s.name for s in steps]))
    if fewest:
        found = [steps for steps in found if len(steps) == len(found[0])]
    return [compose(steps) for steps in found]


def path(source: str, target: str) -> list[Reduction]:
    """A chain of registered reductions from ``source`` to ``target`` with the fewest steps (the first by
    name among those: :func:`chains`); empty when ``source`` is ``target``."""
    from .reduction import steps_of

    load_builtins()
    problem(source), problem(target)
    if source == target:
        return []
    found = chains(_reductions.values(), source, target)
    if not found:
        raise no_chain(source, target)
    return steps_of(found[0])


def no_chain(source: str, target: str) -> InputError:
    """The error for a pair no chain joins, with the source problem's :attr:`~Problem.chain_hint`."""
    hint = problem(source).chain_hint
    return InputError(f"no chain of reductions from {source} to {target}" + (f" ({hint})" if hint else ""))
