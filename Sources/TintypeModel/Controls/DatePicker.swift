/// UIDatePicker in its wheels style (iOS 7–13), showing the date the scene gives, never the clock,
/// so the same scene always draws the same rows. Its names, digits, clock (12 or 24 hours) and
/// column order are the scene's locale's, from Foundation, when it is drawn.
///
/// Scene keys: `datePickerMode` (or `mode`): `time`, `date`, `dateAndTime`, `countDownTimer`;
/// `date` (`"YYYY-MM-DD"`, `"YYYY-MM-DD HH:MM"`, `"YYYY-MM-DDTHH:MM"`, with optional `:SS`, or
/// `"HH:MM"` alone); `today` (a `"YYYY-MM-DD"` that `dateAndTime` shows as "Today"); `minuteInterval`
/// (a divisor of 60); `countDownDuration` (seconds); plus `enabled`, `highlighted`, `selected`.
public struct DatePicker: Sendable, Equatable {
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        case time, date, dateAndTime, countDownTimer
    }

    public var mode: Mode
    public var date: CalendarDate
    /// The day `dateAndTime` labels "Today"; nil labels none.
    public var today: CalendarDate?
    public var minuteInterval: Int
    /// The countdown shown by `countDownTimer`, in seconds (below 24 hours).
    public var countDownDuration: Double
    public var state: ControlState

    /// 9:41 AM on January 9, 2007, the morning the iPhone was introduced.
    public static let defaultDate = CalendarDate(year: 2007, month: 1, day: 9, hour: 9, minute: 41)

    public init(mode: Mode = .dateAndTime, date: CalendarDate = DatePicker.defaultDate, today: CalendarDate? = nil,
                minuteInterval: Int = 1, countDownDuration: Double = 0, state: ControlState = ControlState()) {
        self.mode = mode; self.date = date; self.today = today; self.minuteInterval = minuteInterval
        self.countDownDuration = countDownDuration; self.state = state
    }

    static let dateHelp = "expected \"YYYY-MM-DD\", \"YYYY-MM-DD HH:MM\" (24-hour, optionally :SS) or \"HH:MM\""

    static func decode(_ r: ObjectReader) -> DatePicker? {
        var d = DatePicker(state: ControlState.decode(r))
        let mode = r.choice("datePickerMode", Mode.self)
        let short = r.choice("mode", Mode.self)
        if mode != nil, short != nil, let n = r.node("mode") {
            r.report("mode", n, "give either \"datePickerMode\" or its short form \"mode\", not both")
        }
        if let m = mode ?? short { d.mode = m }
        if let n = r.node("date") {
            if case .string(let s) = n.value {
                switch CalendarDate.parse(s, allowsTimeOnly: true) {
                case .success(let date): d.date = date
                case .failure(let problem): r.report("date", n, "bad date \(quoted(s)): \(problem.message); \(dateHelp)")
                }
            } else {
                r.report("date", n, "expected a date string, found \(n.value.kindName); \(dateHelp)")
            }
        }
        if let n = r.node("today") {
            if case .string(let s) = n.value {
                switch CalendarDate.parse(s, allowsTimeOnly: false) {
                case .success(let date): d.today = CalendarDate(year: date.year, month: date.month, day: date.day)
                case .failure(let problem): r.report("today", n, "bad date \(quoted(s)): \(problem.message); expected \"YYYY-MM-DD\"")
                }
            } else {
                r.report("today", n, "expected a date string like \"2017-06-05\", found \(n.value.kindName)")
            }
        }
        if let i = r.integer("minuteInterval", in: 1...30), let n = r.node("minuteInterval") {
            if 60 % i == 0 { d.minuteInterval = i } else {
                r.report("minuteInterval", n, "minuteInterval must divide 60 evenly (1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30), found \(i)")
            }
        }
        if let s = r.number("countDownDuration", in: 0...86_399) { d.countDownDuration = s }
        return d
    }
}

