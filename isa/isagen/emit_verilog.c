/* isagen: writes gpu_isa.vh, the spec's facts as Verilog for the stand-in core
 * (hdl_stubs/), included inside a module:
 *   T_<Type>_<value>      every enum type's values (T_SRegId_SR_LANEID), sized
 *   OP_<optype>           the Optype values
 *   V_<FIELD>_<value>     enum values by field name, where every type of the field agrees
 *   F_<FIELD>, _W         bit position and width of a field every variant places alike;
 *   F_<OPTYPE>_<FIELD>    where the variants of one optype agree but optypes differ;
 *   F_<VARIANT>_<FIELD>   where the variants of one optype differ
 *   isa_valid_<Type>(v)   v is a value the enum type lists (reserved ones are not)
 *   isa_b_kind(w) ...     the SrcB and SrcC operand slots of the word's variant
 *   isa_fv_<field>(w)     a field's bits in the word's variant (0 where it has none)
 *   ISA_IMPLEMENTED       the optypes the core implements (a bit per Optype value)
 * and gpu_legal.v (emit_legal.c). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

typedef struct {
    FILE *f;
    char **names; /* every localparam written, to refuse a collision */
    int name_count;
    ig_spec *spec;
    int failed;
} vout;

/* NAME made of identifier characters, upper-cased when asked. */
static void put_ident(char *out, size_t cap, const char *s, bool upper)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && n + 1 < cap; p++)
        out[n++] = (char)(isalnum(*p) ? (upper ? toupper(*p) : *p) : '_');
    out[n] = 0;
}

/* Records a name; 0, or -1 (and an error) when it was written before. */
static int claim(vout *o, const char *name)
{
    for (int i = 0; i < o->name_count; i++)
        if (strcmp(o->names[i], name) == 0) {
            ig_error(o->spec, (ig_loc){0}, "Verilog name %s would be written twice", name);
            o->failed = 1;
            return -1;
        }
    *IG_PUSH(o->names, o->name_count) = ig_strdup(name);
    return 0;
}

