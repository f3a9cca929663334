"""The campaign report: a self-contained HTML page, checked in a real headless browser (Debian's chromium)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gadgetry.campaign.report import growth_exponent, log_plot, render
from gadgetry.campaign.run import Settings, executor, open_campaign, run_campaign
from gadgetry.cli import main
from gadgetry.core import registry

TESTS = Path(__file__).parent
PLUGIN = str(TESTS / "toy_reductions.py")
#: A renderable target (Letter Boxed), a plain one (X3C) and a broken one whose FAIL is shrunk.
REDUCTIONS = ("letterboxed-from-3dm", "x3c-from-3dm", "toy-pad-wrong-claim")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    registry.load_plugin(PLUGIN)
    path = tmp_path_factory.mktemp("report") / "campaign.sqlite"
    settings = Settings(instances=3, seed=1, shrink_seconds=2, plugins=(PLUGIN,))
    with open_campaign(path, settings, resume=False) as store, executor(workers=2) as pool:
        run_campaign([registry.reduction(n) for n in REDUCTIONS], store, settings, pool)
    return path


@pytest.fixture(scope="module")
def page(db: Path) -> Path:
    out = db.with_name("report.html")
    assert main(["--plugin", PLUGIN, "report", str(db), "-o", str(out)]) == 0
    return out


def anchor(name: str) -> str:
    return "red-" + "".join(c if c.isalnum() else "-" for c in name)


def browse(page: Path, tmp_path: Path) -> tuple[str, list[str]]:
    """The DOM after load, and the browser's console messages (any is an error: the page logs nothing)."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    proc = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                           "--v=0", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return proc.stdout, console


def test_page_loads_in_chromium_without_errors_and_shows_every_section(page: Path, tmp_path: Path) -> None:
    dom, console = browse(page, tmp_path)
    assert console == []
    sections = len(REDUCTIONS) + 3  # summary, reductions, one per reduction, gallery
    assert f'data-report-ready="{sections}"' in dom  # the page's script ran to its end
    for ident in ("summary", "reductions", "gallery", *(anchor(n) for n in REDUCTIONS)):
        assert f'id="{ident}"' in dom, ident
    assert dom.count('<svg xmlns="http://www.w3.org/2000/svg" class="plot"') == 2 * len(REDUCTIONS)
    assert dom.count('class="exponent"') == 2 * len(REDUCTIONS)
    # the broken reduction's FAILs, each with its counterexample drawn
    broken = dom[dom.index(f'id="{anchor("toy-pad-wrong-claim")}"'):dom.index('id="gallery"')]
    assert broken.count('class="counterexample"') >= 1
    assert broken.count('class="counterexample"') == broken.count("FAIL #")
    assert "<svg" in broken[broken.index('class="counterexample"'):]
    for name in REDUCTIONS[:2]:
        part = dom[dom.index(f'id="{anchor(name)}"'):]
        assert "No FAIL." in part[:part.index("</section>")]
    # the gallery: an example of each reduction with a satisfiable PASS (not the broken one), Letter Boxed
    # drawn by its own renderer, the others as JSON text
    gallery = dom[dom.index('id="gallery"'):]
    assert gallery.count('class="example"') == 2 and gallery.count("<svg") == 4
    assert "letterboxed-from-3dm: #" in gallery and "x3c-from-3dm: #" in gallery
    assert 'class="text-render"' in gallery and "<polygon" in gallery


def test_page_is_self_contained(page: Path) -> None:
    html = page.read_text()
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)
    assert "<link" not in html and "@import" not in html
    assert html.count("<script") == 1


def test_the_browser_check_sees_a_script_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><body><section id="summary"></section>'
                   '<script>throw new Error("boom")</script></body></html>')
    dom, console = browse(bad, tmp_path)
    assert 'id="summary"' in dom and any("boom" in line for line in console)


def test_report_of_an_empty_database_renders(tmp_path: Path) -> None:
    from gadgetry.campaign.store import Store

    Store(tmp_path / "empty.sqlite").close()
    html = render(tmp_path / "empty.sqlite")
    assert "holds no results yet" in html and 'id="gallery"' in html


def test_growth_exponent_is_the_log_log_slope() -> None:
    assert growth_exponent([(2, 12), (4, 48), (8, 192)]) == pytest.approx(2.0)
    assert growth_exponent([(10, 5), (100, 50), (1000, 500), (0, 3)]) == pytest.approx(1.0)
    assert growth_exponent([(5, 1), (5, 2)]) is None
    plot = log_plot("t", "x", "y", [(2, 12, "PASS", ""), (4, 48, "PASS", ""), (8, 192, "UNKNOWN", ""),
                                    (8, 50, "PASS", "")])
    assert len(plot.points) == 4 and plot.fit is not None
    assert plot.exponent == f"{growth_exponent([(2, 12), (4, 48), (8, 50)]):.2f}"  # UNKNOWN left out
    assert all(plot.left <= p["x"] <= plot.width - plot.right for p in plot.points)
    assert all(plot.top <= p["y"] <= plot.height - plot.bottom for p in plot.points)
