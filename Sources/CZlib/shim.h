#ifndef UTI_CZLIB_SHIM_H
#define UTI_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro; this is it as a function Swift can call.
static inline int uti_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

// A gzip stream (RFC 1952: the header, then DEFLATE): inflateInit2 with gzip's window bits.
static inline int uti_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

#endif
