/* docs/wire-protocol.md against the codecs: every table marked
 * `<!-- layout: NAME -->` is read (offset, size, field) and each row is
 * checked on bytes the codec produced from a sample whose fields all differ;
 * the table marked `<!-- codes: errors -->` (code, name) must list every
 * ERROR code of wire/protocol.h, each once, with its name; the one marked
 * `<!-- sizes: requests -->` (type, name, bytes) every request type of
 * wire_request_length, each once, named as in enum wire_type, with the size
 * the server requires; the one marked `<!-- codes: reg_kinds -->` (kind,
 * name, .gh.init kind) every WRITE_REG kind of enum wire_reg_kind with the
 * number isa/kernel.h gives that register file.
 * Usage: test_wire_doc docs/wire-protocol.md */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "isa/kernel.h"
#include "wire/protocol.h"

static uint8_t frame[64], caps_bytes[128], state_bytes[40000], commit_bytes[4096];
static size_t caps_len, state_len, commit_len;
static wire_caps caps;
static wire_state *state;
static wire_commit commit;
static unsigned rows, failures;

static void put_le(uint8_t *out, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = (uint8_t)(v >> (8 * i));
}

static void samples(void)
{
    static const uint8_t payload[3] = {1, 2, 3};
    wire_frame_encode(frame, sizeof frame, 0x0a, 0x11223344u, payload, 3);

    caps = (wire_caps){.version = 1, .max_warps = 0x1234, .lanes = 32, .max_payload = 0xabcdef, .max_code = 0x4321};
    for (unsigned i = 0; i < 32; i++)
        caps.optypes[i] = (uint8_t)(7 * i + 1);
    strcpy(caps.name, "sample target");
    caps.tolerance_count = 2;
    caps.tolerance[0] = (wire_tolerance){.optype = 0x10, .function = 2, .format = 0, .ulp = 3};
    caps.tolerance[1] = (wire_tolerance){.optype = 0x10, .function = WIRE_ANY, .format = 4, .ulp = 1};
    wire_writer w = {.p = caps_bytes, .cap = sizeof caps_bytes};
    wire_caps_encode(&caps, &w);
    caps_len = w.len;

    state = calloc(1, sizeof *state);
    state->warp = 0x0102, state->exited = 0xf0f0f0f0u, state->waiting = 0x0000ff00u, state->upred = 0x55;
    for (unsigned l = 0; l < WIRE_LANES; l++) {
        state->pc[l] = 0x1000000000ull * l + 16 * l;
        for (unsigned r = 0; r < 255; r++)
            state->gpr[r][l] = r << 8 | l;
    }
    for (unsigned p = 0; p < 7; p++)
        state->pred[p] = 0x01010101u * (p + 1);
    for (unsigned u = 0; u < 63; u++)
        state->ur[u] = 0xa0000000u + u;
    w = (wire_writer){.p = state_bytes, .cap = sizeof state_bytes};
    wire_state_encode(state, &w);
    state_len = w.len;

    commit = (wire_commit){.seq = 0x0807060504030201ull, .warp = 0x0a0b, .flags = 0x0005, .pc = 0x1122334455667788ull,
                           .insn_lo = 0x0123456789abcdefull, .insn_hi = 0xfedcba9876543210ull,
                           .active_mask = 0xffff0000u, .exec_mask = 0x0fff0000u, .exit_mask = 0x00010000u,
                           .trap_code = 0x0c, .trap_lane = 17, .branch_mask = 0x00f00000u,
                           .branch_target = 0x0000beef0000cafeull, .gpr_count = 1, .upred_mask = 0x21,
                           .upred_value = 0x01};
    commit.gpr[0].reg = 0x2a;
    commit.gpr[0].lane_mask = 0x00000104u;
    commit.gpr[0].value[2] = 0xdeadbeefu;
    commit.gpr[0].value[8] = 0x12345678u;
    commit_len = wire_commit_encode(&commit, commit_bytes, sizeof commit_bytes);
}

