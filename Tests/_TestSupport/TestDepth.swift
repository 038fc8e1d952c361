#if canImport(Glibc)
    import Glibc
#endif

/// How much of the larger randomized and fault-injection tests to run.
///
/// `make test` runs a fixed-seed slice of each, sized so the unit tier's
/// test phase stays near a minute on a 2-core machine; `make check`
/// (`SPRINGBENCH_TEST_DEPTH=deep`, which CI runs) runs the larger one in every
/// test target.
/// The slice is the start of the same seeded sequence, so a failure in it
/// is a failure of the deep run as well.
public enum TestDepth {
    /// True when `SPRINGBENCH_TEST_DEPTH` is `deep`.
    public static let isDeep: Bool = {
        guard let value = getenv("SPRINGBENCH_TEST_DEPTH") else { return false }
        return String(cString: value) == "deep"
    }()

    /// `quick` in `make test`, `deep` in `make check`.
    public static func scaled<Value>(quick: Value, deep: Value) -> Value { isDeep ? deep : quick }
}
