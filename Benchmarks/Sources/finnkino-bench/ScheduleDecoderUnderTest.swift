import ArgumentParser
import FinnkinoKit
import Foundation

/// The decoders compared on the same document.
enum ScheduleDecoderUnderTest: String, CaseIterable, ExpressibleByArgument {
    case ours
    /// Ours with one parser on one core, as every decoder below it runs (`ours` decodes a
    /// schedule of a megabyte or more in two halves at once).
    case oneParser = "one-parser"
    case xmlcoder, swxmlhash, raw

    var title: String {
        switch self {
        case .ours: "FinnkinoXMLDecoder (2 halves at once)"
        case .oneParser: "FinnkinoXMLDecoder, one parser"
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
        case .oneParser:
            let schedule = try FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false)
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
