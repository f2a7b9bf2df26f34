# Writes build_info.cpp with the project's version and the git commit of SOURCE_DIR; run by
# the build every time (cmake -P), it rewrites the file only when the commit changed, so a
# new commit recompiles that one file and relinks, nothing else.
#   cmake -DSOURCE_DIR=... -DVERSION=... -DTEMPLATE=... -DOUTPUT=... -P WriteBuildInfo.cmake
set(SSLM_VERSION "${VERSION}")
set(SSLM_COMMIT "unknown")
if(EXISTS "${SOURCE_DIR}/.git")
    find_package(Git QUIET)
    if(GIT_FOUND)
        execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=7 HEAD
                        RESULT_VARIABLE status OUTPUT_VARIABLE hash
                        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(status EQUAL 0 AND hash MATCHES "^[0-9a-f]+$")
            set(SSLM_COMMIT "${hash}")
            execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain
                                    --untracked-files=no
                            RESULT_VARIABLE status OUTPUT_VARIABLE changes ERROR_QUIET)
            if(status EQUAL 0 AND NOT changes STREQUAL "")
                string(APPEND SSLM_COMMIT "-dirty")
            endif()
        endif()
    endif()
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY) # leaves OUTPUT untouched when it is the same
