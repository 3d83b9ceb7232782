/// The `README.md` written next to the generated files: layout, manifest and the decisions a
/// reader of the dataset must know.
enum DatasetReadme {
    static func text(anchor: CalendarDay, dayCount: Int, seed: UInt64) -> String {
        """
        # Bundled Finnkino dataset (generated, do not edit)

        Written by `swift run finnkino-dataset --output Sources/FinnkinoKit/Bundled` (seed \(seed), anchor \
        \(anchor.iso), \(dayCount) days). Every title, synopsis, person, poster and news article is invented by
        the generator from its seed vocabulary; theatre and area names are public facts. Regenerate after any
        change to the generator; a test compares this folder with a fresh generation.

        ## Layout

        - `manifest.json`: format version, anchor date, day count, default area, area -> show `TheatreID`s,
          the documents of each language, language fallbacks, per-day event IDs by theatre (for ScheduleDates
          and the Events area filter), and every file with its size. Only listed files are ever served.
        - `fi/`, `en/`: the wire documents of each language, exactly as the API writes them
          (`TheatreAreas`, `Events-NowInTheatres`, `Events-ComingSoon`, `News`, `NewsCategories`, `Languages`),
          and one `Schedule-<date>` document per day holding every theatre's shows. Files over 24 KiB are
          gzip-compressed (`.xml.gz`). Swedish (`/sv/xml/`) is answered with the Finnish files.
        - `charts/`: the international lists in TMDB v3's JSON (`configuration.json`, `now_playing/<page>.json`,
          `upcoming/<page>.json`, `top_rated/<page>.json` with 20 movies a page, `movie/<id>.json` as
          `/movie/<id>?append_to_response=credits,videos` answers) and OMDb's (`omdb/<imdbID>.json`), for 64
          invented movies; `media/charts/<size>/<id>.jpg` their posters at TMDB's sizes (`w92`, `w185`, `w342`,
          `original` = 500 wide). `movie/95xxxx.json` and `omdb/tt98xxxxx.json` are TMDB's and OMDb's
          entries of Finnkino's own films (no poster, on no list), which the app matches by original title
          and year: most films have one; every sixth none; some only a namesake of years before, or two
          entries of the same title and year, which must match nothing.
        - `media/Event_<n>/`: posters (`portrait_micro` 40x59, `portrait_small` 99x146, `portrait_medium`
          198x293, `portrait_large` 396x586, `landscape_small` 444x250, `landscape_large` 670x377) and gallery
          images, and `trailer.mp4`; `media/news/<id>/`: article images. Images are JPEG, abstract art painted
          from a seed.

        ## Decisions

        - Dates are written for the anchor date; the transport moves them so that day 0 is today
          (Europe/Helsinki). The window starts on a Monday and crosses the change to summer time on 2025-03-30.
        - Area 1029 ("Valitse alue/teatteri", a UI placeholder) selects every theatre; a request without
          `area` gets 1014 (capital region), as the real API appears to.
        - Show `TheatreID`s are real where a saved sample shows them (1034, 1038, 1043, 1047, 1050, 1056, 1058);
          the others (1061-1069) and all auditorium IDs are invented.
        - URLs use the `bundled:` scheme: `bundled:///media/...` is served by the transport, while
          `bundled:///websales/show/<id>/`, `bundled:///event/<id>/...` and `bundled:///news/<id>` name pages
          that do not exist (there is no ticket sale for invented shows). Rating and content-descriptor icons
          keep the real `https://media.finnkino.fi/images/...` pattern.
        - Trailers are listed as `MediaResourceFormat` `Mp4` at `bundled:///media/Event_<n>/trailer.mp4`: a
          4 s clip (480x270, 24 fps, H.264 and mono AAC) panning over the landscape poster with the original
          title and two seeded tones. `music/<name>.m4a` are the trailer editor's tunes (20 s, AAC). ffmpeg makes
          both, with one thread and bit-exact flags: the same ffmpeg build writes the same bytes, another version
          may not (the committed files come from Debian 12's ffmpeg, which `scripts/setup` installs).
        - The international lists follow TMDB's and OMDb's quirks on purpose: keys in alphabetical order,
          `vote_average` an integer when whole, `""` overviews, null backdrops, a runtime of 0 for some upcoming
          movies, the director also in the crew as writer, no videos; OMDb values all strings with `N/A`, and
          ratings left out (no Metacritic, no Tomatometer yet) for some titles. Their dates (`YYYY-MM-DD`) move
          with the rest; OMDb's `Released` does not (the app reads only its scores).
        - The Events documents carry `Gallery` for a few events; the transport drops it unless
          `includeGallery=true`, and writes `<Videos />` when `includeVideos=false`.

        """
    }
}
