"""The one reading and writing layer (core/files.py) and the instance reader (envelope.read_any) on the
files issue 18 names: devices, links, modes, kills during a write, pipes, directories, byte-order marks,
huge and deep numbers, tiny files declaring huge sizes, format detection."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gadgetry.cli import main
from gadgetry.core import InputError
from gadgetry.core.envelope import read_any
from gadgetry.core.files import output, read_text, write_output

TESTS = Path(__file__).parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, *argv: str, fragment: str = "") -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert fragment in err, err
    return err


# -- writing -----------------------------------------------------------------------------------------
def _program() -> list[str]:
    exe = Path(sys.executable).with_name("gadgetry")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "gadgetry.cli"]


def test_devices_are_written_through_not_replaced() -> None:
    before = os.stat("/dev/null")
    assert main(["generate", "3sat", "-o", "/dev/null"]) == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    proc = subprocess.run([*_program(), "generate", "3sat", "--seed", "4", "-o", "/dev/stdout"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["problem"] == "3sat"


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    assert main(["generate", "3sat", "-o", str(link)]) == 0
    assert link.is_symlink() and json.loads(target.read_text())["problem"] == "3sat"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_modes_come_from_the_umask_or_the_existing_file(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        fresh = tmp_path / "new.txt"
        write_output(str(fresh), "x\n")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o640
        kept = tmp_path / "kept.txt"
        kept.write_text("old\n")
        kept.chmod(0o604)
        write_output(str(kept), "new\n")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_text() == "new\n"
    finally:
        os.umask(old)


@pytest.mark.parametrize("name, fragment", [
    ("", "empty file name"),
    (".", "directory"),
    ("n" * 256, "too long"),
    ("nofolder/x.json", "No such file"),
    ("/dev/full", "No space left"),
])
def test_every_write_error_is_one_line_exit_2(capsys, tmp_path: Path, monkeypatch, name: str,
                                               fragment: str) -> None:
    monkeypatch.chdir(tmp_path)
    one_line_error(capsys, "generate", "3sat", "-o", name, fragment=fragment)
    assert list(tmp_path.iterdir()) == []


def test_a_long_name_that_fits_is_written(tmp_path: Path) -> None:
    name = tmp_path / ("n" * 250)
    assert main(["generate", "3sat", "-o", str(name)]) == 0 and name.exists()
    assert [p.name for p in tmp_path.iterdir()] == [name.name]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_unwritable_folder_is_one_line(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    one_line_error(capsys, "generate", "3sat", "-o", str(folder / "x.json"), fragment="Permission denied")


def test_an_output_that_is_an_input_is_refused(capsys, tmp_path: Path) -> None:
    inst = tmp_path / "f.json"
    assert main(["generate", "3sat", "-o", str(inst)]) == 0
    before = inst.read_bytes()
    one_line_error(capsys, "export", str(inst), "--to", "dimacs", "-o", str(inst), fragment="one of the inputs")
    link = tmp_path / "alias.json"
    link.symlink_to(inst)
    one_line_error(capsys, "reduce", "1in3sat-from-3sat", str(inst), "-o", str(link), fragment="one of the inputs")
    db = tmp_path / "campaign.sqlite"
    db.write_bytes(b"SQLite format 3\x00")
    one_line_error(capsys, "report", str(db), "-o", str(db), fragment="one of the inputs")
    assert inst.read_bytes() == before and db.read_bytes() == b"SQLite format 3\x00"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_kill_during_a_write_leaves_no_file(tmp_path: Path, signum: int) -> None:
    """Killed half-way through writing, neither the final name nor a temporary file is left behind."""
    target = tmp_path / "out.json"
    script = (f"import os, signal\nfrom gadgetry.core.files import output\n"
              f"with output({str(target)!r}) as fh:\n"
              f"    fh.write('partial' * 1000); fh.flush()\n"
              f"    os.kill(os.getpid(), {int(signum)})\n"
              f"    fh.write('never')\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert list(tmp_path.iterdir()) == []


def test_an_error_inside_the_write_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    with pytest.raises(ZeroDivisionError), output(str(target)) as fh:
        fh.write("partial")
        1 / 0  # noqa: B018
    assert list(tmp_path.iterdir()) == []


# -- reading -----------------------------------------------------------------------------------------
def test_pipes_stdin_and_process_substitution_are_read(tmp_path: Path) -> None:
    gadgetry = " ".join(_program())
    inst = subprocess.run([*gadgetry.split(), "generate", "3sat", "--seed", "3"], capture_output=True,
                          text=True, timeout=120).stdout
    for argv in (["solve", "-"], ["solve", "/dev/stdin"]):
        proc = subprocess.run([*gadgetry.split(), *argv], input=inst, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0 and proc.stdout.startswith("sat"), proc.stderr
    proc = subprocess.run(["bash", "-c", f"{gadgetry} count <({gadgetry} generate 3sat --seed 3)"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "ganak" in proc.stdout, proc.stderr


def test_a_directory_and_a_missing_file_are_named(capsys, tmp_path: Path) -> None:
    one_line_error(capsys, "solve", str(tmp_path), fragment="is a directory")
    one_line_error(capsys, "solve", str(tmp_path / "nope.json"), fragment="no such file")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    f = tmp_path / "bom.cnf"
    f.write_bytes(b"\xef\xbb\xbfp cnf 2 1\n1 2 0\n")
    prob, inst = read_any(read_text(str(f)), str(f))
    assert prob.name == "sat" and inst.variables == 2


@pytest.mark.parametrize("text, fragment", [
    ("p cnf \u00b2 1\n1 0\n", "header"),
    ("p cnf 1 1\n" + "1" * 5000 + " 0\n", "not an integer"),
    ("p cnf " + "9" * 5000 + " 1\n1 0\n", "header"),
    ("p cnf 1000000000000 1\n1 0\n", "more than"),
    ("p cnf 3 1000000\n1 0\n", "characters"),
    ('{"problem": "sat", "version": 1, "variables": ' + "1" * 5000 + ', "clauses": []}', "too many digits"),
    ('{"problem": "sat", "version": 1, "variables": 1000000000000, "clauses": []}', "more than"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"problem": "sat", "version": 1, "variables": NaN, "clauses": []}', "NaN"),
    ("\xff\xfe", "UTF-8"),
])
@pytest.mark.parametrize("command", [["solve"], ["count"], ["export", "--to", "dimacs"], ["render"]])
def test_hostile_inputs_are_refused_in_one_line(capsys, tmp_path: Path, text: str, fragment: str,
                                                command: list[str]) -> None:
    f = tmp_path / "in.txt"
    f.write_bytes(text.encode("latin-1") if fragment == "UTF-8" else text.encode())
    one_line_error(capsys, command[0], str(f), *command[1:], fragment=fragment)


@pytest.mark.parametrize("text", ["pfl-aeu-cdt-sni 2\n", "clv-dki-jta-ero 2\n"])
def test_a_letter_boxed_line_is_not_dimacs(text: str) -> None:
    prob, _ = read_any(text + "\n".join(["flea", "aide", "tonic", "cons", "snit"]))
    assert prob.name == "letterboxed"


def test_ambiguity_names_the_candidates_and_problem(monkeypatch) -> None:
    from gadgetry.core import Format, registry
    from gadgetry.puzzles.flowfree import FlowFreeProblem

    sat = registry.problem("sat")
    fmts = sat.formats()
    twin = Format("dimacs-twin", fmts["dimacs"].read, fmts["dimacs"].write, fmts["dimacs"].detect)
    monkeypatch.setattr(FlowFreeProblem, "formats", lambda self: {"dimacs-twin": twin})
    with pytest.raises(InputError, match=r"flowfree \(dimacs-twin\), sat \(dimacs\): give --problem"):
        read_any("p cnf 1 1\n1 0\n")


def test_a_pips_daily_file_is_read_by_solve_and_count(capsys) -> None:
    daily = str(TESTS / "data" / "pips" / "daily.json")
    code, out, _ = run(capsys, "solve", daily, "--difficulty", "easy")
    assert code == 0 and out.startswith("sat")
    code, out, _ = run(capsys, "count", daily, "--difficulty", "easy", "--json")
    assert code == 0 and json.loads(out)["problem"] == "pips"
    one_line_error(capsys, "solve", daily, fragment="--difficulty")


def test_every_written_format_is_detected_as_itself() -> None:
    """Each format's detector accepts the problem's own output and no other format claims it."""
    from gadgetry.core.envelope import candidates
    from gadgetry.core.registry import problems

    seen = 0
    for name, prob in problems().items():
        inst = prob.generate_seeded({}, 1).instance
        for fname, fmt in prob.formats().items():
            try:
                text = fmt.write(inst)
            except InputError:  # the format holds only some variants of the problem
                continue
            assert [(p.name, f.name) for p, f in candidates(text)] == [(name, fname)]
            seen += 1
    assert seen >= 10


@pytest.mark.parametrize("argv", [["generate", "3sat"], ["list"]])
def test_a_full_standard_output_is_one_line(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*_program(), *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "No space left" in proc.stderr, proc.stderr
