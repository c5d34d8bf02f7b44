#ifndef UTI_CMAGIC_SHIM_H
#define UTI_CMAGIC_SHIM_H
#include <magic.h>

// Swift imports simple integer macros, but not those built from other macros or casts;
// re-export the flags uti uses as constants so their values come from the installed header.
static const int uti_magic_none = MAGIC_NONE;
static const int uti_magic_mime_type = MAGIC_MIME_TYPE;
static const int uti_magic_mime_encoding = MAGIC_MIME_ENCODING;
static const int uti_magic_symlink = MAGIC_SYMLINK;
static const int uti_magic_no_check_compress = MAGIC_NO_CHECK_COMPRESS;
static const int uti_magic_no_check_elf = MAGIC_NO_CHECK_ELF;
static const int uti_magic_raw = MAGIC_RAW;
static const int uti_magic_error = MAGIC_ERROR;
static const int uti_magic_param_bytes_max = MAGIC_PARAM_BYTES_MAX;

#endif
