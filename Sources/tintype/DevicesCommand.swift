import TintypeModel

struct DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "List the device catalog with sizes, scales and safe areas."
    static let discussion = """
        Prints one device a line: its name (what a scene's "device" takes), its size in points and
        pixels, its scale, its status bar height, and its safe area insets (top, left, bottom, right)
        in portrait and landscape. Aliases are listed below each device.
        """

    func run() -> Int32 {
        func n(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }
        func insets(_ i: EdgeInsets) -> String { "\(n(i.top)),\(n(i.left)),\(n(i.bottom)),\(n(i.right))" }
        func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s + " " : s + String(repeating: " ", count: w - s.count) }
        print(pad("device", 19) + pad("points", 11) + pad("pixels", 11) + pad("scale", 7) + pad("status", 8) + pad("safe area portrait", 20) + "safe area landscape")
        for d in Device.catalog {
            let pixels = "\(Int(d.size.width * d.scale))×\(Int(d.size.height * d.scale))"
            print(pad(d.name, 19) + pad("\(n(d.size.width))×\(n(d.size.height))", 11) + pad(pixels, 11) + pad("\(n(d.scale))x", 7)
                  + pad(n(d.statusBarHeight), 8) + pad(insets(d.portraitSafeArea), 20) + insets(d.landscapeSafeArea))
            if !d.aliases.isEmpty { print("    also: " + d.aliases.joined(separator: ", ")) }
        }
        print("\nSafe areas are top,left,bottom,right in points.")
        return ExitCode.success
    }
}
