#ifndef UTI_CCOMPRESSION_SHIM_H
#define UTI_CCOMPRESSION_SHIM_H
// liblzma (xz), libbz2 (bzip2) and libzstd (Zstandard): identify -z reads the first bytes of the
// stream a compressed file holds. (gzip is zlib's, in CZlib.)
#include <lzma.h>
#include <bzlib.h>
#include <zstd.h>

// LZMA_STREAM_INIT is a compound literal; this is it as a function Swift can call.
static inline lzma_stream uti_lzma_stream_init(void) {
    lzma_stream stream = LZMA_STREAM_INIT;
    return stream;
}

// LZMA_CONCATENATED is a macro Swift does not import: decode every stream of a concatenated file.
static const uint32_t uti_lzma_concatenated = LZMA_CONCATENATED;

#endif
