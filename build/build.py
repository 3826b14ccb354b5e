"""Build the standalone program: icons, PyInstaller one-folder build, compressed archive.

    python build/build.py          (or `make build`)

Output: dist/cardtable/ (the program; dist/cardtable.app on macOS) and, named
cardtable-<version>-<system>-<machine>.<ending> with the version from pyproject.toml:

* Linux: the archive .tar.xz of the folder (which also gets the desktop entry, the icon and
  add-to-menu.sh) and the .AppImage (build/appimage.py);
* Windows: the archive .zip and, when Inno Setup's compiler (ISCC) is there, the installer
  -setup.exe (build/windows/cardtable.iss);
* macOS: the disk image .dmg with the app and a link to Applications (hdiutil).

PyInstaller's work files go to build/work/.

    python build/build.py --program    prints the built executable's path, relative to the
                                       project and with forward slashes (CI runs it)
    python build/build.py --version    prints the version (pyproject.toml's)
    python build/build.py --artifacts  prints the paths of what a release publishes
    python build/build.py --check-readme
                                       checks the README's size figures against the last
                                       build's (dist/sizes.json); CI runs it after the build
    python build/build.py --readme     writes the last build's sizes into the README

On Linux the bundled shared libraries and extension modules lose their debug symbols
(``strip --strip-debug``; the symbols they export stay): Python's own library carries
16 MB of them. What each build weighs is written to dist/sizes.json, and the README's
figures are those (``--check-readme`` fails when they differ).
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "work"
LIMIT = 45_000_000  # bytes: the most a published file may weigh
#: bytes: the goals of the Linux files (issue 35); the build fails above them
GOALS = {".tar.xz": 20_000_000, ".AppImage": 28_000_000}
SIZES = DIST / "sizes.json"
README = ROOT / "README.md"


def project_version() -> str:
    """The version, from its one place: pyproject.toml's [project] table."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    found = table and re.search(r'^version\s*=\s*"([^"]+)"', table.group(1), re.M)
    if not found:
        raise SystemExit("pyproject.toml has no [project] version")
    return found.group(1)


def system_name() -> str:
    return {"darwin": "macos", "win32": "windows"}.get(sys.platform, "linux")


def stem() -> str:
    """cardtable-<version>-<system>-<machine>: the start of every published file's name."""
    return f"cardtable-{project_version()}-{system_name()}-{platform.machine().lower()}"


def artifacts() -> list[Path]:
    """What a release publishes from this system (whichever of them were built)."""
    endings = {"linux": [".tar.xz", ".AppImage"], "windows": [".zip", "-setup.exe"],
               "macos": [".dmg"]}[system_name()]
    return [DIST / f"{stem()}{ending}" for ending in endings]


def folder_size(path: Path) -> int:
    """Bytes of the files in ``path`` (a symlink counts as nothing: its target is counted)."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def program() -> Path:
    """The executable of the built program."""
    if sys.platform == "darwin" and (DIST / "cardtable.app").exists():
        return DIST / "cardtable.app" / "Contents" / "MacOS" / "cardtable"
    return DIST / "cardtable" / ("cardtable.exe" if sys.platform == "win32" else "cardtable")


def has_debug_symbols(path: Path) -> bool:
    """Does ``path`` hold an ELF file with DWARF debug sections (``.debug_*``)? Any other
    file: False. Read from the section headers' name table, nothing is run."""
    with path.open("rb") as f:
        head = f.read(64)
        if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2):
            return False
        wide = head[4] == 2
        order = "<" if head[5] == 1 else ">"
        if wide:
            (shoff,) = struct.unpack_from(order + "Q", head, 0x28)
            entry_size, count, names_index = struct.unpack_from(order + "HHH", head, 0x3A)
            layout, offset_at = order + "QQ", 0x18       # sh_offset, sh_size
        else:
            (shoff,) = struct.unpack_from(order + "I", head, 0x20)
            entry_size, count, names_index = struct.unpack_from(order + "HHH", head, 0x2E)
            layout, offset_at = order + "II", 0x10
        if not shoff or names_index >= count:
            return False
        f.seek(shoff + names_index * entry_size + offset_at)
        raw = f.read(struct.calcsize(layout))
        if len(raw) < struct.calcsize(layout):
            return False
        names_offset, names_size = struct.unpack(layout, raw)
        f.seek(names_offset)
        return b".debug_" in f.read(min(names_size, 1 << 20))


