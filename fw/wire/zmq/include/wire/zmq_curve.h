/* The wire protocol over ZeroMQ: CURVE keys in files (`gpuhost keygen`).
 *
 *   KEYFILE      public-key = Z85 and secret-key = Z85 (mode 0600; refused when
 *                group or others may read it)
 *   KEYFILE.pub  public-key = Z85: what the other side is given
 *   authorized   any number of public-key lines (cat'ed .pub files): the
 *                clients a server lets in (through its ZAP handler)
 *
 * Lines are INI (libinih) without sections: '#' or ';' start a comment. Every
 * error names FILE:LINE and the reason. Keys are ZeroMQ's Z85 text, 40
 * characters for 32 bytes. */
#ifndef WIRE_ZMQ_CURVE_H
#define WIRE_ZMQ_CURVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WIRE_CURVE_Z85 40 /* characters of a key */

typedef struct {
    char public_key[WIRE_CURVE_Z85 + 1], secret_key[WIRE_CURVE_Z85 + 1];
} wire_curve_keypair;

typedef struct {
    uint8_t key[32];
} wire_curve_public;

/* This libzmq can do CURVE (zmq_has("curve")); false fills err with why not. */
bool wire_curve_available(char *err, size_t errlen);
/* Writes a new keypair to path (0600) and its public half to path.pub; never
 * overwrites either. 0, or -1 with err. */
int wire_curve_keygen(const char *path, char *err, size_t errlen);
/* A keypair file: both keys, the public one derived from the secret one. */
int wire_curve_read_keypair(const char *path, wire_curve_keypair *out, char *err, size_t errlen);
/* The public key of a .pub (or keypair) file. */
int wire_curve_read_public(const char *path, char out[WIRE_CURVE_Z85 + 1], char *err, size_t errlen);
/* Every public key of an authorized-keys file (at least one); free(*keys). */
int wire_curve_read_authorized(const char *path, wire_curve_public **keys, size_t *count, char *err,
                               size_t errlen);

#endif
