#!/bin/sh
# A Yosys synthesis check of a Verilog design, shared by the stand-in core's
# flows (hdl_stubs/synth/CMakeLists.txt) and any unit's:
#   yosys_synth.sh [options] YOSYS FLOW TOP
#     FLOW generic  `synth -top TOP`, hierarchy kept; the memories named by -m
#                   stay $mem_v2 cells (RAM macros), every other memory is
#                   mapped to flip-flops
#     FLOW coarse   `synth -top TOP -run :fine`: synth's coarse stage only
#                   (word-level cells: no gate mapping, so no gate figures),
#                   with every check of generic; minutes less on a large
#                   design, whose gate mapping the ecp5 flow proves
#     FLOW ecp5     `synth_ecp5 -top TOP -noflatten` (Lattice ECP5 cells,
#                   hierarchy kept: a module instantiated N times is mapped once)
#     -d DIR        read every DIR/*.v (a DIR that does not exist is skipped)
#     -f FILE       read FILE
#     -I DIR        include directory (skipped when it does not exist)
#     -P NAME=VALUE a parameter of TOP
#     -m INST.MEM   the memory MEM of instance INST of TOP (e.g. u_gpr.mem)
#                   must be inferred as a RAM: one $mem_v2 after
#                   `memory -nomap`, and for ecp5 block RAM (DP16KD) or LUT
#                   RAM (TRELLIS_DPR16X4) after the RAM mapping
#     -l FILE       keep Yosys's log in FILE
#     -n            leave out `share` (SAT-based resource sharing, an area
#                   optimisation): `synth -noshare`; for ecp5 synth_ecp5's
#                   coarse stage is run without it
#     -w MODULE     MODULE is left out of the gate mapping (partial: for a
#                   module too large for it; not with coarse, which maps no
#                   gates): generic takes it through the
#                   coarse stage only (word-level cells, its flip-flops as
#                   bits), ecp5 makes it a black box (so no -m memory of
#                   ecp5 may be inside it). Said in the output.
#     -F            ecp5: LUT mapping with ABC's fast script (`abc -fast`:
#                   strash, dretime, if) instead of its default one, whose
#                   fraiging, scorr, dc2, dch and mfs2 rounds optimise the
#                   LUT count and cost most of the run on a large design
#                   (the mapping is proved just the same; the LUT count is
#                   higher, said in the output)
#     -L CELL=MAX   ecp5: the design may hold at most MAX cells of type CELL
#                   (LUT4, MULT18X18D, DP16KD ...: a part's resources);
#                   each is printed against its limit, and more fails
#     -S CELL=MAX   ecp5: as -L, printed only (a target not yet met)
#                   CELL may also be LUTS: the LUT4 sites the design takes,
#                   LUT4 + 2 a CCU2C (a slice's two LUTs as carry logic) +
#                   6 a TRELLIS_DPR16X4 (distributed RAM takes three
#                   slices: ECP5 data sheet), the figure a part's LUT
#                   count is to be held against
#     -D            ecp5: the logic depth of the longest path, after
#                   mapping: `ltp` over the logic cells of each module
#                   (LUT4, CCU2C, PFUMX, L6MUX21, MULT18X18D: each counts
#                   1; flip-flops, RAMs, submodule instances and the
#                   module's ports end a path), the deepest
#                   module's: a first timing estimate, and a lower bound
#                   (a path through several modules is not followed;
#                   flattening the whole core first took Yosys more than
#                   10 minutes and 7 GB)
#     -R N          ecp5: a memory read through more than N ports goes to
#                   flip-flops before the RAM mapping (Yosys 0.23's
#                   memory_libmap can exhaust memory on one)
# Fails (exit 1) on a Yosys error (an unsupported construct stops
# read_verilog), on any Yosys warning, when `check -assert` finds a problem,
# on any latch, or when a -m memory is not a RAM. Prints the whole design's
# cells, flip-flops and memories (the hierarchy total) and the run time.
# Exits 77 (skipped) when YOSYS is not installed, 2 on a usage error.
set -eu
usage() { echo "usage: yosys_synth.sh [-d DIR] [-f FILE] [-I DIR] [-P NAME=VALUE] [-m INST.MEM] [-l LOG] [-n] [-w MODULE] [-R N] [-F] [-L CELL=MAX] [-S CELL=MAX] [-D] YOSYS generic|coarse|ecp5 TOP" >&2; exit 2; }
files="" incs="" params="" mems="" keep_log="" noshare="" words="" maxrd="" fast_luts="" limits="" shows="" depth=""
while getopts d:f:I:P:m:l:nw:R:FL:S:D opt; do
    case $opt in
    d) if [ -d "$OPTARG" ]; then
           for f in "$OPTARG"/*.v; do [ -e "$f" ] && files="$files $f"; done
       else
           echo "note: $OPTARG does not exist: not read"
       fi ;;
    f) files="$files $OPTARG" ;;
    I) [ -d "$OPTARG" ] && incs="$incs -I$OPTARG" ;;
    P) params="$params -chparam ${OPTARG%%=*} ${OPTARG#*=}" ;;
    m) mems="$mems $OPTARG" ;;
    l) keep_log=$OPTARG ;;
    n) noshare=1 ;;
    w) words="$words $OPTARG" ;;
    R) maxrd=$OPTARG ;;
    F) fast_luts=1 ;;
    L) case $OPTARG in *=[0-9]*) limits="$limits L:$OPTARG" ;; *) usage ;; esac ;;
    S) case $OPTARG in *=[0-9]*) shows="$shows S:$OPTARG" ;; *) usage ;; esac ;;
    D) depth=1 ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || usage
yosys=$1 flow=$2 top=$3
[ "$flow" != coarse ] || [ -z "$words" ] || { echo "yosys_synth.sh: -w: the coarse flow maps no gates" >&2; exit 2; }
[ "$flow" = ecp5 ] || [ -z "$fast_luts$limits$shows$depth" ] || { echo "yosys_synth.sh: -F, -L, -S, -D: the ecp5 flow's" >&2; exit 2; }
[ -n "$files" ] || { echo "yosys_synth.sh: no Verilog file to read" >&2; exit 2; }
if ! command -v "$yosys" >/dev/null 2>&1; then
    echo "SKIP: $yosys not installed (scripts/setup.sh installs yosys)"
    exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ys=$tmp/flow.ys
latches='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*'

# The module that implements instance INST of TOP (INST may be a path,
# u_a.u_b), as a selection.
inst_module() {
    sel="" rest=$1
    while :; do
        if [ -z "$sel" ]; then sel="$top/${rest%%.*} %M"; else sel="$sel */${rest%%.*} %i %M"; fi
        [ "${rest#*.}" != "$rest" ] || break
        rest=${rest#*.}
    done
    echo "$sel"
}
# Memory INST.MEM as one $mem_v2 cell, and as the RAM cells it was mapped to
# (memory_libmap names them MEM.*)
mem_cell() { echo "$(inst_module "${1%.*}") */${1##*.} %i */t:\$mem_v2 %i"; }
ram_cells() { echo "$(inst_module "${1%.*}") */${1##*.}.* %i */t:DP16KD */t:TRELLIS_DPR16X4 %u %i"; }

