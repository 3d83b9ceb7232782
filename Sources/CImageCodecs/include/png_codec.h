#ifndef PNG_CODEC_H
#define PNG_CODEC_H

#include <stddef.h>
#include <stdint.h>

/// libpng's full write API reports errors by longjmp, like libjpeg; this wrapper catches the jump
/// and returns the error. Its point is the settings the simplified API does not offer: the
/// images are made once and cached, so encoding speed matters more than the last kilobytes.
#define PNG_CODEC_MESSAGE_SIZE 200

/// Encodes premultiplied RGBA rows (made straight row by row) as an 8-bit RGBA PNG with the SUB filter and
/// zlib's run-length strategy at level 1. On success returns 0 and `*output` (free with
/// `png_codec_free`) holds `*output_size` bytes.
int png_codec_encode_rgba(const uint8_t *pixels, int width, int height, uint8_t **output, size_t *output_size,
                          char *message);

void png_codec_free(void *pointer);

#endif
