# check NAME WANT STATUS OUTPUT TEXT...: one outcome of a lockstep test
# script: the exit status wanted and each text in the output; counts in
# pass and fail (the caller's). Sourced by variants.sh and modifiers.sh.
check() {
    name=$1 want=$2 status=$3 out=$4
    shift 4
    ok=1
    [ "$status" -eq "$want" ] || ok=0
    for text in "$@"; do printf '%s\n' "$out" | grep -qF -- "$text" || { ok=0; echo "  missing: $text"; }; done
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); echo "ok   $name"; else
        fail=$((fail + 1)); echo "FAIL $name (exit $status, wanted $want)"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}
