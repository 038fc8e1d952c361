import Benchmarking
import SpringBenchFiles

/// The section of `performance.md` on new values at animation sizes (``ValueTypeComparison``):
/// each vector type's `a + b`, `a − b`, `a · s` and animation frame against C's `malloc` + loop +
/// `free` and C's loop into a buffer, with issue 41's bars.
extension PerformanceReport {
    static func valueTypeHeadline(_ results: BenchmarkResults) -> String {
        guard let comparison = ValueTypeComparison(results) else { return "" }
        return "\nNew values at animation sizes ([below](#new-values-at-animation-sizes)): "
            + valueTypeAnswer(comparison) + "\n"
    }

    /// The answer: the inline type's range against both C rows, its allocations, the frame's
    /// lead over the `[Double]` struct, and PointVector's `a + b` against C's malloc.
    static func valueTypeAnswer(_ comparison: ValueTypeComparison) -> String {
        func range(_ values: [Double]) -> String {
            guard let low = values.min(), let high = values.max() else { return "—" }
            let lowText = NumberFormatting.significant(low, digits: 2)
            let highText = NumberFormatting.significant(high, digits: 2)
            return lowText == highText ? lowText + "×" : "\(lowText)–\(highText)×"
        }
        let sizes = Set(comparison.rows.map(\.size)).sorted()
        let span = sizes.count > 1 ? "\(sizes.first!)–\(sizes.last!) points" : "\(sizes.first ?? 0) points"
        var parts: [String] = []
        let adds = comparison.rows.filter { $0.operation == .addAllocating }
        let inlineMalloc = adds.compactMap { $0[.inline]?.toMalloc?.median }
        let inlineBuffer = adds.compactMap { $0[.inline]?.toBuffer?.median }
        if !inlineMalloc.isEmpty {
            parts.append(
                "at \(span) `InlinePointVector`'s `a + b` takes \(range(inlineMalloc)) the time of C's malloc + loop + free"
                    + (inlineBuffer.isEmpty ? "" : " and \(range(inlineBuffer)) that of C's loop into a buffer"))
        }
        let inlineAllocations = comparison.rows.compactMap { $0[.inline]?.allocationsPerCall }
        if let most = inlineAllocations.max() {
            parts.append(
                most == 0
                    ? "it allocates nothing" : "it allocates up to \(NumberFormatting.significant(most)) times per call"
            )
        }
        let frames = comparison.rows.filter { $0.operation == .frame }.compactMap { row -> Double? in
            guard let inline = row[.inline], let array = row[.arrayStruct] else { return nil }
            return array.nanosecondsPerCall / inline.nanosecondsPerCall
        }
        if !frames.isEmpty {
            parts.append("an animation frame is \(range(frames)) faster than with a struct over `[Double]`")
        }
        let pointVector = adds.compactMap { $0[.pointVector]?.toMalloc?.median }
        if !pointVector.isEmpty {
            parts.append("`PointVector`'s `a + b` takes \(range(pointVector)) C's malloc + loop + free")
        }
        let met = comparison.bars.filter(\.met).count
        let bars = comparison.bars.isEmpty ? "" : " Issue 41's bars: \(met) of \(comparison.bars.count) met."
        guard let first = parts.first else { return bars }
        return first.prefix(1).uppercased() + first.dropFirst() + (parts.count > 1 ? "; " : "")
            + parts.dropFirst().joined(separator: "; ") + "." + bars
    }

    static func valueTypeSection(_ results: BenchmarkResults) -> String {
        guard let comparison = ValueTypeComparison(results) else { return "" }
        var text = "## New values at animation sizes\n\n" + valueTypeAnswer(comparison) + "\n\n"
        text +=
            "Each call makes a new value of N points, as an animation does every frame: `a + b`, `a − b`, "
            + "`a · s` and one frame `from + (to − from) · t` (three new values in Swift, as a Swift user writes "
            + "it; one loop in C, as a C programmer writes it). The Swift subjects are `InlinePointVector<N>` "
            + "(the points inline in the value), `PointVector` over the SIMD backend, and a struct over `[Double]` "
            + "with `zip` and `map` (the Swift user's baseline); each call goes through a function the optimiser "
            + "cannot see into, operands by value, the result into the caller's variable. C's rows are the "
            + "yardstick's loops into a fresh `malloc` block freed again, and into a buffer the caller reuses "
            + "(the arithmetic's floor, no new value; at a handful of points not a floor for a type whose count is a "
            + "compile-time constant: C's loop is written for any length, with a run-time trip count, a vector loop "
            + "and its remainder, where `InlinePointVector<16>` is sixteen additions unrolled). All subjects of one operation and size ran in the same "
            + "rounds; a ratio is the median over rounds of the per-round ratio. Cells: median ns per call "
            + "(× C malloc + loop + free).\n\n"
        var table = MarkdownTable(
            [("Operation", .left), ("N", .right)] + ValueSubject.allCases.map { ($0.displayName, .right) })
        for row in comparison.rows {
            table.append(
                [code(row.operation.expression), String(row.size)]
                    + ValueSubject.allCases.map { subject in
                        guard let cell = row[subject] else { return "—" }
                        let time = NumberFormatting.significant(cell.nanosecondsPerCall) + " ns"
                        guard subject != .cMalloc, let ratio = cell.toMalloc else { return time }
                        return time + " (" + NumberFormatting.ratio(ratio.median) + ")"
                    })
        }
        text += table.text + "\n"
        var allocations = MarkdownTable(
            [("Operation", .left)]
                + ValueSubject.allCases.filter { $0 != .cBuffer && $0 != .cMalloc }.map {
                    ($0.displayName, .right)
                })
        for operation in ValueOperation.allCases {
            let rows = comparison.rows.filter { $0.operation == operation }
            guard !rows.isEmpty else { continue }
            allocations.append(
                [code(operation.expression)]
                    + ValueSubject.allCases.filter { $0 != .cBuffer && $0 != .cMalloc }.map { subject in
                        let counts = rows.compactMap { $0[subject]?.allocationsPerCall }
                        guard let low = counts.min(), let high = counts.max() else { return "not counted" }
                        let lowText = NumberFormatting.significant(low, digits: 3, trimmingZeros: true)
                        let highText = NumberFormatting.significant(high, digits: 3, trimmingZeros: true)
                        return lowText == highText ? lowText : "\(lowText)–\(highText)"
                    })
        }
        text += "Heap allocations per call, over the sizes (C's rows: one `malloc` per call, none into the buffer):\n\n"
        text += allocations.text + "\n"
        let bars = comparison.bars
        if !bars.isEmpty {
            var table = MarkdownTable([("Issue 41's bar", .left), ("Measured", .right), ("Met", .left)])
            for bar in bars { table.append([bar.statement, bar.measured, bar.met ? "yes" : "**no**"]) }
            text += table.text + "\n"
        }
        if comparison.rows.contains(where: { $0[.pointVector] != nil }) {
            text +=
                "What `PointVector` pays beyond C's `malloc` and `free` is its storage object: the runtime makes and "
                + "destroys a reference-counted instance per result, and `+` consumes its operands, so each operand the "
                + "caller keeps costs an atomic retain and release. \"The allocating add: the loop or the allocation?\" "
                + "above splits this run's gap per call; Guides/MachineFacts.md has the instruction counts and the "
                + "measurement that kept consuming operands (borrowing ones halve a lone `a + b` at 16 points but make "
                + "every expression with a temporary allocate once more: 6.6× slower frames at 64 Ki points).\n\n"
        }
        return text
    }
}
