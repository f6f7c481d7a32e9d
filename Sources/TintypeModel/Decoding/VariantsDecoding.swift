#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SceneDecoder {
    /// Reads `"variants"`: a list per trait (`devices`, `orientations`, `contentSizeCategories`,
    /// `layoutDirections`, `locales`, `tintAdjustmentModes`, `scales`), `combinations` and `maxVariants`.
    /// Each value is read as the scene's own property of that trait is. Positions of what was read
    /// are kept in `positions` so that the matrix's own checks (`Variants.check`) point into the file.
    static func decodeVariants(_ r: ObjectReader, context: DecodeContext, positions: inout [String: SourcePosition]) -> Variants {
        var v = Variants()
        positions[r.path] = r.node.position
        for d in TraitDimension.allCases {
            guard let items = r.array(d.rawValue) else { continue }
            positions[join(r.path, d.rawValue)] = r.node(d.rawValue)?.position
            if items.isEmpty {
                context.report(join(r.path, d.rawValue), r.node(d.rawValue)?.position,
                               "\(quoted(d.rawValue)) needs at least one value; leave it out to keep the scene's \(d.property)")
                continue
            }
            for (n, p) in items {
                positions[p] = n.position
                guard let t = trait(d, n, path: p, context: context) else { continue }
                switch d {
                case .devices: v.devices.append(t.device!)
                case .orientations: v.orientations.append(t.orientation!)
                case .contentSizeCategories: v.contentSizeCategories.append(t.contentSizeCategory!)
                case .layoutDirections: v.layoutDirections.append(t.layoutDirection!)
                case .locales: v.locales.append(t.locale!)
                case .tintAdjustmentModes: v.tintAdjustmentModes.append(t.tintAdjustmentMode!)
                case .scales: v.scales.append(t.scale!)
                case .times: v.times.append(t.time!)
                }
            }
        }
        if let items = r.array("combinations") {
            positions[join(r.path, "combinations")] = r.node("combinations")?.position
            if items.isEmpty { context.report(join(r.path, "combinations"), r.node("combinations")?.position, "\"combinations\" needs at least one combination") }
            for (n, p) in items {
                positions[p] = n.position
                guard let c = ObjectReader(n, path: p, context: context,
                                           what: "a combination object like {\"device\": \"iPhone SE\", \"contentSizeCategory\": \"AX3\"}") else { continue }
                var t = TraitSet()
                for d in TraitDimension.allCases {
                    guard let vn = c.node(d.property) else { continue }
                    positions[join(p, d.property)] = vn.position
                    if let one = trait(d, vn, path: join(p, d.property), context: context) { t = t.merging(one) }
                }
                c.finish()
                v.combinations.append(t)
            }
        }
        if let n = r.node("maxVariants") {
            positions[join(r.path, "maxVariants")] = n.position
            v.maxVariants = r.integer("maxVariants", in: 1...SceneLimits.maxVariantsLimit) ?? v.maxVariants
        }
        // A near miss of a trait's name (`contentSizes`, `device`) is too far for the usual
        // suggestion; the dimension it starts like is the likely one.
        let known = TraitDimension.allCases.map(\.rawValue) + ["combinations", "maxVariants"]
        for key in r.keys where !known.contains(key) {
            var stem = key.lowercased()
            while stem.hasSuffix("s") { stem.removeLast() }
            guard stem.count >= 4, let d = TraitDimension.allCases.first(where: { $0.rawValue.lowercased().hasPrefix(stem) }), let n = r.node(key) else { continue }
            context.report(join(r.path, key), n.position, "unknown property \(quoted(key)); did you mean \(quoted(d.rawValue))?")
        }
        r.finish()
        return v
    }

    /// One value of a trait, read as the scene's property of that trait is.
    static func trait(_ d: TraitDimension, _ n: JSONNode, path: String, context: DecodeContext) -> TraitSet? {
        switch d {
        case .devices: return device(n, path: path, context: context).map { TraitSet(device: $0) }
        case .orientations: return ObjectReader.choice(n, path: path, Orientation.self, context: context).map { TraitSet(orientation: $0) }
        case .contentSizeCategories:
            return ObjectReader.choice(n, path: path, ContentSizeCategory.self, aliases: contentSizeAliases, context: context).map { TraitSet(contentSizeCategory: $0) }
        case .layoutDirections:
            return ObjectReader.choice(n, path: path, LayoutDirection.self, aliases: layoutDirectionAliases, context: context).map { TraitSet(layoutDirection: $0) }
        case .locales:
            guard case .string(let s) = n.value else {
                context.report(path, n.position, "expected a language tag, found \(n.value.kindName)")
                return nil
            }
            guard let tag = TraitSet.canonicalLocale(s) else {
                context.report(path, n.position, "\(quoted(s)) is not a language tag like \"en\", \"ar\", \"pt-BR\" or \"zh-Hans\"")
                return nil
            }
            // A locale variant is the scene with that `locale`: the same locales are known.
            if let problem = AppLocale.problem(with: tag) {
                context.report(path, n.position, problem)
                return nil
            }
            return TraitSet(locale: tag)
        case .tintAdjustmentModes:
            return ObjectReader.choice(n, path: path, TintAdjustmentMode.self, context: context).map { TraitSet(tintAdjustmentMode: $0) }
        case .scales:
            return ObjectReader.number(n, path: path, in: SceneLimits.scaleRange, context: context).map { TraitSet(scale: $0) }
        case .times:
            return ObjectReader.number(n, path: path, in: SceneLimits.time, context: context).map { TraitSet(time: $0) }
        }
    }

    static let layoutDirectionAliases: [String: LayoutDirection] = ["ltr": .leftToRight, "rtl": .rightToLeft]
}

extension SceneDecoder {
    /// A text size by its short name (`AX3`) or its long one (`accessibilityExtraLarge`), as scene files write it.
    public static func contentSizeCategory(named name: String) -> ContentSizeCategory? {
        ContentSizeCategory(rawValue: name) ?? contentSizeAliases[name]
    }
}
