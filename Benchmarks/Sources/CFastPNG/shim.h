// Benchmark-only PNG encoders for `tintype-bench` (Scripts/bench), to measure against Cairo's writer.
//
// Why loaded at run time: libspng and libdeflate are not build dependencies of Tintype. This module
// declares the few functions it needs (checked against the real headers when they are installed)
// and dlopen()s libspng.so.0 / libdeflate.so.0, so `swift build` and `swift test` work on machines
// without libspng-dev or libdeflate-dev; only Scripts/bench installs them.
#pragma once
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// ---- libspng 0.7 (spng.h), the subset used here --------------------------------------------------
typedef struct tt_spng_ctx tt_spng_ctx;
struct tt_spng_ihdr {
    uint32_t width, height;
    uint8_t bit_depth, color_type, compression_method, filter_method, interlace_method;
};
struct tt_spng_bkgd { uint16_t gray, red, green, blue, plte_index; };
enum {
    TT_SPNG_CTX_ENCODER = 2,
    TT_SPNG_FMT_RGBA8 = 1,
    TT_SPNG_FMT_PNG = 256,
    TT_SPNG_ENCODE_FINALIZE = 2,
    TT_SPNG_IMG_COMPRESSION_LEVEL = 2,
    TT_SPNG_IMG_COMPRESSION_STRATEGY = 5,
    TT_SPNG_FILTER_CHOICE = 10,
    TT_SPNG_ENCODE_TO_BUFFER = 12,
    TT_SPNG_FILTER_CHOICE_NONE = 8,
    TT_SPNG_FILTER_CHOICE_SUB = 16,
    TT_SPNG_FILTER_CHOICE_UP = 32,
    TT_SPNG_FILTER_CHOICE_AVG = 64,
    TT_SPNG_FILTER_CHOICE_PAETH = 128,
    TT_SPNG_FILTER_CHOICE_ALL = 8 | 16 | 32 | 64 | 128,
};
#if __has_include(<spng.h>)
#include <spng.h>
_Static_assert(TT_SPNG_CTX_ENCODER == (int)SPNG_CTX_ENCODER && TT_SPNG_FMT_RGBA8 == (int)SPNG_FMT_RGBA8 && TT_SPNG_FMT_PNG == (int)SPNG_FMT_PNG
               && TT_SPNG_ENCODE_FINALIZE == (int)SPNG_ENCODE_FINALIZE && TT_SPNG_IMG_COMPRESSION_LEVEL == (int)SPNG_IMG_COMPRESSION_LEVEL
               && TT_SPNG_IMG_COMPRESSION_STRATEGY == (int)SPNG_IMG_COMPRESSION_STRATEGY && TT_SPNG_FILTER_CHOICE == (int)SPNG_FILTER_CHOICE
               && TT_SPNG_ENCODE_TO_BUFFER == (int)SPNG_ENCODE_TO_BUFFER && TT_SPNG_FILTER_CHOICE_ALL == (int)SPNG_FILTER_CHOICE_ALL
               && sizeof(struct tt_spng_ihdr) == sizeof(struct spng_ihdr) && sizeof(struct tt_spng_bkgd) == sizeof(struct spng_bkgd),
               "the spng subset declared in shim.h differs from spng.h");
#endif

struct tt_spng_api {
    tt_spng_ctx *(*ctx_new)(int flags);
    void (*ctx_free)(tt_spng_ctx *ctx);
    int (*set_option)(tt_spng_ctx *ctx, int option, int value);
    int (*set_ihdr)(tt_spng_ctx *ctx, struct tt_spng_ihdr *ihdr);
    int (*get_ihdr)(tt_spng_ctx *ctx, struct tt_spng_ihdr *ihdr);
    int (*set_bkgd)(tt_spng_ctx *ctx, struct tt_spng_bkgd *bkgd);
    int (*encode_image)(tt_spng_ctx *ctx, const void *img, size_t len, int fmt, int flags);
    void *(*get_png_buffer)(tt_spng_ctx *ctx, size_t *len, int *error);
    int (*set_png_buffer)(tt_spng_ctx *ctx, const void *buf, size_t size);
    int (*decoded_image_size)(tt_spng_ctx *ctx, int fmt, size_t *len);
    int (*decode_image)(tt_spng_ctx *ctx, void *out, size_t len, int fmt, int flags);
    const char *(*strerror)(int err);
    const char *(*version_string)(void);
};

// ---- libdeflate 1.x (libdeflate.h), the subset used here -----------------------------------------
struct tt_deflate_api {
    void *(*alloc_compressor)(int level);
    size_t (*zlib_compress)(void *c, const void *in, size_t in_n, void *out, size_t out_avail);
    size_t (*zlib_compress_bound)(void *c, size_t in_n);
    void (*free_compressor)(void *c);
    uint32_t (*crc32)(uint32_t crc, const void *buf, size_t len);
};

