/*
 * A stub for each function in symbols.h, under the function's own name, so that Swift's calls into
 * Cairo, Pango, fontconfig and GLib link against these instead of the libraries: the dynamic loader
 * then has nothing of theirs to load when a process starts (`tintype --version` and the commands
 * that draw nothing never open them).
 *
 * A stub jumps through its entry of tt_lazy_table. Each entry starts at the stub's first-call path,
 * which saves the argument registers, calls tt_lazy_resolve (libraries.c: opens the libraries once,
 * fills every entry with its function's address), restores them and jumps to the function. From
 * then on a call costs one indirect jump. The stubs are hidden: the libraries never see them.
 */

#define TT_LAZY(library, name) TT_STUB(name, __COUNTER__)

#if defined(__x86_64__)

/* %r11 is free at a call (neither an argument nor preserved) and carries the entry's index. */
#define TT_STUB(name, index) \
    .globl name; .hidden name; .type name, @function; .p2align 4; \
    name: jmp *(tt_lazy_table + 8 * index)(%rip); \
    tt_first_##name: movl $ index, %r11d; jmp tt_lazy_enter; \
    .size name, . - name;

    .text
#include "symbols.h"

/* Entered with the caller's arguments in place and its return address on top of the stack
 * (%rsp = 8 mod 16). Saves %rdi..%r9, %rax (the vector count of a variadic call) and %xmm0-7. */
    .p2align 4
    .type tt_lazy_enter, @function
tt_lazy_enter:
    pushq %rbp
    movq %rsp, %rbp
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9
    pushq %rax
    pushq %r11
    subq $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    call tt_lazy_resolve
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $128, %rsp
    popq %r11
    popq %rax
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    popq %rbp
    leaq tt_lazy_table(%rip), %r10
    jmp *(%r10, %r11, 8)
    .size tt_lazy_enter, . - tt_lazy_enter

#define TT_ENTRY(name) .quad tt_first_##name;

#elif defined(__aarch64__)

/* x16 and x17 are the intra-procedure-call scratch registers; x17 carries the entry's index. */
#define TT_STUB(name, index) \
    .globl name; .hidden name; .type name, %function; .p2align 2; \
    name: adrp x16, tt_lazy_table + 8 * index; \
    ldr x16, [x16, :lo12:tt_lazy_table + 8 * index]; br x16; \
    tt_first_##name: mov x17, index; b tt_lazy_enter; \
    .size name, . - name;

    .text
#include "symbols.h"

/* Saves x0-x8 (x8: the address of a returned structure) and q0-q7 around tt_lazy_resolve. */
    .p2align 2
    .type tt_lazy_enter, %function
tt_lazy_enter:
    stp x29, x30, [sp, -224]!
    mov x29, sp
    stp x0, x1, [sp, 16]
    stp x2, x3, [sp, 32]
    stp x4, x5, [sp, 48]
    stp x6, x7, [sp, 64]
    stp x8, x17, [sp, 80]
    stp q0, q1, [sp, 96]
    stp q2, q3, [sp, 128]
    stp q4, q5, [sp, 160]
    stp q6, q7, [sp, 192]
    bl tt_lazy_resolve
    ldp q6, q7, [sp, 192]
    ldp q4, q5, [sp, 160]
    ldp q2, q3, [sp, 128]
    ldp q0, q1, [sp, 96]
    ldp x8, x17, [sp, 80]
    ldp x6, x7, [sp, 64]
    ldp x4, x5, [sp, 48]
    ldp x2, x3, [sp, 32]
    ldp x0, x1, [sp, 16]
    ldp x29, x30, [sp], 224
    adrp x16, tt_lazy_table
    add x16, x16, :lo12:tt_lazy_table
    ldr x16, [x16, x17, lsl 3]
    br x16
    .size tt_lazy_enter, . - tt_lazy_enter

#define TT_ENTRY(name) .xword tt_first_##name;

#else
#error "Tintype's lazy library stubs are written for x86-64 and arm64 only"
#endif

/* One entry a function, in symbols.h's order: its first-call path until tt_lazy_resolve runs. */
    .data
    .p2align 3
    .globl tt_lazy_table
    .hidden tt_lazy_table
tt_lazy_table:
#undef TT_LAZY
#define TT_LAZY(library, name) TT_ENTRY(name)
#include "symbols.h"

    .section .note.GNU-stack, "", %progbits
