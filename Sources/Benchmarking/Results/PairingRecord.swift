import DocumentValues

/// Ties the two results files of one paired run together.
public struct PairingRecord: Codable, Sendable, Equatable {
    /// Shared by both files of the run: `compare` pairs samples only when the ids match.
    @Checked<NonEmptyText> public var id: String
    /// `baseline` or `current`: which side of the run this file holds.
    @Checked<PairingRole> public var role: String
    /// The sampler executables (with their sampler arguments) of the two sides.
    public var baselineExecutable: String
    public var currentExecutable: String
    /// How many times both samplers were started afresh; each cell's samples
    /// are stored epoch after epoch, the same number from each.
    @Checked<PositiveCount> public var epochs: Int
    /// The CPU both samplers were pinned to, if pinning succeeded.
    @CheckedOptional<NonNegativeCount> public var cpu: Int?

    public init(id: String, role: String, baselineExecutable: String, currentExecutable: String, epochs: Int, cpu: Int?)
    {
        self.id = id
        self.role = role
        self.baselineExecutable = baselineExecutable
        self.currentExecutable = currentExecutable
        self.epochs = epochs
        self.cpu = cpu
    }

    /// Whether `self` and `other` are the two sides of one paired run: the
    /// same id, opposite roles.
    public func isPair(of other: PairingRecord?) -> Bool {
        guard let other else { return false }
        return id == other.id && role != other.role
    }
}

/// Which side of a paired run a results file holds: `baseline` or `current`.
public enum PairingRole: ValueRule {
    public static func accepts(_ value: String) -> Bool { value == "baseline" || value == "current" }
    public static let validRange = "\"baseline\" or \"current\""
}