/// The loaded libraries; every function below takes one (no global state in a header).
struct tt_libs { struct tt_spng_api spng; struct tt_deflate_api deflate; };

/// Loads libspng.so.0 and libdeflate.so.0 into `L`. Returns NULL on success, else a message.
static inline const char *tt_load_libraries(struct tt_libs *L) {
    void *s = dlopen("libspng.so.0", RTLD_NOW | RTLD_LOCAL);
    void *d = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!s) return "cannot load libspng.so.0 (apt-get install libspng-dev)";
    if (!d) return "cannot load libdeflate.so.0 (apt-get install libdeflate-dev)";
#define TT_SYM(lib, api, field, name) if (!(*(void **)&L->api.field = dlsym(lib, name))) return "missing symbol " name;
    TT_SYM(s, spng, ctx_new, "spng_ctx_new")
    TT_SYM(s, spng, ctx_free, "spng_ctx_free")
    TT_SYM(s, spng, set_option, "spng_set_option")
    TT_SYM(s, spng, set_ihdr, "spng_set_ihdr")
    TT_SYM(s, spng, get_ihdr, "spng_get_ihdr")
    TT_SYM(s, spng, set_bkgd, "spng_set_bkgd")
    TT_SYM(s, spng, encode_image, "spng_encode_image")
    TT_SYM(s, spng, get_png_buffer, "spng_get_png_buffer")
    TT_SYM(s, spng, set_png_buffer, "spng_set_png_buffer")
    TT_SYM(s, spng, decoded_image_size, "spng_decoded_image_size")
    TT_SYM(s, spng, decode_image, "spng_decode_image")
    TT_SYM(s, spng, strerror, "spng_strerror")
    TT_SYM(s, spng, version_string, "spng_version_string")
    TT_SYM(d, deflate, alloc_compressor, "libdeflate_alloc_compressor")
    TT_SYM(d, deflate, zlib_compress, "libdeflate_zlib_compress")
    TT_SYM(d, deflate, zlib_compress_bound, "libdeflate_zlib_compress_bound")
    TT_SYM(d, deflate, free_compressor, "libdeflate_free_compressor")
    TT_SYM(d, deflate, crc32, "libdeflate_crc32")
#undef TT_SYM
    return NULL;
}

// ---- Pixels as Cairo's PNG writer produces them -------------------------------------------------
/// Cairo ARGB32 (premultiplied, B G R A bytes on little-endian) to the rows Cairo's writer hands
/// libpng: RGB when every pixel is opaque, else unpremultiplied RGBA (cairo-png.c's
/// unpremultiply_data). `out` holds w*h*4 bytes. Returns the channel count, 3 or 4.
static inline int tt_png_rows_from_cairo(const uint8_t *restrict argb, uint32_t w, uint32_t h, uint8_t *restrict out) {
    size_t n = (size_t)w * h;
    int opaque = 1;
    for (size_t i = 0; i < n; i++) if (argb[i * 4 + 3] != 0xff) { opaque = 0; break; }
    if (opaque) {
        for (size_t i = 0; i < n; i++) {
            out[i * 3] = argb[i * 4 + 2]; out[i * 3 + 1] = argb[i * 4 + 1]; out[i * 3 + 2] = argb[i * 4];
        }
        return 3;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = argb + i * 4;
        uint8_t *q = out + i * 4;
        unsigned a = p[3];
        if (a == 0) { q[0] = q[1] = q[2] = q[3] = 0; continue; }
        q[0] = (uint8_t)((p[2] * 255u + a / 2) / a);
        q[1] = (uint8_t)((p[1] * 255u + a / 2) / a);
        q[2] = (uint8_t)((p[0] * 255u + a / 2) / a);
        q[3] = (uint8_t)a;
    }
    return 4;
}

/// Straight RGBA8 (a decoder's output) to Cairo ARGB32, premultiplied as cairo-png.c's premultiply_data.
static inline void tt_cairo_from_rgba(const uint8_t *rgba, size_t n, uint8_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = rgba + i * 4;
        uint8_t *q = out + i * 4;
        unsigned a = p[3];
        if (a == 0) { q[0] = q[1] = q[2] = q[3] = 0; continue; }
        unsigned r = p[0], g = p[1], b = p[2];
        if (a != 0xff) {
            unsigned t;
            t = a * r + 0x80; r = (t + (t >> 8)) >> 8;
            t = a * g + 0x80; g = (t + (t >> 8)) >> 8;
            t = a * b + 0x80; b = (t + (t >> 8)) >> 8;
        }
        q[0] = (uint8_t)b; q[1] = (uint8_t)g; q[2] = (uint8_t)r; q[3] = (uint8_t)a;
    }
}

