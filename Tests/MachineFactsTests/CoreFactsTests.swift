import Foundation
import MachineFacts
import Testing

/// The cores the process may use: the smallest of online CPUs, the affinity
/// mask and a cgroup quota (rounded up), from injected sources.
@Suite("Core facts")
struct CoreFactsTests {
    static func facts(online: Int, affinity: Int, cpuMax: String?) -> CoreFacts {
        CoreFacts.read(.init(online: { online }, affinity: { affinity }, cgroupCPUMax: { cpuMax }))
    }

    @Test("The smallest limit wins, the quota rounded up")
    func smallestWins() {
        #expect(Self.facts(online: 8, affinity: 8, cpuMax: nil).usable == 8)
        #expect(Self.facts(online: 8, affinity: 2, cpuMax: nil).usable == 2)  // taskset
        #expect(Self.facts(online: 8, affinity: 8, cpuMax: "150000 100000").usable == 2)  // --cpus 1.5
        #expect(Self.facts(online: 8, affinity: 8, cpuMax: "50000 100000").usable == 1)  // --cpus 0.5
        #expect(Self.facts(online: 2, affinity: 2, cpuMax: "400000 100000").usable == 2)  // quota above the CPUs
        #expect(Self.facts(online: 64, affinity: 64, cpuMax: "max 100000").usable == 64)  // no quota
    }

    @Test("Unknown sources are left out; nothing known gives one core")
    func unknownSources() {
        #expect(Self.facts(online: 0, affinity: 4, cpuMax: nil).usable == 4)
        #expect(Self.facts(online: 6, affinity: -1, cpuMax: nil).usable == 6)
        #expect(Self.facts(online: -1, affinity: 0, cpuMax: "garbage").usable == 1)
        let facts = Self.facts(online: 4, affinity: 3, cpuMax: "200000 100000")
        #expect(facts.online == 4 && facts.affinity == 3 && facts.quota == 2)
    }

    @Test("cpu.max: quota over period; 'max', malformed, zero or non-finite texts are no quota")
    func cpuMax() {
        #expect(CoreFacts.parseCPUMax("200000 100000") == 2)
        #expect(CoreFacts.parseCPUMax("250000 100000\n") == 2.5)
        for text in ["max 100000", "", "100000", "a b", "0 100000", "100000 0", "-5 100000", "inf 1", "1 2 3"] {
            #expect(CoreFacts.parseCPUMax(text) == nil, "\(text)")
        }
    }

    @Test("cpu.max is the cgroup v2 line's path under the root, else the root's; other lines and '..' are not followed")
    func cgroupPath() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        try "max 100000\n".write(toFile: root + "/cpu.max", atomically: true, encoding: .utf8)
        try "150000 100000\n".write(toFile: root + "/a/b/cpu.max", atomically: true, encoding: .utf8)
        func read(_ membership: String) throws -> String? {
            let file = root + "/self-cgroup"
            try membership.write(toFile: file, atomically: true, encoding: .utf8)
            return CoreFacts.liveCPUMax(cgroupRoot: root, selfCgroup: file)
        }
        #expect(try read("0::/a/b\n") == "150000 100000")
        #expect(try read("12:cpu,cpuacct:/x\n1:name=systemd:/y\n0::/a/b\n") == "150000 100000")
        #expect(try read("0::/a/missing\n") == "max 100000")
        #expect(try read("0::/a/../a/b\n") == "max 100000")
        #expect(try read("12:cpu:/a/b\n") == "max 100000")
        #expect(CoreFacts.liveCPUMax(cgroupRoot: root, selfCgroup: root + "/none") == "max 100000")
    }

    @Test("This process reads at least one usable core, no more than are online")
    func live() {
        let facts = CoreFacts.current
        #expect(facts.usable >= 1)
        if facts.online > 0 { #expect(facts.usable <= facts.online) }
    }
}
