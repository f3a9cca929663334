"""The HTML report of a campaign database: one self-contained page (``templates/report.html.j2``).

Per reduction: instances run, PASS / FAIL / UNKNOWN, the count relation observed against the claim, two
log-log plots (target size, and verification time, against source size) with the fitted growth exponent,
and the shrunk counterexample of every FAIL drawn as SVG. Then a gallery: for each reduction, its smallest
satisfiable instance that passed, solved, with the target and its mapped solution, drawn as SVG.

The *size* of an instance in the plots is the sum of its size measures (``Problem.size``). The fitted
growth exponent is the least-squares slope ``b`` of ``log y = a + b log x`` over the points with positive
coordinates (``y ~ x^b``); the time fit leaves out UNKNOWN rows, whose time is the limit, not a
measurement. Problems without an SVG renderer are drawn as their JSON, as text in an SVG.

Nothing is loaded from elsewhere: the plots are inline SVG drawn by this module and the template, the
styles are inline, and the page's only script marks it as loaded.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from gadgetry import __version__
from gadgetry.core import InputError, LimitReached, Problem, Reduction, registry
from gadgetry.core.files import write_output
from gadgetry.core.limits import run_limited
from gadgetry.core.render import render_template
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN
from gadgetry.verify.solve import solve

from .store import Row, open_existing

#: Limits on drawing one counterexample or one gallery example (reducing, solving, rendering): beyond
#: them the instance is shown as text (or the example left out), so a report of any database is bounded.
DRAW_SECONDS = 20.0
DRAW_MEMORY_MB = 2048
#: Largest SVG drawing kept, in characters; a larger one is replaced by the instance as text.
MAX_SVG_CHARS = 2_000_000
#: Lines of JSON shown when a problem has no SVG renderer.
TEXT_LINES = 24


def growth_exponent(points: Sequence[tuple[float, float]]) -> float | None:
    """Least-squares slope of ``log y`` against ``log x`` over points with ``x, y > 0`` (None when fewer
    than two distinct ``x``)."""
    logs = [(math.log(x), math.log(y)) for x, y in points if x > 0 and y > 0]
    if len({lx for lx, _ in logs}) < 2:
        return None
    mx = sum(lx for lx, _ in logs) / len(logs)
    my = sum(ly for _, ly in logs) / len(logs)
    sxx = sum((lx - mx) ** 2 for lx, _ in logs)
    sxy = sum((lx - mx) * (ly - my) for lx, ly in logs)
    return sxy / sxx


def _intercept(points: Sequence[tuple[float, float]], slope: float) -> float:
    logs = [(math.log(x), math.log(y)) for x, y in points if x > 0 and y > 0]
    return sum(ly - slope * lx for lx, ly in logs) / len(logs)


def _fmt(v: float) -> str:
    """A tick label: two significant digits, powers of ten past 1000 or below 0.01."""
    if v >= 1000 or v < 0.01:
        return f"{v:.0e}".replace("e+0", "e").replace("e-0", "e-")
    return format(float(f"{v:.2g}"), "g")


@dataclass
class Plot:
    """A log-log scatter plot, laid out in pixels for the template."""

    title: str
    xlabel: str
    ylabel: str
    exponent: str
    width: int = 360
    height: int = 240
    left: int = 56
    bottom: int = 40
    top: int = 28
    right: int = 12
    points: list[dict[str, Any]] = field(default_factory=list)
    xticks: list[tuple[float, str]] = field(default_factory=list)
    yticks: list[tuple[float, str]] = field(default_factory=list)
    fit: tuple[float, float, float, float] | None = None


def log_plot(title: str, xlabel: str, ylabel: str, data: Sequence[tuple[float, float, str, str]],
             fit_verdicts: tuple[str, ...] = (PASS, FAIL)) -> Plot:
    """``data``: ``(x, y, verdict, tooltip)``; non-positive values are left out (log axes)."""
    pts = [d for d in data if d[0] > 0 and d[1] > 0]
    fitted = [(x, y) for x, y, v, _ in pts if v in fit_verdicts]
    slope = growth_exponent(fitted)
    plot = Plot(title, xlabel, ylabel, "n/a (fewer than two sizes)" if slope is None else f"{slope:.2f}")
    if not pts:
        return plot
    lx = [math.log10(p[0]) for p in pts]
    ly = [math.log10(p[1]) for p in pts]
    x0, x1 = math.floor(min(lx) * 2) / 2, math.ceil(max(lx) * 2) / 2
    y0, y1 = math.floor(min(ly) * 2) / 2, math.ceil(max(ly) * 2) / 2
    x1, y1 = max(x1, x0 + 0.5), max(y1, y0 + 0.5)
    iw = plot.width - plot.left - plot.right
    ih = plot.height - plot.top - plot.bottom

    def px(v: float) -> float:
        return round(plot.left + (v - x0) / (x1 - x0) * iw, 1)

    def py(v: float) -> float:
        return round(plot.top + ih - (v - y0) / (y1 - y0) * ih, 1)

    for (x, y, verdict, tip), a, b in zip(pts, lx, ly):
        plot.points.append({"x": px(a), "y": py(b), "verdict": verdict.lower(), "tip": tip})
    plot.xticks = [(px(t), _fmt(10 ** t)) for t in _ticks(x0, x1)]
    plot.yticks = [(py(t), _fmt(10 ** t)) for t in _ticks(y0, y1)]
    if slope is not None:
        a = _intercept(fitted, slope) / math.log(10)  # log10 y = a + slope log10 x
        seg = _clip(a, slope, x0, x1, y0, y1)
        if seg is not None:
            plot.fit = (px(seg[0]), py(a + slope * seg[0]), px(seg[1]), py(a + slope * seg[1]))
    return plot


def _clip(a: float, s: float, x0: float, x1: float, y0: float, y1: float) -> tuple[float, float] | None:
    """The x interval where the line ``a + s x`` lies in the box, or None."""
    lo, hi = x0, x1
    if s == 0:
        return (lo, hi) if y0 <= a <= y1 else None
    ends = sorted(((y0 - a) / s, (y1 - a) / s))
    lo, hi = max(lo, ends[0]), min(hi, ends[1])
    return (lo, hi) if lo < hi else None


def _ticks(lo: float, hi: float) -> list[float]:
    step = 0.5 if hi - lo <= 2 else 1.0 if hi - lo <= 5 else 2.0
    out, t = [], math.ceil(lo / step) * step
    while t <= hi + 1e-9:
        out.append(round(t, 6))
        t += step
    return out


def _size(sizes: dict[str, int] | None) -> int:
    return sum(sizes.values()) if sizes else 0


# -- rendering instances -----------------------------------------------------------------------------
def _text_svg(title: str, data: Any) -> Markup:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    lines = textwrap.wrap(text, 88) or [""]
    if len(lines) > TEXT_LINES:
        lines = lines[:TEXT_LINES - 1] + [f"... ({len(text)} characters in all)"]
    return Markup(render_template("report_text.svg.j2", title=title, lines=lines))


def draw(prob: Problem, instance: Any, solution: Any = None) -> Markup:
    """The problem's own SVG picture, or its JSON as text in an SVG when it has no renderer."""
    try:
        svg = prob.render_svg(instance, solution)
        if len(svg) > MAX_SVG_CHARS:
            raise InputError(f"the drawing takes {len(svg)} characters")
        return Markup(svg)
    except InputError:
        data: dict[str, Any] = {"instance": prob.instance_to_json(instance)}
        if solution is not None:
            data["solution"] = prob.solution_to_json(instance, solution)
        return _text_svg(prob.name, data)


