/* hostile_flood: FRAMES garbage frames of SIZE bytes sent to a server as
 * fast as ZeroMQ takes them, never reading an answer (a client of its own:
 * its send queue has no high-water mark, so it never waits, and the server
 * alone decides how much of the flood it holds). Ends within SECONDS: what
 * the server has not taken by then is dropped here.
 * Usage: hostile_flood ENDPOINT FRAMES SIZE SECONDS; exit 0 when all were
 * queued, 1 on a transport failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: hostile_flood ENDPOINT FRAMES SIZE SECONDS\n");
        return 2;
    }
    long frames = strtol(argv[2], NULL, 10), size = strtol(argv[3], NULL, 10), seconds = strtol(argv[4], NULL, 10);
    if (frames < 1 || size < 1 || size > 65536 || seconds < 1 || seconds > 600) {
        fprintf(stderr, "hostile_flood: FRAMES >= 1, SIZE 1..65536, SECONDS 1..600\n");
        return 2;
    }
    void *context = zmq_ctx_new();
    void *s = context ? zmq_socket(context, ZMQ_DEALER) : NULL;
    int zero = 0, linger = (int)seconds * 1000;
    if (!s || zmq_setsockopt(s, ZMQ_SNDHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(s, ZMQ_LINGER, &linger, sizeof linger) != 0 || zmq_connect(s, argv[1]) != 0) {
        fprintf(stderr, "hostile_flood: %s: %s\n", argv[1], zmq_strerror(zmq_errno()));
        return 1;
    }
    char *junk = malloc((size_t)size);
    if (!junk)
        return 1;
    for (long i = 0; i < size; i++)
        junk[i] = (char)(i * 131 + 7);
    for (long i = 0; i < frames; i++)
        if (zmq_send(s, junk, (size_t)size, 0) < 0) {
            fprintf(stderr, "hostile_flood: frame %ld: %s\n", i, zmq_strerror(zmq_errno()));
            return 1;
        }
    free(junk);
    zmq_close(s); /* waits up to SECONDS (linger) for the server to take the rest */
    zmq_ctx_term(context);
    return 0;
}
