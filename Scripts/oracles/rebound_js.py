import math
from mpmath import mp, mpf
mp.dps = 40
def g(x): return format(x, '.17g')

# ---- Rebound transcription (src/Spring.js, SpringSystem.js) ----
MAX_DELTA_TIME_SEC = 0.064
SOLVER_TIMESTEP_SEC = 0.001
def tensionFromOrigamiValue(o): return (o - 30.0) * 3.62 + 194.0
def frictionFromOrigamiValue(o): return (o - 8.0) * 3.0 + 25.0

class Spring:
    def __init__(self, tension, friction):
        self.tension = tension; self.friction = friction
        self.cp = 0.0; self.cv = 0.0     # _currentState
        self.pp = 0.0; self.pv = 0.0     # _previousState
        self.tp = 0.0; self.tv = 0.0     # _tempState
        self.endValue = 0.0; self.startValue = 0.0
        self.acc = 0.0; self.wasAtRest = True
        self.restSpeed = 0.001; self.restDisp = 0.001
        self.overshootClamping = False
        self.h = SOLVER_TIMESTEP_SEC
    def isAtRest(self):
        return abs(self.cv) < self.restSpeed and (abs(self.endValue - self.cp) <= self.restDisp or self.tension == 0)
    def systemShouldAdvance(self): return (not self.isAtRest()) or (not self.wasAtRest)
    def setCurrentValue(self, x):
        self.startValue = x; self.cp = x; self.setAtRest()
    def setAtRest(self):
        self.endValue = self.cp; self.tp = self.cp; self.cv = 0.0
    def setEndValue(self, e):
        if self.endValue == e and self.isAtRest(): return
        self.startValue = self.cp; self.endValue = e
    def isOvershooting(self):
        s, e = self.startValue, self.endValue
        return self.tension > 0 and ((s < e and self.cp > e) or (s > e and self.cp < e))
    def steps(self, n=None):
        """the inner while body, returns (position, velocity, tempPosition)"""
    def advance(self, realDeltaTime):
        isAtRest = self.isAtRest()
        if isAtRest and self.wasAtRest: return False
        adj = realDeltaTime
        if realDeltaTime > MAX_DELTA_TIME_SEC: adj = MAX_DELTA_TIME_SEC
        self.acc += adj
        T = self.tension; F = self.friction; E = self.endValue; h = self.h
        position = self.cp; velocity = self.cv
        tempPosition = self.tp; tempVelocity = self.tv
        while self.acc >= h:
            self.acc -= h
            if self.acc < h:
                self.pp = position; self.pv = velocity
            aVelocity = velocity
            aAcceleration = T * (E - tempPosition) - F * velocity
            tempPosition = position + aVelocity * h * 0.5
            tempVelocity = velocity + aAcceleration * h * 0.5
            bVelocity = tempVelocity
            bAcceleration = T * (E - tempPosition) - F * tempVelocity
            tempPosition = position + bVelocity * h * 0.5
            tempVelocity = velocity + bAcceleration * h * 0.5
            cVelocity = tempVelocity
            cAcceleration = T * (E - tempPosition) - F * tempVelocity
            tempPosition = position + cVelocity * h
            tempVelocity = velocity + cAcceleration * h
            dVelocity = tempVelocity
            dAcceleration = T * (E - tempPosition) - F * tempVelocity
            dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
            dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
            position += dxdt * h
            velocity += dvdt * h
        self.tp = tempPosition; self.tv = tempVelocity
        self.cp = position; self.cv = velocity
        if self.acc > 0:
            alpha = self.acc / h
            self.cp = self.cp * alpha + self.pp * (1 - alpha)
            self.cv = self.cv * alpha + self.pv * (1 - alpha)
        if self.isAtRest() or (self.overshootClamping and self.isOvershooting()):
            if self.tension > 0:
                self.startValue = self.endValue; self.cp = self.endValue
            else:
                self.endValue = self.cp; self.startValue = self.endValue
            self.cv = 0.0   # setVelocity(0)
            isAtRest = True
        if self.wasAtRest: self.wasAtRest = False
        if isAtRest: self.wasAtRest = True
        return isAtRest

def run_loop(timestep_ms, nframes=10, maxframes=100000, verbose=True):
    s = Spring(tensionFromOrigamiValue(40), frictionFromOrigamiValue(7))
    s.setCurrentValue(0.0)
    s.setEndValue(1.0)
    # SpringSystem.loop driven by SimulationLooper: time += timestep
    lastTime = -1; time = 0.0; frames = []
    active = True; k = 0; restFrame = None
    while active and k < maxframes:
        time += timestep_ms; k += 1
        if lastTime == -1: lastTime = time - 1
        ell = time - lastTime; lastTime = time
        if s.systemShouldAdvance():
            r = s.advance(ell / 1000.0)
            frames.append((k, ell, s.cp, s.cv, s.acc))
            if r and restFrame is None: restFrame = (k, time)
        else:
            active = False  # spring dropped from active list; system idle
    return frames, restFrame

tension = tensionFromOrigamiValue(40); friction = frictionFromOrigamiValue(7)
print("tension", g(tension), "friction", g(friction), "zeta", g(friction/(2*math.sqrt(tension))))
for ts in (1000/60, 16.667, 1000/120):
    frames, rest = run_loop(ts)
    print("\n== SimulationLooper timestep", g(ts), "ms")
    for (k, ell, x, v, acc) in frames[:10]:
        print(f"frame {k:2d} elapsed_ms={g(ell)} x={g(x)} v={g(v)} acc_left_s={g(acc)}")
    print("at rest (snapped) on loop call", rest, "; total loop calls that advanced:", len(frames))

