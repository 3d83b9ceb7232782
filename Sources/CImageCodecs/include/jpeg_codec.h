#ifndef JPEG_CODEC_H
#define JPEG_CODEC_H

#include <stddef.h>
#include <stdint.h>

/// libjpeg reports errors by calling a function that must not return (it longjmps). Swift cannot
/// longjmp, so these wrappers catch the jump here and turn every error into a return value, with
/// libjpeg's message in `message` (at least JPEG_CODEC_MESSAGE_SIZE bytes).
#define JPEG_CODEC_MESSAGE_SIZE 200

/// Reads only the header: the image's width and height. 0 on success.
int jpeg_codec_read_size(const uint8_t *data, size_t size, int *width, int *height, char *message);

/// Decodes into RGBA (alpha 255), scaled by `scale_num`/8 in the decoder (1...8: libjpeg-turbo
/// scales while decoding, far cheaper than decoding whole and shrinking). `pixels` must hold
/// `capacity` bytes; the decoded size is written to `width` and `height`. 0 on success.
int jpeg_codec_decode_rgba(const uint8_t *data, size_t size, int scale_num, uint8_t *pixels, size_t capacity,
                           int *width, int *height, char *message);

/// Encodes RGBA pixels (alpha ignored) at `quality` (1...100). On success returns 0 and
/// `*output` (free with `jpeg_codec_free`) holds `*output_size` bytes.
int jpeg_codec_encode_rgba(const uint8_t *pixels, int width, int height, int quality, uint8_t **output,
                           size_t *output_size, char *message);

void jpeg_codec_free(void *pointer);

#endif
