/* fw host HAL: the link as a ZeroMQ ROUTER socket (gpu-rtlsim and the test
 * servers). One peer at a time: replies go to whoever sent the last frame. */
#ifndef FW_LINK_ZMQ_H
#define FW_LINK_ZMQ_H

#include <stddef.h>
#include <stdint.h>

#include "fw/fw.h"

typedef struct {
    void *context, *socket;
    uint8_t peer[256];
    size_t peer_len;
} fw_link_zmq;

extern const fw_link_ops fw_link_zmq_ops;
/* Binds `endpoint` (ipc://... or tcp://...). 0, or -1 with errno-style text in err. */
int fw_link_zmq_open(fw_link_zmq *l, const char *endpoint, char *err, size_t errlen);
void fw_link_zmq_close(fw_link_zmq *l);

#endif
