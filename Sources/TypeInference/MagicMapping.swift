import UniformTypes

/// How libmagic's MIME types become types. Most are tags in the catalog; these tables hold the
/// spellings that are not.
/// Each row names the fixture that proves it (Fixtures/files/README.md lists how each was made).
enum MagicMapping {
    /// libmagic MIME type -> identifier, for spellings the catalog does not carry.
    static let mimeAliases: [String: String] = [
        "application/x-executable": "public.elf-binary",  // files/hello-elf
        "application/x-pie-executable": "public.elf-binary",  // files/hello-elf
        "application/x-sharedlib": "public.elf-binary",  // files/libgreet.so
        "application/x-coredump": "public.elf-binary",
        "application/x-object": "public.object-code",  // files/hello.o
        "application/x-mach-binary": "com.apple.mach-o-binary",
        "application/vnd.microsoft.portable-executable": "com.microsoft.windows-executable",
        "application/x-java-applet": "com.sun.java-class",  // files/Hello.class
        "application/x-bytecode.python": "org.python.bytecode",  // files/hello.pyc
        "application/x-ms-bmp": "com.microsoft.bmp",
        "image/x-icon": "com.microsoft.ico",
        "image/x-xcf": "org.gimp.xcf",
        "image/x-exr": "com.ilm.openexr-image",
        "image/x-tga": "com.truevision.tga-image",
        "image/x-icns": "com.apple.icns",
        "audio/x-hx-aac-adts": "public.aac-audio",
        "audio/x-flac": "org.xiph.flac",
        "audio/x-aiff": "public.aiff-audio",
        "audio/x-m4a": "com.apple.m4a-audio",
        "audio/ogg": "org.xiph.ogg-audio",
        "video/ogg": "org.xiph.ogg-theora",
        "video/mp2t": "public.mpeg-2-transport-stream",
        "video/x-flc": "public.flc-animation",  // files/clip.flc
        "video/x-fli": "public.flc-animation",
        "application/x-matroska": "org.matroska.mkv",
        "application/x-tar": "public.tar-archive",
        "application/x-gtar": "public.tar-archive",
        "application/x-iso9660-image": "org.iso.iso-9660-image",
        "application/x-sqlite3": "org.sqlite.sqlite3",
        "application/x-lz4": "org.lz4.lz4-archive",
        "application/x-ole-storage": "public.data",
        "application/x-gettext-translation": "org.gnu.gettext.mo",
        "application/x-hdf5": "org.hdfgroup.hdf5",
        "application/x-hdf": "org.hdfgroup.hdf5",
        "text/x-shellscript": "public.shell-script",
        "text/x-script.python": "public.python-script",
        "text/x-python": "public.python-script",
        "text/x-python3": "public.python-script",  // shared-mime-info: Python 3 scripts
        "text/x-perl": "public.perl-script",
        "text/x-ruby": "public.ruby-script",
        "text/x-php": "public.php-script",
        "text/x-lua": "org.lua.lua-script",
        "text/x-tcl": "public.script",
        "application/javascript": "com.netscape.javascript-source",
        "text/x-diff": "public.patch-file",
        "text/x-po": "org.gnu.gettext.po",
        "text/x-msdos-batch": "com.microsoft.batch-file",
        "text/x-vcard": "public.vcard",
        "application/x-wine-extension-ini": "com.microsoft.ini",
        "font/sfnt": "public.truetype-ttf-font",
        "application/vnd.ms-opentype": "public.opentype-font",
        "application/x-font-ttf": "public.truetype-ttf-font",
        "application/x-pem-file": "org.ietf.pem",
        "application/x-bplist": "com.apple.binary-property-list",  // files/settings-binary.plist
        "font/collection": "public.truetype-collection-font",
        "application/x-coff": "public.object-code",  // COFF objects, as MSVC and MinGW write them
        "model/stl": "public.standard-tesselated-geometry-format",  // IANA's model/stl (2018)
        "model/x.stl-ascii": "public.standard-tesselated-geometry-format",
        "model/x.stl-binary": "public.standard-tesselated-geometry-format",
    ]

    /// Whether a MIME type leads to `type`: the catalog's lookup of it (tags and aliases) or this
    /// table of libmagic's spellings.
    static func leads(_ mimeType: String, to type: UTType) -> Bool {
        type.isNamed(byMIMEType: mimeType) || mimeAliases[mimeType] == type.identifier
    }

    /// libmagic's language guesses for text: right for files without a name, often wrong for
    /// files with one (any brace-heavy text is "C"), so a text type from the name wins over them.
    static let weakGuesses: [String: String] = [
        "text/x-c": "public.c-source",
        "text/x-c++": "public.c-plus-plus-source",
        "text/x-objective-c": "public.objective-c-source",
        "text/x-java": "com.sun.java-source",
        "text/x-asm": "public.assembly-source",
        "text/x-makefile": "public.make-source",
        "text/x-tex": "org.tug.tex-source",
        "text/x-fortran": "public.fortran-source",
        "text/x-pascal": "public.pascal-source",
        "text/x-m4": "public.source-code",
        "text/x-awk": "public.script",
        "text/x-bytecode.python": "public.python-script",
    ]

    /// The MIME type to report for types the catalog gives none, when uti decided without
    /// libmagic: libmagic's own spelling for the same bytes.
    static let untaggedMIMETypes: [String: String] = [
        "public.elf-binary": "application/x-executable",
        "public.object-code": "application/x-object",
        "com.apple.binary-property-list": "application/x-bplist",
        "com.apple.xml-property-list": "text/xml",
        "public.truetype-collection-font": "font/collection",
        "public.utf16-plain-text": "text/plain",
        "public.utf16-external-plain-text": "text/plain",
        // Not libmagic's text/x-diff, a lookup name only: shared-mime-info's name, which uti prints
        // for a diff (files/change.diff, files/greeting.patch).
        "public.patch-file": "text/x-patch",
    ]
}
