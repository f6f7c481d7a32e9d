// librsvg, for SVG images.
#include <librsvg/rsvg.h>

static inline void tt_rsvg_unref(RsvgHandle *handle) { g_object_unref(handle); }
static inline void tt_gerror_free(GError *error) { if (error) g_error_free(error); }
