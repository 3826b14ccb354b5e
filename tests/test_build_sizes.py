"""The build's size (build/build.py, installer.spec): debug symbols stripped from the bundled
libraries, what the program never loads left out, and the README's size figures the
build's own (dist/sizes.json)."""

from __future__ import annotations

import ctypes
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"


def load_build():
    spec = importlib.util.spec_from_file_location("cardtable_build_sizes", BUILD / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()

C_SOURCE = "int answer(int x) { int y = x * 6; return y + 0 * x; }\n"


@pytest.fixture
def library(tmp_path) -> Path:
    """A small shared library built with debug symbols (-g)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or shutil.which("strip") is None or not sys.platform.startswith("linux"):
        pytest.skip("needs a C compiler and binutils' strip (Linux)")
    (tmp_path / "answer.c").write_text(C_SOURCE)
    out = tmp_path / "folder" / "libanswer.so"
    out.parent.mkdir()
    subprocess.run([cc, "-g", "-O0", "-shared", "-fPIC", "-o", str(out),
                    str(tmp_path / "answer.c")], check=True)
    return out


def test_debug_symbols_are_found_and_stripped_and_the_library_still_works(library):
    assert build.has_debug_symbols(library)
    plain = library.parent / "libplain.so"
    shutil.copy2(library, plain)
    subprocess.run(["strip", "--strip-debug", str(plain)], check=True)
    assert not build.has_debug_symbols(plain)
    (library.parent / "link.so").symlink_to(library.name)
    untouched = plain.stat().st_mtime_ns
    before = library.stat().st_size
    count, saved = build.strip_debug(library.parent)
    assert count == 1 and saved == before - library.stat().st_size > 0
    assert not build.has_debug_symbols(library)
    assert plain.stat().st_mtime_ns == untouched       # a file without them is not rewritten
    assert ctypes.CDLL(str(library)).answer(7) == 42


def test_files_that_are_not_elf_have_no_debug_symbols(tmp_path):
    for name, data in (("text", b"hello"), ("empty", b""), ("short-elf", b"\x7fELF\x02\x01"),
                       ("bad-class", b"\x7fELF\x07\x01" + b"\0" * 80),
                       ("no-sections", b"\x7fELF\x02\x01" + b"\0" * 80)):
        (tmp_path / name).write_bytes(data)
        assert not build.has_debug_symbols(tmp_path / name), name


def test_the_readme_s_figures_are_read_and_written_back():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = build.readme_figures(text)
    assert set(stated) == {"folder", ".tar.xz", ".AppImage"}
    sizes = {"folder": 58_912_345, ".tar.xz": 18_449_999, ".AppImage": 24_561_000}
    problems = build.readme_problems(text, sizes)
    if any(abs(stated[k] - v / 1e6) > build.DRIFT for k, v in sizes.items()):
        assert problems
    written = build.readme_with(text, sizes)
    assert build.readme_figures(written) == {"folder": 58.9, ".tar.xz": 18.4, ".AppImage": 24.6}
    assert build.readme_problems(written, sizes) == []
    # only the figures changed, every other line is as it was
    changed = [(a, b) for a, b in zip(text.splitlines(), written.splitlines(), strict=True)
               if a != b]
    assert len(changed) <= 3
    for before, after in changed:
        assert re.sub(r"\d+\.\d MB", "", before, count=1) == \
            re.sub(r"\d+\.\d MB", "", after, count=1)


def test_a_figure_within_a_fifth_of_a_megabyte_is_the_build_s():
    text = "| program folder `dist/cardtable/` | 58.9 MB | x |\n"
    assert build.DRIFT == 0.2
    assert build.readme_problems(text, {"folder": 59_060_000}) == []
    assert build.readme_problems(text, {"folder": 58_750_000}) == []
    assert build.readme_problems(text, {"folder": 59_200_000})
    assert build.readme_problems(text, {"folder": 58_600_000})
    assert build.readme_problems("nothing here\n", {"folder": 1})


def test_the_sizes_file_holds_the_folder_and_each_file_made(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "SIZES", tmp_path / "sizes.json")
    folder = tmp_path / "cardtable"
    folder.mkdir()
    (folder / "a").write_bytes(b"x" * 1000)
    (folder / "link").symlink_to("a")
    made = tmp_path / f"{build.stem()}.tar.xz"
    made.write_bytes(b"y" * 300)
    sizes = build.write_sizes(folder, [made], stripped=5)
    assert json.loads((tmp_path / "sizes.json").read_text()) == sizes
    assert (sizes["folder"], sizes[".tar.xz"], sizes["debug_symbols_stripped"]) == (1000, 300, 5)


def test_the_goals_are_the_issue_s():
    assert build.GOALS == {".tar.xz": 20_000_000, ".AppImage": 28_000_000}
    assert all(goal <= build.LIMIT for goal in build.GOALS.values())


def test_what_the_build_leaves_out_is_never_loaded():
    """installer.spec leaves out pygame's image formats beyond BMP, its _sdl2 wrappers and
    readline: no asset is an image file, and no module of the program names them."""
    spec = (ROOT / "installer.spec").read_text(encoding="utf-8")
    for name in ("pygame.imageext", "pygame._sdl2", "readline"):
        assert f'"{name}"' in spec
    images = [p.name for p in (ROOT / "cardtable" / "assets").rglob("*")
              if p.suffix.lower() in (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp",
                                      ".gif", ".svg")]
    assert not images, f"these assets need pygame.imageext, which the build leaves out: {images}"
    for path in (ROOT / "cardtable").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for name in ("_sdl2", "readline", "imageext", "image.load_extended"):
            assert name not in source, f"{path.relative_to(ROOT)} names {name}"
