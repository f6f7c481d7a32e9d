// poppler-glib, to turn PDF goldens back into pixels for comparison (poppler draws with cairo).
#include <poppler.h>

static inline void tt_poppler_unref(void *object) { g_object_unref(object); }
