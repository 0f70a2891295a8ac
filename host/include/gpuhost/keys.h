/* libgpuhost: CURVE keys for ZeroMQ servers reached over a network
 * (README.md, "Remote servers"). */
#ifndef GPUHOST_KEYS_H
#define GPUHOST_KEYS_H

#include <stddef.h>

/* Writes a new keypair to path (mode 0600, secret) and its public half to
 * path.pub (0644, to give away); never overwrites a file. 0, or GH_ERR_IO
 * (err says why), or GH_ERR_USAGE when this libzmq has no CURVE. */
int gh_keygen(const char *path, char *err, size_t errlen);

#endif
