// Tintype's PNG writer: Cairo's pixels to PNG with libdeflate, measured by Scripts/bench at about
// 2.7x the speed of Cairo's own writer (libpng + zlib) with files no larger.
#include <libdeflate.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint8_t *tt_png_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
    return p + 4;
}

/// Keeps freed blocks of up to 256 MB in the process's heaps instead of handing them back to the
/// kernel: a run of many renders of one size then reuses its screens' memory without page faults.
static inline void tt_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

/// Writes a chunk whose data is already at p + 8: length, type, CRC. Returns the chunk's end.
static inline uint8_t *tt_png_chunk(uint8_t *p, const char *type, size_t len) {
    tt_png_put32(p, (uint32_t)len);
    memcpy(p + 4, type, 4);
    return tt_png_put32(p + 8 + len, libdeflate_crc32(0, p + 4, len + 4));
}


// A fast DEFLATE for failure artifacts and diff images, where time matters more than size: one
// block with the fixed Huffman codes whose only matches are runs, a byte repeated (distance 1) or a
// pixel repeated (distance `bpp`). Rows filtered Up turn a screen's flat areas into such runs, so it
// encodes a screen two to three times as fast as libdeflate does at any level, into a file one and
// a half to four times as large (Scripts/bench, docs/speed.md). Any inflater reads it.

typedef struct { uint8_t *out; size_t at; uint64_t bits; unsigned count; } tt_bitwriter;

static inline void tt_bits_put(tt_bitwriter *b, uint32_t v, unsigned n) {
    b->bits |= (uint64_t)v << b->count;
    b->count += n;
    if (b->count >= 32) {
        uint32_t word = (uint32_t)b->bits;
        uint8_t *o = b->out + b->at;
        o[0] = (uint8_t)word; o[1] = (uint8_t)(word >> 8); o[2] = (uint8_t)(word >> 16); o[3] = (uint8_t)(word >> 24);
        b->at += 4; b->bits >>= 32; b->count -= 32;
    }
}

static inline uint32_t tt_bits_reversed(uint32_t v, unsigned n) {
    uint32_t r = 0;
    for (unsigned i = 0; i < n; i++) { r = (r << 1) | (v & 1); v >>= 1; }
    return r;
}

/// The length of the run at in[i] against in[i - distance] (at most 258 and the bytes left).
static inline size_t tt_run(const uint8_t *in, size_t i, size_t n, size_t distance) {
    size_t max = n - i < 258 ? n - i : 258, k = 0;
    while (k + 8 <= max) {
        uint64_t a, b;
        memcpy(&a, in + i + k, 8); memcpy(&b, in + i + k - distance, 8);
        if (a != b) break;
        k += 8;
    }
    while (k < max && in[i + k] == in[i + k - distance]) k++;
    return k;
}

