// Cairo, Pango, fontconfig and GLib, opened the first time Tintype calls one of their functions
// instead of by the dynamic loader at start-up (see libraries.c). Swift calls them as before,
// through CCairo's headers; this module only tells whether they have been opened yet.
#ifndef TINTYPE_LAZY_LIBRARIES_H
#define TINTYPE_LAZY_LIBRARIES_H

/// 1 once Cairo, Pango, fontconfig and GLib are open in this process (the first call of any of
/// their functions opens them all), else 0.
int tt_lazy_libraries_loaded(void);

#endif
