import TintypeModel

/// Placeholder: replaced by the SegmentedControl drawing.
enum SegmentedControlComponent {
    static func items(_ c: SegmentedControl, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
