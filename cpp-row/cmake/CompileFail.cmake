# ctest driver of a compile-fail test (cmake -P): compiles SOURCE with -D<CASE> and, unless
# EXPECT is empty (the control: it must compile), checks that the compiler fails and that its
# output holds every "|"-separated text of EXPECT. Arguments: CXX, INCLUDE, SOURCE, CASE, EXPECT,
# and FLAGS (optional, ";"-separated compiler flags, e.g. -Wpedantic;-Werror for a control).
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C ${CXX} -std=c++20 -fsyntax-only ${FLAGS} -I${INCLUDE} -D${CASE} ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(EXPECT STREQUAL "")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CASE}: expected to compile, but:\n${out}")
  endif()
  return()
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "${CASE}: expected a compile error, but ${SOURCE} compiled")
endif()
string(REPLACE "|" ";" expected "${EXPECT}")
foreach(text IN LISTS expected)
  string(FIND "${out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${CASE}: the compiler's error does not say \"${text}\":\n${out}")
  endif()
endforeach()
message(STATUS "${CASE}: refused at compile time, naming ${EXPECT}")
