/* libgpuhost: opening a board's target, and the checked wrappers around its
 * backend. Options a board cannot honour are refused here, once, for every
 * command. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend.h"
#include "fw/port.h"
#include "isa/isa.h"
#include "usb_emulator.h"
#include "wire/zmq_endpoint.h"

static bool is_rtlsim(const gh_board *b)
{
    return b->transport == GH_TRANSPORT_ZMQ && b->waves; /* an RTL server (descriptor key wave) */
}

static unsigned honoured(const gh_board *b)
{
    switch (b->transport) {
    case GH_TRANSPORT_MODEL: return 0;
    case GH_TRANSPORT_ZMQ:
        return GH_OPT_ENDPOINT | GH_OPT_SERVER | GH_OPT_FAULT | GH_OPT_TIMEOUT | GH_OPT_KEYS |
               (is_rtlsim(b) ? GH_OPT_WAVE | GH_OPT_STRESS : 0u);
    case GH_TRANSPORT_USB: {
        /* an emulated board's emulator takes the faults, stress when its DUT is RTL (the Verilated
         * core, or the simulated gateware's), a waveform when it is the simulated gateware */
        bool gateware = b->emulator[0] && strcmp(b->emulator_firmware, "gateware") == 0;
        bool rtl = gateware || (b->emulator[0] && strcmp(b->emulator_dut, "rtl") == 0);
        return GH_OPT_SERIAL | GH_OPT_TIMEOUT | (b->emulator[0] ? GH_OPT_FAULT | GH_OPT_FAULT_USB : 0u) |
               (gateware ? GH_OPT_WAVE : 0u) | (rtl ? GH_OPT_STRESS : 0u);
    }
    }
    return 0;
}

/* The first option given that the board cannot honour, or NULL. */
static const char *refused_option(const gh_board *b, const gh_target_opts *o)
{
    unsigned ok = honoured(b);
    if (o->endpoint && !(ok & GH_OPT_ENDPOINT))
        return "--endpoint";
    if (o->server && !(ok & GH_OPT_SERVER))
        return "--server";
    if (o->fault && !(ok & GH_OPT_FAULT))
        return "--fault";
    if (o->fault_usb && !(ok & GH_OPT_FAULT_USB))
        return "--fault-usb";
    if (o->serial && !(ok & GH_OPT_SERIAL))
        return "--serial";
    if (o->timeout_ms && !(ok & GH_OPT_TIMEOUT))
        return "--timeout";
    if (o->wave && !(ok & GH_OPT_WAVE))
        return "--wave";
    if ((o->server_key || o->client_key) && !(ok & GH_OPT_KEYS))
        return o->server_key ? "--server-key" : "--client-key";
    if (o->stress && !(ok & GH_OPT_STRESS))
        return "--stress";
    return NULL;
}

/* The stress setting (--stress, else the descriptor's) parsed, once, into
 * t (its knobs and canonical text, which a server or emulator is given), or
 * GH_ERR_USAGE with why. A server started elsewhere was given its own. */
static int take_stress(gh_target *t, const gh_target_opts *o, char *err, size_t errlen)
{
    const char *text = o->stress ? o->stress : t->board.stress[0] ? t->board.stress : NULL;
    if (!text)
        return 0;
    char why[256];
    if (rtl_stress_parse(text, &t->stress_knobs, why, sizeof why) != 0) {
        snprintf(err, errlen, "option --stress '%s': %s", text, why);
        return GH_ERR_USAGE;
    }
    gh_target_opts asked = {.stress = text};
    if (refused_option(&t->board, &asked)) {
        snprintf(err, errlen, "option --stress '%s': board %s (%s transport%s) cannot honour it", text,
                 t->board.name, gh_transport_name(t->board.transport),
                 t->board.emulator[0] ? ", its emulated DUT the model" : "");
        return GH_ERR_USAGE;
    }
    if (o->endpoint) {
        snprintf(err, errlen, "option --stress '%s': a server started elsewhere (--endpoint) takes its own", text);
        return GH_ERR_USAGE;
    }
    rtl_stress_format(&t->stress_knobs, t->stress, sizeof t->stress);
    return 0;
}

/* Starts the board's server; *refused when it refused its options (exit 2
 * before it was ready: GH_SERVER_REFUSED). */
