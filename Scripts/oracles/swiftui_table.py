# The SwiftUI oracle for Tests/SpringModelTests/SwiftUIPlatformSetTests.swift: prints its tables.
import os, random, math, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from respring import Spring, g
rng = random.Random(20261124)
rows = []
for i in range(40):
    m = math.exp(rng.uniform(math.log(0.2), math.log(5)))
    k = math.exp(rng.uniform(math.log(5), math.log(5000)))
    zeta = rng.choice([rng.uniform(0.02, 0.98), 1.0, rng.uniform(1.02, 4)])
    c = 2 * zeta * math.sqrt(k * m)
    s = Spring.msd(m, k, c, True)
    T = rng.choice([1.0, rng.uniform(-3, 3)])
    v0 = rng.choice([0.0, rng.uniform(-20, 20)])
    eps = rng.choice([0.001, 0.01, 1e-4])
    t = rng.uniform(0, 2)
    rows.append((m, k, c, T, v0, eps, t, s.w, s.l, s.stiffness(), s.settling(T, v0, eps), s.value(T, v0, t), s.velocity(T, v0, t)))
print("    static let springs: [(mass: Double, stiffness: Double, damping: Double, target: Double, velocity: Double, epsilon: Double, time: Double, angularFrequency: Double, decayConstant: Double, swiftUIStiffness: Double, settling: Double, value: Double, reportedVelocity: Double)] = [")
for r in rows:
    print("        (" + ", ".join(g(x) for x in r) + "),")
print("    ]")
srows = []
for i in range(40):
    d = math.exp(rng.uniform(math.log(0.005), math.log(20)))
    z = rng.choice([rng.uniform(0.05, 0.99), 1.0, rng.uniform(1, 3)])
    eps = rng.choice([0.001, 0.01])
    s = Spring.sz(d, z, eps)
    srows.append((d, z, eps, s.w, s.l))
print("    static let settlingInputs: [(duration: Double, dampingRatio: Double, epsilon: Double, angularFrequency: Double, decayConstant: Double)] = [")
for r in srows:
    print("        (" + ", ".join(g(x) for x in r) + "),")
print("    ]")
