"""Files, read and written safely: the one place where sueca-rules touches the disk.

* `read_regular_file()` reads only a regular file, of bounded size, and never blocks: a pipe, a
  device (`/dev/zero`), a folder or a socket is refused before a byte is read.
* `atomic_write_text()` writes a whole file or nothing: a temporary file in the same folder is
  written, flushed and synced to disk, then renamed over the target, so that a crash or a kill at
  any moment leaves either the old file or the new one, never a part of either (a temporary file
  a killed write left is removed by a later write of the same file). The new file keeps
  the old one's permissions (a new file gets the usual ones, after the umask). A symlink is written
  through: the file it points to is replaced, the link stays.
* `locked()` holds an exclusive lock on a file's companion `NAME.lock` (`fcntl` on POSIX, `msvcrt`
  on Windows), so that two processes updating one file (two ladder runs that end at once) take turns
  instead of losing one's update.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

__all__ = [
    "FileRefusedError",
    "atomic_write_bytes",
    "atomic_write_text",
    "locked",
    "read_regular_file",
]

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation

LOCK_TIMEOUT = 10.0
"""Seconds `locked()` waits for another process to release a lock before giving up."""


class FileRefusedError(Exception):
    """A file that `read_regular_file()` will not read; `reason` says why in words
    (`"this is not a regular file (a pipe or a device?)"`). A missing file raises
    `FileNotFoundError` instead."""

    def __init__(self, reason: str, kind: str = "", limit: int = 0, system: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        """What kind of refusal it is (`directory`, `not_regular`, `too_large_file`,
        `symlink_loop`, `no_permission`, `not_a_folder_on_the_way`, `name_too_long`, or
        `unreadable` for another reason the system gave), for the words of other languages
        (`Issue.kind`)."""
        self.limit = limit
        """For `too_large_file`, the limit in bytes."""
        self.system = system
        """For a refusal of the system's, its own words (`Input/output error`, `Permission
        denied`): the words of `unreadable`."""

    @property
    def params(self) -> dict[str, str | int]:
        """The values the words of `kind` name (`Issue.params`)."""
        if self.kind == "too_large_file":
            return {"limit": self.limit}
        return {"reason": self.system} if self.system else {}


def _refused(mode: int) -> FileRefusedError | None:
    """The refusal of a file of `mode` that is not a regular file."""
    if stat.S_ISDIR(mode):
        return FileRefusedError("this is a directory, not a file", "directory")
    if not stat.S_ISREG(mode):
        return FileRefusedError("this is not a regular file (a pipe or a device?)", "not_regular")
    return None


def _too_large(max_bytes: int) -> FileRefusedError:
    size = f"{max_bytes // (1024 * 1024)} MiB" if max_bytes >= 1024 * 1024 else None
    size = size or f"{max_bytes // 1024} KiB"
    reason = f"the file is too large: the limit is {max_bytes:,} bytes ({size})"
    return FileRefusedError(reason, "too_large_file", max_bytes)


def read_regular_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them.

    Raises `FileNotFoundError` when there is no such file, and `FileRefusedError` for a folder, a
    pipe, a device, a socket, a symlink loop, a file over `max_bytes` or one that cannot be read.
    Nothing that is not a regular file is ever opened for reading (a pipe would block; `/dev/zero`
    never ends).
    """
    try:
        refused = _refused(os.stat(path).st_mode)
        if refused is not None:
            raise refused
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | _BINARY)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _os_refusal(exc) from None
    except ValueError as exc:  # a name the system refuses (a NUL character)
        raise FileRefusedError(
            f"cannot read the file: {exc}", "unreadable", system=str(exc)
        ) from None
    try:
        info = os.fstat(fd)  # what was opened, in case the name changed hands since
        refused = _refused(info.st_mode)
        if refused is None and info.st_size > max_bytes:
            refused = _too_large(max_bytes)
        if refused is not None:
            raise refused
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _os_refusal(exc) from None
    finally:
        os.close(fd)
    if size > max_bytes:  # it grew while being read
        raise _too_large(max_bytes)
    return b"".join(chunks)


_OS_REFUSALS: Final = {
    errno.ELOOP: ("symlink_loop", "it is a symlink that leads round in a loop"),
    errno.EACCES: ("no_permission", "you have no permission to read it"),
    errno.EPERM: ("no_permission", "you have no permission to read it"),
    errno.ENOTDIR: ("not_a_folder_on_the_way", "a part of its path is a file, not a folder"),
    errno.ENAMETOOLONG: ("name_too_long", "its name is too long for the system"),
}
"""The system's refusals a reader meets, as a kind (said in each language) and English words."""


def _os_refusal(exc: OSError) -> FileRefusedError:
    """Why the system would not let a file be read, as a refusal with a kind (`unreadable`, with
    the system's words, for a reason not foreseen)."""
    kind, words = _OS_REFUSALS.get(exc.errno or 0, ("unreadable", ""))
    system = exc.strerror or str(exc)
    return FileRefusedError(f"cannot read the file: {words or system}", kind, system=system)


def _target(path: str | os.PathLike[str]) -> tuple[Path, int | None]:
    """The file to replace (a symlink's target), and its permission bits if it exists. Raises
    `OSError` when it exists and is not a regular file."""
    target = Path(os.path.realpath(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target, None
    refused = _refused(info.st_mode)
    if refused is not None:
        code = errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.EINVAL
        raise OSError(code, refused.reason.replace("this is", "it is"), str(path))
    return target, stat.S_IMODE(info.st_mode)


STALE_TEMPORARY_SECONDS: Final = 600.0
"""How old a temporary file of an atomic write must be to be taken for one a killed process left
(a write that is alive finishes in far less)."""

_TEMPORARY_LOOKS: Final = 10_000
"""The most entries of a folder looked at for such temporary files, per write."""


def _temporary_name(target: Path) -> str:
    """The name of a temporary file for `target`, `.NAME.<12 hex digits>.tmp`."""
    return f".{target.name[:180]}.{secrets.token_hex(6)}.tmp"


def _is_temporary_of(name: str, target: Path) -> bool:
    prefix = f".{target.name[:180]}."
    middle = name[len(prefix) : -len(".tmp")]
    return (
        name.startswith(prefix)
        and name.endswith(".tmp")
        and len(middle) == 12
        and all(c in "0123456789abcdef" for c in middle)
    )


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files that writes of `target` killed before their rename left beside
    it (a kill at the wrong moment leaves one): regular files named as `_temporary_name()` names
    them and untouched for `STALE_TEMPORARY_SECONDS`. Best effort, and bounded: a folder that
    cannot be listed is left as it is, and only its first `_TEMPORARY_LOOKS` entries are seen."""
    old = time.time() - STALE_TEMPORARY_SECONDS
    with contextlib.suppress(OSError), os.scandir(target.parent) as entries:
        for looked, entry in enumerate(entries):
            if looked >= _TEMPORARY_LOOKS:
                break
            if not _is_temporary_of(entry.name, target):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_mtime < old:
                    os.unlink(entry.path)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file `path` by `data` atomically (see the module documentation).

    Raises `OSError` when it cannot be written (its `strerror` says why in words, its `filename`
    is `path`, never the temporary file's name); the old file is then untouched and no temporary
    file is left behind. A temporary file that an earlier write of `path`, killed before its
    rename, left beside it (untouched for ten minutes) is removed once this one is written.
    """
    target, mode = _target(path)
    folder = target.parent
    tmp = folder / _temporary_name(target)
    try:
        # 0o666 before the umask, as for any new file; O_EXCL: never through someone's symlink.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666)
    except OSError as exc:
        raise _as_target(exc, tmp, path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            raise _as_target(exc, tmp, path) from None
        raise
    _sync_folder(folder)
    _remove_stale_temporaries(target)


def _as_target(exc: OSError, tmp: Path, path: str | os.PathLike[str]) -> OSError:
    """`exc` about the file the caller named, where it names the temporary file beside it."""
    if exc.filename is None or os.fspath(exc.filename) != os.fspath(tmp) or exc.errno is None:
        return exc
    return type(exc)(exc.errno, exc.strerror, os.fspath(path))


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace the file `path` by `text` atomically (see `atomic_write_bytes()`)."""
    atomic_write_bytes(path, text.encode(encoding))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on `fd` without waiting; false when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
            return True  # a file system without locks: go on unlocked rather than never
        raise
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # Windows wants its byte locks released explicitly
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock for updating `path` (on the companion file `NAME.lock`, which stays:
    removing it would let two processes lock two different files).

    Waits up to `timeout` seconds for another process to finish, then raises `OSError`. The lock is
    released when the block ends, or when the process dies.
    """
    target = Path(os.path.realpath(path))
    lock = target.with_name(target.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | _NONBLOCK | _NOCTTY | _BINARY, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "the lock file is not a regular file", str(lock))
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise OSError(
                    errno.EAGAIN,
                    f"another process has held the lock {lock.name} for {timeout:g} s",
                    str(lock),
                )
            time.sleep(0.05)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)  # POSIX releases the lock with the descriptor
