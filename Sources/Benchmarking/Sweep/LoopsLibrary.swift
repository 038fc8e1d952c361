import VectorKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library of plain C loops (`Yardsticks/gcc/loops.c`, built by
/// `make report` with `gcc -O3 -march=native -shared -fPIC`), loaded with
/// `dlopen`: `springbench bench --loops-library PATH`. Its kernels are timed
/// as ``GCCLoops``, a reference row beside the backends.
///
/// Loading checks everything before any timing starts: the file exists, the
/// dynamic loader accepts it, and it exports every symbol of ``symbols``.
public struct LoopsLibrary: @unchecked Sendable {
    typealias Binary =
        @convention(c) (UnsafePointer<Double>, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int)
        -> Void
    typealias InPlace = @convention(c) (UnsafeMutablePointer<Double>, UnsafePointer<Double>, Int) -> Void
    typealias Scale = @convention(c) (UnsafeMutablePointer<Double>, Double, Int) -> Void
    typealias AXPY = @convention(c) (Double, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Void
    typealias Reduce = @convention(c) (UnsafePointer<Double>, Int) -> Double
    typealias Allocating =
        @convention(c) (UnsafePointer<Double>, UnsafePointer<Double>, Int) -> UnsafeMutablePointer<
            Double
        >?
    typealias Describe = @convention(c) () -> UnsafePointer<CChar>?

    /// The symbols the library must export, in the order they are checked.
    public static let symbols = [
        "springbench_loops_description", "springbench_loops_add", "springbench_loops_subtract",
        "springbench_loops_add_in_place", "springbench_loops_subtract_in_place", "springbench_loops_scale",
        "springbench_loops_axpy", "springbench_loops_sum_of_squares", "springbench_loops_add_allocating",
    ]

    /// The path it was loaded from.
    public let path: String
    /// What the library says of itself: compiler, version and flags
    /// (`springbench_loops_description()`, filled in by the Makefile).
    public let description: String
    let add: Binary
    let subtract: Binary
    let addInPlace: InPlace
    let subtractInPlace: InPlace
    let scale: Scale
    let axpy: AXPY
    let sumOfSquares: Reduce
    let addAllocating: Allocating

    /// Loads the library at `path`; throws naming what is wrong with it.
    /// (The library stays loaded for the life of the process.)
    public init(path: String) throws(LoopsLibraryError) {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0 else {
            throw LoopsLibraryError(path: path, problem: .missing)
        }
        // A bare name would send dlopen searching the library path: name the file.
        let file = path.contains("/") ? path : "./" + path
        _ = dlerror()
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "the dynamic loader refused it"
            throw LoopsLibraryError(path: path, problem: .notALibrary(reason))
        }
        let missing = Self.symbols.filter { dlsym(handle, $0) == nil }
        guard missing.isEmpty else {
            dlclose(handle)
            throw LoopsLibraryError(path: path, problem: .missingSymbols(missing))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(dlsym(handle, name)!, to: type) }
        self.path = path
        let describe = symbol("springbench_loops_description", as: Describe.self)
        description = describe().map { String(cString: $0) } ?? ""
        add = symbol("springbench_loops_add", as: Binary.self)
        subtract = symbol("springbench_loops_subtract", as: Binary.self)
        addInPlace = symbol("springbench_loops_add_in_place", as: InPlace.self)
        subtractInPlace = symbol("springbench_loops_subtract_in_place", as: InPlace.self)
        scale = symbol("springbench_loops_scale", as: Scale.self)
        axpy = symbol("springbench_loops_axpy", as: AXPY.self)
        sumOfSquares = symbol("springbench_loops_sum_of_squares", as: Reduce.self)
        addAllocating = symbol("springbench_loops_add_allocating", as: Allocating.self)
    }
}

/// Why a loops library cannot be used: bad input (exit 2).
public struct LoopsLibraryError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missing
        case notALibrary(String)
        case missingSymbols([String])
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let what: String
        switch problem {
        case .missing:
            what =
                "no such file; build it with `make report` (gcc -O3 -march=native -shared -fPIC Yardsticks/gcc/loops.c)"
        case .notALibrary(let reason):
            what = "not a shared library the dynamic loader accepts (\(reason))"
        case .missingSymbols(let names):
            what = "does not export \(names.joined(separator: ", ")); build it from Yardsticks/gcc/loops.c"
        }
        return "--loops-library \(path): \(what)"
    }
}
