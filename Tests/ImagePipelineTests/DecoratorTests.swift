import Testing

@testable import ImagePipeline

/// Each decorator's pixels, and decorators composed in different orders.
@Suite struct DecoratorTests {
    func render(_ bitmap: Bitmap, _ decorators: [any ImageDecorator]) throws -> Bitmap {
        try BitmapComponent(bitmap).decorated(with: decorators).render(minimumSize: nil)
    }

    @Test func shadowAlphaFallsOffOutwardAndTheImageStaysCentred() throws {
        // Given an opaque 40x40 square with a 10 px shadow and no offset
        let shadowed = try render(TestImages.solid(width: 40, height: 40), [DropShadow(radius: 10, opacity: 0.8)])
        // Then the bitmap grew by the padding on each side and the image is intact in the middle
        #expect(shadowed.size == PixelSize(width: 60, height: 60))
        #expect(shadowed.pixel(x: 30, y: 30) == RGBA(red: 200, green: 40, blue: 40))
        // And going out from the image's right edge (x = 50) the shadow's alpha only falls, to 0
        let alphas = (50..<60).map { Int(shadowed.pixel(x: $0, y: 30).alpha) }
        #expect(alphas.first! > 0)
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(alphas.first! > alphas.last!)
        #expect(shadowed.pixel(x: 0, y: 0).alpha == 0)
        // And the shadow is black
        let shadow = shadowed.pixel(x: 51, y: 30)
        #expect(shadow.red == 0 && shadow.green == 0 && shadow.blue == 0)
    }

    @Test func anOffsetShadowIsDarkerOnItsSide() throws {
        let shadowed = try render(
            TestImages.solid(width: 20, height: 20), [DropShadow(radius: 4, offsetX: 0, offsetY: 4, opacity: 1)])
        let padding = 8
        // Below the image there is more shadow than above it
        let below = shadowed.pixel(x: padding + 10, y: padding + 20 + 1).alpha
        let above = shadowed.pixel(x: padding + 10, y: padding - 2).alpha
        #expect(below > above)
    }

    @Test func rotationSizesAndTransparentCorners() throws {
        let source = TestImages.solid(width: 100, height: 50)
        // A right angle swaps the sides, with no transparent pixel
        let quarter = try render(source, [Transform(degrees: 90)])
        #expect(quarter.size == PixelSize(width: 50, height: 100))
        #expect(quarter.isOpaque)
        // 45 degrees: the bounding box of the turned rectangle, corners transparent, centre opaque
        let turned = try render(TestImages.solid(width: 100, height: 100), [Transform(degrees: 45)])
        #expect(turned.size == PixelSize(width: 142, height: 142))
        for (x, y) in [(0, 0), (141, 0), (0, 141), (141, 141)] { #expect(turned.pixel(x: x, y: y).alpha == 0) }
        #expect(turned.pixel(x: 71, y: 71).alpha == 255)
        #expect(turned.pixel(x: 71, y: 1).alpha > 0)
    }

    @Test func scaleAndFlip() throws {
        // A bitmap whose left half is red and right half blue
        var bitmap = Bitmap(width: 4, height: 2)
        for y in 0..<2 {
            for x in 0..<4 {
                let offset = (y * 4 + x) * 4
                bitmap.pixels.replaceSubrange(offset..<offset + 4, with: x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255])
            }
        }
        let flipped = try render(bitmap, [Transform(flipHorizontally: true)])
        #expect(flipped.pixel(x: 0, y: 0) == RGBA(red: 0, green: 0, blue: 255))
        #expect(flipped.pixel(x: 3, y: 1) == RGBA(red: 255, green: 0, blue: 0))
        #expect(try render(bitmap, [Transform(scale: 2)]).size == PixelSize(width: 8, height: 4))
    }

