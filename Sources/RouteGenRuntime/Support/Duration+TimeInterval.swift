import Foundation

extension Duration {
    /// The duration in seconds, as Foundation's APIs take it.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The longest wait the runtime's clocks are asked for: a century. Longer timeouts and deadlines mean "never",
    /// and a clock's instant plus one of them could overflow.
    package static let longestWait = Duration.seconds(3_153_600_000)

    /// The duration, at most ``longestWait``: what a clock can be asked to wait for without overflowing.
    package var clampedToLongestWait: Duration { min(self, .longestWait) }

    /// The duration in whole nanoseconds, as SwiftNIO's `TimeAmount` takes it; clamped to what 64 bits hold (about
    /// 292 years either way), never trapping.
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflowed) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowed ? (seconds < 0 ? .min : .max) : sum
    }
}
