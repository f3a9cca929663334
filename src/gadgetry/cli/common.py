"""What every command shares: the parser class, exit statuses, instance loading and output."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from gadgetry.core import InputError, LimitReached
from gadgetry.core.envelope import read_any
from gadgetry.core.files import output, read_text

if TYPE_CHECKING:
    from gadgetry.core import Format, Problem

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4


def exit_of(verdict: str) -> int:
    """The exit status of a verdict (verify, campaign): ERROR is an internal error of gadgetry itself."""
    from gadgetry.verify.protocol import ERROR, FAIL, PASS, UNKNOWN  # the verifier, loaded by its commands

    return {PASS: EXIT_OK, FAIL: EXIT_NEGATIVE, UNKNOWN: EXIT_UNKNOWN, ERROR: EXIT_INTERNAL}[verdict]


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise InputError(message)


def number(kind: type[int] | type[float], low: float | None = None, high: float | None = None,
           above: bool = False) -> Callable[[str], Any]:
    """The argument type of every numeric flag: an ``int`` or a finite ``float`` in ``[low, high]``
    (``(low, high]`` when ``above``); anything else is a one-line usage error (exit 2)."""
    noun = "an integer" if kind is int else "a number"

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not {noun}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a finite number")
        if low is not None and (value <= low if above else value < low):
            raise argparse.ArgumentTypeError(f"{value:g} must be {'above' if above else 'at least'} {low:g}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value:.6g} must be at most {high:g}")
        return value

    parse.__name__ = kind.__name__
    return parse


#: Seconds of a time limit or budget: positive, finite, at most 10^7 (about four months).
SECONDS = number(float, 0, 1e7, above=True)
#: A random seed.
SEED = number(int, 0, 2**63 - 1)


def amount(low: int) -> Callable[[str], int]:
    """A number of instances, mutants, workers or solutions: from ``low`` up to 10^9."""
    return number(int, low, 10**9)


#: Megabytes of address space: from 16 MB to 2^30 MB.
MEGABYTES = number(int, 16, 2**30)


def add_limits(p: argparse.ArgumentParser, timeout: bool = True) -> None:
    """``--timeout`` (unless the command has its own, per instance) and ``--memory`` bounding the whole
    command: reading, generating, computing and writing (:func:`gadgetry.core.limits.run_command`)."""
    if timeout:
        p.add_argument("--timeout", type=SECONDS, default=None,
                       help="seconds for the whole command; exit 3 (unknown) when reached")
    p.add_argument("--memory", type=MEGABYTES, default=None,
                   help="MB of address space for the whole command; exit 3 (unknown) when reached")
    p.set_defaults(limit_timeout=timeout)


def print_unknown(args: argparse.Namespace, exc: LimitReached) -> None:
    """What ``solve`` and ``count`` print (on standard output, as their answer) when a limit is reached."""
    doc: dict[str, Any] = {"status": "unknown", "reason": str(exc)}
    doc.update({"count": None, "method": args.method} if args.command == "count" else {"version": 1, "solution": None})
    print(json.dumps(doc) if args.json else f"unknown ({exc})")


def format_options(args: argparse.Namespace) -> dict[str, str]:
    """The format options given on the command line (``--words FILE`` is passed on as the file's text)."""
    options = {}
    if getattr(args, "words", None) == "":
        raise InputError("--words: an empty file name was given")
    if getattr(args, "words", None) is not None:
        options["words"] = read_text(args.words)
    if getattr(args, "difficulty", None):
        options["difficulty"] = args.difficulty
    return options


def add_input_options(p: argparse.ArgumentParser) -> None:
    """The options of a command reading an instance in any format: the problem (for a text several
    problems could read) and the format options."""
    p.add_argument("--problem", help="problem of the input when its format does not say (e.g. DIMACS "
                                     "without a 'c problem' line)")
    p.add_argument("--words", metavar="FILE", help="word list (one word a line) for word-puzzle formats")
    p.add_argument("--difficulty", help="which puzzle of a daily file (e.g. NYT Pips: easy, medium, hard)")


def load_instance(args: argparse.Namespace, path: str) -> tuple[Problem, Any]:
    """The instance in file ``path``, read as the command's input options say."""
    return read_any(read_text(path), path, getattr(args, "problem", None), format_options(args))


def emit(text: str | Iterable[str], out: str | None, *inputs: str | None) -> None:
    """Write a command's output (or its pieces as they are made) to ``out`` (standard output for None or
    ``-``); ``inputs`` are the files the command read, which the output may not overwrite."""
    with output(out, inputs) as fh:
        fh.writelines([text] if isinstance(text, str) else text)


def parse_params(pairs: Sequence[str]) -> dict[str, str]:
    """``key=value`` arguments as a dictionary (values still text: each problem parses its own)."""
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"expected key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def format_of(prob: Problem, name: str) -> Format:
    """The format ``name`` of ``prob``, or a one-line error naming the formats it has."""
    fmts = prob.formats()
    if name not in fmts:
        offered = ", ".join(sorted(fmts)) or "none"
        raise InputError(f"{prob.name} has no format {name!r} (formats: {offered})")
    return fmts[name]
