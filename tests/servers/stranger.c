/* servers_stranger: a client that never reads cannot make a server queue
 * without end. It sends FRAMES frames that open no session (RESET before any
 * HELLO) without reading, then reads what came back: a bounded number of
 * ERROR SESSION answers (the server's MAX_REFUSALS), however many it sent;
 * a new connection is answered again. Then a real client is still served
 * (gpuhost, run by the calling script).
 * Usage: servers_stranger ENDPOINT FRAMES MAX_ANSWERS
 * Exit 0 when every check passed. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <zmq.h>

#include "wire/protocol.h"

/* Sends n RESET frames on a fresh connection, then counts ERROR SESSION
 * answers until none comes for a second; -1 on a transport failure. */
static long count_answers(void *context, const char *endpoint, long n)
{
    void *s = zmq_socket(context, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    if (!s || zmq_connect(s, endpoint) != 0)
        return -1;
    uint8_t frame[WIRE_HEADER_SIZE];
    for (long i = 0; i < n; i++) {
        size_t len = wire_frame_encode(frame, sizeof frame, WIRE_RESET, (uint32_t)i, NULL, 0);
        if (zmq_send(s, frame, len, 0) < 0) {
            zmq_close(s);
            return -1;
        }
    }
    long answers = 0;
    uint8_t reply[WIRE_HEADER_SIZE + 512];
    zmq_pollitem_t item = {.socket = s, .events = ZMQ_POLLIN};
    while (zmq_poll(&item, 1, 1000) > 0) {
        int got = zmq_recv(s, reply, sizeof reply, 0);
        wire_header h;
        const uint8_t *payload = NULL;
        bool decoded = got >= (int)WIRE_HEADER_SIZE && got <= (int)sizeof reply &&
                       wire_frame_decode(reply, (size_t)got, &h, &payload) == 0;
        wire_reader r = {.p = payload, .len = decoded ? h.length : 0};
        if (decoded && h.type == WIRE_ERROR && wire_get32(&r) == WIRE_ERR_SESSION && !r.underflow)
            answers++;
        else {
            fprintf(stderr, "servers_stranger: an answer that is not ERROR SESSION (%d bytes)\n", got);
            answers = -1;
            break;
        }
    }
    zmq_close(s);
    return answers;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: servers_stranger ENDPOINT FRAMES MAX_ANSWERS\n");
        return 2;
    }
    long frames = strtol(argv[2], NULL, 10), max = strtol(argv[3], NULL, 10);
    void *context = zmq_ctx_new();
    int failed = 0;
    for (int connection = 1; connection <= 2; connection++) {
        long answers = count_answers(context, argv[1], frames);
        int ok = answers >= 1 && answers <= max;
        failed += !ok;
        printf("%s connection %d: %ld frames sent unread, %ld ERROR SESSION answers (1..%ld wanted)\n",
               ok ? "ok  " : "FAIL", connection, frames, answers, max);
    }
    zmq_ctx_term(context);
    return failed ? 1 : 0;
}
