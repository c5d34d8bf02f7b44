#ifndef UTI_CIMAGE_SHIM_H
#define UTI_CIMAGE_SHIM_H
// libpng's simplified API and libjpeg-turbo's TurboJPEG API, libwebp's simple decoding API,
// giflib and libtiff: every one reports errors by return value (no setjmp/longjmp crosses Swift
// frames). GIF and TIFF are read from memory through callbacks, written here in C because Swift
// cannot pass a C variadic function or call TIFFGetField.
#include <png.h>
#include <turbojpeg.h>
#include <webp/decode.h>
#include <gif_lib.h>
#include <tiffio.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// PNG_IMAGE_VERSION is a macro; this is it as a function Swift can call.
static inline png_uint_32 uti_png_image_version(void) { return PNG_IMAGE_VERSION; }

// Bytes in memory, read from the start by a decoder's callbacks.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char *message;
    size_t message_size;
} uti_image_memory;

// The results of uti_gif_decode and uti_tiff_decode.
enum { UTI_IMAGE_OK = 0, UTI_IMAGE_INVALID = 1, UTI_IMAGE_TOO_LARGE = 2 };

// Whether a decoder goes on (-1) once it knows the image's size, or the status it returns: no
// pixels, more than max_pixels (checked before any pixel buffer is allocated), or a size-only read
// that is done.
static inline int uti_image_size_status(uint32_t width, uint32_t height, uint64_t max_pixels, int dimensions_only,
                                        const char *format, char *message, size_t message_size) {
    if (width == 0 || height == 0) {
        if (!message[0]) snprintf(message, message_size, "the %s has no pixels", format);
        return UTI_IMAGE_INVALID;
    }
    if ((uint64_t)width * height > max_pixels) return UTI_IMAGE_TOO_LARGE;
    if (dimensions_only) return UTI_IMAGE_OK;
    return -1;
}

static int uti_gif_read(GifFileType *gif, GifByteType *buffer, int count) {
    uti_image_memory *memory = (uti_image_memory *)gif->UserData;
    if (count <= 0) return 0;
    size_t left = memory->size - memory->offset;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(buffer, memory->data + memory->offset, taken);
    memory->offset += taken;
    return (int)taken;
}

// The first image of a GIF drawn on its logical screen as 8-bit RGB, rows top to bottom: what
// ImageIO shows of an animated GIF as a still. Transparent pixels stay black. With
// dimensions_only, only the screen's size is read. At most max_pixels pixels, checked before any
// pixel buffer is allocated; *rgb is malloc'd for the caller to free.
static inline int uti_gif_decode(const uint8_t *data, size_t size, uint64_t max_pixels, int dimensions_only, uint32_t *width,
                                 uint32_t *height, uint8_t **rgb, char *message, size_t message_size) {
    uti_image_memory memory = {data, size, 0, message, message_size};
    int error = 0;
    *rgb = NULL;
    GifFileType *gif = DGifOpen(&memory, uti_gif_read, &error);
    if (!gif) {
        const char *why = GifErrorString(error);
        snprintf(message, message_size, "%s", why ? why : "not a GIF");
        return UTI_IMAGE_INVALID;
    }
    int status = UTI_IMAGE_INVALID;
    uint8_t *canvas = NULL;
    GifPixelType *line = NULL;
    *width = gif->SWidth > 0 ? (uint32_t)gif->SWidth : 0;
    *height = gif->SHeight > 0 ? (uint32_t)gif->SHeight : 0;
    int sized = uti_image_size_status(*width, *height, max_pixels, dimensions_only, "GIF", message, message_size);
    if (sized >= 0) {
        status = sized;
        goto done;
    }
    canvas = calloc((size_t)*width * *height, 3);
    if (!canvas) {
        snprintf(message, message_size, "out of memory");
        goto done;
    }
    int transparent = -1;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) break;
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) break;
            // A graphic control extension: flags, delay (2), transparent index.
            if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
            while (extension)
                if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) goto done;
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) break;
            GifImageDesc *image = &gif->Image;
            ColorMapObject *map = image->ColorMap ? image->ColorMap : gif->SColorMap;
            if (!map) {
                snprintf(message, message_size, "the GIF's first image has no color table");
                goto done;
            }
            if (image->Width <= 0 || image->Height <= 0 || (uint64_t)image->Width * (uint64_t)image->Height > max_pixels) {
                snprintf(message, message_size, "the GIF's first image is %dx%d", image->Width, image->Height);
                goto done;
            }
            line = malloc((size_t)image->Width);
            if (!line) goto done;
            // Interlaced rows come in four passes (GIF89a, appendix E).
            static const int first[] = {0, 4, 2, 1}, step[] = {8, 8, 4, 2};
            int passes = image->Interlace ? 4 : 1;
            for (int pass = 0; pass < passes; pass++) {
                for (int row = image->Interlace ? first[pass] : 0; row < image->Height; row += image->Interlace ? step[pass] : 1) {
                    if (DGifGetLine(gif, line, image->Width) == GIF_ERROR) goto done;
                    int64_t y = (int64_t)image->Top + row;
                    if (y < 0 || y >= *height) continue;
                    for (int column = 0; column < image->Width; column++) {
                        int64_t x = (int64_t)image->Left + column;
                        int index = line[column];
                        if (x < 0 || x >= *width || index == transparent || index >= map->ColorCount) continue;
                        uint8_t *pixel = canvas + ((size_t)y * *width + (size_t)x) * 3;
                        pixel[0] = map->Colors[index].Red;
                        pixel[1] = map->Colors[index].Green;
                        pixel[2] = map->Colors[index].Blue;
                    }
                }
            }
            status = UTI_IMAGE_OK;
            goto done;
        } else if (type == TERMINATE_RECORD_TYPE) {
            snprintf(message, message_size, "the GIF holds no image");
            goto done;
        }
    }
    {
        const char *why = GifErrorString(gif->Error);
        snprintf(message, message_size, "%s", why ? why : "the GIF does not decode");
    }