def _lookup(name: str) -> Reduction | None:
    try:
        return registry.reduction(name)
    except InputError:
        return None


def _counterexample(row: Row, red: Reduction | None) -> dict[str, Any]:
    ce = row.counterexample or {}
    source_json = ce.get("source") or row.source or {}
    out: dict[str, Any] = {"idx": row.idx, "label": ce.get("label", ""), "failure": ce.get("failure", row.failure),
                           "detail": ce.get("detail", row.detail), "json": json.dumps(source_json, sort_keys=True),
                           "source_svg": None, "target_svg": None}
    if red is None:
        out["source_svg"] = _text_svg("counterexample", source_json)
        return out
    try:
        out["source_svg"], out["target_svg"] = run_limited(_draw_counterexample, red, source_json,
                                                           seconds=DRAW_SECONDS, memory_mb=DRAW_MEMORY_MB)
    except LimitReached:
        out["source_svg"] = _text_svg(red.source, source_json)
    return out


def _draw_counterexample(red: Reduction, source_json: Any) -> tuple[Markup, Markup | None]:
    """The source of a counterexample drawn, and its reduction's output when it can be built."""
    src, tgt = red.source_problem, red.target_problem
    try:
        x = src.instance_from_json(source_json)
    except InputError:
        return _text_svg(src.name, source_json), None
    try:
        y = red.reduce(x)
    except Exception:  # noqa: BLE001 - the construction may be what failed
        return draw(src, x), None
    return draw(src, x), draw(tgt, y)


def _example(red: Reduction, rows: list[Row]) -> dict[str, Any] | None:
    """The smallest satisfiable PASS instance of ``red``, solved and mapped forward, drawn (None when
    there is none or it exceeds the drawing limits)."""
    sat = [r for r in rows if r.verdict == PASS and (r.source_count or 0) > 0 and r.source]
    if not sat:
        return None
    row = min(sat, key=lambda r: (_size(r.source_size), r.idx))
    try:
        return run_limited(_draw_example, red, row, seconds=DRAW_SECONDS, memory_mb=DRAW_MEMORY_MB)
    except (LimitReached, InputError):
        return None


