"""The layout conventions: layers import only below themselves, reduction modules are named after the
reductions they register (the rule of :mod:`gadgetry.core.registry`), one family per module, gadget
libraries under ``reductions/gadgets/``. Each check also runs on a planted violation, so it can fail."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
from pathlib import Path

import pytest

import gadgetry
from gadgetry.core import Reduction, registry
from gadgetry.core.registry import in_family, module_name

SRC = Path(gadgetry.__file__).parent

#: What each layer of gadgetry may import (besides itself): core < sources, puzzles < reductions < verify <
#: campaign < cli. Sources and puzzles are side by side: neither imports the other.
ALLOWED = {
    "core": set(),
    "sources": {"core"},
    "puzzles": {"core"},
    "reductions": {"core", "sources", "puzzles"},
    "verify": {"core", "sources", "puzzles", "reductions"},
    "campaign": {"core", "sources", "puzzles", "reductions", "verify"},
    "cli": {"core", "sources", "puzzles", "reductions", "verify", "campaign"},
}


def layer(module: str) -> str | None:
    """The layer of a dotted name inside gadgetry (``gadgetry.cli`` and ``gadgetry.cli.x`` alike); None for
    ``gadgetry`` itself and its top-level attributes (``gadgetry.__version__``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "gadgetry" and len(parts) > 1 and parts[1] in ALLOWED else None


def module_of(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every gadgetry module ``tree`` imports, at top level or inside functions: (line, dotted name)."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            out.append((node.lineno, target))
            out += [(node.lineno, f"{target}.{a.name}") for a in node.names]  # a name may be a module
    return [(line, name) for line, name in out if name == "gadgetry" or name.startswith("gadgetry.")]


def layer_violations(path: Path, text: str | None = None) -> list[str]:
    module = module_of(path)
    own = layer(module)
    tree = ast.parse(path.read_text() if text is None else text)
    bad = []
    for line, name in imported(tree, module, path.name == "__init__.py"):
        other = layer(name)
        if own is None:  # gadgetry/__init__.py imports none of its layers; __main__.py runs the cli
            allowed = {"cli"} if path.name == "__main__.py" else set()
        else:
            allowed = ALLOWED[own] | {own}
        if other is not None and other not in allowed:
            bad.append(f"{path.relative_to(SRC.parent)}:{line} ({own or 'gadgetry'}) imports {name}")
    return bad


def all_modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_every_layer_is_known():
    layers = {p.relative_to(SRC).parts[0].removesuffix(".py") for p in all_modules()}
    assert layers - {"__init__", "__main__"} <= set(ALLOWED), layers


def test_no_package_imports_one_above_it():
    bad = [v for p in all_modules() for v in layer_violations(p)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("where, code", [
    ("core/problem.py", "from gadgetry.sources import sat"),
    ("core/problem.py", "def f():\n    from ..verify import protocol\n"),
    ("sources/sat.py", "import gadgetry.puzzles.kurodoko"),
    ("puzzles/kurodoko.py", "def f():\n    from gadgetry.sources.sat import SAT\n"),
    ("puzzles/edgematching/square.py", "from ...reductions import x3c_from_3dm"),
    ("reductions/x3c_from_3dm.py", "from gadgetry.verify import protocol"),
    ("verify/protocol.py", "from gadgetry import campaign"),
    ("__init__.py", "from gadgetry.core import registry"),
    ("campaign/run.py", "from gadgetry.cli import main"),
])
def test_a_planted_upward_import_is_caught(where, code):
    assert layer_violations(SRC / where, code)


@pytest.mark.parametrize("where, code", [
    ("reductions/x3c_from_3dm.py", "from gadgetry.sources.x3c import X3C\nfrom gadgetry.puzzles import pips"),
    ("puzzles/edgematching/square.py", "def f():\n    from . import square_algorithms\n"),
    ("verify/protocol.py", "from .solve import solutions\nfrom gadgetry.reductions import x3c_from_3dm"),
    ("cli.py", "from gadgetry import __version__, campaign"),
])
def test_imports_below_or_beside_pass(where, code):
    assert not layer_violations(SRC / where, code)


# -- reduction modules -------------------------------------------------------------------------------------
def reduction_modules() -> list[str]:
    return [m for m in registry.builtin_modules() if m.startswith("gadgetry.reductions.")]


def family_violations(module: str, names: list[str]) -> list[str]:
    """A reduction module's name against the names it registers (rule in :mod:`gadgetry.core.registry`)."""
    stem = module.rsplit(".", 1)[1]
    if module.startswith("gadgetry.reductions.gadgets."):
        return [f"{module} is a gadget library but registers {names}"] if names else []
    if not names:
        return [f"{module} registers no reduction: gadget libraries go in gadgetry.reductions.gadgets"]
    return [f"{module} registers {n!r}, whose module would be {module_name(n)}" for n in names
            if not in_family(n, stem)]


def test_module_names_are_registered_names():
    bad = []
    for m in reduction_modules():
        mod = importlib.import_module(m)
        if hasattr(mod, "__path__"):  # a package: its modules are checked one by one
            continue
        bad += family_violations(m, [r.name for r in getattr(mod, "REDUCTIONS", ())])
    assert not bad, "\n".join(bad)


def test_every_registered_reduction_is_in_its_own_module():
    """Every built-in reduction is registered by the module where its class is defined or a module of
    its family (a variant subclass may be defined beside its base)."""
    bad = []
    for m in reduction_modules():
        for red in getattr(importlib.import_module(m), "REDUCTIONS", ()):
            assert isinstance(red, Reduction)
            home = inspect.getmodule(type(red)).__name__  # type: ignore[union-attr]
            if home != m and not in_family(red.name, home.rsplit(".", 1)[1]):
                bad.append(f"{red.name} is registered in {m} but defined in {home}")
    assert not bad, "\n".join(bad)


def test_the_naming_rule():
    assert module_name("1in3sat-from-3sat") == "onein3sat_from_3sat"
    assert module_name("3sat-from-sat") == "threesat_from_sat"
    assert module_name("x3c-from-3dm") == "x3c_from_3dm"
    assert in_family("edge-matching-signed-no-boundary-from-hamiltonian-path",
                     "edge_matching_from_hamiltonian_path")
    assert in_family("hamiltonian-path-any-ends-from-hamiltonian-cycle",
                     "hamiltonian_path_from_hamiltonian_cycle")
    assert in_family("letterboxed-more-sides", "letterboxed_more_sides")
    assert not in_family("hamiltonian-path-from-hamiltonian-cycle", "edge_matching_from_hamiltonian_path")
    assert not in_family("pips-from-subset-sum", "pips_from_subset")
    assert not in_family("hamiltonian-path-from-hamiltonian-cycle-deg3", "hamiltonian_path_from_hamiltonian_cycle")


@pytest.mark.parametrize("module, names", [
    ("gadgetry.reductions.hamcycle_from_positive_1in3sat",
     ["hamiltonian-cycle-from-planar-positive-1in3sat"]),
    ("gadgetry.reductions.edge_matching_from_hamiltonian_path",
     ["edge-matching-signed-from-hamiltonian-path", "hamiltonian-path-from-hamiltonian-cycle"]),
    ("gadgetry.reductions.triangle_edge_matching_from_hamiltonian_cycle",
     ["triangle-edge-matching-signed-from-hamiltonian-cycle",
      "hamiltonian-path-from-hamiltonian-cycle-deg3"]),
    ("gadgetry.reductions.pips_from_subset_sum", ["pipsy-from-subset-sum"]),
    ("gadgetry.reductions.positive_onein3sat_from_onein3sat", ["positive-1in3sat-from-1in3sat"]),
    ("gadgetry.reductions.letterboxed_from_letterboxed", ["letterboxed-more-sides"]),
    ("gadgetry.reductions.kurodoko_gadgets", []),
    ("gadgetry.reductions.gadgets.kurodoko", ["kurodoko-from-1in3sat"]),
])
def test_a_misnamed_module_is_caught(module, names):
    assert family_violations(module, names)


# -- import cycles -----------------------------------------------------------------------------------------
def import_graph(texts: dict[Path, str] | None = None):
    """Module -> gadgetry module imported (top level or in a function), each name cut to the longest
    prefix that is a module; ``texts`` replaces some files' text (planted cycles)."""
    import networkx as nx

    paths = {module_of(p): p for p in all_modules()}
    g = nx.DiGraph()
    for module, path in paths.items():
        text = (texts or {}).get(path, None)
        tree = ast.parse(path.read_text() if text is None else text)
        for _line, name in imported(tree, module, path.name == "__init__.py"):
            while name and name not in paths:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):  # a package's own __init__
                g.add_edge(module, name)
    return g


def cycles(texts: dict[Path, str] | None = None) -> list[list[str]]:
    import networkx as nx

    return sorted(sorted(c) for c in nx.simple_cycles(import_graph(texts)))


#: The one cycle left, inside core: Reduction.source_problem looks its problem up in the registry, which
#: imports Reduction. A new cycle anywhere fails the test.
KNOWN_CYCLES = [["gadgetry.core.reduction", "gadgetry.core.registry"]]


def test_no_import_cycles():
    """No module imports, even inside a function, a module that imports it back (directly or not)."""
    new = [c for c in cycles() if c not in KNOWN_CYCLES]
    assert not new, new


def test_a_planted_cycle_is_caught():
    """Edge matching's problem once imported its algorithms inside a function, the algorithms the problem."""
    algorithms = SRC / "puzzles/edgematching/square_algorithms.py"
    text = algorithms.read_text() + "\n\ndef _f():\n    from gadgetry.puzzles.edgematching.square import NAME\n"
    pair = ["gadgetry.puzzles.edgematching.square", "gadgetry.puzzles.edgematching.square_algorithms"]
    assert pair in cycles({algorithms: text})


def test_the_registry_walks_sub_packages():
    """Every module of sources, puzzles and reductions is a built-in module, or inside a sub-package that
    registers as one unit (witness, tiles); the order is stable, package by package."""
    listed = registry.builtin_modules()
    assert listed == registry.builtin_modules() and len(set(listed)) == len(listed)
    assert "gadgetry.puzzles.edgematching.square" in listed
    assert "gadgetry.reductions.gadgets.kurodoko" in listed
    units = [m for m in listed if hasattr(importlib.import_module(m), "__path__")
             and hasattr(importlib.import_module(m), "PROBLEMS")]
    for path in all_modules():
        m = module_of(path)
        if layer(m) in ("sources", "puzzles", "reductions") and m.count(".") > 1 \
                and not any(part.startswith("_") for part in m.split(".")):
            assert m in listed or any(m.startswith(u + ".") for u in units), m
    layers = [layer(m) for m in listed]
    assert layers == sorted(layers, key=["sources", "puzzles", "reductions"].index)


# -- the lazy registry -----------------------------------------------------------------------------------
def test_the_problem_index_names_each_problems_module():
    """:data:`registry.PROBLEM_MODULES` maps every built-in problem to the module registering it, and
    nothing else (a missing name is still found, by loading everything, but then start-up pays for it)."""
    registered = {p.name: m for m in registry.builtin_modules()
                  for p in getattr(importlib.import_module(m), "PROBLEMS", ())}
    missing = {n: m for n, m in registered.items() if registry.PROBLEM_MODULES.get(n) != m}
    assert not missing, "add to registry.PROBLEM_MODULES:\n" + "\n".join(f'    "{n}": "{m}",'
                                                                        for n, m in missing.items())
    assert set(registry.PROBLEM_MODULES) == set(registered)


LAZY = """
import sys
from gadgetry.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:  # --help
    code = exc.code
heavy = sorted(m for m in ("networkx", "graphillion", "jinja2", "sympy", "numpy", "multiprocessing", "secrets")
               if m in sys.modules)
others = sorted(m for m in sys.modules if m.startswith(("gadgetry.sources.", "gadgetry.puzzles.",
                                                       "gadgetry.reductions.", "gadgetry.verify.")))
print(code, heavy, others)
"""


def lazy_run(*argv: str) -> tuple[int, list[str], list[str]]:
    """A command run in a fresh interpreter: its exit status, the heavy libraries and the gadgetry modules
    (problems, reductions, the verifier) it imported."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", LAZY, *argv], check=False, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip(), out.stderr
    code, heavy, others = out.stdout.strip().splitlines()[-1].split(" ", 2)
    return int(code), eval(heavy), eval(others)


@pytest.mark.parametrize("argv, imported", [
    (["count", "{file}"], ["gadgetry.sources.sat", "gadgetry.verify.solve"]),
    (["reduce", "3sat-from-sat", "{file}"], ["gadgetry.reductions.gadgets", "gadgetry.reductions.gadgets.formula",
                                              "gadgetry.reductions.threesat_from_sat", "gadgetry.sources.sat"]),
])
def test_a_command_imports_only_the_modules_it_uses(tmp_path, argv, imported):
    """The registry loads a problem's or reduction's own module, not every module (start-up)."""
    from gadgetry.core.envelope import dumps, instance_document

    sat = registry.problem("sat")
    file = tmp_path / "f.json"
    file.write_text(dumps(instance_document(sat, sat.generate_seeded({}, 1).instance)))
    assert lazy_run(*[a.format(file=file) for a in argv]) == (0, [], imported)


@pytest.mark.parametrize("command, verifier", [("count", ["gadgetry.verify.solve"]),
                                               ("solve", ["gadgetry.verify.solve"]), ("check", [])])
def test_a_bare_dimacs_file_loads_its_problem_module_only(tmp_path, command, verifier):
    """A bare DIMACS file is recognised by the formats of the modules whose signature it has
    (``registry.READER_SIGNATURES``): only ``sources.sat`` is imported, no other problem module, no reduction
    module, no part of the verifier but the solving of the commands that solve, no heavy library
    (start-up)."""
    file, solution = tmp_path / "f.cnf", tmp_path / "s.json"
    file.write_text("p cnf 3 2\n1 2 0\n-1 3 0\n")
    solution.write_text('{"problem": "sat", "version": 1, "solution": [1, 2, 3]}')
    argv = [command, str(file)] + ([str(solution)] if command == "check" else [])
    assert lazy_run(*argv) == (0, [], ["gadgetry.sources.sat", *verifier])


def test_the_parser_alone_imports_no_problem():
    """``gadgetry --help`` builds every command's parser, importing no problem, reduction or solver; the
    command line's own module imports no command's module."""
    import subprocess
    import sys

    code, heavy, others = lazy_run("--help")
    assert (code, heavy, others) == (0, [], ["gadgetry.verify.solve"])
    out = subprocess.run([sys.executable, "-c", "import sys, gadgetry.cli; print(sorted(sys.modules))"],
                         check=False, capture_output=True, text=True, timeout=120)
    loaded = set(eval(out.stdout))
    assert not {"pysat", "pyganak", "gadgetry.core.problem", "gadgetry.cli.count"} & loaded, out.stderr


@functools.cache
def example_texts() -> list[str]:
    """Texts to recognise: every string the tests hold (DIMACS, QDIMACS, game IDs, URLs, word lists, JSON, ...),
    the files of ``tests/data``, every problem's instances written in each of its formats, and each of those
    with other line ends and blank space around."""
    tests = Path(__file__).parent
    texts = {node.value for path in sorted(tests.rglob("*.py")) for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    texts |= {path.read_text() for path in (tests / "data").rglob("*") if path.is_file()}
    texts |= set((tests / "data" / "range_ids.txt").read_text().splitlines())
    for prob in registry.problems().values():
        for seed in (1, 2):
            inst = prob.generate_seeded({}, seed).instance
            for fmt in prob.formats().values():
                try:
                    texts.add(fmt.write(inst))
                except registry.InputError:  # the format holds only some variants of the problem
                    pass
    variants = {v for t in texts for v in (t.replace("\n", "\r\n"), f"\n  {t}\n\n")}
    return sorted(texts | variants)


def lazy_against_eager(texts: list[str]) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """The texts on which recognising through the signatures (:func:`registry.readers`) gives other
    candidates than asking every problem's formats, and the candidates of every text."""
    from gadgetry.core.envelope import detected

    every = list(registry.problems().values())
    differ, found = [], []
    for text in texts:
        eager = [(p.name, f.name) for p, f in detected(every, text)]
        if [(p.name, f.name) for p, f in detected(registry.readers(text), text)] != eager:
            differ.append(text)
        found.append(eager)
    return differ, found


def test_reader_signatures_name_the_modules_whose_formats_recognise_texts():
    owners = {registry.PROBLEM_MODULES[p.name] for p in registry.problems().values()
              if any(f.detect is not None for f in p.formats().values())}
    assert set(registry.READER_SIGNATURES) == owners


def test_recognising_a_text_by_signatures_finds_what_every_problem_finds():
    """On every example text, the candidates (and so the ambiguity errors, which name them all) are those
    found by loading every problem; the examples cover every format that recognises texts, and ambiguity."""
    texts = example_texts()
    differ, found = lazy_against_eager(texts)
    assert not differ, [t[:80] for t in differ]
    formats = {(p.name, f.name) for p in registry.problems().values() for f in p.formats().values() if f.detect}
    assert {pair for pairs in found for pair in pairs} == formats
    assert sum(len(pairs) > 1 for pairs in found) >= 5


def test_a_signature_missing_texts_of_its_format_is_caught(monkeypatch):
    """A signature asking for a 'p' header would miss DIMACS files opening with a comment."""
    monkeypatch.setitem(registry.READER_SIGNATURES, "gadgetry.sources.sat", r"\A\s*p")
    differ, _ = lazy_against_eager(example_texts())
    assert "c\n" in differ and "p cnf 3 2" not in differ


def test_a_problem_outside_the_index_is_asked_whatever_the_signatures(monkeypatch):
    """A plugin's problem (in no table) is offered every bare text: here a copy of ``sat`` under another
    name, which a DIMACS text's ``c problem`` comment names."""
    import copy

    from gadgetry.core.envelope import read_any

    twin = copy.copy(registry.problem("sat"))
    twin.name = "twin-sat"
    monkeypatch.setitem(registry._problems, "twin-sat", twin)
    prob, _ = read_any("c problem twin-sat\np cnf 1 1\n1 0\n")
    assert prob is twin


def test_a_name_outside_the_index_is_found_by_loading_everything(monkeypatch):
    monkeypatch.setattr(registry, "PROBLEM_MODULES", {})
    assert registry.problem("pips").name == "pips"
    with pytest.raises(registry.InputError, match="unknown problem 'nope'"):
        registry.problem("nope")
