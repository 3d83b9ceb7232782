import Metrics

/// A limit of the server that turned a request away, counted in
/// `finnkino_limits_hit_total{limit}`: the operator sees abuse, or limits set too low.
enum LimitHit: String, Sendable {
    /// A client making new persons faster than a hosted server allows.
    case newPersons = "new_persons"
    /// A person's changes beyond the rate per minute.
    case postsPerMinute = "posts_per_minute"
    /// Join-code attempts beyond the rate of a session or a client.
    case joinAttempts = "join_attempts"
    /// An editor refused: a person's, a client's or the server's open editors are at their most.
    case editorSessions = "editor_sessions"
    /// An upload larger than the server takes.
    case uploadSize = "upload_size"
    /// A client's API requests beyond the rate per minute (`--api-requests-per-minute`).
    case apiRequests = "api_requests"

    func count() {
        Counter(label: "limits_hit_total", dimensions: [("limit", rawValue)]).increment()
    }
}
