"""``gadgetry report``: a self-contained HTML report of a campaign database."""

from __future__ import annotations

import argparse

from gadgetry.core.files import check_output

from .common import EXIT_OK, emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="a self-contained HTML report of a campaign database")
    p.add_argument("db")
    p.add_argument("-o", "--output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gadgetry.campaign.report import render

    check_output(args.output, [args.db])
    emit(render(args.db), args.output, args.db)
    return EXIT_OK
