/* libgpuhost: the model board's backend: the functional model in process,
 * behind the same table as every other board. Runs stream the model's own
 * commit records, so traces, dumps and expectations work as on a target. */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "fw/port.h"
#include "gm/model.h"
#include "isa/isa.h"

typedef struct {
    gm_model *model;
    uint64_t max, done; /* this run's limit and count */
    uint32_t batch, in_batch; /* records per batch; of the current batch, handed out */
    int ended;          /* 1 when the run has ended (reason in end_reason) */
    uint32_t end_reason;
} model_backend;

static model_backend *mb(gh_target *t)
{
    return t->backend;
}

static int load(gh_target *t, const isa_kernel *k)
{
    model_backend *b = mb(t);
    gm_destroy(&b->model);
    char err[256];
    b->model = gm_new(k, err, sizeof err);
    return b->model ? 0 : gh__fail(t, "the model cannot load the kernel: %s", err);
}

static int run_start(gh_target *t, uint64_t max, uint32_t batch, uint32_t window)
{
    (void)window; /* nothing is in flight in process */
    model_backend *b = mb(t);
    if (!b->model)
        return gh__fail(t, "RUN before a kernel was loaded");
    b->max = max, b->done = 0, b->batch = batch, b->in_batch = 0, b->ended = 0;
    return 0;
}

static int run_next(gh_target *t, wire_commit *recs, uint32_t cap, uint32_t *count, uint32_t *reason,
                    uint64_t *total)
{
    model_backend *b = mb(t);
    if (b->ended) {
        *reason = b->end_reason;
        *total = b->done;
        return 0;
    }
    uint32_t n = 0, left = b->batch - b->in_batch, limit = left < cap ? left : cap;
    while (n < limit) {
        if (b->done == b->max) {
            b->ended = 1, b->end_reason = WIRE_END_LIMIT;
            break;
        }
        int rc = gm_step(b->model, &recs[n]);
        if (rc == GM_STEP_DONE) {
            b->ended = 1, b->end_reason = WIRE_END_DONE;
            break;
        }
        recs[n].seq = b->done++;
        n++;
        if (rc == GM_STEP_TRAP) {
            b->ended = 1, b->end_reason = WIRE_END_TRAP;
            break;
        }
    }
    b->in_batch += n;
    bool ends = b->ended || b->in_batch == b->batch; /* an ended run's last batch ends with it */
    if (ends)
        b->in_batch = 0;
    if (n == 0)
        return run_next(t, recs, cap, count, reason, total);
    *count = n;
    return ends ? GH_RECORDS_END_BATCH : GH_RECORDS_MORE;
}

static int credit(gh_target *t, uint32_t batches)
{
    (void)t, (void)batches;
    return 0;
}

static int halt(gh_target *t)
{
    mb(t)->ended = 1, mb(t)->end_reason = WIRE_END_HALTED;
    return 0;
}

void gh__model_state(const gm_model *m, uint16_t warp, wire_state *s)
{
    memset(s, 0, sizeof *s);
    s->warp = warp;
    for (uint32_t l = 0; l < GM_LANES; l++) {
        s->pc[l] = gm_lane_pc(m, warp, l);
        uint32_t st = gm_lane_status(m, warp, l);
        s->exited |= (uint32_t)(st == 2) << l;
        s->waiting |= (uint32_t)(st == 1) << l;
        for (uint32_t r = 0; r < GM_GPRS; r++)
            s->gpr[r][l] = gm_gpr(m, warp, r, l);
    }
    for (uint32_t p = 0; p < GM_PREDS; p++)
        s->pred[p] = gm_pred_mask(m, warp, p);
    for (uint32_t u = 0; u < GM_URS; u++)
        s->ur[u] = gm_ur(m, warp, u);
    s->upred = gm_upred_mask(m, warp);
}

static int read_state(gh_target *t, uint16_t warp, wire_state *s)
{
    const gm_model *m = mb(t)->model;
    if (!m || warp >= gm_warp_count(m))
        return gh__fail(t, "no warp %u in the model", warp);
    gh__model_state(m, warp, s);
    return 0;
}

static int read_mem(gh_target *t, uint64_t addr, uint8_t *out, size_t len)
{
    const gm_model *m = mb(t)->model;
    if (!m || gm_read_memory(m, addr, out, len) != 0)
        return gh__fail(t, "memory 0x%llx..+%zu is outside the model's", (unsigned long long)addr, len);
    return 0;
}

static int write_reg(gh_target *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                     const uint32_t *values)
{
    gm_model *m = mb(t)->model;
    if (!m || gm_write_reg(m, warp, kind, index, lane_mask, values) != 0)
        return gh__fail(t, "the model cannot take register kind %u index %u of warp %u", kind, index, warp);
    return 0;
}

static int write_mem(gh_target *t, uint64_t addr, const uint32_t *words, uint32_t count)
{
    gm_model *m = mb(t)->model;
    if (!m || gm_write_memory(m, addr, words, 4 * (size_t)count) != 0)
        return gh__fail(t, "memory 0x%llx..+%u is outside the model's", (unsigned long long)addr, 4 * count);
    return 0;
}

static int mem_digest(gh_target *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs)
{
    uint8_t page[WIRE_PAGE_SIZE];
    for (uint32_t p = 0; p < pages; p++) {
        if (read_mem(t, addr + (uint64_t)p * WIRE_PAGE_SIZE, page, sizeof page) != 0)
            return -1;
        crcs[p] = gh__page_digest(nonce, page);
    }
    return 0;
}

static int written_pages(gh_target *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count)
{
    const gm_model *m = mb(t)->model;
    *count = m ? gm_written_pages(m, from, pages, max) : 0;
    return 0;
}

static int inject(gh_target *t, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    model_backend *b = mb(t);
    if (!b->model)
        return gh__fail(t, "INJECT before a kernel was loaded");
    isa_word w = {lo, hi};
    return gm_inject(b->model, warp, w, rec) == GM_STEP_DONE ? gh__fail(t, "warp %u has exited", warp) : 0;
}

static const char *trap_message(gh_target *t)
{
    return mb(t)->model ? gm_trap_message(mb(t)->model) : NULL;
}

static void close_model(gh_target *t)
{
    model_backend *b = mb(t);
    if (b)
        gm_destroy(&b->model);
    free(b);
    t->backend = NULL;
}

const gh_backend_ops gh_backend_model = {
    .kind = "model",
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
    .trap_message = trap_message,
    .close = close_model,
};

int gh__model_open(gh_target *t)
{
    model_backend *b = calloc(1, sizeof *b);
    if (!b)
        return gh__fail(t, "out of memory");
    t->ops = &gh_backend_model;
    t->backend = b;
    gh_caps *c = &t->caps;
    c->max_warps = ISA_KERNEL_MAX_WARPS;
    c->lanes = GM_LANES;
    c->max_payload = WIRE_MAX_PAYLOAD;
    const isa_tables *tab = isa_tables_get();
    for (uint32_t v = 0; v < tab->variant_count; v++) {
        int f = isa_field_index(&tab->variants[v], "optype");
        if (f >= 0) {
            uint32_t value = isa_variant_fields(&tab->variants[v])[f].value;
            c->optypes[value / 8] |= (uint8_t)(1u << (value % 8));
        }
    }
    snprintf(c->name, sizeof c->name, "functional model (in process)");
    c->contract = FW_PORT_CONTRACT_REVISION; /* it says all there is to say: it lacks nothing */
    return 0;
}
