# Optional Arrow C++ adapter (zerorow::arrow_adapter), built only when Arrow C++ is found
# (a missing Arrow C++ is an error when ZEROROW_REQUIRE_ARROW_ADAPTER is ON).
# Debian has no Arrow package and the pyarrow wheel ships no CMake config, so we ask the
# venv's pyarrow for its include and library folders and link libarrow.so.NNNN directly.
if(NOT ZEROROW_ARROW_ADAPTER)
  return()
endif()

# The Python to ask is given (the root Makefile passes its venv's); otherwise the python3 on
# PATH. cpp-row never looks into another part's virtual environment by itself.
set(ZEROROW_PYTHON "" CACHE FILEPATH "Python whose pyarrow provides Arrow C++ for the adapter")
if(NOT ZEROROW_PYTHON)
  find_program(_zr_python3 NAMES python3 python)
  if(_zr_python3)
    set(ZEROROW_PYTHON "${_zr_python3}")
  endif()
endif()
if(NOT ZEROROW_ARROW_INCLUDE_DIR AND EXISTS "${ZEROROW_PYTHON}")
  execute_process(
    COMMAND "${ZEROROW_PYTHON}" -c "import pyarrow; print(pyarrow.get_include()); print(pyarrow.get_library_dirs()[0])"
    OUTPUT_VARIABLE _zr_pa OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _zr_rc ERROR_QUIET)
  if(_zr_rc EQUAL 0)
    string(REPLACE "\n" ";" _zr_pa "${_zr_pa}")
    list(GET _zr_pa 0 _zr_inc)
    list(GET _zr_pa 1 _zr_lib)
    set(ZEROROW_ARROW_INCLUDE_DIR "${_zr_inc}" CACHE PATH "Arrow C++ headers")
    set(ZEROROW_ARROW_LIB_DIR "${_zr_lib}" CACHE PATH "Folder holding libarrow.so.NNNN")
  endif()
endif()
if(ZEROROW_ARROW_LIB_DIR)
  file(GLOB _zr_libarrow "${ZEROROW_ARROW_LIB_DIR}/libarrow.so.[0-9]*")
  list(FILTER _zr_libarrow INCLUDE REGEX "libarrow\\.so\\.[0-9]+$")
endif()
if(NOT ZEROROW_ARROW_INCLUDE_DIR OR NOT _zr_libarrow)
  # The presets `make test` uses require the adapter, so its tests cannot drop out quietly;
  # a plain `cmake` build without Arrow C++ builds the core alone.
  if(ZEROROW_REQUIRE_ARROW_ADAPTER)
    message(FATAL_ERROR
      "zerorow: Arrow C++ not found, and this build requires the Arrow adapter "
      "(ZEROROW_REQUIRE_ARROW_ADAPTER=ON, set by the dev and lint presets). Arrow C++ comes with "
      "the pyarrow wheel: configure with -DZEROROW_PYTHON=<a Python that has pyarrow> (the root "
      "Makefile passes its .venv's, where `make venv` installs pyarrow), or set ZEROROW_ARROW_INCLUDE_DIR and "
      "ZEROROW_ARROW_LIB_DIR (the folder holding libarrow.so.NNNN). Tried: ZEROROW_PYTHON="
      "${ZEROROW_PYTHON}, ZEROROW_ARROW_INCLUDE_DIR=${ZEROROW_ARROW_INCLUDE_DIR}, "
      "ZEROROW_ARROW_LIB_DIR=${ZEROROW_ARROW_LIB_DIR}. Configure with "
      "-DZEROROW_REQUIRE_ARROW_ADAPTER=OFF for a core-only build.")
  endif()
  message(STATUS "zerorow: Arrow C++ not found; the Arrow adapter is not built (core only)")
  return()
endif()
list(GET _zr_libarrow 0 _zr_libarrow)
message(STATUS "zerorow: Arrow C++ adapter against ${_zr_libarrow}")

add_library(zerorow::arrow_cpp SHARED IMPORTED)
set_target_properties(zerorow::arrow_cpp PROPERTIES
  IMPORTED_LOCATION "${_zr_libarrow}"
  INTERFACE_INCLUDE_DIRECTORIES "${ZEROROW_ARROW_INCLUDE_DIR}")

add_library(zerorow_arrow_adapter STATIC src/arrow/adapter.cc src/arrow/row_file.cc src/arrow/row_file_set.cc)
add_library(zerorow::arrow_adapter ALIAS zerorow_arrow_adapter)
set_target_properties(zerorow_arrow_adapter PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_link_libraries(zerorow_arrow_adapter PUBLIC zerorow::core zerorow::arrow_cpp)
target_compile_options(zerorow_arrow_adapter PRIVATE ${ZEROROW_WARNINGS})
set(ZEROROW_HAVE_ARROW_ADAPTER ON)
set(ZEROROW_ARROW_LIBRARY "${_zr_libarrow}")  # recorded in the installed package

# The Arrow tool: golden vectors -> Arrow IPC files, row files (SPEC §5) written and read.
if(ZEROROW_BUILD_TOOLS OR ZEROROW_BUILD_TESTS)
  add_executable(zerorow_arrow tools/zerorow_arrow.cc)
  target_link_libraries(zerorow_arrow PRIVATE zerorow::arrow_adapter zerorow::testing)
  target_compile_options(zerorow_arrow PRIVATE ${ZEROROW_WARNINGS})
  # The corpus runner (SPEC §12.4) reads Parquet too: the wheel's libparquet, beside libarrow.
  file(GLOB _zr_libparquet "${ZEROROW_ARROW_LIB_DIR}/libparquet.so.[0-9]*")
  list(FILTER _zr_libparquet INCLUDE REGEX "libparquet\\.so\\.[0-9]+$")
  if(_zr_libparquet)
    list(GET _zr_libparquet 0 _zr_libparquet)
    add_library(zerorow::parquet_cpp SHARED IMPORTED)
    set_target_properties(zerorow::parquet_cpp PROPERTIES IMPORTED_LOCATION "${_zr_libparquet}"
                                                          INTERFACE_INCLUDE_DIRECTORIES "${ZEROROW_ARROW_INCLUDE_DIR}")
    add_executable(zerorow_corpus tools/zerorow_corpus.cc tools/int96_check.cc)
    target_link_libraries(zerorow_corpus PRIVATE zerorow::arrow_adapter zerorow::parquet_cpp)
    target_compile_options(zerorow_corpus PRIVATE ${ZEROROW_WARNINGS})
    set(ZEROROW_HAVE_PARQUET_CPP ON)
  endif()
endif()