/// `n` bytes as a zlib stream into `out`, which holds at least tt_rle_bound(n) bytes; returns its length.
static inline size_t tt_rle_bound(size_t n) { return n + n / 8 + 64; }
static inline size_t tt_rle_zlib(const uint8_t *in, size_t n, unsigned bpp, uint8_t *out) {
    // The fixed codes (RFC 1951, 3.2.6), bit-reversed as DEFLATE writes them, and each length's
    // symbol with its extra bits.
    uint16_t lit[288]; uint8_t litLen[288];
    for (int s = 0; s < 288; s++) {
        uint32_t c; unsigned k;
        if (s < 144) { c = 0x30 + s; k = 8; } else if (s < 256) { c = 0x190 + (s - 144); k = 9; }
        else if (s < 280) { c = s - 256; k = 7; } else { c = 0xC0 + (s - 280); k = 8; }
        lit[s] = (uint16_t)tt_bits_reversed(c, k); litLen[s] = (uint8_t)k;
    }
    static const uint16_t base[29] = {3,4,5,6,7,8,9,10,11,13,15,17,19,23,27,31,35,43,51,59,67,83,99,115,131,163,195,227,258};
    static const uint8_t extra[29] = {0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,0};
    uint32_t len[259]; uint8_t lenBits[259];
    for (int l = 3, i = 0; l <= 258; l++) {
        while (i < 28 && base[i + 1] <= l) i++;
        len[l] = lit[257 + i] | ((uint32_t)(l - base[i]) << litLen[257 + i]);
        lenBits[l] = (uint8_t)(litLen[257 + i] + extra[i]);
    }
    tt_bitwriter b = { out, 0, 0, 0 };
    tt_bits_put(&b, 0x78, 8); tt_bits_put(&b, 0x01, 8);  // zlib: DEFLATE, 32K window, fastest
    tt_bits_put(&b, 1, 1); tt_bits_put(&b, 1, 2);        // the last block, fixed codes
    uint32_t near = tt_bits_reversed(0, 5), pixel = tt_bits_reversed(bpp - 1, 5);  // distances 1 and bpp
    size_t i = 0;
    while (i < n) {
        size_t best = 0; uint32_t distance = near;
        if (i >= 1 && in[i] == in[i - 1]) best = tt_run(in, i, n, 1);
        if (best < 258 && i >= bpp && in[i] == in[i - bpp]) {
            size_t k = tt_run(in, i, n, bpp);
            if (k > best) { best = k; distance = pixel; }
        }
        if (best >= 3) {
            tt_bits_put(&b, len[best], lenBits[best]);
            tt_bits_put(&b, distance, 5);
            i += best;
        } else {
            tt_bits_put(&b, lit[in[i]], litLen[in[i]]);
            i++;
        }
    }
    tt_bits_put(&b, lit[256], litLen[256]);
    while (b.count > 0) { out[b.at++] = (uint8_t)b.bits; b.bits >>= 8; b.count = b.count > 8 ? b.count - 8 : 0; }
    uint32_t adler = libdeflate_adler32(1, in, n);
    out[b.at] = (uint8_t)(adler >> 24); out[b.at + 1] = (uint8_t)(adler >> 16); out[b.at + 2] = (uint8_t)(adler >> 8); out[b.at + 3] = (uint8_t)adler;
    return b.at + 4;
}

/// Encodes a Cairo ARGB32 image (premultiplied, B G R A bytes on little-endian machines, rows
/// `stride` bytes apart) as a PNG: 8-bit RGB when every pixel is opaque, else RGBA unpremultiplied
/// with Cairo's rounding; every row filtered Up; one zlib stream in a single IDAT, at libdeflate
/// level 6, or when `fast` is set by tt_rle_zlib above (the same pixels, a larger file). Returns a
/// malloc'd buffer (its length in *len), or NULL when memory runs out.
static inline uint8_t *tt_png_encode(const uint8_t *argb, uint32_t w, uint32_t h, size_t stride, int fast, size_t *len) {
    int opaque = 1;
    for (uint32_t y = 0; y < h && opaque; y++) {
        const uint8_t *row = argb + (size_t)y * stride;
        for (uint32_t x = 0; x < w; x++) if (row[x * 4 + 3] != 0xff) { opaque = 0; break; }
    }
    size_t channels = opaque ? 3 : 4, rowBytes = (size_t)w * channels, rawLen = (rowBytes + 1) * h;
    uint8_t *raw = (uint8_t *)malloc(rawLen ? rawLen : 1), *cur = (uint8_t *)malloc(rowBytes + 1);
    uint8_t *prev = (uint8_t *)calloc(1, rowBytes + 1);
    struct libdeflate_compressor *c = fast ? NULL : libdeflate_alloc_compressor(6);
    if (!raw || !cur || !prev || (!fast && !c)) {
        free(raw); free(cur); free(prev);
        if (c) libdeflate_free_compressor(c);
        return NULL;
    }
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *src = argb + (size_t)y * stride;
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *p = src + x * 4;
            uint8_t *q = cur + x * channels;
            unsigned a = p[3];
            if (opaque) { q[0] = p[2]; q[1] = p[1]; q[2] = p[0]; continue; }
            if (a == 0) { q[0] = q[1] = q[2] = q[3] = 0; continue; }
            q[0] = (uint8_t)((p[2] * 255u + a / 2) / a);
            q[1] = (uint8_t)((p[1] * 255u + a / 2) / a);
            q[2] = (uint8_t)((p[0] * 255u + a / 2) / a);
            q[3] = (uint8_t)a;
        }
        uint8_t *dst = raw + (size_t)y * (rowBytes + 1);
        dst[0] = 2;  // Up
        for (size_t i = 0; i < rowBytes; i++) dst[i + 1] = (uint8_t)(cur[i] - prev[i]);
        uint8_t *t = prev; prev = cur; cur = t;
    }
    free(cur); free(prev);
    size_t bound = fast ? tt_rle_bound(rawLen) : libdeflate_zlib_compress_bound(c, rawLen);
    uint8_t *out = (uint8_t *)malloc(8 + 25 + 12 + bound + 12);
    if (!out) { free(raw); if (c) libdeflate_free_compressor(c); return NULL; }
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memcpy(out, signature, 8);
    uint8_t *p = out + 8, *d = p + 8;
    d = tt_png_put32(d, w); d = tt_png_put32(d, h);
    d[0] = 8; d[1] = (uint8_t)(opaque ? 2 : 6); d[2] = 0; d[3] = 0; d[4] = 0;
    p = tt_png_chunk(p, "IHDR", 13);
    size_t z = fast ? tt_rle_zlib(raw, rawLen, (unsigned)channels, p + 8) : libdeflate_zlib_compress(c, raw, rawLen, p + 8, bound);
    free(raw);
    if (c) libdeflate_free_compressor(c);
    if (z == 0) { free(out); return NULL; }
    p = tt_png_chunk(p, "IDAT", z);
    p = tt_png_chunk(p, "IEND", 0);
    *len = (size_t)(p - out);
    return out;
}

