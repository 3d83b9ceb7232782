import ArgumentParser
import FinnkinoKit
import Foundation

/// The decoders compared on the same document.
enum ScheduleDecoderUnderTest: String, CaseIterable, ExpressibleByArgument {
    case ours, xmlcoder, swxmlhash, raw

    var title: String {
        switch self {
        case .ours: "FinnkinoXMLDecoder (libxml2 SAX2)"
        case .xmlcoder: "XMLCoder 0.18 + Decodable"
        case .swxmlhash: "SWXMLHash 8 (parse + index)"
        case .raw: "raw libxml2 SAX2, empty callbacks"
        }
    }

    /// Decodes `data`; returns the number of shows (0 for the raw pass), and the schedule.
    func run(_ data: Data) throws -> (count: Int, schedule: Schedule?) {
        switch self {
        case .ours:
            let schedule = try FinnkinoXMLDecoder.decodeSchedule(data)
            return (schedule.shows.count, schedule)
        case .xmlcoder:
            let schedule = try XMLCoderScheduleDecoder.decode(data)
            return (schedule.shows.count, schedule)
        case .swxmlhash:
            let schedule = try SWXMLHashScheduleDecoder.decode(data)
            return (schedule.shows.count, schedule)
        case .raw:
            try RawLibXML2Pass.run(data)
            return (0, nil)
        }
    }
}
