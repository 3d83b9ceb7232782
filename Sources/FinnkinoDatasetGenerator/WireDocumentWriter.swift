/// Renders the invented content as Finnkino wire documents (element names, child order and
/// formatting as in SCHEMA.md), one language at a time.
struct WireDocumentWriter {
    var language: DatasetLanguage

    // MARK: TheatreAreas

    func theatreAreas() -> String {
        var xml = XMLWriter(root: "TheatreAreas")
        for area in TheatreCatalog.areas {
            xml.open("TheatreArea")
            xml.leaf("ID", area.id)
            xml.leaf("Name", areaName(area))
            xml.close("TheatreArea")
        }
        return xml.finish()
    }

    private func areaName(_ area: TheatreAreaEntry) -> String {
        guard language == .en else { return area.name }
        switch area.id {
        case 1029: return "Choose area/theatre"
        case 1014: return "Capital region"
        default: return area.name
        }
    }

    // MARK: Events

    func events(_ events: [InventedEvent]) -> String {
        var xml = XMLWriter(root: "Events")
        for event in events {
            xml.open("Event")
            xml.leaf("ID", event.id)
            writeTitleBlock(&xml, event)
            xml.leaf("LocalDistributorName", event.localDistributor)
            xml.leaf("GlobalDistributorName", event.globalDistributor)
            xml.leaf("ProductionCompanies", "-")
            xml.leaf("EventType", event.isLiveEvent ? "LiveEvent" : "Movie")
            xml.leaf("Genres", genres(event))
            xml.leaf("ShortSynopsis", event.shortSynopsis[language])
            xml.leaf("Synopsis", event.synopsis[language])
            xml.leaf("EventURL", event.eventURL(language))
            writeImages(&xml, event, includeMicro: true)
            xml.open("Videos")
            xml.open("EventVideo")
            xml.leaf("Title", language == .fi ? "Katso traileri" : "Watch the trailer")
            xml.leaf("Location", event.mediaURL("trailer.mp4"))
            xml.leaf("ThumbnailLocation", event.mediaURL("landscape_small.jpg"))
            xml.leaf("MediaResourceSubType", "EventTrailer")
            xml.leaf("MediaResourceFormat", "Mp4")
            xml.close("EventVideo")
            xml.close("Videos")
            if event.galleryCount > 0 {
                xml.open("Gallery")
                for number in 1...event.galleryCount {
                    xml.open("GalleryImage")
                    xml.empty("Title")
                    xml.leaf("Location", event.mediaURL("gallery_\(number).jpg"))
                    xml.leaf("ThumbnailLocation", event.mediaURL("gallery_\(number)_thumbnail.jpg"))
                    xml.close("GalleryImage")
                }
                xml.close("Gallery")
            }
            writePeople(&xml, "Cast", "Actor", event.cast)
            writePeople(&xml, "Directors", "Director", event.directors)
            writeDescriptors(&xml, event)
            xml.close("Event")
        }
        return xml.finish()
    }

    private func writeTitleBlock(_ xml: inout XMLWriter, _ event: InventedEvent) {
        xml.leaf("Title", event.title[language])
        xml.leaf("OriginalTitle", event.originalTitle)
        xml.leaf("ProductionYear", event.productionYear)
        xml.leaf("LengthInMinutes", event.lengthInMinutes)
        xml.leaf("dtLocalRelease", event.localRelease.midnightStamp)
        xml.leaf("Rating", event.rating)
        xml.leaf("RatingLabel", event.ratingLabel)
        xml.leaf("RatingImageUrl", "https://media.finnkino.fi/images/rating_large_\(event.ratingLabel).png")
    }

    private func genres(_ event: InventedEvent) -> String {
        event.genres.map { $0[language] }.joined(separator: ", ")
    }

    private func writeImages(_ xml: inout XMLWriter, _ event: InventedEvent, includeMicro: Bool) {
        xml.open("Images")
        if includeMicro { xml.leaf("EventMicroImagePortrait", event.mediaURL("portrait_micro.jpg")) }
        xml.leaf("EventSmallImagePortrait", event.mediaURL("portrait_small.jpg"))
        xml.leaf("EventMediumImagePortrait", event.mediaURL("portrait_medium.jpg"))
        xml.leaf("EventLargeImagePortrait", event.mediaURL("portrait_large.jpg"))
        xml.leaf("EventSmallImageLandscape", event.mediaURL("landscape_small.jpg"))
        xml.leaf("EventLargeImageLandscape", event.mediaURL("landscape_large.jpg"))
        xml.close("Images")
    }

