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

int main(int argc, char **argv)
{
    static const struct option options[] = {{"fault", required_argument, NULL, 'f'},
                                            {"mutate", required_argument, NULL, 'm'},
                                            {"rx-buffer", required_argument, NULL, 'r'},
                                            {"lie", required_argument, NULL, 'l'},
                                            {"lack", required_argument, NULL, 'L'},
                                            {"max-code", required_argument, NULL, 'C'},
                                            {"max-warps", required_argument, NULL, 'W'},
                                            {"help", no_argument, NULL, 'h'},
                                            FW_SERVER_LONG_OPTIONS,
                                            {0}};
    fw_link_zmq_config link_cfg = {.program = "gpu-modelsim"};
    fw_dut_model dut; /* made once the options are good: a refusal leaves nothing to free */
    fw_fault_spec fault = {0};
    fw_dut_mutant mutant = {.pass = {&fw_dut_model_ops, &dut}, .poke = fw_dut_model_poke};
    fw_lie_link liar = {.lie = -1};
    uint8_t lacking[WIRE_VARIANT_MAP_BYTES] = {0};
    size_t rx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD;
    unsigned long max_code = 0, max_warps = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, "f:h", options, NULL)) != -1) {
        unsigned long v;
        int link_opt = fw_server_option(opt, optarg, &link_cfg);
        if (link_opt != 1) {
            if (link_opt == 2)
                return 2;
        } else if (opt == 'm') {
            if (fw_dut_mutant_parse(&mutant, optarg) != 0) {
                fprintf(stderr, "gpu-modelsim: --mutate takes flag-trap:N, step-error:N, mufu-ulp:D:T (T <= 255), "
                                "hang:N, hidden-store:N:ADDRESS (decimal, word-aligned), trap-code:C, "
                                "trap-lane:P (P <= 31) or no-trap-lane\n");
                return 2;
            }
        } else if (opt == 'L') {
            for (const char *p = optarg; *p;) {
                size_t n = strcspn(p, ",");
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
                int v = isa_find_variant(name);
                if (v < 0 || v >= 8 * (int)sizeof lacking) {
                    fprintf(stderr, "gpu-modelsim: --lack: no opcode variant '%s' (isa/spec's __DefOpcode names, "
                                    "e.g. IADD_RC)\n", name);
                    return 2;
                }
                lacking[v / 8] |= (uint8_t)(1u << (v % 8));
                p += n + (p[n] == ',');
            }
        } else if (opt == 'l') {
            if (fw_lie_parse(&liar, optarg) != 0) {
                FILE *f = strcmp(optarg, "list") == 0 ? stdout : stderr;
                if (f == stderr)
                    fprintf(stderr, "gpu-modelsim: no lie '%s'; --lie takes one of:\n", optarg);
                fw_lie_list(f);
                return f == stdout ? 0 : 2;
            }
        } else if (opt == 'C' || opt == 'W') {
            unsigned long most = opt == 'C' ? FW_DUT_MODEL_MAX_CODE : ISA_KERNEL_MAX_WARPS;
            if (bounded(optarg, 1, most, opt == 'C' ? &max_code : &max_warps) != 0) {
                fprintf(stderr, "gpu-modelsim: --%s takes 1..%lu, not '%s'\n", opt == 'C' ? "max-code" : "max-warps",
                        most, optarg);
                return 2;
            }
        } else if (opt == 'r') {
            /* the smallest buffer whose max_payload a host accepts (WIRE_MIN_MAX_PAYLOAD) */
            if (bounded(optarg, WIRE_HEADER_SIZE + WIRE_MIN_MAX_PAYLOAD, rx_cap, &v) != 0) {
                fprintf(stderr, "gpu-modelsim: --rx-buffer takes %u..%zu bytes\n",
                        WIRE_HEADER_SIZE + WIRE_MIN_MAX_PAYLOAD, rx_cap);
                return 2;
            }
            rx_cap = v;
        } else if (opt == 'f') {
            if (fw_fault_spec_parse(optarg, UINT64_MAX, &fault) != 0) {
                fprintf(stderr, "gpu-modelsim: --fault takes KIND:AT[:PARAM], KIND 1..%d (fw/faults.h), "
                        "PARAM 0..255, not '%s'\n", FW_FAULT_COUNT - 1, optarg);
                return 2;
            }
            if (fault.kind >= FW_FAULT_FIRST_DATAPATH) {
                fprintf(stderr, "gpu-modelsim: --fault %u strikes in the stand-in core's floating-point units "
                        "(fw/faults.h); the model DUT has none: use the rtl board\n", fault.kind);
                return 2;
            }
        } else {
            FILE *f = opt == 'h' ? stdout : stderr;
            fprintf(f, "usage: gpu-modelsim --endpoint ipc://PATH|tcp://HOST:PORT [--fault KIND:AT[:PARAM]]\n"
                       "                    [--rx-buffer BYTES] [--mutate SPEC] [--lie NAME|list] [--lack V,...]\n"
                       "                    [--max-code N] [--max-warps N] [link options]\n"
                       "  --rx-buffer  the firmware core's receive buffer, as a small board has (tests)\n"
                       "  --mutate     a DUT that lies, for tests of the verdict (servers/common/dut_mutant.h)\n"
                       "  --lie        a link that lies on the wire, for the same tests (servers/common/lie_link.h)\n"
                       "  --lack V,... declare these opcode variants lacking, as a partial core does (tests of\n"
                       "               variant capabilities: declared only, gpuhost must never run them)\n"
                       "  --max-code   declare (and hold) only N code words, as a small core does (tests)\n"
                       "  --max-warps  declare (and launch) only N warps, as a small core does (tests)\n");
            fw_server_usage(f);
            return opt == 'h' ? 0 : 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "gpu-modelsim: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    if (fw_dut_model_init(&dut) != 0)
        return 1;
    dut.fault_kind = fault.kind, dut.fault_at = fault.at, dut.fault_param = fault.param;
    memcpy(dut.lacking, lacking, sizeof lacking);
    dut.max_code = (uint32_t)max_code, dut.max_warps = (uint32_t)max_warps;
    fw_link_zmq link;
    int open_rc = fw_server_open(&link, &link_cfg);
    if (open_rc != 0) {
        fw_dut_model_free(&dut);
        return open_rc;
    }
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state state;
    bool mutated = mutant.kind != FW_MUTANT_NONE;
    const fw_dut_ops *dut_ops = mutated ? fw_dut_mutant_ops(&mutant) : &fw_dut_model_ops;
    void *dut_ctx = mutated ? (void *)&mutant : (void *)&dut;
    liar.inner = &fw_link_zmq_ops, liar.inner_ctx = &link, liar.dut = dut_ops, liar.dut_ctx = dut_ctx;
    bool lying = liar.lie >= 0;
    fw_core core = {.link = lying ? &fw_lie_link_ops : &fw_link_zmq_ops,
                    .link_ctx = lying ? (void *)&liar : (void *)&link, .dut = dut_ops,
                    .dut_ctx = dut_ctx, .watchdog_cycles = 1000000,
                    .idle_timeout_ms = 200, .rx = rx, .tx = tx, .rx_cap = rx_cap, .tx_cap = sizeof tx,
                    .state_buf = &state};
    fw_server_ready(&link_cfg);
    int rc = fw_serve(&core);
    fw_link_zmq_close(&link);
    fw_dut_model_free(&dut);
    return rc == 0 ? 0 : 1;
}
