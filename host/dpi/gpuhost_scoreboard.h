/* libgpuhost_dpi: the functional model as a scoreboard inside a SystemVerilog
 * testbench, through DPI-C (docs/scoreboard.md). The testbench imports these
 * functions with the package gpuhost_scoreboard (gpuhost_scoreboard.sv,
 * installed in share/gpuhost/dpi) and hands the scoreboard every retire beat
 * of the DUT port contract (docs/port-contract.md, "Retire trace"); the
 * scoreboard assembles each record with the board sides' one beat assembler
 * (fw/core's fw_beats) and checks it against the model's next step with
 * gh_model_check (gpuhost/model.h): a divergence prints the report `gpuhost
 * run` prints for it, word for word.
 *
 * It also serves the testbench what the kernel needs on the DUT's side:
 * code words, launch, initial registers as backdoor writes, and global
 * memory and constant banks behind the memory port, so the testbench needs
 * nothing but the kernel's path.
 *
 * Installed as gpuhost/scoreboard.h, for C callers and as the reference of
 * the DPI mapping: chandle is void *, string const char *, int int,
 * int unsigned unsigned, longint unsigned uint64_t, and a packed
 * bit [N-1:0] argument an array of 32-bit words (svBitVecVal, word 0 = bits
 * 31..0). Functions are safe on a NULL handle (they do nothing, returning
 * GH_SB_ERROR or 0). Messages go to stdout, prefixed "gpuhost scoreboard: "
 * where they are the scoreboard's own. */
#ifndef GPUHOST_SCOREBOARD_H
#define GPUHOST_SCOREBOARD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the scoreboard says (gh_sb_beat, gh_sb_done, gh_sb_cap_word); the
 * SV package has the same values as localparams. Every status but OK is
 * sticky: the scoreboard checks nothing after it. */
#define GH_SB_STATUSES(X)                                                                                   \
    X(OK, 0, "clean so far (gh_sb_done: PASS, the model finished too)")                                    \
    X(DIVERGED, 1, "a record is not the model's: the lockstep report was printed")                         \
    X(ERROR, 2, "the beats broke the port contract or a call was out of place: the reason was printed")    \
    X(TRAPPED, 3, "the kernel trapped and the model agrees: nothing more runs")                             \
    X(FAILED, 4, "every record matched, but an .expect line does not hold: the reason was printed")           \
    X(UNSUPPORTED, 5, "the DUT said UNIMPLEMENTED for the instruction the model ran: named, nothing more runs")

enum gh_sb_status {
#define GH_SB_ENUM(name, value, text) GH_SB_##name = value,
    GH_SB_STATUSES(GH_SB_ENUM)
#undef GH_SB_ENUM
};

/* A scoreboard for the kernel at kernel_path (.s, assembled on the fly, or
 * a kernel.bin): the model loaded and ready, the DUT-side memory filled. NULL
 * when the kernel cannot be loaded (the reasons printed). */
void *gh_sb_open(const char *kernel_path);
void gh_sb_close(void *sb);

/* The kernel, for loading it into the DUT: code words (instruction i at byte
 * address 16*i, word[0] = bits 31..0 of the instruction word), launch shape. */
int gh_sb_code_count(void *sb);
void gh_sb_code_word(void *sb, int index, uint32_t word[4]);
int gh_sb_warps(void *sb);
uint64_t gh_sb_entry(void *sb);
/* The kernel's initial registers as backdoor writes of the port contract
 * (bd_space, bd_warp, bd_index, bd_lane, bd_wdata), every warp, to make
 * after the launch: GPR per lane, a predicate as its lane mask, UR, and the
 * uniform predicates as one mask. */
int gh_sb_init_count(void *sb);
void gh_sb_init_write(void *sb, int i, int *space, int *warp, int *index, int *lane, unsigned *value);

/* A capability word the testbench read from the DUT (backdoor space CAP,
 * fw/port.h): FEATURES (TRAP_LANE: END names a trap's lane) and the
 * declared tolerances TOLERANCES..+15 (MUFU's ulp bounds: a value within
 * them is no divergence, as in lockstep) are taken at once; the others up
 * to the last MODIFIERS word are kept for gh_sb_supported.
 * GH_SB_ERROR for a tolerance word declaring 0 ulps. Give them before the
 * first beat. */
