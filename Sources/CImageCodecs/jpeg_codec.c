#include "jpeg_codec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct guarded_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
};

static void on_error(j_common_ptr info) {
    struct guarded_error *error = (struct guarded_error *)info->err;
    if (error->message) (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

// Corrupt data makes libjpeg warn and go on; a warning is treated as an error (a broken image is
// refused, not shown half grey).
static void on_message(j_common_ptr info, int level) {
    if (level < 0) on_error(info);
}

static void guard(struct guarded_error *error, char *message) {
    jpeg_std_error(&error->manager);
    error->manager.error_exit = on_error;
    error->manager.emit_message = on_message;
    error->message = message;
    if (message) message[0] = 0;
}

// Reads the header of `data`; on an error it jumps to the caller's setjmp.
static void open_source(struct jpeg_decompress_struct *info, const uint8_t *data, size_t size) {
    jpeg_create_decompress(info);
    jpeg_mem_src(info, data, (unsigned long)size);
    jpeg_read_header(info, TRUE);
}

int jpeg_codec_read_size(const uint8_t *data, size_t size, int *width, int *height, char *message) {
    struct jpeg_decompress_struct info;
    struct guarded_error error;
    guard(&error, message);
    info.err = &error.manager;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    open_source(&info, data, size);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int jpeg_codec_decode_rgba(const uint8_t *data, size_t size, int scale_num, uint8_t *pixels, size_t capacity,
                           int *width, int *height, char *message) {
    struct jpeg_decompress_struct info;
    struct guarded_error error;
    guard(&error, message);
    info.err = &error.manager;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    open_source(&info, data, size);
    info.out_color_space = JCS_EXT_RGBA;
    info.scale_num = (unsigned int)(scale_num < 1 ? 1 : scale_num > 8 ? 8 : scale_num);
    info.scale_denom = 8;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    size_t row_bytes = (size_t)info.output_width * 4;
    if (row_bytes * info.output_height > capacity) {
        if (message) snprintf(message, JPEG_CODEC_MESSAGE_SIZE, "decoded size %ux%u exceeds the buffer",
                              info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * row_bytes;
        jpeg_read_scanlines(&info, &row, 1);
    }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int jpeg_codec_encode_rgba(const uint8_t *pixels, int width, int height, int quality, uint8_t **output,
                           size_t *output_size, char *message) {
    struct jpeg_compress_struct info;
    struct guarded_error error;
    unsigned char *buffer = NULL;
    unsigned long buffer_size = 0;
    guard(&error, message);
    info.err = &error.manager;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &buffer_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t row_bytes = (size_t)width * 4;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * row_bytes);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = buffer;
    *output_size = buffer_size;
    return 0;
}

void jpeg_codec_free(void *pointer) { free(pointer); }
