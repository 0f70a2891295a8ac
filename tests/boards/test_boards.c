/* Board descriptors: the built-in boards load, and malformed descriptors are
 * rejected with FILE:LINE and the reason. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gm/fp_layout.h"
#include "gpuhost/board.h"
#include "isa_access.h"
#include "board_lacks.h"
#include "isa/isa.h"
#include "max_ulp.h"

static char tmpdir[256];

static int make_dir(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/gh-boards-XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static void clear_dir(void)
{
    static const char *const names[] = {"a.ini", "b.ini", "bad.ini"};
    char path[512];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
        unlink(path);
    }
}

static int remove_dir(void **state)
{
    (void)state;
    clear_dir();
    return rmdir(tmpdir);
}

static void write_file(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Loads the temporary directory holding only bad.ini = text; expects a
 * malformed-descriptor error "bad.ini:LINE: ..." containing `reason`. */
static void expect_error(const char *text, int line, const char *reason)
{
    clear_dir();
    write_file("bad.ini", text);
    gh_board *list = NULL;
    size_t count = 0;
    char err[512] = "";
    int rc = gh_boards_load(tmpdir, &list, &count, err, sizeof err);
    char where[64];
    snprintf(where, sizeof where, "bad.ini:%d: ", line);
    if (rc != GH_BOARDS_MALFORMED || !strstr(err, where) || !strstr(err, reason))
        fail_msg("expected \"%s%s\", got rc %d \"%s\"", where, reason, rc, err);
    assert_null(list);
}

static void builtin_boards(void **state)
{
    (void)state;
    gh_board *list;
    size_t count;
    char err[512];
    int rc = gh_boards_load(GH_BOARDS_TEST_DIR, &list, &count, err, sizeof err);
    if (rc != GH_BOARDS_OK)
        fail_msg("%s", err);
    assert_int_equal(count, 8);
    /* sorted by file name */
    assert_string_equal(list[0].name, "model");
    assert_string_equal(list[1].name, "modelsim");
    assert_string_equal(list[2].name, "rtl");
    assert_string_equal(list[3].name, "usb");
    assert_string_equal(list[4].name, "usbemu-host");
    assert_string_equal(list[5].name, "usbemu-rtl");
    assert_string_equal(list[6].name, "usbemu");
    assert_string_equal(list[7].name, "usbsim");
    assert_string_equal(list[4].emulator_firmware, "host");
    assert_string_equal(list[5].emulator_dut, "rtl");
    assert_string_equal(list[6].emulator_firmware, "");
    assert_string_equal(list[7].emulator_firmware, "gateware");

    const gh_board *usb = gh_board_find(list, count, "usb");
    assert_non_null(usb);
    assert_int_equal(usb->transport, GH_TRANSPORT_USB);
    assert_true(usb->has_usb);
    assert_int_equal(usb->usb.vid, 0x1209);
    assert_int_equal(usb->usb.pid, 0x6770);
    assert_int_equal(usb->usb.interface, 0);
    assert_int_equal(usb->usb.ep_out, 0x01);
    assert_int_equal(usb->usb.ep_in, 0x81);
    assert_int_equal(usb->usb.max_packet, 512);
    assert_string_equal(usb->firmware, "gh-ref-fw.elf");
    assert_false(usb->implements_all);
    assert_string_equal(usb->implements, "IALU XU SYNCOp EXT_CTRL EXT_MEM");

    const gh_board *rtl = gh_board_find(list, count, "rtl");
    assert_non_null(rtl);
    assert_int_equal(rtl->transport, GH_TRANSPORT_ZMQ);
    assert_string_equal(rtl->server, "gpu-rtlsim");
    assert_false(rtl->has_usb);
    assert_int_equal(rtl->warps, 4);
    assert_int_equal(rtl->max_ulp, 1);

    const gh_board *modelsim = gh_board_find(list, count, "modelsim");
    assert_non_null(modelsim);
    assert_string_equal(modelsim->server, "gpu-modelsim");
    assert_true(modelsim->implements_all);

    const gh_board *model = gh_board_find(list, count, "model");
    assert_non_null(model);
    assert_int_equal(model->transport, GH_TRANSPORT_MODEL);

    assert_null(gh_board_find(list, count, "nosuch"));
    assert_null(gh_board_find(list, count, NULL));

    char target[64];
    gh_board_target(usb, target, sizeof target);
    assert_string_equal(target, "usb 1209:6770");
    gh_board_target(rtl, target, sizeof target);
    assert_string_equal(target, "gpu-rtlsim");
    gh_boards_free(list);
}