def strip_debug(folder: Path) -> tuple[int, int]:
    """Linux: remove the debug symbols of every ELF file in ``folder`` that has any
    (``strip --strip-debug``: what a library exports and needs to load stays; a file
    without them is not rewritten, so the libraries auditwheel patched are left as they
    are). Returns (files stripped, bytes saved)."""
    strip = shutil.which("strip")
    if strip is None:
        raise SystemExit("the build strips debug symbols with binutils' strip, which is "
                         "not installed (Debian/Ubuntu: apt-get install binutils)")
    done = saved = 0
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or not has_debug_symbols(path):
            continue
        before = path.stat().st_size
        subprocess.run([strip, "--strip-debug", str(path)], check=True)
        done += 1
        saved += before - path.stat().st_size
    return done, saved


def add_linux_files(folder: Path) -> None:
    """The desktop entry, its icon and the script that adds both to the menu."""
    for name in ("cardtable.desktop", "add-to-menu.sh"):
        shutil.copy2(ROOT / "build" / name, folder / name)
    (folder / "add-to-menu.sh").chmod(0o755)
    shutil.copy2(ROOT / "build" / "icons" / "cardtable.png", folder / "cardtable.png")


def archive(folder: Path) -> Path:
    system = system_name()
    if system == "linux":
        out = DIST / f"{stem()}.tar.xz"
        with tarfile.open(out, "w:xz", preset=6) as tar:
            tar.add(folder, arcname=folder.name)
    else:
        out = DIST / f"{stem()}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for p in sorted(folder.rglob("*")):
                z.write(p, p.relative_to(folder.parent))
    return out


def disk_image(app: Path) -> Path:
    """macOS: a compressed disk image with the app and a link to /Applications to drag it
    onto; its volume is named with the version."""
    out = DIST / f"{stem()}.dmg"
    staging = WORK / "dmg"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    # ditto keeps the bundle's symlinks and its signature intact
    subprocess.run(["ditto", str(app), str(staging / app.name)], check=True)
    (staging / "Applications").symlink_to("/Applications")
    command = ["hdiutil", "create", "-volname", f"cardtable {project_version()}",
               "-srcfolder", str(staging), "-fs", "HFS+", "-format", "UDZO",
               "-imagekey", "zlib-level=9", "-ov", str(out)]
    # hdiutil now and then fails with "Resource busy" while the system indexes the folder
    for attempt in range(3):
        if subprocess.run(command).returncode == 0:
            break
        if attempt == 2:
            raise SystemExit("hdiutil could not make the disk image")
        time.sleep(5)
    shutil.rmtree(staging)
    return out


def iscc() -> str | None:
    """Inno Setup's compiler: on PATH, or where its installer puts it."""
    found = shutil.which("iscc")
    if found:
        return found
    for base in ("ProgramFiles(x86)", "ProgramFiles", "LOCALAPPDATA"):
        folder = Path(os.environ.get(base, "/nowhere"))
        for place in (folder / "Inno Setup 6", folder / "Programs" / "Inno Setup 6"):
            if (place / "ISCC.exe").exists():
                return str(place / "ISCC.exe")
    return None


def installer(folder: Path) -> Path | None:
    """Windows: the per-user installer (Inno Setup), or None without Inno Setup."""
    compiler = iscc()
    if compiler is None:
        print("installer: skipped, Inno Setup 6 (ISCC.exe) is not installed")
        return None
    out = DIST / f"{stem()}-setup.exe"
    icon = ROOT / "build" / "icons" / "cardtable.ico"
    subprocess.run([compiler, "/Qp", f"/DAppVersion={project_version()}",
                    f"/DSourceDir={folder}", f"/DIconFile={icon}", f"/DOutputDir={DIST}",
                    f"/DOutputName={out.stem}",
                    str(ROOT / "build" / "windows" / "cardtable.iss")], check=True)
    return out


def appimage(folder: Path) -> Path:
    sys.path.insert(0, str(ROOT / "build"))
    import appimage as maker

    return maker.make(folder, DIST / f"{stem()}.AppImage", project_version(),
                      WORK / "appimage")


# ------------------------------------------------------------------ sizes and the README

#: the README's rows of sizes: the start of the row's first cell -> the key in sizes.json
README_ROWS = {"| program folder": "folder", "| archive `cardtable-": ".tar.xz",
               "| `cardtable-": ".AppImage"}
#: MB: how far a README figure may be from the build's
DRIFT = 0.2
_FIGURE = re.compile(r"^(\|[^|]*\| )(\d+(?:\.\d+)?) MB")


def write_sizes(folder: Path, made: list[Path], stripped: int) -> dict:
    """dist/sizes.json: the bytes of the program folder and of each file made."""
    sizes = {"version": project_version(), "system": system_name(),
             "folder": folder_size(folder), "debug_symbols_stripped": stripped}
    for path in made:
        ending = path.name.removeprefix(stem())
        sizes[ending] = path.stat().st_size
    SIZES.write_text(json.dumps(sizes, indent=1) + "\n", encoding="utf-8")
    return sizes


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f}"


