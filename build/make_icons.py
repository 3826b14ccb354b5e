"""Draw the application icon with pygame and write PNG, ICO (Windows) and ICNS (macOS).

The icon is an ace of spades on a round felt badge, drawn in code so no image file has to
be kept in sync with the card art. ICO and ICNS files both may hold PNG images directly,
which keeps the writers short.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cardtable.ui.icon import draw_icon  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "icons"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    sizes = [s for s in sorted(images) if s <= 256]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = images[s]
        dim = 0 if s == 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    types = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    chunks = b"".join(
        t + struct.pack(">I", len(images[s]) + 8) + images[s]
        for s, t in types.items()
        if s in images
    )
    path.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)


def main() -> int:
    pygame.display.init()
    OUT.mkdir(exist_ok=True)
    images = {s: png_bytes(draw_icon(s)) for s in SIZES}
    (OUT / "cardtable.png").write_bytes(images[256])
    write_ico(OUT / "cardtable.ico", images)
    write_icns(OUT / "cardtable.icns", images)
    print(f"icons written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
