#include <png.h>

/// PNG_FORMAT_RGBA is a macro of macros, which Swift does not import: the same value as a constant.
static const png_uint_32 cpng_format_rgba = PNG_FORMAT_RGBA;