def readme_figures(text: str) -> dict[str, float]:
    """The size figures the README's table states, by their key in sizes.json."""
    found = {}
    for line in text.splitlines():
        for start, key in README_ROWS.items():
            match = _FIGURE.match(line)
            if line.startswith(start) and match and key not in found:
                found[key] = float(match.group(2))
    return found


def readme_problems(text: str, sizes: dict) -> list[str]:
    """How the README's figures differ from the build's: by more than :data:`DRIFT` (an
    archive's bytes move a little from build to build, and with each change of the code)."""
    stated = readme_figures(text)
    problems = []
    for key in README_ROWS.values():
        if key not in sizes:
            continue
        built = sizes[key] / 1e6
        if key not in stated:
            problems.append(f"the README states no size for {key}")
        elif abs(stated[key] - built) > DRIFT:
            problems.append(f"the README says {stated[key]} MB for {key}; the build made "
                            f"{megabytes(sizes[key])} MB")
    return problems


def readme_with(text: str, sizes: dict) -> str:
    """The README with the build's sizes in its rows."""
    lines = text.splitlines(keepends=True)
    done = set()
    for i, line in enumerate(lines):
        for start, key in README_ROWS.items():
            match = _FIGURE.match(line)
            if line.startswith(start) and match and key in sizes and key not in done:
                lines[i] = match.group(1) + f"{megabytes(sizes[key])} MB" + line[match.end():]
                done.add(key)
                break
    return "".join(lines)


def last_sizes() -> dict:
    if not SIZES.exists():
        raise SystemExit(f"{SIZES.relative_to(ROOT)} is not there: run `make build` first")
    return json.loads(SIZES.read_text(encoding="utf-8"))


def check_readme() -> int:
    problems = readme_problems(README.read_text(encoding="utf-8"), last_sizes())
    for problem in problems:
        print(f"README: {problem} (python build/build.py --readme writes the build's)")
    if not problems:
        print("README: its size figures are the build's")
    return 1 if problems else 0


def main() -> int:
    if sys.argv[1:] == ["--check-readme"]:
        return check_readme()
    if sys.argv[1:] == ["--readme"]:
        README.write_text(readme_with(README.read_text(encoding="utf-8"), last_sizes()),
                          encoding="utf-8")
        return check_readme()
    if sys.argv[1:] == ["--program"]:
        print(program().relative_to(ROOT).as_posix())
        return 0
    if sys.argv[1:] == ["--version"]:
        print(project_version())
        return 0
    if sys.argv[1:] == ["--artifacts"]:
        for path in artifacts():
            if path.exists():
                print(path.relative_to(ROOT).as_posix())
        return 0
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "build" / "make_icons.py")], check=True)
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
         "--workpath", str(WORK), "--distpath", str(DIST), str(ROOT / "installer.spec")],
        check=True, cwd=ROOT,
    )
    app = DIST / ("cardtable.app" if sys.platform == "darwin" else "cardtable")
    if not app.exists():
        app = DIST / "cardtable"
    stripped = 0
    if sys.platform.startswith("linux"):
        count, stripped = strip_debug(app)
        print(f"stripped: the debug symbols of {count} libraries ({stripped / 1e6:.1f} MB)")
        add_linux_files(app)
    for ending in ("zip", "tar.xz", "AppImage", "dmg", "exe"):
        for old in DIST.glob(f"cardtable-*.{ending}"):
            old.unlink()
    made = []
    if sys.platform == "darwin":
        made.append(disk_image(app))
    else:
        made.append(archive(app))
    if sys.platform == "win32":
        made.append(installer(app))
    elif sys.platform.startswith("linux"):
        made.append(appimage(app))
    made = [path for path in made if path is not None]
    sizes = write_sizes(app, made, stripped)
    print(f"program: {app}  ({megabytes(sizes['folder'])} MB), version {project_version()}")
    too_big = []
    for path in made:
        size = path.stat().st_size
        goal = GOALS.get(path.name.removeprefix(stem()), LIMIT) \
            if system_name() == "linux" else LIMIT
        print(f"made: {path}  ({megabytes(size)} MB; at most {goal / 1e6:.0f} MB)")
        if size > goal:
            too_big.append(f"{path.name} over {goal / 1e6:.0f} MB")
    print(f"sizes: {SIZES.relative_to(ROOT)}")
    if too_big:
        print(f"too big: {', '.join(too_big)}")
        return 1
    print(f"built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
