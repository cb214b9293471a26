# Install and export what a program or a plugin built outside the tree
# needs: the CMake package (rulegrid::rulegrid, rulegrid::static,
# rulegrid::plugin, rulegrid_add_plugin) and the pkg-config file. Included
# from the top CMakeLists.txt after the targets are defined.
include(CMakePackageConfigHelpers)

set(RULEGRID_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rulegrid)
set(RULEGRID_PKGCONFIG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/rulegridConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfig.cmake
  INSTALL_DESTINATION ${RULEGRID_CMAKE_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR RULEGRID_PLUGIN_INSTALL_DIR
            RULEGRID_PRESET_INSTALL_DIR)
# The plugin ABI, not the release, decides whether a plugin loads; within one
# major version the ABI does not change. The pointer size must match.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(EXPORT rulegridTargets NAMESPACE rulegrid:: DESTINATION ${RULEGRID_CMAKE_INSTALL_DIR})
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfigVersion.cmake
  DESTINATION ${RULEGRID_CMAKE_INSTALL_DIR})

# rulegrid.pc finds its prefix relative to itself (${pcfiledir}), so that
# `cmake --install --prefix DIR` gives a working file wherever DIR is.
file(RELATIVE_PATH RULEGRID_PC_TO_PREFIX
  /prefix/${RULEGRID_PKGCONFIG_INSTALL_DIR} /prefix)
string(REGEX REPLACE "/$" "" RULEGRID_PC_TO_PREFIX "${RULEGRID_PC_TO_PREFIX}")
foreach(var CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR
    RULEGRID_PLUGIN_INSTALL_DIR RULEGRID_PRESET_INSTALL_DIR)
  if(IS_ABSOLUTE "${${var}}")
    set(RULEGRID_PC_${var} "${${var}}")
  else()
    set(RULEGRID_PC_${var} "\${prefix}/${${var}}")
  endif()
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/rulegrid.pc.in
  ${PROJECT_BINARY_DIR}/cmake/rulegrid.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/rulegrid.pc
  DESTINATION ${RULEGRID_PKGCONFIG_INSTALL_DIR})
