"""LiteDRAM's standalone generator (litedram.gen), its init CPU's SRAM smaller.

  python3 litedram_core.py CONFIG.yml --name NAME --output-dir DIR [gen's options]

The generator gives its CPU LiteX's default 8 KiB of SRAM; the BIOS, built
without its console (--bios-console disable), uses about 0.3 KiB of it and
its stack. 4 KiB keeps two block RAMs that the board needs (ecpix5/README.md).
Everything else is litedram.gen's own main().
"""
import litedram.gen as gen

INIT_CPU_SRAM_BYTES = 0x1000


class SmallSramCore(gen.LiteDRAMCore):
    def __init__(self, platform, core_config, **kwargs):
        kwargs["integrated_sram_size"] = INIT_CPU_SRAM_BYTES
        super().__init__(platform, core_config, **kwargs)


if __name__ == "__main__":
    gen.LiteDRAMCore = SmallSramCore
    gen.main()
