import AppPatterns

/// An endpoint of Finnkino's XML API: what they share beyond ``Endpoint``.
public protocol FinnkinoEndpoint: Endpoint {}

extension FinnkinoEndpoint {
    /// A 403 in plain words: Finnkino's API is known to turn some scripted requests away.
    public func refusal(_ response: TransportResponse) -> String? {
        guard response.status == 403 else { return nil }
        return "Finnkino refused the request (403 Forbidden): its API turns some automated requests away."
            + " Try again later, or use the bundled data (without --source live)."
    }
}
