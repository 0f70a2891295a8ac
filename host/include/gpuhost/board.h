/* Board descriptors: boards/NAME.ini, one per board gpuhost can drive.
 *
 *   [board]  name         the --board NAME (letters, digits, '-', '_')
 *            description  free text (optional)
 *            transport    model | zmq | usb
 *            server       zmq boards only: the server program (gpu-rtlsim, gpu-modelsim)
 *            wave         zmq boards only: yes when the server records FST waveforms
 *                         (--wave: gpu-rtlsim and every gpuhost_add_rtl_server
 *                         server); default yes for gpu-rtlsim, no otherwise
 *            firmware     the firmware image the board runs (optional)
 *            emulator, emulator_dut (model | rtl), emulator_firmware (image | host):
 *                         usb boards emulated on the host (gpu-usbemu)
 *   [usb]    usb boards only (and required there): vid, pid (0..0xffff),
 *            interface (0..255), ep_out (0x01..0x0f), ep_in (0x81..0x8f),
 *            max_packet (8, 16, 32, 64, 512 or 1024)
 *   [dut]    warps        1..64, what the DUT was built with (CAPS is authoritative;
 *                         a difference is a warning)
 *            implements   "all" or instruction groups as isa/spec names them
 *                         (IALU XU SYNCOp HALU EXT_CTRL EXT_MEM EXT_FP32 ...): what
 *                         the board runs, at most; it narrows what the target
 *                         claims (a kernel outside it exits 9, naming the
 *                         group) and never refuses a core for what it lacks
 *            target       the name the target must give in CAPS (optional; e.g.
 *                         "gpu_core RTL (Verilator)"): a run is refused when another
 *                         target answers (an rtl board served by the model)
 *            max_ulp      N [FUNCTION.FORMAT:N ...]: the most ulps a result of an
 *                         approximate instruction (MUFU) may lie from the
 *                         model's: N for every function and format (default
 *                         0: exact), then overrides such as EX2.F32:2 or
 *                         RCP.*:0 (* any; the most specific applies). The
 *                         user's bound, not the target's: a target may declare
 *                         tighter tolerances in CAPS, and one that declares a
 *                         looser one for any function or format is refused
 *            lacks        NAME ...: what the target may lack, at most: groups,
 *                         instruction types or opcode variants (gpuhost variants
 *                         names them), none, or all (anything). A target that lacks more is refused;
 *                         --emulate-unimplemented PASSes only on these (else the
 *                         verdict is EMULATED, exit 12)
 *            stress       SEED[:PROFILE[,KNOB=N...]]: the board side stresses the
 *                         DUT's handshakes (hdl_stubs/README.md, "Stress"); only
 *                         boards whose DUT port the harness drives (an RTL server,
 *                         an emulator_dut = rtl); --stress overrides it
 *
 * Unknown sections or keys, repeated keys, bad values and missing required
 * keys are errors naming FILE:LINE and the reason; a missing key is reported
 * at the first line of its section (or of the file). Parsed with libinih: a
 * line is at most INI_MAX_LINE - 1 characters of <ini.h> (199 on Debian),
 * its line end included, and a longer one is an error naming its length and
 * that limit, never cut; a value longer than its field below is an error
 * naming the key, its length and the field's limit. */
#ifndef GPUHOST_BOARD_H
#define GPUHOST_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { GH_TRANSPORT_MODEL = 0, GH_TRANSPORT_ZMQ = 1, GH_TRANSPORT_USB = 2 } gh_transport;

/* The longest path a descriptor names (server, firmware, emulator) or is
 * read from, with its NUL: PATH_MAX on Linux, the most the system opens or
 * runs. */
#define GH_BOARD_PATH_MAX 4096

