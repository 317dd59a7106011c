/// How the command line writes lengths of time.
enum DurationText {
    /// "1:02:03": hours, minutes and seconds, as a stopwatch shows them.
    static func clock(_ seconds: Int) -> String {
        let whole = max(0, seconds)
        let minutes = whole / 60 % 60
        let rest = whole % 60
        return "\(whole / 3600):\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// "+0:30:00" over, "-0:05:00" under.
    static func difference(_ seconds: Int) -> String {
        (seconds < 0 ? "-" : "+") + clock(abs(seconds))
    }

    /// A bar of `width` cells for `fraction` (0 to 1), in eighths of a cell so that small amounts still show.
    static func bar(_ fraction: Double, width: Int) -> String {
        guard fraction > 0 else { return "" }
        let eighths = max(1, Int((min(fraction, 1) * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }
}
