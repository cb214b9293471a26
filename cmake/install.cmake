# Install and export what a plugin built outside the tree needs: the CMake
# package (rulegrid::plugin, rulegrid_add_plugin) and the pkg-config file.
# Included from the top CMakeLists.txt after the targets are defined.
include(CMakePackageConfigHelpers)

# The command looks for its own plugins at <exe dir>/../lib/rulegrid/plugins
# (rg_builtin_plugin_dir): an install elsewhere would leave them unfound.
if(NOT RULEGRID_PLUGIN_INSTALL_DIR STREQUAL "lib/rulegrid/plugins")
  message(WARNING "plugins install to ${RULEGRID_PLUGIN_INSTALL_DIR}, but the installed "
                  "rulegrid looks for them in lib/rulegrid/plugins beside bin/")
endif()

set(RULEGRID_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rulegrid)
set(RULEGRID_PKGCONFIG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/rulegridConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfig.cmake
  INSTALL_DESTINATION ${RULEGRID_CMAKE_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR RULEGRID_PLUGIN_INSTALL_DIR)
# The plugin ABI, not the release, decides whether a plugin loads; within one
# major version the ABI does not change. The pointer size must match.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/rulegridConfigVersion.cmake
  DESTINATION ${RULEGRID_CMAKE_INSTALL_DIR})

# rulegrid.pc finds its prefix relative to itself (${pcfiledir}), so that
# `cmake --install --prefix DIR` gives a working file wherever DIR is.
file(RELATIVE_PATH RULEGRID_PC_TO_PREFIX
  /prefix/${RULEGRID_PKGCONFIG_INSTALL_DIR} /prefix)
string(REGEX REPLACE "/$" "" RULEGRID_PC_TO_PREFIX "${RULEGRID_PC_TO_PREFIX}")
foreach(var CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR RULEGRID_PLUGIN_INSTALL_DIR)
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
