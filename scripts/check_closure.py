#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that an example mechanism's initial configuration closes its loops.

Plain Python (no numpy). Reads an sslm-mechanism JSON file, builds the spanning tree from the
non-cut joints, takes "initial.independent" and "initial.assembly_guess" as the starting
coordinates, solves the cut-joint closure equations for the remaining tree coordinates by Newton
and prints max|Phi| before and after, plus the solved coordinates at full precision (paste them
into "assembly_guess"). Only revolute cuts are supported. Exit code 1 if |Phi| >= 1e-12 after
solving.

    python3 scripts/check_closure.py examples/watt_six_bar.json
"""
import json
import math
import sys


def rot(phi, v):
    c, s = math.cos(phi), math.sin(phi)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


class Mechanism:
    def __init__(self, doc):
        self.points = {"ground": {p["name"]: tuple(p["at"]) for p in doc.get("ground", {}).get("points", [])}}
        for b in doc["bodies"]:
            self.points[b["id"]] = {p["name"]: tuple(p["at"]) for p in b["points"]}
        self.joints = doc["joints"]
        cut_names = doc.get("cuts", [])
        self.cuts = [j for j in self.joints if j["name"] in cut_names]
        self.tree = [j for j in self.joints if j["name"] not in cut_names]
        self.coords = [j.get("coordinate") or j["name"] for j in self.tree]
        for c in self.cuts:
            if c["type"] != "revolute":
                raise SystemExit("only revolute cuts are supported")

    def poses(self, q):
        """Body poses (phi, origin) from tree coordinates q (dict name -> value)."""
        pose = {"ground": (0.0, (0.0, 0.0))}
        pending = list(self.tree)
        while pending:
            progressed = False
            for j in list(pending):
                pa, ch = j["parent"], j["child"]
                if pa["body"] in pose:
                    known, other, forward = pa, ch, True
                elif ch["body"] in pose:
                    known, other, forward = ch, pa, False
                else:
                    continue
                qj = q[j.get("coordinate") or j["name"]]
                off = j.get("offset", 0.0)
                phi_k, o_k = pose[known["body"]]
                r_k = self.points[known["body"]][known["point"]]
                r_o = self.points[other["body"]][other["point"]]
                if j["type"] == "revolute":
                    phi_o = phi_k + (qj + off if forward else -(qj + off))
                    p = add(o_k, rot(phi_k, r_k))
                else:
                    axis = j.get("axis", [1.0, 0.0])
                    phi_o = phi_k + (off if forward else -off)
                    if forward:
                        p = add(o_k, rot(phi_k, (r_k[0] + qj * axis[0], r_k[1] + qj * axis[1])))
                    else:  # the parent's point sits at the child's point minus q*axis (parent frame)
                        p = sub(add(o_k, rot(phi_k, r_k)), rot(phi_o, (qj * axis[0], qj * axis[1])))
                pose[other["body"]] = (phi_o, sub(p, rot(phi_o, r_o)))
                pending.remove(j)
                progressed = True
            if not progressed:
                raise SystemExit("the tree is disconnected")
        return pose

    def residual(self, q):
        pose = self.poses(q)
        out = []
        for c in self.cuts:
            a, b = c["parent"], c["child"]
            pa = add(pose[a["body"]][1], rot(pose[a["body"]][0], self.points[a["body"]][a["point"]]))
            pb = add(pose[b["body"]][1], rot(pose[b["body"]][0], self.points[b["body"]][b["point"]]))
            out += [pa[0] - pb[0], pa[1] - pb[1]]
        return out


def solve_linear(a, b):
    """Gaussian elimination with partial pivoting (least squares via normal equations if not square)."""
    m, n = len(a), len(a[0])
    if m != n:
        at = [[a[i][j] for i in range(m)] for j in range(n)]
        a = [[sum(at[i][k] * at[j][k] for k in range(m)) for j in range(n)] for i in range(n)]
        b = [sum(at[i][k] * b[k] for k in range(m)) for i in range(n)]
    a = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        if abs(a[col][col]) < 1e-14:
            raise SystemExit("singular closure Jacobian")
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for k in range(col, n + 1):
                a[r][k] -= f * a[col][k]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def main(path):
    doc = json.load(open(path))
    mech = Mechanism(doc)
    init = doc.get("initial", {})
    q = {c: 0.0 for c in mech.coords}
    q.update(init.get("assembly_guess", {}))
    q.update(init.get("independent", {}))
    unknown = [c for c in mech.coords if c not in init.get("independent", {})]
    print("max|Phi| at the guess: %.3e" % max(map(abs, mech.residual(q))))
    for _ in range(50):
        phi = mech.residual(q)
        if max(map(abs, phi)) < 1e-15:
            break
        h = 1e-7
        jac = [[0.0] * len(unknown) for _ in phi]
        for k, c in enumerate(unknown):
            qp, qm = dict(q), dict(q)
            qp[c] += h
            qm[c] -= h
            rp, rm = mech.residual(qp), mech.residual(qm)
            for i in range(len(phi)):
                jac[i][k] = (rp[i] - rm[i]) / (2 * h)
        dx = solve_linear(jac, [-v for v in phi])
        for k, c in enumerate(unknown):
            q[c] += dx[k]
    err = max(map(abs, mech.residual(q)))
    print("max|Phi| after solving: %.3e" % err)
    for c in unknown:
        print('  "%s": %r' % (c, q[c]))
    return 0 if err < 1e-12 else 1


if __name__ == "__main__":
    sys.exit(max(main(p) for p in sys.argv[1:]))
