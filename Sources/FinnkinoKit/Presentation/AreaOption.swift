/// One entry of an area picker.
public struct AreaOption: Sendable, Hashable {
    /// Nil for "all of Finland".
    public var id: Int?
    public var name: String
    public var isSelected: Bool

    public init(id: Int?, name: String, isSelected: Bool) {
        self.id = id
        self.name = name
        self.isSelected = isSelected
    }

    /// The picker's entries for `areas`, with `selected` marked.
    static func options(_ areas: [TheatreArea], selected: Int?, allLabel: String?) -> [AreaOption] {
        var options: [AreaOption] = []
        options.reserveCapacity(areas.count + 1)
        if let allLabel { options.append(AreaOption(id: nil, name: allLabel, isSelected: selected == nil)) }
        for area in areas { options.append(AreaOption(id: area.id, name: area.name, isSelected: area.id == selected)) }
        return options
    }
}
