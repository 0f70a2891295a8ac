/* python/gen_cdef.py: bool as cffi knows it. */
#ifndef GH_CDEF_STDBOOL_H
#define GH_CDEF_STDBOOL_H
#define bool _Bool
#define true 1
#define false 0
#endif