// ---- libspng -------------------------------------------------------------------------------------
/// Encodes packed rows (3 or 4 channels, 8 bits) with libspng. `level` -1 and `filters` 0 keep
/// libspng's defaults; `strategy` -1 too. Writes a white bKGD like Cairo. Returns a malloc'd buffer
/// (free it with free()), or NULL with *error set.
static inline uint8_t *tt_spng_encode(const struct tt_libs *L, const uint8_t *rows, uint32_t w, uint32_t h, int channels,
                                      int level, int strategy, int filters, size_t *len, int *error) {
    tt_spng_ctx *ctx = L->spng.ctx_new(TT_SPNG_CTX_ENCODER);
    if (!ctx) { *error = -1; return NULL; }
    L->spng.set_option(ctx, TT_SPNG_ENCODE_TO_BUFFER, 1);
    if (level >= 0) L->spng.set_option(ctx, TT_SPNG_IMG_COMPRESSION_LEVEL, level);
    if (strategy >= 0) L->spng.set_option(ctx, TT_SPNG_IMG_COMPRESSION_STRATEGY, strategy);
    if (filters > 0) L->spng.set_option(ctx, TT_SPNG_FILTER_CHOICE, filters);
    struct tt_spng_ihdr ihdr = { w, h, 8, (uint8_t)(channels == 4 ? 6 : 2), 0, 0, 0 };
    struct tt_spng_bkgd bkgd = { 255, 255, 255, 255, 0 };
    uint8_t *out = NULL;
    int e = L->spng.set_ihdr(ctx, &ihdr);
    if (!e) e = L->spng.set_bkgd(ctx, &bkgd);
    if (!e) e = L->spng.encode_image(ctx, rows, (size_t)w * h * channels, TT_SPNG_FMT_PNG, TT_SPNG_ENCODE_FINALIZE);
    if (!e) out = (uint8_t *)L->spng.get_png_buffer(ctx, len, &e);
    L->spng.ctx_free(ctx);
    *error = e;
    return e ? (free(out), (uint8_t *)NULL) : out;
}

/// Decodes a PNG with libspng straight to Cairo ARGB32 (premultiplied). `out` is malloc'd w*h*4.
static inline uint8_t *tt_spng_decode_to_cairo(const struct tt_libs *L, const uint8_t *png, size_t n, uint32_t *w, uint32_t *h, int *error) {
    tt_spng_ctx *ctx = L->spng.ctx_new(0);
    if (!ctx) { *error = -1; return NULL; }
    struct tt_spng_ihdr ihdr;
    size_t size = 0;
    uint8_t *rgba = NULL;
    int e = L->spng.set_png_buffer(ctx, png, n);
    if (!e) e = L->spng.get_ihdr(ctx, &ihdr);
    if (!e) e = L->spng.decoded_image_size(ctx, TT_SPNG_FMT_RGBA8, &size);
    if (!e) { rgba = (uint8_t *)malloc(size); e = rgba ? 0 : -1; }
    if (!e) e = L->spng.decode_image(ctx, rgba, size, TT_SPNG_FMT_RGBA8, 1 /* SPNG_DECODE_TRNS */);
    L->spng.ctx_free(ctx);
    *error = e;
    if (e) { free(rgba); return NULL; }
    *w = ihdr.width; *h = ihdr.height;
    tt_cairo_from_rgba(rgba, (size_t)ihdr.width * ihdr.height, rgba);  // in place: same size, per pixel
    return rgba;
}

// ---- A minimal PNG writer on libdeflate --------------------------------------------------------
enum { TT_FILTER_NONE = 0, TT_FILTER_SUB = 1, TT_FILTER_UP = 2, TT_FILTER_AVG = 3, TT_FILTER_PAETH = 4,
       TT_FILTER_ADAPTIVE = 5 /* per row, the filter with the least sum of |signed bytes| (libpng's heuristic) */ };

static inline uint8_t tt_paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/// Filters one row with filter `f` into dst (without the filter byte). `prev` is the row above (zeros
/// for the first row). Each case is a plain loop the compiler can vectorize.
static inline void tt_filter_row(int f, const uint8_t *restrict cur, const uint8_t *restrict prev,
                                 size_t n, size_t bpp, uint8_t *restrict dst) {
    size_t i;
    switch (f) {
    case TT_FILTER_SUB:
        for (i = 0; i < bpp; i++) dst[i] = cur[i];
        for (; i < n; i++) dst[i] = (uint8_t)(cur[i] - cur[i - bpp]);
        break;
    case TT_FILTER_UP:
        for (i = 0; i < n; i++) dst[i] = (uint8_t)(cur[i] - prev[i]);
        break;
    case TT_FILTER_AVG:
        for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(cur[i] - (prev[i] >> 1));
        for (; i < n; i++) dst[i] = (uint8_t)(cur[i] - ((cur[i - bpp] + prev[i]) >> 1));
        break;
    case TT_FILTER_PAETH:
        for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(cur[i] - prev[i]);
        for (; i < n; i++) dst[i] = (uint8_t)(cur[i] - tt_paeth(cur[i - bpp], prev[i], prev[i - bpp]));
        break;
    default:
        memcpy(dst, cur, n);
        break;
    }
}

