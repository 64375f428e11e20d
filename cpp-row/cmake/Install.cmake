# `cmake --install` rules: headers, libzerorow.a and a zerorow CMake package
# (find_package(zerorow CONFIG) -> zerorow::core).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS zerorow_core EXPORT zerorowTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/zerorow DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  PATTERN "adapter.h" EXCLUDE
  PATTERN "row_file.h" EXCLUDE)
install(EXPORT zerorowTargets NAMESPACE zerorow:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zerorow)

file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake.in
  "@PACKAGE_INIT@\ninclude(\"\${CMAKE_CURRENT_LIST_DIR}/zerorowTargets.cmake\")\n")
configure_package_config_file(${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zerorow)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/zerorowConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zerorow)
