import math, numpy as np
def g(x): return format(float(x), '.17g')
solverDt = float(np.float32(0.001))     # const CFTimeInterval solverDt = 0.001f;
maxSolverDt = float(np.float32(30.0))
print("solverDt as double =", g(solverDt))
# POPMath.mm
def POPNormalize(value, s, e): return (value - s) / (e - s)
def POPProjectNormal(n, s, e): return s + (n * (e - s))
def linear_interpolation(t, s, e): return t * e + (1.0 - t) * s
def POPQuadraticOutInterpolation(t, s, e): return linear_interpolation(2*t - t*t, s, e)
def b3_friction1(x): return (0.0007 * math.pow(x, 3)) - (0.031 * math.pow(x, 2)) + 0.64 * x + 1.28
def b3_friction2(x): return (0.000044 * math.pow(x, 3)) - (0.006 * math.pow(x, 2)) + 0.36 * x + 2.
def b3_friction3(x): return (0.00000045 * math.pow(x, 3)) - (0.000332 * math.pow(x, 2)) + 0.1078 * x + 5.84
def POPBouncy3NoBounce(t):
    if t <= 18.: return b3_friction1(t)
    elif t > 18 and t <= 44: return b3_friction2(t)
    else: return b3_friction3(t)
def convert(bounciness, speed):
    b = POPNormalize(bounciness / 1.7, 0, 20.0)
    b = POPProjectNormal(b, 0.0, 0.8)
    s = POPNormalize(speed / 1.7, 0, 20.0)
    tension = POPProjectNormal(s, 0.5, 200)
    friction = POPQuadraticOutInterpolation(b, POPBouncy3NoBounce(tension), 0.01)
    qcT, qcF = tension, friction
    tension = (194.0 + (((tension - 30.0) / 50.0) * (375.0 - 194.0)))
    friction = (25.0 + (((friction - 8.0) / 2.0) * (25.0 - 19.0)))
    return tension, friction, 1.0, qcT, qcF
k, b, m, qcT, qcF = convert(4, 12)
print("Pop bounciness 4 speed 12: QC tension", g(qcT), "QC friction", g(qcF))
print("  -> dynamicsTension", g(k), "dynamicsFriction", g(b), "mass", m, "zeta", g(b/(2*math.sqrt(k*m))))
# Rebound's BouncyConversion + fromOrigamiTensionAndFriction for the same inputs
def rb(bounciness, speed):
    bb = POPNormalize(bounciness / 1.7, 0, 20.0); bb = POPProjectNormal(bb, 0.0, 0.8)
    s = POPNormalize(speed / 1.7, 0, 20.0)
    bt = POPProjectNormal(s, 0.5, 200)
    bf = POPQuadraticOutInterpolation(bb, POPBouncy3NoBounce(bt), 0.01)
    return (bt - 30.0) * 3.62 + 194.0, (bf - 8.0) * 3.0 + 25.0
rk, rf = rb(4, 12)
print("Rebound fromBouncinessAndSpeed(4,12): tension", g(rk), "friction", g(rf))

class Solver:
    def __init__(s, k, b, m=1.0, thr=1.0):
        s.k, s.b, s.m = k, b, m
        s.acc = 0.0; s.lp = 0.0; s.lv = 0.0; s.lastDv = 0.0; s.started = False
        s.tp = thr/2; s.tv = 25.0*thr; s.ta = 625.0*thr*thr
    def accel(s, p, v): return p*(-s.k/s.m) - v*(s.b/s.m)
    def integrate(s, p, v, dt):
        a_dp, a_dv = v, s.accel(p, v)
        h = dt*0.5
        sp, sv = p + a_dp*h, v + a_dv*h; b_dp, b_dv = sv, s.accel(sp, sv)
        sp, sv = p + b_dp*h, v + b_dv*h; c_dp, c_dv = sv, s.accel(sp, sv)
        sp, sv = p + c_dp*dt, v + c_dv*dt; d_dp, d_dv = sv, s.accel(sp, sv)
        dpdt = (a_dp + (b_dp + c_dp)*2.0 + d_dp) * (1.0/6.0)
        dvdt = (a_dv + (b_dv + c_dv)*2.0 + d_dv) * (1.0/6.0)
        s.lastDv = dvdt
        return p + dpdt*dt, v + dvdt*dt
    def advance(s, p, v, dt):
        s.started = True
        if dt > maxSolverDt:
            s.lastDv = s.lv = s.lp = 0.0
            return p, v
        s.acc += dt
        pp, pv, cp, cv = p, v, p, v
        while s.acc >= solverDt:
            pp, pv = cp, cv
            cp, cv = s.integrate(cp, cv, solverDt)
            s.acc -= solverDt
        alpha = s.acc / solverDt
        p = cp*alpha + pp*(1-alpha); v = cv*alpha + pv*(1-alpha)
        s.lp, s.lv = p, v
        return p, v
    def hasConverged(s):
        if not s.started: return False
        if abs(s.lp) >= s.tp: return False
        return (s.lv*s.lv < s.tv) and (s.lastDv*s.lastDv < s.ta)

def run(k, b, frm=0.0, to=1.0, hz=60.0, thr=0.01, n=10, maxf=1000):
    sol = Solver(k, b, 1.0, thr)
    value, velocity = frm, 0.0
    prev = prev2 = None
    out = []
    lastTime = 0.0  # startTime = lastTime = time at first render
    for f in range(maxf):
        time = f / hz
        dt = time - lastTime
        p, v = to - value, velocity * -1
        p, v = sol.advance(p, v, dt)
        value = to - p; velocity = v * -1
        lastTime = time
        prev2, prev = prev, value
        t5 = thr / 5
        anim_conv = prev is not None and prev2 is not None and abs(to - prev) < t5 and abs(prev2 - prev) < t5
        done = sol.started and (anim_conv or sol.hasConverged())
        out.append((f, time, value, velocity, sol.acc, done))
        if done: break
    return out
for thr in (0.01, 1.0):
    out = run(k, b, thr=thr)
    if thr == 0.01:
        print("\nPop 0->1, 60 Hz frames (frame 0 = start render, dt = 0)")
        for (f, t, x, v, acc, d) in out[:11]:
            print(f"frame {f:2d} t={g(t)} x={g(x)} v={g(v)} acc={g(acc)}")
    f, t, x, v, acc, d = out[-1]
    print(f"threshold {thr}: isDone first true on frame {f} (t={g(t)} s), x before snap={g(x)}")