static void syntax_error_line(void **state)
{
    (void)state;
    expect_error("[board]\nname = x\ntransport = model\nthis line has no equals sign\n", 4, "syntax error");
    expect_error("[board\nname = x\n", 1, "syntax error");
}

static void unknown_section_and_key(void **state)
{
    (void)state;
    expect_error("[board]\nname = x\ntransport = model\n\n[gpu]\nwarps = 2\n", 6, "unknown section [gpu]");
    expect_error("; comment\n[board]\nname = x\ntranport = model\n", 4, "unknown key 'tranport' in [board]");
    expect_error("name = x\n", 1, "outside a section");
}

static void bad_values(void **state)
{
    (void)state;
    expect_error("[board]\nname = x\ntransport = pcie\n", 3, "transport 'pcie'");
    expect_error("[board]\nname = has space\ntransport = model\n", 2, "name 'has space'");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nvid = 0x12090\npid = 1\n", 5, "vid '0x12090'");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nvid = -1\n", 5, "vid '-1'");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nvid = 1\npid = 2\ninterface = 0\n"
                 "ep_out = 0x81\n",
                 8, "ep_out '0x81'");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nep_in = 0x01\n", 5, "ep_in '0x01'");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nmax_packet = 500\n", 5, "max_packet '500'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nwarps = 0\n", 5, "warps '0'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nwarps = 65\n", 5, "warps '65'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nmax_ulp = 256\n", 5, "max_ulp '256'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nmax_ulp = 1 EX3.F32:2\n", 5, "max_ulp 'EX3.F32'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nmax_ulp = EX2.F32:2 1\n", 5,
                 "'1': the bound for every function comes first");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nmax_ulp = 1 EX2.F32:300\n", 5, "'EX2.F32:300'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nimplements = IALU FOO\n", 5,
                 "unknown instruction group 'FOO'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nimplements = all IALU\n", 5, "\"all\" cannot");
}

/* max_ulp's overrides: the most specific applies, the least over what a
 * declared tolerance covers bounds it. */
static void max_ulp_rules(void **state)
{
    (void)state;
    clear_dir();
    write_file("a.ini", "[board]\nname = x\ntransport = model\n[dut]\nmax_ulp = 2 EX2.*:3 EX2.F16:1 RCP.*:0\n");
    gh_board *list = NULL;
    size_t count = 0;
    char err[512] = "";
    assert_int_equal(gh_boards_load(tmpdir, &list, &count, err, sizeof err), 0);
    assert_int_equal(count, 1);
    const gh_board *b = &list[0];
    assert_int_equal(b->max_ulp, 2);
    assert_int_equal(b->ulp_rule_count, 3);
    char text[256];
    gh__max_ulp_text(b, text, sizeof text);
    assert_string_equal(text, "2 EX2.*:3 EX2.F16:1 RCP.*:0");
    const uint8_t mufu = (uint8_t)gm_mufu_optype(), any = GH_TOLERANCE_ANY;
    gh_tolerance where;
    /* EX2.F32: EX2.* (3); EX2.F16: its own rule (1); EX2.*: the least of them (1); LG2.F32: the default */
    assert_int_equal(gh__board_allows(b, &(gh_tolerance){mufu, ISA_V_mufuop_EX2, ISA_V_dtype_F32, 3}, &where), 3);
    assert_int_equal(gh__board_allows(b, &(gh_tolerance){mufu, ISA_V_mufuop_EX2, ISA_V_dtype_F16, 3}, &where), 1);
    assert_int_equal(gh__board_allows(b, &(gh_tolerance){mufu, ISA_V_mufuop_EX2, any, 3}, &where), 1);
    assert_int_equal(where.format, ISA_V_dtype_F16);
    assert_int_equal(gh__board_allows(b, &(gh_tolerance){mufu, ISA_V_mufuop_LG2, ISA_V_dtype_F32, 3}, &where), 2);
    assert_int_equal(gh__board_allows(b, &(gh_tolerance){mufu, any, any, 3}, &where), 0);
    assert_int_equal(where.function, ISA_V_mufuop_RCP);
    gh_boards_free(list);
}

