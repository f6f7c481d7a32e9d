/// A view in the scene: UIView's geometry, look and tint, plus what kind of view it is.
///
/// The common properties live here; each kind's own properties live in its model file
/// (`Components/Label.swift`, ...). docs/architecture.md has the recipe for a new kind; the
/// compiler's exhaustive switches point at each place it needs a line.
public struct View: Sendable, Equatable {
    public var kind: ViewKind
    /// Frame in the superview's coordinates; nil fills the superview (the screen for the root).
    public var frame: Rect?
    /// A frame by distances to a guide of the superview (its bounds, safe area or margins), used
    /// when `frame` is nil: one scene then lays out on every device.
    public var layout: LayoutPins?
    /// Auto Layout constraints with this view as their first item, instead of a frame or a layout.
    public var constraints: [LayoutConstraint] = []
    public var backgroundColor: ColorValue?
    public var alpha: Double
    public var isHidden: Bool
    public var clipsToBounds: Bool
    public var cornerRadius: Double
    public var cornerCurve: CornerCurve
    public var maskedCorners: Corners
    public var border: Border?
    public var shadow: Shadow?
    /// The view's specific tint; nil inherits the superview's.
    public var tintColor: Color?
    public var tintAdjustmentMode: TintAdjustmentMode
    /// How the view is composited onto what is under it.
    public var blendMode: BlendMode
    public var subviews: [View]
    /// A name other parts of the scene refer to (a popover's `sourceView`, a touch mark's `tap`).
    public var id: String?
    /// The view's own layout margins (`layoutMargins` or `directionalLayoutMargins`); nil means
    /// UIView's 8 on every side, or the system margins for a view that fills a controller.
    public var layoutMargins: LayoutMargins?
    /// The superview's margins count too where they reach further in (preservesSuperviewLayoutMargins).
    public var preservesSuperviewLayoutMargins: Bool = false
    /// The margins are measured from the safe area rather than the bounds (iOS 11's default).
    public var insetsLayoutMarginsFromSafeArea: Bool = true
    /// How strongly the view keeps from growing past its own size, per axis (1…1000); nil means the
    /// kind's default (251 for labels and image views, 750 for switches, steppers and activity
    /// indicators, 250 otherwise).
    public var contentHuggingPriority = AxisPriorities()
    /// How strongly the view keeps from shrinking below its own size, per axis (1…1000); nil means 750.
    public var contentCompressionResistancePriority = AxisPriorities()
    /// A subtree that keeps one layout direction (`forceLeftToRight` for media controls).
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified
    /// UIView's `transform`: an affine map applied about the anchor point after layout (the frame
    /// stays where layout put it, as UIKit's bounds and center do). Identity by default.
    public var transform: Transform2D = .identity
    /// CALayer's `anchorPoint`, in unit coordinates of the bounds: the point the transform turns and
    /// scales about. The frame does not move when it changes. (0.5, 0.5), the center, by default.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// CALayer's `transform` when it is more than affine (CATransform3D: rotations about x and y,
    /// perspective), applied after `transform`; nil is none.
    public var transform3D: Transform3D?
    /// CALayer's `isDoubleSided`: false hides the view (and what is inside it) while its back faces the viewer.
    public var isDoubleSided = true
    /// UIAccessibility's properties the scene sets (label, value, hint, traits, whether the view is
    /// an element); what it leaves nil is UIKit's default for the kind (`accessibilityDefaults`).
    public var accessibility = Accessibility()

    public init(_ kind: ViewKind = .plain, frame: Rect? = nil, backgroundColor: ColorValue? = nil, alpha: Double = 1,
                isHidden: Bool = false, clipsToBounds: Bool = false, cornerRadius: Double = 0,
                cornerCurve: CornerCurve = .circular, maskedCorners: Corners = .all, border: Border? = nil,
                shadow: Shadow? = nil, tintColor: Color? = nil, tintAdjustmentMode: TintAdjustmentMode = .automatic,
                blendMode: BlendMode = .normal, subviews: [View] = []) {
        self.kind = kind; self.frame = frame; self.backgroundColor = backgroundColor; self.alpha = alpha
        self.isHidden = isHidden; self.clipsToBounds = clipsToBounds; self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve; self.maskedCorners = maskedCorners; self.border = border
        self.shadow = shadow; self.tintColor = tintColor; self.tintAdjustmentMode = tintAdjustmentMode
        self.blendMode = blendMode; self.subviews = subviews
    }

    /// A view with subviews from a builder block.
    public init(_ kind: ViewKind = .plain, frame: Rect? = nil, backgroundColor: ColorValue? = nil, alpha: Double = 1,
                isHidden: Bool = false, clipsToBounds: Bool = false, cornerRadius: Double = 0,
                cornerCurve: CornerCurve = .circular, maskedCorners: Corners = .all, border: Border? = nil,
                shadow: Shadow? = nil, tintColor: Color? = nil, tintAdjustmentMode: TintAdjustmentMode = .automatic,
                blendMode: BlendMode = .normal, @ViewBuilder subviews: () -> [View]) {
        self.init(kind, frame: frame, backgroundColor: backgroundColor, alpha: alpha, isHidden: isHidden,
                  clipsToBounds: clipsToBounds, cornerRadius: cornerRadius, cornerCurve: cornerCurve,
                  maskedCorners: maskedCorners, border: border, shadow: shadow, tintColor: tintColor,
                  tintAdjustmentMode: tintAdjustmentMode, blendMode: blendMode, subviews: subviews())
    }
}

