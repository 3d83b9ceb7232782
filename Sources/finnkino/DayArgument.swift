import ArgumentParser
import FinnkinoKit

/// A day as a person types it: `today`, `tomorrow`, `2026-11-24` or `24.11.2026`.
enum DayArgument: ExpressibleByArgument, Equatable {
    case today
    case tomorrow
    case date(LocalDate)

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "today", "tänään": self = .today
        case "tomorrow", "huomenna": self = .tomorrow
        default:
            if let date = LocalDate(iso: text), text.count == 10 {
                self = .date(date)
                return
            }
            guard let date = LocalDate(finnish: text), date.year > 1900 else { return nil }
            self = .date(date)
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["today", "tomorrow"]) }

    func resolve(today: LocalDate) -> LocalDate {
        switch self {
        case .today: today
        case .tomorrow: today.adding(days: 1)
        case .date(let date): date
        }
    }
}
