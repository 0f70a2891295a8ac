/* Model: the extension's control flow, special registers and memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "sparse_memory.h" /* GM_PAGE_SIZE */

static void special_registers(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        "S2R R0, SR_LANEID ;\n S2R R1, SR_TID_X ;\n S2R R2, SR_NWARPS ;\n"
        "S2R R3, SR_LANEMASK_LT ;\n S2UR UR4, SR_NTID_X ;\n EXIT ;\n"
        ".expect R0 0x0 0x1 0x2 0x3 0x4 0x5 0x6 0x7 0x8 0x9 0xa 0xb 0xc 0xd 0xe 0xf 0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1a 0x1b 0x1c 0x1d 0x1e 0x1f\n.expect R1 0x0 0x1 0x2 0x3 0x4 0x5 0x6 0x7 0x8 0x9 0xa 0xb 0xc 0xd 0xe 0xf 0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1a 0x1b 0x1c 0x1d 0x1e 0x1f\n.expect R2 1\n"
        ".expect R3 0x0 0x1 0x3 0x7 0xf 0x1f 0x3f 0x7f 0xff 0x1ff 0x3ff 0x7ff 0xfff 0x1fff 0x3fff 0x7fff 0xffff 0x1ffff 0x3ffff 0x7ffff 0xfffff 0x1fffff 0x3fffff 0x7fffff 0xffffff 0x1ffffff 0x3ffffff 0x7ffffff 0xfffffff 0x1fffffff 0x3fffffff 0x7fffffff\n.expect UR4 32\n");
    th_free(&r);
}

static void warp_ids(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(".warps 3\n S2R R0, SR_WARPID ;\n S2R R1, SR_TID_X ;\n EXIT ;\n");
    for (uint32_t w = 0; w < 3; w++)
        for (uint32_t l = 0; l < 32; l++) {
            assert_int_equal(gm_gpr(r.model, w, 0, l), w);
            assert_int_equal(gm_gpr(r.model, w, 1, l), 32 * w + l);
        }
    th_free(&r);
}

static void store_then_load(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init R2 0x1000 0x1004 0x1008 0x100c 0x1010 0x1014 0x1018 0x101c 0x1020 0x1024 0x1028 0x102c 0x1030 0x1034 0x1038 0x103c 0x1040 0x1044 0x1048 0x104c 0x1050 0x1054 0x1058 0x105c 0x1060 0x1064 0x1068 0x106c 0x1070 0x1074 0x1078 0x107c\n.init R3 0\n.init R4 0xabc00 0xabc01 0xabc02 0xabc03 0xabc04 0xabc05 0xabc06 0xabc07 0xabc08 0xabc09 0xabc0a 0xabc0b 0xabc0c 0xabc0d 0xabc0e 0xabc0f 0xabc10 0xabc11 0xabc12 0xabc13 0xabc14 0xabc15 0xabc16 0xabc17 0xabc18 0xabc19 0xabc1a 0xabc1b 0xabc1c 0xabc1d 0xabc1e 0xabc1f\n"
        "STG [R[2:3]], R4 ;\n LDG R5, [R[2:3]+0x0] ;\n LDG.64 R[6:7], [RZ+0x1000] ;\n EXIT ;\n"
        ".expect R5 0xabc00 0xabc01 0xabc02 0xabc03 0xabc04 0xabc05 0xabc06 0xabc07 0xabc08 0xabc09 0xabc0a 0xabc0b 0xabc0c 0xabc0d 0xabc0e 0xabc0f 0xabc10 0xabc11 0xabc12 0xabc13 0xabc14 0xabc15 0xabc16 0xabc17 0xabc18 0xabc19 0xabc1a 0xabc1b 0xabc1c 0xabc1d 0xabc1e 0xabc1f\n.expect R6 0xabc00\n.expect R7 0xabc01\n.expect_mem 0x1000 0xabc00 0xabc01 0xabc02 0xabc03 0xabc04 0xabc05 0xabc06 0xabc07 0xabc08 0xabc09 0xabc0a 0xabc0b 0xabc0c 0xabc0d 0xabc0e 0xabc0f 0xabc10 0xabc11 0xabc12 0xabc13 0xabc14 0xabc15 0xabc16 0xabc17 0xabc18 0xabc19 0xabc1a 0xabc1b 0xabc1c 0xabc1d 0xabc1e 0xabc1f\n");
    th_free(&r);
}

