"""Build the standalone program: icons, PyInstaller one-folder build, compressed archive.

    python build/build.py          (or `make build`)

Output: dist/cardtable/ (the program; dist/cardtable.app on macOS) and the archive
dist/cardtable-<system>-<machine>.<zip|tar.xz> of it. On Linux the folder also gets the
desktop entry, the icon and add-to-menu.sh (which puts cardtable in the application menu).
PyInstaller's work files go to build/work/.

    python build/build.py --program    prints the built executable's path, relative to the
                                       project and with forward slashes (CI runs it)
"""

from __future__ import annotations

import platform
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
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, "linux")
    stem = f"cardtable-{system}-{platform.machine().lower()}"
    if system == "macos" and shutil.which("ditto"):
        # ditto keeps the bundle's symlinks and its signature intact; zipfile would not
        out = DIST / f"{stem}.zip"
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(folder),
                        str(out)], check=True)
    elif system == "linux":
        out = DIST / f"{stem}.tar.xz"
        with tarfile.open(out, "w:xz", preset=6) as tar:
            tar.add(folder, arcname=folder.name)
    else:
        out = DIST / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for p in sorted(folder.rglob("*")):
                z.write(p, p.relative_to(folder.parent))
    return out


def main() -> int:
    if sys.argv[1:] == ["--program"]:
        print(program().relative_to(ROOT).as_posix())
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
    for old in list(DIST.glob("cardtable-*.zip")) + list(DIST.glob("cardtable-*.tar.xz")):
        old.unlink()
    packed = archive(app)
    print(f"program: {app}  ({folder_size(app) / 1e6:.1f} MB)")
    print(f"archive: {packed}  ({packed.stat().st_size / 1e6:.1f} MB)")
    print(f"built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
