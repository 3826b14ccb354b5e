"""Packaging: the version from its one place, the SquashFS writer and the AppImage's
start-up program (build/squashfs.py, build/appimage.py, build/appimage/runtime.c).

The AppImage tests compile the runtime with the system's C compiler (as `make build` does);
without one they are skipped, except in CI, where they fail. Where Debian's unsquashfs is
installed it reads the image as well.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"cardtable_build_{name}", BUILD / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BUILD))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BUILD))
    return module


build = load("build")
appimage = load("appimage")


# ----------------------------------------------------------------------------- version


def test_the_version_comes_from_pyproject(tmp_path, monkeypatch):
    text = (ROOT / "pyproject.toml").read_text()
    assert build.project_version() == re.search(r'(?m)^version = "(.+)"$', text).group(1)
    # another table's version key is not the project's
    fake = tmp_path / "pyproject.toml"
    fake.write_text('[tool.x]\nversion = "9.9.9"\n\n[project]\nname = "cardtable"\n'
                    'version = "2.3.4"\n\n[tool.y]\nversion = "8.8.8"\n')
    monkeypatch.setattr(build, "ROOT", tmp_path)
    assert build.project_version() == "2.3.4"


def test_every_published_file_is_named_with_the_version():
    version = build.project_version()
    names = [p.name for p in build.artifacts()]
    assert names and all(n.startswith(f"cardtable-{version}-") for n in names)


def test_the_program_names_its_version():
    from cardtable.about import about_line, version

    assert about_line() == f"cardtable {build.project_version()}" == f"cardtable {version()}"
    done = subprocess.run([sys.executable, "-m", "cardtable", "--version"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.stdout.strip() == about_line()


def test_the_version_is_read_from_the_first_dist_info_on_the_path(tmp_path, monkeypatch):
    from importlib.metadata import version as metadata_version

    from cardtable import about

    about.version.cache_clear()
    try:
        installed = metadata_version("cardtable")
        assert about.version() == installed                          # the reader's answer
        info = tmp_path / "cardtable-9.8.7.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardtable\n"
                                       "Version: 9.8.7\n\nVersion: 1.0 in the text\n")
        monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
        about.version.cache_clear()
        assert about.version() == "9.8.7"
        (info / "METADATA").write_text("Name: cardtable\n\nVersion: 1.0 in the text\n")
        assert about._version_from_dist_info() == installed   # none there: the next one
    finally:
        about.version.cache_clear()


# --------------------------------------------------------------------- image and runtime


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    if appimage.compiler_or_none() is None:
        if os.environ.get("CI"):
            pytest.fail("no C compiler: the AppImage's runtime cannot be built")
        pytest.skip("no C compiler")
    return appimage.compile_runtime(tmp_path_factory.mktemp("runtime"))


def make_tree(root: Path) -> None:
    """Files that try the writer's corners: several blocks, a block zlib cannot shrink, an
    empty file and folder, a link, modes, and a folder whose listing needs many headers
    and more than 64 KiB (a long-listing folder inode)."""
    (root / "lib" / "deep" / "er").mkdir(parents=True)
    (root / "empty-folder").mkdir()
    (root / "big.txt").write_bytes(b"cardtable " * 40_000)  # 400 kB: four blocks
    (root / "noise.bin").write_bytes(os.urandom(200_000))  # stored uncompressed
    (root / "lib" / "deep" / "er" / "empty").write_bytes(b"")
    (root / "run.sh").write_text("#!/bin/sh\necho hi\n")
    (root / "run.sh").chmod(0o755)
    (root / "lib" / "private").write_text("x")
    (root / "lib" / "private").chmod(0o600)
    (root / "link").symlink_to("lib/deep")
    many = root / "many"
    many.mkdir()
    for i in range(600):
        (many / f"{i:04d}-{'n' * 120}").write_text(str(i))
    (root / "AppRun").write_text('#!/bin/sh\necho "APPDIR=$APPDIR"\necho "ARGS=$*"\n'
                                 'exit 3\n')
    (root / "AppRun").chmod(0o755)


def listing(root: Path) -> list[tuple]:
    out = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_symlink():
            out.append((rel, "link", os.readlink(p)))
        elif p.is_dir():
            out.append((rel, "dir", oct(p.stat().st_mode & 0o7777)))
        else:
            out.append((rel, "file", oct(p.stat().st_mode & 0o7777), p.read_bytes()))
    return out


@pytest.fixture(scope="module")
def image(runtime, tmp_path_factory):
    base = tmp_path_factory.mktemp("appimage")
    tree = base / "AppDir"
    tree.mkdir()
    make_tree(tree)
    out = base / "test.AppImage"
    appimage.pack(tree, runtime, out, 1_700_000_000)
    return tree, out


def test_the_appimage_is_type_2_with_the_image_where_the_elf_file_ends(image):
    _, out = image
    data = out.read_bytes()
    assert data[:4] == b"\x7fELF" and data[8:11] == b"AI\x02"
    start = appimage.elf_end(data)
    assert data[start:start + 4] == b"hsqs"
    done = subprocess.run([str(out), "--appimage-offset"], capture_output=True, text=True,
                          timeout=60)
    assert int(done.stdout) == start


def test_the_image_fills_whole_4k_blocks_so_a_block_device_holds_all_of_it(image):
    # the kernel's reader (through a loop device of whole sectors) refuses an image whose
    # last bytes fall outside the device
    _, out = image
    data = out.read_bytes()
    start = appimage.elf_end(data)
    used = int.from_bytes(data[start + 40:start + 48], "little")
    assert (len(data) - start) % 4096 == 0
    assert used <= len(data) - start < used + 4096


def test_the_runtime_unpacks_exactly_what_was_packed(image, tmp_path):
    tree, out = image
    subprocess.run([str(out), "--appimage-extract"], cwd=tmp_path, check=True,
                   capture_output=True, timeout=120)
    assert listing(tmp_path / "squashfs-root") == listing(tree)


def test_unsquashfs_reads_the_image_too(image, tmp_path):
    unsquashfs = shutil.which("unsquashfs")
    if unsquashfs is None:
        pytest.skip("unsquashfs (Debian's squashfs-tools) is not installed")
    tree, out = image
    start = appimage.elf_end(out.read_bytes())
    subprocess.run([unsquashfs, "-no-xattrs", "-o", str(start), "-d", str(tmp_path / "x"),
                    str(out)], check=True, capture_output=True, timeout=120)
    assert listing(tmp_path / "x") == listing(tree)


def test_extract_and_run_passes_the_arguments_and_the_exit_status_and_cleans_up(image,
                                                                                tmp_path):
    _, out = image
    env = dict(os.environ, TMPDIR=str(tmp_path))
    done = subprocess.run([str(out), "--appimage-extract-and-run", "one", "two words"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 3
    assert "ARGS=one two words" in done.stdout
    assert f"APPDIR={tmp_path}/.mount_cardtable-" in done.stdout
    assert list(tmp_path.iterdir()) == []  # the unpacked folder is gone


def test_a_plain_start_unpacks_once_into_the_cache_and_reuses_it(image, tmp_path):
    _, out = image
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    first = subprocess.run([str(out), "x"], capture_output=True, text=True, env=env,
                           timeout=120)
    assert first.returncode == 3 and "ARGS=x" in first.stdout
    (copy,) = (tmp_path / "cache" / "cardtable-appimage").iterdir()
    assert f"APPDIR={copy}" in first.stdout and (copy / ".complete").exists()
    (copy / "many" / f"0000-{'n' * 120}").write_text("changed")  # a reused copy keeps it
    second = subprocess.run([str(out), "y"], capture_output=True, text=True, env=env,
                            timeout=120)
    assert second.returncode == 3 and "ARGS=y" in second.stdout
    assert (copy / "many" / f"0000-{'n' * 120}").read_text() == "changed"


def test_the_appdir_has_the_desktop_entry_icon_and_appstream_release(tmp_path):
    program = tmp_path / "cardtable"
    program.mkdir()
    (program / "cardtable").write_text("#!/bin/sh\n")
    (program / "add-to-menu.sh").write_text("")
    icons = BUILD / "icons" / "cardtable.png"
    if not icons.exists():
        subprocess.run([sys.executable, str(BUILD / "make_icons.py")], check=True,
                       capture_output=True, timeout=120)
    appdir = tmp_path / "AppDir"
    appimage.make_appdir(program, appdir, "7.8.9")
    entry = (appdir / "cardtable.desktop").read_text()
    assert "X-AppImage-Version=7.8.9" in entry and "Icon=cardtable" in entry
    assert (appdir / "cardtable.png").exists() and os.readlink(appdir / ".DirIcon") == \
        "cardtable.png"
    assert (appdir / "usr/share/icons/hicolor/256x256/apps/cardtable.png").exists()
    assert (appdir / "usr/share/applications/cardtable.desktop").read_text() == entry
    meta = (appdir / "usr/share/metainfo/org.cardtable.cardtable.metainfo.xml").read_text()
    assert '<release version="7.8.9" date="' in meta and "@" not in meta
    assert os.access(appdir / "AppRun", os.X_OK)
    assert (appdir / "usr/lib/cardtable/cardtable").exists()
    assert not (appdir / "usr/lib/cardtable/add-to-menu.sh").exists()