/* The expected bytes of a field, from the sample; 0 when the field is unknown. */
static size_t expected(const char *layout, const char *field, uint8_t *out, size_t size)
{
#define SCALAR(name, value)                 \
    if (strcmp(field, name) == 0) {         \
        put_le(out, (uint64_t)(value), (unsigned)size); \
        return size;                        \
    }
    if (!strcmp(layout, "header")) {
        uint32_t crc = (uint32_t)crc32(crc32(0, frame, 16), frame + 20, 3);
        SCALAR("magic", WIRE_MAGIC) SCALAR("version", WIRE_VERSION) SCALAR("type", 0x0a)
        SCALAR("seq", 0x11223344u) SCALAR("length", 3) SCALAR("crc", crc)
    } else if (!strcmp(layout, "caps")) {
        SCALAR("version", caps.version) SCALAR("max_warps", caps.max_warps) SCALAR("lanes", caps.lanes)
        SCALAR("max_payload", caps.max_payload) SCALAR("max_code", caps.max_code)
        SCALAR("name_length", strlen(caps.name))
        if (!strcmp(field, "optypes"))
            return memcpy(out, caps.optypes, 32), 32;
        if (!strcmp(field, "name"))
            return memcpy(out, caps.name, strlen(caps.name)), strlen(caps.name);
    } else if (!strcmp(layout, "caps_tolerances")) {
        SCALAR("tolerance_count", caps.tolerance_count)
        size_t n = 0;
        if (!strcmp(field, "tolerances"))
            for (unsigned i = 0; i < caps.tolerance_count; i++) {
                const wire_tolerance *t = &caps.tolerance[i];
                out[n++] = t->optype, out[n++] = t->function, out[n++] = t->format, out[n++] = t->ulp;
            }
        return n;
    } else if (!strcmp(layout, "tolerance")) {
        const wire_tolerance *t = &caps.tolerance[0];
        SCALAR("optype", t->optype) SCALAR("function", t->function) SCALAR("format", t->format)
        SCALAR("ulp", t->ulp)
    } else if (!strcmp(layout, "state")) {
        SCALAR("warp", state->warp) SCALAR("pad", 0) SCALAR("exited", state->exited)
        SCALAR("waiting", state->waiting) SCALAR("upred", state->upred)
        size_t n = 0;
        if (!strcmp(field, "pc"))
            for (unsigned l = 0; l < WIRE_LANES; l++, n += 8)
                put_le(out + n, state->pc[l], 8);
        else if (!strcmp(field, "gpr"))
            for (unsigned r = 0; r < 255; r++)
                for (unsigned l = 0; l < WIRE_LANES; l++, n += 4)
                    put_le(out + n, state->gpr[r][l], 4);
        else if (!strcmp(field, "pred"))
            for (unsigned p = 0; p < 7; p++, n += 4)
                put_le(out + n, state->pred[p], 4);
        else if (!strcmp(field, "ur"))
            for (unsigned u = 0; u < 63; u++, n += 4)
                put_le(out + n, state->ur[u], 4);
        return n;
    } else if (!strcmp(layout, "commit") || !strcmp(layout, "commit_gpr")) {
        SCALAR("seq", commit.seq) SCALAR("warp", commit.warp) SCALAR("flags", commit.flags)
        SCALAR("pc", commit.pc) SCALAR("insn_lo", commit.insn_lo) SCALAR("insn_hi", commit.insn_hi)
        SCALAR("active_mask", commit.active_mask) SCALAR("exec_mask", commit.exec_mask)
        SCALAR("exit_mask", commit.exit_mask) SCALAR("trap_code", commit.trap_code)
        SCALAR("trap_lane", commit.trap_lane) SCALAR("branch_mask", commit.branch_mask)
        SCALAR("branch_target", commit.branch_target) SCALAR("gpr_count", commit.gpr_count)
        SCALAR("pred_count", commit.pred_count) SCALAR("ur_count", commit.ur_count)
        SCALAR("upred_mask", commit.upred_mask) SCALAR("upred_value", commit.upred_value)
        SCALAR("mem_count", commit.mem_count) SCALAR("gpr_reg", commit.gpr[0].reg)
        SCALAR("gpr_lane_mask", commit.gpr[0].lane_mask) SCALAR("gpr_first_value", commit.gpr[0].value[2])
    }
#undef SCALAR
    return 0;
}

/* Where the tolerances start in the CAPS sample: after the name. */
static size_t tolerances_at(void)
{
    return 49 + strlen(caps.name);
}

static const uint8_t *encoded(const char *layout, size_t *len)
{
    if (!strcmp(layout, "caps_tolerances"))
        return *len = caps_len - tolerances_at(), caps_bytes + tolerances_at();
    if (!strcmp(layout, "tolerance"))
        return *len = caps_len - tolerances_at() - 1, caps_bytes + tolerances_at() + 1;
    if (!strcmp(layout, "header"))
        return *len = 23, frame;
    if (!strcmp(layout, "caps"))
        return *len = caps_len, caps_bytes;
    if (!strcmp(layout, "state"))
        return *len = state_len, state_bytes;
    if (!strcmp(layout, "commit") || !strcmp(layout, "commit_gpr"))
        return *len = commit_len, commit_bytes;
    return NULL;
}