typedef struct {
    char name[32];
    char description[1024];
    gh_transport transport;
    char server[GH_BOARD_PATH_MAX];   /* zmq: the server program (a name or a path); "" otherwise */
    char firmware[GH_BOARD_PATH_MAX]; /* "" when the descriptor names none */
    char emulator[GH_BOARD_PATH_MAX]; /* usb: a program that emulates the board (gpu-usbemu), started on open */
    char emulator_dut[16]; /* the emulated board's DUT: "model" or "rtl" ("" = the emulator's default) */
    char emulator_firmware[16]; /* what the emulated board runs: "image" (the rv32 image on the emulated soft
                                 * core), "gateware" (the image on the Verilated SoC) or "host" (the firmware
                                 * core compiled for the host, faster); "" = default */
    char file[GH_BOARD_PATH_MAX]; /* the descriptor it came from */
    bool has_usb;
    bool waves; /* zmq: the server records FST waveforms (--wave); `wave = yes|no`, default yes for gpu-rtlsim */
    struct {
        uint16_t vid, pid;
        uint8_t interface, ep_out, ep_in;
        uint16_t max_packet;
    } usb;
    char target[64];      /* the CAPS name the target must give; "" = any (64: wire_caps.name's size) */
    char stress[160];     /* the stress setting runs take unless --stress says otherwise; "" none */
    uint32_t warps;       /* 0 when the descriptor does not say */
    uint32_t max_ulp;     /* the largest tolerance a target may declare; 0: exact */
    unsigned ulp_rule_count; /* max_ulp's FUNCTION.FORMAT:N overrides, most specific first */
    struct {
        uint8_t function, format, ulp; /* MUFU's mufuop and dtype values, or 0xff: any */
    } ulp_rules[16];
    /* `lacks`: what its target may lack at most (groups, types, variants, as
     * `gpuhost variants` names them, a variant's modifier values as
     * MOV_R.64; "none": nothing; "all": anything). A target lacking more
     * is refused (TARGET REFUSED); a run in which the host emulated only
     * these (--emulate-unimplemented) may PASS; without the key, a run that
     * emulated anything ends EMULATED (exit 12), never PASS. */
    bool has_lacks;
    uint8_t lacks[32];     /* bit v: ISA-table variant v may be lacking */
    unsigned lacks_value_count; /* modifier values it may lack (MOV_R.64), as isa/modifier.h reads them */
    struct {
        uint16_t variant, field, value;
    } lacks_values[32];
    char lacks_text[200];  /* the list as written, single spaces */
    bool implements_all;  /* "all" */
    char implements[256]; /* the group list as written (each group once), normalised to single spaces; "all" */
} gh_board;

/* Result codes of gh_boards_load. */
enum { GH_BOARDS_OK = 0, GH_BOARDS_IO = -1, GH_BOARDS_MALFORMED = -2 };

/* Loads every *.ini in dir, sorted by file name. On success *list (free with
 * gh_boards_free) and *count are set and 0 is returned; otherwise
 * GH_BOARDS_IO (the directory or a file cannot be read; no descriptor there)
 * or GH_BOARDS_MALFORMED, with "FILE:LINE: reason" in err, and nothing
 * allocated. Two descriptors with one name are an error. */
int gh_boards_load(const char *dir, gh_board **list, size_t *count, char *err, size_t errlen);
/* Parses one descriptor file (same errors). Only a regular file of at most
 * 64 KiB is read (a FIFO or device is refused at once); a line is at most
 * INI_MAX_LINE - 1 characters (199), its line end included (a longer one is
 * an error, never cut); CRLF line ends and a UTF-8 byte order mark are
 * accepted. */
int gh_board_parse_file(const char *path, gh_board *out, char *err, size_t errlen);
/* The same from len bytes of text, named name in messages (tests, fuzzing). */
int gh_board_parse_text(const char *name, const char *text, size_t len, gh_board *out, char *err,
                        size_t errlen);
void gh_boards_free(gh_board *list);

/* The board called name, or NULL. */
const gh_board *gh_board_find(const gh_board *list, size_t count, const char *name);

/* The descriptor directory: override when given, else $GPUHOST_BOARDS_DIR,
 * else the build tree's boards/, else the installed share/gpuhost/boards. */
const char *gh_boards_dir(const char *override);
/* The serials of the USB boards present that match b's VID:PID (those whose
 * serial is readable), at most max. 0, or GH_ERR_TARGET with err. */
int gh_board_list_usb(const gh_board *b, char (*serials)[64], size_t max, size_t *count, char *err,
                      size_t errlen);
/* The program a board names (gpu-modelsim, gpu-rtlsim, gpu-usbemu): the
 * build tree's, else the installed one; other names as given. */
const char *gh_board_program(const char *name);

const char *gh_transport_name(gh_transport t); /* "model", "zmq", "usb" */
/* Where the board is reached, e.g. "in-process", "gpu-rtlsim", "usb 1209:6770". */
void gh_board_target(const gh_board *b, char *out, size_t len);
/* A multi-line description (for `gpuhost boards NAME` and `info`). */
void gh_board_print(const gh_board *b, FILE *f);

#endif
