import TintypeModel

/// Where a view is, for the conversion of its frame and its constraints.
struct ViewContext {
    enum Placement {
        /// It fills what holds it (a controller's view, a cell's content view): no frame.
        case fills
        /// Sized by itself or its frame's size where it stands (a title view, a bar item's custom view).
        case own
        /// Placed by its frame, its autoresizing mask or its constraints.
        case free
        /// Placed by its stack view.
        case arranged
    }
    /// The id of the superview, and its size as designed (for autoresizing).
    var superview: String? = nil
    var superSize: Size? = nil
    /// The controller's root view, whose layout guides the top and bottom guides stand for.
    var controllerRoot: String? = nil
    var placement: Placement = .free
    var controller: String? = nil
}

extension Importer {
    /// UIKit classes Tintype does not draw, by element name: each is a labeled placeholder.
    static let placeholderClasses: [String: String] = [
        "mapView": "MKMapView", "wkWebView": "WKWebView", "webView": "UIWebView", "collectionView": "UICollectionView",
        "skView": "SKView", "sceneKitView": "SCNView", "glkView": "GLKView", "mtkView": "MTKView", "arscnView": "ARSCNView",
        "arskView": "ARSKView", "arView": "ARView",
        "collectionViewCell": "UICollectionViewCell", "avPlayerView": "AVPlayerView", "pdfView": "PDFView",
        "colorWell": "UIColorWell", "pageViewController": "UIPageViewController",
    ]