def _draw_example(red: Reduction, row: Row) -> dict[str, Any] | None:
    src, tgt = red.source_problem, red.target_problem
    x = src.instance_from_json(row.source)
    res = solve(src, x)
    if res.status != "sat" or not src.check(x, res.solution):
        return None
    y = red.reduce(x)
    sy = red.forward(x, y, res.solution)
    if not tgt.check(y, sy):
        return None
    return {"reduction": red.name, "source": src.name, "target": tgt.name, "idx": row.idx,
            "label": f"seed={row.instance_seed} " + " ".join(f"{k}={v}" for k, v in sorted(row.params.items())),
            "source_svg": draw(src, x, res.solution), "target_svg": draw(tgt, y, sy),
            "source_count": row.source_count, "target_count": row.target_count}


def _relations(rows: list[Row]) -> tuple[str, list[tuple[str, int]]]:
    """Whether the counted instances match the claim, and the relations observed with their frequency."""
    counted = [r for r in rows if r.source_count is not None and r.target_count is not None]
    predicted = [r for r in counted if r.expected is not None]
    if predicted:
        ok = sum(r.target_count == r.expected for r in predicted)
        match = f"{ok} of {len(predicted)} counted instances match the claim"
    elif counted:
        match = f"the claim predicts no count; {len(counted)} instances counted"
    else:
        match = "no instance counted"
    observed = Counter(r.relation or "-" for r in counted)
    return match, sorted(observed.items(), key=lambda kv: (-kv[1], kv[0]))


def reduction_section(name: str, rows: list[Row]) -> dict[str, Any]:
    red = _lookup(name)
    tally = Counter(r.verdict for r in rows)
    match, observed = _relations(rows)
    tip = "{} #{}: {}"
    size_plot = log_plot("target size against source size", "source size", "target size",
                         [(_size(r.source_size), _size(r.target_size), r.verdict,
                           tip.format(name, r.idx, r.verdict)) for r in rows if r.target_size])
    time_plot = log_plot("verification time against source size", "source size", "seconds",
                         [(_size(r.source_size), r.seconds, r.verdict, tip.format(name, r.idx, r.verdict))
                          for r in rows if r.source_size])
    fails = [_counterexample(r, red) for r in rows if r.verdict == FAIL]
    return {"name": name, "anchor": "red-" + "".join(c if c.isalnum() else "-" for c in name),
            "source": red.source if red else "?", "target": red.target if red else "?",
            "paper": ", ".join(x for x in ((red.paper, red.section, red.theorem) if red else ()) if x),
            "claim": rows[0].claim, "instances": len(rows), "pass": tally[PASS], "fail": tally[FAIL],
            "unknown": tally[UNKNOWN], "levels": max(r.level for r in rows) + 1,
            "largest": max(_size(r.source_size) for r in rows),
            "seconds": round(sum(r.seconds + r.generate_seconds for r in rows), 1),
            "match": match, "observed": observed[:8], "plots": [size_plot, time_plot], "fails": fails,
            "unknowns": [(r.idx, r.detail) for r in rows if r.verdict == UNKNOWN][:10],
            "seeds": sorted({r.seed for r in rows})}


def build(db: str | Path) -> dict[str, Any]:
    """The template's context for the campaign database ``db``."""
    with open_existing(db) as store:
        rows = store.rows()
        runs = store.runs()
    by_name: dict[str, list[Row]] = {}
    for r in rows:
        by_name.setdefault(r.reduction, []).append(r)
    sections = [reduction_section(name, rs) for name, rs in sorted(by_name.items())]
    gallery = []
    for name, rs in sorted(by_name.items()):
        red = _lookup(name)
        example = _example(red, rs) if red is not None else None
        if example is not None:
            gallery.append(example)
    tally = Counter(r.verdict for r in rows)
    return {"db": Path(db).name, "version": __version__, "rows": len(rows), "runs": len(runs),
            "started": runs[0][0] if runs else "", "generated": dt.datetime.now(dt.timezone.utc)
            .isoformat(timespec="seconds"), "tally": {v: tally[v] for v in (PASS, FAIL, UNKNOWN)},
            "sections": sections, "gallery": gallery}


def render(db: str | Path) -> str:
    return render_template("report.html.j2", **build(db))


def write_report(db: str | Path, out: str | Path) -> None:
    """Write the report of ``db`` to ``out`` (atomically; never over ``db`` itself)."""
    write_output(str(out), render(db), [str(db)])
