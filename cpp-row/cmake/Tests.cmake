# GoogleTest unit tests; each x.cc has its x_test.cc beside it (src/, src/arrow/, testing/).
find_package(GTest REQUIRED)
include(GoogleTest)
file(GLOB ZEROROW_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*_test.cc)
file(GLOB ZEROROW_TESTING_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/testing/*_test.cc)
list(APPEND ZEROROW_TEST_SOURCES ${ZEROROW_TESTING_TEST_SOURCES} ${CMAKE_CURRENT_SOURCE_DIR}/src/arrow/c_data_test.cc)
add_executable(zerorow_tests ${ZEROROW_TEST_SOURCES})
target_include_directories(zerorow_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
target_link_libraries(zerorow_tests PRIVATE zerorow::testing GTest::gtest GTest::gtest_main)
target_compile_options(zerorow_tests PRIVATE ${ZEROROW_WARNINGS})
target_compile_definitions(zerorow_tests PRIVATE
  ZEROROW_VECTORS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/../format-spec/vectors")
gtest_discover_tests(zerorow_tests DISCOVERY_TIMEOUT 60)

if(ZEROROW_HAVE_ARROW_ADAPTER)
  add_executable(zerorow_arrow_adapter_tests src/arrow/adapter_test.cc src/arrow/row_file_test.cc
                                           src/arrow/row_file_set_test.cc)
  target_include_directories(zerorow_arrow_adapter_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(zerorow_arrow_adapter_tests PRIVATE zerorow::arrow_adapter zerorow::testing GTest::gtest GTest::gtest_main)
  target_compile_definitions(zerorow_arrow_adapter_tests PRIVATE
    ZEROROW_VECTORS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/../format-spec/vectors")
  gtest_discover_tests(zerorow_arrow_adapter_tests DISCOVERY_TIMEOUT 60)
endif()
# encoder_test.cc instantiates the struct encoder for 20 levels of nested std::vector (the
# decode-budget test); gcc's debug info for those type names takes > 12 GiB at -g and
# 0.4 GiB at -g0, so that one file is built without debug info.
set_source_files_properties(src/encoder_test.cc PROPERTIES COMPILE_OPTIONS "-g0")
