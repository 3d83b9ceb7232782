import Foundation

/// What a person is told when a movie they want is on: which movie, where and from when.
public struct Announcement: Sendable, Equatable {
    public let person: PersonID
    public let movieID: Int
    public let title: String
    /// The area (or theatre) whose schedule lists the first show: its page's address.
    public let area: Int
    /// The first show's theatre, as the schedule names it ("Tennispalatsi, Helsinki").
    public let theatre: String
    /// The first show's start.
    public let firstShow: Date
    /// When ticket sales open, if that is still ahead; nil when tickets are on sale.
    public let salesStart: Date?
    /// How many shows the person's areas list for the movie.
    public let showCount: Int

    public init(
        person: PersonID, movieID: Int, title: String, area: Int, theatre: String, firstShow: Date, salesStart: Date?,
        showCount: Int
    ) {
        self.person = person
        self.movieID = movieID
        self.title = title
        self.area = area
        self.theatre = theatre
        self.firstShow = firstShow
        self.salesStart = salesStart
        self.showCount = showCount
    }
}
