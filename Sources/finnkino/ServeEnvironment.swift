import ArgumentParser

/// Every option of `finnkino serve` can also be given as an environment variable, `FINNKINO_` and
/// its name in capitals (`--public-url` is `FINNKINO_PUBLIC_URL`): a systemd unit's
/// `Environment=` or `EnvironmentFile=`, a container's `-e`. The command line wins over the
/// environment; a repeatable option takes a comma-separated list; a flag takes `1`, `true` or `yes`
/// (on) and `0`, `false`, `no` or nothing (off). The table is docs/HOSTING.md's "Settings", and a test
/// holds it to `serve --help`, so that a new option cannot be left without its variable.
enum ServeEnvironment {
    enum Kind: Sendable {
        case value
        case list
        case flag
    }

    struct Option: Sendable {
        /// The long option's name, without `--`.
        var name: String
        var kind: Kind
        /// The variable's name when it is not the rule's (an older one, kept).
        var variableName: String?

        var variable: String {
            variableName ?? "FINNKINO_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        }
    }

    /// The options of `serve`, in `serve --help`'s order. `--json` and `--json-lines` are the other
    /// commands' output formats and mean nothing to `serve`; `--database` keeps its older variable.
    static let options: [Option] = [
        Option(name: "source", kind: .value), Option(name: "language", kind: .value),
        Option(name: "data-dir", kind: .value), Option(name: "near", kind: .value),
        Option(name: "database", kind: .value, variableName: DatabaseOption.variable),
        Option(name: "host", kind: .value), Option(name: "port", kind: .value),
        Option(name: "public-url", kind: .value), Option(name: "allowed-host", kind: .list),
        Option(name: "hosted", kind: .flag), Option(name: "media-dir", kind: .value),
        Option(name: "export-lease", kind: .value), Option(name: "instance-name", kind: .value),
        Option(name: "push-service", kind: .list), Option(name: "trusted-proxy", kind: .list),
        Option(name: "metrics-allow", kind: .list), Option(name: "metrics-token", kind: .value),
        Option(name: "api-requests-per-minute", kind: .value), Option(name: "log-format", kind: .value),
        Option(name: "wanted-check-interval", kind: .value),
    ]

    /// The options of `serve` not in ``options``, and why.
    static let notFromTheEnvironment: Set<String> = ["json", "json-lines", "help"]

    /// The program's `arguments` with the environment's options of `serve` when they run it:
    /// `serve …`, or options alone (`serve` is the default command).
    static func appliedIfServing(_ arguments: [String], environment: [String: String]) throws -> [String] {
        if arguments.first == "serve" {
            return ["serve"] + (try Self.arguments(Array(arguments.dropFirst()), environment: environment))
        }
        guard arguments.first.map({ $0.hasPrefix("-") && !["-h", "--help", "--version"].contains($0) }) ?? true
        else { return arguments }
        return try Self.arguments(arguments, environment: environment)
    }

    /// `arguments` (those after `serve`) with the options the environment gives that they do not.
    static func arguments(_ arguments: [String], environment: [String: String]) throws -> [String] {
        var result = arguments
        for option in options {
            guard let text = environment[option.variable] else { continue }
            // An option on the command line wins (database's own reading of its variable aside).
            if option.variableName != nil { continue }
            let flag = "--" + option.name
            if arguments.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) { continue }
            switch option.kind {
            case .value:
                result += [flag, text]
            case .list:
                for item in text.split(separator: ",") {
                    let value = item.trimmingCharacters(in: .whitespaces)
                    if !value.isEmpty { result += [flag, value] }
                }
            case .flag:
                switch text.lowercased() {
                case "1", "true", "yes": result.append(flag)
                case "0", "false", "no", "": break
                default:
                    throw ValidationError(
                        "\(option.variable) must be 1, true or yes, or 0, false or no; not \"\(text)\"")
                }
            }
        }
        return result
    }
}