    @Test func roundedCornersAreTransparentOutsideTheArcAndSoftOnIt() throws {
        let rounded = try render(TestImages.solid(width: 40, height: 30), [RoundedCorners(radius: 10)])
        #expect(rounded.size == PixelSize(width: 40, height: 30))
        for (x, y) in [(0, 0), (39, 0), (0, 29), (39, 29)] { #expect(rounded.pixel(x: x, y: y).alpha == 0) }
        #expect(rounded.pixel(x: 20, y: 15).alpha == 255)
        #expect(rounded.pixel(x: 10, y: 0).alpha == 255)
        // On the arc (distance about 10 from the corner's centre) the alpha is partial
        let edge = rounded.pixel(x: 2, y: 3)
        #expect(edge.alpha > 0 && edge.alpha < 255)
        // Premultiplied: colour never exceeds alpha
        #expect(edge.red <= edge.alpha)
    }

    @Test func grayscaleUsesLuminance() throws {
        let red = try render(TestImages.solid(width: 2, height: 2, RGBA(red: 255, green: 0, blue: 0)), [Grayscale()])
        #expect(red.pixel(x: 0, y: 0) == RGBA(red: 54, green: 54, blue: 54))
        let green = try render(TestImages.solid(width: 2, height: 2, RGBA(red: 0, green: 255, blue: 0)), [Grayscale()])
        #expect(green.pixel(x: 1, y: 1) == RGBA(red: 182, green: 182, blue: 182))
        let white = try render(
            TestImages.solid(width: 1, height: 1, RGBA(red: 255, green: 255, blue: 255)), [Grayscale()])
        #expect(white.pixel(x: 0, y: 0) == RGBA(red: 255, green: 255, blue: 255))
    }

    @Test func sepiaWarmsGrey() throws {
        let toned = try render(TestImages.solid(width: 1, height: 1, RGBA(red: 100, green: 100, blue: 100)), [Sepia()])
        let pixel = toned.pixel(x: 0, y: 0)
        #expect(pixel.red > pixel.green && pixel.green > pixel.blue)
    }

    @Test func resizeFitsInsideOrFillsTheBox() throws {
        let source = TestImages.gradient(width: 300, height: 200)
        #expect(try render(source, [Resize(.fit, width: 100, height: 100)]).size == PixelSize(width: 100, height: 67))
        let filled = try render(source, [Resize(.fill, width: 100, height: 100)])
        #expect(filled.size == PixelSize(width: 100, height: 100))
        // Fill crops evenly: the middle column of the output is the middle of the source
        let middle = filled.pixel(x: 50, y: 50).red
        #expect(abs(Int(middle) - 128) < 6)
        // A solid colour stays exactly that colour when shrunk (weights sum to one)
        let solid = try render(TestImages.solid(width: 97, height: 61), [Resize(.fit, width: 13, height: 13)])
        #expect(solid.pixel(x: 6, y: 4) == RGBA(red: 200, green: 40, blue: 40))
    }

    @Test func theOrderOfDecoratorsMatters() throws {
        let source = TestImages.solid(width: 100, height: 100)
        // Shadow then resize: the padding is shrunk with the image; resize then shadow: it is not
        let resizedFirst = try render(source, [Resize(.fit, width: 50, height: 50), DropShadow(radius: 10)])
        let shadowFirst = try render(source, [DropShadow(radius: 10), Resize(.fit, width: 50, height: 50)])
        #expect(resizedFirst.size == PixelSize(width: 70, height: 70))
        #expect(shadowFirst.size == PixelSize(width: 50, height: 50))
        // Rounded then rotated keeps round corners turned; rotated then rounded rounds the bounding box
        let roundedThenTurned = try render(source, [RoundedCorners(radius: 20), Transform(degrees: 90)])
        let turnedThenRounded = try render(source, [Transform(degrees: 90), RoundedCorners(radius: 20)])
        #expect(roundedThenTurned == turnedThenRounded)  // a right angle maps the rounded square onto itself
        let tilted = try render(source, [RoundedCorners(radius: 20), Transform(degrees: 30)])
        let tiltedThenRounded = try render(source, [Transform(degrees: 30), RoundedCorners(radius: 20)])
        #expect(tilted.size == tiltedThenRounded.size && tilted != tiltedThenRounded)
    }

    @Test func theCacheKeyNamesTheWholeChainInOrder() {
        let card = ImageVariant(
            "card", [Resize(.fit, width: 10, height: 10), Transform(degrees: -3), DropShadow(radius: 4)])
        let other = ImageVariant(
            "card", [Transform(degrees: -3), Resize(.fit, width: 10, height: 10), DropShadow(radius: 4)])
        #expect(card.key != other.key)
        #expect(card.key.hasPrefix("resize-fit-10x10+transform-"))
        #expect(ImageVariant("plain").key == "plain")
    }

    @Test func aNewDecoratorComposesWithoutTouchingTheOthers() throws {
        /// Inverts colours: defined here, in the test, to show no existing type needs editing.
        struct Invert: ImageDecorator {
            var key: String { "invert" }
            func apply(to bitmap: Bitmap) -> Bitmap {
                var output = bitmap
                for index in stride(from: 0, to: output.pixels.count, by: 4) {
                    for channel in 0..<3 {
                        output.pixels[index + channel] = output.pixels[index + 3] - output.pixels[index + channel]
                    }
                }
                return output
            }
        }
        let inverted = try render(
            TestImages.solid(width: 8, height: 8), [Resize(.fit, width: 4, height: 4), Invert(), Grayscale()])
        #expect(inverted.size == PixelSize(width: 4, height: 4))
        #expect(inverted.pixel(x: 0, y: 0).red == inverted.pixel(x: 0, y: 0).green)
    }
}
