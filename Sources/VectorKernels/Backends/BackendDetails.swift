/// What a backend is on this machine, for listings and for every result record.
public struct BackendDetails: Sendable, Hashable, Codable {
    /// The backend's stable name (``KernelBackend/name``).
    public var name: String
    /// One line on how it computes.
    public var summary: String
    /// Doubles per SIMD vector in its main loops, `nil` where that is the library's business.
    public var simdWidth: Int?
    /// The library it calls, with its version, or `nil` for pure Swift.
    public var library: String?
    /// The library's kernel family chosen at run time (OpenBLAS's core name), if any.
    public var core: String?
    /// Threads a single kernel call may use.
    public var threads: Int
    /// Whether axpy uses a fused multiply-add (one rounding instead of two).
    public var fusedAXPY: Bool

    public init(
        name: String, summary: String, simdWidth: Int?, library: String?, core: String?,
        threads: Int, fusedAXPY: Bool
    ) {
        self.name = name
        self.summary = summary
        self.simdWidth = simdWidth
        self.library = library
        self.core = core
        self.threads = threads
        self.fusedAXPY = fusedAXPY
    }
}
