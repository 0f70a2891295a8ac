/* python/gen_cdef.py: the C library headers as cffi's cdef knows them (its
 * standard types are built in: nothing to declare). */
