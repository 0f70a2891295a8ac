/* libgpuhost: one target API over every board kind. A target is what a board
 * descriptor names, opened with options: the functional model in process, a
 * server over ZeroMQ (gpu-modelsim, gpu-rtlsim), or a USB board. Every board
 * kind implements the same backend table (open, capabilities, load, run a
 * batch, read state, read memory, inject, close); callers see only this
 * opaque handle. Functions return 0 or a negative GH_ERR_* (gpuhost/error.h);
 * gh_target_error() says what went wrong. */
#ifndef GPUHOST_TARGET_H
#define GPUHOST_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpuhost/board.h"
#include "gpuhost/error.h"
#include "isa/kernel.h"
#include "isa/modifier.h"

typedef struct gh_target gh_target;

/* A result the target may compute approximately (docs/wire-protocol.md,
 * "tolerances"): elements of an instruction's results may lie up to `ulp`
 * units in the last place from the model's. function and format are the
 * instruction's field values (MUFU: mufuop, dtype) or GH_TOLERANCE_ANY. */
#define GH_TOLERANCE_ANY 0xffu
#define GH_MAX_TOLERANCES 32u
#define GH_MAX_LACKING_MODIFIERS 64u
#define GH_CONTRACT_NONE 0u
typedef struct {
    uint8_t optype, function, format, ulp;
} gh_tolerance;

/* What the target says it is (the wire protocol's CAPS). */
typedef struct {
    uint32_t version;     /* wire protocol version (0: in process) */
    uint16_t max_warps, lanes;
    uint32_t max_payload; /* largest request payload the target accepts, bytes */
    uint32_t max_code;    /* instructions its code memory holds; 0: no limit */
    uint8_t optypes[32];  /* bit n = Optype value n is implemented */
    char name[64];
    unsigned tolerance_count; /* 0: every result exact */
    gh_tolerance tolerance[GH_MAX_TOLERANCES];
    uint8_t lacking[32]; /* bit v: ISA-table variant v lacking although its optype is implemented */
    /* Below the variant: modifier values lacking in a variant it has (MOV_R.64). */
    unsigned lacking_modifier_count;
    isa_modifier_value lacking_modifier[GH_MAX_LACKING_MODIFIERS];
    /* The port contract revision the target's core presents (capability word
     * CONTRACT): GH_CONTRACT_NONE for a core that predates the word, whose
     * "lacks no variant" may only mean it never heard of the map; a model
     * target presents the current one. */
    uint32_t contract;
} gh_caps;

/* "MUFU.EX2.F32", "MUFU.*.F16" (what a tolerance covers, for reports). */
void gh_tolerance_name(const gh_tolerance *t, char *out, size_t len);

/* How to reach the board. Options a board cannot honour are refused by
 * gh_target_open with GH_ERR_USAGE naming the option and the board: those
 * of the wrong kind for its transport at once, and those its server refuses
 * when it starts (it exits with status 2 before it is ready, saying why:
 * gpu-rtlsim given a --fault its core has no fault registers for,
 * gpu-modelsim a floating-point fault kind). */
typedef struct {
    const char *endpoint;  /* zmq boards: a server started elsewhere (ipc:// or tcp://, checked first) */
    const char *server;    /* zmq boards: the server program to start */
    const char *fault;     /* zmq boards, emulated usb boards: KIND:AT[:PARAM], a DUT fault (tests) */
    const char *fault_usb; /* emulated usb boards: KIND[:N], a USB fault of the emulator (gpu-usbemu --fault-usb) */
    const char *serial;    /* usb boards: which board */
    uint32_t timeout_ms;   /* longest wait for the target (0: 10000); not the model */
    const char *wave;      /* rtl: record an FST of retires wave_at +- wave_window */
    uint64_t wave_at, wave_window;
    /* RTL servers (gpu-rtlsim) and emulated boards with an RTL DUT
     * (emulator_dut = rtl): seeded back-pressure and memory latency on the
     * DUT's handshakes, SEED[:PROFILE[,KNOB=N...]] (hdl_stubs/README.md,
     * "Stress"); NULL: the descriptor's `stress` key, if any. A bad setting,
     * or one a board cannot honour, is refused (GH_ERR_USAGE). Parsed once,
     * here; the server or emulator is given its canonical text. */
    const char *stress;
    /* zmq boards, a server started elsewhere: ZeroMQ CURVE (encrypted,
     * authenticated) with these key files (gpuhost keygen), both or neither */
    const char *server_key; /* the server's public key (its KEYFILE.pub) */
    const char *client_key; /* this client's keypair (KEYFILE, mode 0600) */
} gh_target_opts;

