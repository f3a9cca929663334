"""The JSON envelope ``{"problem": NAME, "version": 1, ...}`` for instances and solutions, and atomic
file output.

An instance document holds the problem's fields next to ``problem`` and ``version`` (and optionally
``meta``: seed, generator parameters, planted solution). A solution document holds ``solution``
(``gadgetry solve --json`` prints one, so its output can be passed to ``gadgetry check``).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import InputError
from .problem import Problem

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


def parse_json(text: str, what: str = "input") -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


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
        doc = doc["solution"]
    try:
        return prob.solution_from_json(instance, doc)
    except InputError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InputError(f"{what}: malformed {prob.name} solution ({type(exc).__name__}: {exc})") from None


def write_atomic(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces as they are made) to ``path`` through a temporary file in the same
    folder and a rename, so that no partial file is ever left behind. Where the system offers unnamed
    files (Linux's ``O_TMPFILE``) the file has no name until it is complete, so that even a SIGKILL leaves
    nothing behind."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist")
    try:
        fd, tmp = os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o600), None
    except (AttributeError, OSError):  # no unnamed files here: a hidden named one, removed on errors
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.writelines([text] if isinstance(text, str) else text)
            if tmp is None:
                fh.flush()
                tmp = str(folder / f".{path.name}.{os.getpid()}.{id(fh):x}")
                where = os.open(folder, os.O_DIRECTORY)
                try:  # a directory fd makes os.link use linkat, which follows /proc's link to the file
                    os.link(f"/proc/self/fd/{fd}", os.path.basename(tmp), dst_dir_fd=where)
                finally:
                    os.close(where)
        os.replace(tmp, path)
    except BaseException:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)
        raise
