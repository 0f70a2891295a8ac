# Groups XU (POPC, FLO, BREV, BMSK, SGXT, MUFU) and SYNCOp.
add_executable(test_model_xu ${CMAKE_CURRENT_LIST_DIR}/test_xu.c)
target_link_libraries(test_model_xu PRIVATE model_harness)
add_test(NAME model_xu COMMAND test_model_xu)

# MUFU against a double-precision reference: exhaustive F16/BF16, F32/F64 sweeps.
add_executable(test_model_mufu_accuracy ${CMAKE_CURRENT_LIST_DIR}/test_mufu_accuracy.c)
target_link_libraries(test_model_mufu_accuracy PRIVATE model_harness m)
add_test(NAME model_mufu_accuracy COMMAND test_model_mufu_accuracy)

add_executable(test_model_sync ${CMAKE_CURRENT_LIST_DIR}/test_sync.c)
target_link_libraries(test_model_sync PRIVATE model_harness)
add_test(NAME model_sync COMMAND test_model_sync)
