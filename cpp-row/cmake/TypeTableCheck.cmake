# ctest driver (cmake -P) of TypeTable.ForgottenTypeFailsToCompile: compiles each source of
# SOURCES (";"-separated, relative to ROOT) with -DZEROROW_TEST_EXTRA_TYPE, which adds one
# entry to ZEROROW_TYPES (include/zerorow/types.h) that no dispatch handles, and -Werror=switch:
# every one must fail and name the new id (kTestExtra). The control, CONTROL, must compile with
# it: the type table itself (TypeIdName, StorageOf, ...) is generated from the list.
# Arguments: CXX, ROOT, SOURCES, CONTROL.
set(flags -std=c++20 -fsyntax-only -I${ROOT}/include -I${ROOT}/src -I${ROOT}/testing/include
          -DZEROROW_TEST_EXTRA_TYPE -Werror=switch)
execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C ${CXX} ${flags} ${ROOT}/${CONTROL}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CONTROL} must compile with the extra type (it dispatches on none):\n${out}")
endif()
set(passed 0)
foreach(source IN LISTS SOURCES)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C ${CXX} ${flags} ${ROOT}/${source}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${source} compiled with a type it does not handle: a dispatch there has a "
                        "default: or no switch over TypeId (format-spec/ADDING_A_TYPE.md)")
  endif()
  string(FIND "${out}" "kTestExtra" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${source} failed, but not on the extra type:\n${out}")
  endif()
  math(EXPR passed "${passed} + 1")
endforeach()
message(STATUS "${passed} sources refuse a type they do not handle")