static void param(vout *o, int width, uint32_t value, const char *comment, const char *name_fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void param(vout *o, int width, uint32_t value, const char *comment, const char *name_fmt, ...)
{
    char name[256];
    va_list ap;
    va_start(ap, name_fmt);
    vsnprintf(name, sizeof name, name_fmt, ap);
    va_end(ap);
    if (claim(o, name) != 0)
        return;
    if (width > 0)
        fprintf(o->f, "localparam [%d:0] %s = %d'h%x;", width - 1, name, width, value);
    else
        fprintf(o->f, "localparam integer %s = %u;", name, value);
    fprintf(o->f, comment ? " // %s\n" : "\n", comment);
}

static const ig_type *type_of(const ig_spec *s, const ig_field *f)
{
    return f->type >= 0 ? &s->types[f->type] : NULL;
}

/* ------------------------------------------------------------ enum values */
static void enum_values(vout *o)
{
    const ig_spec *s = o->spec;
    fputs("\n// ---- enum values by type: T_<Type>_<value>\n", o->f);
    for (int i = 0; i < s->type_count; i++) {
        const ig_type *t = &s->types[i];
        if (t->kind != ISA_KIND_ENUM)
            continue;
        char tn[128], vn[128];
        put_ident(tn, sizeof tn, t->name, false);
        for (int k = 0; k < t->value_count; k++) {
            put_ident(vn, sizeof vn, t->values[k].name, false);
            param(o, t->width, t->values[k].value, NULL, "T_%s_%s", tn, vn);
        }
    }
    int ot = ig_find_type(s, "Optype");
    if (ot < 0) {
        ig_error(o->spec, (ig_loc){0}, "the spec has no Optype type: no OP_ constants");
        o->failed = 1;
        return;
    }
    fputs("\n// ---- Optype values: OP_<optype>\n", o->f);
    for (int k = 0; k < s->types[ot].value_count; k++) {
        char vn[128];
        put_ident(vn, sizeof vn, s->types[ot].values[k].name, false);
        param(o, s->types[ot].width, s->types[ot].values[k].value, NULL, "OP_%s", vn);
    }
}

/* V_<FIELD>_<value>: a value name every enum type of the field gives the same
 * number and width (left out otherwise; T_ names it then). */
static void field_values(vout *o, const ig_variant *v, int count)
{
    typedef struct {
        const char *field, *value;
        uint32_t number;
        int width;
        bool conflict;
    } fv;
    fv *all = NULL;
    int n = 0;
    for (int i = 0; i < count; i++)
        for (int k = 0; k < v[i].field_count; k++) {
            const ig_type *t = type_of(o->spec, &v[i].fields[k]);
            if (!t || t->kind != ISA_KIND_ENUM)
                continue;
            for (int e = 0; e < t->value_count; e++) {
                fv *hit = NULL;
                for (int j = 0; j < n && !hit; j++)
                    if (strcmp(all[j].field, v[i].fields[k].name) == 0 && strcmp(all[j].value, t->values[e].name) == 0)
                        hit = &all[j];
                if (!hit)
                    *IG_PUSH(all, n) = (fv){v[i].fields[k].name, t->values[e].name, t->values[e].value, t->width, false};
                else if (hit->number != t->values[e].value || hit->width != t->width)
                    hit->conflict = true;
            }
        }
    fputs("\n// ---- enum values by field: V_<FIELD>_<value> (where the field's types agree)\n", o->f);
    for (int j = 0; j < n; j++) {
        char fnm[128], vn[128];
        if (all[j].conflict)
            continue;
        put_ident(fnm, sizeof fnm, all[j].field, true);
        put_ident(vn, sizeof vn, all[j].value, false);
        param(o, all[j].width, all[j].number, NULL, "V_%s_%s", fnm, vn);
    }
    ig_free(all);
}

/* ------------------------------------------------------------ field positions */
static bool same_place(const ig_field *a, const ig_field *b)
{
    return a->lsb == b->lsb && a->width == b->width;
}

/* Does every variant (of optype, or all when it is -1) that has the field
 * place it alike? *first: the first one found (NULL: none has it). */
static bool agree(const ig_variant *v, int count, const char *name, int optype, const ig_field **first)
{
    *first = NULL;
    for (int i = 0; i < count; i++) {
        if (optype >= 0 && v[i].optype != optype)
            continue;
        int k = ig_variant_field(&v[i], name);
        if (k < 0)
            continue;
        if (!*first)
            *first = &v[i].fields[k];
        else if (!same_place(*first, &v[i].fields[k]))
            return false;
    }
    return *first != NULL;
}

static void position(vout *o, const char *scope, const char *name, const ig_field *f)
{
    char fnm[128], sc[160];
    put_ident(fnm, sizeof fnm, name, true);
    put_ident(sc, sizeof sc, scope, true);
    const char *sep = *scope ? "_" : "";
    param(o, 0, (uint32_t)f->lsb, NULL, "F_%s%s%s", sc, sep, fnm);
    param(o, 0, (uint32_t)f->width, NULL, "F_%s%s%s_W", sc, sep, fnm);
}

static void field_positions(vout *o, const ig_variant *v, int count)
{
    const ig_spec *s = o->spec;
    char **names = NULL;
    int n = 0;
    for (int i = 0; i < count; i++)
        for (int k = 0; k < v[i].field_count; k++) {
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = strcmp(names[j], v[i].fields[k].name) == 0;
            if (!seen)
                *IG_PUSH(names, n) = v[i].fields[k].name;
        }
    fputs("\n// ---- field positions: F_<FIELD> (lsb) and F_<FIELD>_W (width); per optype or\n"
          "// variant (F_<OPTYPE>_<FIELD>, F_<VARIANT>_<FIELD>) where the places differ\n",
          o->f);
    for (int j = 0; j < n; j++) {
        const ig_field *first;
        if (agree(v, count, names[j], -1, &first)) {
            position(o, "", names[j], first);
            continue;
        }
        for (int d = 0; d < s->def_count; d++) {
            if (s->defs[d].level != IG_OPTYPE)
                continue;
            if (agree(v, count, names[j], d, &first)) {
                position(o, s->defs[d].name, names[j], first);
                continue;
            }
            for (int i = 0; i < count; i++) {
                int k = v[i].optype == d ? ig_variant_field(&v[i], names[j]) : -1;
                if (k >= 0)
                    position(o, s->defs[v[i].def].name, names[j], &v[i].fields[k]);
            }
        }
    }
    ig_free(names);
}

/* ------------------------------------------------------------ functions */
static void valid_functions(vout *o)
{
    const ig_spec *s = o->spec;
    fputs("\n// ---- isa_valid_<Type>(v): v is a value the type lists (the others are reserved)\n", o->f);
    for (int i = 0; i < s->type_count; i++) {
        const ig_type *t = &s->types[i];
        if (t->kind != ISA_KIND_ENUM || t->value_count == 0)
            continue;
        char tn[128];
        put_ident(tn, sizeof tn, t->name, false);
        fprintf(o->f, "function automatic isa_valid_%s(input [%d:0] v);\n    case (v)\n    ", tn, t->width - 1);
        for (int k = 0; k < t->value_count; k++)
            fprintf(o->f, "%s%d'h%x", k ? ", " : "", t->width, t->values[k].value);
        fprintf(o->f, ": isa_valid_%s = 1'b1;\n    default: isa_valid_%s = 1'b0;\n    endcase\nendfunction\n", tn, tn);
    }
}

/* The operand slots. SrcB and SrcC are the fields the spec names rb/urb/vb and
 * rc/urc/vc (a GPR, a uniform register, or a value: an immediate or a constant
 * c[bank][offset]); their decorations .neg, .bitnot and .abs are modifiers. */
enum { SLOT_NONE, SLOT_GPR, SLOT_UGPR, SLOT_IMM, SLOT_CMEM };

static int slot_field(const ig_variant *v, char letter)
{
    char names[3][4] = {"r?", "ur?", "v?"};
    int found = -1;
    for (int i = 0; i < 3; i++) {
        *strchr(names[i], '?') = letter;
        int k = ig_variant_field(v, names[i]);
        if (k >= 0 && found >= 0)
            return -2; /* two of them: the rule does not apply */
        if (k >= 0)
            found = k;
    }
    return found;
}

static int slot_kind(const ig_spec *s, const ig_field *f)
{
    const ig_type *t = type_of(s, f);
    switch (t ? t->kind : -1) {
    case ISA_KIND_GPR: return SLOT_GPR;
    case ISA_KIND_UGPR: return SLOT_UGPR;
    case ISA_KIND_CMEM: return SLOT_CMEM;
    case ISA_KIND_SIMM: case ISA_KIND_UIMM: case ISA_KIND_F32IMM: case ISA_KIND_F16IMMX2: case ISA_KIND_PCREL:
        return SLOT_IMM;
    default: return SLOT_NONE;
    }
}

/* The Verilog expression of one slot item for a variant ("" when it has none). */
static void slot_item(const ig_spec *s, const ig_variant *v, char letter, const char *item, char *out, size_t cap)
{
    out[0] = 0;
    int k = slot_field(v, letter);
    if (k < 0)
        return;
    const ig_field *f = &v->fields[k];
    if (strcmp(item, "kind") == 0) {
        snprintf(out, cap, "3'd%d", slot_kind(s, f));
    } else if (strcmp(item, "value") == 0) {
        const ig_type *t = type_of(s, f);
        int msb = f->lsb + f->width - 1;
        if (f->width >= 32)
            snprintf(out, cap, "w[%d:%d]", f->lsb + 31, f->lsb);
        else if (t && t->kind == ISA_KIND_SIMM)
            snprintf(out, cap, "{{%d{w[%d]}}, w[%d:%d]}", 32 - f->width, msb, msb, f->lsb);
        else
            snprintf(out, cap, "{%d'd0, w[%d:%d]}", 32 - f->width, msb, f->lsb);
    } else {
        char deco[64];
        snprintf(deco, sizeof deco, "%s.%s", f->name, item);
        int d = ig_variant_field(v, deco);
        const ig_field *g = d >= 0 ? &v->fields[d] : NULL;
        if (g && g->width == 1)
            snprintf(out, cap, "w[%d]", g->lsb);
        else if (g)
            snprintf(out, cap, "w[%d:%d]", g->lsb + g->width - 1, g->lsb);
    }
}

/* The widest a slot item is over the variants (1 for a kind or value: unused). */
static int slot_item_width(const ig_variant *v, int count, char letter, const char *item)
{
    int width = 1;
    for (int i = 0; i < count; i++) {
        int k = slot_field(&v[i], letter);
        char deco[64];
        snprintf(deco, sizeof deco, "%s.%s", k >= 0 ? v[i].fields[k].name : "", item);
        int d = k >= 0 ? ig_variant_field(&v[i], deco) : -1;
        if (d >= 0 && v[i].fields[d].width > width)
            width = v[i].fields[d].width;
    }
    return width;
}

static void slot_function(vout *o, const ig_variant *v, int count, int key_bits, char letter, const char *item)
{
    bool decoration = strcmp(item, "kind") != 0 && strcmp(item, "value") != 0;
    int width = decoration ? slot_item_width(v, count, letter, item) : 0;
    char type[16] = "", none[16];
    if (!decoration)
        snprintf(type, sizeof type, "%s", strcmp(item, "kind") == 0 ? "[2:0] " : "[31:0] ");
    else if (width > 1)
        snprintf(type, sizeof type, "[%d:0] ", width - 1);
    snprintf(none, sizeof none, "%s", strcmp(item, "kind") == 0 ? "3'd0" : decoration ? "0" : "32'd0");
    char fn[64];
    snprintf(fn, sizeof fn, "isa_%c_%s", letter, item);
    fprintf(o->f, "function automatic %s%s(input [127:0] w);\n    case (w[%d:0])\n", type, fn, key_bits - 1);
    /* variants with the same expression share a case item */
    bool *done = calloc((size_t)(count > 0 ? count : 0) + 1, 1);
    char a[128], b[128];
    for (int i = 0; i < count; i++) {
        slot_item(o->spec, &v[i], letter, item, a, sizeof a);
        if (done[i] || !a[0])
            continue;
        fputs("    ", o->f);
        int items = 0;
        for (int j = i; j < count; j++) {
            slot_item(o->spec, &v[j], letter, item, b, sizeof b);
            if (!done[j] && strcmp(a, b) == 0) {
                fprintf(o->f, "%s%d'h%03llx", items++ ? ", " : "", key_bits, (unsigned long long)v[j].match.lo);
                done[j] = true;
            }
        }
        fprintf(o->f, ": %s = %s;\n", fn, a);
    }
    free(done);
    fprintf(o->f, "    default: %s = %s;\n    endcase\nendfunction\n", fn, none);
}

static void slot_functions(vout *o, const ig_variant *v, int count, int key_bits)
{
    for (int i = 0; i < count; i++)
        for (const char *l = "bc"; *l; l++)
            if (slot_field(&v[i], *l) == -2) {
                ig_error(o->spec, o->spec->defs[v[i].def].loc, "%s: more than one Src%c field (r%c, ur%c, v%c)",
                         o->spec->defs[v[i].def].name, toupper(*l), *l, *l, *l);
                o->failed = 1;
            }
    fputs("\n// ---- operand slots SrcB and SrcC of a word: the fields named rb/urb/vb and\n"
          "// rc/urc/vc. kind: SLOT_*; value: the register number, or the immediate\n"
          "// (sign-extended when signed), or the constant's c[bank][offset] bits;\n"
          "// neg/bitnot/abs/hsel/hsel2: the operand's decoration fields (0 where the\n"
          "// variant has none)\n",
          o->f);
    param(o, 3, SLOT_NONE, "no such operand", "SLOT_NONE");
    param(o, 3, SLOT_GPR, "a GPR (value: register number, RZ = 255)", "SLOT_GPR");
    param(o, 3, SLOT_UGPR, "a uniform register (URZ = 63)", "SLOT_UGPR");
    param(o, 3, SLOT_IMM, "an immediate", "SLOT_IMM");
    param(o, 3, SLOT_CMEM, "a constant c[bank][offset]", "SLOT_CMEM");
    param(o, 0, ISA_CMEM_OFFSET_BITS, "c[bank][offset]: offset in bits 0.., bank above", "CMEM_OFFSET_W");
    param(o, 0, ISA_CMEM_BANK_BITS, NULL, "CMEM_BANK_W");
    static const char *items[] = {"kind", "value", "neg", "bitnot", "abs", "hsel", "hsel2"};
    for (const char *l = "bc"; *l; l++)
        for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
            slot_function(o, v, count, key_bits, *l, items[i]);
}

/* isa_fv_<field>(w): the bits of the field of that name in the word's
 * variant, 0 where the variant has none (the model reads an absent field as
 * 0). One for every name of a field up to 32 bits wide that is not fixed by
 * the encoding (optype, stype). Decorations: isa_fv_ra_neg (ra.neg). */
static void field_value_expr(const ig_field *f, int width, char *out, size_t cap)
{
    char bits[32];
    if (f->width == 1)
        snprintf(bits, sizeof bits, "w[%d]", f->lsb);
    else
        snprintf(bits, sizeof bits, "w[%d:%d]", f->lsb + f->width - 1, f->lsb);
    if (f->width < width)
        snprintf(out, cap, "{%d'd0, %s}", width - f->width, bits);
    else
        snprintf(out, cap, "%s", bits);
}

static void field_value_functions(vout *o, const ig_variant *v, int count, int key_bits)
{
    const char **names = NULL;
    int n = 0;
    for (int i = 0; i < count; i++)
        for (int k = 0; k < v[i].field_count; k++) {
            const ig_field *f = &v[i].fields[k];
            bool seen = f->role == ISA_FIELD_FIXED || f->width > 32;
            for (int j = 0; j < n && !seen; j++)
                seen = strcmp(names[j], f->name) == 0;
            if (!seen)
                *IG_PUSH(names, n) = f->name;
        }
    fputs("\n// ---- isa_fv_<field>(w): the field's bits in the word's variant, 0 where it has none\n", o->f);
    bool *done = calloc((size_t)(count > 0 ? count : 0) + 1, 1);
    for (int j = 0; j < n; j++) {
        int width = 1;
        for (int i = 0; i < count; i++) {
            int k = ig_variant_field(&v[i], names[j]);
            if (k >= 0 && v[i].fields[k].role != ISA_FIELD_FIXED && v[i].fields[k].width > width)
                width = v[i].fields[k].width;
        }
        char fn[160], id[128], a[64], b[64];
        put_ident(id, sizeof id, names[j], false);
        snprintf(fn, sizeof fn, "isa_fv_%s", id);
        if (claim(o, fn) != 0)
            continue;
        if (width > 1)
            fprintf(o->f, "function automatic [%d:0] %s(input [127:0] w);\n    case (w[%d:0])\n", width - 1, fn,
                    key_bits - 1);
        else
            fprintf(o->f, "function automatic %s(input [127:0] w);\n    case (w[%d:0])\n", fn, key_bits - 1);
        memset(done, 0, (size_t)(count > 0 ? count : 0) + 1);
        for (int i = 0; i < count; i++) {
            int k = ig_variant_field(&v[i], names[j]);
            if (done[i] || k < 0 || v[i].fields[k].role == ISA_FIELD_FIXED)
                continue;
            field_value_expr(&v[i].fields[k], width, a, sizeof a);
            fputs("    ", o->f);
            int items = 0;
            for (int m = i; m < count; m++) {
                int km = ig_variant_field(&v[m], names[j]);
                if (done[m] || km < 0 || v[m].fields[km].role == ISA_FIELD_FIXED)
                    continue;
                field_value_expr(&v[m].fields[km], width, b, sizeof b);
                if (strcmp(a, b) == 0) {
                    fprintf(o->f, "%s%d'h%03llx", items++ ? ", " : "", key_bits, (unsigned long long)v[m].match.lo);
                    done[m] = true;
                }
            }
            fprintf(o->f, ": %s = %s;\n", fn, a);
        }
        fprintf(o->f, "    default: %s = 0;\n    endcase\nendfunction\n", fn);
    }
    free(done);
    ig_free(names);
}

/* ------------------------------------------------------------ the implemented set */
/* FILE: one name a line, a group (all its optypes) or an optype; "-NAME" takes
 * an optype or group out again; '#' starts a comment. */
static int implemented(vout *o, const ig_variant *v, int count, const char *path)
{
    uint32_t map[8] = {0};
    FILE *f = fopen(path, "r");
    if (!f) {
        ig_error(o->spec, (ig_loc){0}, "cannot read %s", path);
        return -1;
    }
    char line[256];
    int n = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        char *hash = strchr(line, '#'), name[128];
        if (hash)
            *hash = 0;
        if (sscanf(line, " %127s", name) != 1)
            continue;
        bool out = name[0] == '-';
        const char *nm = name + out;
        int d = ig_find_def(o->spec, nm);
        if (d < 0 || o->spec->defs[d].level == IG_OPCODE) {
            ig_error(o->spec, (ig_loc){path, n}, "'%s' is neither a group nor an optype of the spec", nm);
            rc = -1;
            continue;
        }
        for (int i = 0; i < count; i++) {
            if (v[i].optype != d && v[i].group != d)
                continue;
            int k = ig_variant_field(&v[i], "optype");
            uint32_t op = k >= 0 ? v[i].fields[k].value : 0;
            if (op < 256)
                map[op / 32] = out ? map[op / 32] & ~(1u << op % 32) : map[op / 32] | 1u << op % 32;
        }
    }
    fclose(f);
    fputs("\n// ---- the optypes the core implements (bit n: Optype value n), from ", o->f);
    fputs(path, o->f);
    fputs("\nlocalparam [255:0] ISA_IMPLEMENTED = 256'h", o->f);
    for (int w = 7; w >= 0; w--)
        fprintf(o->f, "%08x%s", map[w], w ? "_" : ";\n");
    return rc;
}

