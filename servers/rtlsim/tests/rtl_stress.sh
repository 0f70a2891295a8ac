#!/bin/sh
# Stress on the core's handshakes (hdl_stubs/README.md, "Stress"): every
# example kernel PASSes in lockstep on the rtl board under each profile
# (none, light, heavy) as it does without stress, with a seed that changes
# from run to run (GPUHOST_STRESS_SEED, else the clock: printed, so a
# failure reruns with it); gpu-rtlsim --stats gives the cycles per
# warp-instruction of each profile, printed. A run reruns cycle for cycle
# from its setting; the setting is stated in the report, the JUnit
# properties and --dump-state; bad settings and boards that cannot honour
# one are refused (exit 2), never ignored.
# Usage: rtl_stress.sh GPUHOST GPU_RTLSIM KERNEL_DIR
set -u
gpuhost=$1 rtlsim=$2 dir=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seed=${GPUHOST_STRESS_SEED:-$(date +%s)}
echo "stress seed $seed (GPUHOST_STRESS_SEED=$seed reruns this test's settings)"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# gpu-rtlsim with --stats into a file per profile
server() { # PROFILE -> a server script
    printf '#!/bin/sh\nexec "%s" "$@" --stats 2>> "%s"\n' "$rtlsim" "$work/stats.$1" > "$work/server.$1"
    chmod +x "$work/server.$1"
    echo "$work/server.$1"
}
# the stepping cycles and instructions of a stats file: "CYCLES INSNS"
sum_stats() {
    sed -n 's/.*: \([0-9]*\) instructions in \([0-9]*\) stepping cycles.*/\2 \1/p' "$1" |
        awk '{ c += $1; n += $2 } END { printf "%d %d\n", c, n }'
}

