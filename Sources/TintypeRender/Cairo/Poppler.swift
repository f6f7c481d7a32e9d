import CPoppler

/// poppler-glib, opened the first time a PDF is read back instead of being linked (CPoppler's
/// shim.h says why): only comparing a PDF golden loads it.
struct Poppler: @unchecked Sendable {  // the function table never changes once filled
    /// poppler-glib's soname, as Debian's libpoppler-glib8 package installs it.
    static let library = "libpoppler-glib.so.8"
    let api: tt_poppler_api

    /// poppler-glib, opened once for the whole process (the error is the same for every later call).
    static func loaded() throws(ImageFileError) -> Poppler { try shared.get() }
    private static let shared = Result { () throws(ImageFileError) in try Poppler(opening: library) }

    /// Opens `file`; the error names the library, why it failed and the Debian package to install.
    init(opening file: String) throws(ImageFileError) {
        var api = tt_poppler_api()
        if let reason = tt_poppler_open(file, &api) {
            throw ImageFileError("reading a PDF needs poppler-glib, which cannot be loaded (\(String(cString: reason))); install Debian's libpoppler-glib8 package")
        }
        self.api = api
    }
}
