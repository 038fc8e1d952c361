/// The kernels a sweep times, each in the form an animation engine calls it.
public enum Kernel: String, Codable, Sendable, CaseIterable, Hashable {
    /// `c = a + b` into a reused destination (`PointVector.add(_:_:into:)`).
    case add
    /// `a += b`.
    case addInPlace = "add-inplace"
    /// `c = a + b` allocating a new result each call, as the seed vDSP vector's `+` does.
    case addAllocating = "add-alloc"
    /// `c = a - b` into a reused destination.
    case subtract
    /// `a -= b`.
    case subtractInPlace = "subtract-inplace"
    /// `a *= s`.
    case scale
    /// `y += alpha * x`.
    case axpy
    /// `Σ a[i]²`.
    case magnitudeSquared

    /// Bytes the kernel must move per element, counted as in Guides/ErrorBounds.md (reads plus
    /// writes of 8-byte doubles; write-allocate traffic is not counted).
    public var bytesPerElement: Int {
        switch self {
        case .add, .addInPlace, .addAllocating, .subtract, .subtractInPlace, .axpy: return 24
        case .scale: return 16
        case .magnitudeSquared: return 8
        }
    }

    /// The bandwidth-probe pattern with the same memory access shape: the
    /// physical limit this kernel is measured against.
    public var probePattern: ProbePattern {
        switch self {
        case .add, .subtract, .addAllocating: return .add
        case .addInPlace, .subtractInPlace, .axpy: return .triadInPlace
        case .scale: return .scaleInPlace
        case .magnitudeSquared: return .read
        }
    }

    /// Whether the kernel writes into storage that already exists (so it must not allocate).
    public var isAllocationFree: Bool { self != .addAllocating }
}

/// Memory access patterns the bandwidth probe measures (STREAM's four plus the
/// in-place and read-only shapes of SpringBench's kernels).
public enum ProbePattern: String, Codable, Sendable, CaseIterable, Hashable {
    /// `c[i] = a[i]` (16 bytes counted).
    case copy
    /// `b[i] = s·c[i]` (16).
    case scale
    /// `c[i] = a[i] + b[i]` (24).
    case add
    /// `a[i] = b[i] + s·c[i]` (24).
    case triad
    /// `a[i] *= s` (16), no write-allocate.
    case scaleInPlace = "scale-inplace"
    /// `a[i] += s·b[i]` (24), no write-allocate.
    case triadInPlace = "triad-inplace"
    /// `Σ a[i]` (8), read only.
    case read

    public var bytesPerElement: Int {
        switch self {
        case .copy, .scale, .scaleInPlace: return 16
        case .add, .triad, .triadInPlace: return 24
        case .read: return 8
        }
    }
}