static void repeated_key(void **state)
{
    (void)state;
    expect_error("[board]\nname = x\ntransport = model\nname = y\n", 4, "'name' given twice (first on line 2)");
}

static void missing_keys(void **state)
{
    (void)state;
    expect_error("; no sections at all\n", 1, "no [board] section");
    expect_error("\n\n[board]\nname = x\n", 3, "[board] has no 'transport'");
    expect_error("[board]\nname = x\ntransport = zmq\n", 1, "transport zmq needs 'server'");
    expect_error("[board]\nname = x\ntransport = usb\n", 3, "transport usb needs a [usb] section");
    expect_error("[board]\nname = x\ntransport = usb\n\n[usb]\nvid = 0x1209\npid = 0x6770\n", 5,
                 "[usb] has no 'interface'");
    expect_error("[board]\nname = x\ntransport = model\nserver = gpu-rtlsim\n", 4, "'server' is for zmq boards");
    expect_error("[board]\nname = x\ntransport = model\n[usb]\nvid = 1\n", 4, "[usb] given for transport model");
}

static void duplicate_names(void **state)
{
    (void)state;
    clear_dir();
    write_file("a.ini", "[board]\nname = same\ntransport = model\n");
    write_file("b.ini", "[board]\nname = same\ntransport = model\n");
    gh_board *list = NULL;
    size_t count;
    char err[512];
    assert_int_equal(gh_boards_load(tmpdir, &list, &count, err, sizeof err), GH_BOARDS_MALFORMED);
    assert_non_null(strstr(err, "b.ini: board 'same' is already described by"));
    assert_non_null(strstr(err, "a.ini"));
    assert_null(list);
}

static void io_errors(void **state)
{
    (void)state;
    gh_board *list = NULL;
    size_t count;
    char err[512];
    assert_int_equal(gh_boards_load("/nonexistent/gh-boards", &list, &count, err, sizeof err), GH_BOARDS_IO);
    assert_non_null(strstr(err, "/nonexistent/gh-boards"));
    clear_dir();
    assert_int_equal(gh_boards_load(tmpdir, &list, &count, err, sizeof err), GH_BOARDS_IO);
    assert_non_null(strstr(err, "no board descriptors"));
}

static void dir_override(void **state)
{
    (void)state;
    assert_string_equal(gh_boards_dir("/x"), "/x");
    assert_non_null(gh_boards_dir(NULL)); /* the build defines GH_BOARDS_DIR */
}

/* A line is at most the INI_MAX_LINE - 1 characters libinih reads in one
 * piece (199: Debian builds it with INI_MAX_LINE 200), its line end (LF or
 * CR LF) included. A longer one is refused on its own line before anything
 * is parsed, naming its length and that limit, never cut in two (the rest
 * would be read as another line); one that fits is read whole, and a value
 * on it is held whole (a server path of about 170 characters). A value too
 * long for its field is refused on its line, naming the key, its length and
 * the limit. */