# The -w modules by their Verilog name (hdlname: a module derived with
# parameters is named $paramod\NAME\...; `?` stands for the backslash, which
# sh's echo would read as an escape).
wsel=""
for w in $words; do
    if [ -z "$wsel" ]; then wsel=" A:hdlname=?$w"; else wsel="$wsel A:hdlname=?$w %u"; fi
done

# Each assertion is logged first ("CHECK: ..."): a failure names it.
check() { # DESCRIPTION YOSYS-COMMAND
    echo "log CHECK: $(echo "$1" | tr ";" ",")" # (a ; would end the command)
    echo "$2"
}
{
    echo "read_verilog -defer$incs$files"
    echo "hierarchy -top $top$params"
    for w in $words; do check "-w $w: the design has a module $w" "select -assert-min 1 A:hdlname=?$w"; done
    case $flow in
    generic)
        echo "synth -top $top${noshare:+ -noshare} -run :fine"
        keep=""
        for m in $mems; do
            check "$m is one \$mem_v2 of at most 2 write ports after memory -nomap" \
                "select -assert-count 1 $(mem_cell "$m") r:WR_PORTS<=2 %i"
            if [ -z "$keep" ]; then keep="$(mem_cell "$m")"; else keep="$keep $(mem_cell "$m") %u"; fi
        done
        # synth's fine stage on FINE (every module but the -w ones), the -m
        # memories kept as $mem_v2 (RAM macros)
        fine="*"
        [ -z "$wsel" ] || fine="*$wsel %d"
        echo "opt -fast -full $fine"
        if [ -n "$keep" ]; then echo "memory_map $fine $keep %d"; else echo "memory_map $fine"; fi
        echo "opt -full $fine"
        echo "techmap $fine"
        echo "opt -fast $fine"
        echo "abc -fast $fine"
        echo "opt -fast $fine"
        [ -z "$wsel" ] || echo "simplemap$wsel t:\$*dff* %i"
        echo "hierarchy -check"
        for m in $mems; do check "$m is still a \$mem_v2 after synthesis" "select -assert-count 1 $(mem_cell "$m")"; done
        check "no latch" "select -assert-none $latches"
        check "check -assert (no driver conflict, no undriven wire in use, no logic loop)" "check -assert" ;;
    coarse)
        echo "synth -top $top${noshare:+ -noshare} -run :fine"
        keep=""
        for m in $mems; do
            check "$m is one \$mem_v2 of at most 2 write ports after memory -nomap" \
                "select -assert-count 1 $(mem_cell "$m") r:WR_PORTS<=2 %i"
            if [ -z "$keep" ]; then keep="$(mem_cell "$m")"; else keep="$keep $(mem_cell "$m") %u"; fi
        done
        # every other memory to word-level cells, as generic maps them (Yosys
        # 0.23's `check` calls bits of a ROM $mem_v2's read data undriven:
        # MUFU's coefficient ROM, whose block RAM the ecp5 flows prove); the
        # read muxes of words past a ROM's last are undefined, made x here
        # as generic's `opt -full` makes them
        if [ -n "$keep" ]; then echo "memory_map * $keep %d"; else echo "memory_map"; fi
        echo "opt_expr -undriven w:*\$rdmux*"
        echo "hierarchy -check"
        check "no latch" "select -assert-none $latches"
        check "check -assert (no driver conflict, no undriven wire in use, no logic loop)" "check -assert" ;;
    ecp5)
        [ -z "$wsel" ] || echo "blackbox$wsel"
        if [ -z "$noshare" ]; then
            echo "synth_ecp5 -top $top -noflatten -run :map_ram"
        else
            # synth_ecp5's coarse stage without `share` (Yosys 0.23's)
            echo "synth_ecp5 -top $top -noflatten -run :coarse"
            echo "proc; tribuf -logic; deminout; opt_expr; opt_clean; check; opt -nodffe -nosdff"
            echo "fsm; opt; wreduce; peepopt; opt_clean"
            echo "techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean"
            echo "techmap -map +/mul2dsp.v -map +/ecp5/dsp_map.v -D DSP_A_MAXWIDTH=18 -D DSP_B_MAXWIDTH=18" \
                 "-D DSP_A_MINWIDTH=2 -D DSP_B_MINWIDTH=2 -D DSP_NAME=\$__MUL18X18"
            echo "chtype -set \$mul t:\$__soft_mul; alumacc; opt; memory -nomap; opt_clean"
        fi
        for m in $mems; do check "$m is one \$mem_v2 after memory -nomap" "select -assert-count 1 $(mem_cell "$m")"; done
        [ -z "$maxrd" ] || echo "memory_map t:\$mem_v2 r:RD_PORTS>$maxrd %i"
        echo "synth_ecp5 -top $top -noflatten -run map_ram:map_ffram"
        for m in $mems; do
            check "$m is mapped to RAM cells, not left for flip-flops" "select -assert-none $(mem_cell "$m")"
            check "$m is block RAM (DP16KD) or LUT RAM (TRELLIS_DPR16X4)" \
                "select -assert-min 1 $(ram_cells "$m")"
        done
        # latches before map_luts, which turns them into LUT loops
        echo "synth_ecp5 -top $top -noflatten -run map_ffram:map_luts"
        check "no latch" "select -assert-none $latches"
        if [ -n "$fast_luts" ]; then
            # synth_ecp5's map_luts with ABC's fast script
            echo "techmap -map +/ecp5/latches_map.v"
            echo "abc -fast -dress -lut 4:7"
            echo "clean"
            echo "synth_ecp5 -top $top -noflatten -run map_cells:check"
        else
            # up to synth_ecp5's check stage, whose autoname (cell names for
            # reading only) takes Yosys 0.23 quadratic time on a design this size
            echo "synth_ecp5 -top $top -noflatten -run map_luts:check"
        fi
        echo "hierarchy -check"
        check "check -assert -mapped (no conflict, undriven wire or loop, only ECP5 cells)" "check -assert -mapped" ;;
    *)
        usage ;;
    esac
    echo "tee -q -o $tmp/stat stat -top $top"
    # the logic cells only (after stat): ltp -noff knows Yosys's own
    # flip-flops, not TRELLIS_FF or the RAMs, and takes an instance of a
    # module for logic from all its inputs to all its outputs (loops through
    # a submodule that the hierarchy does not have), so all else goes
    if [ -n "$depth" ]; then
        echo "delete t:* t:LUT4 t:PFUMX t:L6MUX21 t:CCU2C t:MULT18X18D %u %u %u %u %d"
        echo "tee -q -o $tmp/ltp ltp -noff"
    fi

    [ -z "$wsel" ] || [ "$flow" = ecp5 ] || echo "tee -q -o $tmp/wstat stat$wsel"
} > "$ys"

