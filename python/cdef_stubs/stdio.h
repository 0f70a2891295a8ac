/* python/gen_cdef.py: FILE is opaque to Python. */
#ifndef GH_CDEF_STDIO_H
#define GH_CDEF_STDIO_H
typedef ... FILE;
#endif
