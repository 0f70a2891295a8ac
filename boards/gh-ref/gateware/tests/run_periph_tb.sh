#!/bin/sh
# Build and run the gh-ref peripherals' testbench with Icarus Verilog.
# usage: sh run_periph_tb.sh IVERILOG_BIN GATEWARE_DIR WORK_DIR
# Exit 0 on pass, 1 on any failure (the failed checks are printed).
set -u
if [ $# -ne 3 ]; then
    echo "usage: $0 IVERILOG_BIN GATEWARE_DIR WORK_DIR" >&2
    exit 1
fi
iverilog_bin=$1
gw=$2
work=$3
vvp_bin=$(dirname "$iverilog_bin")/vvp
[ -x "$vvp_bin" ] || vvp_bin=vvp
mkdir -p "$work" || exit 1
log="$work/periph_tb.log"
if ! "$iverilog_bin" -g2005 -Wall -Wno-timescale -I "$gw" -I "$gw/tests" -s periph_tb -o "$work/periph_tb.vvp" \
        "$gw/tests/periph_tb.v" "$gw/gh_ref_sys.v" "$gw/gh_ref_crc.v" "$gw/gh_ref_dma.v" \
        "$gw/gh_ref_dma_mover.v" "$gw/gh_ref_usb.v" "$gw/gh_ref_usb_out.v" "$gw/gh_ref_usb_in.v" \
        "$gw/gh_ref_usb_frame.v" "$gw/gh_ref_usb_ram.v" "$gw/gh_ref_dbg.v"; then
    echo "periph_tb: FAIL (iverilog)"
    exit 1
fi
"$vvp_bin" -n "$work/periph_tb.vvp" >"$log" 2>&1
cat "$log"
if grep -q '^FAIL' "$log" || ! grep -q '^periph_tb: PASS$' "$log"; then
    exit 1
fi
exit 0
