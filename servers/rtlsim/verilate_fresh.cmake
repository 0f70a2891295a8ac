# verilate_fresh(TARGET PREFIX FILE...): call before verilate(TARGET ...
# PREFIX PREFIX) with every HDL file Verilator reads (includes too).
# Verilator's CMake package runs Verilator at configure time only when its
# command line changed; after an edit to the HDL it runs it at build time,
# but that build still compiles the C++ file list of the configure step, so
# a class that appeared or went away leaves missing or stale files in it.
# So every FILE is a configure input, and when their contents differ from
# the last configure the package's record of its command is dropped: it
# then runs Verilator at configure time and takes the file list from that run.
function(verilate_fresh target prefix)
  set(vdir ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/${prefix}.dir)
  set(digest "")
  foreach(f ${ARGN})
    file(SHA256 ${f} h)
    string(APPEND digest "${h} ${f}\n")
  endforeach()
  set(stamp ${vdir}/hdl_sources.sha256)
  set(previous "")
  if(EXISTS ${stamp})
    file(READ ${stamp} previous)
  endif()
  if(NOT previous STREQUAL digest)
    file(REMOVE ${vdir}/verilator_args.txt)
    file(MAKE_DIRECTORY ${vdir})
    file(WRITE ${stamp} "${digest}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ARGN})
endfunction()