    /// A view element as `{"<kind>": {...}}`, or nil for what draws nothing.
    mutating func view(_ element: XMLNode, _ context: ViewContext) -> JSONOut? {
        let n = resolved(element)
        noteVariations(element)
        guard let id = n["id"] else { return nil }
        var kind = "view"
        var o = JSONObject()
        var subviewsNode: XMLNode? = n.child("subviews")
        var arranged = false
        var defaultHugging = 250.0

        switch n.name {
        case "view", "tableViewCellContentView", "collectionReusableView", "containerView":
            if let cls = n["customClass"] {
                if subviewsNode == nil && n.name == "view" {
                    return placeholder(cls, node: n, frame: rect(n, "frame"), context: context)
                }
                warn(n, "customClass", "the custom view class \(cls) is drawn as a plain UIView with its subviews", attribute: "customClass")
            }
            if n.name == "containerView", let embed = segues(in: n).first(where: { $0["kind"] == "embed" }),
               let dest = embed["destination"], let child = nodes[dest] {
                kind = "viewController"
                let c = contentController(child)
                if case .object(let members)? = c["viewController"] { for (k, v) in members { o.set(k, v) } }
                subviewsNode = nil
            }
        case "label":
            kind = "label"; defaultHugging = 251
            o.set("text", text(n, "text"))
            label(n, into: &o)
        case "button":
            kind = "button"
            button(n, into: &o)
        case "imageView":
            kind = "imageView"; defaultHugging = 251
            guard let image = n["image"], let path = imagePath(image, node: n, attribute: "image", catalog: n["catalog"]) else {
                // An image view without an image draws only its background.
                kind = "view"
                break
            }
            o.set("image", path)
            if let mode = n["contentMode"], let m = Self.contentModes[mode] { o.set("contentMode", m) }
            if renderingIntent(image) == "template" { o.set("renderingMode", "alwaysTemplate") }
        case "textField":
            kind = "textField"
            textField(n, into: &o)
        case "switch":
            kind = "switch"; defaultHugging = 750
            if n["on"] == "YES" { o.set("isOn", true) }
            o.set("onTintColor", color(n, "onTintColor"))
            o.set("thumbTintColor", color(n, "thumbTintColor"))
            if n["enabled"] == "NO" { o.set("enabled", false) }
        case "slider":
            kind = "slider"
            for (attr, key) in [("value", "value"), ("minValue", "minimumValue"), ("maxValue", "maximumValue")] {
                if let v = number(n[attr]) { o.set(key, v) }
            }
            o.set("minimumTrackTintColor", color(n, "minimumTrackTintColor"))
            o.set("maximumTrackTintColor", color(n, "maximumTrackTintColor"))
            o.set("thumbTintColor", color(n, "thumbTintColor"))
            if n["enabled"] == "NO" { o.set("enabled", false) }
        case "stepper":
            kind = "stepper"; defaultHugging = 750
            for (attr, key) in [("value", "value"), ("minimumValue", "minimumValue"), ("maximumValue", "maximumValue"), ("stepValue", "stepValue")] {
                if let v = number(n[attr]) { o.set(key, v) }
            }
            if n["enabled"] == "NO" { o.set("enabled", false) }
        case "segmentedControl":
            kind = "segmentedControl"
            var segments: [JSONOut] = []
            for s in n.child("segments")?.children("segment") ?? [] {
                var seg = JSONObject()
                if let t = s["title"] { seg.set("title", localized(t, id: n["id"], key: "segmentTitles[\(segments.count)]")) }
                if let image = s["image"], let path = imagePath(image, node: s, attribute: "image") { seg.set("image", path) }
                if s["enabled"] == "NO" { seg.set("enabled", false) }
                if let w = number(s["width"]), w > 0 { seg.set("width", w) }
                segments.append(seg.isEmpty ? .string("") : seg.value)
            }
            o.set("segments", .array(segments))
            if let i = number(n["selectedSegmentIndex"]), i >= 0, Int(i) < segments.count { o.set("selectedSegmentIndex", i) }
            if n["enabled"] == "NO" { o.set("enabled", false) }
        case "progressView":
            kind = "progressView"
            if let p = number(n["progress"]) { o.set("progress", p) }
            if n["progressViewStyle"] == "bar" { o.set("progressViewStyle", "bar") }
            o.set("progressTintColor", color(n, "progressTintColor"))
            o.set("trackTintColor", color(n, "trackTintColor"))
        case "activityIndicatorView":
            kind = "activityIndicator"; defaultHugging = 750
            let styles = ["whiteLarge": "whiteLarge", "white": "white", "gray": "gray", "medium": "gray", "large": "whiteLarge"]
            if let s = n["style"], let v = styles[s] { o.set("activityIndicatorViewStyle", v) }
            if n["animating"] == "YES" { o.set("isAnimating", true) }
            if n["hidesWhenStopped"] == "NO" { o.set("hidesWhenStopped", false) }
            o.set("color", color(n, "color"))
        case "pageControl":
            kind = "pageControl"
            if let v = number(n["numberOfPages"]) { o.set("numberOfPages", v) }
            if let v = number(n["currentPage"]) { o.set("currentPage", v) }
            o.set("pageIndicatorTintColor", color(n, "pageIndicatorTintColor"))
            o.set("currentPageIndicatorTintColor", color(n, "currentPageIndicatorTintColor"))
        case "datePicker":
            kind = "datePicker"
            let modes = ["time": "time", "date": "date", "dateAndTime": "dateAndTime", "countDownTimer": "countDownTimer"]
            if let m = n["datePickerMode"], let v = modes[m] { o.set("mode", v) }
            if let style = n["style"], style == "inline" || style == "compact" {
                warn(n, "datePickerStyle", "the \(style) date picker style (iOS 14) is drawn as the wheels of iOS 7–13", attribute: "style")
            }
            if let d = n.child("date", key: "date")?["timeIntervalSinceReferenceDate"].flatMap(Double.init) {
                o.set("date", dateString(d))
            }
            if let m = number(n["minuteInterval"]) { o.set("minuteInterval", m) }
        case "pickerView":
            kind = "pickerView"
            o.set("components", .array([]))
        case "searchBar":
            kind = "searchBar"
            o.set("placeholder", n["placeholder"])
            o.set("text", n["text"])
            o.set("prompt", n["prompt"])
            if let s = n["searchBarStyle"], ["prominent", "minimal"].contains(s) { o.set("searchBarStyle", s) }
            o.set("barTintColor", color(n, "barTintColor"))
            if n["showsCancelButton"] == "YES" { o.set("showsCancelButton", true) }
            if n["showsScopeBar"] == "YES" { o.set("showsScopeBar", true) }
            let scopes = n.child("scopeButtonTitles")?.children.compactMap { $0["value"] ?? ($0.text.isEmpty ? nil : $0.text) } ?? []
            if !scopes.isEmpty { o.set("scopeButtonTitles", .array(scopes.map(JSONOut.string))) }
        case "textView":
            kind = "textView"
            o.set("text", text(n, "text"))
            if let f = font(n) { o.set("font", f) }
            o.set("textColor", color(n, "textColor"))
            if let a = n["textAlignment"], let v = Self.alignments[a] { o.set("textAlignment", v) }
        case "scrollView":
            kind = "scrollView"
            if let inset = n.child("inset", key: "contentInset") { o.set("contentInset", insets(inset)) }
            if n["contentInsetAdjustmentBehavior"] == "never" { o.set("contentInsetAdjustmentBehavior", "never") }
        case "stackView":
            kind = "stackView"
            arranged = true
            if n["axis"] == "vertical" { o.set("axis", "vertical") }
            if let d = n["distribution"], d != "fill" { o.set("distribution", d) }
            if let a = n["alignment"], a != "fill" {
                let map = ["top": "top", "leading": "leading", "center": "center", "trailing": "trailing", "bottom": "bottom",
                           "firstBaseline": "firstBaseline", "lastBaseline": "lastBaseline", "baseline": "lastBaseline"]
                if let v = map[a] { o.set("alignment", v) }
            }
            if let s = number(n["spacing"]), s != 0 { o.set("spacing", s) }
            if n["layoutMarginsFollowReadableWidth"] == "YES" {
                warn(n, "stackView", "layoutMarginsFollowReadableWidth is not read", attribute: "layoutMarginsFollowReadableWidth")
            }
            if n["layoutMarginsRelativeArrangement"] == "YES" { o.set("isLayoutMarginsRelativeArrangement", true) }
            if n["baselineRelativeArrangement"] == "YES" {
                warn(n, "stackView", "baselineRelativeArrangement is not read; the stack spaces its views by their frames", attribute: "baselineRelativeArrangement")
            }
        case "tableView":
            kind = "tableView"
            table(n, into: &o)
            subviewsNode = nil
        case "visualEffectView":
            kind = "visualEffectView"
            subviewsNode = n.child("view", key: "contentView")?.child("subviews")
            if let blur = n.child("blurEffect") {
                let style = blur["style"] ?? "light"
                if ["extraLight", "light", "dark", "regular", "prominent"].contains(style) { o.set("effect", style) } else {
                    warn(blur, "visualEffect", "the blur style \(style) (after iOS 11) is drawn as light", attribute: "style", id: n["id"])
                    o.set("effect", "light")
                }
            } else if n.child("vibrancyEffect") != nil {
                warn(n, "visualEffect", "a vibrancy effect is not drawn; its content view's subviews are, as they are")
                o.set("effect", "none")
            } else {
                o.set("effect", "none")
            }
        case "navigationBar", "toolbar", "tabBar":
            kind = n.name
            bar(n, into: &o)
        default:
            let className = n["customClass"] ?? Self.placeholderClasses[n.name] ?? "UI" + n.name.prefix(1).uppercased() + n.name.dropFirst()
            return placeholder(className, node: n, frame: rect(n, "frame"), context: context)
        }
        if let cls = n["customClass"], n.name != "view", n.name != "containerView" {
            warn(n, "customClass", "the custom class \(cls) is drawn as its Interface Builder class (\(n.name)); what its code draws is not there", attribute: "customClass")
        }

        var out = JSONObject()
        if constraintItems.contains(id) || hasConstraints(id) { out.set("id", id) }
        place(n, id: id, context: context, into: &out)
        for (k, v) in o.members { out.set(k, v) }
        common(n, kind: kind, defaultHugging: defaultHugging, into: &out)
        if let cs = constraintsJSON(for: id, context: context, node: n), !cs.isEmpty { out.set("constraints", .array(cs)) }

        // Subviews (a stack view's are its arranged subviews).
        if let subviews = subviewsNode {
            let excluded = excluded(n, "subviews")
            let size = rect(n, "frame").map { Size(width: $0.width, height: $0.height) } ?? (context.placement == .fills ? context.superSize ?? device.size : nil)
            var list: [JSONOut] = []
            for s in subviews.children where !excluded.contains(s["id"] ?? "") {
                let sub = ViewContext(superview: id, superSize: size, controllerRoot: context.controllerRoot,
                                      placement: arranged ? .arranged : .free, controller: context.controller)
                if let v = view(s, sub) { list.append(v) }
            }
            if !list.isEmpty { out.set(arranged ? "arrangedSubviews" : "subviews", .array(list)) }
        }
        return .object([(kind, out.value)])
    }

