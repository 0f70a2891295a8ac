/* The host side of the wire protocol takes no reply on the target's word:
 * host/lib/wire_client.c over a scripted transport that answers each request
 * with the frame a test gives it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "wire_client.h"

typedef struct {
    gh_wire *w;
    uint16_t type;           /* the reply to the next request */
    const uint8_t *payload;
    uint32_t len;
} scripted;

static int host_send(void *ctx, const uint8_t *frame, size_t len)
{
    (void)ctx, (void)frame, (void)len;
    return 0;
}

static int target_reply(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    (void)timeout_ms;
    scripted *s = ctx;
    *len = wire_frame_encode(buf, cap, s->type, s->w->seq, s->payload, s->len);
    return *len ? 0 : -1;
}

static const gh_transport_ops ops = {.send = host_send, .recv = target_reply};

/* READ_STATE of `asked` answered with warp `served`'s state */
static int read_state(gh_wire *w, uint16_t asked, uint16_t served)
{
    static wire_state st, got;
    static uint8_t payload[sizeof(wire_state) + 64];
    memset(&st, 0, sizeof st);
    st.warp = served;
    wire_writer wr = {.p = payload, .cap = sizeof payload};
    assert_int_equal(wire_state_encode(&st, &wr), 0);
    scripted s = {.w = w, .type = WIRE_STATE, .payload = payload, .len = (uint32_t)wr.len};
    assert_int_equal(gh_wire_init(w, &ops, &s, 100), 0);
    int rc = gh_wire_read_state(w, asked, &got);
    w->ctx = NULL;
    return rc;
}

static void state_of_the_warp_asked(void **unused)
{
    (void)unused;
    gh_wire w;
    assert_int_equal(read_state(&w, 3, 3), 0);
    gh_wire_close(&w);
}

static void state_of_another_warp_refused(void **unused)
{
    (void)unused;
    gh_wire w;
    assert_int_equal(read_state(&w, 0, 1), -1);
    assert_non_null(strstr(w.error, "STATE reply for warp 1, where warp 0 was asked"));
    gh_wire_close(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(state_of_the_warp_asked),
        cmocka_unit_test(state_of_another_warp_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
