import TintypeModel

/// UIDatePicker's wheels (iOS 7–13), in the scene's locale (English, United States, without one):
/// - time: the locale's clock, its columns in the order its pattern gives them (`jmm` from
///   Foundation: hour, minute, AM/PM in English; hour and minute with two-digit hours in German;
///   the day period first in Korean); the day-period column only where the locale counts 12 hours;
/// - date: month, day and year in the order of the locale's `yMMMMd` pattern (month name, day,
///   year in English; day, month, year in German; "2007年", "1月", "9日" in Japanese);
/// - dateAndTime: the day ("Tue Jan 9" from the locale's `MMMEd` pattern without its commas, or
///   the locale's word for today), then the clock's columns;
/// - countDownTimer: hours and minutes in the locale's digits, each with a fixed English "hour(s)" /
///   "min" label (17 semibold) in the band, each pair centered in its half of the picker.
/// Every name and number comes from Foundation (LocaleFormats). Right to left, the columns (and
/// their alignments) are mirrored like the rest of the layout.
/// Other columns are as wide as their widest text plus 9 points a side, 5 apart, the group centered.
/// Hours, minutes, months and days wrap around; years, AM/PM and dates run straight.
/// Disabled fades the wheels to 40%, as UIPickerView does.
struct DatePickerComponent: ViewComponent {
    let picker: DatePicker