    /// A labeled placeholder for a class Tintype does not draw: its frame, a light gray fill, a
    /// gray border and its class name centered.
    mutating func placeholder(_ className: String, node: XMLNode, frame: Rect?, context: ViewContext) -> JSONOut {
        warn(node, Self.placeholderClasses.values.contains(className) ? "unknownClass" : "customClass",
             "\(className) is not a class Tintype draws; it is shown as a labeled placeholder of its frame")
        var out = JSONObject()
        if let id = node["id"], constraintItems.contains(id) || hasConstraints(id) { out.set("id", id) }
        place(node, id: node["id"] ?? "", context: context, into: &out)
        out.set("backgroundColor", "#E5E5EA")
        out.set("borderWidth", .string("hairline"))
        out.set("borderColor", "#8E8E93")
        out.set("clipsToBounds", true)
        var constraints = node["id"].flatMap { constraintsJSON(for: $0, context: context, node: node) } ?? []
        if let id = node["id"], !constraints.isEmpty || constraintItems.contains(id), node["customClass"] != nil, context.placement == .free {
            constraints += designedSize(node)
        }
        if !constraints.isEmpty { out.set("constraints", .array(constraints)) }
        var label = JSONObject()
        label.set("text", className)
        label.set("textAlignment", "center")
        label.set("textColor", "#8E8E93")
        label.set("font", .object([("size", .number(13)), ("weight", .string("medium"))]))
        label.set("layout", .object([("left", .number(4)), ("right", .number(4)), ("top", .number(0)), ("bottom", .number(0))]))
        out.set("subviews", .array([.object([("label", label.value)])]))
        return .object([("view", out.value)])
    }

