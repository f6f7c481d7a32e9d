// The C surface Tintype uses from cairo, pango (with its fontconfig backend) and fontconfig.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

// GObject casts are macros, which Swift cannot call; these wrap the few Tintype needs.
static inline void tt_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
}
static inline void tt_object_unref(void *object) { g_object_unref(object); }
