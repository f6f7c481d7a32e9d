// zlib, for reading a PNG's image data when libpng refuses it: inflated as a stream to say what is
// wrong (bad data, data that ends early, an undefined row filter) without holding the pixels.
#include <zlib.h>

/// inflateInit is a macro; Swift cannot call it.
static inline int tt_inflate_init(z_stream *stream) { return inflateInit(stream); }
