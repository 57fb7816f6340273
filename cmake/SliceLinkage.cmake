# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# How slice's libraries link MLIR, and their component-linked twins.
#
# slice_link_mlir(TARGET PUBLIC|PRIVATE components...) links TARGET to the
# MLIR components it uses the way this build links MLIR
# (mlir_target_link_libraries: libMLIR.so when SLICE_LINK_MLIR_DYLIB, else
# the components), and records the components.
#
# slice_add_component_twins(libraries...) gives each library, in a build
# that links libMLIR.so, a twin made of the same object files that links
# MLIR's component libraries instead, and installs the twins as a second
# export set (SliceComponentTargets.cmake) under the same Slice:: names.
# An embedder whose own compiler links MLIR's components (Debian ships
# their archives too) asks find_package(Slice) for them with
# -DSLICE_USE_MLIR_COMPONENTS=ON, and gets one copy of MLIR.

function(slice_link_mlir target scope)
  mlir_target_link_libraries(${target} ${scope} ${ARGN})
  set_property(TARGET ${target} APPEND PROPERTY SLICE_MLIR_COMPONENTS ${ARGN})
endfunction()

function(slice_add_component_twins)
  foreach(library ${ARGN})
    set(twin ${library}_components)
    get_target_property(type ${library} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      add_library(${twin} INTERFACE)
    else()
      add_library(${twin} STATIC $<TARGET_OBJECTS:obj.${library}>)
      set_target_properties(${twin} PROPERTIES
        ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
    endif()
    set_target_properties(${twin} PROPERTIES EXPORT_NAME ${library})
    # The library's own links, with slice's libraries replaced by their
    # twins and libMLIR.so by the recorded components.
    get_target_property(links ${library} INTERFACE_LINK_LIBRARIES)
    set(twinLinks)
    foreach(link ${links})
      if(link STREQUAL "MLIR")
        continue()
      elseif(link IN_LIST ARGN)
        list(APPEND twinLinks ${link}_components)
      else()
        list(APPEND twinLinks ${link})
      endif()
    endforeach()
    get_target_property(components ${library} SLICE_MLIR_COMPONENTS)
    if(components)
      list(APPEND twinLinks ${components})
    endif()
    if(type STREQUAL "INTERFACE_LIBRARY")
      target_link_libraries(${twin} INTERFACE ${twinLinks})
    else()
      target_link_libraries(${twin} PUBLIC ${twinLinks})
    endif()
    target_include_directories(${twin} INTERFACE
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    install(TARGETS ${twin} EXPORT SliceComponentTargets
      ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endforeach()
  install(EXPORT SliceComponentTargets FILE SliceComponentTargets.cmake
    NAMESPACE Slice:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/slice)
endfunction()
