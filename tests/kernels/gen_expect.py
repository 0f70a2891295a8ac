#!/usr/bin/env python3
"""Generates the self-checking example kernels of tests/kernels.

Every .expect / .expect_mem value is computed here, independently of the
functional model, from the ISA text (isa/spec/*.isa, isa/ERRATA.md): integer
results with Python integers, floating-point results exactly with
fractions.Fraction and an explicit IEEE 754 rounding of the exact value to
binary16 / binary32 in each rounding mode. Only the standard library is used.

Usage:  gen_expect.py [--check] [OUTDIR]
    writes saxpy.s, dot_idp4a.s, reduce_shfl.s, reduce_redux.s,
    haxpy_fp16.s, divergent.s and lrp_blend.s into OUTDIR (default: the
    directory of this script). With --check nothing is written; the exit
    status is 1 if any file differs from what would be generated.
bitmanip.s is hand-written and not touched.
"""

import os
import random
import re
import sys
from fractions import Fraction

M32 = 0xFFFFFFFF

# ---------------------------------------------------------------------------
# Exact IEEE 754 binary formats
# ---------------------------------------------------------------------------


class Fmt:
    def __init__(self, name, ebits, mbits, qnan):
        self.name, self.ebits, self.mbits, self.qnan = name, ebits, mbits, qnan
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias            # exponent of the smallest normal
        self.emax = self.bias                # exponent of the largest finite
        self.width = 1 + ebits + mbits
        self.sign_bit = 1 << (self.width - 1)
        self.exp_mask = ((1 << ebits) - 1) << mbits
        self.man_mask = (1 << mbits) - 1
        self.inf = self.exp_mask             # +Inf bits
        self.max_bits = self.inf - 1         # largest finite bits


F16 = Fmt("binary16", 5, 10, 0x7FFF)
F32 = Fmt("binary32", 8, 23, 0x7FFFFFFF)

RN, RZ, RM, RP = "RN", "RZ", "RM", "RP"


class Val:
    """A decoded value: kind 'nan', 'inf' (with sign) or 'num' (sign, exact
    magnitude as a Fraction; zero keeps its sign)."""

    def __init__(self, kind, sign=0, mag=Fraction(0)):
        self.kind, self.sign, self.mag = kind, sign, mag

    def value(self):
        return -self.mag if self.sign else self.mag

    def is_zero(self):
        return self.kind == "num" and self.mag == 0


def decode(bits, f):
    sign = 1 if bits & f.sign_bit else 0
    e = (bits & f.exp_mask) >> f.mbits
    m = bits & f.man_mask
    if e == (1 << f.ebits) - 1:
        return Val("nan") if m else Val("inf", sign)
    if e == 0:
        mag = Fraction(m) * Fraction(2) ** (f.emin - f.mbits)
    else:
        mag = Fraction(m + (1 << f.mbits)) * Fraction(2) ** (e - f.bias - f.mbits)
    return Val("num", sign, mag)


def ilog2(q):
    """floor(log2(q)) for a positive Fraction, exactly."""
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    elif Fraction(2) ** (e + 1) <= q:
        e += 1
    return e


def round_exact(v, f, mode, zero_sign=0):
    """Bits of the exact rational v rounded to format f with mode (IEEE 754:
    gradual underflow, overflow to Inf or the largest finite value by
    direction). zero_sign is used only when v == 0."""
    if v == 0:
        return f.sign_bit if zero_sign else 0
    sign = 1 if v < 0 else 0
    mag = -v if sign else v
    e = max(ilog2(mag), f.emin)
    quantum = Fraction(2) ** (e - f.mbits)
    n = mag / quantum
    fl = n.numerator // n.denominator
    rem = n - fl
    if rem:
        if mode == RN:
            up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl & 1)
        elif mode == RZ:
            up = False
        elif mode == RP:
            up = not sign
        elif mode == RM:
            up = bool(sign)
        else:
            raise ValueError(mode)
        if up:
            fl += 1
    if fl == 1 << (f.mbits + 1):            # carried into the next binade
        fl >>= 1
        e += 1
    sbit = f.sign_bit if sign else 0
    if fl == 0:                             # only possible below the subnormals
        return sbit
    if fl >= 1 << f.mbits:
        efield = e + f.bias
        if efield >= (1 << f.ebits) - 1:    # overflow
            to_inf = mode == RN or (mode == RP and not sign) or (mode == RM and sign)
            return sbit | (f.inf if to_inf else f.max_bits)
        return sbit | (efield << f.mbits) | (fl - (1 << f.mbits))
    return sbit | fl                        # subnormal (e == emin)


NAN = "nan"   # marker returned by fma for an invalid operation / NaN input


def fma(a, b, c, f, mode):
    """IEEE fusedMultiplyAdd(a, b, c) on bit patterns of format f: the exact
    a*b + c rounded once. Returns bits, or NAN."""
    A, B, C = decode(a, f), decode(b, f), decode(c, f)
    if NAN in (A.kind, B.kind, C.kind):
        return NAN
    psign = A.sign ^ B.sign
    if A.kind == "inf" or B.kind == "inf":
        if A.is_zero() or B.is_zero():
            return NAN                      # 0 * Inf
        if C.kind == "inf" and C.sign != psign:
            return NAN                      # Inf - Inf
        return (f.sign_bit if psign else 0) | f.inf
    if C.kind == "inf":
        return c
    prod = A.value() * B.value()
    total = prod + C.value()
    if total == 0:
        if prod == 0 and C.mag == 0:        # sum of two zeros
            zs = psign if psign == C.sign else (1 if mode == RM else 0)
        else:                               # exact cancellation
            zs = 1 if mode == RM else 0
        return round_exact(Fraction(0), f, mode, zs)
    return round_exact(total, f, mode)


def f16(x, mode=RN):
    return round_exact(Fraction(x), F16, mode)


def f32(x, mode=RN):
    return round_exact(Fraction(x), F32, mode)


def f32_value(bits):
    return decode(bits, F32).value()


def neg32(bits):
    return bits ^ 0x80000000


# ---------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------


def hx(v):
    return "0x%x" % (v & M32)


def words_lines(directive, addr, words, per_line=8):
    """`.global`/`.expect_mem` lines for consecutive words starting at addr."""
    out = []
    for i in range(0, len(words), per_line):
        chunk = words[i:i + per_line]
        out.append("%s 0x%x %s" % (directive, addr + 4 * i, " ".join(hx(w) for w in chunk)))
    return out


