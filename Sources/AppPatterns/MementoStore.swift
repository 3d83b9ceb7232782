import Foundation
import Logging

/// Keeps the mementos of one originator's state (the Memento pattern's caretaker): saves the
/// state as a versioned snapshot and gives it back on restore.
///
/// Restoring never fails: no snapshot gives `defaultState`; a snapshot that does not decode, or
/// was written in another version of the format, gives `defaultState` and a logged warning.
public struct MementoStore<State: Codable & Sendable>: Sendable {
    public let key: String
    /// The version written into new mementos; others are not read.
    public let version: Int
    public let defaultState: State
    private let storage: any SnapshotStorage
    private let logger: Logger
    private let now: @Sendable () -> Date

    public init(
        key: String, version: Int, defaultState: State, storage: any SnapshotStorage,
        logger: Logger = Logger(label: "MementoStore"), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.key = key
        self.version = version
        self.defaultState = defaultState
        self.storage = storage
        self.logger = logger
        self.now = now
    }

    /// The saved state, or `defaultState` when there is none or it cannot be read.
    public func restore() -> State {
        let data: Data?
        do {
            data = try storage.snapshot(for: key)
        } catch {
            logger.warning("state \(key): the saved snapshot cannot be read (\(error)); starting from the default")
            return defaultState
        }
        guard let data else { return defaultState }
        do {
            let memento = try JSONDecoder().decode(Memento<State>.self, from: data)
            guard memento.version == version else {
                logger.warning(
                    "state \(key): snapshot version \(memento.version) is not \(version); starting from the default")
                return defaultState
            }
            return memento.state
        } catch {
            logger.warning("state \(key): the saved snapshot does not decode (\(error)); starting from the default")
            return defaultState
        }
    }

    /// Saves `state` as the latest memento.
    public func save(_ state: State) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try storage.save(encoder.encode(Memento(version: version, savedAt: now(), state: state)), for: key)
    }
}
