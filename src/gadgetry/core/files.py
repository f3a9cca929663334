"""Reading input files and writing output files: the one place every command's files go through.

Reading (:func:`read_text`) accepts regular files, ``-`` and ``/dev/stdin``, pipes and process
substitutions (``<(...)``); it strips a UTF-8 byte-order mark and names what is wrong (no such file, a
directory, not UTF-8 text) in one :class:`InputError` line.

Writing (:func:`output`, :func:`write_output`) replaces a regular file atomically (a temporary file in the
same folder renamed over it, so no partial file is ever seen under the final name) and writes through
everything else: devices (``/dev/null``, ``/dev/stdout``), pipes, and symbolic links (the file they point
to is replaced, the link stays). A new file gets the mode the umask gives, a replaced file keeps its mode.
The temporary file is removed on every exit path, including SIGTERM, SIGINT and SIGHUP during the write;
where the system offers unnamed files (Linux's ``O_TMPFILE``) it has no name until it is complete, so
that even SIGKILL leaves nothing behind.
Every :class:`OSError` becomes one :class:`InputError` line; an output that is one of the command's
inputs is refused before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterable, Iterator
from typing import TextIO

from .errors import InputError

#: Names that mean standard input or output.
STDIN = ("-", "/dev/stdin")
STDOUT = (None, "-")
#: A file name is at most this many bytes on the usual file systems (ext4, xfs, btrfs, tmpfs).
_NAME_MAX = 255


def _oserror(action: str, path: str, exc: OSError) -> InputError:
    return InputError(f"cannot {action} {path!r}: {exc.strerror or exc}")


def check_input(path: str) -> None:
    """Refuse an input that is missing or a directory, before any work is done (standard input passes)."""
    if path in STDIN:
        return
    if path == "":
        raise InputError("an empty file name was given")
    try:
        if stat.S_ISDIR(os.stat(path).st_mode):
            raise InputError(f"{path}: is a directory, not a file")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as exc:
        raise _oserror("read", path, exc) from None


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` or ``/dev/stdin`` for standard input), decoded as UTF-8 with an optional
    byte-order mark."""
    if path in STDIN:
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
    else:
        check_input(path)
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except OSError as exc:
            raise _oserror("read", path, exc) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None


def _file_id(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def check_output(path: str | None, inputs: Iterable[str | None] = ()) -> None:
    """Refuse an output name that cannot be written or that is one of ``inputs`` (a regular file read by
    the same command), before any work is done."""
    if path in STDOUT:
        return
    if path == "":
        raise InputError("-o: an empty file name was given")
    if os.path.isdir(path):
        raise InputError(f"cannot write {path!r}: it is a directory")
    if not os.path.isdir(os.path.dirname(path) or "."):
        raise InputError(f"cannot write {path!r}: No such file or directory")
    target = _file_id(path)
    if target is not None and any(i not in STDIN and i is not None and _file_id(i) == target for i in inputs):
        raise InputError(f"output {path!r} is one of the inputs: refusing to overwrite it")


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While writing, SIGTERM and SIGHUP (whose default action kills without cleanup) raise SystemExit
    (status 128 + signal), so that the temporary file is removed; SIGINT raises KeyboardInterrupt already.
    Handlers someone else installed are left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {}

    def handler(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) == signal.SIG_DFL:
            saved[sig] = signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, old in saved.items():
            signal.signal(sig, old)


def _temporary_name(real: str) -> str:
    import secrets  # imported here (it loads OpenSSL): a command that writes no file starts without it

    folder, name = os.path.split(real)
    suffix = f".{secrets.token_hex(4)}.tmp"
    stem = os.fsencode(name)[: _NAME_MAX - len(suffix) - 1].decode(errors="ignore")
    return os.path.join(folder, f".{stem}{suffix}")


@contextlib.contextmanager
def output(path: str | None, inputs: Iterable[str | None] = ()) -> Iterator[TextIO]:
    """A text stream writing to ``path`` (standard output for None or ``-``), as the module docstring
    describes: atomic for regular files, written through for devices, pipes and links."""
    if path in STDOUT:
        yield sys.stdout
        return
    check_output(path, inputs)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _oserror("write", path, exc) from None
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device, pipe or socket: write through
        try:
            with open(path, "w", encoding="utf-8") as fh:
                yield fh
        except OSError as exc:
            raise _oserror("write", path, exc) from None
        return
    real = os.path.realpath(path)  # through symbolic links: the link stays, its target is replaced
    tmp = _temporary_name(real)
    with _signals_raise():
        try:
            fd, named = _open_unnamed(os.path.dirname(real)), False
        except OSError:
            try:
                fd, named = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), True  # the umask applies
            except OSError as exc:
                raise _oserror("write", path, exc) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                if st is not None:
                    os.fchmod(fd, stat.S_IMODE(st.st_mode))
                yield fh
                if not named:  # complete: give it its temporary name, then the final one
                    fh.flush()
                    _link(fd, tmp)
            os.replace(tmp, real)
        except OSError as exc:
            _remove(tmp)
            raise _oserror("write", path, exc) from None
        except BaseException:
            _remove(tmp)
            raise


def _open_unnamed(folder: str) -> int:
    """A file without a name in ``folder`` (Linux's ``O_TMPFILE``): a process killed while writing it, even
    by SIGKILL, leaves nothing behind. OSError where the system or file system has no such files."""
    if not hasattr(os, "O_TMPFILE") or not os.path.isdir("/proc/self/fd"):  # /proc names it at the end
        raise OSError("no unnamed files here")
    return os.open(folder or ".", os.O_TMPFILE | os.O_WRONLY, 0o666)  # the umask applies


def _link(fd: int, name: str) -> None:
    """Give the unnamed file open as ``fd`` the name ``name`` (linkat through /proc, which a folder
    descriptor makes os.link use)."""
    folder = os.open(os.path.dirname(name) or ".", os.O_DIRECTORY)
    try:
        os.link(f"/proc/self/fd/{fd}", os.path.basename(name), dst_dir_fd=folder)
    finally:
        os.close(folder)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def write_output(path: str | None, text: str, inputs: Iterable[str | None] = ()) -> None:
    """Write ``text`` to ``path`` through :func:`output`."""
    with output(path, inputs) as fh:
        fh.write(text)
