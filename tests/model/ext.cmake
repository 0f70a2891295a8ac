add_executable(test_model_ext ${CMAKE_CURRENT_LIST_DIR}/test_ext.c)
target_link_libraries(test_model_ext PRIVATE model_harness)
add_test(NAME model_ext COMMAND test_model_ext)

# Semantics read only fields their optype has (generated field ids).
add_executable(test_model_fields ${CMAKE_CURRENT_LIST_DIR}/test_fields.c)
target_link_libraries(test_model_fields PRIVATE model_harness)
add_test(NAME model_fields COMMAND test_model_fields)