static void long_lines(void **state)
{
    (void)state;
    static char text[16384], value[8192];
    gh_board b;
    char err[512];
    snprintf(text, sizeof text, "; %0300d\n[board]\nname = x\ntransport = model\n", 0);
    expect_error(text, 1, "a line of 303 characters, more than the 199 libinih reads (INI_MAX_LINE)");
    memset(value, 0, sizeof value);
    for (size_t i = 0; i + 5 < 260; i += 5)
        memcpy(value + i, "IALU ", 5);
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\nimplements = %s\n", value);
    expect_error(text, 5, "a line of 269 characters, more than the 199 libinih reads (INI_MAX_LINE)");
    /* before anything is parsed: an error on an earlier line does not hide it */
    snprintf(text, sizeof text, "[board]\nnmae = x\ntransport = model\n; %0250d\n", 0);
    expect_error(text, 4, "a line of 253 characters, more than the 199 libinih reads");

    /* 198 characters and the LF: accepted whole; one more is refused */
    char fits[200];
    memset(fits, ' ', sizeof fits);
    memcpy(fits, "implements = IALU", 17);
    memcpy(fits + 193, " EXT_", 5);
    fits[198] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\n%s\n", fits);
    expect_error(text, 5, "unknown instruction group 'EXT_'"); /* the last word arrived whole */
    memcpy(fits + 193, " XU  ", 5);
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\n%s\n", fits);
    assert_int_equal(gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err), GH_BOARDS_OK);
    assert_string_equal(b.implements, "IALU XU");
    /* ... and without a line end, at the end of the file: 198 + 1 */
    fits[198] = ' ';
    fits[199] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\n%s", fits);
    assert_int_equal(gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err), GH_BOARDS_OK);
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\n%s\n", fits);
    expect_error(text, 5, "a line of 200 characters, more than the 199 libinih reads (INI_MAX_LINE)");
    /* CR LF counts two: 197 and CR LF fit, 198 do not */
    fits[197] = '\0';
    snprintf(text, sizeof text, "[board]\r\nname = x\r\ntransport = model\r\n[dut]\r\n%s\r\n", fits);
    assert_int_equal(gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err), GH_BOARDS_OK);
    assert_string_equal(b.implements, "IALU XU");
    fits[197] = ' ';
    fits[198] = '\0';
    snprintf(text, sizeof text, "[board]\r\nname = x\r\ntransport = model\r\n[dut]\r\n%s\r\n", fits);
    expect_error(text, 5, "a line of 200 characters, more than the 199 libinih reads (INI_MAX_LINE)");

    /* a server path of about 170 characters: held whole */
    memset(value, 0, sizeof value);
    strcpy(value, "/opt");
    while (strlen(value) < 130) /* 149, and "/gpu-modelsim": 162 */
        strcat(value, "/a-rather-long-directory-name");
    strcat(value, "/gpu-modelsim");
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = zmq\nserver = %s ; a comment\n", value);
    if (gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err) != GH_BOARDS_OK)
        fail_msg("a %zu-character server path refused: %s", strlen(value), err);
    assert_string_equal(b.server, value);
    char target[GH_BOARD_PATH_MAX];
    gh_board_target(&b, target, sizeof target);
    assert_string_equal(target, value);
    /* a longer one: the line is too long for libinih, never the path cut */
    strcat(value, "/and-a-directory-name-more-to-fit-no-line"); /* 203 */
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = zmq\nserver = %s\n", value);
    char why[160];
    snprintf(why, sizeof why, "a line of %zu characters, more than the 199 libinih reads (INI_MAX_LINE)",
             strlen("server = ") + strlen(value) + 1);
    expect_error(text, 4, why);

    /* the limits of the fields within a line: a CAPS name, a board name */
    memset(value, 'd', 64);
    value[64] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\ntarget = %s\n", value);
    expect_error(text, 5, "target: 64 characters, more than the 63 of a name in CAPS (the wire's limit)");
    value[63] = '\0'; /* 63: fits */
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\ntarget = %s\n", value);
    assert_int_equal(gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err), GH_BOARDS_OK);
    assert_string_equal(b.target, value);
    snprintf(text, sizeof text, "[board]\nname = %s\ntransport = model\n", value);
    expect_error(text, 2, "use 1 to 31 letters, digits");

    /* implements holds every group the spec defines, each once */
    const isa_tables *t = isa_tables_get();
    char groups[1024] = "";
    for (uint32_t v = 0; v < t->variant_count; v++) {
        const char *g = t->variants[v].group;
        bool seen = false;
        for (uint32_t u = 0; g && u < v && !seen; u++)
            seen = t->variants[u].group && strcmp(t->variants[u].group, g) == 0;
        if (g && !seen)
            snprintf(groups + strlen(groups), sizeof groups - strlen(groups), "%s%s", *groups ? " " : "", g);
    }
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\nimplements = %s\n", groups);
    if (gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err) != GH_BOARDS_OK)
        fail_msg("every group refused: %s", err);
    assert_string_equal(b.implements, groups);
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nimplements = IALU XU IALU\n", 5,
                 "implements: 'IALU' named twice");

    /* a descriptor is at most 64 KiB, however it is given */
    static char big[70000];
    memset(big, '\n', sizeof big);
    memcpy(big, "[board]\n", 8);
    assert_int_equal(gh_board_parse_text("big.ini", big, sizeof big, &b, err, sizeof err), GH_BOARDS_MALFORMED);
    assert_non_null(strstr(err, "big.ini: not a board descriptor: 70000 bytes, more than 65536"));
}