static void check_row(const char *path, unsigned line, const char *layout, char *cells[3])
{
    size_t len;
    const uint8_t *bytes = encoded(layout, &len);
    char *end;
    unsigned long offset = strtoul(cells[0], &end, 10);
    unsigned long size = !strcmp(cells[1], "n")    ? strlen(caps.name)
                         : !strcmp(cells[1], "4t") ? 4ul * caps.tolerance_count
                                                   : strtoul(cells[1], NULL, 10);
    static uint8_t want[40000];
    size_t n = bytes ? expected(layout, cells[2], want, size) : 0;
    rows++;
    if (!bytes || !n || *end || n != size || offset + size > len || memcmp(bytes + offset, want, size) != 0) {
        failures++;
        fprintf(stderr, "%s:%u: layout %s, field %s at %s+%s: %s\n", path, line, layout, cells[2], cells[0],
                cells[1],
                !bytes ? "no codec sample for this layout" : !n ? "a field the codec sample does not know"
                : n != size ? "the size differs from the codec's" : "the codec puts other bytes there");
    }
}

static const struct {
    unsigned code;
    const char *name;
} error_codes[] = {
#define WIRE_ERROR_ROW(name, code, text) {code, #name},
    WIRE_ERRORS(WIRE_ERROR_ROW)
#undef WIRE_ERROR_ROW
};
static unsigned error_rows_seen[sizeof error_codes / sizeof error_codes[0]];

static void check_error_row(const char *path, unsigned line, char *cells[3])
{
    char *end;
    unsigned long code = strtoul(cells[0], &end, 10);
    rows++;
    for (size_t i = 0; i < sizeof error_codes / sizeof error_codes[0]; i++)
        if (!*end && error_codes[i].code == code && !strcmp(error_codes[i].name, cells[1])) {
            error_rows_seen[i]++;
            return;
        }
    failures++;
    fprintf(stderr, "%s:%u: error code %s %s is not in wire/protocol.h's WIRE_ERRORS\n", path, line, cells[0], cells[1]);
}

static void check_errors_complete(const char *path)
{
    for (size_t i = 0; i < sizeof error_codes / sizeof error_codes[0]; i++)
        if (error_rows_seen[i] != 1) {
            failures++;
            fprintf(stderr, "%s: error code %u %s is listed %u times in the errors table (once wanted)\n", path,
                    error_codes[i].code, error_codes[i].name, error_rows_seen[i]);
        }
}

/* Request types as enum wire_type names them (the names the table must use). */
#define REQUEST(name) {WIRE_##name, #name}
static const struct {
    uint16_t type;
    const char *name;
} requests[] = {REQUEST(HELLO),      REQUEST(RESET),    REQUEST(LOAD_CODE), REQUEST(LOAD_CONST), REQUEST(LOAD_MEM),
                REQUEST(LAUNCH),     REQUEST(WRITE_REG), REQUEST(READ_STATE), REQUEST(READ_MEM), REQUEST(RUN),
                REQUEST(CREDIT),     REQUEST(HALT),     REQUEST(INJECT),    REQUEST(MEM_DIGEST), REQUEST(WRITTEN_PAGES),
                REQUEST(VARIANTS)};
#undef REQUEST
static unsigned request_rows_seen[0x80];

/* A row `| 0x03 | LOAD_CODE | 8 + 16 × count |`: the name is the type's, and
 * the size is wire_request_length's (a plain number), or a count's formula
 * exactly where wire_request_length says WIRE_LENGTH_COUNTED. */
static void check_request_row(const char *path, unsigned line, char *cells[3])
{
    char *end, *bend;
    unsigned long type = strtoul(cells[0], &end, 16);
    unsigned long bytes = strtoul(cells[2], &bend, 10);
    rows++;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++)
        if (requests[i].type == type)
            name = requests[i].name;
    int32_t want = type < 0x80 ? wire_request_length((uint16_t)type) : WIRE_LENGTH_NONE;
    const char *why = *end || strncmp(cells[0], "0x", 2) ? "the type is not a hex number"
                      : want == WIRE_LENGTH_NONE || !name ? "not a request of wire_request_length and enum wire_type"
                      : strcmp(name, cells[1]) ? "the name is not enum wire_type's"
                      : bend == cells[2] ? "the size is not a number"
                      : want >= 0 && (*bend || bytes != (unsigned long)want) ? "the server requires another size"
                      : want == WIRE_LENGTH_COUNTED && strncmp(bend, " + ", 3) ? "it depends on a count: N + M × count"
                      : NULL;
    if (why) {
        failures++;
        fprintf(stderr, "%s:%u: request %s %s (%s bytes): %s\n", path, line, cells[0], cells[1], cells[2], why);
    } else {
        request_rows_seen[type]++;
    }
}

static void check_requests_complete(const char *path)
{
    for (uint16_t t = 0; t < 0x80; t++)
        if (wire_request_length(t) != WIRE_LENGTH_NONE && request_rows_seen[t] != 1) {
            failures++;
            fprintf(stderr, "%s: request type 0x%02x is listed %u times in the requests table (once wanted)\n", path,
                    t, request_rows_seen[t]);
        }
}

