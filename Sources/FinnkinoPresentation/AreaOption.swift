import FinnkinoKit

/// One entry of an area picker.
public struct AreaOption: Sendable, Hashable {
    /// Nil for "all of Finland".
    public var id: Int?
    public var name: String
    public var isSelected: Bool
    /// How far the area's nearest theatre is (`3.2 km`, `160 km`), when the user's location is known.
    public var distance: String?

    public init(id: Int?, name: String, isSelected: Bool, distance: String? = nil) {
        self.id = id
        self.name = name
        self.isSelected = isSelected
        self.distance = distance
    }

    /// The picker's entries for `areas`, with `selected` marked.
    static func options(_ areas: [TheatreArea], selected: Int?, allLabel: String?) -> [AreaOption] {
        var options: [AreaOption] = []
        options.reserveCapacity(areas.count + 1)
        if let allLabel { options.append(AreaOption(id: nil, name: allLabel, isSelected: selected == nil)) }
        for area in areas { options.append(AreaOption(id: area.id, name: area.name, isSelected: area.id == selected)) }
        return options
    }

    /// The picker's entries with the areas nearest to `location` first, each with its distance
    /// ("all of Finland" stays first; areas of unknown position come last, without one), and the
    /// nearest area. Without a location: ``options(_:selected:allLabel:)`` and no nearest area.
    static func options(
        _ areas: [TheatreArea], selected: Int?, allLabel: String?, near location: Coordinate?, format: DisplayFormat
    ) -> (options: [AreaOption], nearest: AreaOption?) {
        guard let location else { return (options(areas, selected: selected, allLabel: allLabel), nil) }
        var options: [AreaOption] = []
        options.reserveCapacity(areas.count + 1)
        if let allLabel { options.append(AreaOption(id: nil, name: allLabel, isSelected: selected == nil)) }
        var nearest: AreaOption?
        for entry in TheatreLocations.byDistance(areas, from: location) {
            let option = AreaOption(
                id: entry.area.id, name: entry.area.name, isSelected: entry.area.id == selected,
                distance: entry.kilometres.map(format.distance))
            if nearest == nil, option.distance != nil { nearest = option }
            options.append(option)
        }
        return (options, nearest)
    }
}
