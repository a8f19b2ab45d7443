/* Minimal stand-in for CUDA's library_types.h: the property selector that
 * cudnnGetProperty takes. Values as in the CUDA toolkit. */
#ifndef __LIBRARY_TYPES_H__
#define __LIBRARY_TYPES_H__
typedef enum libraryPropertyType_t {
    MAJOR_VERSION = 0,
    MINOR_VERSION = 1,
    PATCH_LEVEL = 2
} libraryPropertyType;
#endif
