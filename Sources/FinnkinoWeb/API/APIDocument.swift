import FinnkinoKit
import Foundation
import HTTPTypes

/// The API's OpenAPI document (`openapi.json`, a resource of this module): served as it is at
/// `/api/openapi.json`, and read once for what the generated code does not check. Its operations'
/// paths and methods give `405` and `Allow`; their parameters' schemas are the rules every
/// request's parameters are held to before a handler sees them (``APIParameter``). So the document
/// is the one place that says what a parameter may be: the code generated from it, the answer to a
/// wrong one, and the documentation all read it.
struct APIDocument: Sendable {
    /// One operation: where it is and which parameters it takes.
    struct Operation: Sendable {
        let id: String
        let method: HTTPRequest.Method
        /// The path under ``prefix``, split: `["movies", "{movieId}"]`.
        let template: [String]
        let parameters: [APIParameter]
        /// Whether it reads a person's data (a security requirement): no other origin may read it.
        let isPersonal: Bool
    }

    /// Where the operations are (the document's server URL).
    static let prefix = "/api/v1"
    /// Where the document is served.
    static let path = "/api/openapi.json"

    /// The document as written.
    let bytes: [UInt8]
    let operations: [Operation]

    /// The bundled document, read once a process (every server a process starts uses it).
    static func bundled() throws -> APIDocument { try loaded.get() }

    private static let loaded = Result { () throws(APIDocumentError) -> APIDocument in
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw APIDocumentError("openapi.json is missing from the module's resources")
        }
        do {
            return try APIDocument(bytes: [UInt8](Data(contentsOf: url)))
        } catch {
            throw APIDocumentError("openapi.json cannot be read: \(error)")
        }
    }

    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        guard let document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let paths = document["paths"] as? [String: Any]
        else { throw APIDocumentError("the document has no paths") }
        let components = document["components"] as? [String: Any] ?? [:]
        let sharedParameters = components["parameters"] as? [String: Any] ?? [:]
        func resolved(_ value: Any) throws -> [String: Any] {
            guard let object = value as? [String: Any] else { throw APIDocumentError("a parameter is not an object") }
            guard let reference = object["$ref"] as? String else { return object }
            let name = reference.replacingOccurrences(of: "#/components/parameters/", with: "")
            guard let shared = sharedParameters[name] as? [String: Any] else {
                throw APIDocumentError("no parameter \(reference)")
            }
            return shared
        }
        var operations: [Operation] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            guard let item = item as? [String: Any] else { continue }
            for (method, value) in item.sorted(by: { $0.key < $1.key }) {
                guard let operation = value as? [String: Any], let id = operation["operationId"] as? String,
                    let httpMethod = HTTPRequest.Method(method.uppercased())
                else { continue }
                let parameters = try (operation["parameters"] as? [Any] ?? []).map { try APIParameter(resolved($0)) }
                let security = operation["security"] as? [Any] ?? []
                operations.append(
                    Operation(
                        id: id, method: httpMethod, template: Self.components(path), parameters: parameters,
                        isPersonal: !security.isEmpty))
            }
        }
        self.operations = operations
    }

    /// The operations whose template `path` (under ``prefix``, without it) fits, with the path
    /// parameters' values as written (still percent-encoded).
    func operations(at path: String) -> [(operation: Operation, pathValues: [String: String])] {
        let components = Self.components(path)
        return operations.compactMap { operation in
            guard operation.template.count == components.count else { return nil }
            var values: [String: String] = [:]
            for (part, component) in zip(operation.template, components) {
                if part.hasPrefix("{") {
                    guard !component.isEmpty else { return nil }
                    values[String(part.dropFirst().dropLast())] = component
                } else if part != component {
                    return nil
                }
            }
            return (operation, values)
        }
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }
}

struct APIDocumentError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
