#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Why this file: one scene file stands for a matrix of renders (devices × text sizes × directions …).
// The matrix is expanded here, before anything is resolved, by one pure function with one naming
// rule; everything after it (the renderer, `tintype test`, the Swift API, the contact sheet) sees
// ordinary scenes and the file-name suffix this function gave them.

/// A trait a scene can vary over. The cases are in the fixed order their values appear in file
/// names: `settings.iphone-se.landscape.ax3.rtl.ar.dimmed.3x@0.10s.png` (a time follows the others
/// without a dot).
public enum TraitDimension: String, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
    case devices, orientations, contentSizeCategories, layoutDirections, locales, tintAdjustmentModes, scales, times

    /// The scene property (and the key inside a combination) that sets one value of this trait.
    public var property: String {
        switch self {
        case .devices: return "device"
        case .orientations: return "orientation"
        case .contentSizeCategories: return "contentSizeCategory"
        case .layoutDirections: return "layoutDirection"
        case .locales: return "locale"
        case .tintAdjustmentModes: return "tintAdjustmentMode"
        case .scales: return "scale"
        case .times: return "time"
        }
    }

    /// The dimension a name stands for: its plural (`contentSizeCategories`) or its property (`contentSizeCategory`).
    public static func named(_ name: String) -> TraitDimension? {
        allCases.first { $0.rawValue == name || $0.property == name }
    }

    public var description: String { rawValue }
}

