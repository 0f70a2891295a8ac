/* The board side written once (fw/port_board.h) over a fake board: the
 * memory answer at the map's edges (isa/memory_map.h), the host's loads and
 * READ_MEM, WRITE_REG's read-modify-writes of predicate masks, STATE's walk,
 * and the capability words into CAPS (a silent backdoor, a 0-ulp bound). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fw/port_board.h"
#include "sparse_memory.h"

/* One warp's backdoor, and the capability words. */
typedef struct {
    gm_memory mem, cmem;
    uint32_t gpr[255][32], pred[7], ur[63], upred, pc_lo[32], pc_hi[32], status[32];
    uint32_t cap[256];
    int silent; /* every access fails */
    unsigned reads, writes, row_reads;
} fake;

static uint32_t *reg(fake *f, uint32_t space, uint32_t index, uint32_t lane)
{
    switch (space) {
    case FW_BD_GPR: return &f->gpr[index][lane];
    case FW_BD_PRED: return &f->pred[index];
    case FW_BD_UR: return &f->ur[index];
    case FW_BD_UPRED: return &f->upred;
    case FW_BD_PC_LO: return &f->pc_lo[lane];
    case FW_BD_PC_HI: return &f->pc_hi[lane];
    case FW_BD_STATUS: return &f->status[lane];
    case FW_BD_CAP: return &f->cap[index];
    }
    return NULL;
}

static int fake_read(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v)
{
    fake *f = ctx;
    uint32_t *r = reg(f, space, index, lane);
    if (f->silent || warp != 0 || !r)
        return -1;
    f->reads++;
    *v = *r;
    return 0;
}

static int fake_write(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    fake *f = ctx;
    uint32_t *r = reg(f, space, index, lane);
    if (f->silent || warp != 0 || !r || space == FW_BD_CAP)
        return -1;
    f->writes++;
    *r = v;
    return 0;
}

/* bd_read_lanes: a row in one call, for GPRs only (the core asks for nothing else) */
static int fake_read_lanes(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t *out)
{
    fake *f = ctx;
    if (f->silent || warp != 0 || space != FW_BD_GPR)
        return -1;
    f->row_reads++;
    memcpy(out, f->gpr[index], sizeof f->gpr[index]);
    return 0;
}

static uint8_t *fake_page(void *ctx, uint32_t space, uint32_t bank, uint64_t addr, int create)
{
    fake *f = ctx;
    gm_memory *m = space == FW_MEM_CONST ? &f->cmem : &f->mem;
    if (space == FW_MEM_CONST)
        addr += (uint64_t)bank * ISA_CONST_BANK_BYTES;
    return create ? gm_memory_page_for_write(m, addr) : (uint8_t *)(uintptr_t)gm_memory_page(m, addr);
}

static const fw_port_board board = {.bd_read = fake_read, .bd_write = fake_write, .page = fake_page};
static const fw_port_board board_rows = {
    .bd_read = fake_read, .bd_write = fake_write, .bd_read_lanes = fake_read_lanes, .page = fake_page};
static fake f;
static wire_state st;

static int setup(void **state)
{
    (void)state;
    memset(&f, 0, sizeof f);
    gm_memory_init(&f.mem);
    gm_memory_init(&f.cmem);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    gm_memory_free(&f.mem);
    gm_memory_free(&f.cmem);
    return 0;
}

static int request(uint32_t space, uint32_t bank, uint64_t addr, int we, uint32_t *word)
{
    return fw_port_mem_request(&board, &f, space, bank, addr, we, word);
}