/* Global accesses whose addresses R[2:3] + offset carry from bit 31 into
 * bit 32 in some lanes and not in others. Each executing lane (P0) loads the
 * word placed at its address into R6, stores R4 there and loads it back into
 * R5. The STG's record holds every executing lane's 64-bit address and word,
 * the pages written are those addresses' only, and an address at or above
 * 2^48 traps at the lowest executing lane that has one (LDG and STG alike,
 * nothing written). A warp's one-page path computes the addresses in 32-bit
 * halves, passing the carry by hand: a lost carry puts a lane 4 GiB lower,
 * in the page of the lanes that did not carry. */
typedef struct {
    uint32_t hi;           /* R3, every lane */
    uint32_t lo[TH_LANES]; /* R2 */
    int32_t offset;
    uint32_t exec; /* P0 */
} carry_case;

static uint32_t carry_placed(unsigned l) { return 0x91ace000u + l; }
static uint32_t carry_stored(unsigned l) { return 0x5eed0000u + l; }

/* The kernel from its LDG R6 (load_first) or from its STG, run step by step. */
static void carry_kernel(const carry_case *c, bool load_first)
{
    uint64_t addr[TH_LANES];
    uint32_t stored[TH_LANES], fault = TH_LANES; /* the lowest executing lane at or above 2^48 */
    for (unsigned l = 0; l < TH_LANES; l++) {
        addr[l] = ((uint64_t)c->hi << 32 | c->lo[l]) + (uint64_t)(int64_t)c->offset;
        stored[l] = carry_stored(l);
        if ((c->exec >> l & 1u) && addr[l] >= GM_GLOBAL_LIMIT && fault == TH_LANES)
            fault = l;
    }
    char off[16];
    snprintf(off, sizeof off, "%c0x%x", c->offset < 0 ? '-' : '+',
             c->offset < 0 ? 0u - (uint32_t)c->offset : (uint32_t)c->offset);
    th_src s = {0};
    th_add_lanes(&s, ".init R2", c->lo);
    th_add(&s, ".init R3 0x%x\n.init R5 0xdeadbeef\n.init R6 0xdeadbeef\n", c->hi);
    th_add_lanes(&s, ".init R4", stored);
    th_add_mask(&s, ".init P0", c->exec);
    for (unsigned l = 0; fault == TH_LANES && l < TH_LANES; l++)
        if (c->exec >> l & 1u)
            th_add(&s, ".global 0x%llx 0x%x\n", (unsigned long long)addr[l], carry_placed(l));
    if (load_first)
        th_add(&s, "@P0 LDG R6, [R[2:3]%s] ;\n", off);
    th_add(&s, "@P0 STG [R[2:3]%s], R4 ;\n@P0 LDG R5, [R[2:3]%s] ;\n EXIT ;\n", off, off);

    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("carry.s", s.text, &k, stderr), 0);
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    assert_non_null(m);
    wire_commit *rec = malloc(sizeof *rec);
    uint64_t pages[TH_LANES + 1];
    if (fault < TH_LANES) { /* the first access traps at lane `fault`, nothing written */
        assert_int_equal(gm_step(m, rec), GM_STEP_TRAP);
        assert_int_equal(rec->trap_code, GM_TRAP_MEMORY_RANGE);
        assert_int_equal(rec->trap_lane, fault);
        assert_int_equal(rec->mem_count, 0);
        const char *msg = gm_trap_message(m);
        char lane[32], where[48];
        snprintf(lane, sizeof lane, "lane %u: @P0 %s", fault, load_first ? "LDG" : "STG");
        snprintf(where, sizeof where, "0x%llx is at or above 2^48", (unsigned long long)addr[fault]);
        if (!strstr(msg, lane) || !strstr(msg, where))
            fail_msg("trap message '%s' lacks '%s' / '%s'", msg, lane, where);
        assert_int_equal(gm_written_pages(m, 0, pages, TH_LANES + 1), 0);
        goto done;
    }
    if (load_first) { /* LDG R6: the placed words */
        assert_int_equal(gm_step(m, rec), GM_STEP_OK);
        assert_int_equal(rec->gpr_count, 1);
        assert_int_equal(rec->gpr[0].reg, 6);
        assert_int_equal(rec->gpr[0].lane_mask, c->exec);
        for (unsigned l = 0; l < TH_LANES; l++)
            if (c->exec >> l & 1u)
                assert_int_equal(rec->gpr[0].value[l], carry_placed(l));
    }
    /* STG: every executing lane's address and word */
    assert_int_equal(gm_step(m, rec), GM_STEP_OK);
    assert_int_equal(rec->mem_count, 1);
    assert_int_equal(rec->mem.bytes, 4);
    assert_int_equal(rec->mem.lane_mask, c->exec);
    for (unsigned l = 0; l < TH_LANES; l++)
        if (c->exec >> l & 1u) {
            assert_int_equal(rec->mem.addr[l], addr[l]);
            assert_int_equal(rec->mem.data[l][0], stored[l]);
        }
    assert_int_equal(gm_run(m, 10), GM_STEP_DONE);
    /* the pages written: the executing lanes' pages, and only those */
    const uint64_t page_mask = ~(uint64_t)(GM_PAGE_SIZE - 1);
    uint32_t n = 0;
    for (unsigned l = 0; l < TH_LANES; l++) {
        bool first = c->exec >> l & 1u;
        for (unsigned j = 0; first && j < l; j++)
            first = !(c->exec >> j & 1u) || (addr[j] & page_mask) != (addr[l] & page_mask);
        n += first;
    }
    assert_int_equal(gm_written_pages(m, 0, pages, TH_LANES + 1), n);
    for (uint32_t i = 0; i < n; i++) {
        bool held = false;
        for (unsigned l = 0; l < TH_LANES; l++)
            held |= (c->exec >> l & 1u) && (addr[l] & page_mask) == pages[i];
        assert_true(held);
    }
    for (unsigned l = 0; l < TH_LANES; l++) {
        bool on = c->exec >> l & 1u;
        uint32_t word = 0;
        if (on) {
            assert_int_equal(gm_read_memory(m, addr[l], &word, 4), 0);
            assert_int_equal(word, stored[l]);
        }
        assert_int_equal(gm_gpr(m, 0, 5, l), on ? stored[l] : 0xdeadbeef);
        assert_int_equal(gm_gpr(m, 0, 6, l), on && load_first ? carry_placed(l) : 0xdeadbeef);
    }