done:
    free(line);
    DGifCloseFile(gif, &error);
    if (status == UTI_IMAGE_OK && !dimensions_only)
        *rgb = canvas;
    else
        free(canvas);
    return status;
}

static tmsize_t uti_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    uti_image_memory *memory = (uti_image_memory *)handle;
    if (count <= 0 || memory->offset >= memory->size) return 0;
    size_t left = memory->size - memory->offset;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(buffer, memory->data + memory->offset, taken);
    memory->offset += taken;
    return (tmsize_t)taken;
}
static tmsize_t uti_tiff_write(thandle_t handle, void *buffer, tmsize_t count) { return 0; }
static toff_t uti_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    uti_image_memory *memory = (uti_image_memory *)handle;
    uint64_t base = whence == SEEK_CUR ? memory->offset : whence == SEEK_END ? memory->size : 0;
    if (offset > UINT64_MAX - base || base + offset > memory->size) return (toff_t)-1;
    memory->offset = (size_t)(base + offset);
    return memory->offset;
}
static int uti_tiff_close(thandle_t handle) { return 0; }
static toff_t uti_tiff_size(thandle_t handle) { return ((uti_image_memory *)handle)->size; }
static int uti_tiff_map(thandle_t handle, void **base, toff_t *size) { return 0; }
static void uti_tiff_unmap(thandle_t handle, void *base, toff_t size) {}
// The first error libtiff reports, kept for the caller's message; warnings are not errors.
static int uti_tiff_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    uti_image_memory *memory = (uti_image_memory *)user;
    if (memory->message[0] == 0) vsnprintf(memory->message, memory->message_size, format, arguments);
    return 1;
}
static int uti_tiff_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) { return 1; }

// The first image of a TIFF as 8-bit RGB, rows top to bottom, through libtiff's RGBA interface
// (every photometric interpretation and compression libtiff reads); transparency is composited
// onto black. At most max_pixels pixels, and no single allocation of libtiff's over 256 MiB;
// errors go to message, never to standard error.
static inline int uti_tiff_decode(const uint8_t *data, size_t size, uint64_t max_pixels, int dimensions_only, uint32_t *width,
                                  uint32_t *height, uint8_t **rgb, char *message, size_t message_size) {
    uti_image_memory memory = {data, size, 0, message, message_size};
    *rgb = NULL;
    message[0] = 0;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return UTI_IMAGE_INVALID;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)256 << 20);
    TIFFOpenOptionsSetErrorHandlerExtR(options, uti_tiff_error, &memory);
    TIFFOpenOptionsSetWarningHandlerExtR(options, uti_tiff_warning, &memory);
    // "m": never map the file (it is memory already).
    TIFF *tiff = TIFFClientOpenExt("image", "rm", &memory, uti_tiff_read, uti_tiff_write, uti_tiff_seek, uti_tiff_close,
                                   uti_tiff_size, uti_tiff_map, uti_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) {
        if (!message[0]) snprintf(message, message_size, "not a TIFF libtiff reads");
        return UTI_IMAGE_INVALID;
    }
    int status = UTI_IMAGE_INVALID;
    uint32_t *raster = NULL;
    *width = *height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, height);
    int sized = uti_image_size_status(*width, *height, max_pixels, dimensions_only, "TIFF", message, message_size);
    if (sized >= 0) {
        status = sized;
        goto done;
    }
    raster = malloc((size_t)*width * *height * 4);
    uint8_t *pixels = malloc((size_t)*width * *height * 3);
    if (!raster || !pixels) {
        free(pixels);
        snprintf(message, message_size, "out of memory");
        goto done;
    }
    if (!TIFFReadRGBAImageOriented(tiff, *width, *height, raster, ORIENTATION_TOPLEFT, 0)) {
        free(pixels);
        if (!message[0]) snprintf(message, message_size, "the TIFF does not decode");
        goto done;
    }
    // TIFFReadRGBAImage's pixels are premultiplied by alpha: onto black as they are.
    for (size_t index = 0; index < (size_t)*width * *height; index++) {
        pixels[index * 3] = (uint8_t)TIFFGetR(raster[index]);
        pixels[index * 3 + 1] = (uint8_t)TIFFGetG(raster[index]);
        pixels[index * 3 + 2] = (uint8_t)TIFFGetB(raster[index]);
    }
    *rgb = pixels;
    status = UTI_IMAGE_OK;
done:
    free(raster);
    TIFFClose(tiff);
    return status;
}

#endif