static int start_server(gh_target *t, const gh_target_opts *o, bool *refused)
{
    const char *program = o->server ? o->server : gh_board_program(t->board.server);
    if (access(program, X_OK) != 0)
        return gh__fail(t, "the %s server %s is not built or not executable", t->board.name, program);
    char at[32], window[32];
    char *extra[14] = {NULL};
    int n = 0;
    if (t->stress[0]) {
        extra[n++] = "--stress";
        extra[n++] = t->stress;
    }
    if (o->fault) {
        extra[n++] = "--fault";
        extra[n++] = (char *)o->fault;
    }
    if (o->wave) {
        snprintf(at, sizeof at, "%" PRIu64, o->wave_at);
        snprintf(window, sizeof window, "%" PRIu64, o->wave_window ? o->wave_window : 20);
        extra[n++] = "--wave";
        extra[n++] = (char *)o->wave;
        extra[n++] = "--wave-window";
        extra[n++] = window;
        extra[n++] = "--wave-at";
        extra[n++] = at;
    }
    char err[512];
    /* a server nobody talks to ends (gpuhost is not silent for long within a run) */
    uint32_t timeout = o->timeout_ms ? o->timeout_ms : 10000;
    uint32_t idle_s = timeout / 1000 * 6 > 60 ? timeout / 1000 * 6 : 60;
    int rc = gh_server_start(&t->server, program, extra, idle_s, err, sizeof err);
    if (rc != 0) {
        *refused = rc == GH_SERVER_REFUSED;
        return gh__fail(t, "%s", err);
    }
    t->own_server = true;
    return 0;
}

/* --endpoint's syntax, and the CURVE key files: refused (GH_ERR_USAGE) before anything starts. */
static int check_link_options(const gh_target_opts *o, gh_zmq_security *sec, char *err, size_t errlen)
{
    wire_zmq_endpoint ep;
    char why[400];
    if (o->endpoint && wire_zmq_endpoint_parse(o->endpoint, WIRE_ZMQ_CONNECT, &ep, why, sizeof why) != 0) {
        snprintf(err, errlen, "option --endpoint: %s", why);
        return GH_ERR_USAGE;
    }
    if (!o->server_key && !o->client_key)
        return 0;
    const char *missing = !o->server_key ? "--server-key" : !o->client_key ? "--client-key" : NULL;
    if (missing || !o->endpoint) {
        snprintf(err, errlen, "option %s: %s", missing ? missing : "--server-key",
                 missing ? "CURVE needs both keys: --server-key (the server's public key) and --client-key "
                           "(this client's keypair)"
                         : "keys are for a server started elsewhere (--endpoint); a server gpuhost starts is "
                           "private to it");
        return GH_ERR_USAGE;
    }
    sec->curve = true;
    if (!wire_curve_available(why, sizeof why) ||
        wire_curve_read_public(o->server_key, sec->server_key, why, sizeof why) != 0 ||
        wire_curve_read_keypair(o->client_key, &sec->client, why, sizeof why) != 0) {
        snprintf(err, errlen, "CURVE keys: %s", why);
        return GH_ERR_USAGE;
    }
    return 0;
}

/* A server started elsewhere and reached without CURVE is whoever listens
 * there: a tcp:// port anyone could have taken, or an ipc:// socket of
 * another user. Added to t->warning (after any of the descriptor's). */
static void warn_untrusted(gh_target *t, const char *endpoint)
{
    wire_zmq_endpoint ep;
    char why[8];
    struct stat st;
    if (wire_zmq_endpoint_parse(endpoint, WIRE_ZMQ_CONNECT, &ep, why, sizeof why) != 0)
        return;
    if (ep.ipc && stat(ep.path, &st) == 0 && (st.st_uid == geteuid() || st.st_uid == 0))
        return;
    size_t n = strlen(t->warning);
    snprintf(t->warning + n, sizeof t->warning - n,
             "%s%s is reached without CURVE: gpuhost trusts whatever listens there%s (give --server-key and "
             "--client-key; README.md, \"Remote servers\")",
             n ? "; " : "", endpoint, ep.ipc ? " (a socket another user owns)" : " (anyone can bind that port)");
}

