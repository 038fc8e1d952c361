import ODEReference
import Testing

/// The pairs under test, named in the output.
struct PairCase: Sendable, CustomTestStringConvertible {
    var pair: EmbeddedRungeKuttaPair
    var testDescription: String { pair.name }
    static let all = [PairCase(pair: .dormandPrince54), PairCase(pair: .dormandPrince853)]
}

/// The transcribed coefficients satisfy the identities that define the
/// methods. A typo in any `a`, `b`, `c`, error or dense-output coefficient
/// breaks at least one of these (each coefficient enters some condition).
@Suite("Butcher tableaux: the coefficients are the published methods")
struct CoefficientTests {
    @Test("there are 1, 1, 2, 4, 9, 20, 48, 115 rooted trees of orders 1…8")
    func treeCounts() {
        let counts = (1...8).map { order in RootedTree.all.filter { $0.order == order }.count }
        #expect(counts == [1, 1, 2, 4, 9, 20, 48, 115])
    }

    @Test("each row sums to its node: Σⱼ aᵢⱼ = cᵢ (method, end and extra stages)", arguments: PairCase.all)
    func rowSums(_ pairCase: PairCase) {
        let stages = StageMatrix(extended: pairCase.pair)
        for i in 0..<stages.count {
            let sum = stages.a[i].reduce(0, +)
            let magnitude = stages.a[i].reduce(0) { $0 + abs($1) }
            #expect(
                abs(sum - stages.c[i]) <= Double(stages.count + 2) * unitRoundoff * (magnitude + 1),
                "row \(i): Σa = \(sum), c = \(stages.c[i])")
        }
    }

    @Test(
        "the propagated solution has exactly its order: every condition up to p holds, some at p+1 fails",
        arguments: PairCase.all)
    func propagatedOrder(_ pairCase: PairCase) {
        let pair = pairCase.pair
        let stages = StageMatrix(method: pair)
        let checks = orderConditions(weights: pair.weights, stages: stages, maximumOrder: pair.order)
        #expect(checks.count == [1, 2, 4, 8, 17, 37, 85, 200][pair.order - 1])
        for check in checks where !check.holds { Issue.record("order \(pair.order): \(check)") }
        #expect(abs(pair.weights.reduce(0, +) - 1) <= 16 * unitRoundoff * 20, "Σb = 1")
        if pair.order < 8 {
            let next = orderConditions(weights: pair.weights, stages: stages, maximumOrder: pair.order + 1)
            #expect(next.contains { !$0.holds }, "order is not higher than \(pair.order)")
        }
    }

    @Test("the embedded solution b̂ = b − e has its order, and not one more", arguments: PairCase.all)
    func embeddedOrder(_ pairCase: PairCase) {
        let pair = pairCase.pair
        let stages = StageMatrix(method: pair)
        let checks = orderConditions(weights: pair.embeddedWeights, stages: stages, maximumOrder: pair.embeddedOrder)
        for check in checks where !check.holds { Issue.record("embedded order \(pair.embeddedOrder): \(check)") }
        let next = orderConditions(weights: pair.embeddedWeights, stages: stages, maximumOrder: pair.embeddedOrder + 1)
        #expect(next.contains { !$0.holds }, "the error estimate would vanish to higher order")
    }

    @Test("DOP853's third-order weights b̃ have order 3 and not 4")
    func thirdOrderWeights() throws {
        let pair = EmbeddedRungeKuttaPair.dormandPrince853
        let third = try #require(pair.thirdOrderWeights)
        let stages = StageMatrix(method: pair)
        for check in orderConditions(weights: third, stages: stages, maximumOrder: 3) where !check.holds {
            Issue.record("third order: \(check)")
        }
        #expect(orderConditions(weights: third, stages: stages, maximumOrder: 4).contains { !$0.holds })
    }

    @Test(
        "the dense output has its order at every θ: Σ bⱼ(θ)Φⱼ(t) = θ^|t|/γ(t) for |t| ≤ q",
        arguments: PairCase.all, [0.1, 0.37, 0.5, 0.81, 1.0])
    func denseOutputOrder(_ pairCase: PairCase, theta: Double) {
        let pair = pairCase.pair
        let stages = StageMatrix(extended: pair)
        let weights = pair.denseOutputWeights(at: theta)
        for check in orderConditions(
            weights: weights, stages: stages, maximumOrder: pair.denseOutputOrder, theta: theta
        ) where !check.holds {
            Issue.record("θ = \(theta), order \(pair.denseOutputOrder): \(check)")
        }
    }

    @Test(
        "the dense output interpolates: b(0) = 0 and b(1) = b, so it is continuous across steps",
        arguments: PairCase.all)
    func denseOutputEndpoints(_ pairCase: PairCase) {
        let pair = pairCase.pair
        let atZero = pair.denseOutputWeights(at: 0)
        let atOne = pair.denseOutputWeights(at: 1)
        #expect(atZero.allSatisfy { $0 == 0 })
        for j in atOne.indices {
            let b = j < pair.weights.count ? pair.weights[j] : 0
            #expect(abs(atOne[j] - b) <= 8 * unitRoundoff * max(1, abs(b)), "stage \(j)")
        }
    }

    @Test("DP5(4) is first-same-as-last; DOP853 evaluates f(t+h, y₁) separately")
    func firstSameAsLast() {
        #expect(EmbeddedRungeKuttaPair.dormandPrince54.isFirstSameAsLast)
        #expect(!EmbeddedRungeKuttaPair.dormandPrince853.isFirstSameAsLast)
        #expect(EmbeddedRungeKuttaPair.dormandPrince54.extendedStageCount == 7)
        #expect(EmbeddedRungeKuttaPair.dormandPrince853.extendedStageCount == 16)
    }

    @Test("a pair with one coefficient changed fails the order conditions (the check can fail)")
    func brokenCoefficientIsCaught() {
        var broken = EmbeddedRungeKuttaPair.dormandPrince853
        broken.coefficients[9][6] *= 1 + 1e-9
        let checks = orderConditions(
            weights: broken.weights, stages: StageMatrix(method: broken), maximumOrder: broken.order)
        #expect(checks.contains { !$0.holds })
    }
}