/// Traits a variant sets. A nil trait keeps the scene's own value.
///
/// ```swift
/// let bigRTL = TraitSet(contentSizeCategory: .accessibilityExtraLarge, layoutDirection: .rightToLeft)
/// ```
public struct TraitSet: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var device: Device?
    public var orientation: Orientation?
    public var contentSizeCategory: ContentSizeCategory?
    public var layoutDirection: LayoutDirection?
    /// A language tag (`ar`, `de-DE`, `zh-Hans`); see `Variants.locales`.
    public var locale: String?
    public var tintAdjustmentMode: TintAdjustmentMode?
    /// Pixels per point; nil in a render's traits means the device's own scale.
    public var scale: Double?
    /// The scene's time in seconds (the moment its animations are drawn at).
    public var time: Double?

    public init(device: Device? = nil, orientation: Orientation? = nil, contentSizeCategory: ContentSizeCategory? = nil,
                layoutDirection: LayoutDirection? = nil, locale: String? = nil, tintAdjustmentMode: TintAdjustmentMode? = nil,
                scale: Double? = nil, time: Double? = nil) {
        self.device = device; self.orientation = orientation; self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection; self.locale = locale; self.tintAdjustmentMode = tintAdjustmentMode
        self.scale = scale; self.time = time
    }

    /// Whether the trait of `dimension` is set.
    public func sets(_ dimension: TraitDimension) -> Bool {
        switch dimension {
        case .devices: return device != nil
        case .orientations: return orientation != nil
        case .contentSizeCategories: return contentSizeCategory != nil
        case .layoutDirections: return layoutDirection != nil
        case .locales: return locale != nil
        case .tintAdjustmentModes: return tintAdjustmentMode != nil
        case .scales: return scale != nil
        case .times: return time != nil
        }
    }

    public var isEmpty: Bool { !TraitDimension.allCases.contains(where: sets) }

    /// These traits with every trait `other` sets taken from `other`.
    public func merging(_ other: TraitSet) -> TraitSet {
        TraitSet(device: other.device ?? device, orientation: other.orientation ?? orientation,
               contentSizeCategory: other.contentSizeCategory ?? contentSizeCategory,
               layoutDirection: other.layoutDirection ?? layoutDirection, locale: other.locale ?? locale,
               tintAdjustmentMode: other.tintAdjustmentMode ?? tintAdjustmentMode, scale: other.scale ?? scale,
               time: other.time ?? time)
    }

    /// The trait's value in file names: `iphone-se`, `landscape`, `ax3`, `rtl`, `de-de`, `dimmed`, `3x`.
    public func slug(_ dimension: TraitDimension) -> String? {
        switch dimension {
        case .devices: return device?.slug
        case .orientations: return orientation?.rawValue
        case .contentSizeCategories: return contentSizeCategory?.rawValue.lowercased()
        case .layoutDirections: return layoutDirection.map { $0 == .leftToRight ? "ltr" : "rtl" }
        case .locales: return locale?.lowercased()
        case .tintAdjustmentModes: return tintAdjustmentMode?.rawValue
        case .scales: return scale.map { format($0) + "x" }
        case .times: return time.map { "@" + TraitSet.seconds($0) + "s" }
        }
    }

    /// A time as file names and captions show it: two decimals (`0.10`), or three or four when
    /// fewer would round it (`0.125`).
    public static func seconds(_ t: Double) -> String {
        for places in 2...4 {
            var m = 1.0
            for _ in 0..<places { m *= 10 }
            if abs((t * m).rounded() - t * m) < 1e-6 || places == 4 {
                let whole = Int((t * m).rounded())
                let text = String(whole).count <= places ? String(repeating: "0", count: places + 1 - String(whole).count) + String(whole) : String(whole)
                return String(text.dropLast(places)) + "." + String(text.suffix(places))
            }
        }
        return format(t)
    }

    /// The trait's value for people: `iPhone SE`, `landscape`, `AX3`, `RTL`, `de-DE`, `dimmed`, `@3x`.
    public func label(_ dimension: TraitDimension) -> String? {
        switch dimension {
        case .devices: return device?.name
        case .orientations: return orientation?.rawValue
        case .contentSizeCategories: return contentSizeCategory?.rawValue
        case .layoutDirections: return layoutDirection.map { $0 == .leftToRight ? "LTR" : "RTL" }
        case .locales: return locale
        case .tintAdjustmentModes: return tintAdjustmentMode?.rawValue
        case .scales: return scale.map { "@" + format($0) + "x" }
        case .times: return time.map { "t = " + TraitSet.seconds($0) + " s" }
        }
    }

    /// The traits that are set, in file-name order, for test names and captions: `iPhone SE, AX3, RTL`.
    public var description: String {
        let parts = TraitDimension.allCases.compactMap { label($0) }
        return parts.isEmpty ? "scene's own traits" : parts.joined(separator: ", ")
    }

    /// `scene` with these traits set.
    ///
    /// A locale is the scene's `locale`, as if its file said so. A scene decoded from a file has its
    /// texts translated in each locale its matrix names (`Scene.localizations`): the copy of that
    /// locale is taken, with its texts and the direction its language implies, keeping `scene`'s
    /// other traits. A scene without such a copy (one made in Swift, whose texts are its own) takes
    /// the locale for its fonts, and its direction follows the language unless it was set apart
    /// from its old locale's (an RTL scene in English stays RTL). Traits set here win over both.
    public func applied(to scene: Scene) -> Scene {
        var s = scene
        if let locale, let tag = TraitSet.canonicalLocale(locale), tag != scene.locale.flatMap(TraitSet.canonicalLocale) {
            if let copy = scene.localizations[tag] {
                s = copy
                s.device = scene.device; s.orientation = scene.orientation; s.contentSizeCategory = scene.contentSizeCategory
                s.tintAdjustmentMode = scene.tintAdjustmentMode; s.scale = scene.scale
                s.localizations = scene.localizations
            } else {
                if scene.layoutDirection == Scene.impliedDirection(scene.locale) { s.layoutDirection = Scene.impliedDirection(tag) }
                s.locale = tag
            }
        }
        if let device { s.device = device }
        if let orientation { s.orientation = orientation }
        if let contentSizeCategory { s.contentSizeCategory = contentSizeCategory }
        if let layoutDirection { s.layoutDirection = layoutDirection }
        if let tintAdjustmentMode { s.tintAdjustmentMode = tintAdjustmentMode }
        if let scale { s.scale = scale }
        if let time { s.time = time }
        // A checked scene stays checked under traits that cannot break a limit: a device of the
        // catalog, a scale and a time in range (every other trait is a choice among names).
        if scene.limitsChecked, device.map(Device.catalog.contains) ?? true,
           scale.map({ $0.isFinite && SceneLimits.scaleRange.contains($0) }) ?? true,
           time.map({ $0.isFinite && SceneLimits.time.contains($0) }) ?? true {
            s.limitsMark.checked = true
        }
        return s
    }

    /// Every trait of `scene` (the scale as the device's when the scene sets none; the locale as a
    /// canonical tag, nil when the scene has none).
    init(of scene: Scene) {
        self.init(device: scene.device, orientation: scene.orientation, contentSizeCategory: scene.contentSizeCategory,
                  layoutDirection: scene.layoutDirection, locale: scene.locale.map { TraitSet.canonicalLocale($0) ?? $0 },
                  tintAdjustmentMode: scene.tintAdjustmentMode, scale: scene.effectiveScale, time: scene.time)
    }

    /// A language tag as `language[-Script][-REGION]` (`ar`, `zh-Hans`, `pt-BR`, `en-XA`), canonical
    /// in case and with `-`; nil when `text` is not one.
    public static func canonicalLocale(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var out = language.lowercased()
        for part in parts.dropFirst() {
            guard (2...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if part.count == 4, part.allSatisfy(\.isLetter) { out += "-" + part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) { out += "-" + part.uppercased() }
            else { out += "-" + part.lowercased() }
        }
        return out
    }
}

