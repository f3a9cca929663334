"""The JSON envelope ``{"problem": NAME, "version": 1, ...}`` for instances and solutions, and the one way
an instance is read from text: an envelope, or any format a problem reads (:func:`read_any`).

An instance document holds the problem's fields next to ``problem`` and ``version`` (and optionally
``meta``: seed, generator parameters, planted solution). A solution document holds ``solution``
(``gadgetry solve --json`` prints one, so its output can be passed to ``gadgetry check``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import registry
from .errors import InputError

if TYPE_CHECKING:
    from .problem import Format, Problem

VERSION = 1
ENVELOPE_KEYS = ("problem", "version", "meta")


def dumps(doc: Mapping[str, Any]) -> str:
    """Canonical JSON text: sorted keys, so the same document is the same bytes."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":")) + "\n"


def instance_document(prob: Problem, instance: Any, meta: Mapping[str, Any] | None = None) -> dict:
    doc = {"problem": prob.name, "version": VERSION, **prob.instance_to_json(instance)}
    if meta:
        doc["meta"] = dict(meta)
    return doc


def solution_document(prob: Problem, instance: Any, solution: Any) -> dict:
    return {"problem": prob.name, "version": VERSION, "solution": prob.solution_to_json(instance, solution)}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, what: str = "input") -> Any:
    """Strict JSON: no NaN or Infinity; integers of more than 4,300 digits and nesting beyond Python's
    recursion limit are one :class:`InputError` line like any other malformed text."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InputError(f"{what} is not valid JSON: nested too deeply") from None
    except ValueError as exc:  # an integer of too many digits, NaN, Infinity
        reason = "an integer has too many digits" if "digits" in str(exc) else str(exc)
        raise InputError(f"{what} is not valid JSON: {reason}") from None


def open_envelope(doc: Any, what: str = "input") -> tuple[str, dict]:
    """Check the envelope and return ``(problem name, body without the envelope keys)``."""
    if not isinstance(doc, dict):
        raise InputError(f"{what}: expected a JSON object with a 'problem' key")
    name = doc.get("problem")
    if not isinstance(name, str):
        raise InputError(f"{what}: missing 'problem' name")
    version = doc.get("version", VERSION)
    if version != VERSION:
        raise InputError(f"{what}: unsupported version {version!r} (this gadgetry reads version {VERSION})")
    return name, {k: v for k, v in doc.items() if k not in ENVELOPE_KEYS}


def read_instance(prob: Problem, body: Mapping[str, Any], what: str = "input") -> Any:
    """Decode and validate an instance body; any failure is one :class:`InputError` line."""
    try:
        instance = prob.instance_from_json(body)
    except InputError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InputError(f"{what}: malformed {prob.name} instance ({type(exc).__name__}: {exc})") from None
    prob.validate(instance)
    return instance


def read_solution(prob: Problem, instance: Any, doc: Any, what: str = "solution") -> Any:
    if isinstance(doc, dict) and "solution" in doc:
        if doc.get("problem", prob.name) != prob.name:
            raise InputError(f"{what} is for problem {doc.get('problem')!r}, the instance is {prob.name!r}")
        if doc["solution"] is None:  # what solve writes for an unsat or unknown instance
            raise InputError(f"{what} holds no solution (status {doc.get('status', 'none')})")
        doc = doc["solution"]
    try:
        return prob.solution_from_json(instance, doc)
    except InputError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InputError(f"{what}: malformed {prob.name} solution ({type(exc).__name__}: {exc})") from None


#: What a format reader or detector may raise on text it does not expect, reported as malformed input.
_MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError)


def _detects(fmt: Format, text: str) -> bool:
    try:
        return fmt.detect is not None and bool(fmt.detect(text))
    except _MALFORMED:
        return False


def read_format(prob: Problem, fmt: Format, text: str, options: Mapping[str, str] | None = None,
                what: str = "input") -> Any:
    """An instance of ``prob`` read from ``text`` in format ``fmt``, validated; any failure is one
    :class:`InputError` line."""
    try:
        instance = fmt.read(text, options or {})
    except InputError:
        raise
    except _MALFORMED as exc:
        raise InputError(f"{what}: malformed {fmt.name} input ({type(exc).__name__}: {exc})") from None
    prob.validate(instance)
    return instance


def candidates(text: str, problem_name: str | None = None, format_name: str | None = None
               ) -> list[tuple[Problem, Format]]:
    """The (problem, format) pairs that may read ``text``: every format whose ``detect`` recognises its
    shape (or the format named ``format_name``), of the problem named ``problem_name`` if given, else of
    the problem the text names when the format tells (``Format.problem_of``, e.g. DIMACS)."""
    if problem_name:
        probs = [registry.problem(problem_name)]
    else:
        probs = list(registry.problems().values()) if format_name else registry.readers(text)
    return detected(probs, text, problem_name is None, format_name)


def detected(probs: Iterable[Problem], text: str, attributed: bool = True, format_name: str | None = None
             ) -> list[tuple[Problem, Format]]:
    """The (problem, format) pairs of ``probs`` whose format recognises ``text`` (or is named
    ``format_name``), by problem and format name; ``attributed``: only the problem a shared format
    attributes the text to (``Format.problem_of``)."""
    pairs = [(p, f) for p in probs for f in p.formats().values()
             if (f.name == format_name if format_name else _detects(f, text))]
    if attributed:
        pairs = [(p, f) for p, f in pairs if f.problem_of is None or f.problem_of(text) == p.name]
    return sorted(pairs, key=lambda pair: (pair[0].name, pair[1].name))


def read_any(text: str, what: str = "input", problem_name: str | None = None,
             options: Mapping[str, str] | None = None, format_name: str | None = None) -> tuple[Problem, Any]:
    """An instance from text: a JSON envelope, or any format a problem reads (found by each format's own
    check of its shape; several candidates are an error naming them)."""
    if not text.strip():
        raise InputError(f"{what}: empty input")
    if format_name is None and text.lstrip()[:1] in ("{", "["):
        doc = parse_json(text, what)
        if isinstance(doc, dict) and "problem" in doc:
            name, body = open_envelope(doc, what)
            if problem_name is not None and problem_name != name:
                raise InputError(f"{what} holds a {name} instance, not {problem_name}")
            prob = registry.problem(name)
            return prob, read_instance(prob, body, what)
    pairs = candidates(text, problem_name, format_name)
    if not pairs:
        if format_name:
            raise InputError(f"no problem reads format {format_name!r}"
                             + (f" as {problem_name}" if problem_name else ""))
        if text.lstrip()[:1] in ("{", "["):
            open_envelope(parse_json(text, what), what)  # names what the JSON lacks
        named = registry.problem(problem_name) if problem_name is not None else None
        if named is not None and len(named.formats()) == 1:  # its one format names the line it refuses
            return named, read_format(named, next(iter(named.formats().values())), text, options, what)
        claims = sorted({(f.name, f.problem_of(text)) for p in registry.problems().values()
                         for f in p.formats().values() if f.problem_of is not None and _detects(f, text)})
        if claims:  # e.g. DIMACS saying 'c problem 3-sat'
            fmt_name, claimed = claims[0]
            raise InputError(f"{what} names the problem {claimed!r}, which does not read {fmt_name}")
        raise InputError(f"{what}: neither a JSON instance nor a format any problem reads")
    if len(pairs) > 1:
        names = ", ".join(f"{p.name} ({f.name})" for p, f in pairs)
        raise InputError(f"{what} could be read as {names}: give --problem")
    prob, fmt = pairs[0]
    return prob, read_format(prob, fmt, text, options, what)
