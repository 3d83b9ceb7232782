import Hummingbird

/// Where the controllers add their routes, each by its ``WebRoute/Pattern``: a person's pages
/// (GET) to one group, their changes (any other method) to the group ``CSRFMiddleware`` checks,
/// so that no change can be added unchecked; what belongs to no one (files, images, the health
/// check) to the router itself.
struct RouteGroups {
    let router: Router<PersonRequestContext>
    let pages: RouterGroup<PageRequestContext>
    let changes: RouterGroup<PageRequestContext>

    /// Adds a person's page or change.
    func on(
        _ pattern: WebRoute.Pattern,
        use handler: @Sendable @escaping (Request, PageRequestContext) async throws -> some ResponseGenerator
    ) {
        (pattern.method == .get ? pages : changes).on(
            RouterPath(pattern.template), method: pattern.method, use: handler)
    }

    /// Adds a route that belongs to no one (a file, an image, the health check: GETs only).
    func onPublic(
        _ pattern: WebRoute.Pattern,
        use handler: @Sendable @escaping (Request, PersonRequestContext) async throws -> some ResponseGenerator
    ) {
        precondition(!pattern.belongsToSomeone && pattern.method == .get, "\(pattern) is a person's")
        router.on(RouterPath(pattern.template), method: pattern.method, use: handler)
    }
}
