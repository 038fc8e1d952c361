import math, numpy as np
f32 = np.float32
def g(x): return format(float(x), '.17g')
# SpringForce.java
class SpringForce:
    def __init__(s, finalPosition):
        s.mNaturalFreq = math.sqrt(float(f32(1500)))
        s.mDampingRatio = float(f32(0.5))
        s.mFinalPosition = float(f32(finalPosition))   # double field set from a float argument
        s.init_done = False
    def setStiffness(s, k): s.mNaturalFreq = math.sqrt(float(f32(k))); s.init_done = False
    def setDampingRatio(s, z): s.mDampingRatio = float(f32(z)); s.init_done = False
    def getFinalPosition(s): return f32(s.mFinalPosition)
    def setValueThreshold(s, threshold):
        s.mValueThreshold = abs(threshold)
        s.mVelocityThreshold = s.mValueThreshold * (1000.0 / 16.0)
    def isAtEquilibrium(s, value, velocity):   # value, velocity: float (binary32)
        return (abs(float(velocity)) < s.mVelocityThreshold and
                abs(float(f32(value) - s.getFinalPosition())) < s.mValueThreshold)
    def init(s):
        if s.init_done: return
        z, w = s.mDampingRatio, s.mNaturalFreq
        if z > 1:
            s.mGammaPlus = -z * w + w * math.sqrt(z * z - 1)
            s.mGammaMinus = -z * w - w * math.sqrt(z * z - 1)
        elif z >= 0 and z < 1:
            s.mDampedFreq = w * math.sqrt(1 - z * z)
        s.init_done = True
    def updateValues(s, lastDisplacement, lastVelocity, timeElapsed):
        s.init()
        deltaT = timeElapsed / 1000.0
        lastDisplacement = float(lastDisplacement) - s.mFinalPosition
        lastVelocity = float(lastVelocity)
        z, w, E = s.mDampingRatio, s.mNaturalFreq, math.e
        if z > 1:
            gm, gp = s.mGammaMinus, s.mGammaPlus
            coeffA = lastDisplacement - (gm * lastDisplacement - lastVelocity) / (gm - gp)
            coeffB = (gm * lastDisplacement - lastVelocity) / (gm - gp)
            displacement = coeffA * math.pow(E, gm * deltaT) + coeffB * math.pow(E, gp * deltaT)
            currentVelocity = coeffA * gm * math.pow(E, gm * deltaT) + coeffB * gp * math.pow(E, gp * deltaT)
        elif z == 1:
            coeffA = lastDisplacement
            coeffB = lastVelocity + w * lastDisplacement
            displacement = (coeffA + coeffB * deltaT) * math.pow(E, -w * deltaT)
            currentVelocity = (coeffA + coeffB * deltaT) * math.pow(E, -w * deltaT) * -w + coeffB * math.pow(E, -w * deltaT)
        else:
            wd = s.mDampedFreq
            cosCoeff = lastDisplacement
            sinCoeff = (1 / wd) * (z * w * lastDisplacement + lastVelocity)
            displacement = math.pow(E, -z * w * deltaT) * (cosCoeff * math.cos(wd * deltaT) + sinCoeff * math.sin(wd * deltaT))
            currentVelocity = (displacement * -w * z + math.pow(E, -z * w * deltaT) *
                               (-wd * cosCoeff * math.sin(wd * deltaT) + wd * sinCoeff * math.cos(wd * deltaT)))
        return f32(displacement + s.mFinalPosition), f32(currentVelocity)

def run(frame_times, stiffness=1500, zeta=0.5, start=0.0, end=1000.0, minVisibleChange=1.0):
    sp = SpringForce(end); sp.setStiffness(stiffness); sp.setDampingRatio(zeta)
    sp.setValueThreshold(float(f32(minVisibleChange) * f32(0.75)))   # getValueThreshold(): float * 0.75f
    mValue, mVelocity = f32(start), f32(0.0)
    mLast = 0; out = []
    for i, ft in enumerate(frame_times):
        if mLast == 0:
            mLast = ft; out.append((i, ft, None, mValue, mVelocity, False)); continue
        deltaT = ft - mLast; mLast = ft
        mValue, mVelocity = sp.updateValues(mValue, mVelocity, deltaT)
        fin = sp.isAtEquilibrium(mValue, mVelocity)
        raw = mValue; rawv = mVelocity
        if fin: mValue, mVelocity = sp.getFinalPosition(), f32(0.0)
        out.append((i, ft, deltaT, raw, rawv, fin))
        if fin: break
    return out, sp
T0 = 1000  # uptimeMillis must be nonzero (mLastFrameTime == 0 means "first frame")
grid = [T0 + (k * 1000) // 60 for k in range(2000)]
out, sp = run(grid)
print("thresholds: value", g(sp.mValueThreshold), "velocity", g(sp.mVelocityThreshold))
print("Android SpringForce k=1500 zeta=0.5, 0 -> 1000 px, frames at uptimeMillis floor(k*1000/60)")
for (i, ft, dT, x, v, fin) in out:
    print(f"frame {i:3d} t={ft-T0:5d}ms dT={dT} x={g(x)} v={g(v)}{'  DONE -> snapped to 1000' if fin else ''}")
for dt_const in (16, 17):
    out2, _ = run([T0 + k*dt_const for k in range(2000)])
    print(f"constant {dt_const} ms frames: ends at frame {out2[-1][0]} (t={out2[-1][1]-T0} ms)")