    /// A custom class's own size as Interface Builder showed it, for constraints that leave the size
    /// to the view (its code's intrinsicContentSize, which IB draws an @IBDesignable view with, or
    /// the placeholder intrinsic size the designer gave): the placeholder intrinsic size, else the
    /// designed frame's, held as UIKit holds an intrinsic size (hugging at 250, compression
    /// resistance at 750, or the priorities the view sets, 999 at most), so that the scene's
    /// constraints win.
    mutating func designedSize(_ n: XMLNode) -> [JSONOut] {
        guard let frame = rect(n, "frame") else { return [] }
        var out: [JSONOut] = []
        for (axis, attribute, length, placeholder) in [("horizontal", "width", frame.width, "placeholderIntrinsicWidth"),
                                                       ("vertical", "height", frame.height, "placeholderIntrinsicHeight")] {
            if n[placeholder] == "infinite" { continue }
            let size = number(n[placeholder]) ?? length
            guard size > 0 else { continue }
            let hug = number(n[axis + "HuggingPriority"]) ?? 250
            let resist = number(n[axis + "CompressionResistancePriority"]) ?? 750
            // A guessed size never overrides the scene's constraints: a required priority is held at 999.
            for (relation, priority) in [("lessThanOrEqual", hug), ("greaterThanOrEqual", resist)] {
                out.append(.object([("attribute", .string(attribute)), ("relation", .string(relation)), ("constant", .number(size)),
                                    ("priority", .number(min(max(1, priority), 999)))]))
            }
        }
        return out
    }

    /// The frame, layout pins or nothing (constraints, a stack view or the container place it).
    mutating func place(_ n: XMLNode, id: String, context: ViewContext, into out: inout JSONObject) {
        switch context.placement {
        case .fills, .arranged:
            return
        case .own:
            if let f = rect(n, "frame") { out.set("frame", .array([.number(0), .number(0), .number(f.width), .number(f.height)])) }
            return
        case .free:
            break
        }
        guard let f = rect(n, "frame") else { return }
        if n["translatesAutoresizingMaskIntoConstraints"] == "NO" && root["useAutolayout"] == "YES" && (hasConstraints(id) || constraintItems.contains(id)) {
            return
        }
        out.set("frame", .array([.number(f.x), .number(f.y), .number(f.width), .number(f.height)]))
        guard n["translatesAutoresizingMaskIntoConstraints"] != "NO", let mask = n.child("autoresizingMask", key: "autoresizingMask"),
              let superSize = context.superSize else { return }
        // The autoresizing mask as pins to the superview, so the view follows a screen of another size.
        func flag(_ name: String) -> Bool { mask[name] == "YES" }
        let (l, w, r) = (flag("flexibleMinX"), flag("widthSizable"), flag("flexibleMaxX"))
        let (t, h, b) = (flag("flexibleMinY"), flag("heightSizable"), flag("flexibleMaxY"))
        if !(w || l) && !(h || t) { return }  // fixed left, top and size: the frame says it
        var pins = JSONObject()
        func axis(_ start: String, _ end: String, _ size: String, _ center: String, origin: Double, length: Double, total: Double,
                  flexStart: Bool, flexSize: Bool, flexEnd: Bool) {
            let endDistance = total - origin - length
            switch (flexStart, flexSize, flexEnd) {
            case (false, false, _): pins.set(start, origin); pins.set(size, length)
            case (true, false, false): pins.set(end, endDistance); pins.set(size, length)
            case (true, false, true): pins.set(size, length); pins.set(center, origin + length / 2 - total / 2)
            default: pins.set(start, origin); pins.set(end, endDistance)
            }
        }
        axis("left", "right", "width", "centerX", origin: f.x, length: f.width, total: superSize.width, flexStart: l, flexSize: w, flexEnd: r)
        axis("top", "bottom", "height", "centerY", origin: f.y, length: f.height, total: superSize.height, flexStart: t, flexSize: h, flexEnd: b)
        out.remove("frame")
        out.set("layout", pins.value)
    }

