/* gpu-modelsim: the firmware core on a simulated board whose link is a
 * ZeroMQ socket and whose DUT is the functional model. It is gpu-rtlsim with
 * the model in place of the Verilated core: lockstep, fault-detection and
 * protocol tests run against it where no RTL is needed.
 *   gpu-modelsim --endpoint ipc:///tmp/x [--fault KIND:AT[:PARAM]] */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_model.h"
#include "link_zmq.h"

int main(int argc, char **argv)
{
    static const struct option options[] = {{"endpoint", required_argument, NULL, 'e'},
                                            {"fault", required_argument, NULL, 'f'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    const char *endpoint = NULL;
    fw_dut_model dut;
    if (fw_dut_model_init(&dut) != 0)
        return 1;
    int opt;
    while ((opt = getopt_long(argc, argv, "e:f:h", options, NULL)) != -1) {
        if (opt == 'e') {
            endpoint = optarg;
        } else if (opt == 'f') {
            unsigned kind = 0, param = 0;
            unsigned long long at = 0;
            if (sscanf(optarg, "%u:%llu:%u", &kind, &at, &param) < 2 || kind >= FW_FAULT_COUNT) {
                fprintf(stderr, "gpu-modelsim: --fault takes KIND:AT[:PARAM], KIND 1..%d (fw/faults.h)\n", FW_FAULT_COUNT - 1);
                return 2;
            }
            dut.fault_kind = kind, dut.fault_at = at, dut.fault_param = param;
        } else {
            fprintf(opt == 'h' ? stdout : stderr,
                    "usage: gpu-modelsim --endpoint ipc://PATH|tcp://HOST:PORT [--fault KIND:AT[:PARAM]]\n");
            return opt == 'h' ? 0 : 2;
        }
    }
    if (!endpoint) {
        fprintf(stderr, "gpu-modelsim: --endpoint is required\n");
        return 2;
    }
    fw_link_zmq link;
    char err[256];
    if (fw_link_zmq_open(&link, endpoint, err, sizeof err) != 0) {
        fprintf(stderr, "gpu-modelsim: %s\n", err);
        return 1;
    }
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state state;
    fw_core core = {.link = &fw_link_zmq_ops, .link_ctx = &link, .dut = &fw_dut_model_ops,
                    .dut_ctx = &dut, .watchdog_cycles = 1000000, .idle_timeout_ms = 200,
                    .rx = rx, .tx = tx, .rx_cap = sizeof rx, .tx_cap = sizeof tx,
                    .state_buf = &state};
    int rc = fw_serve(&core);
    fw_link_zmq_close(&link);
    fw_dut_model_free(&dut);
    return rc == 0 ? 0 : 1;
}