def reg_line(directive, reg, values):
    if isinstance(values, int):
        return "%s %s %s" % (directive, reg, hx(values))
    assert len(values) == 32
    return "%s %s %s" % (directive, reg, " ".join(hx(v) for v in values))


def const_line(bank, offset, words):
    return ".const %d 0x%x %s" % (bank, offset, " ".join(hx(w) for w in words))


def resolve_labels(body):
    """Replaces labels by absolute addresses: `name:` lines become comments
    and branch operands the byte address 16*i. tests/cli/test_asm_disasm.sh
    compares the disassembly of the ELF container with that of the raw .text
    stream; with labels the ELF one prints label names as branch targets and
    the raw one addresses, so kernels in this directory carry no labels."""
    lines = body.strip("\n").split("\n")
    labels, count = {}, 0
    for ln in lines:
        code = ln.split("//")[0].strip()
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*:", code):
            labels[code[:-1]] = 16 * count
        elif code and not code.startswith("."):
            count += 1
    out = []
    for ln in lines:
        code, sep, comment = ln.partition("//")
        stripped = code.strip()
        if stripped[:-1] in labels and stripped.endswith(":"):
            out.append("// %s: (0x%x)" % (stripped[:-1], labels[stripped[:-1]]))
            continue
        for name, addr in labels.items():
            new = re.sub(r"\b%s\b" % name, "0x%x" % addr, code)
            if new != code:
                code = new
                if not sep:
                    code, sep, comment = code.rstrip() + " ", "//", " -> " + name
        out.append((code + sep + comment).rstrip())
    return out


def kernel(header, body, directives):
    """Source text: header comment lines, the code, a blank line, directives."""
    lines = ["// " + h if h else "//" for h in header]
    lines.append("// Generated by gen_expect.py: do not edit; edit the generator and rerun it.")
    lines += resolve_labels(body)
    lines.append("")
    lines += directives
    return "\n".join(lines) + "\n"


def sext8(b):
    return b - 256 if b & 0x80 else b


def s32(x):
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


# ---------------------------------------------------------------------------
# 1. saxpy.s
# ---------------------------------------------------------------------------


