import TintypeModel

extension Importer {
    /// Interface Builder's Accessibility section (`<accessibility key="accessibilityConfiguration"
    /// label="…" hint="…" identifier="…">` with `<accessibilityTraits key="traits" button="YES"/>`
    /// and `<bool key="isElement" value="YES"/>`) as the scene's `accessibilityLabel`,
    /// `accessibilityHint`, `accessibilityValue`, `accessibilityIdentifier`, `accessibilityTraits`
    /// and `isAccessibilityElement`, for a view or a table cell. A label and a hint are localized
    /// as Xcode's string tables key them (`ID.accessibilityLabel`); a trait Tintype does not know
    /// is reported and left out.
    mutating func accessibility(_ n: XMLNode, into o: inout JSONObject) {
        guard let a = n.child("accessibility", key: "accessibilityConfiguration") else { return }
        if let l = a["label"] ?? a.child("string", key: "label")?.text { o.set("accessibilityLabel", localized(l, id: n["id"], key: "accessibilityLabel")) }
        if let h = a["hint"] ?? a.child("string", key: "hint")?.text { o.set("accessibilityHint", localized(h, id: n["id"], key: "accessibilityHint")) }
        if let v = a["value"] { o.set("accessibilityValue", v) }
        if let i = a["identifier"] { o.set("accessibilityIdentifier", i) }
        if let e = a.child("bool", key: "isElement")?["value"] { o.set("isAccessibilityElement", e == "YES") }
        if let t = a.child("accessibilityTraits", key: "traits") {
            var traits: [JSONOut] = []
            for attribute in t.attributes where attribute.name != "key" && attribute.value == "YES" {
                // "none" is the empty set, which Interface Builder writes when every box is cleared.
                if attribute.name == "none" { continue }
                if AccessibilityTrait(rawValue: attribute.name) != nil {
                    traits.append(.string(attribute.name))
                } else {
                    warn(t, "accessibilityTrait", "the accessibility trait \(quoted(attribute.name)) is not one Tintype knows; it is left out",
                         attribute: attribute.name, id: n["id"])
                }
            }
            o.set("accessibilityTraits", .array(traits))
        }
    }
}
