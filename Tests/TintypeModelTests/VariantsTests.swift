import Testing
@testable import TintypeModel

/// The matrix: expansion order, the naming rule, overrides, and every way a matrix can be wrong.
@Suite struct VariantsTests {
    func messages(_ json: String) -> [String] { issues(json).map { "\($0.path): \($0.message)" } }
    func suffixes(_ json: String, overriding o: TraitSet = TraitSet()) throws -> [String?] {
        try SceneDecoder.decode(json).expandVariants(overriding: o).map(\.suffix)
    }
    let root = #""root": { "view": {} }"#

    @Test func theProductInFileNameOrderNamingOnlyWhatVaries() throws {
        let json = #"{ "variants": { "layoutDirections": ["ltr", "rtl"], "devices": ["iPhone SE", "iPhone X"], "contentSizeCategories": ["L", "AX3"] }, "# + root + "}"
        #expect(try suffixes(json) == [
            ".iphone-se.l.ltr", ".iphone-se.l.rtl", ".iphone-se.ax3.ltr", ".iphone-se.ax3.rtl",
            ".iphone-x.l.ltr", ".iphone-x.l.rtl", ".iphone-x.ax3.ltr", ".iphone-x.ax3.rtl",
        ])
        let renders = try SceneDecoder.decode(json).expandVariants()
        #expect(renders[3].scene.device == .iPhoneSE && renders[3].scene.contentSizeCategory == .accessibilityExtraLarge
                && renders[3].scene.layoutDirection == .rightToLeft)
        #expect(renders[3].label == "iPhone SE, AX3, RTL")
        #expect(renders.allSatisfy { $0.scene.variants.isEmpty })
        // A one-value list sets the trait and names nothing; the scene's other traits stay.
        let one = try SceneDecoder.decode(#"{ "orientation": "landscape", "variants": { "contentSizeCategories": ["XXL"], "tintAdjustmentModes": ["normal", "dimmed"] }, "# + root + "}")
        let r = try one.expandVariants()
        #expect(r.map(\.suffix) == [".normal", ".dimmed"])
        #expect(r.allSatisfy { $0.scene.contentSizeCategory == .extraExtraLarge && $0.scene.orientation == .landscape })
    }

    @Test func everyDimensionHasItsSlug() throws {
        let json = #"{ "variants": { "scales": [1, 3], "locales": ["ar", "de_de"], "tintAdjustmentModes": ["normal", "dimmed"], "orientations": ["portrait", "landscape"], "devices": ["iPhone 8", "iPad"], "contentSizeCategories": ["accessibilityExtraExtraExtraLarge", "XS"], "layoutDirections": ["leftToRight", "rightToLeft"] }, "# + root + "}"
        let all = try suffixes(json)
        #expect(all.count == 128)
        #expect(all.last == ".ipad.landscape.xs.rtl.de-de.dimmed.3x")
        #expect(all.first == ".iphone-8.portrait.ax5.ltr.ar.normal.1x")
        #expect(Set(all).count == 128)
    }

    @Test func combinationsAreAnExplicitListCrossedWithTheLists() throws {
        let json = #"{ "contentSizeCategory": "XL", "variants": { "combinations": [ { "device": "iPhone SE" }, { "device": "iPad", "orientation": "landscape" } ], "layoutDirections": ["ltr", "rtl"] }, "# + root + "}"
        #expect(try suffixes(json) == [".iphone-se.portrait.ltr", ".iphone-se.portrait.rtl", ".ipad.landscape.ltr", ".ipad.landscape.rtl"])
        let r = try SceneDecoder.decode(json).expandVariants()
        #expect(r.allSatisfy { $0.scene.contentSizeCategory == .extraLarge })
        // The scale is named only when the matrix sets it and it differs: devices of different scales do not name it.
        #expect(try suffixes(#"{ "devices": ["iPhone 8", "iPhone X"], "# + root + "}") == [".iphone-8", ".iphone-x"])
        #expect(try suffixes(#"{ "variants": { "combinations": [ { "device": "iPhone 8" }, { "device": "iPhone 8", "scale": 1 } ] }, "# + root + "}") == [".2x", ".1x"])
    }

    @Test func overridesPickOrReplace() throws {
        let json = #"{ "variants": { "devices": ["iPhone SE", "iPhone X"], "contentSizeCategories": ["L", "AX3"] }, "# + root + "}"
        // A value the matrix has picks its renders and keeps their names.
        #expect(try suffixes(json, overriding: TraitSet(device: .iPhoneX)) == [".iphone-x.l", ".iphone-x.ax3"])
        #expect(try suffixes(json, overriding: TraitSet(device: .iPhoneX, contentSizeCategory: .accessibilityExtraLarge)) == [".iphone-x.ax3"])
        // Another value replaces the trait everywhere, and the names leave it out.
        let pad = try SceneDecoder.decode(json).expandVariants(overriding: TraitSet(device: .iPad))
        #expect(pad.map(\.suffix) == [".l", ".ax3"])
        #expect(pad.allSatisfy { $0.scene.device == .iPad })
        #expect(try suffixes(json, overriding: TraitSet(layoutDirection: .rightToLeft)).count == 4)
        #expect(try suffixes(#"{ "# + root + "}", overriding: TraitSet(device: .iPad)) == [nil])
    }

    @Test func badMatricesAreErrorsWithTheirPlace() {
        #expect(messages(#"{ "variants": { "contentSizes": ["L"] }, "# + root + "}") == [#"variants.contentSizes: unknown property "contentSizes"; did you mean "contentSizeCategories"?"#])
        #expect(messages(#"{ "variants": { "contentSizeCategories": ["AX9"] }, "# + root + "}").first?.hasPrefix(#"variants.contentSizeCategories[0]: unknown value "AX9"; did you mean"#) == true)
        #expect(messages(#"{ "variants": { "layoutDirections": [] }, "# + root + "}") == [#"variants.layoutDirections: "layoutDirections" needs at least one value; leave it out to keep the scene's layoutDirection"#])
        #expect(messages(#"{ "variants": { "combinations": [ { "device": "iPhone 9" } ] }, "# + root + "}").first?.hasPrefix(#"variants.combinations[0].device: unknown device "iPhone 9""#) == true)
        #expect(messages(#"{ "variants": { "combinations": [ { "device": "iPhone 8" }, { "device": "iPhone 7" } ] }, "# + root + "}")
                == [#"variants.combinations[1]: writes the same file as combinations[0] (no trait tells them apart)"#])
        #expect(messages(#"{ "variants": { "combinations": [ { "device": "iPhone 8", "contentSizeCategory": "L" }, { "device": "iPhone X" }, { "device": "iPhone X", "contentSizeCategory": "L" } ] }, "# + root + "}")
                == [#"variants.combinations[2]: writes the same file as combinations[1] (NAME.iphone-x.png)"#])
        #expect(messages(#"{ "variants": { "devices": ["iPhone 8"], "combinations": [ { "device": "iPhone X" } ] }, "# + root + "}")
                == [#"variants.combinations[0].device: "devices" already lists this trait; give it in one place"#])
        #expect(messages(#"{ "variants": { "combinations": [ {} ] }, "# + root + "}").first?.hasPrefix("variants.combinations[0]: a combination sets at least one trait") == true)
        #expect(messages(#"{ "variants": { "locales": ["en", "english!"] }, "# + root + "}") == [#"variants.locales[1]: "english!" is not a language tag like "en", "ar", "pt-BR" or "zh-Hans""#])
        #expect(messages(#"{ "variants": { "locales": ["pt-br", "pt_BR"] }, "# + root + "}") == [#"variants.locales[1]: "pt-BR" is listed twice (first at [0])"#])
        #expect(messages(#"{ "contentSizeCategory": "XL", "variants": { "contentSizeCategories": ["L", "XL"] }, "# + root + "}")
                == [#"variants.contentSizeCategories: the scene's "contentSizeCategory" is given too; give the contentSizeCategory in one place"#])
        #expect(messages(#"{ "devices": ["iPhone 8"], "variants": { "devices": ["iPhone X"] }, "# + root + "}") == [#"variants.devices: give "devices" or "variants.devices", not both"#])
        let issue = issues(#"{ "variants": { "scales": [1, 2], "orientations": ["portrait", "landscape"], "contentSizeCategories": ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"], "devices": ["iPhone SE", "iPhone 8", "iPhone X", "iPad", "iPad Pro 11", "iPhone 12", "iPhone 4s", "iPhone XR", "iPhone 8 Plus", "iPhone 15 Pro", "iPhone 15 Pro Max"] }, "# + root + "}")
        #expect(issue.map(\.description) == [#"scene.json:1:15: variants: 11 devices × 2 orientations × 12 contentSizeCategories × 2 scales makes 528 images, more than the limit of 500; raise "maxVariants" (up to 10000) if you mean it"#])
        #expect(issues(#"{ "variants": { "maxVariants": 600, "scales": [1, 2], "orientations": ["portrait", "landscape"], "contentSizeCategories": ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"], "devices": ["iPhone SE", "iPhone 8", "iPhone X", "iPad", "iPad Pro 11", "iPhone 12", "iPhone 4s", "iPhone XR", "iPhone 8 Plus", "iPhone 15 Pro", "iPhone 15 Pro Max"] }, "# + root + "}").isEmpty)
        #expect(messages(#"{ "variants": { "maxVariants": 0 }, "# + root + "}") == ["variants.maxVariants: expected a whole number from 1 to 10000, found 0"])
    }

    @Test func theSameChecksInSwift() {
        #expect(throws: VariantError(path: "variants.devices[1]", message: #""iPhone 8" is listed twice (first at [0])"#)) {
            try Scene(root: View()).with(variants: Variants(devices: [.iPhone8, .iPhone8])).expandVariants()
        }
        #expect(throws: VariantError.self) { try Scene(root: View()).with(variants: Variants(scales: [40])).expandVariants() }
        #expect(TraitSet.canonicalLocale("zh_hant_tw") == "zh-Hant-TW")
        #expect(TraitSet.canonicalLocale("e") == nil)
    }
}

extension Scene {
    func with(variants: Variants) -> Scene { var s = self; s.variants = variants; return s }
}
