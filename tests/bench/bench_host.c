/* Benchmark: the host's own work per commit record in lockstep, without a
 * target or a transport (issue 42): a recorded stream of a kernel's records,
 * as a target sends them (wire_commit_encode), checked as lockstep checks
 * each one: decode (wire_commit_decode), the wire's record check
 * (wire_commit_check), the model's step (gm_step) and the comparison
 * (gh__compare_records, which checks the record's shape, gh__record_shape,
 * only when the records differ: one equal to the model's has its shape).
 * Prints checked
 * records per second of CPU time, and each stage alone (the same loop
 * doing only that stage, and the stages before it where it needs their
 * output), so that the costly stage shows. Asserts nothing about speed; a
 * stream that does not check clean fails it.
 *
 * Usage: bench_host KERNEL.s [RECORDS [SECONDS]]
 *   (RECORDS, default 200000: the stream's length, the kernel rerun as it
 *   ends; SECONDS, default 1: how long each figure is measured, in three tries) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "gm/model.h"
#include "isa/asmfile.h"
#include "wire/protocol.h"

typedef struct {
    uint8_t *bytes;
    size_t len, cap;
    size_t *offset; /* where each record starts */
    size_t count;
} stream;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The kernel's records, `want` of them (the kernel rerun from its start as it ends). */
static int record(const isa_kernel *k, size_t want, stream *s)
{
    static wire_commit rec;
    char err[256];
    s->cap = want * 256, s->bytes = malloc(s->cap), s->offset = malloc(want * sizeof *s->offset);
    gm_model *m = gm_new(k, err, sizeof err);
    while (m && s->bytes && s->offset && s->count < want) {
        int rc = gm_step(m, &rec);
        if (rc == GM_STEP_DONE) {
            gm_destroy(&m);
            m = gm_new(k, err, sizeof err);
            continue;
        }
        if (rc != GM_STEP_OK) {
            fprintf(stderr, "bench_host: the kernel traps: %s\n", gm_trap_message(m));
            break;
        }
        size_t used;
        while (!(used = wire_commit_encode(&rec, s->bytes + s->len, s->cap - s->len))) {
            uint8_t *more = realloc(s->bytes, 2 * s->cap);
            if (!more)
                goto out;
            s->bytes = more, s->cap *= 2;
        }
        s->offset[s->count++] = s->len;
        s->len += used;
    }
out:
    gm_destroy(&m);
    return s->count == want ? 0 : -1;
}

enum stage { DECODE, CHECK, STEP, COMPARE, STAGES };
static const char *const stage_names[STAGES] = {"decode", "record check", "model step", "compare"};

/* Records per CPU second of the stages up to `last` (all of them: lockstep's
 * work), over the stream as often as `seconds` allows; -1 when a record does
 * not check clean. */
static double rate(const isa_kernel *k, const stream *s, enum stage last, double seconds)
{
    static wire_commit target, mine;
    static char text_buf[1 << 16];
    gh_text text = {.buf = text_buf, .cap = sizeof text_buf};
    gh_caps caps = {0};
    gh_tolerated tolerated = {.caps = &caps};
    char err[256];
    uint64_t checked = 0, faults = 0;
    double start = cpu_now(), elapsed = 0;
    while (elapsed < seconds && !faults) {
        gm_model *m = last >= STEP ? gm_new(k, err, sizeof err) : NULL;
        for (size_t i = 0; i < s->count && !faults; i++) {
            size_t end = i + 1 < s->count ? s->offset[i + 1] : s->len;
            faults += !wire_commit_decode(s->bytes + s->offset[i], end - s->offset[i], &target);
            if (last >= CHECK)
                faults += wire_commit_check(&target) != NULL;
            if (last >= STEP) {
                int rc = gm_step(m, &mine);
                if (rc == GM_STEP_DONE) { /* the stream reruns the kernel here */
                    gm_destroy(&m);
                    m = gm_new(k, err, sizeof err);
                    rc = gm_step(m, &mine);
                }
                faults += rc != GM_STEP_OK;
            }
            if (last >= COMPARE) {
                mine.seq = target.seq;
                faults += gh__compare_records(&text, &mine, &target, &tolerated);
            }
            text.len = 0;
            checked++;
        }
        gm_destroy(&m);
        elapsed = cpu_now() - start;
    }
    return faults ? -1 : (double)checked / elapsed;
}

/* The best of three measurements of a third of the time each: a shared
 * machine only ever slows one. */
static double best_rate(const isa_kernel *k, const stream *s, enum stage last, double seconds)
{
    double best = 0;
    for (int i = 0; i < 3; i++) {
        double r = rate(k, s, last, seconds / 3);
        if (r < 0)
            return r;
        best = r > best ? r : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_host KERNEL.s [RECORDS [SECONDS]]\n");
        return 2;
    }
    size_t records = argc > 2 ? strtoull(argv[2], NULL, 0) : 200000;
    double seconds = argc > 3 ? atof(argv[3]) : 1.0;
    isa_kernel *k = NULL;
    stream s = {0};
    if (isa_assemble_file(argv[1], &k, stderr) != 0 || record(k, records, &s) != 0) {
        fprintf(stderr, "bench_host: no stream of %zu records from %s\n", records, argv[1]);
        return 1;
    }
    printf("host-side lockstep work on a recorded stream of %zu records (%.1f bytes each on the wire), "
           "records per second of CPU time (the best of 3):\n", s.count, (double)s.len / (double)s.count);
    double all = 0, before = 0;
    int failed = 0;
    for (enum stage st = DECODE; st < STAGES; st++) {
        double r = best_rate(k, &s, st, seconds);
        if (r < 0) {
            printf("  up to %-13s failed: a record does not check clean\n", stage_names[st]);
            failed = 1;
            break;
        }
        /* this stage's own cost per record: the stages up to it less those before it */
        double own = 1.0 / r - before;
        printf("  up to %-13s %12.0f records/s  (%s: %.1f ns a record)\n", stage_names[st], r, stage_names[st],
               own * 1e9);
        before = 1.0 / r;
        all = r;
    }
    if (!failed)
        printf("host-side checked records: %.0f/s\n", all);
    isa_kernel_destroy(&k);
    free(s.bytes);
    free(s.offset);
    return failed;
}