    /// UIDatePicker's own width; its height is a picker's.
    static let width = 320.0

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: Self.width, height: PickerViewComponent.height))
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(picker, frame: frame, env: env, context: context)
    }

    /// A column before layout: its rows, the texts that decide its width, its alignment.
    struct Spec {
        var alignment: TextAlignment
        var widest: [String]
        var row: (Int) -> String?
        /// Extra room after the column (the countdown's fixed labels).
        var trailing: Double = 0
    }

    static func wrap(_ value: Int, _ count: Int) -> Int { ((value % count) + count) % count }

    /// A day to format a time of day on (any day would do: only its hour and minute are shown).
    static func clockDate(hour: Int, minute: Int) -> CalendarDate { CalendarDate(year: 2001, month: 1, day: 1, hour: hour, minute: minute) }

    /// The hour column: 1 to 12 (`h`), 0 to 11 (`K`) or 0 to 23 (`H`, two digits for `HH`), as the
    /// locale's clock counts.
    static func hourSpec(_ d: CalendarDate, field: Character, width n: Int, formats f: LocaleFormats) -> Spec {
        let twelve = field == "h" || field == "K"
        let pattern = String(repeating: field == "k" ? "H" : field, count: n)
        let count = twelve ? 12 : 24
        let base = twelve ? d.hour % 12 : d.hour
        func text(_ hour: Int) -> String { f.string(clockDate(hour: hour, minute: 0), pattern: pattern) }
        return Spec(alignment: .right, widest: (twelve ? [0, 10, 8] : [23, 20, 8, 0]).map(text)) { k in text(wrap(base + k, count)) }
    }

    static func minuteSpec(_ d: CalendarDate, interval: Int, padded: Bool, formats f: LocaleFormats) -> Spec {
        let count = 60 / interval
        let index = d.minute / interval
        let pattern = padded ? "mm" : "m"
        func text(_ minute: Int) -> String { f.string(clockDate(hour: 0, minute: minute), pattern: pattern) }
        return Spec(alignment: padded ? .left : .right, widest: [0, 58, 40].map(text)) { k in text(wrap(index + k, count) * interval) }
    }

    static func meridiemSpec(_ d: CalendarDate, formats f: LocaleFormats) -> Spec {
        let selected = d.hour < 12 ? 0 : 1
        let names = [f.string(clockDate(hour: 9, minute: 0), pattern: "a"), f.string(clockDate(hour: 21, minute: 0), pattern: "a")]
        return Spec(alignment: .left, widest: names) { k in
            let i = selected + k
            return names.indices.contains(i) ? names[i] : nil
        }
    }

    /// The clock's columns in the locale's order: hour, minute and, on a 12-hour clock, the day period.
    static func clockSpecs(_ d: CalendarDate, interval: Int, formats f: LocaleFormats) -> [Spec] {
        var specs: [Spec] = []
        var sawHour = false, sawMinute = false, sawPeriod = false
        for part in f.clock {
            guard case .field(let c, let n) = part else { continue }
            if "hHKk".contains(c), !sawHour {
                specs.append(hourSpec(d, field: c, width: n, formats: f)); sawHour = true
            } else if c == "m", !sawMinute {
                specs.append(minuteSpec(d, interval: interval, padded: true, formats: f)); sawMinute = true
            } else if "abB".contains(c), !sawPeriod, f.uses12HourClock {
                specs.append(meridiemSpec(d, formats: f)); sawPeriod = true
            }
        }
        // Every CLDR clock has both; a pattern without them still gets a whole clock.
        if !sawHour { specs.insert(hourSpec(d, field: "h", width: 1, formats: f), at: 0) }
        if !sawMinute { specs.append(minuteSpec(d, interval: interval, padded: true, formats: f)) }
        return specs
    }

    /// The date's columns in the order of the locale's `yMMMMd` pattern. Letters written right
    /// after a field stay with it (Japanese "年", "月", "日"); spaces and punctuation between
    /// columns go, since the columns stand apart. A month name is the stand-alone form.
    static func dateSpecs(_ d: CalendarDate, formats f: LocaleFormats) -> [Spec] {
        let parts = LocaleFormats.parse(f.pattern(template: "yMMMMd"))
        var columns: [(field: Character, parts: [LocaleFormats.Part])] = []
        for (i, part) in parts.enumerated() {
            switch part {
            case .field(let c, let n) where "yMLd".contains(c):
                if columns.contains(where: { $0.field == (c == "L" ? "M" : c) }) { continue }
                let field: Character = c == "L" ? "M" : c
                columns.append((field, [.field(field == "M" && n >= 3 ? "L" : c, n)]))
            case .literal(let s):
                let attached = String(s.prefix { $0.isLetter })
                if !attached.isEmpty, i > 0, case .field(let prev, _) = parts[i - 1], "yMLd".contains(prev), !columns.isEmpty {
                    columns[columns.count - 1].parts.append(.literal(attached))
                }
            default: continue
            }
        }
        // CLDR's date patterns name all three; anything missing is added in English order.
        for (field, fallback) in [("M", LocaleFormats.Part.field("L", 4)), ("d", .field("d", 1)), ("y", .field("y", 1))] as [(Character, LocaleFormats.Part)]
            where !columns.contains(where: { $0.field == field }) {
            columns.append((field, [fallback]))
        }
        let days = CalendarDate.daysIn(month: d.month, year: d.year)
        return columns.map { column in
            let pattern = LocaleFormats.pattern(column.parts)
            switch column.field {
            case "M":
                // Mid-month in a recent year: only the month shows.
                func text(_ month: Int) -> String { f.string(CalendarDate(year: 2001, month: month, day: 15), pattern: pattern) }
                return Spec(alignment: .left, widest: (1...12).map(text)) { k in text(wrap(d.month - 1 + k, 12) + 1) }
            case "d":
                func text(_ day: Int) -> String { f.string(CalendarDate(year: 2001, month: 1, day: day), pattern: pattern) }
                return Spec(alignment: .right, widest: [28, 30, 31].map(text)) { k in text(wrap(d.day - 1 + k, days) + 1) }
            default:
                // Mid-year, so that ICU's Julian calendar before 1582 cannot move the year.
                func text(_ year: Int) -> String { f.string(CalendarDate(year: year, month: 7, day: 1), pattern: pattern) }
                return Spec(alignment: .left, widest: [d.year + 3, 2000, 8888].map(text)) { k in d.year + k >= 1 ? text(d.year + k) : nil }
            }
        }
    }

    /// The pattern of the dateAndTime day column: the locale's `MMMEd` without its commas
    /// ("EEE MMM d" in English, as the wheel shows "Tue Jan 9").
    static func dayPattern(_ f: LocaleFormats) -> String {
        var parts: [LocaleFormats.Part] = []
        for part in LocaleFormats.parse(f.pattern(template: "MMMEd")) {
            guard case .literal(let s) = part else { parts.append(part); continue }
            let kept = s.filter { $0 != "," && $0 != "،" }
            if !kept.isEmpty { parts.append(.literal(kept)) }
        }
        return LocaleFormats.pattern(parts)
    }

    /// The day `d` shows as in the dateAndTime column, or the locale's word for today on the
    /// scene's today. Formatted on a day of a recent year with the same month, day and weekday
    /// (every such day has one within 28 years), so that ICU's Julian calendar before 1582 cannot
    /// name another weekday than the proleptic Gregorian one the wheel counts in.
    static func dayTitle(_ d: CalendarDate, today: CalendarDate?, pattern: String, formats f: LocaleFormats) -> String {
        if let today, today.year == d.year, today.month == d.month, today.day == d.day { return f.today }
        let weekday = d.weekday
        let proxy = (2000..<2028).lazy.map { CalendarDate(year: $0, month: d.month, day: min(d.day, CalendarDate.daysIn(month: d.month, year: $0))) }
            .first { $0.day == d.day && $0.weekday == weekday } ?? d
        return f.string(proxy, pattern: pattern)
    }

    static func specs(_ c: DatePicker, formats f: LocaleFormats = LocaleFormats(nil)) -> [Spec] {
        let d = c.date
        // Scenes are checked when decoded; values built in Swift are kept in range here.
        let interval = (1...30).contains(c.minuteInterval) && 60 % c.minuteInterval == 0 ? c.minuteInterval : 1
        switch c.mode {
        case .time:
            return clockSpecs(d, interval: interval, formats: f)
        case .date:
            return dateSpecs(d, formats: f)
        case .dateAndTime:
            let pattern = dayPattern(f)
            let samples = [CalendarDate(year: 2016, month: 9, day: 28), CalendarDate(year: 2017, month: 11, day: 30)]
            let day = Spec(alignment: .right, widest: samples.map { dayTitle($0, today: nil, pattern: pattern, formats: f) } + [f.today]) { k in
                let other = d.addingDays(k)
                return other.year >= 1 ? dayTitle(other, today: c.today, pattern: pattern, formats: f) : nil
            }
            return [day] + clockSpecs(d, interval: interval, formats: f)
        case .countDownTimer:
            let total = Int(c.countDownDuration) / 60
            let hours = total / 60, minutes = total % 60
            func hourText(_ h: Int) -> String { f.string(clockDate(hour: h, minute: 0), pattern: "H") }
            var hourColumn = Spec(alignment: .right, widest: [23, 20].map(hourText)) { k in hourText(wrap(hours + k, 24)) }
            var minuteColumn = minuteSpec(clockDate(hour: 0, minute: minutes), interval: interval, padded: false, formats: f)
            minuteColumn.widest = [59, 50].map { f.string(clockDate(hour: 0, minute: $0), pattern: "m") }
            hourColumn.trailing = countdownLabelRoom
            minuteColumn.trailing = countdownLabelRoom
            return [hourColumn, minuteColumn]
        }
    }

    static let countdownLabelFont = ResolvedFont(system: 17, weight: .semibold)
    /// Room after a countdown number column for its label ("hours" at 17 semibold, and a space).
    static let countdownLabelRoom = 56.0

    static func items(_ c: DatePicker, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let font = ResolvedFont(system: Wheel.centerFontSize, weight: .regular)
        var specs = specs(c, formats: LocaleFormats(env.locale))
        // Right to left the clock and calendar columns are mirrored, each aligned toward its
        // neighbours as before; the countdown keeps hours on the left, as its halves are fixed.
        if env.layoutDirection == .rightToLeft && c.mode != .countDownTimer {
            specs = specs.reversed().map { spec in
                var s = spec
                s.alignment = spec.alignment == .left ? .right : spec.alignment == .right ? .left : spec.alignment
                return s
            }
        }
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
                overlay.append(.line(title, font: countdownLabelFont, color: .black, frame: Rect(x: labelX, y: frame.midY - h / 2, width: spec.trailing, height: h),
                                     lineBreakMode: .byClipping))
            }
        }
        return Wheel.items(columns: columns, frame: frame, rowHeight: h, textColor: .black, enabled: c.state.isEnabled,
                           env: env, overlay: overlay)
    }
}
