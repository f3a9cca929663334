"""The ``gadgetry`` command line: the only place that parses arguments or prints.

One module per command, each holding its parser (``register``) and its handler (``run``); a module named
like a Python keyword or builtin ends with ``_`` (``import_``, ``list_``).
Exit status: 0 success, 1 a definite negative (invalid solution, failed verification), 2 bad input or
usage (one line on stderr, no traceback, no partial file), 3 unknown (a limit was reached), 4 an internal
error of gadgetry itself (one line on stderr), 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from gadgetry import __version__
from gadgetry.core import InputError, LimitReached, registry
from gadgetry.core.files import check_input, check_output
from gadgetry.core.limits import Terminated, handle_signals, out_of_memory, run_command

from .common import EXIT_INTERNAL, EXIT_OK, EXIT_UNKNOWN, EXIT_USAGE, Parser

#: The commands in the order ``gadgetry --help`` lists them, and the module of each (imported when its
#: parser is built: a command imports no other command's module).
COMMANDS = {"list": "list_", "generate": "generate", "reduce": "reduce", "lift": "lift", "solve": "solve",
            "count": "count", "check": "check", "verify": "verify", "path": "path", "import": "import_",
            "export": "export", "render": "render", "campaign": "campaign", "mutate": "mutate",
            "bench-family": "bench_family", "report": "report"}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's (``--help``), or only the command named ``only`` (start-up:
    the other commands' modules are not imported, their parsers not built)."""
    parser = Parser(prog="gadgetry", description="Executable hardness proofs: reduce, solve, count, verify.")
    parser.add_argument("--version", action="version", version=f"gadgetry {__version__}")
    parser.add_argument("--plugin", action="append", default=[], metavar="FILE.py",
                        help="load problems/reductions from a file defining PROBLEMS / REDUCTIONS")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name, module in COMMANDS.items():
        if only in (None, name):
            importlib.import_module(f"{__name__}.{module}").register(sub)
    return parser


def command_named(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` names, read the way :func:`build_parser`'s parser reads it (the same top-level
    options before it); None when it names none, or none that exists (the whole parser then says what is
    wrong)."""
    pre = Parser(add_help=False)
    pre.add_argument("-h", "--help", action="store_true")
    pre.add_argument("--version", action="store_true")
    pre.add_argument("--plugin", action="append")
    pre.add_argument("command", nargs="?")
    try:
        name = pre.parse_known_args(argv)[0].command
    except InputError:
        return None
    return name if name in COMMANDS else None


def run(args: argparse.Namespace) -> int:
    """One command, its errors reported in one line (in the limited child when there are limits)."""
    try:
        code = args.run(args)
        sys.stdout.flush()  # a write error shows here, not after main has returned
        return code
    except InputError as exc:
        print(f"gadgetry: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except LimitReached as exc:
        print(f"gadgetry: unknown: {exc}", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # standard output or a file could not be written (a full disk, ...)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"gadgetry: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    except RecursionError:  # a recursive search (a brute force) on an instance too large for it: a size limit
        print("gadgetry: unknown: the instance is too large for this method (Python's recursion limit)",
              file=sys.stderr)
        return EXIT_UNKNOWN
    except Exception as exc:  # noqa: BLE001 - a bug of gadgetry, or memory: one line and its own status
        if out_of_memory(exc):
            print("gadgetry: unknown: out of memory", file=sys.stderr)
            return EXIT_UNKNOWN
        print(f"gadgetry: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; Ctrl-C exits 130, SIGTERM and SIGHUP 128 + the signal, each with one line, after
    ending every process the command started."""
    with handle_signals():
        try:
            return _main(argv)
        except KeyboardInterrupt:
            print("gadgetry: interrupted", file=sys.stderr)
            return 130
        except Terminated as exc:
            print(f"gadgetry: terminated by {exc}", file=sys.stderr)
            return 128 + exc.signum


def _main(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser(command_named(argv))
        args, extra = parser.parse_known_args(argv)
        # key=value parameters may follow options (argparse stops filling a '*' positional at the first
        # option): collect them here.
        stray = [a for a in extra if a.startswith("-") or "=" not in a or not hasattr(args, "params")]
        if stray:
            parser.error(f"unrecognized arguments: {' '.join(stray)}")
        if extra:
            args.params = [*args.params, *extra]
        for plugin in args.plugin:
            registry.load_plugin(plugin)
        inputs = [getattr(args, name, None) for name in ("file", "solution")]
        for path in inputs:  # before the limited child: a missing file is bad input, not a limit
            if path is not None:
                check_input(path)
        if getattr(args, "output", None) is not None and args.command != "bench-family":  # not after the work
            check_output(args.output, inputs)
    except InputError as exc:
        print(f"gadgetry: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    whole = hasattr(args, "limit_timeout")  # --timeout (where it is not per instance) and --memory
    try:
        # the command line itself (no argv given) runs the command in a child, so that a signal ends it
        # at once; called from Python (tests, scripts), it runs here unless limited
        return run_command(lambda: run(args), args.timeout if whole and args.limit_timeout else None,
                           args.memory if whole else None, isolate=argv is None)
    except LimitReached as exc:
        if hasattr(args, "on_limit"):
            args.on_limit(args, exc)
        print(f"gadgetry: unknown: {exc}", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # the child's output could not be passed on (a full disk, ...), or no fork
        print(f"gadgetry: error: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