/// The renders one scene stands for: the product of the lists given (each list one trait), or,
/// with `combinations`, each combination crossed with the lists. Empty lists are not given.
///
/// ```swift
/// let matrix = Variants(devices: [.iPhoneSE, .iPhoneX], contentSizeCategories: [.large, .accessibilityExtraLarge],
///                       layoutDirections: [.leftToRight, .rightToLeft])   // 8 renders
/// ```
public struct Variants: Sendable, Equatable {
    public var devices: [Device]
    public var orientations: [Orientation]
    public var contentSizeCategories: [ContentSizeCategory]
    public var layoutDirections: [LayoutDirection]
    /// Language tags (`de`, `ar`, `pt-BR`): each render is the scene with that `locale`, its texts
    /// translated from the scene's `strings` and, for a right-to-left language, laid out right to left
    /// (unless the scene or the matrix sets the direction).
    public var locales: [String]
    public var tintAdjustmentModes: [TintAdjustmentMode]
    public var scales: [Double]
    /// Moments (seconds) the scene is drawn at: its animations at each (`name@0.10s.png`).
    public var times: [Double] = []
    /// An explicit list of trait sets, each crossed with the lists above (none of which it may set).
    public var combinations: [TraitSet]
    /// The most renders the matrix may make (up to `SceneLimits.maxVariantsLimit`);
    /// `SceneLimits.defaultMaxVariants` when nil.
    public var maxVariants: Int?

    public init(devices: [Device] = [], orientations: [Orientation] = [], contentSizeCategories: [ContentSizeCategory] = [],
                layoutDirections: [LayoutDirection] = [], locales: [String] = [], tintAdjustmentModes: [TintAdjustmentMode] = [],
                scales: [Double] = [], times: [Double] = [], combinations: [TraitSet] = [], maxVariants: Int? = nil) {
        self.devices = devices; self.orientations = orientations; self.contentSizeCategories = contentSizeCategories
        self.layoutDirections = layoutDirections; self.locales = locales; self.tintAdjustmentModes = tintAdjustmentModes
        self.scales = scales; self.times = times; self.combinations = combinations; self.maxVariants = maxVariants
    }

    /// Nothing to vary: the scene renders once, as it is.
    public var isEmpty: Bool { combinations.isEmpty && TraitDimension.allCases.allSatisfy { values($0).isEmpty } }

    /// The list of one trait, each value as a `TraitSet` setting only it.
    public func values(_ dimension: TraitDimension) -> [TraitSet] {
        switch dimension {
        case .devices: return devices.map { TraitSet(device: $0) }
        case .orientations: return orientations.map { TraitSet(orientation: $0) }
        case .contentSizeCategories: return contentSizeCategories.map { TraitSet(contentSizeCategory: $0) }
        case .layoutDirections: return layoutDirections.map { TraitSet(layoutDirection: $0) }
        case .locales: return locales.map { TraitSet(locale: $0) }
        case .tintAdjustmentModes: return tintAdjustmentModes.map { TraitSet(tintAdjustmentMode: $0) }
        case .scales: return scales.map { TraitSet(scale: $0) }
        case .times: return times.map { TraitSet(time: $0) }
        }
    }

    /// How many renders the matrix makes, or nil when the count overflows.
    public var count: Int? {
        var n = max(combinations.count, 1)
        for d in TraitDimension.allCases where !values(d).isEmpty {
            let (m, overflow) = n.multipliedReportingOverflow(by: values(d).count)
            if overflow { return nil }
            n = m
        }
        return n
    }

    /// `2 devices × 3 contentSizeCategories × 2 layoutDirections`
    var countDescription: String {
        var parts = TraitDimension.allCases.filter { !values($0).isEmpty }.map { "\(values($0).count) \($0.rawValue)" }
        if !combinations.isEmpty { parts.insert("\(combinations.count) combinations", at: 0) }
        return parts.joined(separator: " × ")
    }
}

