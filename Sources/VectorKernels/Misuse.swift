/// Stops the program on a misuse of the public API (a wrong length, an index out of range, a
/// negative count), printing `message` in every build.
///
/// `precondition` and `preconditionFailure` drop their message in `-O` builds: a release build,
/// the one users ship, stopped with "precondition failure" or bytes that were no text at all
/// (found by running `VectorKernelsTests` built with `-O`). `fatalError` keeps it. Callers test
/// the condition themselves, so that the message is built only when the program stops, and this
/// cold path stays out of the inlined fast one.
@usableFromInline
@inline(never)
package func stopOnMisuse(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