// Tintype's PNG reader for the PNGs it writes itself and most screenshot tools write: 8-bit RGB or
// RGBA, not interlaced, without tRNS. It inflates with libdeflate (faster than zlib) and gives the
// same pixels as Cairo's reader (libpng + zlib): RGB as opaque RGB24, RGBA premultiplied the way
// Cairo rounds. Any other PNG, and any PNG with something off about it (a checksum, a chunk out of
// place, too little or too much image data), is left to Cairo's reader, which names the fault.

static inline uint32_t tt_png_get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The PNG's color type when this reader takes it (2: RGB, 6: RGBA), else 0; with its size.
/// Only the header is read: the rest is checked as it is decoded.
static inline int tt_png_fast_kind(const uint8_t *png, size_t len, uint32_t *w, uint32_t *h) {
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    if (len < 33 || memcmp(png, signature, 8) != 0 || tt_png_get32(png + 8) != 13 || memcmp(png + 12, "IHDR", 4) != 0) return 0;
    const uint8_t *d = png + 16;
    int color = d[9];
    if (d[8] != 8 || (color != 2 && color != 6) || d[10] != 0 || d[11] != 0 || d[12] != 0) return 0;
    *w = tt_png_get32(d);
    *h = tt_png_get32(d + 4);
    if (*w == 0 || *h == 0 || *w > 0x7fffffffu || *h > 0x7fffffffu) return 0;
    return color;
}

