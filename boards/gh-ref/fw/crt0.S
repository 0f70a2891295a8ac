/* boards/gh-ref/fw: reset and trap entry for the gh-ref soft core (rv32imac, M-mode,
 * no MMU, no caches, interrupts off: the firmware polls).
 *
 * _start: global pointer, stack (top of RAM, see gh-ref.ld), trap vector,
 * .data copied from its load address in ROM, .bss zeroed, then main().
 * trap_entry: any exception (interrupts are never enabled) hands mcause,
 * mepc and mtval to gh_ref_trap() on a fresh stack; it records them and
 * resets the soft core. */
    .section .text.init, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    la      t0, trap_entry
    csrw    mtvec, t0               /* direct mode: trap_entry is 4-byte aligned */
    csrw    mie, zero
    csrci   mstatus, 8              /* MIE off */

    la      a0, __data_start        /* .data: ROM -> RAM */
    la      a1, __data_end
    la      a2, __data_lma
1:  bgeu    a0, a1, 2f
    lw      t1, 0(a2)
    sw      t1, 0(a0)
    addi    a0, a0, 4
    addi    a2, a2, 4
    j       1b
2:  la      a0, __bss_start         /* .bss: zero */
    la      a1, __bss_end
3:  bgeu    a0, a1, 4f
    sw      zero, 0(a0)
    addi    a0, a0, 4
    j       3b
4:  la      tp, __tls_base          /* picolibc's thread pointer (TLS is empty in this image) */
    call    main
5:  wfi                             /* main never returns */
    j       5b
    .size _start, . - _start

    .balign 4
    .globl trap_entry
    .type trap_entry, @function
trap_entry:
    csrr    a0, mcause
    csrr    a1, mepc
    csrr    a2, mtval
    la      sp, __stack_top         /* the stack may be what failed */
    call    gh_ref_trap
6:  j       6b
    .size trap_entry, . - trap_entry