done:
    free(rec);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
}

/* R2 = lo_base + 4 * lane for lanes below `split`, high_base + 4 * lane from it. */
static void carry_lo(carry_case *c, unsigned split, uint32_t lo_base, uint32_t high_base)
{
    for (unsigned l = 0; l < TH_LANES; l++)
        c->lo[l] = (l < split ? lo_base : high_base) + 4 * l;
}

static void carry_across_4gib(void **state)
{
    (void)state;
    carry_case c;
    const uint32_t masks[] = {0xffffffff, 0xaaaa5555};
    for (unsigned i = 0; i < 2; i++) {
        /* 0xffffff80 + 4 * lane + 0x40: lanes 0-15 below 2^32, 16-31 above */
        c = (carry_case){.hi = 0, .offset = 0x40, .exec = masks[i]};
        carry_lo(&c, 0, 0, 0xffffff80);
        carry_kernel(&c, true);
        /* with + 0x80 every lane carries: 0x1235_0000_0000 + 4 * lane, one page */
        c = (carry_case){.hi = 0x1234, .offset = 0x80, .exec = masks[i]};
        carry_lo(&c, 0, 0, 0xffffff80);
        carry_kernel(&c, true);
        /* lanes 0-15 at 0xc0 + 4 * lane, 16-31 carry to 2^32 + 4 * (lane - 16):
         * without the carry they would share lanes 0-15's page */
        c = (carry_case){.hi = 0, .offset = 0x40, .exec = masks[i]};
        carry_lo(&c, 16, 0x80, 0xffffff80);
        carry_kernel(&c, true);
        /* a negative offset (the high half 0xffffffff): lanes 0-15 borrow, to
         * 0x1233_ffff_ffc0 + 4 * lane; 16-31 carry, to 0x1234_ffff_ff80 + 4 * (lane - 16) */
        c = (carry_case){.hi = 0x1234, .offset = -0x40, .exec = masks[i]};
        carry_lo(&c, 16, 0, 0xffffff80);
        carry_kernel(&c, true);
    }
    /* at the top of global memory: the lanes that carry are at or above
     * 2^48, the lowest executing one traps (lane 16, or 18 when 16 and 17
     * do not execute) */
    const uint32_t top_masks[] = {0xffffffff, 0xfffcffff};
    for (unsigned i = 0; i < 2; i++) {
        /* lanes 0-15 at 0xffff_ffff_ffc0 + 4 * lane, 16-31 at 2^48 + 4 * (lane - 16) */
        c = (carry_case){.hi = 0xffff, .offset = 0x40, .exec = top_masks[i]};
        carry_lo(&c, 0, 0, 0xffffff80);
        carry_kernel(&c, true);
        carry_kernel(&c, false);
        /* lanes 0-15 at 0xffff_0000_00c0 + 4 * lane instead */
        carry_lo(&c, 16, 0x80, 0xffffff80);
        carry_kernel(&c, true);
        carry_kernel(&c, false);
    }
}

