# host/lib: board descriptors (boards.c, its own INI reader: no line length
# limit). include()d from host/CMakeLists.txt after gpuhost_objs is defined.
target_sources(gpuhost_objs PRIVATE ${CMAKE_CURRENT_LIST_DIR}/boards.c)
