"""Write a SquashFS 4.0 file system image from a folder, with the standard library alone.

The AppImage needs its folder as SquashFS. The usual maker (mksquashfs) is a system package,
so this small writer keeps `make build` to Python packages: it writes what an AppImage needs
and nothing more.

* data blocks of 128 KiB compressed with zlib ("gzip", compressor 1), a block kept as it is
  when zlib cannot make it smaller;
* no fragments (a file's last, short block is a block of its own), no extended attributes,
  no export table, one owner (root) for every file;
* the inode and directory tables in metadata blocks stored uncompressed (they are a few
  hundred kilobytes), which keeps every inode's address a simple sum;
* regular files, folders and symbolic links; names sorted byte-wise as readers expect;
* every time stamp is ``mtime`` (reproducible images).

Layout: superblock, data blocks, inode table, directory table, id table (and its index),
zeros up to a multiple of 4 KiB.
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

MAGIC = 0x73717368
BLOCK_SIZE = 1 << 17
BLOCK_LOG = 17
META_SIZE = 8192
NO_TABLE = 0xFFFF_FFFF_FFFF_FFFF
NO_FRAGMENT = 0xFFFF_FFFF
BLOCK_STORED = 1 << 24  # a data block's size with this bit: kept uncompressed
META_STORED = 0x8000  # a metadata block's header with this bit: kept uncompressed

# superblock flags: inodes (and directories) and ids stored uncompressed, no fragments,
# no extended attributes
FLAGS = 0x0001 | 0x0010 | 0x0200 | 0x0800

BASIC_DIR, BASIC_FILE, BASIC_SYMLINK = 1, 2, 3
EXT_DIR = 8
MAX_RUN = 256  # entries under one directory header
PAD = 4096


@dataclass
class Node:
    path: Path
    name: bytes
    kind: int  # BASIC_DIR, BASIC_FILE or BASIC_SYMLINK
    mode: int
    number: int = 0
    children: list[Node] = field(default_factory=list)
    ref: int = 0  # where its inode lies: (metadata block position << 16) | offset in block


class MetaTable:
    """An inode or directory table: a stream cut into uncompressed 8 KiB metadata blocks."""

    def __init__(self) -> None:
        self.data = bytearray()

    def position(self) -> tuple[int, int]:
        """(the table offset of the metadata block the next byte falls in, offset in it)."""
        block, offset = divmod(len(self.data), META_SIZE)
        return block * (META_SIZE + 2), offset

    def add(self, chunk: bytes) -> None:
        self.data += chunk

    def packed(self) -> bytes:
        out = bytearray()
        for start in range(0, len(self.data), META_SIZE):
            block = self.data[start:start + META_SIZE]
            out += struct.pack("<H", len(block) | META_STORED) + block
        return bytes(out)


def scan(root: Path) -> Node:
    """The tree under ``root`` (symbolic links are kept as links, never followed)."""
    def visit(path: Path, name: bytes) -> Node:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            return Node(path, name, BASIC_SYMLINK, 0o777)
        if stat.S_ISDIR(info.st_mode):
            node = Node(path, name, BASIC_DIR, stat.S_IMODE(info.st_mode))
            entries = sorted(os.fsencode(p.name) for p in path.iterdir())
            node.children = [visit(path / os.fsdecode(e), e) for e in entries]
            return node
        if stat.S_ISREG(info.st_mode):
            return Node(path, name, BASIC_FILE, stat.S_IMODE(info.st_mode))
        raise ValueError(f"{path}: only files, folders and symbolic links go in the image")

    return visit(root, b"")


def number(root: Node) -> int:
    """Inode numbers from 1, breadth first; returns how many there are."""
    count, queue = 0, [root]
    while queue:
        node = queue.pop(0)
        count += 1
        node.number = count
        queue.extend(node.children)
    return count


def write_data(out, path: Path) -> tuple[int, int, list[int]]:
    """Append the file's blocks to ``out``: (start offset, size, block size words)."""
    start, sizes, total = out.tell(), [], 0
    with open(path, "rb") as f:
        while block := f.read(BLOCK_SIZE):
            total += len(block)
            packed = zlib.compress(block, 9)
            if len(packed) < len(block):
                out.write(packed)
                sizes.append(len(packed))
            else:
                out.write(block)
                sizes.append(len(block) | BLOCK_STORED)
    return start, total, sizes