int ig_emit_verilog(ig_spec *spec, ig_variant *variants, int count, const char *dir, const char *implemented_path,
                    const char *digest)
{
    /* every variant is told apart by the same low bits (optype and stype) */
    isa_word key = count ? variants[0].mask : (isa_word){0};
    int key_bits = 0;
    while (key_bits < 64 && (key.lo >> key_bits & 1))
        key_bits++;
    bool ok = count > 0 && key.hi == 0 && key_bits < 64 && key.lo == (1ull << key_bits) - 1;
    for (int i = 0; ok && i < count; i++)
        ok = variants[i].mask.lo == key.lo && variants[i].mask.hi == key.hi;
    if (!ok) {
        ig_error(spec, (ig_loc){0}, "--verilog needs every variant's fixed bits to be the same low bits");
        return -1;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/gpu_isa.vh", dir);
    vout o = {.f = fopen(path, "w"), .spec = spec};
    if (!o.f) {
        ig_error(spec, (ig_loc){0}, "cannot write %s", path);
        return -1;
    }
    fprintf(o.f,
            "// Generated by isagen from isa/spec (digest %s). Do not edit: change the spec.\n"
            "// The spec's facts for the stand-in core (hdl_stubs/): include inside a module.\n",
            digest);
    param(&o, 0, (uint32_t)key_bits, "w[ISA_KEY_W-1:0] (optype, stype) tells the variants apart", "ISA_KEY_W");
    enum_values(&o);
    field_values(&o, variants, count);
    field_positions(&o, variants, count);
    fputs("\n/* verilator lint_off UNUSEDSIGNAL */ // (a function reads the bits its variants use)\n", o.f);
    valid_functions(&o);
    slot_functions(&o, variants, count, key_bits);
    field_value_functions(&o, variants, count, key_bits);
    fputs("/* verilator lint_on UNUSEDSIGNAL */\n", o.f);
    int rc = implemented_path ? implemented(&o, variants, count, implemented_path) : 0;
    if (fclose(o.f) != 0 || o.failed)
        rc = -1;
    for (int i = 0; i < o.name_count; i++)
        ig_free(o.names[i]);
    ig_free(o.names);
    snprintf(path, sizeof path, "%s/gpu_legal.v", dir);
    if (ig_emit_legal(spec, variants, count, key_bits, path, digest) != 0)
        rc = -1;
    return rc;
}
