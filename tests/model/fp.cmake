# Floating point: the model's softfloat (cosim/model/src/fp) against an exact
# reference, and the HALU / EXT_FP32 instructions through the model.

add_executable(test_model_softfloat ${CMAKE_CURRENT_LIST_DIR}/test_softfloat.c)
target_include_directories(test_model_softfloat PRIVATE ${CMAKE_SOURCE_DIR}/cosim/model/src/fp)
target_link_libraries(test_model_softfloat PRIVATE gm m)
add_test(NAME model_softfloat COMMAND test_model_softfloat)

add_executable(test_model_halu ${CMAKE_CURRENT_LIST_DIR}/test_halu.c)
target_link_libraries(test_model_halu PRIVATE model_harness)
add_test(NAME model_halu COMMAND test_model_halu)

add_executable(test_model_fp32 ${CMAKE_CURRENT_LIST_DIR}/test_fp32.c)
target_link_libraries(test_model_fp32 PRIVATE model_harness)
add_test(NAME model_fp32 COMMAND test_model_fp32)

add_executable(test_model_fp_layout ${CMAKE_CURRENT_LIST_DIR}/test_fp_layout.c)
target_link_libraries(test_model_fp_layout PRIVATE gm isa PkgConfig::CMOCKA)
add_test(NAME model_fp_layout COMMAND test_model_fp_layout)

# The whole-warp FP path (fp/sf_lanes.c) against softfloat, bit for bit.
add_executable(test_model_sf_lanes ${CMAKE_CURRENT_LIST_DIR}/test_sf_lanes.c)
target_include_directories(test_model_sf_lanes PRIVATE ${CMAKE_SOURCE_DIR}/cosim/model/src/fp)
target_link_libraries(test_model_sf_lanes PRIVATE gm m)
add_test(NAME model_sf_lanes COMMAND test_model_sf_lanes)
set_tests_properties(model_sf_lanes PROPERTIES SKIP_RETURN_CODE 77)
# every pair of binary16 operands, one test a rounding mode (they run in
# parallel); label `slow` (scripts/test-all.sh --slow): model_sf_lanes' biased
# random cases cover every mode in CI
foreach(mode rn rp rm rz)
  add_test(NAME model_sf_lanes_exhaustive_${mode} COMMAND test_model_sf_lanes --exhaustive ${mode})
  set_tests_properties(model_sf_lanes_exhaustive_${mode} PROPERTIES SKIP_RETURN_CODE 77 LABELS slow TIMEOUT 900
    COST 150) # (CTest starts the longest first: the COSTs are seconds measured here)
endforeach()