static inline uint8_t tt_paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/// Decodes a PNG that `tt_png_fast_kind` took (of that kind and size) into Cairo's layout at `dst`,
/// rows `stride` bytes apart. Returns 1 when done, 0 when Cairo's reader must take it instead
/// (`dst` may then hold anything).
static inline int tt_png_decode(const uint8_t *png, size_t len, int kind, uint32_t w, uint32_t h, uint8_t *dst, size_t stride) {
    size_t channels = kind == 6 ? 4 : 3, rowBytes = (size_t)w * channels;
    if (rowBytes / channels != w || (rowBytes + 1) > SIZE_MAX / h) return 0;
    size_t rawLen = (rowBytes + 1) * (size_t)h;
    // Chunks: every checksum checked; the image data gathered (in place when it is one chunk).
    const uint8_t *idat = NULL;
    size_t idatLen = 0, idatChunks = 0;
    uint8_t *joined = NULL;
    int seenIDAT = 0, afterIDAT = 0, ended = 0;
    size_t at = 8;
    while (at + 12 <= len) {
        uint32_t n = tt_png_get32(png + at);
        if (n > len - at - 12) break;
        const uint8_t *type = png + at + 4, *data = png + at + 8;
        if (libdeflate_crc32(0, type, (size_t)n + 4) != tt_png_get32(data + n)) { free(joined); return 0; }
        int isIDAT = memcmp(type, "IDAT", 4) == 0;
        if (isIDAT) {
            if (afterIDAT) { free(joined); return 0; }
            seenIDAT = 1;
            idatChunks++;
            if (idatChunks == 1) { idat = data; idatLen = n; }
            else {
                uint8_t *grown = (uint8_t *)realloc(joined, idatLen + n);
                if (!grown) { free(joined); return 0; }
                if (!joined) memcpy(grown, idat, idatLen);
                memcpy(grown + idatLen, data, n);
                joined = grown; idat = joined; idatLen += n;
            }
        } else {
            for (int i = 0; i < 4; i++) {
                uint8_t c = (uint8_t)(type[i] & ~0x20);
                if (c < 'A' || c > 'Z') { free(joined); return 0; }
            }
            // A transparency key turns a color transparent: libpng's (and Cairo's) business.
            if (memcmp(type, "tRNS", 4) == 0) { free(joined); return 0; }
            if (seenIDAT) afterIDAT = 1;
            if (memcmp(type, "IEND", 4) == 0) { ended = 1; break; }
            // A critical chunk other than the header (a palette, say) is left to libpng's rules.
            if (at != 8 && !(type[0] & 0x20)) { free(joined); return 0; }
        }
        at += (size_t)n + 12;
    }
    if (!ended || !seenIDAT) { free(joined); return 0; }
    uint8_t *raw = (uint8_t *)malloc(rawLen);
    struct libdeflate_decompressor *z = libdeflate_alloc_decompressor();
    size_t used = 0, made = 0;
    enum libdeflate_result r = raw && z ? libdeflate_zlib_decompress_ex(z, idat, idatLen, raw, rawLen, &used, &made) : LIBDEFLATE_BAD_DATA;
    if (z) libdeflate_free_decompressor(z);
    free(joined);
    if (r != LIBDEFLATE_SUCCESS || made != rawLen || used != idatLen) { free(raw); return 0; }
    // Filters undone in place, each row against the one above (zeros above the first).
    size_t bpp = channels;
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = raw + (size_t)y * (rowBytes + 1), *cur = row + 1;
        const uint8_t *up = y ? row - rowBytes : NULL;
        switch (row[0]) {
        case 0: break;
        case 1: for (size_t i = bpp; i < rowBytes; i++) cur[i] = (uint8_t)(cur[i] + cur[i - bpp]); break;
        case 2: if (up) for (size_t i = 0; i < rowBytes; i++) cur[i] = (uint8_t)(cur[i] + up[i]); break;
        case 3:
            for (size_t i = 0; i < rowBytes; i++) {
                unsigned left = i >= bpp ? cur[i - bpp] : 0, above = up ? up[i] : 0;
                cur[i] = (uint8_t)(cur[i] + ((left + above) >> 1));
            }
            break;
        case 4:
            for (size_t i = 0; i < rowBytes; i++) {
                int left = i >= bpp ? cur[i - bpp] : 0, above = up ? up[i] : 0, corner = up && i >= bpp ? up[i - bpp] : 0;
                cur[i] = (uint8_t)(cur[i] + tt_paeth(left, above, corner));
            }
            break;
        default: free(raw); return 0;
        }
        uint32_t *out = (uint32_t *)(dst + (size_t)y * stride);
        if (channels == 3) {
            for (uint32_t x = 0; x < w; x++) {
                const uint8_t *p = cur + (size_t)x * 3;
                out[x] = 0xff000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            }
        } else {
            for (uint32_t x = 0; x < w; x++) {
                const uint8_t *p = cur + (size_t)x * 4;
                unsigned a = p[3];
                if (a == 0) { out[x] = 0; continue; }
                unsigned red = p[0], green = p[1], blue = p[2];
                if (a != 0xff) {
                    // Cairo's rounding of a color times alpha (cairo-png.c, multiply_alpha).
                    unsigned t;
                    t = a * red + 0x80; red = (t + (t >> 8)) >> 8;
                    t = a * green + 0x80; green = (t + (t >> 8)) >> 8;
                    t = a * blue + 0x80; blue = (t + (t >> 8)) >> 8;
                }
                out[x] = (uint32_t)a << 24 | red << 16 | green << 8 | blue;
            }
        }
    }
    free(raw);
    return 1;
}
