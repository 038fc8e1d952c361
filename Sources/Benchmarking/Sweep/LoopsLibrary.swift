import CVectorLoops
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
/// Loading checks everything before any timing starts: the file exists and is
/// a regular file (a FIFO would hang `dlopen`), the dynamic loader accepts it,
/// it exports every symbol of ``symbols``, and each loop computes what it
/// must on small operands (`selfCheck()`: a wrong result, or NULL from the
/// allocating add, which the sweep would otherwise hand to `free` or read
/// through, is refused naming the loop). Before a run uses it, ``trial(sizes:deadlineSeconds:)``
/// calls every loop at every size of the run in a forked child process: a loop
/// that crashes, exits or never returns there (a size the self-check did not
/// try) is refused naming the loop, the size and the signal, where it used to
/// take the tool with it.
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
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LoopsLibraryError(path: path, problem: .notALibrary("not a regular file"))
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
        if let wrong = selfCheck() { throw LoopsLibraryError(path: path, problem: .wrongResult(wrong)) }
    }

    /// The loops' names in the trial's order (`springbench_loops_trial`).
    static let trialLoops = [
        "springbench_loops_add", "springbench_loops_subtract", "springbench_loops_add_in_place",
        "springbench_loops_subtract_in_place", "springbench_loops_scale", "springbench_loops_axpy",
        "springbench_loops_sum_of_squares", "springbench_loops_add_allocating",
    ]

    /// Seconds a trial at `sizes` may take: 10 s, plus 100 ns per point of
    /// every call (a plain loop takes about 1 ns per point from memory here).
    public static func trialDeadline(sizes: [Int]) -> Double {
        10 + 100e-9 * Double(trialLoops.count) * Double(sizes.reduce(0, +))
    }

    /// Calls every loop once at each of `sizes` in a forked child process
    /// (``LoopsLibraryError/Problem/crashed(loop:points:how:)``,
    /// ``LoopsLibraryError/Problem/hung(loop:points:seconds:)``, or NULL from
    /// the allocating add); nothing of the library runs in this process
    /// meanwhile.
    public func trial(sizes: [Int], deadlineSeconds: Double? = nil) throws(LoopsLibraryError) {
        let deadline = deadlineSeconds ?? Self.trialDeadline(sizes: sizes)
        var table = springbench_loops_table(
            add: unsafeBitCast(
                add,
                to: (@convention(c) (UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int)
                    -> Void).self),
            subtract: unsafeBitCast(
                subtract,
                to: (@convention(c) (UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int)
                    -> Void).self),
            add_in_place: unsafeBitCast(
                addInPlace,
                to: (@convention(c) (UnsafeMutablePointer<Double>?, UnsafePointer<Double>?, Int) -> Void).self),
            subtract_in_place: unsafeBitCast(
                subtractInPlace,
                to: (@convention(c) (UnsafeMutablePointer<Double>?, UnsafePointer<Double>?, Int) -> Void).self),
            scale: unsafeBitCast(scale, to: (@convention(c) (UnsafeMutablePointer<Double>?, Double, Int) -> Void).self),
            axpy: unsafeBitCast(
                axpy,
                to: (@convention(c) (Double, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void).self),
            sum_of_squares: unsafeBitCast(
                sumOfSquares, to: (@convention(c) (UnsafePointer<Double>?, Int) -> Double).self),
            add_allocating: unsafeBitCast(
                addAllocating,
                to: (@convention(c) (UnsafePointer<Double>?, UnsafePointer<Double>?, Int) -> UnsafeMutablePointer<
                    Double
                >?).self))
        let result = sizes.withUnsafeBufferPointer { sizes in
            springbench_loops_trial(&table, sizes.baseAddress, Int32(sizes.count), deadline)
        }
        let loop = (0..<Self.trialLoops.count).contains(Int(result.loop)) ? Self.trialLoops[Int(result.loop)] : "a loop"
        let points = Self.points(result.size)
        switch Int(result.outcome) {
        case Int(SPRINGBENCH_TRIAL_PASSED): return
        case Int(SPRINGBENCH_TRIAL_CRASHED):
            let name = strsignal(result.signal).map { String(cString: $0) } ?? "signal \(result.signal)"
            throw LoopsLibraryError(
                path: path, problem: .crashed(loop: loop, points: points, how: "\(name) (signal \(result.signal))"))
        case Int(SPRINGBENCH_TRIAL_HUNG):
            throw LoopsLibraryError(path: path, problem: .hung(loop: loop, points: points, seconds: deadline))
        case Int(SPRINGBENCH_TRIAL_NULL):
            throw LoopsLibraryError(path: path, problem: .wrongResult("\(loop) at \(points) returns NULL"))
        case Int(SPRINGBENCH_TRIAL_EXITED):
            throw LoopsLibraryError(
                path: path, problem: .crashed(loop: loop, points: points, how: "exit status \(result.signal)"))
        default:
            throw LoopsLibraryError(
                path: path,
                problem: .notALibrary(
                    "its trial could not run at \(points): \(String(cString: strerror(result.signal)))"))
        }
    }

    /// Runs every loop at 1, 3, 17 and 100 points on fixed operands and
    /// compares with the exact answers: the elementwise loops must give the
    /// correctly rounded results bit for bit (one IEEE operation per element;
    /// axpy may fuse, so its bound is one rounding of |α·x| + |y|), Σa² within
    /// γ(N)·Σa² (γ(N) = N·u/(1 − N·u), u = 2⁻⁵³; Higham, *Accuracy and Stability
    /// of Numerical Algorithms*, 2nd ed., eq. 3.5), and the allocating add a
    /// fresh block. Returns what is wrong, or nil.
    static func points(_ count: Int) -> String { count == 1 ? "1 point" : "\(count) points" }

    func selfCheck() -> String? {
        for count in [1, 3, 17, 100] {
            let a = (0..<count).map { Double($0 % 7) * 0.75 + 0.5 }
            let b = (0..<count).map { 2.0 - Double($0 % 5) * 0.25 }
            var c = [Double](repeating: .nan, count: count)
            func differs(_ name: String, _ got: [Double], _ expected: (Int) -> Double) -> String? {
                guard let index = got.indices.first(where: { got[$0] != expected($0) }) else { return nil }
                return
                    "\(name) at \(Self.points(count)) gives \(got[index]) at element \(index), not \(expected(index))"
            }
            add(a, b, &c, count)
            if let wrong = differs("springbench_loops_add", c, { a[$0] + b[$0] }) { return wrong }
            subtract(a, b, &c, count)
            if let wrong = differs("springbench_loops_subtract", c, { a[$0] - b[$0] }) { return wrong }
            c = a
            addInPlace(&c, b, count)
            if let wrong = differs("springbench_loops_add_in_place", c, { a[$0] + b[$0] }) { return wrong }
            c = a
            subtractInPlace(&c, b, count)
            if let wrong = differs("springbench_loops_subtract_in_place", c, { a[$0] - b[$0] }) { return wrong }
            c = a
            scale(&c, 1.5, count)
            if let wrong = differs("springbench_loops_scale", c, { a[$0] * 1.5 }) { return wrong }
            c = b
            axpy(0.5, a, &c, count)
            for index in 0..<count {
                let exact = 0.5 * a[index] + b[index]
                guard abs(c[index] - exact) <= (abs(0.5 * a[index]) + abs(b[index])).ulp else {
                    return
                        "springbench_loops_axpy at \(Self.points(count)) gives \(c[index]) at element \(index), not \(exact)"
                }
            }
            let squares = a.reduce(0) { $0 + $1 * $1 }
            let u = 0x1p-53, gamma = Double(count) * u / (1 - Double(count) * u)
            let sum = sumOfSquares(a, count)
            guard abs(sum - squares) <= 2 * gamma * squares else {
                return "springbench_loops_sum_of_squares at \(Self.points(count)) gives \(sum), not \(squares)"
            }
            guard let block = addAllocating(a, b, count) else {
                return "springbench_loops_add_allocating at \(Self.points(count)) returns NULL"
            }
            let result = Array(UnsafeBufferPointer(start: block, count: count))
            free(block)
            if let wrong = differs("springbench_loops_add_allocating", result, { a[$0] + b[$0] }) { return wrong }
        }
        return nil
    }
}

/// Why a loops library cannot be used: bad input (exit 2).
public struct LoopsLibraryError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missing
        case notALibrary(String)
        case missingSymbols([String])
        case wrongResult(String)
        /// Ended its trial's process: a signal, or `exit` inside a loop.
        case crashed(loop: String, points: String, how: String)
        /// Had not returned when the trial's deadline passed.
        case hung(loop: String, points: String, seconds: Double)
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
        case .wrongResult(let detail):
            what = "\(detail); its loops must compute what Yardsticks/gcc/loops.c does"
        case .crashed(let loop, let points, let how):
            what = "\(loop) at \(points) ended its trial process (\(how)); every loop must return at every size"
        case .hung(let loop, let points, let seconds):
            what =
                "\(loop) at \(points) did not return within \(Int(seconds.rounded(.up))) s (the trial's deadline); every loop must return at every size"
        }
        return "--loops-library \(path): \(what)"
    }
}
