add_executable(test_model_ext ${CMAKE_CURRENT_LIST_DIR}/test_ext.c)
target_link_libraries(test_model_ext PRIVATE model_harness)
add_test(NAME model_ext COMMAND test_model_ext)
