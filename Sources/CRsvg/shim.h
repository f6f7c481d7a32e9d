// librsvg, for SVG images. Its header is read at build time, but the library itself is opened the
// first time an SVG is read (dlopen), not linked: a process that draws no SVG then never maps
// librsvg and the libraries only it needs (gdk-pixbuf, libxml2 with ICU's data, cairo-gobject),
// which cost every `tintype` process start-up time and memory. TintypeRender's Rsvg.swift opens it.
#include <dlfcn.h>
#include <librsvg/rsvg.h>

static inline void tt_rsvg_unref(RsvgHandle *handle) { g_object_unref(handle); }
static inline void tt_gerror_free(GError *error) { if (error) g_error_free(error); }

/// The librsvg functions Tintype calls, typed by librsvg's own header.
struct tt_rsvg_api {
    __typeof__(&rsvg_handle_new_from_data) new_from_data;
    __typeof__(&rsvg_handle_render_document) render_document;
    __typeof__(&rsvg_handle_get_intrinsic_size_in_pixels) intrinsic_size_in_pixels;
    __typeof__(&rsvg_handle_get_intrinsic_dimensions) intrinsic_dimensions;
};

/// Opens `file` (a soname) and fills `api`. Returns NULL, or dlerror()'s text (the library or
/// symbol and why), valid until this thread's next dl call. The library stays open for good.
static inline const char *tt_rsvg_open(const char *file, struct tt_rsvg_api *api) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define TT_SYMBOL(field, name) if (!(*(void **)&api->field = dlsym(library, name))) return dlerror();
    TT_SYMBOL(new_from_data, "rsvg_handle_new_from_data")
    TT_SYMBOL(render_document, "rsvg_handle_render_document")
    TT_SYMBOL(intrinsic_size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels")
    TT_SYMBOL(intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions")
#undef TT_SYMBOL
    return NULL;
}
