# Run by `cmake --install` after the variables EMBER_PY_SOURCES, EMBER_PY_DIR, EMBER_PY_VERSION and
# EMBER_LIB_SUBDIR are set (CMakeLists.txt). Puts the package where Debian's python3 finds it for
# the install prefix: /usr -> /usr/lib/python3/dist-packages; any other prefix ->
# <prefix>/lib/python3.X/dist-packages (on sys.path for /usr/local; elsewhere add it to PYTHONPATH).
if(EMBER_PY_DIR STREQUAL "")
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr" OR EMBER_PY_VERSION STREQUAL "")
    set(EMBER_PY_DIR lib/python3/dist-packages)
  else()
    set(EMBER_PY_DIR lib/python${EMBER_PY_VERSION}/dist-packages)
  endif()
endif()
if(IS_ABSOLUTE "${EMBER_PY_DIR}")
  set(package "${EMBER_PY_DIR}/ember")
else()
  set(package "${CMAKE_INSTALL_PREFIX}/${EMBER_PY_DIR}/ember")
endif()
file(INSTALL ${EMBER_PY_SOURCES} DESTINATION "${package}")
# The libraries, relative to the package (DESTDIR staging keeps the relation).
file(RELATIVE_PATH libdir "${package}" "${CMAKE_INSTALL_PREFIX}/${EMBER_LIB_SUBDIR}")
set(config "$ENV{DESTDIR}${package}/_install_config.py")
message(STATUS "Installing: ${config}")
file(WRITE "${config}"
  "# Written by `make install`: the libraries' directory, relative to this package.\nLIB_DIRS = [\"${libdir}\"]\n")
