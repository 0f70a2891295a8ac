/* wire: CRC-32 on the host, from zlib. */
#include <zlib.h>

#include "wire/protocol.h"

uint32_t wire_crc32(uint32_t crc, const void *data, size_t len)
{
    const Bytef *p = data;
    uLong c = crc;
    while (len) { /* zlib takes uInt lengths */
        uInt n = len > 0x40000000u ? 0x40000000u : (uInt)len;
        c = crc32(c, p, n);
        p += n;
        len -= n;
    }
    return (uint32_t)c;
}