/* Opens the board's target and asks its capabilities. A usb board whose
 * descriptor names an emulator (gpu-usbemu) is emulated for the target:
 * the emulator is started with the options it honours, and this process
 * must have umockdev's preload library loaded (LD_PRELOAD=
 * libumockdev-preload.so.0; the gpuhost CLI links it), else GH_ERR_USAGE
 * saying so; UMOCKDEV_DIR points at its testbed until the target closes. On success *out is
 * set; on failure err says why ("option --fault: board usb cannot honour
 * it", "gpu-rtlsim exited with status 1"). The target must be what the
 * descriptor asks for: the same wire protocol version, the name in its
 * [dut] target key, the instruction groups of implements; otherwise
 * GH_ERR_TARGET naming both sides. */
int gh_target_open(const gh_board *board, const gh_target_opts *o, gh_target **out, char *err,
                   size_t errlen);
/* Closes the link, stops a server it started; accepts NULL. */
void gh_target_close(gh_target **t);

const gh_caps *gh_target_caps(const gh_target *t);
const gh_board *gh_target_board(const gh_target *t);
const char *gh_target_error(const gh_target *t); /* the last failure, never NULL */
/* The stress setting the target's DUT runs under, canonical ("7:heavy"; it
 * reruns the same cycles), or "" when none; describe[len] (may be NULL) gets
 * its knobs in words. */
const char *gh_target_stress(const gh_target *t, char *describe, size_t len);
/* "" or how the board's descriptor (warps, implements) differs from what the
 * target reports; CAPS is authoritative. */
const char *gh_target_warning(const gh_target *t);
bool gh_target_implements(const gh_target *t, uint32_t optype);
/* Variant `variant` of the ISA tables: its optype implemented and the
 * variant not among those the target says it lacks (CAPS' variant map). */
bool gh_target_implements_variant(const gh_target *t, uint32_t variant);
/* The instruction's variant implemented and none of its modifier values
 * among those the target says it lacks; *lacked (may be NULL) gets the
 * lacking modifier value, or NULL. */
bool gh_target_implements_insn(const gh_target *t, const isa_insn *insn, const isa_modifier_value **lacked);
/* "capability words WARPS LANES OPTYPES FEATURES TOLERANCES VARIANTS LACKING
 * MODIFIERS (contract revision 3)", or what an older core leaves unsaid;
 * true when the core presents this gpuhost's revision of the contract. */
bool gh_caps_contract_text(const gh_caps *c, char *out, size_t len);

/* Resets the DUT and loads code, constants, memory, launch and registers. */
int gh_target_load(gh_target *t, const isa_kernel *k);
/* Reads len bytes of DUT memory (in requests the target's max_payload allows). */
int gh_target_read_mem(gh_target *t, uint64_t addr, void *out, size_t len);
/* Writes the state of warps 0..warps-1 as JSON (the `--dump-state` format). */
int gh_target_write_state_json(gh_target *t, uint32_t warps, FILE *f);

/* Stops every server process this process started; async-signal-safe, for
 * signal handlers. */
void gh_stop_servers(void);

/* For a process that owns its allocator (the gpuhost CLI; not a simulator
 * that loads libgpuhost): keeps ZeroMQ's frames on the heap instead of a
 * fresh mapping each (wire/zmq_heap.h), which a lockstep run at batch 1024
 * paid for in page faults on every batch. Call before opening a target. */
void gh_frames_from_heap(void);

#endif
