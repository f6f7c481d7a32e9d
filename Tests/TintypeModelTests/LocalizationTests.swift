import Foundation
import Testing
@testable import TintypeModel

@Suite struct LocalizationTests {
    /// A folder with `files` (relative path → contents), removed after `body`.
    func withFiles<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let dir = NSTemporaryDirectory() + "tintype-l10n-" + UUID().uuidString
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try body(dir)
    }

    func decode(_ json: String, in dir: String) throws -> Scene {
        try SceneDecoder.decode(json, file: "scene.json", baseDirectory: dir)
    }


    func label(_ scene: Scene, _ i: Int = 0) -> String? {
        if case .label(let l) = scene.root.subviews[i].kind { return l.text }
        return nil
    }

    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Messages": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Nachrichten"}}}},
          "Hello %@, %d new": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Hallo %@, %d neu"}}}},
          "%lld games": {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld game"}}, "other": {"stringUnit": {"value": "%lld games"}}}}},
            "ar": {"variations": {"plural": {"few": {"stringUnit": {"value": "%lld ألعاب"}}, "other": {"stringUnit": {"value": "%lld لعبة"}}}}}}}
        }}
        """

    func scene(locale: String?, _ texts: String..., extra: String = "") -> String {
        let views = texts.map { "{\"label\": {\"text\": \($0)}}" }.joined(separator: ",")
        return "{\(locale.map { "\"locale\": \"\($0)\"," } ?? "")\"strings\": \"L.xcstrings\",\(extra)\"root\": {\"view\": {\"subviews\": [\(views)]}}}"
    }

    @Test func buttonTitlesAreLocalizedAsOneValueAndPerState() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let json = #"{"locale": "de", "strings": "L.xcstrings", "root": {"view": {"subviews": ["#
                + #"{"button": {"frame": [0, 0, 100, 44], "title": {"localized": "Messages"}}},"#
                + #"{"button": {"frame": [0, 0, 100, 44], "title": {"normal": {"localized": "Messages"}, "selected": "Plain"}}}]}}}"#
            let scene = try decode(json, in: dir)
            var titles: [PerState<String>] = []
            for v in scene.root.subviews { if case .control(.button(let b)) = v.kind { titles.append(b.title) } }
            #expect(titles == [PerState(normal: "Nachrichten"), PerState(normal: "Nachrichten", selected: "Plain")])
        }
    }

    @Test func aLocaleSetsTheDirectionAndAnUnknownOneIsAnError() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            #expect(try decode(scene(locale: "ar"), in: dir).layoutDirection == .rightToLeft)
            #expect(try decode(scene(locale: "he-IL"), in: dir).layoutDirection == .rightToLeft)
            #expect(try decode(scene(locale: "de-DE"), in: dir).layoutDirection == .leftToRight)
            #expect(try decode(scene(locale: "en-DE"), in: dir).locale == "en-DE")
            #expect(try decode(scene(locale: "zh-Hant-TW"), in: dir).locale == "zh-Hant-TW")
            #expect(try decode(scene(locale: "ar", extra: "\"layoutDirection\": \"leftToRight\","), in: dir).layoutDirection == .leftToRight)
            let problems = issues(scene(locale: "de-DX"), base: dir)
            #expect(problems.map(\.path) == ["locale"])
            #expect(problems.first?.message.contains("unknown locale \"de-DX\"; did you mean \"de-DE\"?") == true)
            #expect(problems.first?.position == SourcePosition(line: 1, column: 12))
        }
    }

    /// A country written with a code ISO reserves for it or retired is suggested under its real
    /// code, not the nearest spelling (en-UK is one letter from en-CK, the Cook Islands).
    @Test func anUnknownRegionSuggestsTheRealRegion() {
        #expect(AppLocale.problem(with: "en-UK")?.contains("did you mean \"en-GB\"?") == true, "\(AppLocale.problem(with: "en-UK") ?? "")")
        #expect(AppLocale.problem(with: "el-EL")?.contains("did you mean \"el-GR\"?") == true)
        #expect(AppLocale.problem(with: "de-DD")?.contains("did you mean \"de-DE\"?") == true)
        #expect(AppLocale.problem(with: "en-GB") == nil)
        // The aliases name regions Foundation knows, and none of them is a region itself.
        for (alias, real) in AppLocale.regionAliases {
            #expect(AppLocale.problem(with: "en-" + real) == nil, "\(real)")
            #expect(AppLocale.problem(with: "en-" + alias) != nil, "\(alias)")
        }
    }

    @Test func textsAreLookedUpFormattedAndPluralized() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let de = try decode(scene(locale: "de-AT", "{\"localized\": \"Messages\"}",
                                      "{\"localized\": \"Hello %@, %d new\", \"arguments\": [\"Ana\", 3]}"), in: dir)
            #expect(label(de, 0) == "Nachrichten")
            #expect(label(de, 1) == "Hallo Ana, 3 neu")
            let en = try decode(scene(locale: nil, "{\"localized\": \"Messages\"}", "{\"localized\": \"%lld games\", \"arguments\": [1]}"), in: dir)
            #expect(label(en, 0) == "Messages")  // the key is the source text
            #expect(label(en, 1) == "1 game")
            let ar = try decode(scene(locale: "ar", "{\"localized\": \"%lld games\", \"arguments\": [3]}",
                                      "{\"localized\": \"%lld games\", \"arguments\": [100]}"), in: dir)
            #expect(label(ar, 0) == "3 ألعاب")  // CLDR: 3 is "few" in Arabic
            #expect(label(ar, 1) == "100 لعبة")
        }
    }

    @Test func missingKeysWrongArgumentsAndShowingTheKey() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let missing = issues(scene(locale: "ja", "{\"localized\": \"Messages\"}", "{\"localized\": \"Mesages\"}"), base: dir)
            #expect(missing.count == 2)
            #expect(missing.first?.path == "root.subviews[0].text.localized")
            #expect(missing.first?.message.hasPrefix("no \"ja\" translation of \"Messages\" in L.xcstrings (it has de)") == true)
            #expect(missing.last?.message.contains("did you mean \"Messages\"?") == true)
            let shown = try decode(scene(locale: "ja", "{\"localized\": \"Messages\"}", extra: "\"missingStrings\": \"showKey\","), in: dir)
            #expect(label(shown) == "Messages")
            let wrong = issues(scene(locale: "de", "{\"localized\": \"Hello %@, %d new\", \"arguments\": [\"Ana\", \"three\"]}",
                                     "{\"localized\": \"Hello %@, %d new\", \"arguments\": [\"Ana\"]}"), base: dir)
            #expect(wrong.map(\.path) == ["root.subviews[0].text.arguments[1]", "root.subviews[1].text.arguments"])
            #expect(wrong.first?.message == "%d needs a whole number, found a string")
            #expect(wrong.last?.message == "\"Hello %@, %d new\" takes 2 arguments (%@, %d), found 1")
        }
    }

    @Test func aLocalizedTextNeedsACatalog() {
        do {
            _ = try SceneDecoder.decode("{\"root\": {\"label\": {\"text\": {\"localized\": \"X\"}}}}", file: "s.json", baseDirectory: nil)
            Issue.record("decoded")
        } catch {
            #expect(error.issues.first?.message == "a localized text needs the scene's \"strings\" (a string catalog)")
        }
    }

    @Test func catalogSyntaxErrorsHaveTheirOwnLineAndColumn() throws {
        try withFiles(["L.xcstrings": "{\"strings\": {\n  \"a\": {,}\n}}",
                       "Folder/de.lproj/Localizable.strings": "\"Messages\" = \"Nachrichten\";\n\"Edit\" = \"Bearbeiten\"\n\"x\" = \"y\";"]) { (dir: String) throws -> Void in
            let json = issues(scene(locale: nil), base: dir)
            #expect(json.count == 1)
            #expect(json.first?.path == "strings: L.xcstrings:2:9")
            #expect(json.first?.message.hasPrefix("malformed JSON") == true)
            let strings = issues("{\"strings\": \"Folder\", \"root\": {\"view\": {}}}", base: dir)
            #expect(strings.first?.path == "strings: Folder/de.lproj/Localizable.strings:3:1")
            #expect(strings.first?.message == "expected \";\" after the value of \"Edit\"")
        }
    }

    @Test func lprojFoldersWithStringsAndStringsdict() throws {
        let dict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%d photos</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@photos@</string>
                <key>photos</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d Foto</string>
                  <key>other</key><string>%d Fotos</string>
                </dict>
              </dict>
            </dict></plist>
            """
        try withFiles(["Strings/de.lproj/Localizable.strings": "/* title */\n\"Messages\" = \"Nach\\u00ADrichten\"; // soft hyphen\n",
                       "Strings/de.lproj/Localizable.stringsdict": dict,
                       "Strings/en.lproj/Localizable.strings": "\"Messages\" = \"Messages\";"]) { (dir: String) throws -> Void in
            let json = """
                {"locale": "de", "strings": "Strings", "root": {"view": {"subviews": [
                  {"label": {"text": {"localized": "Messages"}}},
                  {"label": {"text": {"localized": "%d photos", "arguments": [1]}}},
                  {"label": {"text": {"localized": "%d photos", "arguments": [7]}}}]}}}
                """
            let s = try decode(json, in: dir)
            #expect(label(s, 0) == "Nach\u{AD}richten")
            #expect(label(s, 1) == "1 Foto")
            #expect(label(s, 2) == "7 Fotos")
        }
    }

    @Test func pseudoLanguages() throws {
        #expect(Pseudo.accented("Edit") == "[Éðîţ one]")
        #expect(Pseudo.accented("Hello %@") == "[Ĥéļļö %@ one]")
        let accented = Pseudo.accented("Good game! Rematch tonight?")
        #expect(accented.count - 2 >= Int((27 * 1.4).rounded(.down)))
        #expect(Pseudo.bidi("Edit") == "\u{202E}Edit\u{202C}")
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let s = try decode(scene(locale: nil, "{\"localized\": \"Hello %@, %d new\", \"arguments\": [\"Ana\", 2]}", extra: "\"pseudoLanguage\": \"bidi\","), in: dir)
            #expect(s.layoutDirection == .rightToLeft)
            #expect(label(s) == "\u{202E}Hello Ana, 2 new\u{202C}")
        }
    }

    // MARK: Locale variants

    /// The renders of a matrix's locales, by suffix.
    func renders(_ json: String, in dir: String, locales: [String] = [], overriding o: TraitSet = TraitSet()) throws -> [String: Scene] {
        let s = try SceneDecoder.decode(json, file: "scene.json", baseDirectory: dir, locales: locales)
        return Dictionary(uniqueKeysWithValues: try s.expandVariants(overriding: o).map { ($0.suffix ?? "", $0.scene) })
    }

    @Test func aLocaleVariantIsTheSceneInThatLocale() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let texts = [#"{"localized": "Messages"}"#, #"{"localized": "%lld games", "arguments": [3]}"#]
            let matrix = scene(locale: nil, #"{"localized": "Messages"}"#, extra: #""missingStrings": "showKey", "variants": {"combinations": [{"locale": "de"}, {"locale": "ar", "device": "iPhone SE"}]},"#)
            let r = try renders(matrix, in: dir)
            #expect(r.keys.sorted() == [".iphone-8.de", ".iphone-se.ar"])
            #expect(label(r[".iphone-8.de"]!) == "Nachrichten" && r[".iphone-8.de"]!.layoutDirection == .leftToRight)
            #expect(r[".iphone-se.ar"]!.layoutDirection == .rightToLeft && r[".iphone-se.ar"]!.locale == "ar")
            // Each render equals the scene decoded with that "locale": texts, plurals, direction and all.
            let listed = scene(locale: nil, texts[0], texts[1], extra: #""missingStrings": "showKey", "variants": {"locales": ["en", "de", "ar"]},"#)
            let all = try renders(listed, in: dir)
            #expect(all.keys.sorted() == [".ar", ".de", ".en"])
            for tag in ["en", "de", "ar"] {
                var alone = try decode(scene(locale: tag, texts[0], texts[1], extra: #""missingStrings": "showKey","#), in: dir)
                alone.variants = Variants()
                var variant = all["." + tag]!
                variant.warnings = []
                #expect(variant == alone, "locale \(tag)")
            }
            #expect(label(all[".ar"]!, 1) == "3 ألعاب" && label(all[".en"]!, 1) == "3 games")
            #expect(all.values.allSatisfy { $0.localizations.isEmpty })
            // An explicit direction stays in every locale; a direction in the matrix wins over the language.
            let ltr = try renders(scene(locale: nil, texts[0], extra: #""missingStrings": "showKey", "layoutDirection": "leftToRight", "variants": {"locales": ["de", "ar"]},"#), in: dir)
            #expect(ltr.values.allSatisfy { $0.layoutDirection == .leftToRight })
            let both = try renders(scene(locale: nil, texts[0], extra: #""missingStrings": "showKey", "variants": {"locales": ["de", "ar"], "layoutDirections": ["ltr"]},"#), in: dir)
            #expect(both.values.allSatisfy { $0.layoutDirection == .leftToRight } && label(both[".ar"]!) == "Messages")
        }
    }

    @Test func aLocaleOverrideIsDecodedAndAnUndecodedLocaleIsRefused() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let one = scene(locale: nil, #"{"localized": "Messages"}"#)
            // A locale asked for when decoding (the command line's --locale) replaces the scene's.
            let de = try renders(one, in: dir, locales: ["de"], overriding: TraitSet(locale: "de"))
            #expect(de.count == 1 && label(de[""]!) == "Nachrichten")
            // Not decoded in it, the scene cannot show the locale: an error, not English under a German name.
            #expect(throws: VariantError(path: "locale", message: #"the texts from "L.xcstrings" were translated when the scene was decoded, and not into "de"; name the locale in the file's "variants", or decode it with SceneDecoder.load(path:locales:)"#)) {
                _ = try renders(one, in: dir, overriding: TraitSet(locale: "de"))
            }
            var swiftMatrix = try decode(one, in: dir)
            swiftMatrix.variants = Variants(locales: ["en", "de"])
            #expect(throws: VariantError.self) { _ = try swiftMatrix.expandVariants() }
        }
    }

    @Test func aMissingKeyInAnyLocaleOfTheMatrixIsReportedWhereTheKeyIs() throws {
        try withFiles(["L.xcstrings": Self.catalog]) { (dir: String) throws -> Void in
            let json = scene(locale: nil, #"{"localized": "Messages"}"#, extra: #""variants": {"locales": ["de", "ar", "ja"]},"#)
            let found = issues(json, base: dir)
            // "Messages" has German only; the Arabic and Japanese decodes each report it, once, at the key.
            #expect(found.map(\.path) == ["root.subviews[0].text.localized", "root.subviews[0].text.localized"])
            #expect(found.map { $0.message.hasPrefix(#"no "ar" translation of "Messages" in L.xcstrings"#) } == [true, false])
            #expect(found.last?.message.hasPrefix(#"no "ja" translation of "Messages""#) == true)
            #expect(found.allSatisfy { $0.file == "scene.json" && $0.position != nil })
            // A problem that is not about the locale is reported once, not once per locale.
            let bad = scene(locale: nil, #"{"localized": "Messages"}"#, extra: #""tintColor": "reddish", "variants": {"locales": ["de", "en"]},"#)
            #expect(issues(bad, base: dir).map(\.path) == ["tintColor"])
            // A locale variant must be a locale Foundation knows, as the scene's own "locale".
            #expect(issues(scene(locale: nil, extra: #""variants": {"locales": ["de-DX"]},"#), base: dir).first?.message.contains(#"unknown locale "de-DX""#) == true)
        }
    }

    @Test func aSceneMadeInSwiftTakesTheLocaleForItsFontsAndDirection() throws {
        let scene = Scene { View.label("Hi", frame: Rect(x: 0, y: 0, width: 100, height: 20)) }
        var matrix = scene
        matrix.variants = Variants(locales: ["en", "ar", "ja"])
        let renders = try matrix.expandVariants()
        #expect(renders.map(\.suffix) == [".en", ".ar", ".ja"])
        #expect(renders.map(\.scene.locale) == ["en", "ar", "ja"])
        #expect(renders.map(\.scene.layoutDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        // A scene set right to left on purpose stays so in every language.
        matrix.layoutDirection = .rightToLeft
        #expect(try matrix.expandVariants().allSatisfy { $0.scene.layoutDirection == .rightToLeft })
        matrix.variants = Variants(locales: ["de-DX"])
        #expect(throws: VariantError.self) { _ = try matrix.expandVariants() }
    }
}
