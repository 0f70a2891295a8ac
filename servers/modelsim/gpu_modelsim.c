/* gpu-modelsim: the firmware core on a simulated board whose link is a
 * ZeroMQ socket and whose DUT is the functional model. It is gpu-rtlsim with
 * the model in place of the Verilated core: lockstep, fault-detection and
 * protocol tests run against it where no RTL is needed.
 *   gpu-modelsim --endpoint ipc:///tmp/x [--fault KIND:AT[:PARAM]] [link options]
 * (the link's options, sessions and security: server_cli.h, link_zmq.h) */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_model.h"
#include "isa/isa.h"
#include "dut_mutant.h"
#include "fault_spec.h"
#include "fw/port.h"
#include "lie_link.h"
#include "server_cli.h"

/* A decimal or 0x number within min..max; 0, or -1. */
static int bounded(const char *text, unsigned long min, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v = strtoul(text, &end, 0);
    if (*end || !isdigit((unsigned char)*text) || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* What the options ask for; the DUT is made once they are good, so a
 * refusal leaves nothing to free. */
typedef struct {
    fw_link_zmq_config link_cfg;
    fw_fault_spec fault;
    fw_dut_mutant mutant;
    fw_lie_link liar;
    uint8_t lacking[WIRE_VARIANT_MAP_BYTES];
    isa_modifier_value lacking_values[WIRE_MAX_LACKING_MODIFIERS];
    uint32_t lacking_value_count;
    unsigned long contract;
    size_t rx_cap;
    unsigned long max_code, max_warps;
} modelsim_options;

static void usage(FILE *f)
{
    fprintf(f, "usage: gpu-modelsim --endpoint ipc://PATH|tcp://HOST:PORT [--fault KIND:AT[:PARAM]]\n"
               "                    [--rx-buffer BYTES] [--mutate SPEC] [--lie NAME|list] [--lack V,...]\n"
               "                    [--max-code N] [--max-warps N] [--contract N] [link options]\n"
               "  --rx-buffer  the firmware core's receive buffer, as a small board has (tests)\n"
               "  --mutate     a DUT that lies, for tests of the verdict (servers/common/dut_mutant.h)\n"
               "  --lie        a link that lies on the wire, for the same tests (servers/common/lie_link.h)\n"
               "  --lack V,... declare these lacking (opcode variants, or every variant of a group or type,\n"
               "               as gpuhost variants lists them, or a variant's modifier value: MOV_R.64,\n"
               "               LDG_R.dtype=128), as a partial core does: retired UNIMPLEMENTED\n"
               "  --contract N present port contract revision N (0..%u; 0: a core older than the\n"
               "               CONTRACT word, presenting no map though it lacks what --lack says)\n"
               "  --max-code   declare (and hold) only N code words, as a small core does (tests)\n"
               "  --max-warps  declare (and launch) only N warps, as a small core does (tests)\n",
               FW_PORT_CONTRACT_REVISION);
    fw_server_usage(f);
}

/* --lack V,...: the named opcode variants (or a group's, a type's) set in
 * the map, a variant's modifier values (MOV_R.64) in the list; 0, or 2 said. */
static int parse_lack(const char *list, modelsim_options *o)
{
    uint8_t *lacking = o->lacking;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
        p += n + (p[n] == ',');
        if (strchr(name, '.')) {
            char err[512];
            if (o->lacking_value_count == WIRE_MAX_LACKING_MODIFIERS) {
                fprintf(stderr, "gpu-modelsim: --lack: more than %u modifier values\n", WIRE_MAX_LACKING_MODIFIERS);
                return 2;
            }
            if (isa_modifier_parse(name, &o->lacking_values[o->lacking_value_count], err, sizeof err) != 0) {
                fprintf(stderr, "gpu-modelsim: --lack: %s\n", err);
                return 2;
            }
            o->lacking_value_count++;
            continue;
        }
        const isa_tables *tab = isa_tables_get();
        unsigned named = 0; /* a group, a type or a variant, as gpuhost variants lists them */
        for (uint32_t v = 0; v < tab->variant_count && v < 8 * WIRE_VARIANT_MAP_BYTES; v++) {
            const isa_variant *iv = &tab->variants[v];
            if (strcmp(name, iv->group) == 0 || strcmp(name, iv->optype) == 0 || strcmp(name, iv->name) == 0) {
                lacking[v / 8] |= (uint8_t)(1u << (v % 8));
                named++;
            }
        }
        if (!named) {
            fprintf(stderr, "gpu-modelsim: --lack: no opcode variant '%s' (a group, an instruction type or an "
                            "opcode variant, as gpuhost variants lists them: IALU, IADD, IADD_RC)\n", name);
            return 2;
        }
    }
    return 0;
}

static int parse_fault(const char *arg, fw_fault_spec *fault)
{
    if (fw_fault_spec_parse(arg, UINT64_MAX, fault) != 0) {
        fprintf(stderr, "gpu-modelsim: --fault takes KIND:AT[:PARAM], KIND 1..%d (fw/faults.h), "
                "PARAM 0..255, not '%s'\n", FW_FAULT_COUNT - 1, arg);
        return 2;
    }
    if (fault->kind >= FW_FAULT_FIRST_DATAPATH) {
        fprintf(stderr, "gpu-modelsim: --fault %u strikes in the stand-in core's floating-point units "
                "(fw/faults.h); the model DUT has none: use the rtl board\n", fault->kind);
        return 2;
    }
    return 0;
}

/* One of the server's own options (fw_server_own_option): -1 taken, else
 * the exit status (0 after --help or --lie list, 2: refused). */
static int parse_option(int opt, const char *arg, void *ctx)
{
    modelsim_options *o = ctx;
    unsigned long v;
    switch (opt) {
    case 'm':
        if (fw_dut_mutant_parse(&o->mutant, arg) == 0)
            return -1;
        fprintf(stderr, "gpu-modelsim: --mutate takes flag-trap:N, step-error:N, mufu-ulp:D:T (T <= 255), "
                        "hang:N, hidden-store:N:ADDRESS (decimal, word-aligned), trap-code:C, "
                        "trap-lane:P (P <= 31), no-trap-lane or lane-regs-ignored\n");
        return 2;
    case 'L':
        return parse_lack(arg, o) ? 2 : -1;
    case 'K':
        if (bounded(arg, 0, FW_PORT_CONTRACT_REVISION, &o->contract) == 0)
            return -1;
        fprintf(stderr, "gpu-modelsim: --contract takes 0..%u, not '%s'\n", FW_PORT_CONTRACT_REVISION, arg);
        return 2;
    case 'l': {
        if (fw_lie_parse(&o->liar, arg) == 0)
            return -1;
        FILE *f = strcmp(arg, "list") == 0 ? stdout : stderr;
        if (f == stderr)
            fprintf(stderr, "gpu-modelsim: no lie '%s'; --lie takes one of:\n", arg);
        fw_lie_list(f);
        return f == stdout ? 0 : 2;
    }
    case 'C':
    case 'W': {
        unsigned long most = opt == 'C' ? FW_DUT_MODEL_MAX_CODE : ISA_KERNEL_MAX_WARPS;
        if (bounded(arg, 1, most, opt == 'C' ? &o->max_code : &o->max_warps) == 0)
            return -1;
        fprintf(stderr, "gpu-modelsim: --%s takes 1..%lu, not '%s'\n", opt == 'C' ? "max-code" : "max-warps",
                most, arg);
        return 2;
    }
    case 'r':
        /* the smallest buffer whose max_payload a host accepts (WIRE_MIN_MAX_PAYLOAD) */
        if (bounded(arg, WIRE_HEADER_SIZE + WIRE_MIN_MAX_PAYLOAD, o->rx_cap, &v) != 0) {
            fprintf(stderr, "gpu-modelsim: --rx-buffer takes %u..%zu bytes\n",
                    WIRE_HEADER_SIZE + WIRE_MIN_MAX_PAYLOAD, o->rx_cap);
            return 2;
        }
        o->rx_cap = v;
        return -1;
    case 'f':
        return parse_fault(arg, &o->fault) ? 2 : -1;
    case 'h':
        usage(stdout);
        return 0;
    }
    usage(stderr);
    return 2;
}

/* -1 with the options, or the exit status. */
static int parse_options(int argc, char **argv, modelsim_options *o)
{
    static const struct option options[] = {{"fault", required_argument, NULL, 'f'},
                                            {"mutate", required_argument, NULL, 'm'},
                                            {"rx-buffer", required_argument, NULL, 'r'},
                                            {"lie", required_argument, NULL, 'l'},
                                            {"lack", required_argument, NULL, 'L'},
                                            {"max-code", required_argument, NULL, 'C'},
                                            {"max-warps", required_argument, NULL, 'W'},
                                            {"contract", required_argument, NULL, 'K'},
                                            {"help", no_argument, NULL, 'h'},
                                            FW_SERVER_LONG_OPTIONS,
                                            {0}};
    return fw_server_parse(argc, argv, "f:h", options, &o->link_cfg, parse_option, o);
}

/* Serves on the open link until it ends: the firmware core over the model,
 * behind the mutant and the liar when asked for. */
static int serve(modelsim_options *o, fw_link_zmq *link, fw_dut_model *dut)
{
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state state;
    o->mutant.pass = (fw_dut_pass){&fw_dut_model_ops, dut}, o->mutant.poke = fw_dut_model_poke;
    bool mutated = o->mutant.kind != FW_MUTANT_NONE;
    const fw_dut_ops *dut_ops = mutated ? fw_dut_mutant_ops(&o->mutant) : &fw_dut_model_ops;
    void *dut_ctx = mutated ? (void *)&o->mutant : (void *)dut;
    fw_lie_link *liar = &o->liar;
    liar->inner = &fw_link_zmq_ops, liar->inner_ctx = link, liar->dut = dut_ops, liar->dut_ctx = dut_ctx;
    bool lying = liar->lie >= 0;
    fw_core core = {.link = lying ? &fw_lie_link_ops : &fw_link_zmq_ops,
                    .link_ctx = lying ? (void *)liar : (void *)link, .dut = dut_ops,
                    .dut_ctx = dut_ctx, .watchdog_cycles = 1000000,
                    .idle_timeout_ms = 200, .rx = rx, .tx = tx, .rx_cap = o->rx_cap, .tx_cap = sizeof tx,
                    .state_buf = &state};
    fw_server_ready(&o->link_cfg);
    return fw_serve(&core);
}

int main(int argc, char **argv)
{
    modelsim_options o = {.link_cfg = {.program = "gpu-modelsim"}, .liar = {.lie = -1},
                          .contract = FW_PORT_CONTRACT_REVISION, .rx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD};
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    fw_dut_model dut;
    if (fw_dut_model_init(&dut) != 0)
        return 1;
    dut.fault_kind = o.fault.kind, dut.fault_at = o.fault.at, dut.fault_param = o.fault.param;
    memcpy(dut.lacking, o.lacking, sizeof o.lacking);
    memcpy(dut.lacking_values, o.lacking_values, sizeof o.lacking_values);
    dut.lacking_value_count = o.lacking_value_count, dut.contract = (uint32_t)o.contract;
    dut.max_code = (uint32_t)o.max_code, dut.max_warps = (uint32_t)o.max_warps;
    fw_link_zmq link;
    rc = fw_server_open(&link, &o.link_cfg);
    if (rc == 0) {
        rc = serve(&o, &link, &dut) == 0 ? 0 : 1;
        fw_link_zmq_close(&link);
    }
    fw_dut_model_free(&dut);
    return rc;
}
