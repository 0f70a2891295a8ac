/* gpuhost CLI: subcommands and the exit codes they share. */
#ifndef GH_CLI_H
#define GH_CLI_H

enum gh_exit {
    GH_EXIT_OK = 0,       /* success (run: PASS) */
    GH_EXIT_INPUT = 1,    /* input rejected: assembly errors, malformed kernel */
    GH_EXIT_USAGE = 2,    /* bad command line */
    GH_EXIT_IO = 3,       /* a file could not be read or written */
    GH_EXIT_FAIL = 4,     /* run: an expectation does not hold */
    GH_EXIT_TRAP = 5,     /* run: the kernel trapped */
    GH_EXIT_LIMIT = 6,    /* run: --max-insns reached first */
    GH_EXIT_DIVERGED = 7, /* lockstep: the target differs from the model */
    GH_EXIT_TARGET = 8,   /* the target failed: no server, a dead link, a timeout, a watchdog */
    GH_EXIT_UNSUPPORTED = 9, /* the kernel uses an instruction the target lacks */
    GH_EXIT_UNVERIFIED = 10, /* run: --free-run finished: nothing was compared, nothing verified */
    GH_EXIT_DUT = 11,        /* run: the DUT hung, broke the port contract or the wire protocol: never retried */
    GH_EXIT_EMULATED = 12,   /* run: lockstep clean, but the host emulated what the board's `lacks` does not name */
};

#include <stdbool.h>
#include <stdint.h>


#include "gpuhost/gpuhost.h"

/* Takes every "--board NAME" / "--board=NAME" before a "--" out of argv
 * (NULL-terminated again, *argc updated); *board NULL when none. An exit status. */
int gh_take_board_option(int *argc, char **argv, const char **board);
/* The kernel at path: kernel.s assembled (when assemble), a raw instruction
 * stream (raw), else kernel.bin. Errors on stderr as "gpuhost CMD: ..."; 0 or -1. */
int gh_read_kernel(const char *cmd, const char *path, bool raw, bool assemble, isa_kernel **out);
/* run's options alone, nothing run (the CLI fuzz target): an exit status. */
int gh_cmd_run_parse_only(int argc, char **argv);
/* The descriptor --board names (errors printed; returns an exit code). */
int gh_board_lookup(const char *name, gh_board *out);

int gh_cmd_info(const char *board, int argc, char **argv);
int gh_cmd_variants(int argc, char **argv);
int gh_cmd_caps_words(int argc, char **argv);
int gh_cmd_gen(const char *board, int argc, char **argv);
int gh_cmd_boards(int argc, char **argv);
int gh_cmd_coverage(int argc, char **argv);
int gh_cmd_keygen(int argc, char **argv);
int gh_cmd_resource_spec(const char *boards_dir, int argc, char **argv);
int gh_cmd_asm(int argc, char **argv);
int gh_cmd_disasm(int argc, char **argv);
int gh_cmd_run(const char *board, int argc, char **argv);
int gh_cmd_selftest(const char *board, int argc, char **argv);

/* A progress line on stderr while a run lasts, when stderr is a terminal. */
void gh_progress(uint64_t instructions);
void gh_progress_done(void);

/* Prints a line of the run's report and keeps it for --junit. */
void gh_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A property of the run for the JUnit report (<properties>); a name given again replaces its value. */
void gh_junit_property(const char *name, const char *value);
/* One <testcase> for the kernel: failure for FAIL/divergence/trap/limit, error otherwise. */
int gh_write_junit(const char *path, const char *board, const char *kernel, int status, double seconds);

/* ctest_resources.c: the board instance CTest allocated to this test: a
 * serial, or an endpoint with its CURVE key files when the pool listed them
 * (all "" when none or a local one); -1 when malformed. */
typedef struct {
    char serial[256], endpoint[256];
    char server_key[1024], client_key[1024];
} gh_ctest_instance;
int gh_ctest_resource(const char *board, gh_ctest_instance *out);
/* A board's CTest resource type ("usbemu-rtl" -> "usbemu_rtl") and an
 * instance's id (kind 's' serial, 'e' endpoint, 'c' "ENDPOINT\nSERVER_KEY\n
 * CLIENT_KEY"); 0, or -1 when the id would not fit in len. */
#define GH_RESOURCE_ID_MAX 2048
void gh_resource_type(const char *board, char *out, size_t len);
int gh_resource_id(char kind, const char *text, char *out, size_t len);

/* run_report.c */
void gh_install_signal_handlers(void);
/* On stderr, when the target's core presents an older port contract than this
 * gpuhost's (no CONTRACT word): which capability words it presents, and so
 * what it cannot have said it lacks. */
void gh_warn_old_contract(const gh_target *t);
void gh_report_run(const gh_board *b, gh_target *t, const isa_kernel *k, const char *path, const gh_run_opts *o,
                   const gh_run_result *res, bool quiet);
void gh_record_waveform(const gh_board *b, const isa_kernel *k, const gh_target_opts *o, const gh_run_opts *ro,
                        uint64_t at);

#endif
