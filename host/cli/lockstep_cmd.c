/* gpuhost run on a lockstep board: start (or reach) the target server, run
 * the kernel on it in lockstep with the model, report. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lib/lockstep.h"
#include "lib/server.h"
#include "lib/transport_usb.h"

static void on_signal(int sig)
{
    gh_server_stop_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Starts (or reaches) the board's server and says HELLO. On success the
 * caller owns *server (when *own_server) and *t. */
int gh_board_connect(const gh_board *board, const gh_run_lockstep_opts *o, gh_server *server,
                     bool *own_server, gh_target *t)
{
    return gh_board_connect_args(board, o, NULL, server, own_server, t);
}

int gh_board_connect_args(const gh_board *board, const gh_run_lockstep_opts *o, char *const more[],
                          gh_server *server, bool *own_server, gh_target *t)
{
    const gh_transport_ops *ops;
    void *ctx;
    char err[512];
    *own_server = false;
    if (board->transport == GH_TRANSPORT_USB) {
        gh_usb_params p = gh_usb_reference(o->serial, o->timeout_ms);
        p.vid = board->usb.vid, p.pid = board->usb.pid, p.interface = board->usb.interface;
        p.ep_out = board->usb.ep_out, p.ep_in = board->usb.ep_in, p.max_packet = board->usb.max_packet;
        if (gh_usb_open(&p, &ops, &ctx, err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost: %s\n", err);
            return GH_EXIT_TARGET;
        }
        gh_target_init(t, ops, ctx, o->timeout_ms);
        t->alive = gh_usb_alive;
        t->alive_ctx = ctx;
        if (gh_target_hello(t) != 0) {
            fprintf(stderr, "gpuhost: board %s: %s\n", board->name, t->error);
            gh_target_close(t);
            return GH_EXIT_TARGET;
        }
        return GH_EXIT_OK;
    }
    const char *endpoint = o->endpoint;
    *own_server = endpoint == NULL;
    if (*own_server) {
        const char *program = o->server ? o->server : gh_board_server_path(board);
        if (access(program, X_OK) != 0) {
            fprintf(stderr, "gpuhost: the %s server %s is not built or not executable\n", board->name,
                    program);
            return GH_EXIT_TARGET;
        }
        char *extra[16] = {NULL};
        int n = 0;
        if (o->fault) {
            extra[n++] = "--fault";
            extra[n++] = (char *)o->fault;
        }
        for (int i = 0; more && more[i] && n < 15; i++)
            extra[n++] = more[i];
        struct sigaction sa = {.sa_handler = on_signal};
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
        if (gh_server_start(server, program, extra, err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost: %s\n", err);
            return GH_EXIT_TARGET;
        }
        endpoint = server->endpoint;
    }
    if (gh_zmq_connect(endpoint, &ops, &ctx, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost: %s\n", err);
        gh_board_disconnect(server, *own_server, NULL, GH_EXIT_TARGET);
        return GH_EXIT_TARGET;
    }
    gh_target_init(t, ops, ctx, o->timeout_ms);
    if (*own_server) {
        t->alive = gh_server_alive;
        t->alive_ctx = server;
    }
    if (gh_target_hello(t) != 0) {
        fprintf(stderr, "gpuhost: %s: %s\n", endpoint, t->error);
        gh_board_disconnect(server, *own_server, t, GH_EXIT_TARGET);
        return GH_EXIT_TARGET;
    }
    return GH_EXIT_OK;
}

void gh_board_disconnect(gh_server *server, bool own_server, gh_target *t, int status)
{
    if (t)
        gh_target_close(t);
    if (own_server) {
        char why[256];
        if (!gh_server_alive(server, why, sizeof why) && status == GH_EXIT_TARGET)
            fprintf(stderr, "gpuhost: %s\n", why);
        gh_server_stop(server);
    }
}

/* Runs the kernel again on a fresh server that records an FST of the retires
 * around `at` (runs are deterministic, so the re-run diverges the same way). */
static void record_waveform(const gh_board *board, const isa_kernel *k, const gh_run_lockstep_opts *o,
                            uint64_t at)
{
    if (!o->wave) {
        if (board->transport == GH_TRANSPORT_ZMQ && strcmp(board->server, "gpu-rtlsim") == 0)
            gh_say("waveform: rerun with --wave FILE.fst to record the cycles around it\n");
        return;
    }
    if (board->transport != GH_TRANSPORT_ZMQ || strcmp(board->server, "gpu-rtlsim") != 0 || o->endpoint) {
        gh_say("waveform: not available (only a gpu-rtlsim that gpuhost starts records one)\n");
        return;
    }
    uint64_t window = o->wave_window ? o->wave_window : 20;
    char at_text[32], window_text[32];
    snprintf(at_text, sizeof at_text, "%" PRIu64, at);
    snprintf(window_text, sizeof window_text, "%" PRIu64, window);
    char *more[] = {"--wave", (char *)o->wave, "--wave-window", window_text, "--wave-at", at_text, NULL};
    gh_server server;
    gh_target t;
    bool own;
    if (gh_board_connect_args(board, o, more, &server, &own, &t) != GH_EXIT_OK) {
        gh_say("waveform: the re-run could not start\n");
        return;
    }
    gh_lockstep_opts lo = {.max_insns = at + window + 1, .batch = o->batch, .window = o->window};
    gh_lockstep_result *res = malloc(sizeof *res);
    if (res)
        gh_lockstep_run(&t, k, &lo, res);
    free(res);
    gh_board_disconnect(&server, own, &t, GH_EXIT_OK);
    gh_say("waveform: %s (retires %" PRIu64 "..%" PRIu64 ")\n", o->wave, at > window ? at - window : 0,
           at + window);
}

int gh_run_lockstep(const gh_board *board, const isa_kernel *k, const char *path, const gh_run_lockstep_opts *o)
{
    gh_server server;
    gh_target t;
    bool own_server;
    int status = gh_board_connect(board, o, &server, &own_server, &t);
    if (status != GH_EXIT_OK)
        return status;
    status = GH_EXIT_TARGET;
    gh_lockstep_opts lo = {.max_insns = o->max_insns, .batch = o->batch, .window = o->window,
                           .check_every = o->check_every, .waveform = NULL,
                           .free_running = o->free_running, .progress = gh_progress};
    if (lo.check_every)
        lo.window = 1; /* state is compared while the target waits for credit */
    gh_lockstep_result *res = malloc(sizeof *res);
    gh_lockstep_run(&t, k, &lo, res);
    if (!o->quiet)
        gh_say("board %s (%s): %s: %" PRIu64 " instructions in lockstep, %u warps, batch %u, %.3f s "
               "(%.0f instructions/s), %" PRIu64 " full-state check%s\n",
               board->name, t.caps.name, path, res->instructions, k->warps, lo.batch, res->seconds,
               res->seconds > 0 ? (double)res->instructions / res->seconds : 0.0, res->state_checks,
               res->state_checks == 1 ? "" : "s");
    switch (res->verdict) {
    case GH_PASS:
        if (o->free_running) {
            gh_say("FREE RUN: finished without comparison (no verdict on correctness)\n");
            status = GH_EXIT_OK;
            break;
        }
        gh_say("PASS: lockstep clean; %zu expectation%s hold\n", k->expect_reg_count + k->expect_mem_count,
               k->expect_reg_count + k->expect_mem_count == 1 ? "" : "s");
        status = GH_EXIT_OK;
        break;
    case GH_FAIL: gh_say("FAIL: %s", res->report); status = GH_EXIT_FAIL; break;
    case GH_DIVERGED:
        gh_say("%s", res->report);
        record_waveform(board, k, o, res->divergence_at);
        status = GH_EXIT_DIVERGED;
        break;
    case GH_TRAPPED: gh_say("%s", res->report); status = GH_EXIT_TRAP; break;
    case GH_LIMIT:
        gh_say("LIMIT: stopped after %" PRIu64 " instructions (--max-insns), lockstep clean so far\n",
               res->instructions);
        status = GH_EXIT_LIMIT;
        break;
    case GH_UNSUPPORTED: gh_say("UNSUPPORTED: %s", res->report); status = GH_EXIT_UNSUPPORTED; break;
    default: gh_say("TARGET ERROR: %s", res->report); status = GH_EXIT_TARGET; break;
    }
    free(res);
    gh_board_disconnect(&server, own_server, &t, status);
    return status;
}
