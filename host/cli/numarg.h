/* gpuhost CLI: numbers on the command line, parsed strictly. A number is
 * decimal or 0x-hexadecimal digits and nothing else: no sign, no spaces, no
 * exponent, so "-1" is never read as 2^64-1. An option may take a unit suffix
 * from its own table ("10s", "4M"); the value times the unit must still fit.
 * Every refusal names the option and says what it takes (exit status 2). */
#ifndef GH_NUMARG_H
#define GH_NUMARG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *suffix; /* NULL ends a table */
    uint64_t factor;
} gh_unit;

extern const gh_unit gh_units_count[];   /* k M G (x1000) */
extern const gh_unit gh_units_bytes[];   /* K KiB M MiB G GiB (x1024) */
extern const gh_unit gh_units_ms[];      /* ms s (milliseconds) */

enum { GH_NUM_OK = 0, GH_NUM_SYNTAX = -1, GH_NUM_RANGE = -2 };

/* Parses text (units NULL: a plain number) into *out. GH_NUM_SYNTAX when it
 * is not a number, GH_NUM_RANGE when it does not fit 64 bits. */
int gh_parse_u64(const char *text, const gh_unit *units, uint64_t *out);

/* An option's number within min..max, or -1 after telling stderr
 * "gpuhost CMD: --OPTION takes WHAT min..max, not 'TEXT'". */
int gh_option_u64(const char *cmd, const char *option, const char *what, const char *text,
                  const gh_unit *units, uint64_t min, uint64_t max, uint64_t *out);

/* --dump-mem ADDR:LEN:FILE: LEN 1..max bytes, the range inside memory
 * 0..end-1; 0, or -1 with a reason in why. */
int gh_parse_dump(const char *text, uint64_t max, uint64_t end, uint64_t *addr, uint64_t *len,
                  const char **path, char *why, size_t whylen);

/* Resets getopt_long before a command parses its options (glibc keeps a
 * pointer into the last argv unless optind is 0). */
void gh_getopt_reset(void);

#endif
