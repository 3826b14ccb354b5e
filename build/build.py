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
"""

from __future__ import annotations

import os
import platform
import re
import shutil
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


def main() -> int:
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
    if sys.platform.startswith("linux"):
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
    print(f"program: {app}  ({folder_size(app) / 1e6:.1f} MB), version {project_version()}")
    too_big = []
    for path in made:
        if path is not None:
            print(f"made: {path}  ({path.stat().st_size / 1e6:.1f} MB)")
            if path.stat().st_size > LIMIT:
                too_big.append(path.name)
    if too_big:
        print(f"too big (over {LIMIT / 1e6:.0f} MB): {', '.join(too_big)}")
        return 1
    print(f"built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