/// A mistake in a matrix, at a path inside the scene (`variants.combinations[2]`).
public struct VariantError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { path.isEmpty ? message : path + ": " + message }
}

/// One render of a scene's matrix.
public struct Variant: Sendable, Equatable {
    /// Every trait of this render (`scale` is the one rendered at).
    public var traits: TraitSet
    /// The traits that tell this render from the others of its scene, in file-name order.
    public var named: [TraitDimension]
    /// The scene to render: the scene with `traits` applied and nothing left to vary.
    public var scene: Scene

    /// The file-name suffix: `.iphone-se.ax3.rtl`, or nil for a scene that renders once. A time
    /// follows without a dot: `.iphone-se@0.10s`, or `@0.10s` alone.
    public var suffix: String? { Self.suffix(traits, named) }

    /// The varying traits for people: `iPhone SE, AX3, RTL`; nil for a scene that renders once.
    public var label: String? { Self.label(traits, named) }

    static func suffix(_ traits: TraitSet, _ named: [TraitDimension]) -> String? {
        guard !named.isEmpty else { return nil }
        let others = named.filter { $0 != .times }.compactMap { traits.slug($0) }
        return (others.isEmpty ? "" : "." + others.joined(separator: ".")) + (named.contains(.times) ? traits.slug(.times) ?? "" : "")
    }

    static func label(_ traits: TraitSet, _ named: [TraitDimension]) -> String? {
        named.isEmpty ? nil : named.compactMap { traits.label($0) }.joined(separator: ", ")
    }
}

/// One render of a scene's matrix, named but not yet made: its traits, its name, and the traits its
/// scene is made with (`Scene.variant(_:)`). A run of thousands of renders keeps these, a few
/// hundred bytes each, and makes each render's scene (a copy of the whole scene with its traits
/// set) only when it checks it.
public struct VariantPlan: Sendable, Equatable {
    /// Every trait of the render (`scale` is the one rendered at), as `Variant.traits`.
    public var traits: TraitSet
    /// The traits that tell this render from the others of its scene, in file-name order.
    public var named: [TraitDimension]
    /// What the render's scene is made with from the scene as decoded: the matrix's traits of this
    /// render, merged with any override.
    var recipe: TraitSet

    /// The file-name suffix, as `Variant.suffix`.
    public var suffix: String? { Variant.suffix(traits, named) }
    /// The varying traits for people, as `Variant.label`.
    public var label: String? { Variant.label(traits, named) }
}

extension Scene {
    /// The renders this scene stands for, in a fixed order (devices outermost, then the traits in
    /// file-name order); a scene without `variants` is one render with no suffix.
    ///
    /// File names carry only the traits that vary: a trait is named when the matrix sets it (a list
    /// or a combination gives it) and its values differ between renders. `overriding` picks or
    /// replaces traits, as the command line's `--device` and friends: a value some render already
    /// has keeps only those renders (with their names); any other value replaces the trait in every
    /// render, which then no longer names it.
    public func expandVariants(overriding overrides: TraitSet = TraitSet()) throws(VariantError) -> [Variant] {
        try planVariants(overriding: overrides).map(variant)
    }

    /// The renders `expandVariants` makes, in the same order with the same names, without their
    /// scenes: `variant(_:)` makes each one's scene from this scene when it is needed.
    public func planVariants(overriding overrides: TraitSet = TraitSet()) throws(VariantError) -> [VariantPlan] {
        try variants.check()
        let combos = variants.combinations.isEmpty ? [TraitSet()] : variants.combinations
        var partials: [TraitSet] = combos
        for d in TraitDimension.allCases {
            let list = variants.values(d)
            guard !list.isEmpty else { continue }
            partials = partials.flatMap { p in list.map { p.merging($0) } }
        }
        try checkTranslated(overriding: overrides)
        // Every render is made from the scene as decoded, by its whole trait set: a locale first
        // takes the copy translated in it, and an override later replaces a trait in that set.
        func render(_ p: TraitSet) -> VariantPlan { VariantPlan(traits: TraitSet(of: made(p)), named: [], recipe: p) }
        var renders = partials.map { (traits: $0, variant: render($0)) }
        var named = TraitDimension.allCases.filter { d in
            partials.contains { $0.sets(d) } && Set(renders.map { $0.variant.traits.slug(d) }).count > 1
        }
        for d in TraitDimension.allCases where overrides.sets(d) {
            let wanted = overrides.slug(d)
            let picked = renders.filter { $0.variant.traits.slug(d) == wanted }
            if !picked.isEmpty { renders = picked; continue }
            let only = overrides.only(d)
            renders = renders.map { r in
                let traits = r.traits.merging(only)
                return (traits, render(traits))
            }
            named.removeAll { $0 == d }
        }
        var seen: [String: Int] = [:]
        var out: [VariantPlan] = []
        for (i, r) in renders.map(\.variant).enumerated() {
            var r = r
            r.named = named
            let key = r.suffix ?? ""
            if let first = seen[key] {
                // Only a replacing override makes renders the same on purpose: keep the first.
                if !overrides.isEmpty { continue }
                throw VariantError(path: collisionPath(i),
                                   message: "writes the same file as \(describe(first)) (\(key.isEmpty ? "no trait tells them apart" : "NAME" + key + ".png"))")
            }
            seen[key] = i
            out.append(r)
        }
        return out
    }

