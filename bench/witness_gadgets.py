"""Write every gadget (chamber) and the hallway of each Witness Hamiltonicity reduction as its own SVG:
``python bench/witness_gadgets.py OUTDIR`` (one file per reduction and gadget)."""

from __future__ import annotations

import pathlib
import re
import sys

from gadgetry.core.registry import reductions
from gadgetry.reductions.gadgets.witness_frame import render_gadgets


def main(outdir: str) -> None:
    out = pathlib.Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    for name, red in sorted(reductions().items()):
        if red.target != "witness" or red.source != "grid-hamiltonian-cycle":
            continue
        for gadget, svg in render_gadgets(red).items():
            path = out / f"{name}--{re.sub(r'[^a-z0-9]+', '-', gadget.lower()).strip('-')}.svg"
            path.write_text(svg)
            print(path)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "witness-gadgets")
