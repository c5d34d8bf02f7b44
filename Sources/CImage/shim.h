#ifndef UTI_CIMAGE_SHIM_H
#define UTI_CIMAGE_SHIM_H
// libpng's simplified API and libjpeg-turbo's TurboJPEG API: both report errors by return value
// (no setjmp/longjmp crosses Swift frames).
#include <png.h>
#include <turbojpeg.h>

// PNG_IMAGE_VERSION is a macro; this is it as a function Swift can call.
static inline png_uint_32 uti_png_image_version(void) { return PNG_IMAGE_VERSION; }

#endif
