import TintypeModel

/// UIImageView: places the image by its content mode; automatic rendering means original here.
struct ImageViewComponent: ViewComponent {
    let imageView: ImageView

    var defaultHugging: Double { 251 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: try context.size(of: imageView.image, env: env, path: env.path + ".image"))
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(imageView, frame: frame, env: env, context: context)
    }

    static func items(_ view: ImageView, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let file = context.file(of: view.image, env: env)
        let size = try context.size(of: view.image, env: env, path: env.path + ".image")
        let template = view.renderingMode.resolved(templateByDefault: false) == .alwaysTemplate
        let placed = view.capInsets != nil ? frame : place(size, in: frame, mode: view.contentMode)
        let item = ImageItem(source: view.image, filePath: file, frame: placed, templateColor: template ? env.tint : nil,
                             capInsets: view.capInsets, resizingMode: view.resizingMode, origin: env.path)
        return [.image(item)]
    }

    /// Where an image of `size` lands in `bounds` under a content mode.
    static func place(_ size: Size, in bounds: Rect, mode: ContentMode) -> Rect {
        let w = size.width, h = size.height
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        default:
            let left = bounds.minX, right = bounds.maxX - w, cx = bounds.midX - w / 2
            let top = bounds.minY, bottom = bounds.maxY - h, cy = bounds.midY - h / 2
            let (x, y): (Double, Double) = switch mode {
            case .top: (cx, top)
            case .bottom: (cx, bottom)
            case .left: (left, cy)
            case .right: (right, cy)
            case .topLeft: (left, top)
            case .topRight: (right, top)
            case .bottomLeft: (left, bottom)
            case .bottomRight: (right, bottom)
            default: (cx, cy)
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
