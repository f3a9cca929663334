"""What every command shares: the parser class, exit statuses, instance loading and output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from gadgetry.core import InputError, Problem
from gadgetry.core import registry
from gadgetry.core.envelope import open_envelope, parse_json, read_instance, write_atomic

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_UNKNOWN = 0, 1, 2, 3


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise InputError(message)


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    from pathlib import Path

    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such file")
    try:
        return p.read_text()
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a text file") from None


def format_options(args: argparse.Namespace) -> dict[str, str]:
    """The format options given on the command line (``--words FILE`` is passed on as the file's text)."""
    options = {}
    if getattr(args, "words", None):
        options["words"] = read_text(args.words)
    if getattr(args, "difficulty", None):
        options["difficulty"] = args.difficulty
    return options


def add_format_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--words", metavar="FILE", help="word list (one word a line) for word-puzzle formats")
    p.add_argument("--difficulty", help="which puzzle of a daily file (e.g. NYT Pips: easy, medium, hard)")


def load_instance(path: str, problem_name: str | None = None,
                  options: dict[str, str] | None = None) -> tuple[Problem, Any, dict]:
    """An instance file: a JSON envelope, or any format a problem detects (DIMACS for the SAT family)."""
    text = read_text(path)
    if not text.strip():
        raise InputError(f"{path}: empty input")
    if text.lstrip()[:1] in ("{", "["):
        name, body = open_envelope(parse_json(text, path), path)
        if problem_name is not None and problem_name != name:
            raise InputError(f"{path} holds a {name} instance, not {problem_name}")
        prob = registry.problem(name)
        return prob, read_instance(prob, body, path), parse_json(text, path)
    candidates = registry.problems().values()
    if problem_name is not None:
        candidates = [registry.problem(problem_name)]
    for prob in candidates:
        for fmt in prob.formats().values():
            if fmt.detect is not None and fmt.detect(text):
                if fmt.name == "dimacs" and problem_name is None:
                    from gadgetry.sources.sat import read_dimacs

                    prob, inst = read_dimacs(text)
                    return prob, inst, {}
                inst = fmt.read(text, options or {})
                prob.validate(inst)
                return prob, inst, {}
    raise InputError(f"{path}: neither a JSON instance nor a format any problem reads")


def emit(text: str, out: str | None) -> None:
    if out is None or out == "-":
        sys.stdout.write(text)
    else:
        write_atomic(out, text)


def parse_params(pairs: Sequence[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"expected key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def format_of(prob: Problem, name: str):
    fmts = prob.formats()
    if name not in fmts:
        offered = ", ".join(sorted(fmts)) or "none"
        raise InputError(f"{prob.name} has no format {name!r} (formats: {offered})")
    return fmts[name]
