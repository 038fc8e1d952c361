import ODEReference

#if canImport(Glibc)
    import Glibc
#endif

/// Butcher's rooted trees and the order conditions of Runge–Kutta methods
/// (Hairer, Nørsett, Wanner, *Solving ODEs I*, §II.2, Theorem 2.13): a method
/// has order `p` exactly when `Σᵢ bᵢ·Φᵢ(t) = 1/γ(t)` for every rooted tree `t`
/// with at most `p` vertices, where `Φ(•) = 1`, `Φ([t₁…t_m])ᵢ = Π_k (A·Φ(t_k))ᵢ`
/// and `γ(t) = |t|·Π γ(t_k)`.
struct RootedTree: Sendable, CustomStringConvertible {
    /// Children as indices into ``all`` (non-decreasing, so each tree is listed once).
    let children: [Int]
    let order: Int
    let gamma: Double

    /// All rooted trees with at most 8 vertices, by order.
    static let all: [RootedTree] = generate(upTo: 8)

    static func generate(upTo maximumOrder: Int) -> [RootedTree] {
        var trees = [RootedTree(children: [], order: 1, gamma: 1)]
        for order in 2...maximumOrder {
            // Children: non-decreasing index sequences with orders summing to order − 1.
            var found: [[Int]] = []
            func extend(_ prefix: [Int], remaining: Int, from index: Int) {
                if remaining == 0 {
                    found.append(prefix)
                    return
                }
                for i in index..<trees.count where trees[i].order <= remaining {
                    extend(prefix + [i], remaining: remaining - trees[i].order, from: i)
                }
            }
            extend([], remaining: order - 1, from: 0)
            for children in found {
                let gamma = Double(order) * children.reduce(1.0) { $0 * trees[$1].gamma }
                trees.append(RootedTree(children: children, order: order, gamma: gamma))
            }
        }
        return trees
    }

    var description: String { "tree(order \(order), γ \(gamma), children \(children))" }
}

/// The coefficients of a method with all its stages in one square matrix.
struct StageMatrix {
    var a: [[Double]]  // s × s, strictly lower triangular
    var c: [Double]

    var count: Int { c.count }

    /// The method's own stages.
    init(method pair: EmbeddedRungeKuttaPair) {
        let s = pair.stageCount
        a = pair.coefficients.map { $0 + Array(repeating: 0, count: s - $0.count) }
        c = pair.nodes
    }

    /// The extended stages of the dense output: the method's, then
    /// `f(t + h, y₁)` (row `b`) unless the method is FSAL, then the extras.
    init(extended pair: EmbeddedRungeKuttaPair) {
        var rows = pair.coefficients
        var nodes = pair.nodes
        if !pair.isFirstSameAsLast {
            rows.append(pair.weights)
            nodes.append(1)
        }
        rows += pair.extraStageCoefficients
        nodes += pair.extraStageNodes
        let s = nodes.count
        a = rows.map { $0 + Array(repeating: 0, count: s - $0.count) }
        c = nodes
    }

    /// `Φ(t)` for every tree in ``RootedTree/all``, and the same with `|aᵢⱼ|`
    /// (the magnitude that rounding errors scale with).
    func elementaryWeights(_ trees: [RootedTree]) -> (values: [[Double]], magnitudes: [[Double]]) {
        var values: [[Double]] = []
        var magnitudes: [[Double]] = []
        for tree in trees {
            var value = [Double](repeating: 1, count: count)
            var magnitude = [Double](repeating: 1, count: count)
            for child in tree.children {
                for i in 0..<count {
                    var sum = 0.0
                    var sumMagnitude = 0.0
                    for j in 0..<count where a[i][j] != 0 {
                        sum += a[i][j] * values[child][j]
                        sumMagnitude += abs(a[i][j]) * magnitudes[child][j]
                    }
                    value[i] *= sum
                    magnitude[i] *= sumMagnitude
                }
            }
            values.append(value)
            magnitudes.append(magnitude)
        }
        return (values, magnitudes)
    }
}

/// One order condition's residual and the rounding allowance for it.
struct OrderConditionCheck: CustomStringConvertible {
    var tree: RootedTree
    var residual: Double
    var allowance: Double
    var holds: Bool { abs(residual) <= allowance }
    var description: String { "\(tree): residual \(residual), allowance \(allowance)" }
}

/// The order conditions of the quadrature `weights` over `stages` for every
/// tree up to `maximumOrder`, scaled by `θ^|t|` for a continuous extension
/// (`theta = 1` for a step's weights).
///
/// Allowance: each coefficient is the double nearest its exact value (relative
/// error ≤ u), and each of the `|t|` nested levels of sums over `s` stages
/// adds at most `γ(s+1)` relative to the sum of magnitudes; so the computed
/// residual is within `(|t| + 1)·(s + 2)·u·Σ|bᵢ|·|Φ|ᵢ` of the exact one. A
/// factor 4 covers the products of levels. Conditions that fail exceed it by
/// orders of magnitude.
func orderConditions(
    weights: [Double], stages: StageMatrix, maximumOrder: Int, theta: Double = 1
) -> [OrderConditionCheck] {
    let trees = RootedTree.all.filter { $0.order <= maximumOrder }
    let (values, magnitudes) = stages.elementaryWeights(trees)
    let b = weights + Array(repeating: 0, count: max(0, stages.count - weights.count))
    return trees.indices.map { t in
        var sum = 0.0
        var magnitude = 0.0
        for i in 0..<stages.count {
            sum += b[i] * values[t][i]
            magnitude += abs(b[i]) * magnitudes[t][i]
        }
        let expected = pow(theta, Double(trees[t].order)) / trees[t].gamma
        let levels = Double(trees[t].order + 1)
        let allowance = 4 * levels * Double(stages.count + 2) * unitRoundoff * (magnitude + abs(expected))
        return OrderConditionCheck(tree: trees[t], residual: sum - expected, allowance: allowance)
    }
}