/// libpng's heuristic for choosing a filter: the sum of the filtered bytes read as signed magnitudes.
static inline uint32_t tt_row_cost(const uint8_t *restrict d, size_t n) {
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) { uint8_t v = d[i]; sum += v < 128 ? v : 256 - v; }
    return sum;
}

static inline uint8_t *tt_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
    return p + 4;
}

/// Writes one chunk at p: length, type, data (already at p + 8), CRC. Returns the end.
static inline uint8_t *tt_chunk(const struct tt_libs *L, uint8_t *p, const char *type, size_t len) {
    tt_put32(p, (uint32_t)len);
    memcpy(p + 4, type, 4);
    uint32_t crc = L->deflate.crc32(0, p + 4, len + 4);
    return tt_put32(p + 8 + len, crc);
}

/// Encodes packed rows (3 or 4 channels) as PNG: filter `filter` (TT_FILTER_*), one zlib stream from
/// libdeflate at `level` (0-12) in a single IDAT, a white bKGD like Cairo. Returns a malloc'd buffer.
static inline uint8_t *tt_deflate_png(const struct tt_libs *L, const uint8_t *rows, uint32_t w, uint32_t h, int channels,
                                      int filter, int level, size_t *len) {
    size_t stride = (size_t)w * channels, filtered_len = (stride + 1) * h;
    uint8_t *filtered = (uint8_t *)malloc(filtered_len);
    uint8_t *scratch = (uint8_t *)malloc(stride), *zeros = (uint8_t *)calloc(1, stride);
    void *c = L->deflate.alloc_compressor(level);
    if (!filtered || !scratch || !zeros || !c) {
        free(filtered); free(scratch); free(zeros);
        if (c) L->deflate.free_compressor(c);
        return NULL;
    }
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *cur = rows + (size_t)y * stride, *prev = y ? cur - stride : zeros;
        uint8_t *dst = filtered + (size_t)y * (stride + 1);
        if (filter != TT_FILTER_ADAPTIVE) {
            dst[0] = (uint8_t)filter;
            tt_filter_row(filter, cur, prev, stride, (size_t)channels, dst + 1);
            continue;
        }
        // Each filter into scratch; keep the cheapest in dst.
        uint32_t best = UINT32_MAX;
        for (int f = TT_FILTER_NONE; f <= TT_FILTER_PAETH; f++) {
            tt_filter_row(f, cur, prev, stride, (size_t)channels, scratch);
            uint32_t cost = tt_row_cost(scratch, stride);
            if (cost < best) { best = cost; dst[0] = (uint8_t)f; memcpy(dst + 1, scratch, stride); }
        }
    }
    size_t bound = L->deflate.zlib_compress_bound(c, filtered_len);
    // signature 8 + IHDR 25 + bKGD 18 + IDAT 12 + data + IEND 12
    uint8_t *out = (uint8_t *)malloc(8 + 25 + 18 + 12 + bound + 12);
    if (!out) { free(filtered); free(scratch); free(zeros); L->deflate.free_compressor(c); return NULL; }
    uint8_t *p = out;
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memcpy(p, signature, 8); p += 8;
    uint8_t *d = p + 8;
    d = tt_put32(d, w); d = tt_put32(d, h);
    d[0] = 8; d[1] = (uint8_t)(channels == 4 ? 6 : 2); d[2] = 0; d[3] = 0; d[4] = 0;
    p = tt_chunk(L, p, "IHDR", 13);
    d = p + 8;
    d[0] = 0; d[1] = 255; d[2] = 0; d[3] = 255; d[4] = 0; d[5] = 255;
    p = tt_chunk(L, p, "bKGD", 6);
    size_t z = L->deflate.zlib_compress(c, filtered, filtered_len, p + 8, bound);
    free(filtered); free(scratch); free(zeros); L->deflate.free_compressor(c);
    if (z == 0) { free(out); return NULL; }
    p = tt_chunk(L, p, "IDAT", z);
    p = tt_chunk(L, p, "IEND", 0);
    *len = (size_t)(p - out);
    return out;
}