static void constants(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(".const 3 0x100 0x11 0x22 0x33 0x44\n.init R1 0x4\n"
                             "LDC R0, c[0x3][R1+0x100] ;\n LDC.64 R[2:3], c[0x3][RZ+0x108] ;\n EXIT ;\n"
                             ".expect R0 0x22\n.expect R2 0x33\n.expect R3 0x44\n");
    th_free(&r);
}

/* Odd lanes take the branch; both paths write R6; all lanes meet at the BSYNC. */
static void divergence_reconverges(void **state)
{
    (void)state;
    const char *src = ".init P0 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
                      "    BSSY join ;\n"
                      "@P0 BRA other ;\n"
                      "    S2R R6, SR_LANEID ;\n"
                      "    BRA join ;\n"
                      "other: S2R R6, SR_NWARPS ;\n"
                      "join: BSYNC ;\n"
                      "    S2R R7, SR_LANEMASK_EQ ;\n"
                      "    EXIT ;\n"
                      ".expect R6 0x0 0x1 0x2 0x1 0x4 0x1 0x6 0x1 0x8 0x1 0xa 0x1 0xc 0x1 0xe 0x1 0x10 0x1 0x12 0x1 0x14 0x1 0x16 0x1 0x18 0x1 0x1a 0x1 0x1c 0x1 0x1e 0x1\n";
    th_run_t r = th_run_pass(src);
    th_free(&r);
    /* the commit records show the split and the join */
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("div.s", src, &k, stderr), 0);
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    assert_non_null(m);
    wire_commit *rec = malloc(sizeof *rec);
    uint32_t mask_at[16] = {0};
    while (gm_step(m, rec) == GM_STEP_OK)
        mask_at[rec->pc / 16] |= rec->active_mask;
    assert_int_equal(mask_at[2], 0x55555555); /* S2R R6, SR_LANEID: even lanes */
    assert_int_equal(mask_at[4], 0xaaaaaaaa); /* other: odd lanes */
    assert_int_equal(mask_at[6], 0xffffffff); /* after the join: everyone */
    free(rec);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
}

static void partial_exit(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(".init P1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n @P1 EXIT ;\n S2R R0, SR_LANEID ;\n EXIT ;\n");
    assert_int_equal(gm_gpr(r.model, 0, 0, 2), 2);
    assert_int_equal(gm_gpr(r.model, 0, 0, 3), 0); /* lane 3 exited first */
    th_free(&r);
}


static void traps(void **state)
{
    (void)state;
    th_expect_trap(".init R2 0x1002\n NOP ;\n LDG R0, [R[2:3]] ;\n EXIT ;\n", GM_TRAP_MISALIGNED_ADDRESS,
                "warp 0, pc 0x10, lane 0: LDG R0, [R[2:3]]");
    th_expect_trap("BRA 0x1000 ;\n EXIT ;\n", GM_TRAP_PC_OUT_OF_RANGE, "pc 0x1000");
    th_expect_trap("BSYNC ;\n EXIT ;\n", GM_TRAP_ILLEGAL_BSYNC, "BSYNC");
    th_expect_trap(".init R3 0x10000\n LDG R0, [R[2:3]] ;\n EXIT ;\n", GM_TRAP_MEMORY_RANGE, "2^48");
    /* misaligned tuples, GPR and uniform: MISALIGNED_REGISTER (isa/ERRATA.md D15) */
    th_expect_trap("LDG R0, [R[3:4]] ;\n EXIT ;\n", GM_TRAP_MISALIGNED_REGISTER, "R[3:4]");
    th_expect_trap("LDG.128 R[6:9], [RZ+0x1000] ;\n EXIT ;\n", GM_TRAP_MISALIGNED_REGISTER, "R[6:9]");
    th_expect_trap("IMAD.WIDE R[0:1], R2, R3, UR[5:6] ;\n EXIT ;\n", GM_TRAP_MISALIGNED_REGISTER, "UR[5:6]");
    th_expect_trap("LDC R0, c[0x1][RZ+0x2] ;\n EXIT ;\n", GM_TRAP_MISALIGNED_ADDRESS, "c[0x1][0x2]");
}

