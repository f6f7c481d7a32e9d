import TintypeModel

/// UIDatePicker's wheels (iOS 7–13), in English (United States) with a 12-hour clock:
/// - time: hour (right aligned), minute (two digits), AM/PM;
/// - date: month name, day, year;
/// - dateAndTime: "Mon Jun 5" (or "Today"), hour, minute, AM/PM;
/// - countDownTimer: hours and minutes, each with a fixed "hour(s)" / "min" label (17 semibold)
///   in the band, each pair centered in its half of the picker.
/// Other columns are as wide as their widest text plus 9 points a side, 5 apart, the group centered.
/// Hours, minutes, months and days wrap around; years, AM/PM and dates run straight.
/// Disabled fades the wheels to 40%, as UIPickerView does.
enum DatePickerComponent {
    static let shortMonths = CalendarDate.monthNames.map { String($0.prefix(3)) }
    static let shortWeekdays = CalendarDate.weekdayNames.map { String($0.prefix(3)) }

    /// A column before layout: its rows, the texts that decide its width, its alignment.
    struct Spec {
        var alignment: TextAlignment
        var widest: [String]
        var row: (Int) -> String?
        /// Extra room after the column (the countdown's fixed labels).
        var trailing: Double = 0
    }

    static func wrap(_ value: Int, _ count: Int) -> Int { ((value % count) + count) % count }

    static func hourSpec(_ d: CalendarDate) -> Spec {
        let base = d.hour % 12
        return Spec(alignment: .right, widest: ["12", "10", "8"]) { k in
            let v = wrap(base + k, 12)
            return String(v == 0 ? 12 : v)
        }
    }

    static func minuteSpec(_ d: CalendarDate, interval: Int, padded: Bool) -> Spec {
        let count = 60 / interval
        let index = d.minute / interval
        return Spec(alignment: padded ? .left : .right, widest: ["00", "58", "40"]) { k in
            let v = wrap(index + k, count) * interval
            return padded && v < 10 ? "0\(v)" : String(v)
        }
    }

    static func meridiemSpec(_ d: CalendarDate) -> Spec {
        let selected = d.hour < 12 ? 0 : 1
        return Spec(alignment: .left, widest: ["AM", "PM"]) { k in
            let i = selected + k
            return i == 0 ? "AM" : i == 1 ? "PM" : nil
        }
    }

    /// "Mon Jun 5", or "Today" on the scene's today.
    static func dayTitle(_ d: CalendarDate, today: CalendarDate?) -> String {
        if let today, today.year == d.year, today.month == d.month, today.day == d.day { return "Today" }
        return "\(shortWeekdays[d.weekday]) \(shortMonths[d.month - 1]) \(d.day)"
    }

    static func specs(_ c: DatePicker) -> [Spec] {
        let d = c.date
        // Scenes are checked when decoded; values built in Swift are kept in range here.
        let interval = (1...30).contains(c.minuteInterval) && 60 % c.minuteInterval == 0 ? c.minuteInterval : 1
        switch c.mode {
        case .time:
            return [hourSpec(d), minuteSpec(d, interval: interval, padded: true), meridiemSpec(d)]
        case .date:
            let days = CalendarDate.daysIn(month: d.month, year: d.year)
            return [
                Spec(alignment: .left, widest: CalendarDate.monthNames) { k in CalendarDate.monthNames[wrap(d.month - 1 + k, 12)] },
                Spec(alignment: .right, widest: ["28", "30", "31"]) { k in String(wrap(d.day - 1 + k, days) + 1) },
                Spec(alignment: .left, widest: [String(d.year + 3), "2000", "8888"]) { k in d.year + k >= 1 ? String(d.year + k) : nil },
            ]
        case .dateAndTime:
            let day = Spec(alignment: .right, widest: ["Wed Sep 28", "Thu Nov 30", "Today"]) { k in
                let other = d.addingDays(k)
                return other.year >= 1 ? dayTitle(other, today: c.today) : nil
            }
            return [day, hourSpec(d), minuteSpec(d, interval: interval, padded: true), meridiemSpec(d)]
        case .countDownTimer:
            let total = Int(c.countDownDuration) / 60
            let hours = total / 60, minutes = total % 60
            var hourColumn = Spec(alignment: .right, widest: ["23", "20"]) { k in String(wrap(hours + k, 24)) }
            var minuteColumn = minuteSpec(CalendarDate(year: 1, month: 1, day: 1, hour: 0, minute: minutes),
                                          interval: interval, padded: false)
            minuteColumn.widest = ["59", "50"]
            hourColumn.trailing = countdownLabelRoom
            minuteColumn.trailing = countdownLabelRoom
            return [hourColumn, minuteColumn]
        }
    }

    static let countdownLabelFont = ResolvedFont(system: 17, weight: .semibold)
    /// Room after a countdown number column for its label ("hours" at 17 semibold, and a space).
    static let countdownLabelRoom = 56.0

    static func items(_ c: DatePicker, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] {
        let font = ResolvedFont(system: Wheel.centerFontSize, weight: .regular)
        let specs = specs(c)
        let widths = specs.map { spec in
            (spec.widest.map { context.text.size(of: $0, font: font).width }.max() ?? 0).rounded(.up) + 2 * Wheel.labelInset
        }
        // Clock and calendar columns sit together, centered; the countdown's two halves each
        // center a number and its label.
        var xs: [Double] = []
        if c.mode == .countDownTimer {
            let half = frame.width / 2
            xs = zip(widths, specs).enumerated().map { i, ws in
                frame.minX + half * Double(i) + ((half - ws.0 - ws.1.trailing) / 2).rounded(.down)
            }
        } else {
            let total = widths.reduce(0, +) + Wheel.columnGap * Double(max(0, specs.count - 1))
            var x = frame.minX + ((frame.width - total) / 2).rounded(.down)
            for w in widths { xs.append(x); x += w + Wheel.columnGap }
        }
        var columns: [Wheel.Column] = []
        var overlay: [DisplayItem] = []
        let h = Wheel.rowHeight(forHeight: frame.height)
        for (i, (spec, width)) in zip(specs, widths).enumerated() {
            let x = xs[i]
            columns.append(Wheel.Column(minX: x, width: width, alignment: spec.alignment, row: spec.row))
            if c.mode == .countDownTimer {
                let title = i == 0 ? (Int(c.countDownDuration) / 3600 == 1 ? "hour" : "hours") : "min"
                let labelX = x + width - Wheel.labelInset + 7
                overlay.append(.line(title, font: countdownLabelFont, color: .black, frame: Rect(x: labelX, y: frame.midY - h / 2, width: spec.trailing, height: h), lineBreakMode: .byClipping))
            }
        }
        return Wheel.items(columns: columns, frame: frame, rowHeight: h, textColor: .black, enabled: c.state.isEnabled,
                           env: env, overlay: overlay)
    }
}
