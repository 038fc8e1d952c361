import DocumentValues

/// What a backend is on this machine, for listings and for every result record.
public struct BackendDetails: Sendable, Hashable, Codable {
    /// The backend's stable name (``KernelBackend/name``).
    public var name: String
    /// How reports and tables name it (`SIMD`, `OpenBLAS`); the name itself by default.
    public var displayName: String
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
        name: String, displayName: String? = nil, summary: String, simdWidth: Int?, library: String?, core: String?,
        threads: Int, fusedAXPY: Bool
    ) {
        self.name = name
        self.displayName = displayName ?? name
        self.summary = summary
        self.simdWidth = simdWidth
        self.library = library
        self.core = core
        self.threads = threads
        self.fusedAXPY = fusedAXPY
    }
}

extension BackendDetails {
    enum CodingKeys: String, CodingKey {
        case name, displayName, summary, simdWidth, library, core, threads, fusedAXPY
    }

    /// Reads files written before backends carried display names (the name stands in).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(Checked<NonEmptyText>.self, forKey: .name).wrappedValue
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? name
        summary = try container.decode(String.self, forKey: .summary)
        simdWidth = try container.decode(CheckedOptional<PositiveCount>.self, forKey: .simdWidth).wrappedValue
        library = try container.decodeIfPresent(String.self, forKey: .library)
        core = try container.decodeIfPresent(String.self, forKey: .core)
        threads = try container.decode(Checked<PositiveCount>.self, forKey: .threads).wrappedValue
        fusedAXPY = try container.decode(Bool.self, forKey: .fusedAXPY)
    }
}
