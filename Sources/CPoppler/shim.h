// poppler-glib, to turn PDF goldens back into pixels for comparison (poppler draws with cairo). Its
// header is read at build time, but the library itself is opened the first time a PDF is read
// (dlopen), not linked: poppler needs fifteen libraries of its own (NSS, lcms2, OpenJPEG, libtiff…)
// that would otherwise cost every `tintype` process start-up time and memory. TintypeRender's
// Poppler.swift opens it.
#include <dlfcn.h>
#include <poppler.h>

static inline void tt_poppler_unref(void *object) { g_object_unref(object); }

/// The poppler-glib functions Tintype calls, typed by poppler's own header.
struct tt_poppler_api {
    __typeof__(&poppler_document_new_from_bytes) document_new_from_bytes;
    __typeof__(&poppler_document_get_n_pages) document_get_n_pages;
    __typeof__(&poppler_document_get_page) document_get_page;
    __typeof__(&poppler_page_get_size) page_get_size;
    __typeof__(&poppler_page_render) page_render;
};

/// Opens `file` (a soname) and fills `api`. Returns NULL, or dlerror()'s text (the library or
/// symbol and why), valid until this thread's next dl call. The library stays open for good.
static inline const char *tt_poppler_open(const char *file, struct tt_poppler_api *api) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define TT_SYMBOL(field, name) if (!(*(void **)&api->field = dlsym(library, name))) return dlerror();
    TT_SYMBOL(document_new_from_bytes, "poppler_document_new_from_bytes")
    TT_SYMBOL(document_get_n_pages, "poppler_document_get_n_pages")
    TT_SYMBOL(document_get_page, "poppler_document_get_page")
    TT_SYMBOL(page_get_size, "poppler_page_get_size")
    TT_SYMBOL(page_render, "poppler_page_render")
#undef TT_SYMBOL
    return NULL;
}
