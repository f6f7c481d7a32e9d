// BLAKE3's avx2 compression functions for x86-64 (upstream's x86-64/blake3_avx2_x86-64_unix.S),
// assembled on x86-64 ELF systems only: SwiftPM cannot pick sources by architecture, so on any other
// machine this file is empty and the portable C code hashes. blake3_dispatch.c picks the fastest
// set the CPU has at run time (CPUID).
#if defined(__x86_64__) && defined(__ELF__)
#include "x86-64/blake3_avx2_x86-64_unix.S"
#endif
