# Shared by the fault-detection tests (sourced): runs a kernel on a lockstep
# board with an optional injected fault and checks the exit status and that
# every expected text appears in the report. Counts into $pass and $fail.
#   check_fault GPUHOST BOARD KERNEL BATCH NAME FAULT WANT TEXT...
check_fault() {
    cf_gpuhost=$1 cf_board=$2 cf_kernel=$3 cf_batch=$4 cf_name=$5 cf_fault=$6 cf_want=$7
    shift 7
    if [ -n "$cf_fault" ]; then
        cf_out=$("$cf_gpuhost" --board "$cf_board" run "$cf_kernel" --batch "$cf_batch" --fault "$cf_fault" 2>&1)
    else
        cf_out=$("$cf_gpuhost" --board "$cf_board" run "$cf_kernel" --batch "$cf_batch" 2>&1)
    fi
    cf_status=$?
    cf_ok=1
    [ $cf_status -eq "$cf_want" ] || cf_ok=0
    for cf_text in "$@"; do
        echo "$cf_out" | grep -qF -- "$cf_text" || { cf_ok=0; echo "  missing: $cf_text"; }
    done
    if [ $cf_ok -eq 1 ]; then
        pass=$((pass + 1))
        echo "ok   $cf_name (batch $cf_batch)"
    else
        fail=$((fail + 1))
        echo "FAIL $cf_name (batch $cf_batch, exit $cf_status, wanted $cf_want)"
        echo "$cf_out" | sed 's/^/    /'
    fi
}

# A kind only a full-state check sees: exit 7 at the --check-every point
# after it, every expected text in the report. Counts into $pass and $fail.
#   check_state_fault GPUHOST BOARD KERNEL NAME FAULT EVERY TEXT...
check_state_fault() {
    sf_gpuhost=$1 sf_board=$2 sf_kernel=$3 sf_name=$4 sf_fault=$5 sf_every=$6
    shift 6
    sf_out=$("$sf_gpuhost" --board "$sf_board" run "$sf_kernel" --check-every "$sf_every" --fault "$sf_fault" 2>&1)
    sf_status=$?
    sf_ok=1
    [ $sf_status -eq 7 ] || sf_ok=0
    for sf_text in "$@"; do echo "$sf_out" | grep -qF -- "$sf_text" || { sf_ok=0; echo "  missing: $sf_text"; }; done
    if [ $sf_ok -eq 1 ]; then pass=$((pass + 1)); echo "ok   $sf_name"; else
        fail=$((fail + 1)); echo "FAIL $sf_name (exit $sf_status)"; echo "$sf_out" | sed 's/^/    /'; fi
}
