/// An area and how far its nearest theatre is.
public struct AreaDistance: Sendable, Hashable, Codable {
    public var area: TheatreArea
    /// Kilometres to the area's nearest theatre; nil when its theatres' positions are unknown.
    public var kilometres: Double?

    public init(area: TheatreArea, kilometres: Double?) {
        self.area = area
        self.kilometres = kilometres
    }
}
