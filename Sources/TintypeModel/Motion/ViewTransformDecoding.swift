/// A view's `transform` and `anchorPoint` in a scene file.
///
/// `"transform": {"translate": [x, y], "scale": s | [sx, sy], "rotate": degrees}` composes as
/// `Transform2D(translate:scale:rotate:)` (UIKit's usual `translatedBy`, `scaledBy`, `rotated`);
/// `"transform": [a, b, c, d, tx, ty]` is CGAffineTransform's matrix as written.
enum ViewTransformDecoding {
    static let matrixNames = ["a", "b", "c", "d", "tx", "ty"]
    static var form: ValueForm { .anyOf([.numbers(matrixNames, nonNegative: []), .object]) }

    static func decode(_ r: ObjectReader, into view: inout View) {
        if let n = r.node("transform", as: form), let t = transform(n, path: join(r.path, "transform"), context: r.context) {
            view.transform = t
        }
        if let n = r.node("transform3D", as: .object), let t = transform3D(n, path: join(r.path, "transform3D"), context: r.context) {
            if r.gives("transform") {
                r.context.report(join(r.path, "transform3D"), n.position, "give \"transform\" or \"transform3D\", not both: UIView's transform "
                                 + "is the affine part of its layer's (put the 2D parts in \"transform3D\": \"translate\", \"scale\", \"rotateZ\")")
            } else {
                view.transform3D = t
            }
        }
        if let d = r.bool("isDoubleSided") { view.isDoubleSided = d }
        if let n = r.node("anchorPoint", as: .numbers(["x", "y"], nonNegative: [])),
           let v = ObjectReader.numbers(n, path: join(r.path, "anchorPoint"), names: ["x", "y"], context: r.context) {
            if let bad = v.first(where: { !SceneLimits.transformFactor.contains($0) }) {
                r.context.report(join(r.path, "anchorPoint"), n.position, "an anchor point is in units of the bounds (0.5 is the middle); "
                                 + "each must be from \(format(SceneLimits.transformFactor.lowerBound)) to "
                                 + "\(format(SceneLimits.transformFactor.upperBound)), found \(format(bad))")
            } else {
                view.anchorPoint = Point(x: v[0], y: v[1])
            }
        }
    }

    /// A transform written either way; nil after reporting what is wrong at `path`.
    static func transform(_ n: JSONNode, path: String, context: DecodeContext) -> Transform2D? {
        switch n.value {
        case .array(let items):
            guard let m = ObjectReader.numbers(n, path: path, names: matrixNames, context: context) else { return nil }
            for (i, v) in m.prefix(4).enumerated() where !SceneLimits.transformFactor.contains(v) {
                context.report(path + "[\(i)]", items[i].position, "a matrix entry \(matrixNames[i]) must be from "
                               + "\(format(SceneLimits.transformFactor.lowerBound)) to \(format(SceneLimits.transformFactor.upperBound)), found \(format(v))")
                return nil
            }
            return Transform2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        case .object:
            guard let r = ObjectReader(n, path: path, context: context, schemaName: "transform") else { return nil }
            defer { r.finish() }
            var ok = true
            let translate = r.point("translate")
            if r.has("translate") && translate == nil { ok = false }
            var scale = Size(width: 1, height: 1)
            if let s = r.node("scale", as: .anyOf([.number(SceneLimits.transformFactor.lowerBound, SceneLimits.transformFactor.upperBound),
                                                   .numbers(["x", "y"], nonNegative: [])])) {
                if let v = scaleValue(s, path: join(path, "scale"), context: context) { scale = v } else { ok = false }
            }
            let rotate = r.number("rotate")
            if r.has("rotate") && rotate == nil { ok = false }
            if !r.has("translate") && !r.has("scale") && !r.has("rotate") {
                let extra = r.keys.isEmpty ? "" : " (matrix entries go in a list: [a, b, c, d, tx, ty])"
                context.report(path, n.position, "a transform needs \"translate\", \"scale\" or \"rotate\"" + extra)
                ok = false
            }
            guard ok else { return nil }
            return Transform2D(translate: translate ?? .zero, scale: scale, rotate: rotate ?? 0)
        default:
            context.report(path, n.position, "expected a transform: {\"translate\": [x, y], \"scale\": s or [sx, sy], \"rotate\": degrees} "
                           + "or [a, b, c, d, tx, ty], found \(n.value.kindName)")
            return nil
        }
    }