start=$(date +%s)
if ! "$yosys" -q -l "$tmp/log" -s "$ys" > "$tmp/out" 2>&1; then
    [ -z "$keep_log" ] || cp "$tmp/log" "$keep_log"
    head -c 4000 "$tmp/out"
    what=$(sed -n 's/^CHECK: //p' "$tmp/log" | tail -1)
    if grep -q "^ERROR: Assertion failed" "$tmp/out" && [ -n "$what" ]; then
        echo "FAIL: $top: yosys $flow: $what"
    else
        echo "FAIL: $top: yosys $flow: Yosys stopped (the error above)"
    fi
    exit 1
fi
end=$(date +%s)
[ -z "$keep_log" ] || cp "$tmp/log" "$keep_log"
# (ABC says so of a module without flip-flops; nothing is wrong then)
if grep "Warning:" "$tmp/log" | grep -v "ABC: Warning: The network is combinational" > "$tmp/warnings"; then
    cat "$tmp/warnings"
    echo "FAIL: $top: yosys $flow: warnings (above)"
    exit 1
fi

# Each module's cells (one instance; derived names shortened to the
# Verilog name), then the whole design's figures: stat's hierarchy total.
# On ECP5 also its LUT sites (LUTS, as the limits below count them).
awk -v flow="$flow" '
     function flush() { if (name != "") print name, cells, luts; name = "" }
     /^=== design hierarchy ===$/ { flush(); last = 1; next }
     /^=== .* ===$/ { flush(); if (!last) { name = $2; cells = 0; luts = 0 } }
     /Number of cells:/ && name != "" { cells = $4 }
     name != "" && $1 == "LUT4" { luts += $2 }
     name != "" && $1 == "CCU2C" { luts += 2 * $2 }
     name != "" && $1 == "TRELLIS_DPR16X4" { luts += 6 * $2 }
     END { flush() }' "$tmp/stat" |
    sed 's/^\$paramod\(\$[0-9a-f]*\)\{0,1\}\\\([^\\ ]*\)[^ ]*/\2/' | sort -k2 -n -r |
    while read -r name n luts; do
        if [ "$flow" = ecp5 ]; then echo "$top: module $name: $n cells, $luts LUTS"
        else echo "$top: module $name: $n cells"; fi
    done
