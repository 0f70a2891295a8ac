# add_skipped_test(NAME REASON [LABELS...]): registers NAME as a test that
# prints why it cannot run and exits 77, which CTest reports as skipped.
# For tests whose dependency (Verilator, umockdev, ...) is absent: they must
# show up as skipped, never vanish from the suite.
function(add_skipped_test name reason)
  # the reason goes in as $0, so no quoting of it reaches the shell
  add_test(NAME ${name} COMMAND sh -c "echo \"SKIP: $0\"; exit 77" "${reason}")
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  if(ARGN)
    set_tests_properties(${name} PROPERTIES LABELS "${ARGN}")
  endif()
endfunction()

# add_unavailable_test(NAME REQUIREMENT REASON [LABELS...]): the same, for a
# dependency that some machines must have: skipped (77) as above, but a
# failure (exit 1, with the reason) where the environment variable
# GPUHOST_REQUIRE names REQUIREMENT when the test runs (tests/require.sh; CI
# sets GPUHOST_REQUIRE=usbemu).
function(add_unavailable_test name requirement reason)
  add_test(NAME ${name}
    COMMAND sh -c ". \"$0\"; gh_unavailable \"$1\" \"$2\"" ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/require.sh
            "${requirement}" "${reason}")
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  if(ARGN)
    set_tests_properties(${name} PROPERTIES LABELS "${ARGN}")
  endif()
endfunction()
