"""The hard benchmark set bench/hard/manifest.json (issue 15): its schema, the committed files against their
sha256, each solution through ``gadgetry check``, and each entry's command re-run and compared byte for
byte (one small entry in the quick run, every entry in the slow run). CaDiCaL's 60 s runs stay in
bench/hard_manifest.py."""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path

import pytest

from gadgetry.cli import main
from gadgetry.core import registry

HARD = Path(__file__).resolve().parent.parent / "bench" / "hard"
MANIFEST = json.loads((HARD / "manifest.json").read_text())
KEYS = {"puzzle", "file", "cnf", "command", "sha256", "answer", "how", "solution", "size", "cadical_seconds"}
#: Entries whose committed instance is at most this many bytes are re-built in the quick run (a
#: Letter Boxed instance of 371 KB takes about a minute to build).
SMALL = 100_000


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: ... and whose CNF (its clause count in the committed metadata) has at most this many clauses: a
#: Kurodoko board of 90,000 cells is a small file but ten million clauses, minutes to write.
SMALL_CNF = 10**6


def small(entry: dict) -> bool:
    file = HARD / entry["file"]
    if not file.is_file() or file.stat().st_size > SMALL:
        return False
    meta = file.with_suffix(".meta.json")
    return meta.is_file() and json.loads(meta.read_text())["cnf"]["clauses"] <= SMALL_CNF


def test_manifest_schema() -> None:
    assert isinstance(MANIFEST, list)
    assert len({e["file"] for e in MANIFEST}) == len(MANIFEST)
    for e in MANIFEST:
        assert set(e) == KEYS, e.get("file")
        assert registry.problem(e["puzzle"]).name == e["puzzle"]
        assert e["answer"] in ("sat", "unsat") and e["how"]
        assert (e["solution"] is not None) == (e["answer"] == "sat")
        folder = Path(e["file"]).parent
        assert e["file"].endswith(".json") and Path(e["cnf"]) == folder / f"{Path(e['file']).stem}.cnf"
        argv = shlex.split(e["command"])
        assert argv[:2] == ["gadgetry", "bench-family"] and argv[argv.index("-o") + 1] == str(folder)
        assert argv[argv.index("--to") + 1] == e["puzzle"]
        assert len(e["sha256"]) == 64 and int(e["sha256"], 16) >= 0
        assert e["size"] and all(isinstance(v, int) and v >= 0 for v in e["size"].values())
        assert e["cadical_seconds"] >= 60


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["file"] for e in MANIFEST])
def test_committed_files_match(entry: dict) -> None:
    """What is committed is what the manifest names: the instance's sha256, a solution the checker
    accepts."""
    if not (HARD / entry["file"]).is_file():
        pytest.skip(f"{entry['file']} is not committed (large): its command writes it")
    assert sha256(HARD / entry["file"]) == entry["sha256"]
    if entry["solution"] is not None:
        assert main(["check", str(HARD / entry["file"]), str(HARD / entry["solution"])]) == 0


def _clauses(entry: dict) -> int:
    return json.loads((HARD / entry["file"]).with_suffix(".meta.json").read_text())["cnf"]["clauses"]


#: The entry re-built in the quick run: the small one with the fewest clauses (each re-build takes 1.5 to
#: 4.5 s; the others run in the slow run, like the large ones).
QUICK = min((e for e in MANIFEST if small(e)), key=_clauses)["file"]


@pytest.mark.parametrize("entry", [e if e["file"] == QUICK else pytest.param(e, marks=pytest.mark.slow)
                                   for e in MANIFEST], ids=[e["file"] for e in MANIFEST])
def test_command_rewrites_file(entry: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(entry["command"])[1:]) == 0
    assert sha256(tmp_path / entry["file"]) == entry["sha256"]
    if entry["solution"] is not None:
        assert main(["check", str(tmp_path / entry["file"]), str(tmp_path / entry["solution"])]) == 0
    assert (tmp_path / entry["cnf"]).is_file()
