# The platform-loop oracle for Tests/SpringModelTests/PlatformLoopSetTests.swift:
# ports of react-spring, Rebound, Pop, Android's SpringAnimation and Compose's
# estimate (each file names its repository and commit), run on a seeded set of
# springs; prints the Swift table. The ports print their own reference values
# when imported; that output is discarded.
import contextlib, io, math, os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
with contextlib.redirect_stdout(io.StringIO()):
    import react_spring, rebound_js, android_dynamicanimation, pop, compose_estimation

def g(x): return format(float(x), '.17g')

def rebound_done(tension, friction, hz):
    rebound_js.tensionFromOrigamiValue = lambda _: tension
    rebound_js.frictionFromOrigamiValue = lambda _: friction
    frames, rest = rebound_js.run_loop(1000 / hz, maxframes=int(60 * hz))
    return (rest[0] if rest else -1), frames[min(4, len(frames) - 1)][2]

def android_done(k, zeta, frm, to, hz):
    grid = [1000 + (n * 1000) // int(hz) if False else 1000 + int(math.floor(n * 1000 / hz)) for n in range(int(60 * hz))]
    out, _ = android_dynamicanimation.run(grid, stiffness=k, zeta=zeta, start=frm, end=to)
    return (out[-1][0] if out[-1][5] else -1), out[min(5, len(out) - 1)][3]

rng = random.Random(20261124)
rows = []
for i in range(24):
    k = rng.choice([50.0, 200.0, 400.0, 1500.0, round(rng.uniform(30, 3000), 3)])
    zeta = rng.choice([0.2, 0.5, 0.75, 1.0, round(rng.uniform(0.1, 2.5), 4)])
    c = 2 * zeta * math.sqrt(k)
    frm, to = rng.choice([(0.0, 100.0), (0.0, 1.0), (250.0, -40.0), (10.0, 10.5)])
    hz = rng.choice([60.0, 120.0, 240.0, 90.0])
    rs, _ = react_spring.run(dict(tension=k, friction=c, mass=1.0), frm, to, hz, nframes=int(60 * hz))
    rs_done = rs[-1][0] if rs[-1][6] else -1
    rs_mid = rs[min(4, len(rs) - 1)][3]
    rb_done, rb_mid = rebound_done(k, c, hz)   # Rebound runs 0 → 1 (the port fixes the travel)
    ad_done, ad_mid = android_done(k, zeta, frm, to, hz)
    pp = pop.run(k, c, frm=frm, to=to, hz=hz, thr=0.01, maxf=int(60 * hz))
    pp_done = pp[-1][0] if pp[-1][5] else -1
    cm = compose_estimation.estimate(k, zeta, 0.0, (frm - to) / 0.01, 1.0)[0]
    rows.append((k, c, zeta, frm, to, hz, rs_done, rs_mid, rb_done, rb_mid, ad_done, ad_mid, pp_done, cm))
print("    static let cases: [(stiffness: Double, damping: Double, dampingRatio: Double, from: Double, to: Double, rate: Double, "
      "reactDone: Int, reactFrame5: Double, reboundDone: Int, reboundFrame5: Double, androidDone: Int, androidFrame5: Double, "
      "popDone: Int, composeMilliseconds: Int64)] = [")
for r in rows:
    print("        (" + ", ".join(str(x) if isinstance(x, int) else g(x) for x in r) + "),")
print("    ]")