static void memory_map_edges(void **state)
{
    (void)state;
    uint32_t w = 0x11223344;
    assert_int_equal(request(FW_MEM_GLOBAL, 0, ISA_GLOBAL_LIMIT - 4, 1, &w), 0);
    w = 0;
    assert_int_equal(request(FW_MEM_GLOBAL, 0, ISA_GLOBAL_LIMIT - 4, 0, &w), 0);
    assert_int_equal(w, 0x11223344);
    w = 7;
    assert_int_equal(request(FW_MEM_GLOBAL, 0, ISA_GLOBAL_LIMIT, 1, &w), -1);
    assert_int_equal(request(FW_MEM_GLOBAL, 0, ISA_GLOBAL_LIMIT, 0, &w), -1);
    assert_int_equal(w, 0); /* a refused load reads 0 */
    assert_int_equal(request(FW_MEM_GLOBAL, 0, 0x1002, 0, &w), -1); /* misaligned */
    w = 9;
    assert_int_equal(request(FW_MEM_GLOBAL, 0, 0x5000, 0, &w), 0); /* never written */
    assert_int_equal(w, 0);

    /* the constant banks: read only, 32 of them, 64 KiB each */
    assert_int_equal(fw_port_load_const(&board, &f, ISA_CONST_BANKS - 1, ISA_CONST_BANK_BYTES - 4, 0xc0ffee), 0);
    assert_int_equal(request(FW_MEM_CONST, ISA_CONST_BANKS - 1, ISA_CONST_BANK_BYTES - 4, 0, &w), 0);
    assert_int_equal(w, 0xc0ffee);
    assert_int_equal(request(FW_MEM_CONST, 0, ISA_CONST_BANK_BYTES - 4, 0, &w), 0); /* another bank's word */
    assert_int_equal(w, 0);
    assert_int_equal(request(FW_MEM_CONST, ISA_CONST_BANKS, 0, 0, &w), -1);
    assert_int_equal(request(FW_MEM_CONST, 0, ISA_CONST_BANK_BYTES, 0, &w), -1);
    w = 1;
    assert_int_equal(request(FW_MEM_CONST, 0, 0, 1, &w), -1);
    assert_int_equal(fw_port_load_const(&board, &f, ISA_CONST_BANKS, 0, 1), -1);
    assert_int_equal(fw_port_load_const(&board, &f, 0, 2, 1), -1);
    assert_int_equal(fw_port_load_const(&board, &f, 0, ISA_CONST_BANK_BYTES, 1), -1);
}

static void host_loads_and_reads(void **state)
{
    (void)state;
    /* LOAD_MEM at any alignment, across a page */
    assert_int_equal(fw_port_load_mem(&board, &f, 0x1ffe, 0xaabbccdd), 0);
    uint8_t b[6];
    assert_int_equal(fw_port_read_mem(&board, &f, 0x1ffd, b, sizeof b), 0);
    const uint8_t want[6] = {0, 0xdd, 0xcc, 0xbb, 0xaa, 0};
    assert_memory_equal(b, want, sizeof want);
    assert_int_equal(fw_port_load_mem(&board, &f, ISA_GLOBAL_LIMIT - 3, 1), -1);
    assert_int_equal(fw_port_read_mem(&board, &f, ISA_GLOBAL_LIMIT - 4, b, 4), 0);
    assert_int_equal(fw_port_read_mem(&board, &f, ISA_GLOBAL_LIMIT - 4, b, 5), -1);
    assert_int_equal(fw_port_read_mem(&board, &f, ISA_GLOBAL_LIMIT, b, 0), -1);
}

static void write_reg_walks(void **state)
{
    (void)state;
    uint32_t values[32], exited = 0;
    for (unsigned l = 0; l < 32; l++)
        values[l] = l & 1;
    f.pred[3] = 0xffff0000u;
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_PRED, 3, 0x0000ffffu, values, &exited), 0);
    assert_int_equal(f.pred[3], 0xffffaaaau); /* the lanes outside the mask kept */
    values[0] = 1;
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_UPRED, 6, 0, values, &exited), 0);
    assert_int_equal(f.upred, 1u << 6);
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_GPR, 254, 0x80000001u, values, &exited), 0);
    assert_int_equal(f.gpr[254][0], 1);
    assert_int_equal(f.gpr[254][31], 1);
    assert_int_equal(f.gpr[254][1], 0);
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_GPR, 255, 1, values, &exited), -1);  /* RZ */
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_PRED, 7, 1, values, &exited), -1);  /* PT */
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_UR, 63, 1, values, &exited), -1);   /* URZ */
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_UPRED, 7, 1, values, &exited), -1); /* UPT */
    for (unsigned l = 0; l < 32; l++)
        values[l] = FW_LANE_EXITED;
    assert_int_equal(fw_port_write_reg(&board, &f, 0, WIRE_REG_LANE_STATUS, 0, 0x3u, values, &exited), 0);
    assert_int_equal(exited, 0x3u);
    assert_int_equal(f.status[1], FW_LANE_EXITED);
}

