// Cairo's own PNG writer (cairo_surface_write_to_png_stream: libpng and zlib with libpng's
// defaults), the baseline Tintype's libdeflate writer is measured against.
#pragma once
#include <cairo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct tt_bench_buffer { uint8_t *bytes; size_t length, capacity; int failed; };

static cairo_status_t tt_bench_append(void *closure, const unsigned char *data, unsigned int length) {
    struct tt_bench_buffer *b = (struct tt_bench_buffer *)closure;
    if (b->length + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 65536;
        while (capacity < b->length + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->bytes, capacity);
        if (!grown) { b->failed = 1; return CAIRO_STATUS_NO_MEMORY; }
        b->bytes = grown; b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
    return CAIRO_STATUS_SUCCESS;
}

/// Encodes premultiplied ARGB32 pixels (rows packed, w * 4 bytes) with Cairo's writer. Returns a
/// malloc'd buffer (its length in *len), or NULL on failure.
static inline uint8_t *tt_cairo_png_encode(const uint8_t *argb, uint32_t w, uint32_t h, size_t *len) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) { cairo_surface_destroy(s); return NULL; }
    cairo_surface_flush(s);
    uint8_t *data = cairo_image_surface_get_data(s);
    size_t stride = (size_t)cairo_image_surface_get_stride(s);
    for (uint32_t y = 0; y < h; y++) memcpy(data + y * stride, argb + (size_t)y * w * 4, (size_t)w * 4);
    cairo_surface_mark_dirty(s);
    struct tt_bench_buffer b = { NULL, 0, 0, 0 };
    cairo_status_t status = cairo_surface_write_to_png_stream(s, tt_bench_append, &b);
    cairo_surface_destroy(s);
    if (status != CAIRO_STATUS_SUCCESS || b.failed) { free(b.bytes); return NULL; }
    *len = b.length;
    return b.bytes;
}