/* CRLF line ends and a UTF-8 byte order mark read as LF and no mark do. */
static void crlf_and_bom(void **state)
{
    (void)state;
    const char *lf = "[board]\nname = x\ntransport = model\n[dut]\nwarps = 4\nimplements = IALU XU\n";
    const char *crlf = "\xef\xbb\xbf[board]\r\nname = x\r\ntransport = model\r\n[dut]\r\nwarps = 4\r\n"
                       "implements = IALU XU\r\n";
    gh_board a, b;
    char err[512];
    assert_int_equal(gh_board_parse_text("a.ini", lf, strlen(lf), &a, err, sizeof err), GH_BOARDS_OK);
    if (gh_board_parse_text("a.ini", crlf, strlen(crlf), &b, err, sizeof err) != GH_BOARDS_OK)
        fail_msg("CRLF + BOM refused: %s", err);
    assert_memory_equal(&a, &b, sizeof a);
    expect_error("\xef\xbb\xbf[board]\r\nname = x\r\ntransport = pcie\r\n", 3, "transport 'pcie'");
}

/* A NUL byte ends nothing silently: the descriptor is refused. */
static void nul_byte(void **state)
{
    (void)state;
    const char text[] = "[board]\nname = x\0y\ntransport = model\n";
    gh_board b;
    char err[512];
    assert_int_equal(gh_board_parse_text("n.ini", text, sizeof text - 1, &b, err, sizeof err), GH_BOARDS_MALFORMED);
    assert_non_null(strstr(err, "n.ini:2: NUL byte"));
    assert_int_equal(gh_board_parse_text("e.ini", "", 0, &b, err, sizeof err), GH_BOARDS_MALFORMED);
    assert_non_null(strstr(err, "e.ini:1: no [board] section"));
}