int gh_target_open(const gh_board *board, const gh_target_opts *o, gh_target **out, char *err,
                   size_t errlen)
{
    const char *bad = refused_option(board, o);
    if (bad) {
        snprintf(err, errlen, "option %s: board %s (%s transport) cannot honour it", bad, board->name,
                 gh_transport_name(board->transport));
        return GH_ERR_USAGE;
    }
    if (o->fault && o->endpoint) {
        snprintf(err, errlen, "option --fault: a server started elsewhere (--endpoint) cannot be given a fault");
        return GH_ERR_USAGE;
    }
    if (o->wave && o->endpoint) {
        snprintf(err, errlen, "option --wave: only an RTL server that gpuhost starts records a waveform");
        return GH_ERR_USAGE;
    }
    gh_zmq_security sec = {0};
    int bad_link = check_link_options(o, &sec, err, errlen);
    if (bad_link != 0)
        return bad_link;
    int bad_emulator = board->emulator[0] ? gh__emulator_check(board, err, errlen) : 0;
    if (bad_emulator != 0)
        return bad_emulator;
    gh_target *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return GH_ERR_NOMEM;
    }
    t->board = *board;
    int bad_stress = take_stress(t, o, err, errlen);
    if (bad_stress != 0) {
        free(t);
        return bad_stress;
    }
    uint32_t timeout = o->timeout_ms ? o->timeout_ms : 10000;
    int rc;
    bool refused = false;
    switch (board->transport) {
    case GH_TRANSPORT_MODEL: rc = gh__model_open(t); break;
    case GH_TRANSPORT_ZMQ:
        rc = o->endpoint ? 0 : start_server(t, o, &refused);
        if (rc == 0)
            rc = gh__wire_open_zmq(t, o->endpoint ? o->endpoint : t->server.endpoint, &sec, timeout,
                                   t->own_server);
        break;
    case GH_TRANSPORT_USB:
        rc = board->emulator[0] ? gh__emulator_start(t, o, &refused) : 0;
        if (rc == 0)
            rc = gh__wire_open_usb(t, o->serial, timeout);
        break;
    default: rc = gh__fail(t, "board %s: unknown transport", board->name);
    }
    memset(&sec, 0, sizeof sec); /* the secret key is in the socket now */
    if (rc == 0 && gh__check_descriptor(t) < 0)
        rc = -1;
    if (rc == 0 && o->endpoint && !o->server_key)
        warn_untrusted(t, o->endpoint);
    if (rc != 0 && refused) { /* an option the board's server cannot honour: a usage error, never retried */
        if (o->fault || o->fault_usb || o->wave || t->stress[0])
            snprintf(err, errlen, "option%s%s%s%s%s%s%s%s%s: board %s: %s",
                     !!o->fault + !!o->fault_usb + !!o->wave + !!t->stress[0] > 1 ? "s" : "",
                     o->fault ? " --fault " : "", o->fault ? o->fault : "", o->fault_usb ? " --fault-usb " : "",
                     o->fault_usb ? o->fault_usb : "", o->wave ? " --wave " : "", o->wave ? o->wave : "",
                     t->stress[0] ? " --stress " : "", t->stress, board->name, t->error);
        else
            snprintf(err, errlen, "board %s: its server's options: %s", board->name, t->error);
        gh_target_close(&t);
        return GH_ERR_USAGE;
    }
    if (rc != 0) {
        char why[256] = "";
        gh_server *own = t->own_server ? &t->server : t->own_emulator ? &t->emulator : NULL;
        if (own && !gh_server_alive(own, why, sizeof why) && why[0] && !strstr(t->error, why))
            snprintf(err, errlen, "%s (%s)", t->error, why);
        else
            snprintf(err, errlen, "%s", t->error);
        bool breach = t->violation;
        gh_target_close(&t);
        return breach ? GH_ERR_PROTOCOL : GH_ERR_TARGET;
    }
    *out = t;
    return 0;
}

void gh_target_close(gh_target **tp)
{
    gh_target *t = tp ? *tp : NULL;
    if (!t)
        return;
    if (t->ops && t->ops->close)
        t->ops->close(t);
    if (t->own_server)
        gh_server_stop(&t->server);
    gh__emulator_stop(t); /* after libusb let go of its device */
    free(t);
    *tp = NULL;
}

const gh_caps *gh_target_caps(const gh_target *t)
{
    return &t->caps;
}

const gh_board *gh_target_board(const gh_target *t)
{
    return &t->board;
}

const char *gh_target_warning(const gh_target *t)
{
    return t->warning;
}

const char *gh_target_error(const gh_target *t)
{
    return t->error;
}

const char *gh_target_stress(const gh_target *t, char *describe, size_t len)
{
    if (describe && len)
        rtl_stress_describe(&t->stress_knobs, describe, len);
    return t->stress;
}

bool gh_target_implements(const gh_target *t, uint32_t optype)
{
    return optype < 256 && (t->caps.optypes[optype / 8] >> (optype % 8)) & 1u;
}

bool gh_target_implements_variant(const gh_target *t, uint32_t variant)
{
    const isa_tables *tab = isa_tables_get();
    if (variant >= tab->variant_count)
        return false;
    const isa_variant *v = &tab->variants[variant];
    int f = isa_field_index(v, "optype");
    return f >= 0 && gh_target_implements(t, isa_variant_fields(v)[f].value) &&
           !(variant < 256 && (t->caps.lacking[variant / 8] >> (variant % 8)) & 1u);
}

