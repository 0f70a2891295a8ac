/* libgpuhost: the kernels of gh_selftest as assembly text (isa/asmfile.h):
 * what the backdoor writes, the code the loader places, gen's kernels. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa/isa.h"
#include "isa/random.h"
#include "gpuhost/gen.h"
#include "selftest_steps.h"

/* A text written through a memory stream: NULL when it could not be. */
typedef struct {
    FILE *f;
    char *buf;
    size_t len;
} text_out;

static bool text_open(text_out *o)
{
    o->buf = NULL;
    o->f = open_memstream(&o->buf, &o->len);
    return o->f != NULL;
}

static char *text_close(text_out *o)
{
    bool bad = ferror(o->f) != 0;
    if (fclose(o->f) != 0 || bad) {
        free(o->buf);
        return NULL;
    }
    return o->buf;
}

char *gh__selftest_reset_text(uint32_t warps)
{
    text_out o;
    if (!text_open(&o))
        return NULL;
    fprintf(o.f, ".warps %u\nEXIT ;\n", warps);
    return text_close(&o);
}

/* ".init NAME v0 .. v31" (lanes 32, or 1 for a uniform one). */
static void init_line(FILE *f, const char *file, unsigned index, unsigned lanes, uint32_t mask, uint64_t *rng)
{
    fprintf(f, ".init %s%u", file, index);
    for (unsigned lane = 0; lane < lanes; lane++)
        fprintf(f, " 0x%" PRIx32, (uint32_t)isa_rand(rng) & mask);
    fputc('\n', f);
}

char *gh__selftest_backdoor_text(char kind, uint32_t warps, uint64_t *rng)
{
    static const unsigned gprs[] = {0, 1, 31, 127, 200, 254}, urs[] = {0, 1, 31, 62};
    text_out o;
    if (!text_open(&o))
        return NULL;
    fprintf(o.f, ".warps %u\n", warps);
    switch (kind) {
    case 'R':
        for (size_t i = 0; i < sizeof gprs / sizeof gprs[0]; i++)
            init_line(o.f, "R", gprs[i], 32, UINT32_MAX, rng);
        break;
    case 'P':
        for (unsigned p = 0; p < 7; p++)
            init_line(o.f, "P", p, 32, 1, rng);
        break;
    case 'U':
        for (size_t i = 0; i < sizeof urs / sizeof urs[0]; i++)
            init_line(o.f, "UR", urs[i], 1, UINT32_MAX, rng);
        break;
    case 'Q':
        for (unsigned p = 0; p < 7; p++)
            fprintf(o.f, ".init UP%u %u\n", p, (unsigned)((p + isa_rand(rng)) & 1u));
        break;
    default: { /* a page's first and last words, a page of its own, a high address */
        static const uint64_t at[] = {0x1000, 0x1ff0, 0x40000, 0x7fff000};
        for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
            fprintf(o.f, ".global 0x%" PRIx64, at[i]);
            for (int w = 0; w < 4; w++)
                fprintf(o.f, " 0x%08" PRIx32, (uint32_t)isa_rand(rng));
            fputc('\n', o.f);
        }
    }
    }
    fputs("EXIT ;\n", o.f);
    return text_close(&o);
}

char *gh__selftest_code_text(uint32_t count)
{
    text_out o;
    if (!text_open(&o))
        return NULL;
    fputs(".warps 1\n", o.f);
    for (uint32_t i = 0; i < count; i++)
        fprintf(o.f, "IADD R1, R1, 0x%x ;\n", i + 1);
    fputs("EXIT ;\n", o.f);
    return text_close(&o);
}

char *gh__selftest_gen_text(gh_target *t, uint64_t seed, uint64_t count, uint32_t warps, int only, bool any_code,
                            bool *unfit, char *why, size_t len)
{
    isa_random_kernel_opts ko = {.seed = seed, .count = count, .warps = warps, .only = only >= 0,
                                 .only_variant = (uint16_t)(only >= 0 ? only : 0)};
    gh_gen_fit(t, &ko);
    if (any_code)
        ko.max_code = 0;
    *unfit = false;
    text_out o;
    if (!text_open(&o)) {
        snprintf(why, len, "out of memory");
        return NULL;
    }
    int rc = isa_random_kernel(o.f, NULL, &ko, why, len);
    char *text = text_close(&o);
    if (rc != 0 || !text) {
        *unfit = rc == ISA_RANDOM_KERNEL_UNFIT;
        if (rc == 0)
            snprintf(why, len, "out of memory");
        free(text);
        return NULL;
    }
    return text;
}