    static let transform3DKeys = ["perspective", "translate", "scale", "rotateX", "rotateY", "rotateZ"]

    /// `{"perspective": d, "translate": [x, y, z], "scale": s | [sx, sy, sz], "rotateX": °, "rotateY": °, "rotateZ": °}`
    /// (CATransform3D as `Transform3D` composes it); nil after reporting what is wrong at `path`.
    static func transform3D(_ n: JSONNode, path: String, context: DecodeContext) -> Transform3D? {
        guard case .object = n.value else {
            context.report(path, n.position, "expected a 3D transform: {\"perspective\": distance, \"rotateY\": degrees, ...} "
                           + "(keys \(transform3DKeys.joined(separator: ", "))), found \(n.value.kindName)")
            return nil
        }
        guard let r = ObjectReader(n, path: path, context: context, schemaName: "transform3D") else { return nil }
        defer { r.finish() }
        var ok = true
        var t = Transform3D()
        if let n = r.node("perspective", as: .number(SceneLimits.perspective.lowerBound, SceneLimits.perspective.upperBound)) {
            if let d = ObjectReader.number(n, path: join(path, "perspective"), in: SceneLimits.perspective, context: context) {
                t.m34 = -1 / d
            } else { ok = false }
        }
        if let n = r.node("translate", as: .numbers(["x", "y", "z"], nonNegative: [])) {
            if let v = vector(n, path: join(path, "translate"), range: SceneLimits.coordinate, what: "a translation", context: context) {
                t.translation = Vector3(x: v[0], y: v[1], z: v.count > 2 ? v[2] : 0)
            } else { ok = false }
        }
        if let n = r.node("scale", as: .anyOf([.number(SceneLimits.transformFactor.lowerBound, SceneLimits.transformFactor.upperBound),
                                               .numbers(["x", "y", "z"], nonNegative: [])])) {
            if case .number = n.value {
                if let s = ObjectReader.number(n, path: join(path, "scale"), in: SceneLimits.transformFactor, context: context) {
                    t.scale = Vector3(x: s, y: s, z: 1)
                } else { ok = false }
            } else if let v = vector(n, path: join(path, "scale"), range: SceneLimits.transformFactor, what: "a scale", context: context) {
                t.scale = Vector3(x: v[0], y: v[1], z: v.count > 2 ? v[2] : 1)
            } else { ok = false }
        }
        for (key, axis) in [("rotateX", 0), ("rotateY", 1), ("rotateZ", 2)] {
            guard r.has(key) else { continue }
            guard let degrees = r.number(key) else { ok = false; continue }
            let radians = degrees * .pi / 180
            switch axis {
            case 0: t.rotation.x = radians
            case 1: t.rotation.y = radians
            default: t.rotation.z = radians
            }
        }
        if r.keys.isEmpty {
            context.report(path, n.position, "a 3D transform needs one of \(transform3DKeys.map(quoted).joined(separator: ", "))")
            ok = false
        }
        return ok ? t : nil
    }

    /// Two or three numbers (z defaults), each in `range`.
    static func vector(_ n: JSONNode, path: String, range: ClosedRange<Double>, what: String, context: DecodeContext) -> [Double]? {
        guard case .array(let items) = n.value, (2...3).contains(items.count) else {
            let found = if case .array(let items) = n.value { "\(items.count) numbers" } else { n.value.kindName }
            context.report(path, n.position, "expected \(what) [x, y] or [x, y, z], found \(found)")
            return nil
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let v = ObjectReader.number(item, path: path + "[\(i)]", in: range, context: context) else { return nil }
            out.append(v)
        }
        return out
    }

    /// A scale: one number for both axes, or `[sx, sy]`.
    static func scaleValue(_ n: JSONNode, path: String, context: DecodeContext) -> Size? {
        let range = SceneLimits.transformFactor
        if case .number = n.value {
            return ObjectReader.number(n, path: path, in: range, context: context).map { Size(width: $0, height: $0) }
        }
        guard let v = ObjectReader.numbers(n, path: path, names: ["x", "y"], context: context) else { return nil }
        if let bad = v.first(where: { !range.contains($0) }) {
            context.report(path, n.position, "a scale must be from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(bad))")
            return nil
        }
        return Size(width: v[0], height: v[1])
    }
}
