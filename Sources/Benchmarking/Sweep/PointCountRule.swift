import DocumentValues

/// Points per operand: 1…``PointCount/maximum`` (2⁴⁰).
public enum PointCountRule: ValueRule {
    public static func accepts(_ value: Int) -> Bool { (1...PointCount.maximum).contains(value) }
    public static var validRange: String { "an integer in 1…\(PointCount.maximum)" }
}
