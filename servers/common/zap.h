/* servers/common: the ZAP handler of a CURVE server (ZeroMQ RFC 27). ZeroMQ asks
 * it about every client's public key during the handshake; a key that is not
 * in the authorized-keys file is refused (400) and that client never reaches
 * the server. Without a handler ZeroMQ would let any key in, so the handler
 * is bound before the server's socket and lives as long as its context. */
#ifndef FW_ZAP_H
#define FW_ZAP_H

#include <stddef.h>

#include "wire/zmq_curve.h"

typedef struct fw_zap fw_zap;

/* Starts the handler thread in ZeroMQ context ctx. keys are taken over.
 * NULL on failure, with err. */
fw_zap *fw_zap_start(void *ctx, wire_curve_public *keys, size_t count, const char *program, const char *keys_path,
                     char *err, size_t errlen);
/* Stops it (before the context is terminated); accepts NULL. */
void fw_zap_stop(fw_zap **zap);

#endif
