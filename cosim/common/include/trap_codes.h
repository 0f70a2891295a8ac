/* The trap codes a commit record carries (trap_code), written once. The
 * functional model raises them (cosim/model), the DUT port contract's END
 * beat reports them (hdl_stubs/contract.cmake turns this list into
 * gpu_contract.vh for the HDL), the board sides and gpuhost read them.
 * Freestanding (board firmware includes it, through commit_record.h).
 *
 * Each X(NAME, code, lane, "text"); `lane` is what the record's trap_lane
 * holds for the code (isa/ERRATA.md D14):
 *   LANE  a trap of an access the executing lanes make, to memory (an
 *         address misaligned or out of range, a constant bank offset out of
 *         range) or to a register operand (a tuple misaligned, an index out of
 *         range): trap_lane is the lowest executing lane whose access faults.
 *         For an operand every executing lane accesses alike (a
 *         c[bank][offset] constant, a register tuple, SETGPR/GETGPR's
 *         uniform index) that is the lowest executing lane.
 *   WARP  a trap of the instruction or the warp as a whole (its fetch, its
 *         encoding, its modifiers, the convergence stack): it names no lane,
 *         and trap_lane is GM_TRAP_NO_LANE.
 * A record without a trap (NONE) has trap_lane 0. Codes stay below 32
 * (GM_TRAP_LANE_CODES is a mask of them). */
#ifndef TRAP_CODES_H
#define TRAP_CODES_H

#include <stdint.h>

#define GM_TRAPS(X)                                                            \
    X(NONE, 0, WARP, "no trap")                                                \
    X(UNIMPLEMENTED, 1, WARP, "instruction not implemented by the model")      \
    X(ILLEGAL_ENCODING, 2, WARP, "illegal instruction encoding")               \
    X(PC_OUT_OF_RANGE, 3, WARP, "PC outside the kernel's code")                \
    X(MISALIGNED_ADDRESS, 4, LANE, "misaligned memory address")                \
    X(MEMORY_RANGE, 5, LANE, "memory address out of range")                    \
    X(MISALIGNED_REGISTER, 6, LANE, "misaligned register tuple")               \
    X(REGISTER_INDEX, 7, LANE, "register index out of range")                  \
    X(CONST_OUT_OF_RANGE, 8, LANE, "constant bank address out of range")       \
    X(ILLEGAL_BSYNC, 9, WARP, "BSYNC with no matching BSSY")                   \
    X(CONVERGENCE_STACK_OVERFLOW, 10, WARP, "convergence stack overflow")      \
    X(CONVERGENCE_DEADLOCK, 11, WARP, "lanes wait at BSYNC and none can run")  \
    X(ILLEGAL_INSTRUCTION, 12, WARP, "illegal instruction")

enum gm_trap {
#define GM_TRAP_ENUM(name, code, lane, text) GM_TRAP_##name = code,
    GM_TRAPS(GM_TRAP_ENUM)
#undef GM_TRAP_ENUM
};

/* trap_lane of a trap that names no lane (WARP), and of a LANE trap whose
 * lane the target could not report (WIRE_COMMIT_LANE_UNREPORTED) */
#define GM_TRAP_NO_LANE 0xffffffffu

/* Bit c set: trap code c names a lane (LANE above). */
#define GM_TRAP_LANE_LANE 1u
#define GM_TRAP_LANE_WARP 0u
#define GM_TRAP_LANE_BIT(name, code, lane, text) | (GM_TRAP_LANE_##lane << (code))
#define GM_TRAP_LANE_CODES (0u GM_TRAPS(GM_TRAP_LANE_BIT))

/* Whether a trap of `code` names a lane (unknown codes name none). */
static inline int gm_trap_names_lane(uint32_t code)
{
    return code < 32 && ((GM_TRAP_LANE_CODES >> code) & 1u);
}

#endif
