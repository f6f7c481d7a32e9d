import Testing
@testable import TintypeLayout
@testable import TintypeRender

/// librsvg and poppler-glib are opened at run time (CRsvg's and CPoppler's shim.h): when one cannot
/// be loaded, the error says which library, why, and which Debian package to install.
@Suite struct LazyLibraryTests {
    @Test func theInstalledLibrariesOpen() throws {
        _ = try Rsvg.loaded()
        _ = try Poppler.loaded()
    }

    @Test func aMissingLibrsvgIsNamedWithItsPackage() {
        #expect {
            _ = try Rsvg(opening: "libtintype-no-such-rsvg.so.2")
        } throws: { error in
            let message = (error as? ImageFileError)?.message ?? ""
            return message.hasPrefix("SVG images need librsvg, which cannot be loaded (libtintype-no-such-rsvg.so.2: cannot open shared object file")
                && message.hasSuffix("; install Debian's librsvg2-2 package")
        }
    }

    @Test func aMissingPopplerIsNamedWithItsPackage() {
        #expect {
            _ = try Poppler(opening: "libtintype-no-such-poppler.so.8")
        } throws: { error in
            let message = (error as? ImageFileError)?.message ?? ""
            return message.hasPrefix("reading a PDF needs poppler-glib, which cannot be loaded (libtintype-no-such-poppler.so.8: cannot open shared object file")
                && message.hasSuffix("; install Debian's libpoppler-glib8 package")
        }
    }

    /// A library that opens but lacks a function (another library under the soname) is refused too.
    @Test func aLibraryWithoutTheFunctionsIsRefused() {
        #expect {
            _ = try Rsvg(opening: "libcairo.so.2")
        } throws: { error in
            let message = (error as? ImageFileError)?.message ?? ""
            return message.contains("undefined symbol: rsvg_handle_new_from_data") && message.hasSuffix("; install Debian's librsvg2-2 package")
        }
    }
}