/// A day and a time of day on the proleptic Gregorian calendar, with no time zone.
public struct CalendarDate: Sendable, Equatable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year; self.month = month; self.day = day; self.hour = hour; self.minute = minute; self.second = second
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `days` after this one (before, when negative), keeping the time of day.
    public func addingDays(_ days: Int) -> CalendarDate {
        let z = dayNumber + days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return CalendarDate(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d, hour: hour, minute: minute, second: second)
    }

    /// 0 is Sunday.
    public var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                    "August", "September", "October", "November", "December"]
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public struct Problem: Error, Equatable { public var message: String }

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, `YYYY-MM-DDTHH:MM[:SS]`, or (when `allowsTimeOnly`)
    /// `HH:MM[:SS]` on `DatePicker.defaultDate`'s day.
    public static func parse(_ text: String, allowsTimeOnly: Bool) -> Result<CalendarDate, Problem> {
        let s = text.trimmingSpaces
        func number(_ part: Substring, digits: ClosedRange<Int>, _ what: String) -> Result<Int, Problem> {
            guard digits.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(part) else {
                let count = digits.lowerBound == digits.upperBound ? "\(digits.lowerBound)" : "\(digits.lowerBound) to \(digits.upperBound)"
                return .failure(Problem(message: "the \(what) \(quoted(String(part))) is not a number of \(count) digits"))
            }
            return .success(v)
        }
        func time(_ t: Substring, onto base: CalendarDate) -> Result<CalendarDate, Problem> {
            let parts = t.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3 else { return .failure(Problem(message: "the time must be HH:MM or HH:MM:SS")) }
            var date = base
            switch number(parts[0], digits: 1...2, "hour") { case .success(let v): date.hour = v; case .failure(let e): return .failure(e) }
            switch number(parts[1], digits: 2...2, "minute") { case .success(let v): date.minute = v; case .failure(let e): return .failure(e) }
            if parts.count == 3 {
                switch number(parts[2], digits: 2...2, "second") { case .success(let v): date.second = v; case .failure(let e): return .failure(e) }
            }
            guard date.hour <= 23 else { return .failure(Problem(message: "the hour must be 0 to 23, found \(date.hour)")) }
            guard date.minute <= 59 else { return .failure(Problem(message: "the minute must be 0 to 59, found \(date.minute)")) }
            guard date.second <= 59 else { return .failure(Problem(message: "the second must be 0 to 59, found \(date.second)")) }
            return .success(date)
        }
        guard !s.isEmpty else { return .failure(Problem(message: "it is empty")) }
        if !s.contains("-") {
            guard allowsTimeOnly, s.contains(":") else { return .failure(Problem(message: "it has no date")) }
            let base = DatePicker.defaultDate
            return time(Substring(s), onto: CalendarDate(year: base.year, month: base.month, day: base.day))
        }
        let halves = s.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard halves.count <= 2 else { return .failure(Problem(message: "it has more than a date and a time")) }
        let ymd = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard ymd.count == 3 else { return .failure(Problem(message: "the date must be YYYY-MM-DD")) }
        var date = CalendarDate(year: 0, month: 0, day: 0)
        switch number(ymd[0], digits: 4...4, "year") { case .success(let v): date.year = v; case .failure(let e): return .failure(e) }
        switch number(ymd[1], digits: 2...2, "month") { case .success(let v): date.month = v; case .failure(let e): return .failure(e) }
        switch number(ymd[2], digits: 2...2, "day") { case .success(let v): date.day = v; case .failure(let e): return .failure(e) }
        guard date.year >= 1 else { return .failure(Problem(message: "the year must be from 0001 to 9999")) }
        guard (1...12).contains(date.month) else { return .failure(Problem(message: "the month must be 01 to 12, found \(ymd[1])")) }
        let days = daysIn(month: date.month, year: date.year)
        guard (1...days).contains(date.day) else {
            return .failure(Problem(message: "\(monthNames[date.month - 1]) \(date.year) has days 01 to \(days), found \(ymd[2])"))
        }
        if halves.count == 2 { return time(halves[1], onto: date) }
        return .success(date)
    }
}
