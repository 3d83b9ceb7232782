/// Names one live feed of the FeedStore: what it shows and for which area, list or day.
public enum FeedKey: Hashable, Sendable {
    case areas
    case movies(EventListType, area: Int?)
    case showtimes(area: Int, date: LocalDate)
    case scheduleDates(area: Int)
    case news(categoryID: Int?)
    case newsCategories
}