    /// The render `plan` stands for: this scene (the one that planned it) with the plan's traits set.
    /// The same plan always makes the same scene.
    public func variant(_ plan: VariantPlan) -> Variant {
        Variant(traits: plan.traits, named: plan.named, scene: made(plan.recipe))
    }

    /// This scene with `traits` applied and nothing left to vary: no matrix, no other locale's copy.
    private func made(_ traits: TraitSet) -> Scene {
        var base = self
        // A storyboard's scene as its size-class variations are for this variant's device and orientation.
        let classes = SizeClasses(device: traits.device ?? device, orientation: traits.orientation ?? orientation)
        let baseMark = sizeClassCopies[classes]?.limitsMark ?? limitsMark
        if let copy = sizeClassCopies[classes] { base = copy }
        base.variants = Variants()
        base.sizeClassCopies = [:]
        base.limitsMark = baseMark
        var scene = traits.applied(to: base)
        let mark = scene.limitsMark
        scene.localizations = [:]
        scene.limitsMark = mark
        return scene
    }

    /// The direction a scene in `locale` is laid out in when nothing else says: right to left
    /// for Arabic, Hebrew, Persian, Urdu …, as the decoder sets it.
    static func impliedDirection(_ locale: String?) -> LayoutDirection {
        (locale.map(AppLocale.isRightToLeft) ?? false) ? .rightToLeft : .leftToRight
    }

    /// A scene file's texts are translated when it is decoded, so a locale it was not decoded in
    /// cannot be shown: an error rather than a render in the wrong language under that locale's name.
    private func checkTranslated(overriding overrides: TraitSet) throws(VariantError) {
        guard let catalog = strings else { return }
        let own = locale.flatMap(TraitSet.canonicalLocale)
        var asked: [(path: String, tag: String)] = variants.locales.enumerated().map { ("variants.locales[\($0.offset)]", $0.element) }
        asked += variants.combinations.enumerated().compactMap { c in c.element.locale.map { ("variants.combinations[\(c.offset)].locale", $0) } }
        if let l = overrides.locale { asked.append(("locale", l)) }
        for (path, tag) in asked {
            guard let t = TraitSet.canonicalLocale(tag), t != own, localizations[t] == nil else { continue }
            throw VariantError(path: path, message: "the texts from \(quoted(catalog)) were translated when the scene was decoded, and not into \(quoted(t)); "
                               + "name the locale in the file's \"variants\", or decode it with SceneDecoder.load(path:locales:)")
        }
    }

    private func collisionPath(_ index: Int) -> String {
        variants.combinations.isEmpty ? "variants" : "variants.combinations[\(index / max(1, (variants.count ?? 1) / variants.combinations.count))]"
    }

    private func describe(_ index: Int) -> String {
        variants.combinations.isEmpty ? "another variant" : "combinations[\(index / max(1, (variants.count ?? 1) / variants.combinations.count))]"
    }
}

extension TraitSet {
    /// Only the trait of `dimension`.
    func only(_ dimension: TraitDimension) -> TraitSet {
        switch dimension {
        case .devices: return TraitSet(device: device)
        case .orientations: return TraitSet(orientation: orientation)
        case .contentSizeCategories: return TraitSet(contentSizeCategory: contentSizeCategory)
        case .layoutDirections: return TraitSet(layoutDirection: layoutDirection)
        case .locales: return TraitSet(locale: locale)
        case .tintAdjustmentModes: return TraitSet(tintAdjustmentMode: tintAdjustmentMode)
        case .scales: return TraitSet(scale: scale)
        case .times: return TraitSet(time: time)
        }
    }
}

