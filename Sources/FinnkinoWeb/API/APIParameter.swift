import FinnkinoKit
import Foundation

/// One parameter of an operation, as the API document describes it, and the check of a value
/// against it: the part of JSON Schema the document uses (`integer` with `minimum` and `maximum`;
/// `string` with `enum`, `pattern`, `format: date`, `minLength` and `maxLength`). What fails is a
/// `400` that names the parameter (``APIProblem``); a handler only ever sees values that passed.
struct APIParameter: Sendable {
    enum Location: String, Sendable {
        case query, path, header
    }

    enum Kind: Sendable {
        case integer(minimum: Int?, maximum: Int?)
        case string(choices: [String]?, pattern: String?, isDate: Bool, minLength: Int?, maxLength: Int?)
    }

    let name: String
    let location: Location
    let isRequired: Bool
    let kind: Kind

    init(_ object: [String: Any]) throws {
        guard let name = object["name"] as? String, let location = (object["in"] as? String).flatMap(Location.init),
            let schema = object["schema"] as? [String: Any], let type = schema["type"] as? String
        else { throw APIDocumentError("a parameter lacks a name, a place or a schema: \(object)") }
        self.name = name
        self.location = location
        isRequired = object["required"] as? Bool ?? false
        switch type {
        case "integer":
            kind = .integer(minimum: schema["minimum"] as? Int, maximum: schema["maximum"] as? Int)
        case "string":
            kind = .string(
                choices: schema["enum"] as? [String], pattern: schema["pattern"] as? String,
                isDate: schema["format"] as? String == "date", minLength: schema["minLength"] as? Int,
                maxLength: schema["maxLength"] as? Int)
        default:
            throw APIDocumentError("the parameter \(name) is of a type the API does not check: \(type)")
        }
    }

    /// Why `value` (decoded) is not one this parameter takes; nil when it is. A control character
    /// in a query or path value (NUL, a line break) is refused whatever the schema says; a header's
    /// value may hold a tab (HTTP allows it there) and never holds a line break or NUL.
    func problem(with value: String) -> String? {
        if location != .header, value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character"
        }
        switch kind {
        case .integer(let minimum, let maximum):
            // Digits only, as the document's examples: no sign, no spaces, no leading zeros.
            guard let number = Int(value), String(number) == value else { return "is not a whole number" }
            if let minimum, number < minimum { return "is less than \(minimum)" }
            if let maximum, number > maximum { return "is more than \(maximum)" }
        case .string(let choices, let pattern, let isDate, let minLength, let maxLength):
            if let choices, !choices.contains(value) {
                return "is not one of " + choices.joined(separator: ", ")
            }
            if let minLength, value.unicodeScalars.count < minLength {
                return "is shorter than \(minLength) characters"
            }
            if let maxLength, value.unicodeScalars.count > maxLength { return "is longer than \(maxLength) characters" }
            if isDate, LocalDate(iso: value)?.description != value { return "is not a day as 2026-11-24" }
            if let pattern, value.range(of: pattern, options: .regularExpression) == nil {
                return "does not have the form \(pattern)"
            }
        }
        return nil
    }
}
