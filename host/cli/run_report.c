/* gpuhost run: what a run prints, the waveform re-run after a divergence,
 * and stopping the servers a run started when gpuhost is interrupted. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isa/isa.h"

static void on_signal(int sig)
{
    gh_stop_servers();
    signal(sig, SIG_DFL);
    raise(sig);
}

void gh_install_signal_handlers(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static void report_alone(const gh_board *b, const isa_kernel *k, const char *path, const gh_run_result *res,
                         bool quiet)
{
    if (!quiet)
        gh_say("board %s: %s: %" PRIu64 " instruction%s, %u warp%s, %.3f s (%.0f instructions/s)\n", b->name, path,
               res->instructions, res->instructions == 1 ? "" : "s", k->warps, k->warps == 1 ? "" : "s", res->seconds,
               res->seconds > 0 ? (double)res->instructions / res->seconds : 0.0);
    size_t checks = k->expect_reg_count + k->expect_mem_count;
    switch (res->verdict) {
    case GH_PASS:
        if (checks)
            gh_say("PASS: %zu expectation%s\n", checks, checks == 1 ? " holds" : "s hold");
        else
            gh_say("PASS: finished (the kernel has no .expect directives)\n");
        break;
    case GH_LIMIT:
        gh_say("LIMIT: stopped after %" PRIu64 " instructions (--max-insns) before the kernel finished\n",
               res->instructions);
        gh_say("%s", res->report); /* e.g. a trace or dump that could not be written */
        break;
    case GH_TRAPPED: gh_say("%s", res->report); break;
    default: gh_say("%s: %s", gh_verdict_name(res->verdict), res->report); break;
    }
    if (res->verdict == GH_PASS && res->report[0]) /* e.g. a dump that could not be written */
        gh_say("%s", res->report);
}

/* "emulated: 37 of 1204 instructions by the host, ...: IADD_C x37" (JUnit's
 * property `emulated` is the text after "emulated: "). */
static void report_emulated(const gh_run_result *res)
{
    if (!res->emulated)
        return;
    gh_say("emulated: %" PRIu64 " of %" PRIu64 " instructions were applied by the host from the model, not "
           "checked on the target (--emulate-unimplemented):", res->emulated, res->instructions);
    const isa_tables *tables = isa_tables_get();
    const char *sep = " ";
    for (uint32_t v = 0; v < GH_MAX_VARIANTS && v < tables->variant_count; v++)
        if (res->emulated_by_variant[v]) {
            gh_say("%s%s x%" PRIu64, sep, tables->variants[v].name, res->emulated_by_variant[v]);
            sep = ", ";
        }
    gh_say("\n");
}

void gh_report_run(const gh_board *b, gh_target *t, const isa_kernel *k, const char *path, const gh_run_opts *o,
                   const gh_run_result *res, bool quiet)
{
    if (!o->lockstep)
        return report_alone(b, k, path, res, quiet);
    if (!quiet) {
        gh_say("board %s (%s): %s: %" PRIu64 " instruction%s %s, %u warp%s, batch %u, %.3f s "
               "(%.0f instructions/s), %" PRIu64 " full-state check%s (%" PRIu64 " memory page%s read whole) in %.3f s",
               b->name, gh_target_caps(t)->name, path, res->instructions, res->instructions == 1 ? "" : "s",
               o->free_running ? "free-running" : "in lockstep", k->warps, k->warps == 1 ? "" : "s", o->batch,
               res->seconds,
               res->seconds > 0 ? (double)res->instructions / res->seconds : 0.0, res->state_checks,
               res->state_checks == 1 ? "" : "s", res->pages_read, res->pages_read == 1 ? "" : "s",
               res->state_check_seconds);
        if (!o->free_running && res->seconds > 0)
            gh_say("; host-side model %.3f s (%.1f%% of the run)", res->model_seconds,
                   100 * res->model_seconds / res->seconds);
        gh_say("\n");
    }
    char words[400];
    const char *stress = gh_target_stress(t, words, sizeof words);
    if (stress[0]) {
        gh_junit_property("stress", stress);
        if (!quiet)
            gh_say("board %s: stress %s: %s\n", b->name, stress, words);
    }
    size_t checks = k->expect_reg_count + k->expect_mem_count;
    switch (res->verdict) {
    case GH_PASS:
        gh_say("PASS: lockstep clean; %zu expectation%s on the target and the model", checks,
               checks == 1 ? " holds" : "s hold");
        if (res->emulated) /* a PASS only within the board's lacks (run.c) */
            gh_say("; %" PRIu64 " of %" PRIu64 " instructions emulated by the host, not checked on the target "
                   "(what %s lets board %s lack)", res->emulated, res->instructions, b->file, b->name);
        gh_say("\n");
        if (res->report[0])
            gh_say("%s", res->report);
        break;
    case GH_FINISHED:
        if (res->at_limit)
            gh_say("FREE RUN: stopped after %" PRIu64 " instructions (--max-insns) before the kernel ended; "
                   "nothing compared (no verdict on correctness: exit 10)\n", res->instructions);
        else
            gh_say("FREE RUN: finished, nothing compared (no verdict on correctness: exit 10)\n");
        break;
    case GH_LIMIT:
        gh_say("LIMIT: stopped after %" PRIu64 " instructions (--max-insns), lockstep clean so far\n",
               res->instructions);
        gh_say("%s", res->report); /* e.g. a trace or dump that could not be written */
        break;
    case GH_DIVERGED:
    case GH_TRAPPED: gh_say("%s", res->report); break;
    default: gh_say("%s: %s", gh_verdict_name(res->verdict), res->report); break;
    }
    report_emulated(res);
    if (stress[0] && res->verdict != GH_PASS && res->verdict != GH_FINISHED)
        gh_say("stress %s: the same setting reruns the same cycles (--stress %s; --wave FILE.fst records "
               "them)\n", stress, stress);
}

/* Runs the kernel again on a fresh gpu-rtlsim that records an FST of the
 * retires around `at` (runs are deterministic: it diverges the same way). */
void gh_record_waveform(const gh_board *b, const isa_kernel *k, const gh_target_opts *o, const gh_run_opts *ro,
                        uint64_t at)
{
    if (!o->wave) {
        if (b->transport == GH_TRANSPORT_ZMQ && b->waves)
            gh_say("waveform: rerun with --wave FILE.fst to record the cycles around it\n");
        return;
    }
    gh_target_opts wo = *o;
    wo.wave_at = at;
    uint64_t window = wo.wave_window ? wo.wave_window : 20;
    gh_target *t = NULL;
    char err[768];
    if (gh_target_open(b, &wo, &t, err, sizeof err) != 0) {
        gh_say("waveform: the re-run could not start: %s\n", err);
        return;
    }
    gh_run_opts lo = {.max_insns = at + window + 1, .batch = ro->batch, .window = ro->window,
                      .lockstep = true, .fault = NULL};
    gh_run_result *res = malloc(sizeof *res);
    if (res)
        gh_run(t, k, &lo, res);
    free(res);
    gh_target_close(&t);
    gh_say("waveform: %s (retires %" PRIu64 "..%" PRIu64 ")\n", o->wave, at > window ? at - window : 0,
           at + window);
}

void gh_warn_old_contract(const gh_target *t)
{
    const gh_caps *c = gh_target_caps(t);
    char text[400];
    if (!gh_caps_contract_text(c, text, sizeof text))
        fprintf(stderr, "gpuhost: warning: the target (%s) presents %s\n", c->name, text);
}
