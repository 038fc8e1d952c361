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

    /// The pattern that bounds this kernel once its operands stream from
    /// memory: the same access shape with every avoidable byte of traffic
    /// avoided. Out-of-place kernels are bounded by `add` with streaming
    /// stores, which skips the read-for-ownership of the destination that
    /// ordinary stores pay (so their own shape, ``probePattern``, is not a
    /// ceiling: STREAM's add moved 26 GB/s with streaming stores here against
    /// about 20.5 with ordinary ones, Guides/MachineFacts.md). An in-place
    /// kernel reads every line it writes, so nothing beats its own shape.
    public var ceilingPattern: ProbePattern {
        switch self {
        case .add, .subtract, .addAllocating: return .addStreaming
        default: return probePattern
        }
    }

    /// Arrays of N doubles the kernel touches (a, b and c out of place, a and
    /// b in place, a alone for scale and Σa²): its working set is
    /// ``operandBytesPerElement`` · N bytes.
    public var operandArrays: Int {
        switch self {
        case .add, .subtract, .addAllocating: return 3
        case .addInPlace, .subtractInPlace, .axpy: return 2
        case .scale, .magnitudeSquared: return 1
        }
    }

    /// Bytes of operands the kernel touches per element: what must stay in
    /// the caches for a call to find its data there.
    public var operandBytesPerElement: Int { 8 * operandArrays }

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
    /// `c[i] = a[i]` with streaming (non-temporal) stores (16).
    case copyStreaming = "copy-nt"
    /// `b[i] = s·c[i]` with streaming stores (16).
    case scaleStreaming = "scale-nt"
    /// `c[i] = a[i] + b[i]` with streaming stores (24): the ceiling of out-of-place kernels.
    case addStreaming = "add-nt"
    /// `a[i] = b[i] + s·c[i]` with streaming stores (24).
    case triadStreaming = "triad-nt"

    public var bytesPerElement: Int {
        switch self {
        case .copy, .scale, .scaleInPlace, .copyStreaming, .scaleStreaming: return 16
        case .add, .triad, .triadInPlace, .addStreaming, .triadStreaming: return 24
        case .read: return 8
        }
    }

    /// Loops the probe has for this pattern: two for the in-place shapes,
    /// whose kernels come within a few per cent of the ceiling (scale: four
    /// and two vectors per step; the triad: `a += s·b` and `a ± b`, the same
    /// bytes without the multiply, which ran about 3 % faster here and as fast
    /// as OpenBLAS's daxpy on the same operands); one for the others.
    public var loopVariants: Int {
        switch self {
        case .scaleInPlace, .triadInPlace: return 2
        default: return 1
        }
    }

    /// Whether the pattern writes with streaming stores.
    public var usesStreamingStores: Bool {
        switch self {
        case .copyStreaming, .scaleStreaming, .addStreaming, .triadStreaming: return true
        default: return false
        }
    }
}
