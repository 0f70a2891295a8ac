/* boards/gh-ref/fw: memset and memcpy a word at a time. picolibc's, built for size,
 * move a byte per 4 instructions, and the firmware clears and copies
 * records on every warp-instruction. (Long unaligned copies of the hot path
 * go to the DMA engine: wire_copy in boards/gh-ref/hal.c.) The attribute
 * keeps GCC from turning these loops back into calls to themselves. */
#include <stddef.h>
#include <stdint.h>

#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    for (; n && ((uintptr_t)d & 3u); n--)
        *d++ = (uint8_t)c;
    uint32_t w = (uint8_t)c * 0x01010101u;
    for (; n >= 32; n -= 32, d += 32) {
        uint32_t *p = (uint32_t *)(void *)d;
        p[0] = w, p[1] = w, p[2] = w, p[3] = w, p[4] = w, p[5] = w, p[6] = w, p[7] = w;
    }
    if (n >= 16) {
        uint32_t *p = (uint32_t *)(void *)d;
        p[0] = w, p[1] = w, p[2] = w, p[3] = w;
        n -= 16, d += 16;
    }
    for (; n >= 4; n -= 4, d += 4)
        *(uint32_t *)(void *)d = w;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

NO_LIBCALL void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if ((((uintptr_t)d ^ (uintptr_t)s) & 3u) == 0) { /* word-aligned together */
        for (; n && ((uintptr_t)d & 3u); n--)
            *d++ = *s++;
        for (; n >= 16; n -= 16, d += 16, s += 16) {
            uint32_t *p = (uint32_t *)(void *)d;
            const uint32_t *q = (const uint32_t *)(const void *)s;
            p[0] = q[0], p[1] = q[1], p[2] = q[2], p[3] = q[3];
        }
        for (; n >= 4; n -= 4, d += 4, s += 4)
            *(uint32_t *)(void *)d = *(const uint32_t *)(const void *)s;
    }
    while (n--)
        *d++ = *s++;
    return dst;
}
