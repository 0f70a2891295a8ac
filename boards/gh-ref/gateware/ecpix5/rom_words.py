"""The gh-ref ROM's contents from the firmware ELF, for $readmemh.

The ROM (gh_ref_rom.v) holds what the image loads at ROM addresses: each
PT_LOAD segment's file bytes at its physical address (the .data image sits
after the code at its load address). The region's base and size come from
boards/gh-ref/regmap.txt (`memory ROM`). A segment with bytes outside the
ROM is refused: nothing else on the board is initialised from the image.
"""
import struct
import sys
from pathlib import Path

REGMAP = Path(__file__).resolve().parents[2] / "regmap.txt"
PT_LOAD = 1


def rom_region():
    for n, line in enumerate(REGMAP.read_text().splitlines(), 1):
        f = line.split()
        if len(f) >= 4 and f[0] == "memory" and f[1] == "ROM":
            return int(f[2], 0), int(f[3], 0)
    sys.exit(f"{REGMAP}: no `memory ROM BASE SIZE` line")


def rom_words(elf_path):
    base, size = rom_region()
    data = Path(elf_path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        sys.exit(f"{elf_path}: not a little-endian 32-bit ELF")
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    image = bytearray()
    for i in range(phnum):
        p_type, p_offset, _vaddr, p_paddr, p_filesz = struct.unpack_from("<5I", data, phoff + i * phentsize)
        if p_type != PT_LOAD or p_filesz == 0:
            continue
        if p_paddr < base or p_paddr + p_filesz > base + size:
            sys.exit(f"{elf_path}: segment {i} loads {p_filesz} bytes at {p_paddr:#x}, outside ROM "
                     f"({base:#x}, {size} bytes)")
        at = p_paddr - base
        if len(image) < at + p_filesz:
            image.extend(bytes(at + p_filesz - len(image)))
        image[at:at + p_filesz] = data[p_offset:p_offset + p_filesz]
    image.extend(bytes(-len(image) % 4))
    words = struct.unpack(f"<{len(image) // 4}I", image)
    return "".join(f"{w:08x}\n" for w in words)


if __name__ == "__main__":
    sys.stdout.write(rom_words(sys.argv[1]))
