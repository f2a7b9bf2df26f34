# CPack: the Debian package of SSLM Studio (scripts/package.sh builds it). Its contents are what
# `cmake --install` installs (programs, examples, docs, desktop entry, metainfo, icons), under
# /usr and stripped; the shared-library dependencies come from dpkg-shlibdeps (dpkg-dev), the
# programs it runs (ffmpeg for the video export) are listed by hand.
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "sslm-studio")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "The SSLM Studio authors")
set(CPACK_PACKAGE_CONTACT "The SSLM Studio authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Dynamics of planar multi-closed-loop mechanisms")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT") # sslm-studio_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
# the long description, under the summary line
set(CPACK_PACKAGE_DESCRIPTION
    "SSLM Studio draws planar mechanisms with several closed loops and computes their
forward and inverse dynamics by the subsystem-level Lagrange multiplier method.
It contains the desktop application sslm-studio and the command line sslm.")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(sslm_package_depends)
if(SSLM_BUILD_UI)
    list(APPEND sslm_package_depends "ffmpeg") # sslm-studio's MP4/GIF export runs it
endif()
if(SSLM_HAVE_PYTHON)
    # the Python module sslm is built for one Python version; studies on Dask are optional
    list(APPEND sslm_package_depends "python3 (>= ${SSLM_PYTHON_VERSION})"
                "python3 (<< ${SSLM_PYTHON_NEXT_VERSION})" "python3-numpy")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-distributed")
endif()
list(JOIN sslm_package_depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)

include(CPack)
