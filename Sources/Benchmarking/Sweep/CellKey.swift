/// One kernel × backend × size: the unit that is measured, counted, compared
/// and reported. The one key type of every sweep, gate and report.
public struct CellKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var kernel: Kernel
    /// The backend's name (``BenchmarkBackend/name``).
    public var backend: String
    /// Points per operand.
    public var size: Int

    public init(kernel: Kernel, backend: String, size: Int) {
        self.kernel = kernel
        self.backend = backend
        self.size = size
    }

    /// `add.simd.4Ki`: the spelling of benchmark names (the ordo-one/benchmark
    /// suite's too), with no spaces (not even ``PointCount/format(_:)``'s thin
    /// spaces: `add.simd.1000`) or slashes.
    public var description: String {
        let size = String(PointCount.format(size).unicodeScalars.filter { !$0.properties.isWhitespace })
        return "\(kernel.rawValue).\(backend).\(size)"
    }

    /// `add:simd:4096`, the form of an argument list (``init(argument:)`` reads it back).
    public var argument: String { "\(kernel.rawValue):\(backend):\(size)" }

    /// Reads ``argument``; nil unless it is `kernel:backend:size` with a known
    /// kernel and a size in 1…``PointCount/maximum``.
    public init?(argument text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let kernel = Kernel(rawValue: String(parts[0])), !parts[1].isEmpty,
            let size = Int(parts[2]), (1...PointCount.maximum).contains(size)
        else { return nil }
        self.init(kernel: kernel, backend: String(parts[1]), size: size)
    }

    /// Kernels in `Kernel.allCases` order, then backend name, then size.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.kernel.order, lhs.backend, lhs.size) < (rhs.kernel.order, rhs.backend, rhs.size)
    }
}

extension Kernel: CustomStringConvertible {
    /// The name results files and command lines use (`add-inplace`).
    public var description: String { rawValue }

    var order: Int { Kernel.allCases.firstIndex(of: self)! }
}

extension KernelMeasurement {
    /// This measurement's cell.
    public var key: CellKey { CellKey(kernel: kernel, backend: backend, size: size) }
}