static void illegal_encoding(void **state)
{
    (void)state;
    isa_kernel *k = isa_kernel_new();
    isa_word zero = {0, 0};
    assert_int_equal(isa_kernel_add_code(k, &zero, 1), 0);
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    wire_commit rec;
    assert_int_equal(gm_step(m, &rec), GM_STEP_TRAP);
    assert_int_equal(rec.trap_code, GM_TRAP_ILLEGAL_ENCODING);
    assert_non_null(strstr(gm_trap_message(m), "illegal instruction encoding"));
    gm_destroy(&m);
    isa_kernel_destroy(&k);
}

/* The records of traps before execution (docs/port-contract.md, "What HEAD and
 * END carry"): PC_OUT_OF_RANGE has the lanes at that PC active, none
 * executing and a zero word; ILLEGAL_ENCODING the word and exec 0. A BRA's
 * branch lanes are its exec mask; none when no lane executes it. */
static void trap_records(void **state)
{
    (void)state;
    const char *src = ".warps 2\n"
                      ".init P0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0\n"
                      "@P1 BRA 0x1000 ;\n"
                      "@P0 BRA 0x1002 ;\n"
                      "    EXIT ;\n";
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("traps.s", src, &k, stderr), 0);
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    assert_non_null(m);
    wire_commit *rec = malloc(sizeof *rec);
    /* warp 0, then warp 1: @P1 BRA with no lane executing, no branch lanes */
    for (uint32_t w = 0; w < 2; w++) {
        assert_int_equal(gm_step(m, rec), GM_STEP_OK);
        assert_int_equal(rec->warp, w);
        assert_int_equal(rec->exec_mask, 0);
        assert_int_equal(rec->branch_mask, 0);
    }
    /* warp 0: @P0 BRA, even lanes to 0x1002 */
    assert_int_equal(gm_step(m, rec), GM_STEP_OK);
    assert_int_equal(rec->exec_mask, 0x55555555);
    assert_int_equal(rec->branch_mask, 0x55555555);
    assert_int_equal(rec->branch_target, 0x1002);
    /* warp 1 likewise; then warp 0's lowest PC is 0x20 (the odd lanes' EXIT) */
    assert_int_equal(gm_step(m, rec), GM_STEP_OK);
    assert_int_equal(gm_step(m, rec), GM_STEP_OK);
    assert_int_equal(rec->pc, 0x20);
    assert_int_equal(gm_step(m, rec), GM_STEP_OK); /* warp 1's EXIT */
    /* warp 0: only the even lanes are left, at 0x1002: PC_OUT_OF_RANGE */
    assert_int_equal(gm_step(m, rec), GM_STEP_TRAP);
    assert_int_equal(rec->trap_code, GM_TRAP_PC_OUT_OF_RANGE);
    assert_int_equal(rec->warp, 0);
    assert_int_equal(rec->pc, 0x1002);
    assert_int_equal(rec->active_mask, 0x55555555);
    assert_int_equal(rec->exec_mask, 0);
    assert_int_equal(rec->insn_lo, 0);
    assert_int_equal(rec->insn_hi, 0);
    assert_int_equal(rec->branch_mask, 0);
    free(rec);
    gm_destroy(&m);
    isa_kernel_destroy(&k);

    k = isa_kernel_new();
    isa_word bad = {0, 1}; /* optype 0 is unassigned: an illegal encoding */
    assert_int_equal(isa_kernel_add_code(k, &bad, 1), 0);
    m = gm_new(k, err, sizeof err);
    wire_commit one;
    assert_int_equal(gm_step(m, &one), GM_STEP_TRAP);
    assert_int_equal(one.trap_code, GM_TRAP_ILLEGAL_ENCODING);
    assert_int_equal(one.active_mask, 0xffffffff);
    assert_int_equal(one.exec_mask, 0);
    assert_int_equal(one.insn_hi, 1);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(special_registers), cmocka_unit_test(warp_ids),
        cmocka_unit_test(store_then_load),   cmocka_unit_test(carry_across_4gib),
        cmocka_unit_test(constants),
        cmocka_unit_test(divergence_reconverges), cmocka_unit_test(partial_exit),
        cmocka_unit_test(traps),             cmocka_unit_test(illegal_encoding),
        cmocka_unit_test(trap_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