#define REG_KIND(name) {WIRE_REG_##name, ISA_KERNEL_REG_##name, #name}
#define NO_INIT_KIND 99u /* "-": a kind a kernel's .gh.init cannot name */
#define WIRE_ONLY_KIND(name) {WIRE_REG_##name, NO_INIT_KIND, #name}
static const struct {
    unsigned wire, init;
    const char *name;
} reg_kinds[] = {REG_KIND(GPR), REG_KIND(PRED), REG_KIND(UR), REG_KIND(UPRED),
                 WIRE_ONLY_KIND(PC_LO), WIRE_ONLY_KIND(PC_HI), WIRE_ONLY_KIND(LANE_STATUS)};
#undef REG_KIND
#undef WIRE_ONLY_KIND
static unsigned reg_rows_seen[sizeof reg_kinds / sizeof reg_kinds[0]];

/* A row `| 1 | PRED | 2 |`: WIRE_REG_PRED is 1, ISA_KERNEL_REG_PRED 2. */
static void check_reg_kind_row(const char *path, unsigned line, char *cells[3])
{
    char *end, *iend;
    unsigned long kind = strtoul(cells[0], &end, 10), init = strtoul(cells[2], &iend, 10);
    if (!strcmp(cells[2], "-"))
        init = NO_INIT_KIND, iend = cells[2] + 1;
    rows++;
    for (size_t i = 0; i < sizeof reg_kinds / sizeof reg_kinds[0]; i++)
        if (!*end && !*iend && !strcmp(reg_kinds[i].name, cells[1]) && reg_kinds[i].wire == kind &&
            reg_kinds[i].init == init) {
            reg_rows_seen[i]++;
            return;
        }
    failures++;
    fprintf(stderr, "%s:%u: register kind %s %s (.gh.init %s) is not enum wire_reg_kind's and isa_kernel_reg_kind's\n",
            path, line, cells[0], cells[1], cells[2]);
}

static void check_reg_kinds_complete(const char *path)
{
    for (size_t i = 0; i < sizeof reg_kinds / sizeof reg_kinds[0]; i++)
        if (reg_rows_seen[i] != 1) {
            failures++;
            fprintf(stderr, "%s: register kind %s is listed %u times in the WRITE_REG kinds table (once wanted)\n",
                    path, reg_kinds[i].name, reg_rows_seen[i]);
        }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_wire_doc docs/wire-protocol.md\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    samples();
    char text[1024], layout[64] = "";
    unsigned line = 0, tables = 0;
    while (fgets(text, sizeof text, f)) {
        line++;
        if (sscanf(text, "<!-- layout: %63[a-z_] -->", layout) == 1) {
            tables++;
            continue;
        }
        if (strncmp(text, "<!-- codes: errors -->", 22) == 0 || strncmp(text, "<!-- sizes: requests -->", 24) == 0 ||
            strncmp(text, "<!-- codes: reg_kinds -->", 25) == 0) {
            strcpy(layout, text[5] == 's' ? "requests" : text[12] == 'e' ? "errors" : "reg_kinds");
            tables++;
            continue;
        }
        if (!layout[0])
            continue;
        if (text[0] != '|') {
            if (text[0] != '\n')
                layout[0] = '\0'; /* the table ended */
            continue;
        }
        char *cells[4], *save;
        int n = 0;
        for (char *c = strtok_r(text, "|", &save); c && n < 4; c = strtok_r(NULL, "|", &save)) {
            while (*c == ' ')
                c++;
            char *e = c + strlen(c);
            while (e > c && (e[-1] == ' ' || e[-1] == '\n'))
                *--e = '\0';
            cells[n++] = c;
        }
        if (n < 3 || !strcmp(cells[0], "offset") || !strcmp(cells[0], "code") || !strcmp(cells[0], "type") ||
            !strcmp(cells[0], "kind") || cells[0][0] == '-')
            continue;
        if (!strcmp(layout, "requests"))
            check_request_row(argv[1], line, cells);
        else if (!strcmp(layout, "reg_kinds"))
            check_reg_kind_row(argv[1], line, cells);
        else if (cells[2][strcspn(cells[2], " ")] = '\0', !strcmp(layout, "errors"))
            check_error_row(argv[1], line, cells);
        else
            check_row(argv[1], line, layout, cells);
    }
    fclose(f);
    check_errors_complete(argv[1]);
    check_requests_complete(argv[1]);
    check_reg_kinds_complete(argv[1]);
    free(state);
    printf("%u tables, %u rows checked against the codecs, wire/protocol.h and isa/kernel.h: %u passed, %u failed\n",
           tables, rows, rows > failures ? rows - failures : 0, failures);
    return tables >= 8 && rows >= 68 && failures == 0 ? 0 : 1;
}