if grep -q "design hierarchy" "$tmp/stat"; then sed -n '/design hierarchy/,$p' "$tmp/stat" > "$tmp/total"
else cp "$tmp/stat" "$tmp/total"; fi
sed -n '/Number of cells/,$p' "$tmp/total" | grep -v '^ *$' | sed "s/^ */$top: /"
awk -v top="$top" -v flow="$flow" '
    /Number of cells:/ { cells = $4 }
    $1 ~ /DFF|TRELLIS_FF|^\$[a-z]*dff/ { ffs += $2 } # (coarse: word-level flip-flop cells)
    $1 == "$mem_v2" { mems += $2 }
    $1 == "DP16KD" { bram += $2 }
    $1 == "TRELLIS_DPR16X4" { lutram += $2 }
    END {
        printf "%s: %s: %d cells, %d flip-flops, ", top, flow, cells, ffs
        if (flow == "ecp5") printf "%d block RAMs (DP16KD), %d LUT RAMs (TRELLIS_DPR16X4)\n", bram, lutram
        else printf "%d memories ($mem_v2)%s\n", mems, flow == "coarse" ? " (word-level cells: coarse stage only)" : ""
    }' "$tmp/total"
[ -z "$mems" ] || echo "$top: $flow: inferred as RAM:$mems"
echo "$top: yosys $flow: check -assert passed, no latches, no warnings; $((end - start)) s"
[ -z "$fast_luts" ] || echo "$top: ecp5: LUTs mapped with ABC's fast script (-F): the LUT count is an upper figure"
if [ -n "$depth" ]; then
    d=$(sed -n 's/^Longest topological path in .* (length=\([0-9]*\)).*/\1/p' "$tmp/ltp" | sort -n | tail -1)
    m=$(sed -n "s/^Longest topological path in \(.*\) (length=$d).*/\1/p" "$tmp/ltp" | head -1 |
        sed 's/^\$paramod\(\$[0-9a-f]*\)\{0,1\}\\\([^\\ ]*\).*/\2/')
    echo "$top: ecp5: longest path: ${d:-?} cells deep${m:+ (in $m)} (ltp per module over its logic cells: between flip-flops, RAMs and ports)"
