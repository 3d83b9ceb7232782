import AppPatterns

/// An endpoint of Finnkino's XML API: what they share beyond ``Endpoint``.
public protocol FinnkinoEndpoint: Endpoint {}

extension FinnkinoEndpoint {
    /// Finnkino's feeds are XML; `Accept: application/xml` is sent because a sister feed of the
    /// same vendor answers JSON unless asked, and a block page (HTML) with status 200 is an outage.
    public var accepts: BodyKind? { .xml }

    /// A 403 in plain words: Finnkino's API is known to turn some scripted requests away.
    public func refusal(_ response: TransportResponse) -> String? {
        guard response.status == 403 else { return nil }
        return "Finnkino refused the request (403 Forbidden): its API turns some automated requests away."
            + " Try again later, or use the bundled data (without --source live)."
    }
}
