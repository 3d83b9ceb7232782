import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs this executable again with other arguments and reports the child's peak resident set
/// size (`ru_maxrss` of that one child, from `wait4`, the per-child form of RUSAGE_CHILDREN).
enum ChildProcessPeakMemory {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Peak RSS in bytes of `/proc/self/exe arguments…`, which must exit with status 0.
    static func measure(arguments: [String]) throws -> Int {
        let executable = "/proc/self/exe"
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "posix_spawn failed: \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw Failure(description: "wait4 failed") }
        guard status == 0 else { throw Failure(description: "child \(arguments) exited with status \(status)") }
        return usage.ru_maxrss * 1_024  // kilobytes on Linux
    }
}