extension Variants {
    /// The mistakes a matrix can hold whichever way it was made (file or Swift): an empty list, a
    /// value listed twice, a combination that sets nothing or sets a listed trait, a bad locale or
    /// scale, and a matrix over its limit. The first one is thrown.
    public func check() throws(VariantError) {
        for d in TraitDimension.allCases {
            let list = values(d)
            var seen: [String: Int] = [:]
            for (i, t) in list.enumerated() {
                let slug = t.slug(d) ?? ""
                if let first = seen[slug] {
                    throw VariantError(path: "variants.\(d.rawValue)[\(i)]", message: "\(quoted(t.label(d) ?? slug)) is listed twice (first at [\(first)])")
                }
                seen[slug] = i
            }
        }
        for (i, l) in locales.enumerated() {
            guard let tag = TraitSet.canonicalLocale(l) else {
                throw VariantError(path: "variants.locales[\(i)]", message: "\(quoted(l)) is not a language tag like \"en\", \"ar\", \"pt-BR\" or \"zh-Hans\"")
            }
            if let problem = AppLocale.problem(with: tag) { throw VariantError(path: "variants.locales[\(i)]", message: problem) }
        }
        for (i, t) in times.enumerated() where !(t.isFinite && SceneLimits.time.contains(t)) {
            throw VariantError(path: "variants.times[\(i)]",
                               message: "expected a time from \(format(SceneLimits.time.lowerBound)) to \(format(SceneLimits.time.upperBound)) seconds, found \(format(t))")
        }
        for (i, s) in scales.enumerated() where !(s.isFinite && SceneLimits.scaleRange.contains(s)) {
            throw VariantError(path: "variants.scales[\(i)]",
                               message: "expected a number from \(SceneLimits.scaleRange.lowerBound) to \(format(SceneLimits.scaleRange.upperBound)), found \(format(s))")
        }
        for (i, c) in combinations.enumerated() {
            if let l = c.locale {
                guard let tag = TraitSet.canonicalLocale(l) else {
                    throw VariantError(path: "variants.combinations[\(i)].locale", message: "\(quoted(l)) is not a language tag like \"en\", \"ar\", \"pt-BR\" or \"zh-Hans\"")
                }
                if let problem = AppLocale.problem(with: tag) { throw VariantError(path: "variants.combinations[\(i)].locale", message: problem) }
            }
            if c.isEmpty {
                throw VariantError(path: "variants.combinations[\(i)]",
                                   message: "a combination sets at least one trait "
                                       + "(device, orientation, contentSizeCategory, layoutDirection, locale, tintAdjustmentMode, scale or time)")
            }
            for d in TraitDimension.allCases where c.sets(d) && !values(d).isEmpty {
                throw VariantError(path: "variants.combinations[\(i)].\(d.property)", message: "\"\(d.rawValue)\" already lists this trait; give it in one place")
            }
        }
        let limit = maxVariants ?? SceneLimits.defaultMaxVariants
        if let m = maxVariants, !(1...SceneLimits.maxVariantsLimit).contains(m) {
            throw VariantError(path: "variants.maxVariants", message: "expected a whole number from 1 to \(SceneLimits.maxVariantsLimit), found \(m)")
        }
        guard let n = count, n <= limit else {
            let total = count.map(String.init) ?? "too many"
            throw VariantError(path: "variants", message: "\(countDescription) makes \(total) images, more than the limit of \(limit)" +
                (limit < SceneLimits.maxVariantsLimit ? "; raise \"maxVariants\" (up to \(SceneLimits.maxVariantsLimit)) if you mean it" : ""))
        }
    }
}

// Short descriptions, for test names and captions: `@Test(arguments: [Device.iPhoneSE, .iPad])`
// shows "iPhone SE" and "iPad", and a size shows as "AX3".
extension Device: CustomStringConvertible {
    public var description: String { name }
}

extension Orientation: CustomStringConvertible {
    public var description: String { rawValue }
}

extension ContentSizeCategory: CustomStringConvertible {
    public var description: String { rawValue }
}

extension LayoutDirection: CustomStringConvertible {
    public var description: String { self == .leftToRight ? "LTR" : "RTL" }
}

extension TintAdjustmentMode: CustomStringConvertible {
    public var description: String { rawValue }
}
