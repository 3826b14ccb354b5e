"""Make the Linux AppImage from the built program folder, with no download.

    python build/appimage.py PROGRAM_FOLDER OUTPUT VERSION   (build.py calls make())

An AppImage (type 2) is an ELF program, the "runtime", with a SquashFS image of an
application folder (AppDir) appended where the ELF file ends, and "AI\\x02" at byte 8. The
runtime here is our own (build/appimage/runtime.c, compiled with the system's C compiler
and zlib); the image is written by build/squashfs.py. The AppDir holds:

    AppRun                  starts usr/lib/cardtable/cardtable
    cardtable.desktop       the desktop entry (with X-AppImage-Version), and its icon
    cardtable.png, .DirIcon
    usr/lib/cardtable/      the PyInstaller program folder
    usr/share/applications/cardtable.desktop
    usr/share/icons/hicolor/256x256/apps/cardtable.png
    usr/share/metainfo/org.cardtable.cardtable.metainfo.xml   (AppStream, with the release)
"""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import squashfs  # noqa: E402

RUNTIME_SOURCE = HERE / "appimage" / "runtime.c"
METAINFO = HERE / "appimage" / "org.cardtable.cardtable.metainfo.xml"
APPRUN = """#!/bin/sh
# Starts cardtable from the AppImage's folder (APPDIR is set by the AppImage's runtime).
here="${APPDIR:-$(dirname "$(readlink -f "$0")")}"
exec "$here/usr/lib/cardtable/cardtable" "$@"
"""


def compiler_or_none() -> str | None:
    for name in (os.environ.get("CC", ""), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def compiler() -> str:
    found = compiler_or_none()
    if found:
        return found
    raise SystemExit("the AppImage's runtime needs a C compiler and zlib "
                     "(Debian/Ubuntu: apt-get install gcc zlib1g-dev)")


def compile_runtime(work: Path) -> Path:
    """The runtime, linked statically when the system allows it (then it runs on any
    Linux of its processor), else against the system's C library."""
    work.mkdir(parents=True, exist_ok=True)
    out = work / "runtime"
    base = [compiler(), "-O2", "-Wall", "-s", "-o", str(out), str(RUNTIME_SOURCE)]
    tried = subprocess.run(base[:1] + ["-static"] + base[1:] + ["-lz"], capture_output=True,
                           text=True)
    if tried.returncode != 0:
        subprocess.run(base + ["-lz"], check=True)
    return out


def elf_end(data: bytes) -> int:
    """Where a 64-bit little-endian ELF file ends: after its section header table."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("the runtime is not a 64-bit little-endian ELF program")
    shoff = int.from_bytes(data[0x28:0x30], "little")
    shentsize = int.from_bytes(data[0x3A:0x3C], "little")
    shnum = int.from_bytes(data[0x3C:0x3E], "little")
    return shoff + shentsize * shnum


def make_appdir(program: Path, appdir: Path, version: str) -> None:
    if appdir.exists():
        shutil.rmtree(appdir)
    lib = appdir / "usr" / "lib" / "cardtable"
    shutil.copytree(program, lib, symlinks=True)
    # the archive's menu helpers mean nothing inside the AppImage
    for name in ("add-to-menu.sh", "cardtable.desktop", "cardtable.png"):
        (lib / name).unlink(missing_ok=True)
    (appdir / "AppRun").write_text(APPRUN)
    (appdir / "AppRun").chmod(0o755)
    entry = (HERE / "cardtable.desktop").read_text().rstrip("\n")
    entry += f"\nX-AppImage-Version={version}\n"
    for where in (appdir, appdir / "usr" / "share" / "applications"):
        where.mkdir(parents=True, exist_ok=True)
        (where / "cardtable.desktop").write_text(entry)
    icon = HERE / "icons" / "cardtable.png"
    icons = appdir / "usr" / "share" / "icons" / "hicolor" / "256x256" / "apps"
    icons.mkdir(parents=True)
    shutil.copy2(icon, icons / "cardtable.png")
    shutil.copy2(icon, appdir / "cardtable.png")
    (appdir / ".DirIcon").symlink_to("cardtable.png")
    meta = appdir / "usr" / "share" / "metainfo"
    meta.mkdir(parents=True)
    when = datetime.datetime.fromtimestamp(build_time(), datetime.timezone.utc)
    text = METAINFO.read_text().replace("@VERSION@", version)
    (meta / METAINFO.name).write_text(text.replace("@DATE@", when.date().isoformat()))
    for p in [appdir, *appdir.rglob("*")]:
        if not p.is_symlink():
            os.utime(p, (build_time(), build_time()))


def build_time() -> int:
    """SOURCE_DATE_EPOCH when set (reproducible builds), else now."""
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    return int(stamp) if stamp else int(datetime.datetime.now().timestamp())


def pack(appdir: Path, runtime: Path, out: Path, mtime: int) -> None:
    """Write the AppImage ``out``: the runtime, marked as type 2, then the image."""
    program = bytearray(runtime.read_bytes())
    if elf_end(program) != len(program):
        raise ValueError("the runtime has bytes after its section headers")
    program[8:11] = b"AI\x02"
    tmp = out.with_name(out.name + ".part")
    with open(tmp, "wb") as f:
        f.write(program)
        squashfs.write_image(appdir, f, mtime)
    tmp.chmod(0o755)
    tmp.replace(out)


def make(program: Path, out: Path, version: str, work: Path) -> Path:
    runtime = compile_runtime(work)
    appdir = work / "AppDir"
    make_appdir(program, appdir, version)
    pack(appdir, runtime, out, build_time())
    shutil.rmtree(appdir)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("\n\n")[1])
    done = make(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3],
                Path(sys.argv[2]).parent / "appimage-work")
    print(done)
