import ImagePipeline

/// How each kind of picture in the app looks: a table of decorator chains (data, not code paths).
/// Each decorated variant fits the box its page gives the image, shadow included, so swapping
/// it in for the plain image does not move anything.
enum ImageVariants {
    /// The image as the source sent it.
    static let plain = ImageVariant("plain")

    /// A movie list's thumbnail (99x146): rounded, with a soft shadow below.
    static let listThumbnail = ImageVariant(
        "thumb",
        [
            Resize(.fit, width: 85, height: 132), RoundedCorners(radius: 8),
            DropShadow(radius: 5, offsetX: 0, offsetY: 2, opacity: 0.45),
        ])

    /// A movie page's poster (198x293): rounded, with a deeper shadow.
    static let poster = ImageVariant(
        "poster",
        [
            Resize(.fit, width: 176, height: 271), RoundedCorners(radius: 12),
            DropShadow(radius: 8, offsetX: 0, offsetY: 3, opacity: 0.5),
        ])

    /// A bookmark's card (66x97, drawn at twice that): turned a few degrees like a card on a
    /// board, with a shadow.
    static let bookmarkCard = ImageVariant(
        "card",
        [
            Resize(.fit, width: 108, height: 160), Transform(degrees: -3),
            DropShadow(radius: 5, offsetX: 0, offsetY: 2, opacity: 0.45),
        ])

    /// A news card's picture (148x83): cropped to the card and rounded.
    static let newsCard = ImageVariant(
        "news", [Resize(.fill, width: 148, height: 83), RoundedCorners(radius: 6)])

    /// An article's picture (440x248): cropped and rounded.
    static let article = ImageVariant(
        "article", [Resize(.fill, width: 440, height: 248), RoundedCorners(radius: 10)])

    /// An international list's poster (92x138): filtered to sepia, like the box-office posters
    /// of old, rounded, with a soft shadow; swapped in after the plain one.
    static let chartThumbnail = ImageVariant(
        "chart-thumb",
        [
            Resize(.fit, width: 80, height: 124), Sepia(), RoundedCorners(radius: 8),
            DropShadow(radius: 5, offsetX: 0, offsetY: 2, opacity: 0.45),
        ])

    /// An international movie's poster (198x297): sepia, rounded, a deeper shadow.
    static let chartPoster = ImageVariant(
        "chart-poster",
        [
            Resize(.fit, width: 176, height: 275), Sepia(), RoundedCorners(radius: 12),
            DropShadow(radius: 8, offsetX: 0, offsetY: 3, opacity: 0.5),
        ])

    /// Every variant by the name the image route uses.
    static let byName: [String: ImageVariant] = Dictionary(
        uniqueKeysWithValues: [
            plain, listThumbnail, poster, bookmarkCard, newsCard, article, chartThumbnail, chartPoster,
        ].map { ($0.name, $0) })
}
