# rs.py — react-spring SpringValue.advance (spring branch) + rafz dt @ 3d2523de
import math
def merge_config(tension=170., friction=26., mass=1., frequency=None, damping=1.):
    if frequency is not None:
        if frequency < 0.01: frequency = 0.01
        if damping < 0: damping = 0
        tension = math.pow((2*math.pi)/frequency, 2)*mass
        friction = (4*math.pi*damping*mass)/frequency
    return dict(tension=tension, friction=friction, mass=mass)
def run(cfg, frm, to, hz, nframes=2000, v0=0., first_dt=16.667):
    position = frm; lastVelocity = None
    prec = 0.005 if frm == to else min(1, abs(to - frm)*0.001); rv = prec/10
    out = []
    for f in range(1, nframes+1):
        dt = first_dt if f == 1 else min(64, 1000/hz)
        velocity = v0 if lastVelocity is None else lastVelocity
        finished = False
        for n in range(math.ceil(dt/1)):
            if not (abs(velocity) > rv):
                finished = abs(to - position) <= prec
                if finished: break
            acc = (-cfg['tension']*0.000001*(position - to) + -cfg['friction']*0.001*velocity)/cfg['mass']
            velocity = velocity + acc*1
            position = position + velocity*1
        lastVelocity = velocity
        out.append((f, dt, math.ceil(dt), to if finished else position, position, velocity, finished))
        if finished: break
    return out, prec