/// What a view draws besides its background, border and subviews.
public enum ViewKind: Sendable, Equatable {
    /// A plain UIView.
    case plain
    case label(Label)
    case textView(TextView)
    case image(ImageView)
    case shape(Shape)
    case scrollView(ScrollView)
    /// A view controller hierarchy filling the view's frame.
    case controller(Controller)
    /// A UIKit control (button, switch, slider, ...): see `Controls/`.
    case control(Control)
    case tableView(TableView)
    /// UIStackView: see `Components/StackView.swift`.
    case stackView(StackView)
    /// UIVisualEffectView with a blur: see `Components/VisualEffectView.swift`.
    case visualEffectView(VisualEffectView)
    /// A UINavigationBar, UIToolbar or UITabBar placed as a view: see `Components/StandaloneBars.swift`.
    case navigationBar(NavigationBar)
    case toolbar(Toolbar)
    case tabBar(TabBar)

    /// The key naming this kind in a scene file.
    public var name: String {
        switch self {
        case .plain: "view"
        case .label: "label"
        case .textView: "textView"
        case .image: "imageView"
        case .shape: "shape"
        case .scrollView: "scrollView"
        case .controller(.content): "viewController"
        case .controller(.navigation): "navigationController"
        case .controller(.tabBar): "tabBarController"
        case .controller(.split): "splitViewController"
        case .control(let c): c.name
        case .tableView: "tableView"
        case .stackView: "stackView"
        case .visualEffectView: "visualEffectView"
        case .navigationBar: "navigationBar"
        case .toolbar: "toolbar"
        case .tabBar: "tabBar"
        }
    }
}

extension ViewKind {
    /// Whether a view of this kind can size itself (UIKit's intrinsicContentSize): a label, image
    /// view, control, stack view or bar can (a bar its height); a plain view, text view, shape,
    /// scroll view, controller, table or visual effect view cannot. The layout's components agree
    /// (a test holds them to it).
    public var hasIntrinsicSize: Bool {
        switch self {
        case .label, .image, .control, .stackView, .navigationBar, .toolbar, .tabBar: true
        case .plain, .textView, .shape, .scrollView, .controller, .tableView, .visualEffectView: false
        }
    }
}

extension View {
    /// Whether the view can size itself without a frame: its kind has an intrinsic size, or its
    /// layout gives a width and a height.
    public var hasOwnSize: Bool {
        if let l = layout, l.width != nil, l.height != nil { return true }
        return kind.hasIntrinsicSize
    }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: View) -> [View] { [view] }
    public static func buildExpression(_ views: [View]) -> [View] { views }
    public static func buildBlock(_ parts: [View]...) -> [View] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [View]?) -> [View] { part ?? [] }
    public static func buildEither(first part: [View]) -> [View] { part }
    public static func buildEither(second part: [View]) -> [View] { part }
    public static func buildArray(_ parts: [[View]]) -> [View] { parts.flatMap { $0 } }
}

/// A length that may be one device pixel, whatever the scale (`"hairline"` in a scene file).
public enum Length: Sendable, Equatable, Hashable {
    case points(Double)
    case hairline

    public func points(scale: Double) -> Double {
        switch self {
        case .points(let p): p
        case .hairline: 1 / scale
        }
    }
}

public enum CornerCurve: String, Sendable, Equatable, CaseIterable {
    /// Quarter-circle arcs (CALayer's default).
    case circular
    /// The iOS 7 "squircle" (UIBezierPath(roundedRect:cornerRadius:)).
    case continuous
}

/// Which corners a corner radius rounds (CALayer.maskedCorners).
public struct Corners: OptionSet, Sendable, Equatable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]

    public static let names: [(String, Corners)] = [
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ]
}

/// A border drawn inside the view's bounds, over its content (CALayer.borderWidth/borderColor).
public struct Border: Sendable, Equatable {
    public var width: Length
    public var color: ColorValue
    public init(width: Length = .points(1), color: ColorValue = .black) { self.width = width; self.color = color }
}

/// A drop shadow cast by the view's composited content (CALayer.shadow*).
public struct Shadow: Sendable, Equatable {
    public var color: ColorValue
    public var opacity: Double
    public var offset: Size
    public var radius: Double
    public init(color: ColorValue = .black, opacity: Double = 0, offset: Size = Size(width: 0, height: -3), radius: Double = 3) {
        self.color = color; self.opacity = opacity; self.offset = offset; self.radius = radius
    }
}

/// Compositing operators: Porter-Duff "normal" plus the separable and non-separable blend modes.
public enum BlendMode: String, Sendable, Equatable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
    /// Core Animation's `plusLighter` compositing filter: the premultiplied colors add (a cross dissolve's second state).
    case plusLighter
}
