import Benchmarking
import Testing

/// `kernel:backend:size` arguments (the sampler's and `instructions`' cell
/// syntax): the round trip, and the sizes and forms that are refused.
@Suite("Cell key arguments")
struct CellKeyArgumentTests {
    @Test("argument and init?(argument:) round-trip at the ends of the size range")
    func roundTrip() throws {
        for size in [1, 16, 4096, PointCount.maximum] {
            let key = CellKey(kernel: .axpy, backend: "simd", size: size)
            #expect(CellKey(argument: key.argument) == key)
        }
    }

    @Test(
        "sizes outside 1…2^40, empty backends and malformed text are refused",
        arguments: [
            "add:simd:0", "add:simd:-4", "add:simd:\(PointCount.maximum + 1)", "add::16", "nosuch:simd:16",
            "add:simd", "add:simd:16:1", "add:simd:1.5", "",
        ])
    func refused(_ text: String) {
        #expect(CellKey(argument: text) == nil, "\(text)")
    }
}
