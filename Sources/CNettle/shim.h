// SHA-256 from nettle, for the stamp in golden PNGs (Debian's nettle picks the CPU's SHA
// instructions at run time: about 1.2 GB/s here). Its header names functions through macros,
// which Swift does not import, so these wrap the three calls Tintype makes.
#pragma once
#include <nettle/sha2.h>
#include <stddef.h>
#include <stdint.h>

static inline void tt_sha256_init(struct sha256_ctx *c) { nettle_sha256_init(c); }
static inline void tt_sha256_update(struct sha256_ctx *c, const void *bytes, size_t n) { nettle_sha256_update(c, n, (const uint8_t *)bytes); }
static inline void tt_sha256_digest(struct sha256_ctx *c, uint8_t *out32) { nettle_sha256_digest(c, 32, out32); }
