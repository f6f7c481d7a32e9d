// BLAKE3's C implementation, from Debian's librust-blake3-dev (the crate's c/ folder), built into a
// static library by Scripts/setup (see tintype-blake3.pc beside this file).
#include <blake3.h>
