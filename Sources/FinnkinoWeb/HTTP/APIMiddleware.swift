import AppPatterns
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import OpenAPIRuntime

/// Everything in front of the JSON API's handlers (`/api/…`), from its document
/// (``APIDocument``):
///
/// - a limit per client (its address, as ``PersonMiddleware`` found it behind trusted proxies):
///   beyond it `429` with `Retry-After`;
/// - CORS: the programme is readable from any origin (`Access-Control-Allow-Origin: *`, no
///   credentials); a person's lists are not (no CORS header: another origin's script cannot read
///   them, and a browser sends no token there of its own);
/// - a method the document does not list at a path it has: `405` with `Allow`; a path it does not
///   have: `404`;
/// - every parameter checked against the document's schema: `400` naming the first that fails,
///   a parameter given twice, a value that is not UTF-8 or holds a control character;
/// - an error thrown below (the generated code's own checks) as problem details, never a bare 500.
///
/// It hands the handlers who asks (``APICaller``). Files, pages and changes never come here.
struct APIMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext

    let document: APIDocument
    let limiter: RateLimiter<String>

    init(document: APIDocument, requestsPerMinute: Int, now: @escaping @Sendable () -> Date = Date.init) {
        self.document = document
        limiter = RateLimiter(limit: requestsPerMinute, per: 60, now: now)
    }

    static let corsHeaders: HTTPFields = [
        .accessControlAllowOrigin: "*", .accessControlExposeHeaders: "ETag, Retry-After",
    ]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard path == "/api" || path.hasPrefix("/api/") else { return try await next(request, context) }
        if let wait = limiter.wait(for: context.clientAddress.key) {
            LimitHit.apiRequests.count()
            let seconds = max(1, Int(wait.rounded(.up)))
            return Self.public(
                APIProblem(
                    .tooManyRequests, detail: "This client asked more than \(limiter.limit) times a minute."
                ).response(headers: [.retryAfter: String(seconds)]))
        }
        if path == APIDocument.path {
            guard request.method == .get else { return Self.public(Self.notAllowed(["GET"])) }
            return Self.public(try await next(request, context))
        }
        let operations =
            path.hasPrefix(APIDocument.prefix + "/")
            ? document.operations(at: String(path.dropFirst(APIDocument.prefix.count))) : []
        guard !operations.isEmpty else {
            return Self.public(APIProblem(.notFound, detail: "The API has no operation at \(path).").response())
        }
        let isPersonal = operations.contains { $0.operation.isPersonal }
        let allowed = operations.map(\.operation.method.rawValue)
        // Counted by the operation's pattern (`/api/v1/movies/{movieId}`) even when answered here,
        // before the router names it.
        context.coreContext.endpointPath.value =
            APIDocument.prefix + "/" + operations[0].operation.template.joined(separator: "/")
        if request.method == .options {
            var response = Response(status: .noContent, headers: [.allow: allowed.joined(separator: ", ")])
            if !isPersonal {
                response.headers.append(contentsOf: Self.corsHeaders)
                response.headers[.accessControlAllowMethods] = allowed.joined(separator: ", ")
                response.headers[.accessControlAllowHeaders] = "If-None-Match"
                response.headers[.accessControlMaxAge] = "86400"
            }
            return response
        }
        guard let (operation, pathValues) = operations.first(where: { $0.operation.method == request.method }) else {
            return isPersonal ? Self.notAllowed(allowed) : Self.public(Self.notAllowed(allowed))
        }
        if let problem = Self.problem(of: request, for: operation, pathValues: pathValues) {
            return isPersonal ? problem.response() : Self.public(problem.response())
        }
        let caller = APICaller(client: context.clientAddress.text, token: Self.bearerToken(request))
        var response: Response
        do {
            response = try await APICaller.$current.withValue(caller) { try await next(request, context) }
            for field in caller.headers.fields { response.headers[field.name] = field.value }
        } catch let error as ServerError {
            // The generated code's own refusals (an `Accept` it cannot answer, …) and a handler's
            // failure, as problem details: never a bare 500 with the error's text.
            let status = error.httpStatus
            let detail = status.kind == .clientError ? error.causeDescription : "The server could not answer."
            response = APIProblem(status, detail: detail).response()
        }
        return isPersonal ? response : Self.public(response)
    }

    /// `response` readable from any origin.
    static func `public`(_ response: Response) -> Response {
        var response = response
        for field in corsHeaders { response.headers[field.name] = field.value }
        return response
    }

    static func notAllowed(_ methods: [String]) -> Response {
        APIProblem(.methodNotAllowed, detail: "This path answers " + methods.joined(separator: ", ") + ".")
            .response(headers: [.allow: methods.joined(separator: ", ")])
    }

    /// The first of the operation's parameters that `request` gives wrongly, as a `400`.
    static func problem(
        of request: Request, for operation: APIDocument.Operation, pathValues: [String: String]
    ) -> APIProblem? {
        let query: [String: [String]]
        switch Self.queryValues(request.uri.query) {
        case .success(let values): query = values
        case .failure(let problem): return problem
        }
        for parameter in operation.parameters {
            let values: [String]
            switch parameter.location {
            case .query: values = query[parameter.name] ?? []
            case .header:
                values = HTTPField.Name(parameter.name).map { request.headers[values: $0] } ?? []
            case .path:
                guard let raw = pathValues[parameter.name] else {
                    values = []
                    break
                }
                guard let decoded = raw.removingPercentEncoding else {
                    return .badParameter(parameter.name, "is not UTF-8")
                }
                values = [decoded]
            }
            if values.count > 1 { return .badParameter(parameter.name, "is given more than once") }
            guard let value = values.first else {
                if parameter.isRequired { return .badParameter(parameter.name, "is required") }
                continue
            }
            if let why = parameter.problem(with: value) { return .badParameter(parameter.name, why) }
        }
        return nil
    }

    /// The query's values by name, decoded (`+` is a space); a name or value that does not decode
    /// to UTF-8 is a problem of its own.
    static func queryValues(_ query: String?) -> Result<[String: [String]], APIProblem> {
        var values: [String: [String]] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = String(parts[0]).replacingOccurrences(of: "+", with: " ")
            guard let name = rawName.removingPercentEncoding else {
                return .failure(.badParameter(String(parts[0].prefix(40)), "has a name that is not UTF-8"))
            }
            let rawValue = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : ""
            guard let value = rawValue.removingPercentEncoding else {
                return .failure(.badParameter(name, "is not UTF-8"))
            }
            values[name, default: []].append(value)
        }
        return .success(values)
    }

    /// The token of `Authorization: Bearer …`, if the request carries one.
    static func bearerToken(_ request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}

/// Who asks the API: handed from ``APIMiddleware`` to the handlers, which the generated code calls
/// with the operation's input only; and the headers a handler gives its answer, which the
/// middleware writes as they are.
struct APICaller: Sendable {
    /// The client's address (for the log and the limits).
    let client: String
    /// The personal token it sent (`Authorization: Bearer`), not yet checked.
    let token: String?
    let headers = AnswerHeaders()

    @TaskLocal static var current: APICaller?

    /// Header fields of the answer, set by the handler (one request's task, then the middleware).
    final class AnswerHeaders: Sendable {
        private let box = NIOLockedValueBox<HTTPFields>([:])

        func set(_ fields: HTTPFields) {
            box.withLockedValue { current in for field in fields { current[field.name] = field.value } }
        }

        var fields: HTTPFields { box.withLockedValue { $0 } }
    }
}
