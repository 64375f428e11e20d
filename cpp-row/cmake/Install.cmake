# `cmake --install` rules and the zerorow CMake package (cmake/zerorowConfig.cmake.in).
# Two components: `core` (libzerorow.a, the core headers) and, when the adapter is built,
# `arrow_adapter` (libzerorow_arrow_adapter.a, zerorow/arrow/adapter.h, row_file.h and
# row_file_set.h).
# `cmake --install <build>` installs both; `--component core` only the core.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(_zr_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/zerorow)

install(TARGETS zerorow_core EXPORT zerorowTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT core
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/zerorow DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT core
  PATTERN "adapter.h" EXCLUDE
  PATTERN "row_file.h" EXCLUDE
  PATTERN "row_file_set.h" EXCLUDE)
install(EXPORT zerorowTargets NAMESPACE zerorow:: DESTINATION ${_zr_cmake_dir} COMPONENT core)

if(ZEROROW_HAVE_ARROW_ADAPTER)
  set_target_properties(zerorow_arrow_adapter PROPERTIES EXPORT_NAME arrow_adapter)
  install(TARGETS zerorow_arrow_adapter EXPORT zerorowArrowAdapterTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT arrow_adapter)
  install(FILES include/zerorow/arrow/adapter.h include/zerorow/arrow/row_file.h include/zerorow/arrow/row_file_set.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/zerorow/arrow COMPONENT arrow_adapter)
  install(EXPORT zerorowArrowAdapterTargets NAMESPACE zerorow:: DESTINATION ${_zr_cmake_dir}
    COMPONENT arrow_adapter)
endif()

configure_package_config_file(cmake/zerorowConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake
  INSTALL_DESTINATION ${_zr_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/zerorowConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/zerorowConfigVersion.cmake
  DESTINATION ${_zr_cmake_dir} COMPONENT core)
