# Shared by the usbemu tests (sourced). Needs $usbemu. usbemu_check exits 77
# (skipped) when gpu-usbemu is not built or umockdev cannot run here; where
# GPUHOST_REQUIRE names usbemu (CI: ../require.sh) it exits 1 with the reason
# instead, and also when gpu-usbemu cannot run the rv32 image (Unicorn).
. "$(dirname "$0")/../require.sh"
usbemu_check() {
    if [ ! -x "$usbemu" ]; then
        gh_unavailable usbemu "gpu-usbemu is not built ($usbemu: install libumockdev-dev umockdev and reconfigure)"
    fi
    if ! out=$(timeout 30 "$usbemu" --boards 0 -- true 2>&1); then
        gh_unavailable usbemu "umockdev cannot run here: $out"
    fi
    # (image_marker, below: empty when the image cannot run; without the
    # requirement the tests then run on what gpu-usbemu serves)
    if [ -z "$image_marker" ] && [ "${GH_USBEMU_FIRMWARE:-image}" = image ] && gh_required usbemu; then
        gh_unavailable usbemu "gpu-usbemu cannot run the rv32 image: $(timeout 30 "$usbemu" --firmware image \
            --boards 0 -- true 2>&1 | head -n 3) (install libunicorn-dev gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf and reconfigure)"
    fi
}

# gh_wrapped_board NAME DIR: boards/NAME.ini without its emulator keys, in
# DIR (its path printed), for a gpuhost run as PROGRAM under "gpu-usbemu
# [emulator options] -- gpuhost --board PATH": the board is already on the
# bus there, where --board NAME would start an emulator of its own. For the
# emulator's own options (--boards, --fw-max-insns, --dut-no-trap-lane);
# the target options (--fault, --fault-usb, --stress) go to gpuhost.
gh_wrapped_board() {
    sed '/^emulator/d' "$(dirname "$0")/../../boards/$1.ini" > "$2/$1.ini" && echo "$2/$1.ini"
}

# A loop kernel of one warp: few load frames, then ~100 COMMITS frames at --batch 4.
write_loop_kernel() { # file, iterations
    cat > "$1" <<EOS
.warps 1
.init R9 $2
    S2R R0, SR_LANEID ;
loop:
    IADD R1, R0, R1 ;
    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;
    IMAD R4, R1, R1, R4 ;
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
EOS
}

pass=0 fail=0
# check NAME WANT_STATUS MAX_SECONDS OUTPUT_FILE STATUS SECONDS TEXT...
verdict() {
    name=$1 want=$2 max=$3 file=$4 status=$5 secs=$6
    shift 6
    ok=1
    if [ "$want" = nonzero ]; then
        [ "$status" -ne 0 ] || ok=0
    else
        [ "$status" -eq "$want" ] || ok=0
    fi
    [ "$secs" -le "$max" ] || { ok=0; echo "  too slow: ${secs} s (limit ${max} s)"; }
    for text in "$@"; do
        grep -qF -- "$text" "$file" || { ok=0; echo "  missing: $text"; }
    done
    if [ $ok -eq 1 ]; then
        pass=$((pass + 1))
        echo "ok   $name (${secs} s)"
    else
        fail=$((fail + 1))
        echo "FAIL $name (exit $status, wanted $want)"
        sed 's/^/    /' "$file" | head -n 30
    fi
}

# What the board's CAPS name says when gpu-usbemu runs the rv32 image (the
# default wherever it can): the usbemu tests check that the image served
# them. Empty (matches anything) for a gpu-usbemu built without Unicorn.
if [ -x "$usbemu" ] && timeout 30 "$usbemu" --firmware image --boards 0 -- true > /dev/null 2>&1 &&
    [ "${GH_USBEMU_FIRMWARE:-image}" = image ]; then
    image_marker="(gh-ref: rv32 image on the emulated board (gpu-usbemu))"
else
    image_marker=""
fi