def header(kind: int, mode: int, mtime: int, number: int) -> bytes:
    return struct.pack("<HHHHII", kind, mode, 0, 0, mtime, number)


def listing(children: list[Node]) -> bytes:
    """A folder's entries: runs of at most 256 under a header naming their inode block."""
    out = bytearray()
    i = 0
    while i < len(children):
        block = children[i].ref >> 16
        base = children[i].number
        run = [children[i]]
        for child in children[i + 1:]:
            if (len(run) == MAX_RUN or child.ref >> 16 != block
                    or not -32768 <= child.number - base <= 32767):
                break
            run.append(child)
        out += struct.pack("<III", len(run) - 1, block, base)
        for child in run:
            out += struct.pack("<HhHH", child.ref & 0xFFFF, child.number - base, child.kind,
                               len(child.name) - 1)
            out += child.name
        i += len(run)
    return bytes(out)


def write_image(source: Path, out, mtime: int = 0) -> int:
    """Write the image of folder ``source`` to the binary file ``out`` at its current
    position; returns the image's size in bytes (the superblock's bytes_used)."""
    base = out.tell()
    root = scan(Path(source))
    count = number(root)
    out.write(b"\0" * 96)
    inodes, dirs = MetaTable(), MetaTable()

    def emit(node: Node, parent: int) -> None:
        # children first: a folder's listing needs its children's inode addresses
        for child in node.children:
            emit(child, node.number)
        block, offset = inodes.position()
        node.ref = (block << 16) | offset
        if node.kind == BASIC_FILE:
            start, size, sizes = write_data(out, node.path)
            if size >= 1 << 32 or start - base >= 1 << 32:
                raise ValueError(f"{node.path}: too big for this writer")
            inodes.add(header(BASIC_FILE, node.mode, mtime, node.number))
            inodes.add(struct.pack("<IIII", start - base, NO_FRAGMENT, 0, size))
            inodes.add(struct.pack(f"<{len(sizes)}I", *sizes))
        elif node.kind == BASIC_SYMLINK:
            target = os.fsencode(os.readlink(node.path))
            inodes.add(header(BASIC_SYMLINK, node.mode, mtime, node.number))
            inodes.add(struct.pack("<II", 1, len(target)) + target)
        else:
            dir_block, dir_offset = dirs.position()
            entries = listing(node.children)
            dirs.add(entries)
            links = 2 + sum(1 for c in node.children if c.kind == BASIC_DIR)
            size = len(entries) + 3
            if size < 1 << 16:
                inodes.add(header(BASIC_DIR, node.mode, mtime, node.number))
                inodes.add(struct.pack("<IIHHI", dir_block, links, size, dir_offset, parent))
            else:
                inodes.add(header(EXT_DIR, node.mode, mtime, node.number))
                inodes.add(struct.pack("<IIIIHHI", links, size, dir_block, parent, 0,
                                       dir_offset, 0xFFFF_FFFF))

    emit(root, count + 1)
    inode_start = out.tell() - base
    out.write(inodes.packed())
    dir_start = out.tell() - base
    out.write(dirs.packed())
    id_block = out.tell() - base
    out.write(struct.pack("<HI", 4 | META_STORED, 0))  # the one id: 0 (root)
    id_start = out.tell() - base
    out.write(struct.pack("<Q", id_block))
    used = out.tell() - base
    superblock = struct.pack(
        "<IIIIIHHHHHHQQQQQQQQ",
        MAGIC, count, mtime, BLOCK_SIZE, 0, 1, BLOCK_LOG, FLAGS, 1, 4, 0,
        root.ref, used, id_start, NO_TABLE, inode_start, dir_start, NO_TABLE, NO_TABLE,
    )
    assert len(superblock) == 96
    out.seek(base)
    out.write(superblock)
    out.seek(base + used)
    # padded to 4 KiB as mksquashfs does: a block device (a loop device for the kernel's
    # own reader) holds whole sectors only, and one cut short refuses the image
    out.write(b"\0" * (-used % PAD))
    return used