# exact solution
def exact(t):
    k = mpf(tension); c = mpf(friction)
    w0 = mp.sqrt(k); z = c/(2*w0); wd = w0*mp.sqrt(1-z*z)
    t = mpf(t)
    x = 1 - mp.e**(-z*w0*t)*(mp.cos(wd*t) + z*w0/wd*mp.sin(wd*t))
    v = mp.e**(-z*w0*t)*(k/wd)*mp.sin(wd*t)  # derivative
    return x, v

# pure solver steps (no frame loop, no interpolation)
def rebound_steps(n, h, x0=0.0, v0=0.0, tp0=None, E=1.0, T=tension, F=friction):
    position, velocity = x0, v0
    tempPosition = x0 if tp0 is None else tp0
    for i in range(n):
        aVelocity = velocity
        aAcceleration = T * (E - tempPosition) - F * velocity
        tempPosition = position + aVelocity * h * 0.5
        tempVelocity = velocity + aAcceleration * h * 0.5
        bVelocity = tempVelocity
        bAcceleration = T * (E - tempPosition) - F * tempVelocity
        tempPosition = position + bVelocity * h * 0.5
        tempVelocity = velocity + bAcceleration * h * 0.5
        cVelocity = tempVelocity
        cAcceleration = T * (E - tempPosition) - F * tempVelocity
        tempPosition = position + cVelocity * h
        tempVelocity = velocity + cAcceleration * h
        dVelocity = tempVelocity
        dAcceleration = T * (E - tempPosition) - F * tempVelocity
        dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
        dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
        position += dxdt * h
        velocity += dvdt * h
    return position, velocity, tempPosition

def rk4_steps(n, h, x0=0.0, v0=0.0, E=1.0, T=tension, F=friction):
    x, v = x0, v0
    f = lambda x, v: T*(E-x) - F*v
    for i in range(n):
        k1x, k1v = v, f(x, v)
        k2x, k2v = v + 0.5*h*k1v, f(x+0.5*h*k1x, v+0.5*h*k1v)
        k3x, k3v = v + 0.5*h*k2v, f(x+0.5*h*k2x, v+0.5*h*k2v)
        k4x, k4v = v + h*k3v, f(x+h*k3x, v+h*k3v)
        x += h/6*(k1x+2*k2x+2*k3x+k4x); v += h/6*(k1v+2*k2v+2*k3v+k4v)
    return x, v

print("\n== 100 solver steps of 1 ms, no frame loop (t = 0.1 s)")
xr, vr, tpr = rebound_steps(100, 0.001)
xk, vk = rk4_steps(100, 0.001)
xe, ve = exact(0.1)
print("rebound x", g(xr), "v", g(vr))
print("textbook RK4 x", g(xk), "v", g(vk))
print("exact x", mp.nstr(xe, 20), "v", mp.nstr(ve, 20))
print("rebound err x", g(float(xr - xe)), "v", g(float(vr - ve)))
print("rk4 err x", g(float(xk - xe)), "v", g(float(vk - ve)))
# convergence order: global error at t=0.1 for various h
print("\n== global error at t=0.1 vs h")
for n in (25, 50, 100, 200, 400, 800):
    h = 0.1/n
    xr, vr, _ = rebound_steps(n, h); xk, vk = rk4_steps(n, h)
    print(f"h={g(h)} rebound errx={g(float(xr-xe))} errv={g(float(vr-ve))}  rk4 errx={g(float(xk-xe))} errv={g(float(vk-ve))}")
# local error at 1 ms: one step from the exact state at t0, with tempPosition as the stale value
print("\n== local (one-step, h=1ms) error")
h = 0.001
for t0 in (0.0, 0.01, 0.05, 0.1, 0.2):
    x0, v0 = exact(t0); x1, v1 = exact(t0 + h)
    # stale tempPosition = d-stage position of the previous step: x(t0-h) + h*c_v of previous step (compute with rebound step from exact state at t0-h)
    if t0 > 0:
        xm, vm = exact(t0 - h)
        _, _, tp = rebound_steps(1, h, float(xm), float(vm))
    else:
        tp = float(x0)
    xr, vr, _ = rebound_steps(1, h, float(x0), float(v0), tp0=tp)
    xk, vk = rk4_steps(1, h, float(x0), float(v0))
    print(f"t0={t0}: stale tp - x0 = {g(float(tp - x0))}; rebound local err x={g(float(xr-x1))} v={g(float(vr-v1))}; rk4 local err x={g(float(xk-x1))} v={g(float(vk-v1))}")

print("\n== effective-time lag from interpolation write-back (60 Hz, 1000/60)")
frames, rest = run_loop(1000/60)
tot = 0.0
from mpmath import findroot
for (k, ell, x, v, acc) in frames[:12]:
    tot += ell/1000.0
    xe, ve = exact(tot)
    # effective time: solve exact(t)=x near tot
    te = findroot(lambda t: exact(t)[0] - x, tot)
    print(f"frame {k:2d} t_wall={g(tot)} x={g(x)} exact(t_wall)={mp.nstr(xe,17)} t_eff={mp.nstr(te,10)} lag_ms={mp.nstr((tot-te)*1000,6)}")
