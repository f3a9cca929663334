"""``gadgetry list``: the registered problems and reductions."""

from __future__ import annotations

import argparse
import json

from gadgetry.core import registry

from .common import EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="problems and reductions")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    items = [p.describe() for p in registry.problems().values()]
    items += [r.describe() for r in registry.reductions().values()]
    for it in items:
        it.setdefault("source", None)
        it.setdefault("target", None)
        it.setdefault("section", "")
        it.setdefault("claim", None)
    if args.json:
        print(json.dumps(items, indent=1))
        return EXIT_OK
    width = max(len(it["name"]) for it in items)
    print("problems:")
    for it in items:
        if it["kind"] == "problem":
            print(f"  {it['name']:<{width}}  {it['title']}")
    print("reductions:")
    for it in items:
        if it["kind"] == "reduction":
            cite = ", ".join(x for x in (it["paper"], it["section"], it.get("theorem", "")) if x)
            print(f"  {it['name']:<{width}}  {it['source']} -> {it['target']}  [{it['claim']}]  {cite}")
    return EXIT_OK
