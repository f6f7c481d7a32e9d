// Opens Cairo, Pango, fontconfig and GLib the first time Tintype calls one of their functions, and
// fills tt_lazy_table (stubs.S) with the functions' addresses.
//
// Linked, these libraries and the ones they need (36 libraries in all: pixman, HarfBuzz, FreeType,
// GIO, the X client libraries Cairo is built with…) cost every process about 4 ms of CPU before
// main starts, about two thirds of `tintype --version`. Opened on first use, they cost that only in a process
// that draws or measures text, which pays it once, as before (docs/speed.md, Start-up).
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "CLazyLibraries.h"

enum { PANGOCAIRO, PANGOFT2, PANGO, GOBJECT, GLIB, FONTCONFIG, CAIRO, LIBRARIES };

/// The libraries by soname (what linking them would have recorded), with their Debian packages,
/// in the order the linked binary listed them.
static const struct { const char *soname, *package; } tt_libraries[LIBRARIES] = {
    [PANGOCAIRO] = { "libpangocairo-1.0.so.0", "libpangocairo-1.0-0" },
    [PANGOFT2] = { "libpangoft2-1.0.so.0", "libpangoft2-1.0-0" },
    [PANGO] = { "libpango-1.0.so.0", "libpango-1.0-0" },
    [GOBJECT] = { "libgobject-2.0.so.0", "libglib2.0-0" },
    [GLIB] = { "libglib-2.0.so.0", "libglib2.0-0" },
    [FONTCONFIG] = { "libfontconfig.so.1", "libfontconfig1" },
    [CAIRO] = { "libcairo.so.2", "libcairo2" },
};

#define TT_LAZY(library, name) { library, #name },
static const struct { int library; const char *name; } tt_functions[] = {
#include "symbols.h"
};
#undef TT_LAZY

extern void *tt_lazy_table[];
static pthread_once_t tt_once = PTHREAD_ONCE_INIT;
static int tt_loaded;

static void tt_fail(const char *what, const char *package) {
    fprintf(stderr, "Error: %s (Tintype needs the Debian package %s; Scripts/setup installs it)\n", what, package);
    _exit(70);
}

static void tt_open(void) {
    void *handles[LIBRARIES];
    for (int i = 0; i < LIBRARIES; i++) {
        // Global, as linked libraries are: librsvg and poppler, opened later, find these.
        handles[i] = dlopen(tt_libraries[i].soname, RTLD_LAZY | RTLD_GLOBAL);
        if (!handles[i]) tt_fail(dlerror(), tt_libraries[i].package);
    }
    for (size_t i = 0; i < sizeof tt_functions / sizeof tt_functions[0]; i++) {
        void *function = dlsym(handles[tt_functions[i].library], tt_functions[i].name);
        if (!function) tt_fail(dlerror(), tt_libraries[tt_functions[i].library].package);
        __atomic_store_n(&tt_lazy_table[i], function, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&tt_loaded, 1, __ATOMIC_RELEASE);
}

/// Called by a stub's first-call path (stubs.S), on any thread: the first caller opens the
/// libraries, and any other waits until they are open.
__attribute__((visibility("hidden"))) void tt_lazy_resolve(void) {
    pthread_once(&tt_once, tt_open);
}

int tt_lazy_libraries_loaded(void) {
    return __atomic_load_n(&tt_loaded, __ATOMIC_ACQUIRE);
}