fi
over=0
for l in $limits $shows; do
    kind=${l%%:*} l=${l#*:} cell=${l%%=*} max=${l#*=}
    n=$(awk -v c="$cell" '$1 == c { n += $2 }
        c == "LUTS" && $1 == "LUT4" { n += $2 }
        c == "LUTS" && $1 == "CCU2C" { n += 2 * $2 }
        c == "LUTS" && $1 == "TRELLIS_DPR16X4" { n += 6 * $2 }
        END { print n + 0 }' "$tmp/total")
    if [ "$n" -le "$max" ]; then
        echo "$top: ecp5: $cell: $n of at most $max ($((max > 0 ? n * 100 / max : 0))%)"
    elif [ "$kind" = L ]; then
        echo "$top: ecp5: $cell: $n, OVER the limit of $max"; over=1
    else
        echo "$top: ecp5: $cell: $n, OVER the limit of $max (-S: not enforced)"
    fi
done
if [ -n "$words" ] && [ "$flow" = ecp5 ]; then
    echo "PARTIAL: $top: ecp5: black boxes, not in the figures above:$words"
elif [ -n "$words" ]; then
    echo "PARTIAL: $top: generic: left at word level (coarse stage only, flip-flops as bits):$words"
    sed -n '/^=== /p; /Number of cells/p' "$tmp/wstat" | sed "s/^ */$top: /"
fi
[ $over -eq 0 ] || { echo "FAIL: $top: ecp5: more cells than the limits (-L) allow"; exit 1; }
