#include "wire/zmq_heap.h"

#include "wire/protocol.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Above the largest message a link takes (a server's ZMQ_MAXMSGSIZE, twice
 * a whole frame), so none is mapped on its own; and freed memory is given
 * back only past several windows' worth of batches. */
#define FRAME_MAPPING_THRESHOLD (4 << 20)
#define FRAME_TRIM_THRESHOLD (16 << 20)
_Static_assert(FRAME_MAPPING_THRESHOLD > 2 * (WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD), "a frame is mapped on its own");

void wire_zmq_frames_from_heap(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, FRAME_MAPPING_THRESHOLD);
    mallopt(M_TRIM_THRESHOLD, FRAME_TRIM_THRESHOLD);
#endif
}
