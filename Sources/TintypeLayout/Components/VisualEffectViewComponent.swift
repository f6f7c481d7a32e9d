import TintypeModel

/// UIVisualEffectView with a blur: the content under the frame blurred with a Gaussian, saturated
/// by 1.8, then a gray wash of the style (the private backdrop settings UIKit uses for each style):
///
/// | style       | blur radius | wash            |
/// |-------------|-------------|-----------------|
/// | extra light | 20          | white 0.97, 80% |
/// | light       | 30          | white 1.0, 30%  |
/// | dark        | 20          | white 0.11, 73% |
///
/// Extra light is the look of a default translucent bar; dark that of a black one. The subviews
/// (the effect's content view) draw over it unblurred. A corner radius shapes the blur only when
/// the view clips to its bounds, as in UIKit before iOS 11's own corner masking.
struct VisualEffectViewComponent: ViewComponent {
    let effectView: VisualEffectView

    /// The blur radius and wash of a style; nil for no effect.
    static func look(_ style: BlurEffectStyle) -> (radius: Double, wash: Color)? {
        switch style {
        case .extraLight, .prominent: (20, Color(white: 0.97, alpha: 0.80))
        case .light, .regular: (30, Color(white: 1, alpha: 0.30))
        case .dark: (20, Color(white: 0.11, alpha: 0.73))
        case .none: nil
        }
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        guard let look = Self.look(effectView.effect), frame.width > 0, frame.height > 0 else { return [] }
        return [.backdrop(Backdrop(rect: frame, blurRadius: look.radius, saturation: 1.8)),
                .fill(path: .rect(frame), paint: .color(look.wash), rule: .nonZero)]
    }
}
