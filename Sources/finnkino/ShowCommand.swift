import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import Foundation

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one show: the movie, when and where, what kind of show it is, tickets; as a calendar file.",
        discussion: """
            A show is found in the schedule of the area and day it is listed in, as \
            `finnkino showtimes` lists it (the same --area and --date).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The show's ID (from `finnkino showtimes --json`).")
    var id: Int

    @Option(
        help: ArgumentHelp(
            "The area or theatre it is listed in: a name or an ID. Default: the capital region.",
            valueName: "name|id"))
    var area: String?

    @Option(help: ArgumentHelp("The day it is listed on: today, tomorrow, YYYY-MM-DD or D.M.YYYY.", valueName: "day"))
    var date: DayArgument = .today

    @Option(
        help: ArgumentHelp(
            "Write the show as an iCalendar file (RFC 5545) here; - for standard output.",
            valueName: "file"))
    var ics: String?

    func run() async throws {
        let store = try global.makeStore()
        let now = Date()
        let day = date.resolve(today: HelsinkiTime.localDate(of: now))
        var areaID = FeedStore.defaultScheduleAreaID
        if let area { areaID = try await store.area(matching: area).id }
        // The show itself first: an unknown ID fails here with the reason.
        let loaded = try await store.show(id: id, area: areaID, date: day)
        var viewModel = ShowViewModel(store: store, language: .en, now: { now })
        viewModel.showSelected(id: id, area: areaID, date: day)
        await viewModel.load()
        let outputs = viewModel.outputs
        if let ics {
            guard let event = outputs.calendarEvent else { throw CommandFailure(outputs.errorMessage ?? "no show") }
            let text = ShowCalendar.document(event).text(stamp: now)
            if ics == "-" { return try FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: ics), options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(ics): \(error.localizedDescription)")
            }
            "Wrote \(ics): \(outputs.title), \(outputs.day) \(outputs.time).".writeToStandardError()
            return
        }
        let output = Output(global)
        let runs = await ScreenRuns.load(area: areaID, store: store, now: now, forShowsOf: day)
        let followed = RunOption.followed(global, runs: runs)
        if output.isJSON {
            return try output.encoded(
                ShowDocument(
                    show: WithRuns(loaded.value, runs: runs, followed: followed, now: now),
                    badges: outputs.badges.map { .init(kind: $0.kind.rawValue, text: $0.text) },
                    theatreAddress: outputs.address))
        }
        if let note = Terminal.staleNote(loaded) { note.writeToStandardError() }
        let told = runs.badges(
            of: loaded.value, followed: followed.contains(loaded.value.eventID), now: now,
            format: DisplayFormat(strings: .english))
        output.text(render(outputs, runs: told))
    }

    private func render(_ show: ShowViewModel.Outputs, runs: [RunBadge]) -> String {
        var lines = [show.title + (show.originalTitle.map { " (\($0))" } ?? "")]
        lines.append(show.day + " " + show.time)
        lines.append(show.theatre + ", " + show.auditorium + (show.address.map { " · " + $0 } ?? ""))
        let badges = show.badges.map(\.text) + runs.map(\.text)
        if !badges.isEmpty { lines.append(badges.joined(separator: " · ")) }
        lines.append(show.facts.map { $0.label + " " + $0.value }.joined(separator: " · "))
        lines += [show.salesEnd, show.reservationEnd].compactMap { $0 }
        var text = lines.map { Terminal.wrap($0) }
        // Addresses whole, never wrapped, so that a terminal can open them.
        if let ticket = show.ticketURL { text.append("Tickets: " + ticket.absoluteString) }
        if let directions = show.directionsURL { text.append("Directions: " + directions.absoluteString) }
        let area = show.area.flatMap { $0 == FeedStore.defaultScheduleAreaID ? nil : " --area \($0)" } ?? ""
        text.append("Calendar: finnkino show \(id)\(area) --date \(show.date.map(\.description) ?? "") --ics show.ics")
        return text.joined(separator: "\n")
    }
}

/// `finnkino show ID --json`: the show as `finnkino showtimes --json` lists it, what it is in words
/// (English), and its theatre's street address where known (docs/json/show.schema.json).
struct ShowDocument: Encodable {
    struct Badge: Encodable {
        var kind: String
        var text: String
    }

    var show: WithRuns<Show>
    var badges: [Badge]
    var theatreAddress: String?
}
