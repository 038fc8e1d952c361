import OpenBLASKernels
import ParallelKernels
import VectorKernels

/// The backends a run can choose from, in report order: the built-in ones and
/// any a user adds.
///
/// ```swift
/// let catalogue = try BackendCatalogue.builtIn.adding(BenchmarkBackend(MyBackend.self))
/// catalogue.names          // ["naive", "simd", "openblas", "my-backend"]
/// ```
public struct BackendCatalogue: Sendable {
    /// Every backend, in report order; names are unique.
    public private(set) var backends: [BenchmarkBackend]

    /// A catalogue of `backends`; throws if two share a name.
    public init(_ backends: [BenchmarkBackend]) throws(CatalogueError) {
        self.backends = []
        for backend in backends { try add(backend) }
    }

    /// SpringBench's own backends: naive (the reference), SIMD, OpenBLAS, parallel, OpenBLAS threaded.
    /// Reading it applies this machine's facts to the kernels (`MachineTuning.apply()`), so
    /// every run, the tool's and a sampler's, streams from the same measured cache size.
    public static let builtIn: BackendCatalogue = {
        MachineTuning.apply()
        return try! BackendCatalogue([
            BenchmarkBackend(NaiveBackend.self), BenchmarkBackend(SIMDBackend.self),
            BenchmarkBackend(OpenBLASBackend.self), BenchmarkBackend(ParallelBackend.self),
            BenchmarkBackend(OpenBLASThreadedBackend.self),
        ])
    }()

    /// Appends `backend`; throws if its name is taken or not usable on a command line.
    public mutating func add(_ backend: BenchmarkBackend) throws(CatalogueError) {
        guard Self.isValidName(backend.name) else { throw .invalidName(backend.name) }
        guard self[backend.name] == nil else { throw .duplicateName(backend.name) }
        backends.append(backend)
    }

    /// Replaces the backend of the same name (variants inside the package only).
    package mutating func replace(_ backend: BenchmarkBackend) {
        guard let index = backends.firstIndex(where: { $0.name == backend.name }) else { return }
        backends[index] = backend
    }

    /// This catalogue with `extra` appended.
    public func adding(_ extra: BenchmarkBackend...) throws(CatalogueError) -> BackendCatalogue {
        try adding(contentsOf: extra)
    }

    /// This catalogue with `extra` appended, in order.
    public func adding(contentsOf extra: [BenchmarkBackend]) throws(CatalogueError) -> BackendCatalogue {
        var copy = self
        for backend in extra { try copy.add(backend) }
        return copy
    }

    /// The backend called `name`, if there is one.
    public subscript(name: String) -> BenchmarkBackend? {
        backends.first { $0.name == name }
    }

    /// The names of every backend, in report order.
    public var names: [String] { backends.map(\.name) }

    /// The backend types, for generic code such as the verification suite.
    public var types: [any KernelBackend.Type] { backends.map(\.type) }

    /// Names appear in file names, benchmark names and comma-separated lists:
    /// lowercase letters, digits and `-`, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// Why a backend cannot join a catalogue.
public enum CatalogueError: Error, Equatable, CustomStringConvertible {
    case duplicateName(String)
    case invalidName(String)

    public var description: String {
        switch self {
        case .duplicateName(let name): return "a backend named \"\(name)\" is already in the catalogue"
        case .invalidName(let name):
            return "backend name \"\(name)\" must be lowercase letters, digits and '-', starting with a letter"
        }
    }
}