def gen_saxpy(rng):
    warps, n = 4, 512
    nthreads = 32 * warps
    x_base = 0x200000000                 # above 4 GiB: IMAD.WIDE carries the high word
    y_base = 0xFFFFFF00                  # straddles 4 GiB: the LEA carry into LEA.HI.X matters
    a = f32(Fraction(13, 10))            # 1.3 rounded to binary32
    xs, ys = [], []
    for i in range(n):
        x = f32(Fraction(rng.randint(-10 ** 6, 10 ** 6), 10 ** rng.randint(0, 6)))
        if i % 8 == 0:
            # y = -RN(a*x): the fused result is the rounding error of a*x,
            # which a separate multiply and add would give as 0.
            y = neg32(fma(a, x, 0, F32, RN))
        elif i % 16 == 5:
            # tiny operands: subnormal results (FFMA without .FTZ keeps them)
            x = f32(Fraction(rng.randint(1, 1 << 20), 1 << 150))
            y = f32(Fraction(rng.randint(-(1 << 20), 1 << 20), 1 << 148))
        else:
            y = f32(Fraction(rng.randint(-10 ** 6, 10 ** 6), 10 ** rng.randint(0, 6)))
        xs.append(x)
        ys.append(y)
    out = [fma(a, xs[i], ys[i], F32, RN) for i in range(n)]
    assert NAN not in out
    assert any(ys[i] != 0 and out[i] != 0 and decode(out[i], F32).mag < Fraction(2) ** -126 for i in range(n))
    assert all(out[i] != 0 for i in range(0, n, 8))

    body = """
.warps %d

        S2R R0, SR_TID_X ;                    // i = tid.x
        S2R R1, SR_NTID_X ;                   // stride = number of threads
        LDC R2, c[0x0][RZ] ;                  // a
        LDC.64 R[4:5], c[0x0][RZ+0x8] ;       // &x[0]
        LDC.64 R[6:7], c[0x0][RZ+0x10] ;      // &y[0]
        LDC R3, c[0x0][RZ+0x18] ;             // n
loop:
        IMAD.WIDE.U32 R[8:9], R0, 0x4, R[4:5] ;   // &x[i] = x + 4*i (64-bit)
        LEA R10, P0, R0, R6, 0x2 ;            // &y[i] low word, carry to P0
        LEA.HI.X R11, R0, R7, RZ, 0x2, P0 ;   // &y[i] high word + carry
        LDG R12, [R[8:9]] ;
        LDG R13, [R[10:11]] ;
        FFMA R13, R2, R12, R13 ;              // y[i] = a * x[i] + y[i], one rounding
        STG [R[10:11]], R13 ;
        IADD R0, R0, R1 ;                     // i += stride
        ISETP.LT.U32.AND P1, R0, R3, PT ;
        @P1 BRA loop ;
        EXIT ;
""" % warps
    d = [const_line(0, 0, [a, 0, x_base & M32, x_base >> 32, y_base & M32, y_base >> 32, n])]
    d += words_lines(".global", x_base, xs)
    d += words_lines(".global", y_base, ys)
    d.append(".expect R3 %s" % hx(n))
    d.append(".expect R2 %s" % hx(a))
    d += words_lines(".expect_mem", y_base, out)
    header = [
        "FP32 SAXPY, y = a*x + y, over %d warps (%d threads, %d elements: thread t" % (warps, nthreads, n),
        "handles t, t+%d, t+%d, t+%d). a, the array addresses and n come from constant"
        % (nthreads, 2 * nthreads, 3 * nthreads),
        "bank 0; x sits above 4 GiB (IMAD.WIDE addresses it) and y straddles 4 GiB",
        "(LEA + LEA.HI.X with the carry). Every eighth y is -RN(a*x), so FFMA must be",
        "fused (the result is the rounding error of a*x); some elements are subnormal.",
        "Expected y computed exactly (one round-to-nearest-even of a*x+y).",
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 2. dot_idp4a.s
# ---------------------------------------------------------------------------


def gen_dot(rng):
    K = 8                                  # words per lane per vector (32 bytes)
    a_base, b_base, out_base = 0x10000, 0x20000, 0x30000
    A = [rng.getrandbits(32) for _ in range(32 * K)]
    B = [rng.getrandbits(32) for _ in range(32 * K)]
    A[0] = 0x80808080                      # extremes: -128 / 128 bytes
    B[0] = 0x80FF7F01
    A[1] = 0xFFFFFFFF
    B[1] = 0xFFFFFFFF

    def idp4a(a, b, acc, sa, sb):
        d = acc & M32
        for i in range(4):
            x = (a >> (8 * i)) & 0xFF
            y = (b >> (8 * i)) & 0xFF
            d += (sext8(x) if sa else x) * (sext8(y) if sb else y)
        return d & M32

    kinds = [(1, 1), (0, 0), (1, 0), (0, 1)]   # S8.S8, U8.U8, S8.U8, U8.S8
    partial = [[0] * 32 for _ in kinds]
    for lane in range(32):
        for k in range(K):
            w = k * 32 + lane
            for j, (sa, sb) in enumerate(kinds):
                partial[j][lane] = idp4a(A[w], B[w], partial[j][lane], sa, sb)
    total = [sum(p) & M32 for p in partial]
    assert len(set(total)) == 4

    body = """
.warps 1

        S2R R0, SR_LANEID ;
        LDC.64 R[4:5], c[0x0][RZ] ;           // &A[0]
        LDC.64 R[6:7], c[0x0][RZ+0x8] ;       // &B[0]
        IMAD.WIDE.U32 R[2:3], R0, 0x4, R[4:5] ;   // &A[lane]
        IMAD.WIDE.U32 R[8:9], R0, 0x4, R[6:7] ;   // &B[lane]
        MOV R1, 0x%x ;                        // K words per lane
        MOV R12, RZ ;                         // S8.S8 accumulator
        MOV R13, RZ ;                         // U8.U8
        MOV R14, RZ ;                         // S8.U8
        MOV R15, RZ ;                         // U8.S8
loop:
        LDG R10, [R[2:3]] ;
        LDG R11, [R[8:9]] ;
        IDP.4A.S8.S8 R12, R10, R11, R12 ;
        IDP.4A.U8.U8 R13, R10, R11, R13 ;
        IDP.4A.S8.U8 R14, R10, R11, R14 ;
        IDP.4A.U8.S8 R15, R10, R11, R15 ;
        IADD.X R2, P0, R2, 0x80 ;             // next word of this lane: +128 bytes
        IADD.X R3, R3, RZ, P0 ;
        IADD.X R8, P0, R8, 0x80 ;
        IADD.X R9, R9, RZ, P0 ;
        IADD R1, R1, -0x1 ;
        ISETP.NE.AND P1, R1, RZ, PT ;
        @P1 BRA loop ;
        MOV R16, R12 ;                        // keep the per-lane partial sums
        MOV R17, R13 ;
        MOV R18, R14 ;
        MOV R19, R15 ;
        MOV R20, 0x1 ;                        // butterfly distance 1, 2, 4, 8, 16
red:
        SHFL.BFLY PT, R21, R12, R20, 0x1f ;
        SHFL.BFLY PT, R22, R13, R20, 0x1f ;
        SHFL.BFLY PT, R23, R14, R20, 0x1f ;
        SHFL.BFLY PT, R24, R15, R20, 0x1f ;
        IADD R12, R12, R21 ;
        IADD R13, R13, R22 ;
        IADD R14, R14, R23 ;
        IADD R15, R15, R24 ;
        IADD R20, R20, R20 ;
        ISETP.LT.U32.AND P2, R20, 0x20, PT ;
        @P2 BRA red ;
        ISETP.EQ.AND P3, R0, RZ, PT ;         // lane 0 stores the four totals
        LDC.64 R[26:27], c[0x0][RZ+0x10] ;
        @P3 STG.128 [R[26:27]], R[12:15] ;
        EXIT ;
""" % K
    d = [const_line(0, 0, [a_base, 0, b_base, 0, out_base, 0])]
    d += words_lines(".global", a_base, A)
    d += words_lines(".global", b_base, B)
    d += [reg_line(".expect", "R%d" % (16 + j), partial[j]) for j in range(4)]
    d += [reg_line(".expect", "R%d" % (12 + j), total[j]) for j in range(4)]
    d.append(".expect R1 0x0")
    d += words_lines(".expect_mem", out_base, total)
    header = [
        "int8 dot products with IDP4A: lane L accumulates the dot product of its",
        "%d words (%d bytes) of A and B (word k of lane L at index 32*k + L) in four" % (K, 4 * K),
        "byte interpretations: .S8.S8, .U8.U8, .S8.U8, .U8.S8. The loop walks the",
        "64-bit pointers with IADD.X carries; a SHFL.BFLY loop (register lane mask",
        "1..16) then sums the partials over the warp. Expected partials and totals",
        "computed with Python integers (results mod 2^32).",
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 3. reduce_shfl.s
# ---------------------------------------------------------------------------


def shfl(mode, vals, b, c):
    """The SHFL pseudocode of sync.isa for all 32 lanes: (Rd, pu) per lane."""
    bval = b & 31
    cval = c & 31
    seg = (c >> 8) & 31
    res = []
    for lane in range(32):
        maxl = (lane & seg) | (cval & ~seg & 31)
        minl = lane & seg
        if mode == "UP":
            j = lane - bval
            pu = j >= maxl
        elif mode == "DOWN":
            j = lane + bval
            pu = j <= maxl
        elif mode == "BFLY":
            j = lane ^ bval
            pu = j <= maxl
        else:
            j = minl | (bval & ~seg & 31)
            pu = j <= maxl
        if not pu:
            j = lane
        res.append((vals[j], pu))
    return res


def gen_reduce_shfl(rng):
    warps = 2
    in_base, sum_base, seg_base, cross_base = 0x1000, 0x2000, 0x3000, 0x4000
    data = [rng.getrandbits(32) for _ in range(32 * warps)]
    sums, segs, cross = [], [], []
    p0_all = True
    for w in range(warps):
        v = data[32 * w:32 * w + 32]
        r = list(v)
        for dist in (16, 8, 4, 2, 1):
            sh = shfl("BFLY", r, dist, 0x1f)
            p0_all &= all(p for _, p in sh)
            r = [(r[l] + sh[l][0]) & M32 for l in range(32)]
        assert len(set(r)) == 1 and r[0] == sum(v) & M32
        sums += r
        s = list(v)
        for dist in (4, 2, 1):
            sh = shfl("BFLY", s, dist, 0x1807)
            assert all(p for _, p in sh)
            s = [(s[l] + sh[l][0]) & M32 for l in range(32)]
        for l in range(32):
            assert s[l] == sum(v[l & ~7:(l & ~7) + 8]) & M32
        segs += s
        # BFLY only checks the upper bound (j <= maxLane): lanes 0..15 fail
        # (j = lane + 16 is past their segment), lanes 16..31 read lane - 16.
        out = shfl("BFLY", v, 16, 0x1807)
        assert all((not p and x == v[l]) if l < 16 else (p and x == v[l - 16])
                   for l, (x, p) in enumerate(out))
        cross += [x for x, _ in out]
        p3 = [int(p) for _, p in out]
    assert p0_all

    body = """
.warps %d

        S2R R0, SR_TID_X ;
        LDC.64 R[2:3], c[0x0][RZ] ;           // &in[0]
        IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        LDG R1, [R[4:5]] ;                    // v = in[tid]
        MOV R6, R1 ;
        MOV R20, R1 ;
        // full-warp butterfly: 5 steps, every lane ends with the warp total
        SHFL.BFLY P0, R7, R1, 0x10, 0x1f ;
        IADD R1, R1, R7 ;
        SHFL.BFLY P1, R7, R1, 0x8, 0x1f ;
        IADD R1, R1, R7 ;
        PLOP3 P0, P0, P1, PT, 0x80 ;         // P0 &= P1
        SHFL.BFLY P1, R7, R1, 0x4, 0x1f ;
        IADD R1, R1, R7 ;
        PLOP3 P0, P0, P1, PT, 0x80 ;         // P0 &= P1
        SHFL.BFLY P1, R7, R1, 0x2, 0x1f ;
        IADD R1, R1, R7 ;
        PLOP3 P0, P0, P1, PT, 0x80 ;         // P0 &= P1
        SHFL.BFLY P1, R7, R1, 0x1, 0x1f ;
        IADD R1, R1, R7 ;
        PLOP3 P0, P0, P1, PT, 0x80 ;         // P0 = every step exchanged
        // segmented butterfly: 8-lane segments (segmask 0x18, bound 0x7)
        SHFL.BFLY P2, R7, R20, 0x4, 0x1807 ;
        IADD R20, R20, R7 ;
        SHFL.BFLY P2, R7, R20, 0x2, 0x1807 ;
        IADD R20, R20, R7 ;
        SHFL.BFLY P2, R7, R20, 0x1, 0x1807 ;
        IADD R20, R20, R7 ;
        // distance 16 with 8-lane segments: only the bound lane|7 is checked,
        // so lanes 0..15 fail (own value, P3 false), lanes 16..31 read lane-16
        SHFL.BFLY P3, R12, R6, 0x10, 0x1807 ;
        LDC.64 R[8:9], c[0x0][RZ+0x8] ;
        LEA R10, P5, R0, R8, 0x2 ;
        LEA.HI.X R11, R0, R9, RZ, 0x2, P5 ;
        STG [R[10:11]], R1 ;                  // total, as seen by every lane
        STG [R[10:11]+0x%x], R20 ;            // 8-lane segment sums
        STG [R[10:11]+0x%x], R12 ;            // distance-16 exchange
        EXIT ;
""" % (warps, seg_base - sum_base, cross_base - sum_base)
    d = [const_line(0, 0, [in_base, 0, sum_base, 0])]
    d += words_lines(".global", in_base, data)
    d += [".expect P0 1", ".expect P2 1", reg_line(".expect", "P3", p3)]
    d += words_lines(".expect_mem", sum_base, sums)
    d += words_lines(".expect_mem", seg_base, segs)
    d += words_lines(".expect_mem", cross_base, cross)
    header = [
        "Warp sum reduction with SHFL.BFLY over %d warps: thread t loads in[t]; five" % warps,
        "butterfly steps (16, 8, 4, 2, 1) leave the warp's total (mod 2^32) in every",
        "lane, and every thread stores it to out[t]. The same data is also reduced",
        "within 8-lane segments (SrcC = 0x1807: segmask 0x18, bound 7), and a",
        "distance-16 exchange with that SrcC fails in lanes 0..15 (pu false, own",
        "value) but not in 16..31 (.BFLY checks only the upper bound). Expected",
        "values follow the SHFL pseudocode of sync.isa.",
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 4. reduce_redux.s
# ---------------------------------------------------------------------------


def gen_reduce_redux(rng):
    warps = 2
    in_base, out_base = 0x1000, 0x2000
    nt = 32 * warps
    data = []
    for t in range(nt):
        r = rng.random()
        if r < 0.4:
            data.append(rng.randint(-(1 << 31), -1) & M32)
        elif r < 0.8:
            data.append(rng.randint(0, (1 << 31) - 1))
        else:
            data.append(rng.randint(-1000, 1000) & M32)
    data[5] = 0x80000000                  # INT32 minimum
    data[40] = 0x7FFFFFFF
    sentinel = 0xDEADBEEF
    outs = {k: [] for k in ("sum", "smin", "smax", "umin", "umax", "xor", "even", "shflmin")}
    for w in range(warps):
        v = data[32 * w:32 * w + 32]
        sv = [s32(x) for x in v]
        total = sum(v) & M32
        smin, smax = min(sv) & M32, max(sv) & M32
        umin, umax = min(v), max(v)
        x = 0
        for y in v:
            x ^= y
        even = sum(v[0::2]) & M32
        assert smin != umin and smax != umax
        for l in range(32):
            outs["sum"].append(total)
            outs["smin"].append(smin)
            outs["smax"].append(smax)
            outs["umin"].append(umin)
            outs["umax"].append(umax)
            outs["xor"].append(x)
            outs["even"].append(even if l % 2 == 0 else sentinel)
            outs["shflmin"].append(smin)
    order = ["sum", "smin", "smax", "umin", "umax", "xor", "even", "shflmin"]
    stride = 4 * nt

    body = """
.warps %d

        S2R R0, SR_TID_X ;
        S2R R1, SR_LANEID ;
        LDC.64 R[2:3], c[0x0][RZ] ;           // &in[0]
        IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        LDG R6, [R[4:5]] ;                    // v = in[tid]
        REDUX.SUM R7, R6 ;
        REDUX.S32.MIN R8, R6 ;
        REDUX.S32.MAX R9, R6 ;
        REDUX.MIN R10, R6 ;                   // .U32 by default
        REDUX.U32.MAX R11, R6 ;
        REDUX.XOR R12, R6 ;
        // the same sum and signed minimum with SHFL.BFLY, to compare
        MOV R13, R6 ;                         // running sum
        MOV R14, R6 ;                         // running signed minimum
        MOV R15, 0x10 ;
red:
        SHFL.BFLY PT, R16, R13, R15, 0x1f ;
        SHFL.BFLY PT, R17, R14, R15, 0x1f ;
        IADD R13, R13, R16 ;
        IMNMX R14, R14, R17, PT ;             // PT selects the minimum
        SHF.R.U32 R15, R15, 0x1, RZ ;
        ISETP.NE.AND P2, R15, RZ, PT ;
        @P2 BRA red ;
        ISETP.EQ.AND P0, R7, R13, PT ;        // REDUX.SUM == butterfly sum
        ISETP.EQ.AND P1, R8, R14, PT ;        // REDUX.S32.MIN == butterfly min
        // even lanes only: the odd lanes do not take part and keep R18
        MOV R18, 0x%x ;
        LOP3.PAND P3, R19, R1, 0x1, RZ, 0xc0, PT ;   // P3 = lane is odd
        @!P3 REDUX.SUM R18, R6 ;
        LDC.64 R[22:23], c[0x0][RZ+0x8] ;
        IMAD.WIDE.U32 R[24:25], R0, 0x4, R[22:23] ;
        STG [R[24:25]], R7 ;
        STG [R[24:25]+0x%x], R8 ;
        STG [R[24:25]+0x%x], R9 ;
        STG [R[24:25]+0x%x], R10 ;
        STG [R[24:25]+0x%x], R11 ;
        STG [R[24:25]+0x%x], R12 ;
        STG [R[24:25]+0x%x], R18 ;
        STG [R[24:25]+0x%x], R14 ;
        EXIT ;
""" % ((warps, sentinel) + tuple(stride * i for i in range(1, 8)))
    d = [const_line(0, 0, [in_base, 0, out_base, 0])]
    d += words_lines(".global", in_base, data)
    d += [".expect P0 1", ".expect P1 1", ".expect R15 0x0"]
    for i, k in enumerate(order):
        d += words_lines(".expect_mem", out_base + stride * i, outs[k])
    header = [
        "Warp reductions with REDUX over %d warps, on signed 32-bit data (in[tid]):" % warps,
        ".SUM, .S32.MIN/.MAX, .U32 .MIN/.MAX (different results on the same data),",
        ".XOR; the sum and the signed minimum are recomputed with a SHFL.BFLY loop",
        "(IADD, IMNMX) and compared (P0, P1). A REDUX guarded to the even lanes sums",
        "only their values; the odd lanes keep 0x%x. Results per thread go to" % sentinel,
        "eight arrays of %d words: sum, smin, smax, umin, umax, xor, even, shfl-min." % nt,
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 5. haxpy_fp16.s
# ---------------------------------------------------------------------------


def fp16_result(bits):
    return F16.qnan if bits == NAN else bits


def gen_haxpy(rng):
    x_base, y_base, out_base = 0x1000, 0x1080, 0x2000
    modes = [RN, RZ, RM, RP]
    a_lo = f16(Fraction(12345, 10000))        # lane 0 (H0) multiplier, ~1.2344
    a_hi = f16(Fraction(-7, 10))              # lane 1 (H1) multiplier, ~-0.7
    a_of = {0: a_lo, 1: a_hi}

    def rand_f16(lo_exp, hi_exp):
        s = rng.randint(0, 1)
        e = rng.randint(lo_exp, hi_exp)
        m = rng.randint(0, 1023)
        return (s << 15) | (e << 10) | m

    def inexact(a, x, y):
        r = [fma(x, a, y, F16, m) for m in modes]
        return NAN not in r and r[2] != r[3]

    xs = [[0, 0] for _ in range(32)]
    ys = [[0, 0] for _ in range(32)]
    special = {}
    for lane in range(32):
        for h in range(2):
            a = a_of[h]
            key = (lane, h)
            if key == (0, 0):                 # overflow: RN/RP -> +Inf, RZ/RM -> 65504
                x, y = f16(60000), f16(2000)
            elif key == (0, 1):               # negative overflow (a < 0)
                x, y = f16(65504), f16(-30000)
            elif key == (1, 0) or key == (1, 1):   # exact cancellation: +0, but -0 under RM
                x = f16(Fraction(1, 8) if h == 0 else 4)
                prod = decode(x, F16).value() * decode(a, F16).value()
                y = f16(-prod)
                assert decode(y, F16).value() == -prod
            elif key == (2, 0):               # Inf - Inf: QNAN 0x7FFF in every mode
                x, y = F16.inf, F16.sign_bit | F16.inf
            elif key == (2, 1):               # Inf * a + y exact -Inf (a < 0)
                x, y = F16.inf, f16(3)
            elif lane in (3, 4):              # subnormal results
                while True:
                    x = rand_f16(1, 4)
                    y = rand_f16(1, 4)
                    r = fma(x, a, y, F16, RN)
                    if inexact(a, x, y) and (r & 0x7C00) == 0:
                        break
            elif lane in (5, 6):              # exact ties: RN must pick the even neighbour
                while True:
                    x = rand_f16(13, 17)
                    y = rand_f16(13, 17)
                    ex = decode(x, F16).value() * decode(a, F16).value() + decode(y, F16).value()
                    lo = fma(x, a, y, F16, RZ)
                    lov = decode(lo, F16)
                    e = max(ilog2(abs(ex)), F16.emin) if ex else 0
                    if ex and lov.kind == "num" and abs(ex - lov.value()) * 2 == Fraction(2) ** (e - 10) \
                            and inexact(a, x, y):
                        break
            else:
                while True:
                    x = rand_f16(10, 20)
                    y = rand_f16(10, 20)
                    if inexact(a, x, y):
                        break
            xs[lane][h], ys[lane][h] = x, y

    def pack(p):
        return p[0] | (p[1] << 16)

    X = [pack(p) for p in xs]
    Y = [pack(p) for p in ys]
    res = {m: [] for m in modes}
    for lane in range(32):
        for m in modes:
            lo = fp16_result(fma(xs[lane][0], a_lo, ys[lane][0], F16, m))
            hi = fp16_result(fma(xs[lane][1], a_hi, ys[lane][1], F16, m))
            res[m].append(lo | (hi << 16))
    # the modes really differ
    assert len({tuple(res[m]) for m in modes}) == 4
    assert (res[RM][1] & 0xFFFF) == 0x8000 and (res[RN][1] & 0xFFFF) == 0
    # the immediate form: x * {hi -1.5, lo 0.75} + y, RZ
    imm_hi, imm_lo = f16(Fraction(-3, 2)), f16(Fraction(3, 4))
    res_imm = []
    for lane in range(32):
        lo = fp16_result(fma(xs[lane][0], imm_lo, ys[lane][0], F16, RZ))
        hi = fp16_result(fma(xs[lane][1], imm_hi, ys[lane][1], F16, RZ))
        res_imm.append(lo | (hi << 16))

    body = """
.warps 1

        S2R R0, SR_LANEID ;
        LDC.64 R[2:3], c[0x0][RZ+0x8] ;       // &x[0]
        IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        LDG R10, [R[4:5]] ;                   // x pair of this lane
        LDG R11, [R[4:5]+0x%x] ;              // y pair
        HFMA2 R12, R10, c[0x0][0x0], R11 ;    // RN (default)
        HFMA2.RZ R13, R10, c[0x0][0x0], R11 ;
        HFMA2.RM R14, R10, c[0x0][0x0], R11 ;
        HFMA2.RP R15, R10, c[0x0][0x0], R11 ;
        HFMA2.RZ R16, R10, -1.5, 0.75, R11 ;  // immediate {hi -1.5, lo 0.75}
        LDC.64 R[6:7], c[0x0][RZ+0x10] ;      // &out[0]
        LEA R8, P0, R0, R6, 0x2 ;
        LEA.HI.X R9, R0, R7, RZ, 0x2, P0 ;
        STG [R[8:9]], R12 ;
        STG [R[8:9]+0x80], R13 ;
        STG [R[8:9]+0x100], R14 ;
        STG [R[8:9]+0x180], R15 ;
        STG [R[8:9]+0x200], R16 ;
        EXIT ;
""" % (y_base - x_base)
    d = [const_line(0, 0, [a_lo | (a_hi << 16), 0, x_base, 0, out_base, 0])]
    d += words_lines(".global", x_base, X)
    d += words_lines(".global", y_base, Y)
    for i, m in enumerate(modes):
        d.append(reg_line(".expect", "R%d" % (12 + i), res[m]))
    d.append(reg_line(".expect", "R16", res_imm))
    for i, m in enumerate(modes):
        d += words_lines(".expect_mem", out_base + 0x80 * i, res[m])
    d += words_lines(".expect_mem", out_base + 0x200, res_imm)
    header = [
        "FP16 axpy with HFMA2: per lane, the packed pair x (from global memory) times",
        "a = {H1 %#06x, H0 %#06x} (from c[0x0][0x0]) plus y, once per rounding mode" % (a_hi, a_lo),
        "(.RN, .RZ, .RM, .RP), and once with an immediate multiplier (.RZ). Inputs make",
        "the modes differ: inexact results, overflow (Inf vs 65504), exact ties,",
        "subnormal results, exact cancellation (+0.0, -0.0 under .RM) and Inf - Inf",
        "(QNAN 0x7FFF). Expected halves computed exactly (one rounding of x*a+y).",
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 6. divergent.s
# ---------------------------------------------------------------------------


def gen_divergent(rng):
    warps = 2
    nt = 32 * warps
    in_base, out_base = 0x1000, 0x2000
    sentinel = 0xDEADBEEF
    data = []
    for t in range(nt):
        v = rng.randint(0, 1000)
        data.append(v)
    # Early exits only in lanes 3 and 20 of every warp, so that the per-lane
    # .expect of the vote predicate (which applies to every warp) holds; lane
    # 0 stays alive (it is broadcast after the join).
    exit_lanes = (3, 20)
    for t in range(nt):
        if (data[t] & 7) == 7 and t % 32 not in exit_lanes:
            data[t] ^= 2                   # still odd, now v & 7 == 5
    for w in range(warps):
        for lane in exit_lanes:
            data[32 * w + lane] = rng.randint(0, 124) * 8 + 7
    # make sure every path occurs in each warp
    data[7], data[8], data[9], data[12] = 900, 4, 501, 500
    data[39], data[40], data[44] = 996, 2, 997

    res, path, exited = [0] * nt, [0] * nt, [False] * nt
    for t in range(nt):
        v = data[t]
        lane = t % 32
        if v & 1:                          # odd: loop (v & 7) times r = 5r + lane
            r = v
            for _ in range(v & 7):
                r = (r * 5 + lane) & M32
            path[t] = 1
            exited[t] = (v & 7) == 7
        else:                              # even: nested branch on v > 500
            if v > 500:
                r = v - 500
                path[t] = 2
            else:
                r = (v * 3 + lane) & M32
                path[t] = 3
            r = (r + r + 1) & M32          # work after the inner join
        res[t] = r
    ballot, rsum, bcast, pathsum = [], [], [], []
    for w in range(warps):
        lanes = range(32 * w, 32 * w + 32)
        live = [t for t in lanes if not exited[t]]
        assert not exited[32 * w]
        assert any(exited[t] for t in lanes)
        assert {path[t] for t in live} == {1, 2, 3}
        b = 0
        for t in live:
            if data[t] & 1:
                b |= 1 << (t % 32)
        s = sum(res[t] for t in live) & M32
        ps = 0
        for t in live:
            ps |= 1 << (4 * (path[t] - 1))
        for t in lanes:
            ballot.append(sentinel if exited[t] else b)
            rsum.append(sentinel if exited[t] else s)
            bcast.append(sentinel if exited[t] else res[32 * w])
            pathsum.append(sentinel if exited[t] else ps)
    out_r = [sentinel if exited[t] else res[t] for t in range(nt)]
    out_p = [sentinel if exited[t] else path[t] for t in range(nt)]
    stride = 4 * nt
    arrays = [out_r, out_p, ballot, rsum, bcast, pathsum]

    body = """
.warps %d

        S2R R0, SR_TID_X ;
        S2R R1, SR_LANEID ;
        LDC.64 R[2:3], c[0x0][RZ] ;           // &in[0]
        IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        LDG R6, [R[4:5]] ;                    // v = in[tid]
        MOV R7, R6 ;                          // r
        MOV R8, RZ ;                          // path taken
        BSSY outer_join ;
        LOP3.PAND P0, R9, R6, 0x1, RZ, 0xc0, PT ;   // P0 = v odd
        @P0 BRA odd ;
        // even v: a nested, value-dependent branch
        BSSY inner_join ;
        ISETP.GT.U32.AND P1, R6, 0x1f4, PT ;  // v > 500 ?
        @!P1 BRA small ;
        IADD R7, R6, -0x1f4 ;                 // big: r = v - 500
        MOV R8, 0x2 ;
        BRA inner_join ;
small:
        IMAD R7, R6, 0x3, R1 ;                // small: r = 3v + lane
        MOV R8, 0x3 ;
inner_join:
        BSYNC ;
        IADD R7, R7, R7 ;                     // both even paths: r = 2r + 1
        IADD R7, R7, 0x1 ;
        BRA outer_join ;
odd:
        // odd v: a loop of (v & 7) iterations, r = 5r + lane
        LOP3.POR R10, R6, 0x7, RZ, 0xc0, PT ;
        ISETP.EQ.AND P2, R10, 0x7, PT ;       // 7 iterations: the lane exits early
oloop:
        ISETP.EQ.AND P3, R10, RZ, PT ;
        @P3 BRA odone ;
        IMAD R7, R7, 0x5, R1 ;
        IADD R10, R10, -0x1 ;
        BRA oloop ;
odone:
        MOV R8, 0x1 ;
        @P2 EXIT ;                            // exited lanes no longer hold the BSYNC
outer_join:
        BSYNC ;
        // reconverged: results that depend on every remaining lane
        VOTE.ANY R11, P4, P0 ;                // ballot of the odd lanes
        VOTE.ALL R12, P5, P0 ;
        REDUX.SUM R13, R7 ;
        SHFL.IDX P6, R14, R7, 0x0, 0x1f ;     // lane 0's r
        SHF.L.U32 R15, R8, 0x2, RZ ;          // 4 * path
        IADD R15, R15, -0x4 ;
        MOV R16, 0x1 ;
        SHF.L.U32 R16, R16, R15, RZ ;         // 1 << 4*(path-1)
        REDUX.OR R17, R16 ;                   // which paths the warp took
        LDC.64 R[18:19], c[0x0][RZ+0x8] ;
        IMAD.WIDE.U32 R[20:21], R0, 0x4, R[18:19] ;
        STG [R[20:21]], R7 ;
        STG [R[20:21]+0x%x], R8 ;
        STG [R[20:21]+0x%x], R11 ;
        STG [R[20:21]+0x%x], R13 ;
        STG [R[20:21]+0x%x], R14 ;
        STG [R[20:21]+0x%x], R17 ;
        EXIT ;
""" % ((warps,) + tuple(stride * i for i in range(1, 6)))
    d = [const_line(0, 0, [in_base, 0, out_base, 0])]
    d += words_lines(".global", in_base, data)
    d += words_lines(".global", out_base, [sentinel] * (stride * len(arrays) // 4))
    live = [0 if lane in exit_lanes else 1 for lane in range(32)]
    assert all(exited[t] == (t % 32 in exit_lanes) for t in range(nt))
    # exited lanes never write the predicates: they keep their initial 0
    d += [reg_line(".expect", "P4", live), ".expect P5 0", reg_line(".expect", "P6", live)]
    for i, arr in enumerate(arrays):
        d += words_lines(".expect_mem", out_base + stride * i, arr)
    header = [
        "Divergence and reconvergence over %d warps, v = in[tid] (0..1000):" % warps,
        "inside BSSY/BSYNC, odd v loop (v & 7) times (r = 5r + lane) and exit early",
        "when v & 7 == 7; even v branch again (nested BSSY/BSYNC) on v > 500",
        "(r = v - 500, else r = 3v + lane), then r = 2r + 1. After the outer join a",
        "VOTE ballot of the odd lanes, REDUX.SUM of r, a SHFL.IDX broadcast of lane",
        "0's r and a REDUX.OR of the paths taken depend on all remaining lanes.",
        "Arrays of %d words: r, path (1 odd, 2 big, 3 small), ballot, sum, broadcast," % nt,
        "paths; exited threads store nothing and leave the 0x%x fill." % sentinel,
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------
# 7. lrp_blend.s
# ---------------------------------------------------------------------------


def lrp(a, b, c, sat):
    """ext.isa LRP: t = RN(c - a*c) = fma(-a, c, c); d = RN(a*b + t); finish."""
    t = fma(neg32(a), c, c, F32, RN)
    d = NAN if t == NAN else fma(a, b, t, F32, RN)
    if sat:   # finish(): NaN, negative, -0.0 and +0.0 give +0.0; above 1.0 gives 1.0
        if d == NAN or d & 0x80000000 or d == 0:
            d = 0
        elif decode(d, F32).kind == "inf" or f32_value(d) > 1:
            d = 0x3F800000
    if d == NAN:
        d = F32.qnan
    return d


def gen_lrp(rng):
    warps = 2
    nt = 32 * warps
    w_base, b_base, c_base, out_base = 0x1000, 0x1100, 0x1200, 0x2000
    cb = f32(Fraction(7, 10))                   # SrcB from c[0x0][0x10]
    one = f32(1)
    W, B, C = [], [], []
    for t in range(nt):
        k = t % 16
        w = f32(Fraction(rng.randint(0, 1 << 24), 1 << 24))
        b = f32(Fraction(rng.randint(-(1 << 26), 1 << 26), 1 << 25))
        c = f32(Fraction(rng.randint(-(1 << 26), 1 << 26), 1 << 25))
        if k == 0:
            w = 0
        elif k == 1:
            w = one
        elif k == 2:
            w = f32(Fraction(5, 4))             # extrapolation beyond b
        elif k == 3:
            w = f32(Fraction(-1, 2))            # extrapolation beyond c
        elif k == 4:
            w, b = one, 0x80000000              # a = 1, b = -0.0: -0.0 + +0.0 = +0.0
        elif k == 5 and t < 32:
            b = 0x7FC00000                      # NaN input
        elif k == 5:
            c = F32.inf                         # Inf - Inf inside t
        elif k == 6 and t < 32:
            b = F32.inf                         # +Inf result, 1.0 with .SAT
        elif k == 6:
            b = F32.sign_bit | F32.inf          # -Inf result, +0.0 with .SAT
        elif k == 7:                            # tiny operands: subnormal result
            b = f32(Fraction(rng.randint(1, 1 << 20), 1 << 148))
            c = f32(Fraction(rng.randint(1, 1 << 20), 1 << 149))
        elif k == 8:                            # large, cancelling
            b = f32(Fraction(rng.randint(1 << 23, 1 << 24)) * 1024)
            c = neg32(b) ^ 1
        W.append(w)
        B.append(b)
        C.append(c)
    quarter = f32(Fraction(1, 4))
    outs = [
        [lrp(W[t], B[t], C[t], False) for t in range(nt)],
        [lrp(W[t], B[t], C[t], True) for t in range(nt)],
        [lrp(W[t], B[t], quarter, False) for t in range(nt)],
        [lrp(W[t], cb, C[t], True) for t in range(nt)],
    ]
    assert outs[0][4] == 0 and outs[0][5] == F32.qnan and outs[1][5] == 0
    assert outs[0][6] == F32.inf and outs[1][6] == one and outs[1][38] == 0
    # two roundings differ from one somewhere (the definition matters)
    single = 0
    for t in range(nt):
        if NAN in (W[t], B[t], C[t]) or any(decode(x, F32).kind != "num" for x in (W[t], B[t], C[t])):
            continue
        a_, b_, c_ = (f32_value(x) for x in (W[t], B[t], C[t]))
        if f32(a_ * b_ + c_ * (1 - a_)) != outs[0][t]:
            single += 1
    assert single > 0
    stride = 4 * nt

    body = """
.warps %d

        S2R R0, SR_TID_X ;
        LDC.64 R[2:3], c[0x0][RZ] ;           // &w[0]
        IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        LDG R6, [R[4:5]] ;                    // weight w
        LDG R7, [R[4:5]+0x%x] ;               // b
        LDG R8, [R[4:5]+0x%x] ;               // c
        LRP R10, R6, R7, R8 ;                 // b*w + c*(1-w)
        LRP.SAT R11, R6, R7, R8 ;             // clamped to [+0.0, 1.0]
        LRP R12, R6, R7, 0.25 ;               // blend toward 0.25
        LRP.SAT R13, R6, c[0x0][0x10], R8 ;   // b from the constant bank
        LDC.64 R[14:15], c[0x0][RZ+0x8] ;
        LEA R16, P0, R0, R14, 0x2 ;
        LEA.HI.X R17, R0, R15, RZ, 0x2, P0 ;
        STG [R[16:17]], R10 ;
        STG [R[16:17]+0x%x], R11 ;
        STG [R[16:17]+0x%x], R12 ;
        STG [R[16:17]+0x%x], R13 ;
        EXIT ;
""" % (warps, b_base - w_base, c_base - w_base, stride, 2 * stride, 3 * stride)
    d = [const_line(0, 0, [w_base, 0, out_base, 0, cb])]
    d += words_lines(".global", w_base, W)
    d += words_lines(".global", b_base, B)
    d += words_lines(".global", c_base, C)
    for i, arr in enumerate(outs):
        d += words_lines(".expect_mem", out_base + stride * i, arr)
    header = [
        "LRP blending over %d warps: out = b*w + c*(1-w) per the ext.isa definition," % warps,
        "two round-to-nearest-even steps t = RN(c - w*c), d = RN(w*b + t). Four",
        "arrays of %d words: LRP, LRP.SAT, LRP with SrcC = 0.25, LRP.SAT with b = 0.7" % nt,
        "from c[0x0][0x10]. Weights include 0, 1, 1.25, -0.5; inputs include -0.0,",
        "NaN, +-Inf, subnormals and cancellation. Expected values computed exactly.",
    ]
    return kernel(header, body, d)


# ---------------------------------------------------------------------------


GENERATORS = [
    ("saxpy.s", gen_saxpy, 1),
    ("dot_idp4a.s", gen_dot, 2),
    ("reduce_shfl.s", gen_reduce_shfl, 3),
    ("reduce_redux.s", gen_reduce_redux, 4),
    ("haxpy_fp16.s", gen_haxpy, 5),
    ("divergent.s", gen_divergent, 6),
    ("lrp_blend.s", gen_lrp, 7),
]


def self_test():
    """Cross-check the exact rounding against the host's IEEE arithmetic
    where Python offers it (struct 'e' and 'f' round to nearest even)."""
    import struct
    r = random.Random(1)
    for _ in range(2000):
        v = r.uniform(-70000, 70000) * 2.0 ** r.randint(-30, 0)
        h = struct.unpack("<H", struct.pack("<e", v))[0] if abs(v) < 65520 else None
        if h is not None:
            assert f16(Fraction(v)) == h, (v, hex(h))
        s = struct.unpack("<I", struct.pack("<f", v))[0]
        assert f32(Fraction(v)) == s, (v, hex(s))
    assert f16(70000) == 0x7C00 and f16(70000, RZ) == 0x7BFF and f16(-70000, RP) == 0xFBFF
    assert f16(Fraction(1, 1 << 25)) == 0 and f16(Fraction(3, 1 << 26)) == 1   # tie to even / above
    assert f16(Fraction(1, 1 << 25), RP) == 1 and f16(-Fraction(1, 1 << 25), RM) == 0x8001
    assert fma(f32(1), f32(1), f32(-1), F32, RM) == 0x80000000
    assert fma(f32(1), f32(1), f32(-1), F32, RN) == 0


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    outdir = args[0] if args else os.path.dirname(os.path.abspath(__file__))
    self_test()
    stale = 0
    for name, gen, seed in GENERATORS:
        text = gen(random.Random(seed))
        path = os.path.join(outdir, name)
        if check:
            try:
                with open(path) as fh:
                    same = fh.read() == text
            except OSError:
                same = False
            if not same:
                print("stale: %s" % path)
                stale += 1
        else:
            with open(path, "w") as fh:
                fh.write(text)
            print("wrote %s" % path)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
