// Tintype's PNG writer: Cairo's pixels to PNG with libdeflate, measured by Scripts/bench at about
// 2.7x the speed of Cairo's own writer (libpng + zlib) with files no larger.
#include <libdeflate.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint8_t *tt_png_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
    return p + 4;
}

/// Writes a chunk whose data is already at p + 8: length, type, CRC. Returns the chunk's end.
static inline uint8_t *tt_png_chunk(uint8_t *p, const char *type, size_t len) {
    tt_png_put32(p, (uint32_t)len);
    memcpy(p + 4, type, 4);
    return tt_png_put32(p + 8 + len, libdeflate_crc32(0, p + 4, len + 4));
}

/// Encodes a Cairo ARGB32 image (premultiplied, B G R A bytes on little-endian machines, rows
/// `stride` bytes apart) as a PNG: 8-bit RGB when every pixel is opaque, else RGBA unpremultiplied
/// with Cairo's rounding; every row filtered Up; one zlib stream at libdeflate level 6 in a single
/// IDAT. Returns a malloc'd buffer (its length in *len), or NULL when memory runs out.
static inline uint8_t *tt_png_encode(const uint8_t *argb, uint32_t w, uint32_t h, size_t stride, size_t *len) {
    int opaque = 1;
    for (uint32_t y = 0; y < h && opaque; y++) {
        const uint8_t *row = argb + (size_t)y * stride;
        for (uint32_t x = 0; x < w; x++) if (row[x * 4 + 3] != 0xff) { opaque = 0; break; }
    }
    size_t channels = opaque ? 3 : 4, rowBytes = (size_t)w * channels, rawLen = (rowBytes + 1) * h;
    uint8_t *raw = (uint8_t *)malloc(rawLen ? rawLen : 1), *cur = (uint8_t *)malloc(rowBytes + 1);
    uint8_t *prev = (uint8_t *)calloc(1, rowBytes + 1);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(6);
    if (!raw || !cur || !prev || !c) {
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
    size_t bound = libdeflate_zlib_compress_bound(c, rawLen);
    uint8_t *out = (uint8_t *)malloc(8 + 25 + 12 + bound + 12);
    if (!out) { free(raw); libdeflate_free_compressor(c); return NULL; }
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memcpy(out, signature, 8);
    uint8_t *p = out + 8, *d = p + 8;
    d = tt_png_put32(d, w); d = tt_png_put32(d, h);
    d[0] = 8; d[1] = (uint8_t)(opaque ? 2 : 6); d[2] = 0; d[3] = 0; d[4] = 0;
    p = tt_png_chunk(p, "IHDR", 13);
    size_t z = libdeflate_zlib_compress(c, raw, rawLen, p + 8, bound);
    free(raw); libdeflate_free_compressor(c);
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
