#include "png_codec.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct growing_buffer {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    int failed;
};

static void append(png_structp png, png_bytep data, png_size_t length) {
    struct growing_buffer *buffer = (struct growing_buffer *)png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            png_error(png, "out of memory");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
}

static void flush(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp text) {
    char *message = (char *)png_get_error_ptr(png);
    if (message) snprintf(message, PNG_CODEC_MESSAGE_SIZE, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

// One row of premultiplied RGBA to straight RGBA, as PNG stores it.
static void unpremultiply_row(const uint8_t *input, uint8_t *output, int width) {
    for (int x = 0; x < width; x++) {
        const uint8_t *pixel = input + x * 4;
        uint8_t *out = output + x * 4;
        unsigned alpha = pixel[3];
        if (alpha == 255 || alpha == 0) {
            memcpy(out, pixel, 4);
        } else {
            for (int channel = 0; channel < 3; channel++) {
                unsigned value = (pixel[channel] * 255u + alpha / 2) / alpha;
                out[channel] = (uint8_t)(value > 255 ? 255 : value);
            }
            out[3] = (uint8_t)alpha;
        }
    }
}

int png_codec_encode_rgba(const uint8_t *pixels, int width, int height, uint8_t **output, size_t *output_size,
                          char *message) {
    struct growing_buffer buffer = {NULL, 0, 0, 0};
    uint8_t *volatile row_buffer = malloc((size_t)width * 4);
    if (!row_buffer) return -1;
    if (message) message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, on_error, on_warning);
    if (!png) {
        free(row_buffer);
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.bytes);
        free(row_buffer);
        return -1;
    }
    png_set_write_fn(png, &buffer, append, flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_RLE);
    png_write_info(png, info);
    size_t row_bytes = (size_t)width * 4;
    for (int row = 0; row < height; row++) {
        unpremultiply_row(pixels + (size_t)row * row_bytes, row_buffer, width);
        png_write_row(png, row_buffer);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row_buffer);
    *output = buffer.bytes;
    *output_size = buffer.size;
    return 0;
}

void png_codec_free(void *pointer) { free(pointer); }