    /// What every view has: colors, alpha, hidden, corner radius, margins, priorities.
    mutating func common(_ n: XMLNode, kind: String, defaultHugging: Double, into o: inout JSONObject) {
        if let c = color(n, "backgroundColor"), !o.has("backgroundColor") { o.set("backgroundColor", c) }
        if let c = color(n, "tintColor") { o.set("tintColor", c) }
        if let a = number(n["alpha"]), a < 1 { o.set("alpha", max(0, a)) }
        if n["hidden"] == "YES" { o.set("hidden", true) }
        if n["clipsSubviews"] == "YES", kind != "tableView", kind != "scrollView", kind != "label" { o.set("clipsToBounds", true) }
        let hug = (number(n["horizontalHuggingPriority"]), number(n["verticalHuggingPriority"]))
        if (hug.0 ?? defaultHugging) != defaultHugging || (hug.1 ?? defaultHugging) != defaultHugging {
            o.set("contentHuggingPriority", .object([("horizontal", .number(hug.0 ?? defaultHugging)), ("vertical", .number(hug.1 ?? defaultHugging))]))
        }
        let resist = (number(n["horizontalCompressionResistancePriority"]), number(n["verticalCompressionResistancePriority"]))
        if (resist.0 ?? 750) != 750 || (resist.1 ?? 750) != 750 {
            o.set("contentCompressionResistancePriority", .object([("horizontal", .number(resist.0 ?? 750)), ("vertical", .number(resist.1 ?? 750))]))
        }
        if let m = n.child("edgeInsets", key: "layoutMargins") { o.set("layoutMargins", insets(m)) }
        else if let m = n.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            o.set("directionalLayoutMargins", .array(["top", "leading", "bottom", "trailing"].map { .number(number(m[$0]) ?? 0) }))
        }
        if n["preservesSuperviewLayoutMargins"] == "YES" { o.set("preservesSuperviewLayoutMargins", true) }
        if n["insetsLayoutMarginsFromSafeArea"] == "NO" { o.set("insetsLayoutMarginsFromSafeArea", false) }
        if let s = n["semanticContentAttribute"], ["playback", "spatial", "forceLeftToRight", "forceRightToLeft"].contains(s) {
            o.set("semanticContentAttribute", s)
        }
        runtimeAttributes(n, into: &o)
        accessibility(n, into: &o)
    }

    /// User-defined runtime attributes Tintype understands (the layer's corner radius, border and
    /// masking); others are reported.
    mutating func runtimeAttributes(_ n: XMLNode, into o: inout JSONObject) {
        for a in n.child("userDefinedRuntimeAttributes")?.children("userDefinedRuntimeAttribute") ?? [] {
            let path = a["keyPath"] ?? ""
            // A string is read as KVC reads it into a number: its leading number ("10f" is 10).
            let value = a["value"].flatMap(leadingNumber) ?? a.child("real")?["value"].flatMap(Double.init) ?? a.child("integer")?["value"].flatMap(Double.init)
            switch path {
            case "layer.cornerRadius", "cornerRadius":
                if let v = value, v >= 0 { o.set("cornerRadius", v); continue }
            case "layer.borderWidth", "borderWidth":
                if let v = value, v >= 0 { o.set("borderWidth", v); continue }
            case "layer.masksToBounds", "clipsToBounds":
                if a["value"] == "YES" || a.child("boolean")?["value"] == "YES" { o.set("clipsToBounds", true) }
                continue
            case "layer.borderColor", "borderColor":
                if let c = a.child("color").flatMap({ colorValue($0) }) { o.set("borderColor", c); continue }
            default:
                break
            }
            warn(a, "runtimeAttribute", "the user-defined runtime attribute \(quoted(path)) is not one Tintype understands; it is left out", attribute: "keyPath", id: n["id"])
        }
    }

    // MARK: Kinds

    static let alignments = ["natural": "natural", "left": "left", "center": "center", "right": "right", "justified": "natural"]
    static let lineBreaks = ["tailTruncation": "byTruncatingTail", "headTruncation": "byTruncatingHead", "middleTruncation": "byTruncatingMiddle",
                             "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping"]
    static let contentModes = ["scaleToFill": "scaleToFill", "scaleAspectFit": "scaleAspectFit", "scaleAspectFill": "scaleAspectFill",
                               "redraw": "redraw", "center": "center", "top": "top", "bottom": "bottom", "left": "left", "right": "right",
                               "topLeft": "topLeft", "topRight": "topRight", "bottomLeft": "bottomLeft", "bottomRight": "bottomRight"]

    /// A text attribute, or the `<string key="…">` element Interface Builder writes for long ones.
    mutating func text(_ n: XMLNode, _ key: String) -> JSONOut? {
        if let t = n[key] { return localized(t, id: n["id"], key: key) }
        if let s = n.children.first(where: { ($0.name == "string" || $0.name == "mutableString") && $0["key"] == key }) {
            return localized(s.text, id: n["id"], key: key)
        }
        if let attributed = n.children.first(where: { $0.name == "attributedString" && $0["key"] == "attributed" + key.prefix(1).uppercased() + key.dropFirst() }) {
            // A label takes a text of one run's font, color and paragraph alignment whole (label()
            // reads them); anything more is drawn as plain text.
            if n.name != "label" || !Self.isOneRun(attributed) {
                warn(attributed, "attributedText", n.name == "label"
                     ? "attributed text is drawn as plain text in its first run's font, color and alignment"
                     : "attributed text is drawn as plain text in the \(n.name)'s font and color", id: n["id"])
            }
            let plain = attributed.children("fragment").map { $0["content"] ?? $0.child("string", key: "content")?.text ?? "" }.joined()
            return .string(plain)
        }
        return nil
    }

    mutating func label(_ n: XMLNode, into o: inout JSONObject) {
        if let f = font(n) { o.set("font", f) }
        if let c = color(n, "textColor") { o.set("textColor", c) }
        if let a = n["textAlignment"], let v = Self.alignments[a], v != "natural" { o.set("textAlignment", v) }
        if let lines = number(n["numberOfLines"]), lines != 1 { o.set("numberOfLines", max(0, lines)) }
        if let m = n["lineBreakMode"], let v = Self.lineBreaks[m], v != "byTruncatingTail" { o.set("lineBreakMode", v) }
        if let w = number(n["preferredMaxLayoutWidth"]), w > 0 { o.set("preferredMaxLayoutWidth", w) }
        if n["adjustsFontSizeToFit"] == "YES" {
            warn(n, "label", "adjustsFontSizeToFitWidth is not read; the text keeps its size and truncates", attribute: "adjustsFontSizeToFit")
        }
        // Attributed text: its first run's font, color and paragraph alignment are the label's.
        if let run = n.child("attributedString", key: "attributedText")?.children("fragment").first?.child("attributes") {
            if !o.has("font"), let f = run.children.first(where: { $0.name == "font" && $0["key"] == "NSFont" }) { o.set("font", attributedFont(f, owner: n)) }
            if !o.has("textColor"), let c = color(run, "NSColor") { o.set("textColor", c) }
            if !o.has("textAlignment"), let a = run.child("paragraphStyle", key: "NSParagraphStyle")?["alignment"],
               let v = Self.alignments[a], v != "natural" {
                o.set("textAlignment", v)
            }
        }
    }

    /// The attributes of an attributed text Tintype draws whole: a font, a color and a paragraph
    /// style's alignment (its line breaking is the label's).
    static let runAttributes: Set<String> = ["NSFont", "NSColor", "NSParagraphStyle"]

    /// Whether an attributed text is one run as a label draws it: every fragment with the same
    /// attributes, all of them ones Tintype reads, and its paragraph style only an alignment.
    static func isOneRun(_ attributed: XMLNode) -> Bool {
        let runs = attributed.children("fragment").map { $0.child("attributes") }
        func signature(_ a: XMLNode?) -> [String] {
            (a?.children ?? []).map { c in c.name + ":" + (c["key"] ?? "") + ":" + c.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",") }
        }
        guard let first = runs.first else { return true }
        guard runs.allSatisfy({ signature($0) == signature(first) }) else { return false }
        return (first?.children ?? []).allSatisfy { c in
            guard let k = c["key"], runAttributes.contains(k) else { return false }
            guard k == "NSParagraphStyle" else { return c.children.isEmpty || c.name == "color" }
            // Only the alignment and what a label sets itself (line breaking, direction, tightening).
            return c.children.isEmpty && c.attributes.allSatisfy {
                ["key", "alignment", "lineBreakMode", "baseWritingDirection", "tighteningFactorForTruncation"].contains($0.name)
            }
        }
    }

    /// An attributed run's `<font key="NSFont">`: the system font of its size (bold for a bold meta
    /// font); a named font is the system font of its size, with the warning any named font has.
    mutating func attributedFont(_ f: XMLNode, owner: XMLNode) -> JSONOut {
        let size = min(max(number(f["size"]) ?? 17, 1), 1000)
        var weight: String?
        if let meta = f["metaFont"] {
            if meta.lowercased().contains("bold") { weight = "bold" }
        } else if let name = f["name"] {
            warn(f, "font", "the font \(quoted(name)) is drawn as the system font of its size (Tintype draws with its pinned fonts only)", attribute: "name", id: owner["id"])
            let lower = name.lowercased()
            if lower.contains("semibold") { weight = "semibold" } else if lower.contains("bold") { weight = "bold" }
            else if lower.contains("medium") { weight = "medium" } else if lower.contains("light") { weight = "light" }
        }
        if let weight { return .object([("size", .number(size)), ("weight", .string(weight))]) }
        return .number(size)
    }

    mutating func button(_ n: XMLNode, into o: inout JSONObject) {
        let types = ["system": "system", "roundedRect": "system", "custom": "custom", "detailDisclosure": "detailDisclosure",
                     "infoLight": "infoLight", "infoDark": "infoDark", "contactAdd": "contactAdd"]
        let type = n["buttonType"] ?? "custom"
        if let t = types[type], t != "system" { o.set("buttonType", t) }
        if n.child("buttonConfiguration") != nil {
            warn(n, "buttonConfiguration", "a UIButton.Configuration (iOS 15) is not read; the button is drawn from its states")
        }
        var titles = JSONObject(), colors = JSONObject(), images = JSONObject(), backgrounds = JSONObject()
        for state in n.children("state") {
            guard let key = state["key"], ["normal", "highlighted", "selected", "disabled"].contains(key) else { continue }
            if let t = state["title"] { titles.set(key, localized(t, id: n["id"], key: key + "Title")) }
            else if let s = state.child("string", key: "title") { titles.set(key, localized(s.text, id: n["id"], key: key + "Title")) }
            if let c = color(state, "titleColor") { colors.set(key, c) }
            if let image = state["image"], let path = imagePath(image, node: state, attribute: "image", catalog: state["catalog"]) { images.set(key, path) }
            if let image = state["backgroundImage"], let path = imagePath(image, node: state, attribute: "backgroundImage") { backgrounds.set(key, path) }
        }
        func simplify(_ j: JSONObject) -> JSONOut? {
            if j.isEmpty { return nil }
            if j.members.count == 1, j.members[0].0 == "normal" { return j.members[0].1 }
            return j.value
        }
        o.set("title", simplify(titles))
        o.set("titleColor", simplify(colors))
        o.set("image", simplify(images))
        o.set("backgroundImage", simplify(backgrounds))
        if let f = font(n) { o.set("font", f) }
        let horizontal = ["center": "center", "left": "left", "right": "right", "fill": "fill", "leading": "leading", "trailing": "trailing"]
        if let a = n["contentHorizontalAlignment"], let v = horizontal[a], v != "center" { o.set("contentHorizontalAlignment", v) }
        if let a = n["contentVerticalAlignment"], ["top", "bottom", "fill"].contains(a) { o.set("contentVerticalAlignment", a) }
        for (key, name) in [("contentEdgeInsets", "contentEdgeInsets"), ("titleEdgeInsets", "titleEdgeInsets"), ("imageEdgeInsets", "imageEdgeInsets")] {
            if let i = n.child("inset", key: key) { o.set(name, edgeInsets(i)) }
        }
        if n["enabled"] == "NO" { o.set("enabled", false) }
        if n["selected"] == "YES" { o.set("selected", true) }
    }

    mutating func textField(_ n: XMLNode, into o: inout JSONObject) {
        let styles = ["roundedRect": "roundedRect", "bezel": "bezel", "line": "line", "none": "none"]
        o.set("borderStyle", styles[n["borderStyle"] ?? "none"] ?? "none")
        o.set("text", text(n, "text"))
        if let p = n["placeholder"] { o.set("placeholder", localized(p, id: n["id"], key: "placeholder")) }
        if let f = font(n) { o.set("font", f) }
        if let c = color(n, "textColor") { o.set("textColor", c) }
        if let a = n["textAlignment"], let v = Self.alignments[a], v != "natural" { o.set("textAlignment", v) }
        if let m = n["clearButtonMode"], ["whileEditing", "unlessEditing", "always"].contains(m) { o.set("clearButtonMode", m) }
        if n.child("textInputTraits")?["secureTextEntry"] == "YES" { o.set("secureTextEntry", true) }
        if n["enabled"] == "NO" { o.set("enabled", false) }
    }

    /// A navigation bar, toolbar or tab bar placed as a view: its look and its items (a navigation
    /// bar's navigation items, a toolbar's bar button items, a tab bar's tab bar items and the one its
    /// `selectedItem` outlet names).
    mutating func bar(_ n: XMLNode, into o: inout JSONObject) {
        barAppearance(n, into: &o)
        let items = n.child("items")?.children ?? []
        switch n.name {
        case "navigationBar":
            var list: [JSONOut] = []
            for item in items where item.name == "navigationItem" {
                var i = JSONObject()
                i.set("title", item["title"].map { localized($0, id: item["id"], key: "title") } ?? nil)
                navigationItem(item, into: &i)
                list.append(i.value)
            }
            if !list.isEmpty { o.set("items", .array(list)) }
            if n["prefersLargeTitles"] == "YES" {
                warn(n, "navigationBar", "a large title needs a navigation controller; the bar placed as a view shows its title inline",
                     attribute: "prefersLargeTitles")
            }
        case "toolbar":
            let list = items.compactMap { barItem($0) }
            if !list.isEmpty { o.set("items", .array(list)) }
        default:
            var list: [JSONOut] = []
            var selected: Int?
            let selectedID = n.child("connections")?.children("outlet").first { $0["property"] == "selectedItem" }?["destination"]
            for item in items where item.name == "tabBarItem" {
                var t = JSONObject()
                tabBarItem(item, into: &t)
                if item["id"] != nil, item["id"] == selectedID { selected = list.count }
                list.append(t.value)
            }
            if !list.isEmpty { o.set("items", .array(list)) }
            if let selected { o.set("selectedIndex", Double(selected)) }
            if let c = color(n, "selectedImageTintColor") { o.set("tintColor", c) }
        }
    }

    /// A `<tableView>`: its style, static sections or one row per prototype cell, header and footer views.
    mutating func table(_ n: XMLNode, into o: inout JSONObject) {
        let style = n["style"] == "grouped" ? "grouped" : n["style"] == "insetGrouped" ? "insetGrouped" : "plain"
        if style != "plain" { o.set("style", style) }
        if let h = number(n["rowHeight"]), h > 0, h != 44, n["rowHeight"] != "-1" { o.set("rowHeight", h) }
        if n["separatorStyle"] == "none" { o.set("separatorStyle", "none") }
        if let c = color(n, "separatorColor") { o.set("separatorColor", c) }
        if let c = color(n, "sectionIndexColor") { o.set("sectionIndexColor", c) }
        for key in ["tableHeaderView", "tableFooterView"] {
            if let v = n.children.first(where: { $0["key"] == key }), let json = view(v, ViewContext(superview: n["id"], placement: .own)) {
                o.set(key, json)
            }
        }
        if n["dataMode"] == "static" || n.child("sections") != nil {
            var sections: [JSONOut] = []
            for s in n.child("sections")?.children("tableViewSection") ?? [] {
                var section = JSONObject()
                if let h = s["headerTitle"] { section.set("header", localized(h, id: s["id"], key: "headerTitle")) }
                if let f = s["footerTitle"] { section.set("footer", localized(f, id: s["id"], key: "footerTitle")) }
                let rows = (s.child("cells")?.children("tableViewCell") ?? []).compactMap { cell($0, tableStyle: style) }
                section.set("rows", .array(rows))
                sections.append(section.value)
            }
            o.set("sections", .array(sections))
        } else {
            // Prototype cells become the table's "prototypes", each shown once as Interface Builder
            // shows them, until a scene file gives the table rows that name them ("tableData").
            let cells = n.child("prototypes")?.children("tableViewCell") ?? []
            var prototypes: [JSONOut] = []
            var rows: [JSONOut] = []
            var used: Set<String> = []
            for (i, c) in cells.enumerated() {
                guard case .object(var members)? = cell(c, tableStyle: style) else { continue }
                var name = c["reuseIdentifier"] ?? ""
                if name.isEmpty || used.contains(name) { name = "cell\(i + 1)" }
                used.insert(name)
                members.insert(("reuseIdentifier", .string(name)), at: 0)
                prototypes.append(.object(members))
                rows.append(.object([("prototype", .string(name))]))
            }
            if !prototypes.isEmpty { o.set("prototypes", .array(prototypes)) }
            if let id = n["id"], !prototypes.isEmpty {
                o.set("id", id)
                let names = used.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                let shows = cells.count == 1 ? "the table shows its prototype cell once" : "the table shows each of its \(cells.count) prototype cells once"
                warn(n, StoryboardScenes.prototypeCellsKind, shows
                     + ", as Interface Builder does; its rows come from code: give them in the scene file as "
                     + "\"tableData\": [{\"id\": \"\(id)\", \"rows\": [{\"prototype\": …}]}] (prototypes: \(names))")
            }
            o.set("rows", .array(rows))
        }
    }

    /// A `<tableViewCell>` as a row: a style's labels and image, or a custom content view.
    mutating func cell(_ c: XMLNode, tableStyle: String) -> JSONOut? {
        let cell = resolved(c)
        var row = JSONObject()
        let styles = ["IBUITableViewCellStyleDefault": "default", "IBUITableViewCellStyleValue1": "value1",
                      "IBUITableViewCellStyleValue2": "value2", "IBUITableViewCellStyleSubtitle": "subtitle"]
        let content = cell.child("tableViewCellContentView", key: "contentView")
        var labelIDs: Set<String> = []
        if let s = cell["style"], let style = styles[s] {
            if style != "default" { row.set("style", style) }
            if let id = cell["textLabel"], let l = nodes[id] {
                labelIDs.insert(id)
                row.set("text", text(l, "text"))
                // Interface Builder leaves out numberOfLines when it is 1, UILabel's default; a
                // row's text wraps unless told, so the label's own count is written.
                row.set("numberOfLines", max(0, number(l["numberOfLines"]) ?? 1))
                if let f = font(l), !isDefaultCellFont(l) { row.set("font", f) }
                if let c = color(l, "textColor"), !isBlack(l, "textColor") { row.set("textColor", c) }
            }
            if let id = cell["detailTextLabel"], let l = nodes[id] {
                labelIDs.insert(id)
                row.set("detailText", text(l, "text"))
                row.set("detailNumberOfLines", max(0, number(l["numberOfLines"]) ?? 1))
                if let c = color(l, "textColor") { row.set("detailTextColor", c) }
            }
            if let id = cell["imageView"], let iv = nodes[id] {
                labelIDs.insert(id)
                if let image = iv["image"], let path = imagePath(image, node: iv, attribute: "image", catalog: iv["catalog"]) { row.set("image", path) }
            }
        }
        let accessories = ["disclosureIndicator": "disclosureIndicator", "detailDisclosureButton": "detailDisclosureButton",
                           "checkmark": "checkmark", "detailButton": "detailButton"]
        if let a = cell["accessoryType"], let v = accessories[a] { row.set("accessoryType", v) }
        if let bg = color(cell, "backgroundColor"), !isWhite(cell, "backgroundColor") { row.set("backgroundColor", bg) }
        if let h = rect(cell, "frame")?.height, h > 0, h != 44, abs(h - 44) > 0.5 { row.set("height", h) }
        accessibility(cell, into: &row)
        if let v = cell.children.first(where: { $0["key"] == "accessoryView" }), let json = view(v, ViewContext(placement: .own)) {
            row.set("accessoryView", json)
        }
        // A custom cell (or a styled one with views of its own): its content view.
        if let content {
            let others = (content.child("subviews")?.children ?? []).filter { !labelIDs.contains($0["id"] ?? "") }
            if !others.isEmpty {
                var trimmed = content
                if let i = trimmed.children.firstIndex(where: { $0.name == "subviews" }) { trimmed.children[i].children = others }
                let size = rect(content, "frame").map { Size(width: $0.width, height: $0.height) }
                if let json = view(trimmed, ViewContext(superSize: size, controllerRoot: content["id"], placement: .fills)) {
                    row.set("contentView", json)
                }
            }
        }
        return row.isEmpty ? .object([("text", .string(""))]) : row.value
    }

    func isDefaultCellFont(_ l: XMLNode) -> Bool {
        guard let f = l.child("fontDescription", key: "fontDescription") else { return true }
        return (f["type"] == "system" && f["pointSize"] == "17") || f["style"] == "UICTFontTextStyleBody"
    }
}
