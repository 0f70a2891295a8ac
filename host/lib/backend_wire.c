/* libgpuhost: the backend of every board reached over the wire protocol
 * (ZeroMQ servers, USB boards): the wire client behind the backend table. */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "fw/port.h"
#include "isa/isa.h"
#include "transport_usb.h"
#include "wire_client.h"

static gh_wire *wire_of(gh_target *t)
{
    return t->backend;
}

/* Copies the wire client's error into the target's. */
static int pass(gh_target *t, int rc)
{
    if (rc < 0) {
        snprintf(t->error, sizeof t->error, "%s", wire_of(t)->error);
        t->violation = wire_of(t)->violation;
        t->dut_failed = wire_of(t)->dut_failed;
    }
    return rc;
}

static int load(gh_target *t, const isa_kernel *k)
{
    return pass(t, gh_wire_load(wire_of(t), k));
}

static int run_start(gh_target *t, uint64_t max, uint32_t batch, uint32_t window)
{
    return pass(t, gh_wire_run_start(wire_of(t), max, batch, window));
}

static int run_next(gh_target *t, wire_commit *recs, uint32_t cap, uint32_t *count, uint32_t *reason,
                    uint64_t *total)
{
    return pass(t, gh_wire_run_next(wire_of(t), recs, cap, count, reason, total));
}

static int credit(gh_target *t, uint32_t batches)
{
    return pass(t, gh_wire_credit(wire_of(t), batches));
}

static int halt(gh_target *t)
{
    return gh_wire_halt(wire_of(t));
}

static int read_state(gh_target *t, uint16_t warp, wire_state *out)
{
    return pass(t, gh_wire_read_state(wire_of(t), warp, out));
}

static int read_mem(gh_target *t, uint64_t addr, uint8_t *out, size_t len)
{
    return pass(t, gh_wire_read_mem(wire_of(t), addr, out, len));
}

static int write_reg(gh_target *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                     const uint32_t *values)
{
    return pass(t, gh_wire_write_reg(wire_of(t), warp, kind, index, lane_mask, values));
}

static int write_mem(gh_target *t, uint64_t addr, const uint32_t *words, uint32_t count)
{
    return pass(t, gh_wire_write_mem(wire_of(t), addr, words, count));
}

static int mem_digest(gh_target *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs)
{
    return pass(t, gh_wire_mem_digest(wire_of(t), addr, pages, nonce, crcs));
}

static int written_pages(gh_target *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count)
{
    return pass(t, gh_wire_written_pages(wire_of(t), from, pages, max, count));
}

static int inject(gh_target *t, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    return pass(t, gh_wire_inject(wire_of(t), warp, lo, hi, rec));
}

static void close_wire(gh_target *t)
{
    gh_wire *w = wire_of(t);
    if (w)
        gh_wire_close(w);
    free(w);
    t->backend = NULL;
}

/* The target's modifier values lacking (MODIFIERS words): each must name a
 * modifier value of this gpuhost's ISA, and come with a variant map (the
 * same spec). */
static int take_lacking_modifiers(gh_target *t, const wire_caps *c, const char *where)
{
    const isa_tables *tab = isa_tables_get();
    t->caps.lacking_modifier_count = 0;
    for (unsigned i = 0; i < c->modifier_count && i < GH_MAX_LACKING_MODIFIERS; i++) {
        uint32_t w = c->lacking_modifier[i];
        unsigned v = FW_PORT_MODIFIER_VARIANT(w), f = FW_PORT_MODIFIER_FIELD(w), x = FW_PORT_MODIFIER_VALUE(w);
        if (!c->variant_count)
            return gh__breach(t, "%s: the target says it lacks modifier values (MODIFIERS) without saying which "
                              "ISA it counts variants in (VARIANTS is 0)", where);
        const isa_type *type = v < tab->variant_count && isa_is_modifier((uint16_t)v, (uint16_t)f)
                                   ? isa_field_type(&isa_variant_fields(&tab->variants[v])[f]) : NULL;
        if (!FW_PORT_MODIFIER_PRESENT(w) || !type || !isa_enum_name(type, x))
            return gh__breach(t, "%s: the target's lacking modifier word %u (0x%08x) names no modifier value of "
                              "this gpuhost's ISA (variant %u, field %u, value %u)", where, i, w, v, f, x);
        t->caps.lacking_modifier[t->caps.lacking_modifier_count++] =
            (isa_modifier_value){.variant = (uint16_t)v, .field = (uint8_t)f, .value = (uint16_t)x};
    }
    return 0;
}

const gh_backend_ops gh_backend_wire = {
    .kind = "wire",
    .load = load,
    .run_start = run_start,
    .run_next = run_next,
    .credit = credit,
    .halt = halt,
    .read_state = read_state,
    .read_mem = read_mem,
    .write_reg = write_reg,
    .write_mem = write_mem,
    .mem_digest = mem_digest,
    .written_pages = written_pages,
    .inject = inject,
    .close = close_wire,
};

_Static_assert(GH_MAX_TOLERANCES >= WIRE_MAX_TOLERANCES, "gh_caps holds every tolerance CAPS may carry");

