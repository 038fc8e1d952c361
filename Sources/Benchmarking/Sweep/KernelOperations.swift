import ParallelKernels
import VectorKernels

/// What a backend offers to time at one size, on one shared set of operands:
/// each kernel, and each kernel's ceiling pattern on the same operands.
public struct KernelOperations {
    public var kernels: [Kernel: TimedOperation] = [:]
    /// Per kernel, its ceiling pattern on the kernel's own operands, one
    /// operation per loop variant (``ProbePattern/loopVariants``); absent for
    /// a backend built without them.
    public var ceilings: [Kernel: [TimedOperation]] = [:]

    public init(kernels: [Kernel: TimedOperation] = [:], ceilings: [Kernel: [TimedOperation]] = [:]) {
        self.kernels = kernels
        self.ceilings = ceilings
    }

    /// The kernel's timed operation.
    public subscript(kernel: Kernel) -> TimedOperation? { kernels[kernel] }
}

/// The operands of one backend at one size, and the timed operations on them.
///
/// Operands are random values in [-1, 1] (no subnormals, which would slow
/// some kernels by orders of magnitude). Operations that accumulate alternate
/// their factor's sign or size so that values stay bounded however many
/// times they run.
@usableFromInline
package final class KernelOperands<Backend: KernelBackend> {
    @usableFromInline package typealias Vector = PointVector<Backend, ZeroExtending>
    @usableFromInline package var a: Vector
    @usableFromInline package var b: Vector
    @usableFromInline package var c: Vector
    @usableFromInline var sink = 0.0

    @inlinable
    package init(size: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        a = Vector((0..<size).map { _ in Double.random(in: -1...1, using: &rng) })
        b = Vector((0..<size).map { _ in Double.random(in: -1...1, using: &rng) })
        c = Vector(repeating: 0, count: size)
    }

    /// Runs `body` on local, uniquely owned copies of the operands, so the timed
    /// loop pays neither class-property exclusivity checks nor reference counting.
    @inlinable @inline(__always)
    func withOperands(_ body: (inout Vector, inout Vector, inout Vector) -> Void) {
        var a = Vector(), b = Vector(), c = Vector()
        swap(&a, &self.a)
        swap(&b, &self.b)
        swap(&c, &self.c)
        body(&a, &b, &c)
        swap(&a, &self.a)
        swap(&b, &self.b)
        swap(&c, &self.c)
    }

    /// The timed operations of `kernels` and of their ceilings, sharing these operands.
    @inlinable
    package func operations(_ kernels: [Kernel]) -> KernelOperations {
        var operations = KernelOperations()
        for kernel in kernels {
            operations.kernels[kernel] = operation(kernel)
            operations.ceilings[kernel] = (0..<kernel.ceilingPattern.loopVariants).map { ceiling(kernel, variant: $0) }
        }
        return operations
    }

    /// The kernel's ceiling pattern (``Kernel/ceilingPattern``) run by the
    /// bandwidth probe's loops on these very operands: where arrays lie in
    /// memory moved a streaming loop by up to 15 % here (the same loop on
    /// two sets of 16 Mi doubles: 38.6 and 33.3 GB/s), so a ceiling on arrays
    /// of its own bounds nothing; on the kernel's own it cancels out.
    ///
    /// A backend that runs threads per call is held to the pattern run by as many threads at
    /// once, each on its part of these operands (``KernelOperandsCeiling``): a single-core
    /// ceiling bounds nothing there, and the probe's all-core rate, taken minutes before the
    /// cell on arrays of its own, moved with the machine (the parallel add read 99.0 % of it in
    /// one `make report` here and 83.9 % in the next, at the same 32 GB/s).
    @usableFromInline
    func ceiling(_ kernel: Kernel, variant: Int) -> TimedOperation {
        let pattern = kernel.ceilingPattern
        let threads = KernelOperandsCeiling.threads(forBackendThreads: Backend.details.threads)
        return TimedOperation { [self] n in
            withOperands { a, b, c in
                let count = a.count  // b and c have it too (add-alloc replaces c by a result as long)
                a.withUnsafeMutableBufferPointer { a in
                    b.withUnsafeMutableBufferPointer { b in
                        c.withUnsafeMutableBufferPointer { c in
                            let (a, b, c) = (a.baseAddress!, b.baseAddress!, c.baseAddress!)
                            for i in 0..<n {
                                if threads > 1 {
                                    KernelOperandsCeiling.pass(
                                        pattern, a, b, c, count, threads: threads, inverse: i & 1 == 1,
                                        variant: variant)
                                } else {
                                    sink += BandwidthProbe.pass(
                                        pattern, a, b, c, count, inverse: i & 1 == 1, variant: variant)
                                }
                            }
                        }
                    }
                }
            }
            blackHole(sink)
        }
    }

    @inlinable
    func operation(_ kernel: Kernel) -> TimedOperation {
        switch kernel {
        case .add:
            return TimedOperation { [self] n in
                withOperands { a, b, c in for _ in 0..<n { Vector.add(a, b, into: &c) } }
            }
        case .subtract:
            return TimedOperation { [self] n in
                withOperands { a, b, c in for _ in 0..<n { Vector.subtract(a, b, into: &c) } }
            }
        case .addInPlace:
            return TimedOperation { [self] n in
                withOperands { a, b, _ in for _ in 0..<n { a += b } }
            }
        case .subtractInPlace:
            return TimedOperation { [self] n in
                withOperands { a, b, _ in for _ in 0..<n { a -= b } }
            }
        case .addAllocating:
            return TimedOperation { [self] n in
                withOperands { a, b, c in for _ in 0..<n { c = a + b } }
            }
        case .scale:
            let up = 1.000_000_1, down = 1 / 1.000_000_1
            return TimedOperation { [self] n in
                withOperands { a, _, _ in for i in 0..<n { a.scale(by: i & 1 == 0 ? up : down) } }
            }
        case .axpy:
            return TimedOperation { [self] n in
                withOperands { a, b, _ in for i in 0..<n { a.add(b, scaledBy: i & 1 == 0 ? 1e-3 : -1e-3) } }
            }
        case .magnitudeSquared:
            return TimedOperation { [self] n in
                var sum = 0.0
                withOperands { a, _, _ in for _ in 0..<n { sum += a.magnitudeSquared } }
                sink += sum
                blackHole(sink)
            }
        }
    }
}

/// How many threads a backend's ceiling runs on: as many as one of its calls runs, up to the
/// pool's threads that run the pass (one: the single-core ceiling).
package enum KernelOperandsCeiling {
    package static func threads(forBackendThreads threads: Int) -> Int {
        threads > 1 ? min(threads, ParallelBackend.threadCount) : 1
    }

    /// One pass of `pattern` over `count` elements cut into `threads` parts run by the pool at
    /// once (the caller takes the parts no worker has claimed).
    package static func pass(
        _ pattern: ProbePattern, _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>,
        _ c: UnsafeMutablePointer<Double>, _ count: Int, threads: Int, inverse: Bool, variant: Int = 0
    ) {
        ParallelBackend.forEachPart(count: count, parts: threads) { start, length in
            blackHole(
                BandwidthProbe.pass(
                    pattern, a + start, b + start, c + start, length, inverse: inverse, variant: variant))
        }
    }
}
