"""Chain bundles: every instance of a chain run with the reductions between them (``reduce --bundle``), so
that a target solution can be lifted back to a source solution (``gadgetry lift``) without running the
reductions again.

A bundle is one JSON object (docs/formats.md)::

    {"bundle": "gadgetry-chain", "version": 1, "chain": ["3sat-from-sat", ...],
     "instances": [SOURCE_DOCUMENT, INTERMEDIATE_DOCUMENT, ..., TARGET_DOCUMENT]}

each instance an instance document (:func:`gadgetry.core.envelope.instance_document`); step i of
``chain`` reduces ``instances[i]`` to ``instances[i + 1]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import registry
from .envelope import VERSION, instance_document, open_envelope, read_instance, read_solution
from .errors import InputError
from .problem import Problem
from .reduction import Chain, Reduction, backward_through, steps_of
from .verdict import Verdict

KIND = "gadgetry-chain"


@dataclass(frozen=True)
class Bundle:
    """A chain's steps and its instances (``instances[i + 1]`` is step i's target)."""

    steps: tuple[Reduction, ...]
    instances: tuple[Any, ...]

    @property
    def problems(self) -> list[Problem]:
        return [self.steps[0].source_problem, *(s.target_problem for s in self.steps)]


def bundle_of(red: Reduction, source: Any) -> Bundle:
    """The bundle of ``red`` (a chain or one reduction) run on ``source``."""
    instances = red.intermediates(source) if isinstance(red, Chain) else [source, red.reduce(source)]
    return Bundle(tuple(steps_of(red)), tuple(instances))


def bundle_document(bundle: Bundle) -> dict[str, Any]:
    return {"bundle": KIND, "version": VERSION, "chain": [s.name for s in bundle.steps],
            "instances": [instance_document(p, x) for p, x in zip(bundle.problems, bundle.instances)]}


def read_bundle(doc: Any, what: str = "bundle") -> Bundle:
    """A bundle from its JSON document; anything malformed is one :class:`InputError` line."""
    if not isinstance(doc, dict) or doc.get("bundle") != KIND:
        raise InputError(f"{what}: not a chain bundle (expected a JSON object with \"bundle\": \"{KIND}\")")
    if doc.get("version", VERSION) != VERSION:
        raise InputError(f"{what}: unsupported version {doc.get('version')!r} (this gadgetry reads version {VERSION})")
    names, docs = doc.get("chain"), doc.get("instances")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise InputError(f"{what}: 'chain' must be a non-empty list of reduction names")
    steps = steps_of(registry.reduction(",".join(names)))
    if not isinstance(docs, list) or len(docs) != len(steps) + 1:
        raise InputError(f"{what}: 'instances' must list {len(steps) + 1} instances, one more than the chain's steps")
    probs = [steps[0].source, *(s.target for s in steps)]
    instances = []
    for i, (want, d) in enumerate(zip(probs, docs)):
        where = f"{what}: instance {i}"
        name, body = open_envelope(d, where)
        if name != want:
            raise InputError(f"{where} is a {name} instance, the chain needs {want} there")
        instances.append(read_instance(registry.problem(name), body, where))
    return Bundle(tuple(steps), tuple(instances))


@dataclass(frozen=True)
class Lifted:
    """The outcome of :func:`lift`: the source solution (None when a check failed), and the first failed
    check: ``where`` names the instance (``target``, ``step NAME``, ``source``), ``verdict`` its checker's
    verdict."""

    solution: Any
    where: str = ""
    verdict: Verdict | None = None


def lift(bundle: Bundle, solution_doc: Any, what: str = "solution") -> Lifted:
    """A target solution (a solution document or the bare solution JSON) mapped back through every step,
    checked by the target's checker first and by each problem's own checker on the way back."""
    probs, inst = bundle.problems, bundle.instances
    sol = read_solution(probs[-1], inst[-1], solution_doc, what)
    verdict = probs[-1].check(inst[-1], sol)
    if not verdict:
        return Lifted(None, f"the {probs[-1].name} target", verdict)
    for i in range(len(bundle.steps) - 1, -1, -1):
        sol = backward_through(bundle.steps[i:i + 1], inst[i:i + 2], sol)
        verdict = probs[i].check(inst[i], sol)
        if not verdict:
            where = f"the {probs[i].name} source" if i == 0 else f"the {probs[i].name} instance {i}"
            return Lifted(None, f"{where} (mapped back by {bundle.steps[i].name})", verdict)
    return Lifted(sol)

