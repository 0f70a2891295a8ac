/* libgpuhost: coverage of what runs exercised. `gpuhost run --coverage FILE`
 * (gh_run_opts.coverage) writes one record per run: the board, the variants
 * its target implements, and per variant the hits, guarded hits and hits with
 * lanes partially active, and per modifier field the values seen:
 *   gpuhost-coverage 2
 *   board NAME
 *   implements VARIANT...
 *   variant VARIANT HITS GUARDED PARTIAL
 *   modifier VARIANT FIELD VALUE HITS
 *   end
 * (version 1, still read, has no end line). Records from many runs, boards
 * and machines are summed by merging; a malformed or truncated record (a
 * version 2 record without its end line, a line cut short, a count that is
 * not decimal 0..2^64-1, sums past 2^64-1) is refused at FILE:LINE. */
#ifndef GPUHOST_COVERAGE_H
#define GPUHOST_COVERAGE_H

#include <stddef.h>
#include <stdio.h>

/* Sums the records in paths into a text table (per board: variants hit of
 * those implemented, the never-hit list, hits per variant) and, when html is
 * given, a static HTML page with the modifier values too. 0, or GH_ERR_INPUT
 * / GH_ERR_IO with "FILE:LINE: reason" in err. */
int gh_coverage_merge(const char *const *paths, size_t count, FILE *text, FILE *html, char *err, size_t errlen);

#endif
