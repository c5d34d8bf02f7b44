#ifndef UTI_CBUILDINFO_SHIM_H
#define UTI_CBUILDINFO_SHIM_H
// The commit uti was built from, when the build names it: scripts/install and scripts/package
// pass -Xcc -DUTI_COMMIT='"abc1234"' (git describe of the work tree). A plain `swift build` names
// none, and `uti --version` says it is a development build.
#ifdef UTI_COMMIT
static const char uti_build_commit[] = UTI_COMMIT;
#else
static const char uti_build_commit[] = "";
#endif
#endif
