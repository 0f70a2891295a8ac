/* servers/common: the ZAP handler of a CURVE server (see zap.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "zap.h"

#define ZAP_ENDPOINT "inproc://zeromq.zap.01" /* where libzmq looks for the handler */

struct fw_zap {
    void *socket;
    pthread_t thread;
    bool started;
    atomic_bool stop;
    wire_curve_public *keys;
    size_t count;
    const char *program, *keys_path;
};

static bool authorized(const fw_zap *z, const void *key, size_t len)
{
    for (size_t i = 0; len == 32 && i < z->count; i++)
        if (memcmp(z->keys[i].key, key, 32) == 0)
            return true;
    return false;
}

/* One request: version, id, domain, address, routing id, mechanism, key. */
static void answer(fw_zap *z)
{
    enum { PARTS = 7 };
    zmq_msg_t part[PARTS];
    int n = 0;
    for (bool more = true; more;) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        if (zmq_msg_recv(&m, z->socket, 0) < 0) {
            zmq_msg_close(&m);
            break;
        }
        more = zmq_msg_more(&m);
        if (n < PARTS) {
            zmq_msg_init(&part[n]);
            zmq_msg_move(&part[n++], &m);
        }
        zmq_msg_close(&m);
    }
    bool curve = n >= 7 && zmq_msg_size(&part[5]) == 5 && memcmp(zmq_msg_data(&part[5]), "CURVE", 5) == 0;
    bool ok = curve && authorized(z, zmq_msg_data(&part[6]), zmq_msg_size(&part[6]));
    if (!ok) {
        char who[64] = "?", key[41] = "?";
        if (n >= 4)
            snprintf(who, sizeof who, "%.*s", (int)zmq_msg_size(&part[3]), (const char *)zmq_msg_data(&part[3]));
        if (curve && zmq_msg_size(&part[6]) == 32)
            zmq_z85_encode(key, zmq_msg_data(&part[6]), 32);
        fprintf(stderr, "%s: refused a client at %s: its public key %s is not in %s\n", z->program, who, key,
                z->keys_path);
    }
    const char *status = ok ? "200" : "400", *text = ok ? "OK" : "this key is not authorized";
    zmq_send(z->socket, "1.0", 3, ZMQ_SNDMORE);
    zmq_send(z->socket, n >= 2 ? zmq_msg_data(&part[1]) : "", n >= 2 ? zmq_msg_size(&part[1]) : 0, ZMQ_SNDMORE);
    zmq_send(z->socket, status, 3, ZMQ_SNDMORE);
    zmq_send(z->socket, text, strlen(text), ZMQ_SNDMORE);
    zmq_send(z->socket, "", 0, ZMQ_SNDMORE); /* user id */
    zmq_send(z->socket, "", 0, 0);           /* metadata */
    for (int i = 0; i < n; i++)
        zmq_msg_close(&part[i]);
}

static void *serve(void *arg)
{
    fw_zap *z = arg;
    while (!atomic_load(&z->stop)) {
        zmq_pollitem_t item = {.socket = z->socket, .events = ZMQ_POLLIN};
        int n = zmq_poll(&item, 1, 100);
        if (n < 0 && zmq_errno() == ETERM)
            break;
        if (n > 0)
            answer(z);
    }
    return NULL;
}

fw_zap *fw_zap_start(void *ctx, wire_curve_public *keys, size_t count, const char *program, const char *keys_path,
                     char *err, size_t errlen)
{
    fw_zap *z = calloc(1, sizeof *z);
    if (!z) {
        free(keys);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    z->keys = keys, z->count = count, z->program = program, z->keys_path = keys_path;
    z->socket = zmq_socket(ctx, ZMQ_REP);
    int zero = 0;
    if (!z->socket || zmq_setsockopt(z->socket, ZMQ_LINGER, &zero, sizeof zero) != 0 ||
        zmq_bind(z->socket, ZAP_ENDPOINT) != 0) {
        snprintf(err, errlen, "cannot start the ZAP handler: %s", zmq_strerror(zmq_errno()));
        fw_zap_stop(&z);
        return NULL;
    }
    /* the handler thread takes no signals: they are the server's main thread's */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    z->started = pthread_create(&z->thread, NULL, serve, z) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!z->started) {
        snprintf(err, errlen, "cannot start the ZAP handler thread");
        fw_zap_stop(&z);
        return NULL;
    }
    return z;
}

void fw_zap_stop(fw_zap **zp)
{
    fw_zap *z = zp ? *zp : NULL;
    if (!z)
        return;
    if (z->started) {
        atomic_store(&z->stop, true);
        pthread_join(z->thread, NULL);
    }
    if (z->socket)
        zmq_close(z->socket);
    free(z->keys);
    free(z);
    *zp = NULL;
}
