/* wire: the CAPS and STATE payloads. */
#include <string.h>

#include "wire/protocol.h"

int wire_caps_encode(const wire_caps *c, wire_writer *w)
{
    size_t n = 0;
    while (n < sizeof c->name - 1 && c->name[n])
        n++;
    wire_put32(w, c->version);
    wire_put16(w, c->max_warps);
    wire_put16(w, c->lanes);
    wire_put32(w, c->max_payload);
    wire_put32(w, c->max_code);
    wire_put_bytes(w, c->optypes, sizeof c->optypes);
    wire_put8(w, (uint8_t)n);
    wire_put_bytes(w, c->name, n);
    if (c->tolerance_count > WIRE_MAX_TOLERANCES)
        return -1;
    wire_put8(w, c->tolerance_count);
    for (unsigned i = 0; i < c->tolerance_count; i++) {
        const wire_tolerance *t = &c->tolerance[i];
        wire_put8(w, t->optype);
        wire_put8(w, t->function);
        wire_put8(w, t->format);
        wire_put8(w, t->ulp);
    }
    return w->overflow ? -1 : 0;
}

int wire_caps_decode(wire_reader *r, wire_caps *c)
{
    memset(c, 0, sizeof *c);
    c->version = wire_get32(r);
    c->max_warps = wire_get16(r);
    c->lanes = wire_get16(r);
    c->max_payload = wire_get32(r);
    c->max_code = wire_get32(r);
    wire_get_bytes(r, c->optypes, sizeof c->optypes);
    uint8_t n = wire_get8(r);
    if (n >= sizeof c->name)
        return -1;
    wire_get_bytes(r, c->name, n);
    for (uint8_t i = 0; i < n; i++) /* printable ASCII: a NUL would cut it, a control byte reach a terminal */
        if ((unsigned char)c->name[i] < 0x20 || (unsigned char)c->name[i] > 0x7e)
            return -1;
    c->tolerance_count = wire_get8(r);
    if (c->tolerance_count > WIRE_MAX_TOLERANCES)
        return -1;
    for (unsigned i = 0; i < c->tolerance_count; i++) {
        wire_tolerance *t = &c->tolerance[i];
        t->optype = wire_get8(r);
        t->function = wire_get8(r);
        t->format = wire_get8(r);
        t->ulp = wire_get8(r);
    }
    return r->underflow || r->pos != r->len ? -1 : 0;
}

int wire_state_encode(const wire_state *s, wire_writer *w)
{
    wire_put16(w, s->warp);
    wire_put16(w, 0);
    wire_put32(w, s->exited);
    wire_put32(w, s->waiting);
    for (unsigned l = 0; l < WIRE_LANES; l++)
        wire_put64(w, s->pc[l]);
    wire_put32_words(w, &s->gpr[0][0], sizeof s->gpr / sizeof s->gpr[0][0]);
    for (unsigned p = 0; p < 7; p++)
        wire_put32(w, s->pred[p]);
    for (unsigned u = 0; u < 63; u++)
        wire_put32(w, s->ur[u]);
    wire_put32(w, s->upred);
    return w->overflow ? -1 : 0;
}

int wire_state_decode(wire_reader *r, wire_state *s)
{
    s->warp = wire_get16(r);
    (void)wire_get16(r);
    s->exited = wire_get32(r);
    s->waiting = wire_get32(r);
    for (unsigned l = 0; l < WIRE_LANES; l++)
        s->pc[l] = wire_get64(r);
    wire_get32_words(r, &s->gpr[0][0], sizeof s->gpr / sizeof s->gpr[0][0]);
    for (unsigned p = 0; p < 7; p++)
        s->pred[p] = wire_get32(r);
    for (unsigned u = 0; u < 63; u++)
        s->ur[u] = wire_get32(r);
    s->upred = wire_get32(r);
    return r->underflow || r->pos != r->len ? -1 : 0;
}