int gh_sb_cap_word(void *sb, int index, unsigned word);

/* Before the code is loaded, with every capability word given (WARPS up to
 * the MODIFIERS list's 0 word): GH_SB_UNSUPPORTED, printing why in `gpuhost
 * run`'s words, when the words say the DUT cannot run an instruction of the
 * kernel (an optype it does not implement, a variant or a modifier value it
 * declares lacking), as `gpuhost run` refuses it (exit 9) before anything
 * runs; else GH_SB_OK. */
int gh_sb_supported(void *sb);

/* The memory port: one request (mem_we, mem_space, mem_bank, mem_addr,
 * mem_wdata) answered from the DUT-side memory (the kernel's global data
 * and constant banks, then what the DUT stored). 0, with *rdata for a load;
 * 1 for mem_err (an address the model would not reach: global at or above
 * 2^48, a constant offset past its bank, a store to a constant bank,
 * misaligned). */
int gh_sb_mem(void *sb, int we, int space, int bank, uint64_t addr, unsigned wdata, unsigned *rdata);

/* One retire beat, taken at an edge with rt_valid and rt_ready: the port's
 * fields as they are (insn: 4 words, row: 32 words, read for GPR_ROW only).
 * On END the record is checked: GH_SB_OK, GH_SB_DIVERGED (the report
 * printed), GH_SB_TRAPPED (a trap the model agrees on), GH_SB_UNSUPPORTED
 * (an END of status 2 for the instruction the model ran, taken at the DUT's
 * word as lockstep takes it: for what the capability words given declare
 * lacking, or from a core of an older contract, CONTRACT below 3 or none
 * given; the instruction and its variant printed), GH_SB_ERROR. A core of
 * contract 3 that declares what it lacks and not this one DIVERGED. */
int gh_sb_beat(void *sb, int kind, int warp, uint64_t pc, const uint32_t insn[4], unsigned mask_a,
               unsigned mask_b, int index, int lane, unsigned data, int status, const uint32_t row[32]);

/* The DUT says it finished (its `done`): GH_SB_OK and "PASS: ..." printed
 * when the model has nothing left to run and the kernel's .expect and
 * .expect_mem lines hold on its final state (which every record matched);
 * GH_SB_DIVERGED with the instruction the DUT did not retire; GH_SB_FAILED
 * naming the first value that does not hold. Also the sticky status when set. */
int gh_sb_done(void *sb);

/* The last report printed ("" when none), records checked so far, the
 * name of a status ("OK", "DIVERGED", ...; "?" for another value). */
const char *gh_sb_report(void *sb);
long long gh_sb_checked(void *sb);
const char *gh_sb_status_name(int status);

/* The RTL servers' seeded stress of the handshakes (--stress SEED[:PROFILE
 * [,KNOB=N...]], cosim/common's stress.h) for the testbench's own board
 * side: the same setting, knobs and PRNG, so a run reruns cycle for cycle
 * from its seed. A handle, or NULL for a bad setting (the reason printed);
 * on a NULL handle every draw is "no stress". Each call draws:
 * gh_sb_stress_ready: rt_ready for the coming edge (low in bursts, T9),
 * gh_sb_stress_mem_wait: cycles to wait before acknowledging a memory
 * request that just appeared (0: in its cycle, T11), gh_sb_stress_gap: idle
 * cycles before a backdoor request or a step (T6, T12),
 * gh_sb_stress_step_width: a step pulse's width in cycles (T6). */
void *gh_sb_stress_open(const char *setting);
void gh_sb_stress_close(void *h);
int gh_sb_stress_ready(void *h);
int gh_sb_stress_mem_wait(void *h);
int gh_sb_stress_gap(void *h);
int gh_sb_stress_step_width(void *h);
/* The setting as text ("7:heavy"; "none" for NULL), for reports. */
const char *gh_sb_stress_text(void *h);

#ifdef __cplusplus
}
#endif

#endif
