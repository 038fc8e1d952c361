# Transcription of ktiays/Respring (Swift sources) into Python for reference values.
import math
TAU = 2 * math.pi
ULP = 2.220446049250313e-16  # Double.ulpOfOne

class Spring:
    def __init__(s, w, l, m): s.w, s.l, s.m = w, l, m   # angularFrequency, decayConstant, _mass
    # --- init(duration:bounce:)
    @staticmethod
    def db(duration=0.5, bounce=0.0):
        f = -TAU; z = math.inf
        if bounce > -1:
            z = 1.0
            if bounce < 0: z = 1 / (bounce + 1)
            elif bounce != 0:
                z = 0.0
                if bounce <= 1: z = 1 - bounce
            if z <= 1: f = TAU
        w = math.sqrt(abs(1 - z * z)) * f / duration
        l = z * TAU / duration
        return Spring(w, l, 1.0)
    # --- init(mass:stiffness:damping:allowOverDamping:)
    @staticmethod
    def msd(mass, stiffness, damping, allow=False):
        nf = math.sqrt(stiffness / mass); dr = damping / (2 * mass)
        if dr > nf and not allow: return Spring(0.0, nf, mass)
        osc = math.sqrt(abs(stiffness / mass - dr * dr))
        return Spring(-osc if dr > nf else osc, dr, mass)
    # --- init(response:dampingRatio:)
    @staticmethod
    def rz(response, z):
        tf = -TAU if z > 1 else TAU
        return Spring((tf * math.sqrt(abs(1 - z * z))) / response, (TAU * z) / response, 1.0)
    # --- init(settlingDuration:dampingRatio:epsilon:)
    @staticmethod
    def sz(settling, z, eps=0.001):
        z = min(max(z, ULP), 1.0)
        d = min(max(settling, 0.01), 10.0)
        dsd = z * z * d
        nf = math.sqrt(1 - z * z)
        dfr = z / nf if nf != 0 else math.copysign(math.inf, z)
        dt = d * z
        def fin(x): return not (math.isinf(x) or math.isnan(x))
        def div(a, b):
            try: return a / b
            except ZeroDivisionError:
                if a == 0 or math.isnan(a): return math.nan
                return math.copysign(math.inf, a) * math.copysign(1, b)
        def exp(x):
            try: return math.exp(x)
            except OverflowError: return math.inf
        def find_root(guess, maxit, f, df):
            it = maxit
            x = (1 / d) * guess
            x1 = x - div(f(x), df(x))
            if not fin(x1): return False, x1
            if it == 1: return True, x1
            x2 = x1 - div(f(x1), df(x1))
            if not fin(x2): return False, x2
            it -= 2
            if it == 0: return True, x2
            diff = x1 - x2
            while True:
                x3 = x2 - div(f(x2), df(x2))
                if not fin(x3): return False, x3
                if abs(x3 - x2) <= eps: return (diff <= eps * 1e5), x3
                diff = x2 - x3; x2 = x3; it -= 1
                if not it > 0: break
            return True, x2
        def damped_osc(x): return eps - abs(dfr * exp(-dt * x))
        def damped_resp(x):
            sq = x * x
            return div(sq * dsd, exp(dt * x) * sq * nf)
        def crit_resp(x):
            th = -eps if x < 0 else eps
            r = d * x
            return exp(-r) * (r + 1) - th
        def crit_der(x): return div(-d * d * x, exp(d * x))
        f, df = (crit_resp, crit_der) if z >= 1 else (damped_osc, damped_resp)
        ok, root = find_root(5, 12, f, df)
        used = "guess5/12"
        if not ok:
            ok2, root = find_root(1, 20, f, df); used = "guess5 failed -> guess1/20"
        om = root; om2 = om * om; om = om * 2 * z; half = om / 2
        om = math.sqrt(abs(om2 - half * half))
        dec = half if root >= half else root
        if root < half: om = 0.0
        sp = Spring(om, dec, 1.0); sp.root = root; sp.used = used
        return sp
    # --- getters
    def duration(s): return TAU / math.sqrt(s.l * s.l + s.w * abs(s.w))
    def bounce(s):
        hd = s.l / 2; d2 = s.l * s.l; f2 = s.w * s.w
        if s.w >= 0: return ((-TAU / math.sqrt(f2 + d2)) * hd) / math.pi + 1
        return 1 / (((TAU / math.sqrt(d2 - f2)) * hd) / math.pi) - 1
    def response(s): return TAU / math.sqrt(s.l * s.l + s.w * abs(s.w))
    def dampingRatio(s): return s.l * s.response() / TAU
    def stiffness(s): return s.m * (s.w * s.w + s.l * s.l)
    def damping(s): return s.l * 2 * s.m
    # --- evaluation (scalar V = Double)
    def value(s, T, v0, t):
        w, l = s.w, s.l
        if w > 0:
            sn, cs = math.sin(w * t), math.cos(w * t)
            disp = (T * l - v0) * (sn / w) + T * cs
            return T - disp * math.exp(-l * t)
        elif w < 0:
            a = -w - l; e1 = math.exp(a * t); e2 = math.exp((w - l) * t)
            df = (l - w) * e1 + a * e2
            return T * (df / (w * 2) + 1) - v0 * ((e1 - e2) / (w * 2))
        else:
            disp = T + (T * l - v0) * t
            return T - disp * math.exp(-l * t)
    def velocity(s, T, v0, t):
        w, l = s.w, s.l
        if w > 0:
            e = math.exp(-l * t); sn, cs = math.sin(w * t), math.cos(w * t)
            tt = T * ((w * sn + l * cs) * e)
            dfac = (l * sn - w * cs) * e / w
            return (T * l - v0) * dfac + tt
        elif w < 0:
            a = -w - l; b = w - l
            e1 = math.exp(a * t); e2 = math.exp(b * t)
            t1 = a * e1; t2 = b * e2
            sf = ((l - w) * t1 + a * t2) / (w * 2) + 1
            vf = (t1 - t2) / (w * 2)
            return T * sf - v0 * vf
        else:
            e = math.exp(-l * t); tf = (l * t - 1) * e
            return (T * l - v0) * tf + T * (l * e)
    def force(s, T, pos, vel):
        return (T - pos) * ((s.w * s.w + s.l * s.l) * s.m) + vel * ((-s.l * 2) * s.m)
    def settling(s, T=1.0, v0=0.0, eps=0.001):
        if s.l == 0: return math.inf
        if s.w <= 0:
            best_t = -1.0; t = 0.0; best_d = math.inf
            for _ in range(1024):
                cur = s.value(T, v0, t)
                dist = math.sqrt((cur - T) * (cur - T))
                if math.isnan(dist) or math.isinf(dist): break
                if best_d >= eps:
                    if dist < best_d: best_t = t; best_d = dist
                else:
                    if dist >= eps: best_d = math.inf
                    elif t - best_t > 1: return best_t
                t += 0.1
            return 0.0
        mag = math.sqrt((T * s.l - v0) ** 2) + math.sqrt(T * T)
        return max(0.0, -math.log(eps / mag) / s.l)

def g(x): return format(x, '.17g')
