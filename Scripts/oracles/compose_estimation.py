import math, numpy as np
f32 = np.float32
def g(x): return format(float(x), '.17g')
def isfinite(x): return not (math.isinf(x) or math.isnan(x))
def kln(x):  # Kotlin ln: NaN for negative, -inf for 0
    if x < 0 or math.isnan(x): return float('nan')
    if x == 0: return float('-inf')
    return math.log(x)
def kexp(x):
    try: return math.exp(x)
    except OverflowError: return float('inf')

def roots(stiffness, dampingRatio):
    dc = 2.0 * dampingRatio * math.sqrt(stiffness)
    pr = dc * dc - 4.0 * stiffness
    # complexSqrt
    sq = (0.0, math.sqrt(abs(pr))) if pr < 0.0 else (math.sqrt(pr), 0.0)
    r1 = ((-dc + sq[0]) * 0.5, sq[1] * 0.5)
    r2 = ((-dc - sq[0]) * 0.5, -sq[1] * 0.5)
    return r1, r2

def under(r1, p0, v0, delta):
    r = r1[0]; c1 = p0; c2 = (v0 - r * c1) / r1[1]; c = math.sqrt(c1*c1 + c2*c2)
    return kln(delta / c) / r

def crit(r1, p0, v0, delta):
    r = r1[0]; c1 = p0; c2 = v0 - r * c1
    t1 = kln(abs(delta / c1)) / r
    guess = kln(abs(delta / c2)) if c2 != 0 else float('inf')
    t = guess
    for i in range(6):
        t = guess - kln(abs(t / r)) if isfinite(t) else float('nan')
    t2 = t / r
    if not isfinite(t1): tCurr = t2
    elif not isfinite(t2): tCurr = t1
    else: tCurr = max(t1, t2)
    tInf = -(r * c1 + c2) / (r * c2) if (r*c2) != 0 else (float('-inf') if -(r*c1+c2) > 0 else float('inf'))
    xInf = lambda: c1 * kexp(r * tInf) + c2 * tInf * kexp(r * tInf)
    if math.isnan(tInf) or tInf <= 0.0:
        sd = -delta
    elif tInf > 0.0 and -xInf() < delta:
        if c2 < 0 and c1 > 0: tCurr = 0.0
        sd = -delta
    else:
        tCurr = -(2.0 / r) - (c1 / c2); sd = delta
    tDelta = float('inf'); it = 0
    while tDelta > 0.001 and it < 100:
        it += 1; tLast = tCurr
        fn = (c1 + c2 * tCurr) * kexp(r * tCurr) + sd
        fp = (c2 * (r * tCurr + 1) + c1 * r) * kexp(r * tCurr)
        tCurr = tCurr - fn / fp
        tDelta = abs(tLast - tCurr)
    return tCurr, dict(t1=t1, t2=t2, tInf=tInf, iterations=it)

def over(r1, r2, p0, v0, delta, variant):
    a, b = r1[0], r2[0]
    c2 = (a * p0 - v0) / (a - b); c1 = p0 - c2
    t1 = kln(abs(delta / c1)) / a; t2 = kln(abs(delta / c2)) / b
    if not isfinite(t1): tCurr = t2
    elif not isfinite(t2): tCurr = t1
    else: tCurr = max(t1, t2)
    tInf = kln((c1 * a) / (-c2 * b)) / (b - a)
    xInf = lambda: c1 * kexp(a * tInf) + c2 * kexp(b * tInf)
    if math.isnan(tInf) or tInf <= 0.0: sd = -delta
    elif tInf > 0.0 and -xInf() < delta:
        if c2 > 0.0 and c1 < 0.0: tCurr = 0.0
        sd = -delta
    else:
        tCurr = kln(-(c2 * b * b) / (c1 * a * a)) / (a - b); sd = delta
    fn = lambda t: c1 * kexp(a * t) + c2 * kexp(b * t) + sd
    fp = lambda t: c1 * a * kexp(a * t) + c2 * b * kexp(b * t)
    early = abs(fn(tCurr)) < 0.0001 if variant == 'old' else abs(c1 * a * kexp(a * tCurr) + c2 * b * kexp(b * tCurr)) < 0.0001
    if early: return tCurr, dict(t1=t1, t2=t2, tInf=tInf, early=True)
    tDelta = float('inf'); it = 0
    while tDelta > 0.001 and it < 100:
        it += 1; tLast = tCurr
        tCurr = tCurr - fn(tCurr) / fp(tCurr)
        tDelta = abs(tLast - tCurr)
    return tCurr, dict(t1=t1, t2=t2, tInf=tInf, iterations=it)

def estimate(stiffness, dampingRatio, initialVelocity, initialDisplacement, delta, variant='new'):
    if variant == 'new' and dampingRatio == 0.0: return (2**63 - 1) // 1000000
    r1, r2 = roots(stiffness, dampingRatio)
    if initialDisplacement == 0.0 and initialVelocity == 0.0: return 0, {}
    v0 = -initialVelocity if initialDisplacement < 0 else initialVelocity
    p0 = abs(initialDisplacement)
    if dampingRatio > 1.0: t, info = over(r1, r2, p0, v0, delta, variant)
    elif dampingRatio < 1.0: t, info = under(r1, p0, v0, delta), {}
    else: t, info = crit(r1, p0, v0, delta)
    x = t * 1000.0
    ms = int(x) if isfinite(x) else None   # Double.toLong(): truncation toward zero
    return ms, dict(info, seconds=t)

cases = [(1500, 0.5, 0.0, 1000.0, 1.0), (200, 1.0, 0.0, 1.0, 0.01), (50, 2.0, 0.0, 100.0, 0.01)]
for (k, z, v, d, dl) in cases:
    for variant in ('new', 'old'):
        ms, info = estimate(float(k), float(z), v, d, dl, variant)
        print(f"Double API [{variant}] stiffness={k} zeta={z} v0={v} x0={d} delta={dl}: {ms} ms  (t_s={g(info['seconds'])}, {({kk: (g(vv) if isinstance(vv, float) else vv) for kk, vv in info.items() if kk != 'seconds'})})")
    # Float API (as FloatSpringSpec/direct Float overload would pass binary32 values)
    ms, info = estimate(float(f32(k)), float(f32(z)), float(f32(v)), float(f32(d)), float(f32(dl)))
    print(f"   Float API (delta as binary32 {g(f32(dl))}): {ms} ms (t_s={g(info['seconds'])})")
    # FloatSpringSpec.getDurationNanos path: displacement/threshold in Float, delta = 1f
    nd = float(f32(f32(d) / f32(dl))); nv = float(f32(f32(v) / f32(dl)))
    ms, info = estimate(float(f32(k)), float(f32(z)), nv, nd, 1.0)
    print(f"   FloatSpringSpec path (x0/threshold = {g(nd)}, delta=1): {ms} ms (t_s={g(info['seconds'])})")