/* Says HELLO and takes the capabilities. */
static int hello(gh_target *t, const char *where)
{
    gh_wire *w = wire_of(t);
    if (gh_wire_hello(w) != 0) {
        if (w->error_code == WIRE_ERR_SESSION)
            return gh__fail(t, "%s: refused: the server is serving another client (one session at a time; try "
                            "again when that client's run ends)", where);
        gh__fail(t, "%s: %s", where, w->error);
        t->violation = w->violation;
        t->dut_failed = w->dut_failed;
        return -1;
    }
    const wire_caps *c = &w->caps;
    if (c->version != WIRE_VERSION)
        return gh__breach(t, "%s: the target speaks wire protocol version %u, this gpuhost speaks %u (protocol "
                        "version mismatch)", where, c->version, WIRE_VERSION);
    if (c->lanes != WIRE_LANES)
        return gh__breach(t, "%s: the target says its warps have %u lanes; the architecture's have %u", where,
                          c->lanes, WIRE_LANES);
    if (c->max_warps == 0)
        return gh__breach(t, "%s: the target says it has no warps", where);
    if (c->max_payload && c->max_payload < 64)
        return gh__breach(t, "%s: the target accepts requests of %u bytes, too few to load anything", where,
                        c->max_payload);
    t->caps = (gh_caps){.version = c->version, .max_warps = c->max_warps, .lanes = c->lanes,
                        .max_payload = c->max_payload, .max_code = c->max_code};
    memcpy(t->caps.optypes, c->optypes, sizeof t->caps.optypes);
    snprintf(t->caps.name, sizeof t->caps.name, "%s", c->name);
    t->caps.tolerance_count = c->tolerance_count;
    for (unsigned i = 0; i < c->tolerance_count; i++)
        t->caps.tolerance[i] = (gh_tolerance){c->tolerance[i].optype, c->tolerance[i].function,
                                              c->tolerance[i].format, c->tolerance[i].ulp};
    if (gh_wire_variants(w) != 0) {
        gh__fail(t, "%s: %s", where, w->error);
        t->violation = w->violation;
        t->dut_failed = w->dut_failed;
        return -1;
    }
    /* a map is only worth the ISA it was made from */
    uint32_t ours = isa_tables_get()->variant_count;
    if (c->variant_count && c->variant_count != ours)
        return gh__breach(t, "%s: the target's map of the variants it lacks was made for an ISA of %u opcode "
                          "variants; this gpuhost's has %u (not the same isa/spec)", where, c->variant_count, ours);
    for (uint32_t v = c->variant_count ? ours : 0; v < 8 * WIRE_VARIANT_MAP_BYTES; v++)
        if (c->lacking[v / 8] >> (v % 8) & 1u)
            return gh__breach(t, "%s: the target says it lacks variant %u, past the ISA's %u", where, v, ours);
    memcpy(t->caps.lacking, c->lacking, sizeof t->caps.lacking);
    t->caps.contract = c->contract;
    return take_lacking_modifiers(t, c, where);
}

static int start(gh_target *t, const gh_transport_ops *ops, void *ctx, uint32_t timeout_ms)
{
    gh_wire *w = calloc(1, sizeof *w);
    if (!w || gh_wire_init(w, ops, ctx, timeout_ms) != 0) {
        free(w);
        ops->close(ctx);
        return gh__fail(t, "out of memory");
    }
    t->ops = &gh_backend_wire;
    t->backend = w;
    return 0;
}

int gh__wire_open_zmq(gh_target *t, const char *endpoint, const gh_zmq_security *sec, uint32_t timeout_ms,
                      bool watch_server)
{
    const gh_transport_ops *ops;
    void *ctx;
    char err[512];
    if (gh_zmq_connect(endpoint, sec, &ops, &ctx, err, sizeof err) != 0)
        return gh__fail(t, "%s", err);
    if (start(t, ops, ctx, timeout_ms) != 0)
        return -1;
    if (watch_server) {
        wire_of(t)->alive = gh_server_alive;
        wire_of(t)->alive_ctx = &t->server;
    }
    return hello(t, endpoint);
}

int gh__wire_open_usb(gh_target *t, const char *serial, uint32_t timeout_ms)
{
    const gh_board *b = &t->board;
    gh_usb_params p = gh_usb_reference(serial, timeout_ms);
    p.vid = b->usb.vid, p.pid = b->usb.pid, p.interface = b->usb.interface;
    p.ep_out = b->usb.ep_out, p.ep_in = b->usb.ep_in, p.max_packet = b->usb.max_packet;
    const gh_transport_ops *ops;
    void *ctx;
    char err[512];
    if (gh_usb_open(&p, &ops, &ctx, err, sizeof err) != 0)
        return gh__fail(t, "%s", err);
    if (start(t, ops, ctx, timeout_ms) != 0)
        return -1;
    wire_of(t)->alive = gh_usb_alive;
    wire_of(t)->alive_ctx = ctx;
    char where[64];
    snprintf(where, sizeof where, "board %s", b->name);
    return hello(t, where);
}