for profile in none light heavy; do
    srv=$(server $profile)
    n=0
    for k in "$dir"/*.s; do
        n=$((n + 1))
        s=$((seed + n))
        out=$("$gpuhost" --board rtl run "$k" --server "$srv" --stress "$s:$profile" --timeout 60000 2>&1)
        status=$?
        if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS" &&
            echo "$out" | grep -q "^board rtl: stress $s:$profile: "; then
            ok "$(basename "$k") --stress $s:$profile"
        else
            bad "$(basename "$k") --stress $s:$profile (exit $status; reproduce: gpuhost --board rtl run $k --stress $s:$profile)"
            echo "$out" | head -30 | sed 's/^/    /'
        fi
    done
    set -- $(sum_stats "$work/stats.$profile")
    if [ "${2:-0}" -gt 0 ]; then
        echo "profile $profile: $(awk "BEGIN { printf \"%.2f\", $1 / $2 }") cycles per warp-instruction ($2 warp-instructions, $1 stepping cycles; gpu-rtlsim --stats)"
    else
        bad "profile $profile: no cycle count from gpu-rtlsim --stats"
    fi
done

# the same setting reruns the same cycles (a wave window lands where it did)
k=$dir/reduce_shfl.s
srv=$(server rerun)
for i in 1 2; do
    : > "$work/stats.rerun"
    "$gpuhost" --board rtl run "$k" --server "$srv" --stress "$seed:heavy" > /dev/null 2>&1
    sum_stats "$work/stats.rerun" > "$work/cycles.$i"
done
if [ -s "$work/cycles.1" ] && cmp -s "$work/cycles.1" "$work/cycles.2"; then
    ok "--stress $seed:heavy reruns the same cycles ($(cut -d' ' -f1 "$work/cycles.1"))"
else
    bad "--stress $seed:heavy ran $(cat "$work/cycles.1") then $(cat "$work/cycles.2") (cycles, instructions)"
fi

# stated in JUnit and --dump-state
"$gpuhost" --board rtl run "$k" --stress "$seed:light,mem-max=40" --junit "$work/j.xml" --dump-state "$work/s.json" \
    > "$work/out" 2>&1
want="$seed:ready-low=10,ready-burst=2,mem-zero=50,mem-max=40,gap-max=1,step-max=2"
if grep -q "<property name=\"stress\" value=\"$want\"/>" "$work/j.xml" &&
    grep -q "\"stress\":{\"setting\":\"$want\",\"seed\":$seed,\"profile\":\"custom\"}" "$work/s.json"; then
    ok "the setting in JUnit's properties and --dump-state ($want)"
else
    bad "the setting is not in JUnit's properties or --dump-state"
    sed 's/^/    /' "$work/out"
    grep -o '<properties>.*</properties>' "$work/j.xml" | sed 's/^/    /'
    tail -c 200 "$work/s.json" | sed 's/^/    /'
fi

# a descriptor's [dut] stress (a HIL pool of stressed servers); --stress overrides it
mkdir "$work/boards"
cp "$dir/../../boards/"*.ini "$work/boards/"
sed -e 's/^name = rtl$/name = rtl-stress/' -e 's/^\[dut\]$/[dut]\nstress = 5:light/' "$dir/../../boards/rtl.ini" \
    > "$work/boards/rtl-stress.ini"
for args in "5:light|" "6:heavy|--stress 6:heavy"; do
    want=${args%%|*}
    out=$(GPUHOST_BOARDS_DIR=$work/boards "$gpuhost" --board rtl-stress run "$k" ${args#*|} 2>&1)
    [ $? -eq 0 ] && echo "$out" | grep -q "^board rtl-stress: stress $want: " &&
        ok "board rtl-stress (descriptor stress = 5:light) ${args#*|}: runs under $want" ||
        { bad "board rtl-stress ${args#*|}: not under $want"; echo "$out" | head -5 | sed 's/^/    /'; }
done

# the watchdog counts the core's cycles, never those the board held it for: the longest bursts the knobs allow,
# and the slowest memory, under the server's watchdog of 100,000 cycles (a memory kernel: many beats and requests)
for st in "$seed:ready-low=90,ready-burst=1000" "$seed:ready-low=0,mem-zero=0,mem-max=1000"; do
    out=$("$gpuhost" --board rtl run "$dir/saxpy.s" --stress "$st" --timeout 600000 2>&1)
    status=$?
    [ $status -eq 0 ] && echo "$out" | grep -q "^PASS" && ok "saxpy.s --stress $st: the watchdog spares a held core" ||
        { bad "saxpy.s --stress $st (exit $status)"; echo "$out" | grep -v "^tolerance" | head -5 | sed 's/^/    /'; }
done

# refused: a bad setting, a board that cannot honour it (exit 2, the option named)
refused() { # WHAT GREP ARGS...
    what=$1 pattern=$2
    shift 2
    out=$("$gpuhost" "$@" 2>&1)
    status=$?
    if [ $status -eq 2 ] && echo "$out" | grep -q -- "$pattern"; then
        ok "refused: $what"
    else
        bad "$what: exit $status, wanted 2 and '$pattern'"
        echo "$out" | head -5 | sed 's/^/    /'
    fi
}
refused "a seed that is not a number" "option --stress 'x7': the seed" --board rtl run "$k" --stress x7
refused "an unknown profile" "option --stress '7:wild': 'wild' is neither a profile" --board rtl run "$k" --stress 7:wild
refused "a knob out of range" "ready-low takes 0..99" --board rtl run "$k" --stress 7:ready-low=101
refused "a setting no run could end" "at 100 rt_ready never rises" --board rtl run "$k" --stress 7:ready-low=100
refused "the model board" "option --stress: board model" --board model run "$k" --stress 7
refused "the modelsim board" "option --stress: board modelsim" --board modelsim run "$k" --stress 7:light
refused "a server started elsewhere" "takes its own" --board rtl run "$k" --stress 7 --endpoint ipc:///nonexistent
out=$("$rtlsim" --stress 7:heavy,mem-max=x --endpoint "ipc://$work/sock" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "gpu-rtlsim: --stress '7:heavy,mem-max=x': mem-max takes 0..1000" &&
    ok "gpu-rtlsim refuses a bad setting (exit 2)" || bad "gpu-rtlsim --stress 7:heavy,mem-max=x: $out"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