/* [dut] stress: a setting the RTL servers take, only where the harness drives the DUT port */
static void stress_key(void **state)
{
    (void)state;
    gh_board b;
    char err[512];
    const char zmq[] = "[board]\nname = x\ntransport = zmq\nserver = gpu-rtlsim\n[dut]\nstress = 7:light,mem-max=9\n";
    assert_int_equal(gh_board_parse_text("t.ini", zmq, strlen(zmq), &b, err, sizeof err), GH_BOARDS_OK);
    assert_string_equal(b.stress, "7:light,mem-max=9");
    const char emu[] = "[board]\nname = x\ntransport = usb\nemulator = gpu-usbemu\nemulator_dut = rtl\n[usb]\n"
                       "vid = 1\npid = 2\ninterface = 0\nep_out = 1\nep_in = 0x81\nmax_packet = 512\n[dut]\nstress = 3\n";
    assert_int_equal(gh_board_parse_text("t.ini", emu, strlen(emu), &b, err, sizeof err), GH_BOARDS_OK);
    assert_string_equal(b.stress, "3");
    expect_error("[board]\nname = x\ntransport = zmq\nserver = s\n[dut]\nstress = 7:wild\n", 6,
                 "stress '7:wild': 'wild' is neither a profile");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nstress = 7\n", 5,
                 "'stress' is for boards whose DUT port the harness drives");
    expect_error("[board]\nname = x\ntransport = usb\n[usb]\nvid = 1\npid = 2\ninterface = 0\nep_out = 1\n"
                 "ep_in = 0x81\nmax_packet = 512\n[dut]\nstress = 7\n", 12, "not this usb board");
}

/* [dut] lacks: groups, types and variants by name, none or all alone */
static void lacks_key(void **state)
{
    (void)state;
    gh_board b;
    char err[512];
    const char ok[] = "[board]\nname = x\ntransport = model\n[dut]\nlacks = HALU, IADD IMAD_RIR\n";
    assert_int_equal(gh_board_parse_text("t.ini", ok, strlen(ok), &b, err, sizeof err), GH_BOARDS_OK);
    assert_true(b.has_lacks);
    assert_string_equal(b.lacks_text, "HALU IADD IMAD_RIR");
    const isa_tables *tab = isa_tables_get();
    for (uint32_t v = 0; v < tab->variant_count; v++) {
        const isa_variant *iv = &tab->variants[v];
        bool named = strcmp(iv->group, "HALU") == 0 || strcmp(iv->optype, "IADD") == 0 ||
                     strcmp(iv->name, "IMAD_RIR") == 0;
        assert_int_equal(gh__board_may_lack(&b, v), named);
    }
    const char none[] = "[board]\nname = x\ntransport = model\n[dut]\nlacks = none\n";
    assert_int_equal(gh_board_parse_text("t.ini", none, strlen(none), &b, err, sizeof err), GH_BOARDS_OK);
    assert_true(b.has_lacks && !gh__board_may_lack(&b, 0));
    const char all[] = "[board]\nname = x\ntransport = model\n[dut]\nlacks = all\n";
    assert_int_equal(gh_board_parse_text("t.ini", all, strlen(all), &b, err, sizeof err), GH_BOARDS_OK);
    assert_true(gh__board_may_lack(&b, tab->variant_count - 1));
    const char absent[] = "[board]\nname = x\ntransport = model\n";
    assert_int_equal(gh_board_parse_text("t.ini", absent, strlen(absent), &b, err, sizeof err), GH_BOARDS_OK);
    assert_true(!b.has_lacks && !gh__board_may_lack(&b, 0));
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nlacks = IADD NO_SUCH\n", 5,
                 "lacks: 'NO_SUCH' is no instruction group, type or opcode variant");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nlacks = none IADD\n", 5,
                 "'none' and 'all' stand alone");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nlacks =\n", 5, "lacks: empty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_boards),   cmocka_unit_test(syntax_error_line),
        cmocka_unit_test(unknown_section_and_key), cmocka_unit_test(bad_values),
        cmocka_unit_test(repeated_key),     cmocka_unit_test(missing_keys), cmocka_unit_test(max_ulp_rules),
        cmocka_unit_test(duplicate_names),  cmocka_unit_test(io_errors),
        cmocka_unit_test(dir_override),     cmocka_unit_test(long_lines),
        cmocka_unit_test(crlf_and_bom),     cmocka_unit_test(nul_byte), cmocka_unit_test(stress_key),
        cmocka_unit_test(lacks_key),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
