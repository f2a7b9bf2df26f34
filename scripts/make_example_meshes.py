#!/usr/bin/env python3
"""Writes the CAD-like meshes of examples/interop/four_bar.urdf and of the Hoekens coupler of
examples/interop/four_bar.sdf (closed, outward-facing, in mm):
stadium-shaped links (a slot's outline extruded) for the crank, coupler and rocker as binary
STL, and the base (a plate and a pedestal under the rocker's pivot) as Wavefront OBJ. Prints
the rpy that turns each link's mesh x axis onto the link, for the URDF's <visual> origins.
Standard library only; rerun after changing a size here.

    /usr/bin/python3 scripts/make_example_meshes.py
"""
import math
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), "..", "examples", "interop", "meshes")


def stadium(length, radius, thickness, sides=24):
    """A slot from x = 0 to x = length, radius `radius`, z from -t/2 to t/2 (mm): vertices and
    triangles, counter-clockwise seen from outside."""
    outline = []
    for k in range(sides + 1):  # the far end's half circle, -90° .. 90°
        a = -math.pi / 2 + math.pi * k / sides
        outline.append((length + radius * math.cos(a), radius * math.sin(a)))
    for k in range(sides + 1):  # the near end's, 90° .. 270°
        a = math.pi / 2 + math.pi * k / sides
        outline.append((radius * math.cos(a), radius * math.sin(a)))
    return prism(outline, thickness)


def shifted(mesh, dx):
    vertices, triangles = mesh
    return [(x + dx, y, z) for x, y, z in vertices], triangles


def prism(outline, thickness):
    """A convex outline (counter-clockwise in x-y) extruded along z, centred on z = 0."""
    n = len(outline)
    h = thickness / 2
    vertices = [(x, y, -h) for x, y in outline] + [(x, y, h) for x, y in outline]
    cx = sum(p[0] for p in outline) / n
    cy = sum(p[1] for p in outline) / n
    vertices += [(cx, cy, -h), (cx, cy, h)]
    bottom, top = 2 * n, 2 * n + 1
    triangles = []
    for i in range(n):
        j = (i + 1) % n
        triangles.append((bottom, j, i))          # bottom faces -z
        triangles.append((top, n + i, n + j))     # top faces +z
        triangles.append((i, j, n + j))           # the side
        triangles.append((i, n + j, n + i))
    return vertices, triangles


def box(lo, hi):
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    v = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
         (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    t = [(0, 2, 1), (0, 3, 2), (4, 5, 6), (4, 6, 7), (0, 1, 5), (0, 5, 4),
         (1, 2, 6), (1, 6, 5), (2, 3, 7), (2, 7, 6), (3, 0, 4), (3, 4, 7)]
    return v, t


def write_stl(path, mesh, name):
    vertices, triangles = mesh
    with open(path, "wb") as f:
        f.write(name.encode().ljust(80, b" ")[:80])
        f.write(struct.pack("<I", len(triangles)))
        for a, b, c in triangles:
            pa, pb, pc = vertices[a], vertices[b], vertices[c]
            u = [pb[i] - pa[i] for i in range(3)]
            w = [pc[i] - pa[i] for i in range(3)]
            n = (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])
            norm = math.sqrt(sum(x * x for x in n)) or 1.0
            f.write(struct.pack("<3f", *(x / norm for x in n)))
            for p in (pa, pb, pc):
                f.write(struct.pack("<3f", *p))
            f.write(b"\0\0")


def write_obj(path, parts, comment):
    with open(path, "w") as f:
        f.write("# " + comment + "\n")
        offset = 1
        for name, (vertices, triangles) in parts:
            f.write("o %s\n" % name)
            for x, y, z in vertices:
                f.write("v %.6g %.6g %.6g\n" % (x, y, z))
            for a, b, c in triangles:
                f.write("f %d %d %d\n" % (a + offset, b + offset, c + offset))
            offset += len(vertices)


def rpy_along(d):
    """roll, pitch, yaw turning +x onto direction d (roll 0)."""
    yaw = math.atan2(d[1], d[0])
    pitch = -math.atan2(d[2], math.hypot(d[0], d[1]))
    return (0.0, pitch, yaw)


def main():
    os.makedirs(OUT, exist_ok=True)
    write_stl(os.path.join(OUT, "crank.stl"), stadium(40.0, 7.0, 6.0), "crank, mm")
    coupler = (60.0, 180.0, 140.0)  # B to C in mm
    write_stl(os.path.join(OUT, "coupler.stl"),
              stadium(math.sqrt(sum(x * x for x in coupler)), 5.0, 5.0), "coupler, mm")
    rocker = (0.0, 60.0, 80.0)  # D to the rocker's tip
    write_stl(os.path.join(OUT, "rocker.stl"),
              stadium(math.sqrt(sum(x * x for x in rocker)), 6.0, 6.0), "rocker, mm")
    # the Hoekens coupler: J8 to J9 (0.2304 m) centred on J3, its link frame's origin
    write_stl(os.path.join(OUT, "hoekens_coupler.stl"),
              shifted(stadium(230.4, 6.0, 6.0), -115.2), "Hoekens coupler, mm")
    write_obj(os.path.join(OUT, "base.obj"),
              [("plate", box((-30.0, -30.0, -32.0), (135.0, 150.0, -22.0))),
               ("pedestal", box((110.0, 108.0, -22.0), (122.0, 132.0, 66.0)))],
              "base of examples/interop/four_bar.urdf, mm (scripts/make_example_meshes.py)")
    for name, d in (("coupler", coupler), ("rocker", rocker)):
        print("%s rpy: %.16g %.16g %.16g" % ((name,) + rpy_along(d)))


if __name__ == "__main__":
    main()