    private func writePeople(_ xml: inout XMLWriter, _ container: String, _ item: String, _ people: [PersonName]) {
        guard !people.isEmpty else { return xml.empty(container) }
        xml.open(container)
        for person in people {
            xml.open(item)
            xml.leaf("FirstName", person.first)
            xml.leaf("LastName", person.last)
            xml.close(item)
        }
        xml.close(container)
    }

    private func writeDescriptors(_ xml: inout XMLWriter, _ event: InventedEvent) {
        guard !event.contentDescriptors.isEmpty else { return xml.empty("ContentDescriptors") }
        xml.open("ContentDescriptors")
        for name in event.contentDescriptors {
            xml.open("ContentDescriptor")
            xml.leaf("Name", name)
            xml.leaf("ImageURL", "https://media.finnkino.fi/images/content_\(name).png")
            xml.close("ContentDescriptor")
        }
        xml.close("ContentDescriptors")
    }

    // MARK: Schedule

    /// One day's schedule for every theatre. The transport relies on this layout: each show is a
    /// block from a line `    <Show>` to a line `    </Show>`, with `<EventID>` and `<TheatreID>`
    /// inside.
    func schedule(day: CalendarDay, shows: [ScheduledShow]) -> String {
        var xml = XMLWriter(root: "Schedule")
        xml.leaf("PubDate", day.midnightWithOffset)
        if shows.isEmpty {
            xml.empty("Shows")
            return xml.finish()
        }
        xml.open("Shows")
        for show in shows {
            writeShow(&xml, show, day: day)
        }
        xml.close("Shows")
        return xml.finish()
    }

    private func writeShow(_ xml: inout XMLWriter, _ show: ScheduledShow, day: CalendarDay) {
        let event = show.event
        xml.open("Show")
        xml.leaf("ID", show.id)
        xml.leaf("dtAccounting", day.midnightStamp)
        xml.leaf("dttmShowStart", day.localStamp(minutes: show.start))
        xml.leaf("dttmShowStartUTC", day.utcStamp(minutes: show.start))
        xml.leaf("dttmShowEnd", day.localStamp(minutes: show.end))
        xml.leaf("dttmShowEndUTC", day.utcStamp(minutes: show.end))
        xml.leaf("ShowSalesStartTime", "2000-01-01T00:00:00")
        xml.leaf("ShowSalesStartTimeUTC", "2000-01-01T00:00:00Z")
        xml.leaf("ShowSalesEndTime", day.localStamp(minutes: show.start - 15))
        xml.leaf("ShowSalesEndTimeUTC", day.utcStamp(minutes: show.start - 15))
        xml.leaf("ShowReservationStartTime", "0001-01-01T00:00:00")
        xml.leaf("ShowReservationStartTimeUTC", "0001-01-01T00:00:00")
        xml.leaf("ShowReservationEndTime", "0001-01-01T00:00:00")
        xml.leaf("ShowReservationEndTimeUTC", "0001-01-01T00:00:00")
        xml.leaf("EventID", event.id)
        writeTitleBlock(&xml, event)
        xml.leaf("EventType", event.isLiveEvent ? "LiveEvent" : "Movie")
        xml.leaf("Genres", genres(event))
        xml.leaf("TheatreID", show.theatre.id)
        xml.leaf("TheatreAuditriumID", show.theatre.firstAuditoriumID + show.auditorium - 1)
        let auditorium = (language == .fi ? "sali " : "auditorium ") + String(show.auditorium)
        xml.leaf("Theatre", show.theatre.displayName)
        xml.leaf("TheatreAuditorium", auditorium)
        xml.leaf("TheatreAndAuditorium", show.theatre.displayName + ", " + auditorium)
        let method = show.is3D ? "3D" : "2D"
        let spoken = show.spokenLanguage ?? event.spokenLanguage
        xml.leaf("PresentationMethodAndLanguage", method + ", " + spoken.name[language])
        xml.leaf("PresentationMethod", method)
        xml.leaf("EventSeries", show.eventSeries?[language] ?? "")
        xml.leaf("ShowURL", "bundled:///websales/show/\(show.id)/")
        xml.leaf("EventURL", event.eventURL(language))
        writeLanguage(&xml, "SpokenLanguage", spoken)
        for (index, subtitle) in show.subtitles.prefix(2).enumerated() {
            writeLanguage(&xml, "SubtitleLanguage\(index + 1)", subtitle)
        }
        writeImages(&xml, event, includeMicro: false)
        writeDescriptors(&xml, event)
        xml.close("Show")
    }

