"""The release workflow (.github/workflows/release.yml) and the installers' sources.

actionlint (with shellcheck for the run: scripts) checks the workflow; both come with the
dev extra on Linux. Where they are missing the check is skipped, except in CI, where it
fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
ISS = ROOT / "build" / "windows" / "cardtable.iss"


def tool(name: str) -> str | None:
    """The tool in this Python's environment, else on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


def needed(name: str) -> str:
    found = tool(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: CI installs it with the dev extra")
        pytest.skip(f"{name} is not installed (pip install -e '.[dev]' on Linux)")
    return found


def jobs(text: str) -> dict[str, list[str]]:
    """Each job of the workflow and the text of its steps, in order (the workflow is kept
    in the plain layout this reads: jobs at two spaces, steps as '      - ' items)."""
    body = text.split("\njobs:\n", 1)[1]
    found: dict[str, list[str]] = {}
    current = None
    for line in body.splitlines():
        job = re.match(r"^  ([A-Za-z0-9_-]+):\s*$", line)
        if job:
            current = job.group(1)
            found[current] = []
        elif current and line.startswith("      - "):
            found[current].append(line + "\n")
        elif current and found[current] and line.startswith("        "):
            found[current][-1] += line + "\n"
    return found


def test_actionlint_passes_the_release_workflow():
    actionlint = needed("actionlint")
    shellcheck = needed("shellcheck")
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(shellcheck).parent),
                                                 os.environ.get("PATH", "")]))
    done = subprocess.run([actionlint, "-no-color", str(WORKFLOW)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_reader_of_jobs_sees_every_job_and_step():
    found = jobs(WORKFLOW.read_text())
    assert set(found) == {"windows", "macos", "linux", "release"}
    assert all(found.values())
    assert any("actions/checkout" in step for step in found["linux"][:1])


def test_every_job_ends_by_starting_the_built_programs_smoke_test():
    for name, steps in jobs(WORKFLOW.read_text()).items():
        last = steps[-1]
        assert "--smoke-test" in last, f"job {name} ends with:\n{last}"
        assert "continue-on-error" not in last, name


def test_each_system_builds_and_keeps_its_installer():
    found = jobs(WORKFLOW.read_text())
    windows, macos, linux = ("".join(found[n]) for n in ("windows", "macos", "linux"))
    assert "-setup.exe" in windows and "//VERYSILENT" in windows
    assert "//DELETESAVES" in windows  # the uninstall is tried both ways
    assert ".dmg" in macos and "hdiutil attach" in macos
    assert "macos-15-intel" in WORKFLOW.read_text() and "arch: arm64" in WORKFLOW.read_text()
    assert ".AppImage" in linux and "appstreamcli validate" in linux


def test_windows_installer_is_per_user_with_shortcuts_and_keeps_the_saves_by_default():
    text = ISS.read_text(encoding="utf-8")
    assert re.search(r"^PrivilegesRequired=lowest$", text, re.M)
    assert re.search(r"^DefaultDirName=\{autopf\}\\cardtable$", text, re.M)
    assert re.search(r'^Name: "\{autoprograms\}\\cardtable"', text, re.M)
    desktop = re.search(r'^Name: "\{autodesktop\}\\cardtable".*$', text, re.M)
    assert desktop and "Tasks: desktopicon" in desktop.group(0)
    assert re.search(r'^Name: "desktopicon".*Flags: unchecked$', text, re.M)
    # the saves go only when asked: the question's ready answer is No
    assert "MB_DEFBUTTON2" in text and "/DELETESAVES" in text
    assert "{localappdata}\\cardtable" in text
    # the saves folder is never in the uninstaller's own list of things to delete
    section = text.split("[UninstallDelete]", 1)[1].split("\n[", 1)[0]
    assert "localappdata" not in section


def test_no_version_number_is_written_in_the_installers_sources():
    version = re.compile(r"\b\d+\.\d+\.\d+\b")
    for path in (ISS, WORKFLOW, ROOT / "installer.spec",
                 ROOT / "build" / "appimage" / "org.cardtable.cardtable.metainfo.xml"):
        text = path.read_text(encoding="utf-8")
        # the command-line example in the .iss header is a comment
        code = "\n".join(line for line in text.splitlines() if not line.startswith(";"))
        assert not version.search(code), path.name