static void state_walk(void **state)
{
    (void)state;
    for (unsigned l = 0; l < 32; l++) {
        f.pc_lo[l] = 0x10 * l, f.pc_hi[l] = 1;
        f.status[l] = l == 2 ? FW_LANE_EXITED : l == 3 ? FW_LANE_WAITING : FW_LANE_READY;
        f.gpr[7][l] = 0x700 + l;
    }
    f.pred[6] = 0x5a5a5a5au;
    f.ur[62] = 62;
    f.upred = 0xffu; /* bit 7 (UPT) is no register */
    assert_int_equal(fw_port_read_state(&board, &f, 0, &st), 0);
    assert_int_equal(st.pc[5], UINT64_C(0x100000050));
    assert_int_equal(st.exited, 1u << 2);
    assert_int_equal(st.waiting, 1u << 3);
    assert_int_equal(st.gpr[7][31], 0x71f);
    assert_int_equal(st.pred[6], 0x5a5a5a5au);
    assert_int_equal(st.ur[62], 62);
    assert_int_equal(st.upred, 0x7f);
    assert_int_equal(f.reads, 3 * 32 + 255 * 32 + 7 + 63 + 1);
    assert_int_equal(fw_port_read_state(&board, &f, 1, &st), -1); /* the fake has one warp */
    /* a board that reads rows: the same state, a call per GPR, the rest word by word */
    wire_state by_rows;
    assert_int_equal(fw_port_read_state(&board, &f, 0, &st), 0);
    f.reads = 0;
    assert_int_equal(fw_port_read_state(&board_rows, &f, 0, &by_rows), 0);
    assert_memory_equal(&by_rows, &st, sizeof st);
    assert_int_equal(f.row_reads, 255);
    assert_int_equal(f.reads, 3 * 32 + 7 + 63 + 1);
    f.silent = 1;
    assert_int_equal(fw_port_read_state(&board_rows, &f, 0, &by_rows), -1);
}

static void caps_words(void **state)
{
    (void)state;
    wire_caps c;
    fw_port_core_caps core;
    f.cap[FW_CAP_WARPS] = 4, f.cap[FW_CAP_LANES] = 32, f.cap[FW_CAP_FEATURES] = 3;
    f.cap[FW_CAP_OPTYPES] = 0x04030201u;
    f.cap[FW_CAP_TOLERANCES] = 0x02ff0011u;
    f.cap[FW_CAP_VARIANTS] = 200;
    f.cap[FW_CAP_LACKING + 7] = 0x80000000u;
    memset(&c, 0xee, sizeof c);
    assert_int_equal(fw_port_read_caps(&board, &f, &c, &core), 0);
    assert_int_equal(core.warps, 4);
    assert_int_equal(core.features, 3);
    assert_int_equal(c.lanes, 32);
    assert_int_equal(c.optypes[0], 1);
    assert_int_equal(c.optypes[3], 4);
    assert_int_equal(c.optypes[4], 0);
    assert_int_equal(c.tolerance_count, 1);
    assert_int_equal(c.tolerance[0].optype, 0x11);
    assert_int_equal(c.tolerance[0].format, 0xff);
    assert_int_equal(c.tolerance[0].ulp, 2);
    assert_int_equal(c.variant_count, 200);
    assert_int_equal(c.lacking[31], 0x80);
    assert_int_equal(c.lacking[0], 0);

    f.cap[FW_CAP_TOLERANCES + 1] = 0x00ff0012u; /* a bound of 0 ulps */
    assert_int_equal(fw_port_read_caps(&board, &f, &c, &core), FW_PORT_CAPS_ZERO_ULP);
    f.silent = 1;
    assert_int_equal(fw_port_read_caps(&board, &f, &c, &core), FW_PORT_CAPS_SILENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(memory_map_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(host_loads_and_reads, setup, teardown),
        cmocka_unit_test_setup_teardown(write_reg_walks, setup, teardown),
        cmocka_unit_test_setup_teardown(state_walk, setup, teardown),
        cmocka_unit_test_setup_teardown(caps_words, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