bool gh_target_implements_insn(const gh_target *t, const isa_insn *insn, const isa_modifier_value **lacked)
{
    const isa_modifier_value *m = isa_modifier_find(t->caps.lacking_modifier, t->caps.lacking_modifier_count, insn);
    if (lacked)
        *lacked = m;
    return !m && gh_target_implements_variant(t, insn->variant);
}

static bool lacks_a_variant(const gh_caps *c)
{
    for (size_t i = 0; i < sizeof c->lacking; i++)
        if (c->lacking[i])
            return true;
    return false;
}

bool gh_caps_contract_text(const gh_caps *c, char *out, size_t len)
{
    if (c->contract == GH_CONTRACT_NONE)
        snprintf(out, len, "capability words WARPS LANES OPTYPES FEATURES TOLERANCES%s, no CONTRACT: a core "
                 "written before the variant map, or one leaving the word 0; a variant it lacks without saying so "
                 "is found only when it answers UNIMPLEMENTED while running, not refused before the run",
                 lacks_a_variant(c) ? " VARIANTS LACKING" : "");
    else if (c->contract < FW_PORT_CONTRACT_REVISION)
        snprintf(out, len, "capability words of contract revision %u (this gpuhost's is %u): no MODIFIERS, so a "
                 "modifier value it lacks is found only when it answers UNIMPLEMENTED while running, not refused "
                 "before the run", c->contract, FW_PORT_CONTRACT_REVISION);
    else
        snprintf(out, len, "capability words WARPS LANES OPTYPES FEATURES TOLERANCES CONTRACT VARIANTS LACKING "
                 "MODIFIERS (contract revision %u)", c->contract);
    return c->contract >= FW_PORT_CONTRACT_REVISION;
}

/* A failure of a server this target started says how the server ended. */
static int checked(gh_target *t, int rc)
{
    char why[256] = "";
    gh_server *own = t->own_server ? &t->server : t->own_emulator ? &t->emulator : NULL;
    if (rc < 0 && own && !gh_server_alive(own, why, sizeof why) && why[0] && !strstr(t->error, why)) {
        size_t n = strlen(t->error);
        snprintf(t->error + n, sizeof t->error - n, " (%s)", why);
    }
    return rc < 0 ? (t->violation || t->dut_failed ? GH_ERR_PROTOCOL : GH_ERR_TARGET) : rc;
}

int gh_target_load(gh_target *t, const isa_kernel *k)
{
    return checked(t, t->ops->load(t, k));
}

int gh_target_read_mem(gh_target *t, uint64_t addr, void *out, size_t len)
{
    return checked(t, t->ops->read_mem(t, addr, out, len));
}

int gh__run_start(gh_target *t, uint64_t max_insns, uint32_t batch, uint32_t window)
{
    if (!batch || !window)
        return gh__fail(t, "a run needs batch >= 1 and window >= 1");
    return checked(t, t->ops->run_start(t, max_insns, batch, window));
}

int gh__run_next(gh_target *t, wire_commit *recs, uint32_t cap, uint32_t *count, uint32_t *reason,
                 uint64_t *total)
{
    if (!cap)
        return gh__fail(t, "no room for a record");
    int rc = checked(t, t->ops->run_next(t, recs, cap, count, reason, total));
    if ((rc == GH_RECORDS_END_BATCH || rc == GH_RECORDS_MORE) && (*count == 0 || *count > cap))
        return gh__fail(t, "%u records handed out (1 to %u asked for)", *count, cap), GH_ERR_TARGET;
    return rc;
}

int gh__credit(gh_target *t, uint32_t batches)
{
    return checked(t, t->ops->credit(t, batches));
}

void gh__halt(gh_target *t)
{
    t->ops->halt(t);
}

int gh__read_state(gh_target *t, uint16_t warp, wire_state *out)
{
    return checked(t, t->ops->read_state(t, warp, out));
}

int gh__write_reg(gh_target *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                  const uint32_t *values)
{
    return checked(t, t->ops->write_reg(t, warp, kind, index, lane_mask, values));
}

int gh__write_mem(gh_target *t, uint64_t addr, const uint32_t *words, uint32_t count)
{
    return checked(t, t->ops->write_mem(t, addr, words, count));
}

int gh__mem_digest(gh_target *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs)
{
    if (addr % WIRE_PAGE_SIZE || !pages || pages > WIRE_MAX_DIGEST_PAGES)
        return gh__fail(t, "digest of %u pages at 0x%" PRIx64, pages, addr), GH_ERR_RANGE;
    return checked(t, t->ops->mem_digest(t, addr, pages, nonce, crcs));
}

int gh__written_pages(gh_target *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count)
{
    return checked(t, t->ops->written_pages(t, from, pages, max, count));
}

void gh_stop_servers(void)
{
    gh_server_stop_all();
}
