import AppPatterns

/// An original image to fetch: through which transport (the feeds' own, so the bundled dataset and
/// the live service both work), with which request, and a stable name (its URL) that identifies it
/// in caches and logs.
public struct ImageRequest: Sendable {
    public var name: String
    public var transport: any Transport
    public var request: TransportRequest

    public init(name: String, transport: any Transport, request: TransportRequest) {
        self.name = name
        self.transport = transport
        self.request = request
    }
}