    private func writeLanguage(_ xml: inout XMLWriter, _ element: String, _ seed: ShowLanguageSeed) {
        xml.open(element)
        xml.leaf("Name", seed.name[language])
        xml.empty("NameInLanguage")
        xml.leaf("ISOTwoLetterCode", seed.code)
        xml.close(element)
    }

    // MARK: News

    func news(_ articles: [InventedNews]) -> String {
        var xml = XMLWriter(root: "News")
        for article in articles {
            xml.open("NewsArticle")
            xml.leaf("Title", article.title[language])
            xml.leaf("PublishDate", article.published.midnightStamp)
            xml.leaf("HTMLLead", article.lead[language])
            xml.leaf("HTMLContent", htmlContent(article))
            xml.leaf("ArticleURL", "bundled:///news/\(article.id)")
            xml.leaf("ImageURL", "bundled:///" + article.imagePath)
            xml.leaf("ThumbnailURL", "bundled:///" + article.thumbnailPath)
            xml.open("Categories")
            for category in article.categories {
                xml.open("NewsArticleCategory")
                xml.leaf("ID", category.id)
                xml.leaf("Name", category.name[language])
                xml.close("NewsArticleCategory")
            }
            xml.close("Categories")
            xml.close("NewsArticle")
        }
        return xml.finish()
    }

    /// An HTML fragment as Finnkino's CMS writes it: markup with HTML named entities for
    /// non-ASCII letters and dashes (the XML writer then escapes it once more).
    private func htmlContent(_ article: InventedNews) -> String {
        var html = "<h2>" + Self.htmlEntities(article.heading[language]) + "</h2>"
        for paragraph in article.paragraphs {
            html += " <p>" + Self.htmlEntities(paragraph[language]) + "</p>"
        }
        html += " <p style=\"text-align: center;\"><img src=\"bundled:///\(article.imagePath)\" alt=\"\" /></p>"
        if let eventID = article.eventID {
            let label = language == .fi ? "Osta&nbsp;liput" : "Buy&nbsp;tickets"
            html += " <a class=\"btn btn-primary\" href=\"bundled:///event/\(eventID)/\">\(label)</a>"
        }
        return html
    }

    static func htmlEntities(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "ä": result += "&auml;"
            case "ö": result += "&ouml;"
            case "Ä": result += "&Auml;"
            case "Ö": result += "&Ouml;"
            case "å": result += "&aring;"
            case "Å": result += "&Aring;"
            case "–": result += "&ndash;"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    func newsCategories(_ articles: [InventedNews]) -> String {
        var xml = XMLWriter(root: "NewsCategories")
        for category in Vocabulary.newsCategories {
            xml.open("NewsArticleCategory")
            xml.leaf("ID", category.id)
            xml.leaf("Name", category.name[language])
            xml.leaf("NewsArticleCount", articles.filter { $0.categories.contains { $0.id == category.id } }.count)
            xml.close("NewsArticleCategory")
        }
        return xml.finish()
    }

    // MARK: Languages

    func languages() -> String {
        let rows: [(id: Int, english: String, local: String, inFinnish: String, iso: String, two: String)] = [
            (1001, "Finnish", "suomi", "suomi", "FIN", "FI"),
            (1002, "Swedish", "svenska", "ruotsi", "SWE", "SV"),
            (1003, "English", "English", "englanti", "ENG", "EN"),
        ]
        var xml = XMLWriter(root: "Languages")
        for row in rows {
            xml.open("Language")
            xml.leaf("ID", row.id)
            xml.leaf("Name", language == .fi ? row.inFinnish : row.english)
            xml.leaf("LocalName", row.local)
            xml.leaf("NameInLanguage", row.local)
            xml.leaf("ISOCode", row.iso)
            xml.leaf("ISOTwoLetterCode", row.two)
            xml.close("Language")
        }
        return xml.finish()
    }
}
