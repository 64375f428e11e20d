# GoogleTest unit tests; each x.cc has its x_test.cc beside it (src/, src/arrow/, testing/).
find_package(GTest REQUIRED)
include(GoogleTest)
file(GLOB ZEROROW_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*_test.cc)
file(GLOB ZEROROW_TESTING_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/testing/*_test.cc)
list(APPEND ZEROROW_TEST_SOURCES ${ZEROROW_TESTING_TEST_SOURCES} ${CMAKE_CURRENT_SOURCE_DIR}/src/arrow/c_data_test.cc
  ${CMAKE_CURRENT_SOURCE_DIR}/src/arrow/parquet_footer_test.cc)
add_executable(zerorow_tests ${ZEROROW_TEST_SOURCES})
target_include_directories(zerorow_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
target_link_libraries(zerorow_tests PRIVATE zerorow::testing GTest::gtest GTest::gtest_main)
target_compile_options(zerorow_tests PRIVATE ${ZEROROW_WARNINGS})
target_compile_definitions(zerorow_tests PRIVATE
  ZEROROW_VECTORS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/../format-spec/vectors")
# A hang guard for every test (not a speed assertion): the decode-budget tests
# (EncoderTest.DecodeBudget*, WriteReaderRowTest.SharedBodiesAreRefusedByTheBudget) would
# otherwise hang ctest if the budget broke; the slowest test takes 2.2 s under ASan.
set(ZEROROW_TEST_TIMEOUT 60)  # seconds, per test
gtest_discover_tests(zerorow_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})

if(ZEROROW_HAVE_ARROW_ADAPTER)
  add_executable(zerorow_arrow_adapter_tests src/arrow/adapter_test.cc src/arrow/row_file_test.cc
                                           src/arrow/row_file_set_test.cc src/arrow/import_mapping_test.cc
                                           tools/file_vectors.cc)
  target_include_directories(zerorow_arrow_adapter_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(zerorow_arrow_adapter_tests PRIVATE zerorow::arrow_adapter zerorow::testing GTest::gtest GTest::gtest_main)
  target_compile_definitions(zerorow_arrow_adapter_tests PRIVATE
    ZEROROW_VECTORS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/../format-spec/vectors")
  gtest_discover_tests(zerorow_arrow_adapter_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})
endif()
if(ZEROROW_HAVE_PARQUET_CPP)  # the corpus runner's INT96 check (tools/int96_check.h)
  add_executable(zerorow_tools_tests tools/int96_check.cc tools/int96_check_test.cc)
  target_link_libraries(zerorow_tools_tests PRIVATE zerorow::core zerorow::arrow_cpp GTest::gtest GTest::gtest_main)
  target_compile_options(zerorow_tools_tests PRIVATE ${ZEROROW_WARNINGS})
  gtest_discover_tests(zerorow_tools_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})
endif()
# encoder_test.cc instantiates the struct encoder for 20 levels of nested std::vector (the
# decode-budget test); gcc's debug info for those type names takes > 12 GiB at -g and
# 0.4 GiB at -g0, so that one file is built without debug info.
set_source_files_properties(src/encoder_test.cc PROPERTIES COMPILE_OPTIONS "-g0")

# An unsupported ZEROROW_STRUCT member is a compile error naming the member and its type
# (src/encoder_compile_fail.cc; the control case must compile).
set(_zr_compile_fail ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DINCLUDE=${CMAKE_CURRENT_SOURCE_DIR}/include
    -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/src/encoder_compile_fail.cc)
set(_zr_unsupported "has no zerorow type")
add_test(NAME EncoderCompileFail.CharMember COMMAND ${_zr_compile_fail} -DCASE=ZR_CASE_CHAR
         "-DEXPECT=&shop::Order::grade|M = char|${_zr_unsupported}" -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
add_test(NAME EncoderCompileFail.FloatingDurationMember COMMAND ${_zr_compile_fail} -DCASE=ZR_CASE_FLOAT_DURATION
         "-DEXPECT=&shop::Order::wait|duration<double>|${_zr_unsupported}" -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
add_test(NAME EncoderCompileFail.UserClassMember COMMAND ${_zr_compile_fail} -DCASE=ZR_CASE_USER_CLASS
         "-DEXPECT=&shop::Order::where|shop::Place|${_zr_unsupported}" -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
add_test(NAME EncoderCompileFail.SupportedMembersCompile COMMAND ${_zr_compile_fail} -DCASE=ZR_CASE_SUPPORTED
         -DEXPECT= -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
set_tests_properties(EncoderCompileFail.CharMember EncoderCompileFail.FloatingDurationMember EncoderCompileFail.UserClassMember
                     EncoderCompileFail.SupportedMembersCompile PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})

# A view that would outlive what it borrows is refused at compile time (src/lifetime_compile_fail.cc):
# `->` on a temporary Result of an Encoder, a Resolution or a RowFileBatch, ToRow on a temporary Encoder, and
# Wrap / ValidateAndWrap / View / BinaryArray::Wrap of a temporary container's bytes. The
# control case compiles the safe forms with -Wpedantic -Werror.
set(_zr_lifetime ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DINCLUDE=${CMAKE_CURRENT_SOURCE_DIR}/include
    -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/src/lifetime_compile_fail.cc)
set(_zr_lends "on a temporary Result whose value lends views")
set(_zr_deleted "use of deleted function")
foreach(_zr_case
    "TempEncoderArrow|ZR_CASE_TEMP_ENCODER_ARROW|${_zr_lends}|zerorow::Encoder<shop::Price>"
    "TempEncoderStar|ZR_CASE_TEMP_ENCODER_STAR|${_zr_deleted}|ToRow"
    "WrapTempBytes|ZR_CASE_WRAP_TEMP_BYTES|${_zr_deleted}|BinaryRow::Wrap"
    "ValidateAndWrapTempBytes|ZR_CASE_VALIDATE_AND_WRAP_TEMP_BYTES|${_zr_deleted}|ValidateAndWrap"
    "ViewTempBytes|ZR_CASE_VIEW_TEMP_BYTES|${_zr_deleted}|Resolution::View"
    "TempResolution|ZR_CASE_TEMP_RESOLUTION|${_zr_lends}|zerorow::Resolution"
    "ArrayWrapTempBytes|ZR_CASE_ARRAY_WRAP_TEMP_BYTES|${_zr_deleted}|BinaryArray::Wrap"
    "TempRowFileBatch|ZR_CASE_TEMP_ROW_FILE_BATCH|${_zr_lends}|zerorow::arrow_io::RowFileBatch")
  string(REPLACE "|" ";" _zr_parts "${_zr_case}")
  list(POP_FRONT _zr_parts _zr_name _zr_define)
  string(REPLACE ";" "|" _zr_expect "${_zr_parts}")
  add_test(NAME LifetimeCompileFail.${_zr_name} COMMAND ${_zr_lifetime} -DCASE=${_zr_define} "-DEXPECT=${_zr_expect}"
           -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
  set_tests_properties(LifetimeCompileFail.${_zr_name} PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})
endforeach()
add_test(NAME LifetimeCompileFail.SafeFormsCompile COMMAND ${_zr_lifetime} -DCASE=ZR_CASE_SAFE -DEXPECT=
         "-DFLAGS=-Wpedantic;-Werror" -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompileFail.cmake)
set_tests_properties(LifetimeCompileFail.SafeFormsCompile PROPERTIES TIMEOUT ${ZEROROW_TEST_TIMEOUT})

# One type table (include/zerorow/types.h): every source that dispatches on TypeId fails to
# compile when a type is added to ZEROROW_TYPES and not handled there (-Werror=switch, no
# `default:`). The list is the places of format-spec/ADDING_A_TYPE.md's C++ section.
set(ZEROROW_TYPE_DISPATCH_SOURCES
  src/schema.cc src/binary_row.cc src/row_writer.cc src/validate.cc src/value_json.cc src/resolve.cc
  src/reader_rows.cc src/arrow/c_data.cc src/arrow/export_schema.cc src/arrow/export_cells.cc
  src/arrow/export_blocks.cc src/arrow/import_cells.cc testing/json_values.cc)
string(REPLACE ";" "\\;" _zr_type_sources "${ZEROROW_TYPE_DISPATCH_SOURCES}")
if(NOT ZEROROW_SANITIZE)  # a compile check: once per configuration is enough
  add_test(NAME TypeTable.ForgottenTypeFailsToCompile
           COMMAND ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DROOT=${CMAKE_CURRENT_SOURCE_DIR}
                   "-DSOURCES=${_zr_type_sources}" -DCONTROL=src/types_test.cc
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/TypeTableCheck.cmake)
  set_tests_properties(TypeTable.ForgottenTypeFailsToCompile PROPERTIES TIMEOUT 300)
endif()
