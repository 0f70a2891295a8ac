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

#include "gpuhost/board.h"
#include "isa/isa.h"

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
    assert_int_equal(count, 7);
    /* sorted by file name */
    assert_string_equal(list[0].name, "model");
    assert_string_equal(list[1].name, "modelsim");
    assert_string_equal(list[2].name, "rtl");
    assert_string_equal(list[3].name, "usb");
    assert_string_equal(list[4].name, "usbemu-host");
    assert_string_equal(list[5].name, "usbemu-rtl");
    assert_string_equal(list[6].name, "usbemu");
    assert_string_equal(list[4].emulator_firmware, "host");
    assert_string_equal(list[5].emulator_dut, "rtl");
    assert_string_equal(list[6].emulator_firmware, "");

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
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nimplements = IALU FOO\n", 5,
                 "unknown instruction group 'FOO'");
    expect_error("[board]\nname = x\ntransport = model\n[dut]\nimplements = all IALU\n", 5, "\"all\" cannot");
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

/* Lines have no length limit: a 300-character comment and a 250-character
 * server path are read whole; a value too long for its field is refused on
 * its line, naming the key, its length and the limit. */
static void long_lines(void **state)
{
    (void)state;
    static char text[16384], value[8192];
    gh_board b;
    char err[512];
    snprintf(text, sizeof text, "; %0300d\n[board]\nname = x\ntransport = model\n", 0);
    if (gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err) != GH_BOARDS_OK)
        fail_msg("a long comment line refused: %s", err);

    memset(value, 0, sizeof value);
    strcpy(value, "/opt");
    while (strlen(value) < 250)
        strcat(value, "/a-rather-long-directory-name");
    strcat(value, "/gpu-modelsim");
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = zmq\nserver = %s ; a comment\n", value);
    if (gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err) != GH_BOARDS_OK)
        fail_msg("a %zu-character server path refused: %s", strlen(value), err);
    assert_string_equal(b.server, value);
    char target[GH_BOARD_PATH_MAX];
    gh_board_target(&b, target, sizeof target);
    assert_string_equal(target, value);

    /* the limits that remain: a path of PATH_MAX, a description, a CAPS name */
    memset(value, 'p', GH_BOARD_PATH_MAX);
    value[0] = '/';
    value[GH_BOARD_PATH_MAX] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = zmq\nserver = %s\n", value);
    expect_error(text, 4, "server: 4096 characters, more than the 4095 of a path (PATH_MAX)");
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = usb\nfirmware = %s\n", value);
    expect_error(text, 4, "firmware: 4096 characters, more than the 4095 of a path (PATH_MAX)");
    value[GH_BOARD_PATH_MAX - 1] = '\0'; /* 4095: fits */
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = zmq\nserver = %s\n", value);
    assert_int_equal(gh_board_parse_text("t.ini", text, strlen(text), &b, err, sizeof err), GH_BOARDS_OK);
    assert_int_equal(strlen(b.server), GH_BOARD_PATH_MAX - 1);

    memset(value, 'd', 1024);
    value[1024] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ndescription = %s\ntransport = model\n", value);
    expect_error(text, 3, "description: 1024 characters, more than the 1023 a description may have");
    value[64] = '\0';
    snprintf(text, sizeof text, "[board]\nname = x\ntransport = model\n[dut]\ntarget = %s\n", value);
    expect_error(text, 5, "target: 64 characters, more than the 63 of a name in CAPS (the wire's limit)");
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_boards),   cmocka_unit_test(syntax_error_line),
        cmocka_unit_test(unknown_section_and_key), cmocka_unit_test(bad_values),
        cmocka_unit_test(repeated_key),     cmocka_unit_test(missing_keys),
        cmocka_unit_test(duplicate_names),  cmocka_unit_test(io_errors),
        cmocka_unit_test(dir_override),     cmocka_unit_test(long_lines),
        cmocka_unit_test(crlf_and_bom),     cmocka_unit_test(nul_byte),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
