#!/usr/bin/env python3
"""Writes docs/validation.md from real runs of `sslm simulate` and `sslm-bench`.

Usage: scripts/validation.py BUILD_DIR OUTPUT.md  (scripts/make-validation.sh builds first)

Reproduces seed 000 (Koul et al. 2014): Table 2 initial states, Table 3 free-motion runs
(15 s at tolerance 1e-3, 5 s at 1e-8, outputs every 0.01 s), solver agreement, energy drift
and constraint violation with and without stabilisation, and Tables 3-4 restated as our
SSLM/SLM ratios beside the paper's MATLAB times. Seed 002 (Chaudhary & Saha 2007): the
scraper's crank torque at 45 rpm from `sslm inverse` (table, crank work, peak, and an SVG plot
written next to OUTPUT.md in images/scraper_torque_45rpm.svg), the three inverse methods'
agreement, and Table 2's CPU times beside sslm-bench's inverse-dynamics ratios. Standard
library only. Spatial mechanisms (seeds 002 and 003): the RSSR's free motion with three solvers
and both cut choices against the t = 0 oracle of ../shared/spec/spatial.md (plot in
images/rssr_free_motion.svg), the spatial ladders L = 1 … 32 against their 2-DOF pendulum, and
sslm-bench's spatial rows. Seed 003: the four-bar's constraint drift with RCR against the
multiplier methods (curves in images/drift_h0_0025.svg and images/drift_h0_01.svg) and the
scaling table of its Fig. 11 from sslm-bench. Balancing (issue 16): the Berkof-Lowen full force balance of a
four-bar found by `sslm balance`, and the scraper's crank and rocker balanced under several
objectives beside seed 002 Table 2's optimisation time.
"""

import csv
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import tempfile

SOLVERS = ["sslm", "slm", "augmented"]
STABILISATIONS = ["none", "baumgarte", "projection"]
MECHANISMS = [("carpet_scraper", "Carpet scraper (1 DOF, 3 loops, cuts J8 J9 J10)"),
              ("three_rrr", "3-RRR parallel manipulator (3 DOF, 2 loops, cuts J6 J7)")]
# seed 000 Table 3 (overall CPU time, s) and Table 4 (λ evaluation, s), MATLAB ode45 on an
# Intel Core 2 Duo 2.2 GHz; keys: (mechanism, case)
PAPER_TABLE3 = {("carpet_scraper", "15 s, 1e-3"): (2.80, 2.72),
                ("carpet_scraper", "5 s, 1e-8"): (6.51, 6.41),
                ("three_rrr", "15 s, 1e-3"): (3.07, 2.96),
                ("three_rrr", "5 s, 1e-8"): (10.25, 10.12)}
PAPER_TABLE4 = {"carpet_scraper": (0.3045, 0.2205), "three_rrr": (0.2055, 0.1575)}
CASES = [("15 s, 1e-3", 15.0, 1e-3), ("5 s, 1e-8", 5.0, 1e-8)]


def run(cmd, allowed=(0,)):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode not in allowed:
        sys.exit(f"validation: {' '.join(cmd)} failed:\n{result.stderr}")
    return result.stdout


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return rows


def simulate(sslm, example, workdir, solver, stabilisation, t_end, tol, extra=(), tag=""):
    stem = f"{os.path.basename(example)[:-5]}_{solver}_{stabilisation}_{t_end:g}_{tol:g}{tag}"
    out = os.path.join(workdir, stem + ".csv")
    summary = os.path.join(workdir, stem + ".json")
    run([sslm, "simulate", example, "--solver", solver, "--integrator", "dopri5",
         "--t-end", str(t_end), "--rtol", str(tol), "--atol", str(tol), "--sample", "0.01",
         "--stabilise", stabilisation, "--out", out, "--summary-json", summary, "--quiet",
         *extra], allowed=(0, 2))  # 2: stopped at a singular pose, said in the summary
    with open(summary) as f:
        info = json.load(f)
    rows = read_csv(out)
    energy = [float(r["energy.total"]) for r in rows]
    info["relative_energy_drift"] = max(abs(e - energy[0]) for e in energy) / abs(energy[0])
    info["rows"] = rows
    return info


def outcome(info):
    """'ok', 'ok, passed near a singular pose (t = …)', or 'stopped at t = …: near-singular'."""
    if not info["ok"]:
        return f"stopped at t = {info['end_time']:.3g} s: near-singular pose"
    if info.get("warning"):
        return f"ok; near-singular at t = {info['min_conditioning_time']:.3g} s"
    return "ok"


def max_q_difference(a, b):
    keys = [k for k in a[0] if k.startswith("q.")]
    return max(abs(float(x[k]) - float(y[k])) for x, y in zip(a, b) for k in keys)


# seed 002 (Chaudhary & Saha 2007), the carpet scraper: crank at 45 rpm (Sect. 6.1.1) and
# Table 2, CPU time of the dynamic algorithm over 134 positions of one crank revolution on a
# 2.6 GHz Pentium IV (s), with the paper's theoretical operation counts
SCRAPER_CRANK_SPEED = 4.7124  # rad/s
SEED002_POSITIONS = 134
SEED002_TABLE2 = {"traditional": ("21×21", 0.219, 3087.0),
                  "system": ("7×7", 0.156, 128.3),
                  "subsystem": ("4×4, 2×2, 1×1", 0.156, 45.3)}
INVERSE_METHODS = ["traditional", "system", "subsystem"]


def inverse(sslm, example, workdir, method, speeds, t_end, sample, tag):
    """Runs `sslm inverse`; returns (rows, summary)."""
    stem = f"inverse_{os.path.basename(example)[:-5]}_{method}_{tag}"
    out = os.path.join(workdir, stem + ".csv")
    summary = os.path.join(workdir, stem + ".json")
    cmd = [sslm, "inverse", example, "--method", method, "--t-end", repr(t_end),
           "--sample", repr(sample), "--out", out, "--summary-json", summary, "--quiet"]
    for coordinate, speed in speeds:
        cmd += ["--speed", f"{coordinate}={speed}"]
    run(cmd)
    with open(summary) as f:
        info = json.load(f)
    if not info["ok"]:
        sys.exit(f"validation: {' '.join(cmd)} stopped early: {info['message']}")
    return read_csv(out), info


def column_difference(rows, ref_rows, prefix):
    """max |x − x_ref| over the samples and the columns starting with `prefix`, relative to
    the largest |x_ref| among them."""
    keys = [k for k in ref_rows[0] if k.startswith(prefix)]
    diff = max(abs(float(a[k]) - float(b[k])) for a, b in zip(rows, ref_rows) for k in keys)
    scale = max(abs(float(b[k])) for b in ref_rows for k in keys)
    return diff / scale if scale > 0 else diff


def nice_step(span, target=6):
    raw = span / target
    magnitude = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * magnitude:
            return m * magnitude
    return 10 * magnitude


SERIES_COLOURS = ["#1f5fa8", "#c46a12", "#2e8b57", "#7b3fa0"]


def svg_line_plot(path, xs, ys, title, x_label, y_label, x_ticks, markers=(), notes=(),
                  legend="", more_series=(), series_label="", legend_at="top"):
    """A line plot of ys against xs as a standalone SVG (standard library only): axes, ticks,
    grid, a dashed zero line, optional circle markers [(x, y)] and text notes [(x, y, text)]
    in data coordinates. more_series [(ys, label)] adds further lines on the same xs, each in
    its own colour with a legend entry (ys's entry is series_label)."""
    width, height = 760, 440
    left, right, top, bottom = 78, 24, 46, 62
    x0, x1 = min(x_ticks), max(x_ticks)
    every_y = list(ys) + [y for extra, _ in more_series for y in extra]
    step = nice_step(max(every_y) - min(every_y))
    y0 = step * math.floor(min(every_y) / step)
    y1 = step * math.ceil(max(every_y) / step)
    pw, ph = width - left - right, height - top - bottom

    def px(x):
        return left + (x - x0) / (x1 - x0) * pw

    def py(y):
        return top + (y1 - y) / (y1 - y0) * ph

    def esc(text):
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
           f'font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2:.1f}" y="24" text-anchor="middle" font-size="14">'
           f'{esc(title)}</text>']
    for x in x_ticks:
        out.append(f'<line x1="{px(x):.2f}" y1="{top}" x2="{px(x):.2f}" y2="{top + ph}" '
                   f'stroke="#e4e4e4"/>')
        out.append(f'<text x="{px(x):.2f}" y="{top + ph + 18}" text-anchor="middle">'
                   f'{x:g}</text>')
    n_y = int(round((y1 - y0) / step))
    for i in range(n_y + 1):
        y = y0 + i * step
        out.append(f'<line x1="{left}" y1="{py(y):.2f}" x2="{left + pw}" y2="{py(y):.2f}" '
                   f'stroke="#e4e4e4"/>')
        out.append(f'<text x="{left - 8}" y="{py(y) + 4:.2f}" text-anchor="end">{y:g}</text>')
    if y0 < 0 < y1:
        out.append(f'<line x1="{left}" y1="{py(0):.2f}" x2="{left + pw}" y2="{py(0):.2f}" '
                   f'stroke="#888" stroke-dasharray="4 3"/>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" '
               f'stroke="#333"/>')
    lines = [(ys, series_label)] + list(more_series)
    for index, (series, label) in enumerate(lines):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        points = " ".join(f"{px(x):.2f},{py(y):.2f}" for x, y in zip(xs, series))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.6"/>')
        if label:
            y_key = top + 18 + 18 * index
            out.append(f'<line x1="{left + 12}" y1="{y_key - 4}" x2="{left + 36}" '
                       f'y2="{y_key - 4}" stroke="{colour}" stroke-width="2"/>')
            out.append(f'<text x="{left + 42}" y="{y_key}" fill="{colour}">{esc(label)}</text>')
    for x, y in markers:
        out.append(f'<circle cx="{px(x):.2f}" cy="{py(y):.2f}" r="3" fill="white" '
                   f'stroke="#1f5fa8" stroke-width="1.4"/>')
    for x, y, text in notes:
        out.append(f'<circle cx="{px(x):.2f}" cy="{py(y):.2f}" r="3.5" fill="#c0392b"/>')
        anchor = "start" if x < (x0 + x1) / 2 else "end"
        dx = 8 if anchor == "start" else -8
        out.append(f'<text x="{px(x) + dx:.2f}" y="{py(y) + 4:.2f}" text-anchor="{anchor}" '
                   f'fill="#c0392b">{esc(text)}</text>')
    if legend:
        legend_y = top + 18 if legend_at == "top" else top + 0.75 * ph
        out.append(f'<text x="{left + pw - 8}" y="{legend_y:.1f}" text-anchor="end" '
                   f'fill="#555">{esc(legend)}</text>')
    out.append(f'<text x="{left + pw / 2:.1f}" y="{height - 16}" text-anchor="middle">'
               f'{esc(x_label)}</text>')
    out.append(f'<text transform="translate(20 {top + ph / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{esc(y_label)}</text>')
    out.append("</svg>")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def fmt(x, digits=3):
    return f"{x:.{digits}g}"


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def inverse_section(w, output, crank, period, runs, rows_30, calls):
    """## Inverse dynamics (seed 002): torque curve, crank work, peak, method agreement and
    the inverse-dynamics timings beside seed 002 Table 2."""
    rows, info = runs["subsystem"]
    ts = [float(r["t"]) for r in rows]
    angles = [math.degrees(float(r[f"q.{crank}"])) for r in rows]
    tau = [float(r[f"tau.{crank}"]) for r in rows]
    # ω from the CSV when it has the rates, else the prescribed constant speed
    rate_key = f"qd.{crank}"
    omega = [float(r[rate_key]) if rate_key in r else SCRAPER_CRANK_SPEED for r in rows]
    power = [a * b for a, b in zip(tau, omega)]
    work = sum(0.5 * (power[i] + power[i + 1]) * (ts[i + 1] - ts[i])
               for i in range(len(rows) - 1))
    gross = sum(0.5 * (abs(power[i]) + abs(power[i + 1])) * (ts[i + 1] - ts[i])
                for i in range(len(rows) - 1))
    i_max = max(range(len(tau)), key=lambda i: tau[i])
    i_min = min(range(len(tau)), key=lambda i: tau[i])
    i_peak = i_max if abs(tau[i_max]) >= abs(tau[i_min]) else i_min
    spacing = SCRAPER_CRANK_SPEED * 0.005 * 180 / math.pi

    svg_name = "scraper_torque_45rpm.svg"
    svg_path = os.path.join(os.path.dirname(os.path.abspath(output)), "images", svg_name)
    table_points = [(math.degrees(float(r[f"q.{crank}"])), float(r[f"tau.{crank}"]))
                    for r in rows_30]
    svg_line_plot(
        svg_path, angles, tau,
        f"Carpet scraper: crank driving torque at 45 rpm ({SCRAPER_CRANK_SPEED} rad/s), "
        "sslm inverse",
        f"crank angle {crank} (°)", f"driving torque τ on {crank} (N·m)",
        list(range(0, 361, 30)), markers=table_points,
        notes=[(angles[i_max], tau[i_max], f"max {tau[i_max]:.1f} N·m at {angles[i_max]:.1f}°"),
               (angles[i_min], tau[i_min], f"min {tau[i_min]:.1f} N·m at {angles[i_min]:.1f}°")],
        legend="line: samples every 0.005 s; circles: every 30°")

    w("## Inverse dynamics (seed 002)\n")
    w("Chaudhary & Saha, *Constraint wrench formulation for closed-loop systems using two-level "
      "recursions*, J. Mech. Des. 129 (2007), seed 002, Sect. 6.1: the carpet scraper's crank "
      "(link #II-1 there, our #1 on joint J1) turns at a constant 45 rpm (4.712 rad/s); the driving torque, the "
      "cut multipliers and the reaction at every joint follow from the prescribed motion. "
      f"Here: `sslm inverse examples/carpet_scraper.json --speed {crank}="
      f"{SCRAPER_CRANK_SPEED} --t-end {period:.6f} --sample 0.005` (one crank period "
      f"2π/{SCRAPER_CRANK_SPEED} s), from the file's pose ({crank} = 0, the rocker-up, "
      "pantograph-down assembly mode), with each `--method`. Gravity only: no springs, "
      "dampers or friction, so the mechanism is conservative.\n")
    w(f"Run: {info['samples']} samples, plan `{info['plan']}`, max |Φ| = "
      f"{fmt(info['max_position_violation'], 2)} m, smallest relative pivot "
      f"{fmt(info['min_conditioning'], 2)} (at t = {info['min_conditioning_time']:.3f} s, "
      f"{math.degrees(SCRAPER_CRANK_SPEED * info['min_conditioning_time']):.0f}° of crank "
      "angle).\n")
    w(f"### Driving torque against crank angle\n")
    w(f"![Crank driving torque of the carpet scraper at 45 rpm over one revolution]"
      f"(images/{svg_name})\n")
    w(f"The plot is the 0.005 s run (one sample every {spacing:.2f}° of crank angle); the "
      "circles and the table below are a second run sampled every 30° (every "
      f"{period / 12:.6f} s), so the table's values are computed there, not interpolated. "
      "τ acts to increase the crank angle (counter-clockwise).\n")
    w("| crank angle (°) | t (s) | τ (N·m) | drive power τω (W) |")
    w("|---|---|---|---|")
    for r in rows_30:
        a = math.degrees(float(r[f"q.{crank}"]))
        t = float(r["t"])
        tq = float(r[f"tau.{crank}"])
        w(f"| {a:.0f} | {t:.4f} | {tq:.3f} | {tq * SCRAPER_CRANK_SPEED:.2f} |")
    w("")
    w("### Crank work and peak torque\n")
    w(f"- Crank work over the revolution, trapezoid ∫τω dt on the 0.005 s samples: "
      f"**{work:.3g} J**, against ∫|τω| dt = {gross:.4g} J of work passing in and out "
      f"(ratio {abs(work) / gross:.1g}). Zero, as it must be: the motion is periodic and "
      "the forces conservative, so the crank's work is the change of T + V over the cycle. "
      "(`tst_inverse_dynamics` checks the same to 1e-9 J on 256 equal intervals; here the "
      "last interval is shorter, which costs the trapezoid rule its spectral accuracy on a "
      "periodic integrand.)")
    w(f"- Peak torque: **{tau[i_peak]:.2f} N·m at {angles[i_peak]:.1f}°** of crank angle "
      f"(t = {ts[i_peak]:.3f} s); the largest torque of the other sign is "
      f"{(tau[i_min] if i_peak == i_max else tau[i_max]):.2f} N·m at "
      f"{(angles[i_min] if i_peak == i_max else angles[i_max]):.1f}°. Sampled maxima, "
      f"to within the {spacing:.2f}° sample spacing. Peak drive power "
      f"{max(abs(p) for p in power):.0f} W.")
    # the shape: where |τ| exceeds a tenth of the peak, and what the rocker does meanwhile
    big = [i for i, t in enumerate(tau) if abs(t) > 0.1 * abs(tau[i_peak])]
    quiet = [abs(tau[i]) for i in range(len(tau)) if i < big[0] or i > big[-1]]
    shape = (f"- Shape: from {angles[big[-1]]:.0f}° round to {angles[big[0]]:.0f}° "
             f"({100 * len(quiet) / len(tau):.0f} % of the revolution) the torque stays below "
             f"a tenth of the peak, between {min(quiet):.1f} and {max(quiet):.1f} N·m in "
             f"magnitude; between {angles[big[0]]:.0f}° and {angles[big[-1]]:.0f}° it rises to "
             f"{tau[i_max]:.1f} N·m and reverses to {tau[i_min]:.1f} N·m within "
             f"{abs(angles[i_min] - angles[i_max]):.0f}° of crank angle.")
    rocker = "q.theta2"
    if rocker in rows[0]:
        th2 = [float(r[rocker]) for r in rows]
        rate2 = [(th2[i + 1] - th2[i - 1]) / (ts[i + 1] - ts[i - 1])
                 for i in range(1, len(rows) - 1)]
        i_top = max(range(len(th2)), key=lambda i: th2[i])
        i_fast = 1 + min(range(len(rate2)), key=lambda i: rate2[i])
        shape += (f" That window is the Hoekens linkage's return stroke: the rocker (θ2) "
                  f"reaches its extreme at {angles[i_top]:.0f}° of crank angle and swings back "
                  f"fastest at {angles[i_fast]:.0f}° (θ̇2 = {min(rate2):.2f} rad/s, against "
                  f"at most {max(rate2):.2f} rad/s on the forward stroke), and the pantograph "
                  "that magnifies the coupler's motion 3.5 times is accelerated and braked "
                  "with it.")
    w(shape + "\n")
    w("**Against the papers.** Seed 002 shows this torque in its Fig. 8 (against MSC.ADAMS) "
      "and seed 000 uses inverse-dynamics torques for its forced runs (Fig. 7), but both "
      "papers are available here only as extracted text: the figures are missing, and the "
      "text gives no torque value, peak or crank angle. So the curve's shape and peak cannot "
      "be compared with the papers here. What does match: the mechanism is seed 002's "
      "(Table 1's masses and inertias about the link origins agree with our uniform bars to "
      "the table's rounding, e.g. #III-20 10.5 kg and 2.449 kg·m², the ground pivots "
      "(−0.089, 0) and (0.038, 0.410) m), the crank speed is its 45 rpm, and the subsystem "
      "recursion is its 4×4 → 2×2 → 1×1 (Sect. 6.1). What is not known: the paper's starting "
      "crank angle and sign convention for Fig. 8's abscissa, and its assembly mode; the "
      "crank work being zero and the three methods agreeing (below) are the checks we can "
      "make without the figure; `tst_inverse_dynamics` also checks the reactions against "
      "every body's Newton–Euler equations and the τ against forward dynamics.\n")

    w("### The three methods agree\n")
    w("The same run with `--method traditional` (seed 002's 21×21 Newton–Euler system), "
      "`--method system` (7×7) and `--method subsystem` (4×4, 2×2, 1×1). Largest difference "
      "over all samples and columns of a kind, relative to the largest value of that kind in "
      "the reference run:\n")
    w("| method | against | τ | λ (cut multipliers) | joint reactions | Δq (rad) |")
    w("|---|---|---|---|---|---|")
    for method, ref in [("system", "traditional"), ("subsystem", "traditional"),
                        ("subsystem", "system")]:
        a, b = runs[method][0], runs[ref][0]
        dq = max(abs(float(x[k]) - float(y[k])) for x, y in zip(a, b) for k in x
                 if k.startswith("q."))
        w(f"| {method} | {ref} | {fmt(column_difference(a, b, 'tau.'), 2)} | "
          f"{fmt(column_difference(a, b, 'lambda.'), 2)} | "
          f"{fmt(column_difference(a, b, 'reaction.'), 2)} | {fmt(dq, 2)} |")
    w("")
    w("The trajectories (Δq) are the same by construction: the methods differ only in how "
      "the linear equations for τ, λ and the reactions are solved, and they agree to "
      "rounding.\n")

    def inv(model, method):
        for c in calls:
            if c["model"] == model and c["method"] == f"inverse-{method}":
                return c
        return None

    def sizes(c):
        return ", ".join(f"{r}×{k}" for r, k in c["matrices"])

    w("### Timing against seed 002 Table 2\n")
    w("One inverse-dynamics evaluation at a consistent state (forward kinematics, M and φ of "
      "the tree, τ, λ and the reaction at every joint), from `sslm-bench`: median ns per "
      "evaluation, fastest batch in parentheses, and the same without the joint reactions "
      "(τ and λ only: the body-level recursion skipped; the traditional method finds "
      "everything at once and cannot skip it). Seed 002 Table 2: the whole dynamic algorithm "
      "for 134 positions of one crank revolution, Pentium IV 2.6 GHz (the implementation "
      "is not stated). Compare the ratios, not the absolute times.\n")
    w("| mechanism | method | matrices | ns/eval (min) | τ, λ only (ns) | allocations | "
      "÷ subsystem | τ, λ only ÷ subsystem | seed 002 CPU (s) | seed 002 µs/position | "
      "seed 002 ÷ subsystem | seed 002 operations | operations ÷ subsystem |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = {}
    for model in ["carpet_scraper", "three_rrr"]:
        sub = inv(model, "subsystem")
        if sub is None:
            continue
        for method in INVERSE_METHODS:
            c = inv(model, method)
            ratio = c["ns_per_call"] / sub["ns_per_call"]
            ratio_tl = c["tau_lambda_ns"] / sub["tau_lambda_ns"]
            ratios[(model, method)] = (ratio, ratio_tl)
            if model == "carpet_scraper":
                p_size, p_s, p_ops = SEED002_TABLE2[method]
                p_sub, p_sub_ops = SEED002_TABLE2["subsystem"][1:]
                paper = (f"{p_s} | {p_s / SEED002_POSITIONS * 1e6:.0f} | {p_s / p_sub:.2f} | "
                         f"{p_ops:g} | {p_ops / p_sub_ops:.1f}")
            else:
                paper = "— | — | — | — | —"
            w(f"| {model} | {method} | {sizes(c)} | {c['ns_per_call']:.0f} "
              f"({c['min_ns_per_call']:.0f}) | {c['tau_lambda_ns']:.0f} | "
              f"{c['allocations_per_call']:g} | {ratio:.2f} | {ratio_tl:.2f} | {paper} |")
    w("")
    sub_plan = inv("carpet_scraper", "subsystem")
    rrr_plan = inv("three_rrr", "subsystem")
    w(f"Plans: scraper `{sub_plan['plan']}`; 3-RRR (θ1, θ6, θ7 driven at 1 rad/s and "
      f"1 rad/s² from the file's pose) `{rrr_plan['plan'] if rrr_plan else '—'}`.\n")
    t_s, t_tl = ratios[("carpet_scraper", "traditional")]
    s_s, s_tl = ratios[("carpet_scraper", "system")]
    p_t = SEED002_TABLE2["traditional"][1] / SEED002_TABLE2["subsystem"][1]
    p_s = SEED002_TABLE2["system"][1] / SEED002_TABLE2["subsystem"][1]
    most = max(c["allocations_per_call"] for c in calls if c["method"].startswith("inverse-"))
    allocation_text = ("No evaluation allocates." if most == 0 else
                       f"Up to {most:g} heap allocations per evaluation.")
    t_ns = inv("carpet_scraper", "traditional")["ns_per_call"]
    s_ns = inv("carpet_scraper", "system")["ns_per_call"]
    b_ns = sub_plan["ns_per_call"]
    b_tl = sub_plan["tau_lambda_ns"]
    w(f"Reading it: on the scraper the traditional method costs {t_s:.2f}× the subsystem "
      f"approach ({t_tl:.2f}× when only τ and λ are wanted); seed 002 measured "
      f"{SEED002_TABLE2['traditional'][1]} s against {SEED002_TABLE2['subsystem'][1]} s, "
      f"{p_t:.2f}× (it quotes a 30.59 % saving). The paper's operation counts, which count "
      f"only the factorisations (n³/3), predict {3087 / 45.3:.0f}×. Measured, the 21×21 "
      f"system costs {t_ns - b_ns:.0f} ns more per evaluation than the subsystem blocks; the "
      f"whole subsystem evaluation takes {b_ns:.0f} ns ({b_tl:.0f} ns without the "
      "reactions), and its three factorisations are a few dozen flops (4³/3 + 2³/3 + 1 ≈ 25 "
      "against 21³/3 = 3087), so most of it is work that every method does and that the "
      "operation counts leave out (forward kinematics, M and φ of the tree, right-hand "
      "sides, the reactions): the measured ratio is far below the counted one. "
      f"System against subsystem: {s_s:.2f}× ({s_tl:.2f}× for τ and λ only, "
      f"{s_ns - b_ns:.0f} ns per evaluation), against the paper's {p_s:.2f} (\"almost no CPU "
      "time difference ... mainly due to the planar nature of the system\") and its operation "
      "counts' 2.83. On the 3-RRR the subsystem plan's first block is already 5×5 (the "
      "platform's subsystem carries both cuts and a driven joint), and the system approach "
      f"costs {ratios[('three_rrr', 'system')][0]:.2f}× the subsystem approach there. "
      "Seed 002 gives no "
      "3-RRR timing; its Table 3 (the spatial RSSR, whose inverse dynamics the CLI does not "
      "run yet: see *Spatial mechanisms*) has traditional ÷ "
      "subsystem 1.10 and system ÷ subsystem 1.02. Table 2's caption gives the subsystem "
      "matrices as 4×4, 3×3, 1×1 and its operation count uses 3³/3, while its Sect. 6.1 (and "
      "our plan) has 4×4, 2×2, 1×1. " + allocation_text + "\n")


# seed 000 Table 3, footnote c: forced simulation, 5 s, tolerance 1e-8 (SLM, SSLM seconds)
PAPER_FORCED = {"carpet_scraper": (9.33, 9.25), "three_rrr": (12.91, 12.81)}


def forced_run(sslm, example, workdir, history, solver, integrator, tol, sample, tag, pd=None):
    """`sslm simulate --forced-from history`; returns (max |deviation|, summary)."""
    out = os.path.join(workdir, f"forced_{tag}.csv")
    summary = os.path.join(workdir, f"forced_{tag}.json")
    cmd = [sslm, "simulate", example, "--forced-from", history, "--solver", solver,
           "--integrator", integrator, "--rtol", repr(tol), "--atol", repr(tol),
           "--sample", repr(sample), "--out", out, "--summary-json", summary, "--quiet"]
    run(cmd + (["--pd", pd] if pd else []))
    with open(summary) as f:
        info = json.load(f)
    if not info["ok"]:
        sys.exit(f"validation: forced run {tag} stopped early: {info['message']}")
    return info["max_deviation"], info


def forced_section(w, sslm, root):
    """Seed 000's forced simulation: inverse torques drive the forward dynamics."""
    w("## Forced simulation (seed 000, Figs. 7(b–c) and 8)\n")
    w("The paper judged its forced runs by how far the simulated joint angles stray from the "
      "desired ones. Here `sslm inverse` writes the driving torques of a desired motion, "
      "`sslm simulate --forced-from` drives the forward dynamics with them (a C² spline "
      "between the torque samples, open loop) and reports the largest deviation of any "
      "coordinate from the desired motion.\n")
    w("| mechanism | desired motion | integrator, tolerance | correction | solver | "
      "max deviation (rad) | wall (ms) | paper SLM / SSLM (s) |")
    w("|---|---|---|---|---|---|---|---|")
    crank_period = 2 * 3.141592653589793 / 4.7124
    cases = [
        ("carpet_scraper", "θ1 at 4.7124 rad/s, one revolution", ["--speed", "theta1=4.7124"],
         crank_period, "rkf78", 1e-12),
        ("carpet_scraper", "θ1 at 4.7124 rad/s, 5 s", ["--speed", "theta1=4.7124"], 5.0,
         "dopri5", 1e-8),
        ("three_rrr", "θ1, θ6, θ7 each +0.3 rad by a cycloid, 5 s from rest",
         ["--motion", "theta1=cycloidal:1.34:5", "--motion", "theta6=cycloidal:4.4883:5",
          "--motion", "theta7=cycloidal:6.0637:5"], 5.0, "dopri5", 1e-8),
    ]
    with tempfile.TemporaryDirectory() as workdir:
        for index, (name, motion, law, t_end, integrator, tol) in enumerate(cases):
            example = os.path.join(root, "examples", name + ".json")
            history = os.path.join(workdir, f"torque_{index}.csv")
            run([sslm, "inverse", example, *law, "--t-end", repr(t_end), "--sample", "0.001",
                 "--out", history, "--quiet"])
            for pd in [None, "400,40"] if t_end == 5.0 else [None]:
                for solver in ["slm", "sslm"]:
                    deviation, info = forced_run(sslm, example, workdir, history, solver,
                                                 integrator, tol, 0.01,
                                                 f"{index}_{solver}_{pd}", pd)
                    paper = PAPER_FORCED[name] if t_end == 5.0 else None
                    paper_cell = f"{paper[0]} / {paper[1]}" if paper else "—"
                    correction = f"PD {pd}" if pd else "open loop"
                    w(f"| {name} | {motion} | {integrator}, {tol:g} | {correction} | {solver} | "
                      f"{deviation:.2e} | {info['wall_seconds'] * 1e3:.2f} | {paper_cell} |")
    w("")
    w("The torques are sampled every 1 ms. Over one crank revolution at tolerance 1e-12 the "
      "forced scraper stays within 1e-8 rad of the desired motion (`tst_forced_drive` and "
      "`tst_cli` assert it). At the paper's 1e-8 the open-loop deviation is the integrator's "
      "error carried along the motion. The 3-RRR's desired motion is unstable under gravity "
      "without feedback: its open-loop deviation grows about tenfold every 0.5 s (2e-9 rad at "
      "0.5 s, 4e-6 at 2 s), so by 5 s it has left the desired motion. The PD correction "
      "(`--pd 400,40`, N·m/rad and N·m·s/rad) keeps both mechanisms within 1e-8 rad. The "
      "paper shows its deviations only as plots (Figs. 7(b–c), 8), so only their smallness can "
      "be compared, and its 3-RRR run may differ in details the text does not give. The "
      "paper's times are MATLAB ode45 on a 2.2 GHz Core 2 Duo, including its overheads.\n")


# /work/shared/spec/spatial.md §3: the t = 0 oracle of the RSSR (seed 002 §6.2) from an
# independent engine, and the energy of every spatial ladder (seed 003 §4.3) and its pendulum
RSSR_ORACLE = {"E0": 0.796494240071, "kinetic": 0.013348882233, "qdd.theta": -54.2822364043,
               "qd.phi": -1.4611588791, "qdd.phi": 19.3656993343,
               "reaction.J3": (-0.62845735, -1.10443245, 1.03629988)}
RSSR_CUTS = ["J3", "J2"]
LADDER_E0 = -8.270236712852
LADDER_CELLS = [1, 2, 4, 8, 16, 32]


def max_column_difference(rows, ref_rows, key):
    return max(abs(float(a[key]) - float(b[key])) for a, b in zip(rows, ref_rows))


def rssr_section(w, sslm, root, output, workdir):
    """RSSR free motion: three solvers × two cuts against SSLM/J3, energy, closure, the t = 0
    oracle and a θ(t), φ(t) plot."""
    example = os.path.join(root, "examples", "rssr.json")
    t_end, tol = 2.0, 1e-12
    runs = {}
    for stab in ["none", "projection"]:
        for cut in RSSR_CUTS:
            for solver in SOLVERS:
                runs[(stab, cut, solver)] = simulate(sslm, example, workdir, solver, stab, t_end,
                                                     tol, ["--cut", cut], f"_{cut}")
    w("### RSSR (seed 002 §6.2): three solvers, two cut choices\n")
    w("Crank – coupler – rocker on revolute J1, spherical J2, Hooke J3 and revolute J4 (1 DOF; "
      "geometry, masses and initial state from `../shared/spec/spatial.md`). Free motion from "
      "the reference pose with θ̇ = 2π rad/s, gravity only: `sslm simulate examples/rssr.json "
      f"--solver S --cut C --stabilise X --integrator dopri5 --rtol {tol:g} --atol {tol:g} "
      f"--t-end {t_end:g} --sample 0.01`. Cutting J3 gives 4 constraint equations (the "
      "spherical J2 is a quaternion in the tree); cutting J2 gives 3 (J3's two angles are in "
      "the tree). θ is the crank angle (J1), φ the rocker angle (J4); Δθ and Δφ are the "
      "largest differences over the 201 samples from the SSLM run with cut J3 and the same "
      "stabilisation. *Energy drift* is max |E(t) − E(0)| / |E(0)|.\n")
    w("| stabilisation | cut | solver | steps | max abs Δθ (rad) | max abs Δφ (rad) | "
      "energy drift | max abs Φ (m) | outcome |")
    w("|---|---|---|---|---|---|---|---|---|")
    for stab in ["none", "projection"]:
        ref = runs[(stab, "J3", "sslm")]["rows"]
        for cut in RSSR_CUTS:
            for solver in SOLVERS:
                r = runs[(stab, cut, solver)]
                same = cut == "J3" and solver == "sslm"
                dth = "—" if same else fmt(max_column_difference(r["rows"], ref, "q.theta"), 2)
                dph = "—" if same else fmt(max_column_difference(r["rows"], ref, "q.phi"), 2)
                w(f"| {stab} | {cut} | {solver} | {r['steps']} | {dth} | {dph} | "
                  f"{fmt(r['relative_energy_drift'], 2)} | "
                  f"{fmt(r['max_position_violation'], 2)} | {outcome(r)} |")
    w("")
    worst_drift = max(r["relative_energy_drift"] for r in runs.values())
    worst_cut = max(max(max_column_difference(runs[(st, "J2", s)]["rows"],
                                              runs[(st, "J3", "sslm")]["rows"], "q.theta")
                        for s in SOLVERS) for st in ["none", "projection"])
    worst_solver = max(max(max_column_difference(runs[(st, c, s)]["rows"],
                                                 runs[(st, c, "sslm")]["rows"], k)
                           for c in RSSR_CUTS for s in SOLVERS for k in ["q.theta", "q.phi"])
                       for st in ["none", "projection"])
    w(f"Reading it: energy is conserved to {fmt(worst_drift, 2)} relative in every run (the "
      f"issue asks 1e-9), the three solvers agree to {fmt(worst_solver, 2)} rad with the same "
      f"cut (rounding, amplified by the step-size controller), and cutting J2 instead of J3 "
      f"gives the same θ(t) to {fmt(worst_cut, 2)} rad (asked: 1e-8): the two cuts are "
      "different equations (and different step sequences) for the same motion, so they agree "
      "to the integration tolerance, not to rounding.\n")

    first = runs[("none", "J3", "sslm")]["rows"][0]
    first_j2 = runs[("none", "J2", "sslm")]["rows"][0]
    w("**t = 0 against the oracle** of `spatial.md` §3 (an independent engine):\n")
    w("| quantity | oracle | SSLM, cut J3 | SSLM, cut J2 | abs difference (J3) |")
    w("|---|---|---|---|---|")
    checks = [("θ̈ (rad/s²)", "qdd.theta", RSSR_ORACLE["qdd.theta"]),
              ("φ̇ (rad/s)", "qd.phi", RSSR_ORACLE["qd.phi"]),
              ("φ̈ (rad/s²)", "qdd.phi", RSSR_ORACLE["qdd.phi"]),
              ("kinetic energy (J)", "energy.kinetic", RSSR_ORACLE["kinetic"]),
              ("E0 (J)", "energy.total", RSSR_ORACLE["E0"])]
    for label, key, value in checks:
        ours, ours_j2 = float(first[key]), float(first_j2[key])
        w(f"| {label} | {value!r} | {ours:.12g} | {ours_j2:.12g} | {fmt(abs(ours - value), 2)} |")
    for axis, value in zip("xyz", RSSR_ORACLE["reaction.J3"]):
        ours = float(first[f"reaction.J3.f{axis}"])
        w(f"| force of J3 on the coupler, f{axis} (N) | {value!r} | {ours:.10g} | (J3 not cut) | "
          f"{fmt(abs(ours - value), 2)} |")
    w("")
    w("The oracle is printed to 10–12 significant digits and the reaction to 8 decimals, so "
      "the differences above are its rounding. With cut J2 the reaction at J3 is a tree-joint "
      "reaction, which `sslm simulate` does not write (it reports the cut's, "
      "`reaction.J2.*`).\n")

    rows = runs[("none", "J3", "sslm")]["rows"]
    ts = [float(r["t"]) for r in rows]
    svg_name = "rssr_free_motion.svg"
    svg_line_plot(
        os.path.join(os.path.dirname(os.path.abspath(output)), "images", svg_name), ts,
        [float(r["q.theta"]) for r in rows],
        "RSSR free motion from θ = 0, θ̇ = 2π rad/s (sslm simulate, SSLM, cut J3)",
        "t (s)", "angle (rad)", [0.25 * i for i in range(9)],
        series_label="θ, crank (J1)",
        more_series=[([float(r["q.phi"]) for r in rows], "φ, rocker (J4)")],
        legend=f"dopri5, tolerance {tol:g}, samples every 0.01 s")
    w(f"![RSSR crank angle θ(t) and rocker angle φ(t) over 2 s](images/{svg_name})\n")
    theta = [float(r["q.theta"]) for r in rows]
    w(f"Under gravity alone the crank does not turn fully: θ swings between "
      f"{min(theta):.2f} and {max(theta):.2f} rad (a span of {max(theta) - min(theta):.2f} "
      "rad, less than a turn), reversing where the potential energy reaches E0, while the "
      f"rocker oscillates between {min(float(r['q.phi']) for r in rows):.2f} and "
      f"{max(float(r['q.phi']) for r in rows):.2f} rad.\n")


def ladder_section(w, sslm, workdir):
    """Spatial ladders of L cells against the L = 1 ladder (= the 2-DOF Hooke pendulum)."""
    t_end, tol = 2.0, 1e-10
    runs = {}
    for cells in LADDER_CELLS:
        path = os.path.join(workdir, f"ladder_{cells}.json")
        run([sslm, "generate", "ladder", "--cells", str(cells), "--out", path])
        runs[cells] = simulate(sslm, path, workdir, "sslm", "none", t_end, tol)
    w("### Spatial ladder (seed 003 §4.3) against its pendulum\n")
    w("`sslm generate ladder --cells L` writes the ladder of `spatial.md` §2: L + 1 pendulums "
      "and L rungs on Hooke joints, L cut joints (4 equations each), 2 DOF for every L, with "
      "the masses scaled so that every ladder moves like one 2-DOF Hooke pendulum (a = 0.4, "
      "b = 0.3 rad, ȧ = 0.5, ḃ = −0.8 rad/s). The L = 1 ladder is that pendulum's dynamics, so "
      "a(t), b(t) below are its pendulum P0's angles. Each ladder: `sslm simulate "
      f"--integrator dopri5 --rtol {tol:g} --atol {tol:g} --t-end {t_end:g} --sample 0.01 "
      "--stabilise none`, SSLM. Δa and Δb are the largest |a_i(t) − a(t)| and "
      "|b_i(t) − b(t)| over the 201 samples and over all pendulums i = 0 … L; *wall* is the "
      "whole run's time from the CLI's summary (this machine, shared).\n")
    w("| L | nq | steps | max abs Δa (rad) | max abs Δb (rad) | E0 (J) | E0 + 8.270236712852 "
      "(J) | energy drift | max abs Φ (m) | wall (ms) | wall / L (ms) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    ref = runs[LADDER_CELLS[0]]["rows"]
    worst = 0.0
    for cells in LADDER_CELLS:
        r = runs[cells]
        rows = r["rows"]
        da = max(abs(float(x[f"q.a{i}"]) - float(y["q.a0"])) for x, y in zip(rows, ref)
                 for i in range(cells + 1))
        db = max(abs(float(x[f"q.b{i}"]) - float(y["q.b0"])) for x, y in zip(rows, ref)
                 for i in range(cells + 1))
        worst = max(worst, da, db)
        e0 = float(rows[0]["energy.total"])
        nq = sum(1 for k in rows[0] if k.startswith("q."))
        wall_ms = r["wall_seconds"] * 1e3
        w(f"| {cells} | {nq} | {r['steps']} | {fmt(da, 2)} | {fmt(db, 2)} | {e0:.12f} | "
          f"{fmt(e0 - LADDER_E0, 2)} | {fmt(r['relative_energy_drift'], 2)} | "
          f"{fmt(r['max_position_violation'], 2)} | {wall_ms:.1f} | {wall_ms / cells:.2f} |")
    w("")
    per_cell = [runs[c]["wall_seconds"] * 1e3 / c for c in LADDER_CELLS]
    steps = sorted({runs[c]["steps"] for c in LADDER_CELLS})
    same_steps = (f", and the integrator takes the same {steps[0]} steps for every L"
                  if len(steps) == 1 else "")
    w(f"Every ladder follows the pendulum to {fmt(worst, 2)} rad: the motion is independent of "
      f"the size, as seed 003's Fig. 10 claims{same_steps}. "
      "E0 matches the oracle's −8.270236712852 J to its printed digits. The whole run's wall "
      f"time grows about linearly in L: {per_cell[0]:.2f} ms per cell at L = "
      f"{LADDER_CELLS[0]} (fixed costs of loading, assembly and CSV output included), "
      f"{per_cell[-1]:.2f} ms at L = {LADDER_CELLS[-1]}.\n")


def spatial_benchmark_section(w, calls, bench_text):
    """The benchmark's spatial rows: the RSSR and the ladder's growth with L, five engines."""
    def ns(model, method):
        for c in calls:
            if c["model"] == model and c["method"] == method:
                return c["ns_per_call"]
        return None

    methods = ["sslm", "slm", "augmented", "simbody", "mujoco"]
    ladders = sorted((c["nq"], c["model"]) for c in calls
                     if c["model"].startswith("ladder_") and c["method"] == "sslm")
    w("### Timing: the RSSR and the ladder in five engines\n")
    w("From the same `sslm-bench` run as the tables above: one forward-dynamics evaluation at "
      "the initial state, median ns per call, and per cell for the ladder. Simbody models the "
      "mechanisms exactly (Pin, Universal and Ball mobilizers; cuts as `Constraint::Ball` "
      "plus `ConstantAngle`). MuJoCo has no hard Hooke-joint cut, so it runs the closest "
      "model it can express, the MJCF file `sslm export` writes: two `<connect>` equalities on "
      "a revolute cut's axis, a `<connect>` plus one spatial-tendon length for a universal "
      "cut's perpendicularity (the same constraint manifold, but soft constraints without "
      "J̇q̇, so its q̈ differs in a moving state), as the benchmark's output below names it.\n")
    w("| model | nq | " + " | ".join(methods) + " | SSLM per cell | SLM per cell | "
      "augmented per cell | Simbody per cell | MuJoCo per cell |")
    w("|---|---|" + "---|" * (len(methods) + 5))
    rssr = [ns("rssr", m) for m in methods]
    if all(v is not None for v in rssr):
        nq = next(c["nq"] for c in calls if c["model"] == "rssr")
        w(f"| rssr | {nq} | " + " | ".join(f"{v:.0f}" for v in rssr) + " | — | — | — | — | — |")
    for nq, model in ladders:
        cells = int(model.split("_")[1])
        values = [ns(model, m) for m in methods]
        w(f"| {model} | {nq} | " + " | ".join(f"{v:.0f}" if v else "—" for v in values) +
          " | " + " | ".join(f"{v / cells:.0f}" if v else "—" for v in values) + " |")
    w("")
    s16, m16, b16 = ns("ladder_16", "sslm"), ns("ladder_16", "mujoco"), ns("ladder_16", "simbody")
    per_cell = [ns(m, "sslm") / int(m.split("_")[1]) for _, m in ladders
                if int(m.split("_")[1]) >= 4]
    if s16 and m16 and b16 and per_cell:
        w(f"SSLM's cost per cell stays between {min(per_cell):.0f} and {max(per_cell):.0f} ns "
          f"from L = 4 up (linear growth: J is block-bidiagonal and the GICM "
          f"block-tridiagonal), while SLM and the augmented system factor dense matrices and "
          f"grow super-linearly. At L = 16 SSLM takes {s16 / m16:.2f} of MuJoCo's time per "
          f"call and 1/{b16 / s16:.0f} of Simbody's. The RSSR is a single small loop (one "
          "4-row cut), where SSLM has nothing to split and SLM's one dense factorisation "
          f"costs {ns('rssr', 'slm') / ns('rssr', 'sslm'):.2f}× SSLM's time.\n")
    closest = [line.strip() for line in bench_text.splitlines() if "closest model" in line]
    if closest:
        w(f"The benchmark's own line: `{closest[0]}`.\n")
    w("What made the spatial path as lean as the planar one (issue 35; perf on the 16-cell "
      "ladder before each step): small dense factors without a square root on their "
      "column-to-column chain (`dense::ldlt`), the subsystem factors' diagonals kept as "
      "reciprocals so their solves multiply, the GICM terms added per subsystem while its Z_ij "
      "are fresh, tree joints about frame axes turning their parent's columns instead of "
      "multiplying rotations, and no store-forwarding stalls: a twist or a cut row written "
      "entry by entry and read back at once as pairs stalled each time (a fifth of the tree "
      "kinematics and half of the cut rows' gradients), so those are now written in place and "
      "inlined into their passes, 6-vectors are stacked as the aligned pairs Eigen reads, the "
      "bias wrench is summed by 3-vector halves in registers and M's entries are dotted entry "
      "by entry; the augmented KKT's LU is blocked on the stack (no heap on any row). Every "
      "result is unchanged to the recorded references' 1e-12.\n")


RSSR_CRANK_SPEED = 2 * math.pi  # rad/s: seed 002 §6.2 as set in spatial.md


def rssr_inverse_section(w, sslm, root, output, workdir):
    """### RSSR inverse dynamics (seed 002 §6.2): torque over a crank turn, reactions, the three
    methods with both cuts, Table 3's matrix sizes, and the forced run from the torque."""
    example = os.path.join(root, "examples", "rssr.json")
    speed = [("theta", repr(RSSR_CRANK_SPEED))]
    runs = {}
    for cut in RSSR_CUTS:
        for method in ["subsystem", "system", "traditional"]:
            stem = f"{cut}_{method}"
            out = os.path.join(workdir, f"rssr_inverse_{stem}.csv")
            summary = os.path.join(workdir, f"rssr_inverse_{stem}.json")
            run([sslm, "inverse", example, "--cut", cut, "--method", method, "--speed",
                 f"theta={RSSR_CRANK_SPEED!r}", "--t-end", "1", "--sample", "0.005", "--out",
                 out, "--summary-json", summary, "--quiet"])
            with open(summary) as f:
                info = json.load(f)
            if not info["ok"]:
                sys.exit(f"validation: RSSR inverse {stem} stopped early: {info['message']}")
            runs[(cut, method)] = (read_csv(out), info)
    ref_rows, ref_info = runs[("J2", "subsystem")]
    # every torque and reaction column, all six runs against the J2 subsystem run
    keys = [k for k in ref_rows[0] if k.startswith("tau.") or k.startswith("reaction.")]
    worst = 0.0
    scale = max(abs(float(r[k])) for r in ref_rows for k in keys)
    for rows, _ in runs.values():
        worst = max(worst, max(max_column_difference(rows, ref_rows, k) for k in keys))
    ts = [float(r["t"]) for r in ref_rows]
    angles = [math.degrees(float(r["q.theta"])) for r in ref_rows]
    tau = [float(r["tau.theta"]) for r in ref_rows]
    power = [t * RSSR_CRANK_SPEED for t in tau]
    work = sum(0.5 * (power[i] + power[i + 1]) * (ts[i + 1] - ts[i]) for i in range(len(ts) - 1))
    gross = sum(0.5 * (abs(power[i]) + abs(power[i + 1])) * (ts[i + 1] - ts[i])
                for i in range(len(ts) - 1))
    i_max = max(range(len(tau)), key=lambda i: tau[i])
    i_min = min(range(len(tau)), key=lambda i: tau[i])

    # the table: a run sampled every 30° of crank angle (1/12 s)
    table_csv = os.path.join(workdir, "rssr_inverse_30deg.csv")
    run([sslm, "inverse", example, "--cut", "J2", "--speed", f"theta={RSSR_CRANK_SPEED!r}",
         "--t-end", "1", "--sample", repr(1 / 12), "--out", table_csv, "--quiet"])
    rows_30 = read_csv(table_csv)

    svg_name = "rssr_torque.svg"
    svg_line_plot(
        os.path.join(os.path.dirname(os.path.abspath(output)), "images", svg_name), angles, tau,
        "RSSR: crank driving torque at a constant 2π rad/s, sslm inverse",
        "crank angle θ (°)", "driving torque τ on J1 (N·m)", list(range(0, 361, 30)),
        markers=[(math.degrees(float(r["q.theta"])), float(r["tau.theta"])) for r in rows_30],
        notes=[(angles[i_max], tau[i_max], f"max {tau[i_max]:.4f} N·m at {angles[i_max]:.1f}°"),
               (angles[i_min], tau[i_min], f"min {tau[i_min]:.4f} N·m at {angles[i_min]:.1f}°")],
        legend="line: samples every 0.005 s; circles: every 30°", legend_at="bottom")

    # the forced run: the torque sampled every 1 ms drives the forward dynamics
    history = os.path.join(workdir, "rssr_torque_1ms.csv")
    run([sslm, "inverse", example, "--speed", f"theta={RSSR_CRANK_SPEED!r}", "--t-end", "1",
         "--sample", "0.001", "--out", history, "--quiet"])
    deviation, forced_info = forced_run(sslm, example, workdir, history, "sslm", "rkf78", 1e-12,
                                        0.01, "rssr")

    def sizes(cut):
        info = runs[(cut, "subsystem")][1]
        nq = sum(1 for k in runs[(cut, "subsystem")][0][0] if k.startswith("qd."))
        return info["plan"], nq

    w("### RSSR inverse dynamics (seed 002 §6.2)\n")
    w("Seed 002 drives the RSSR's crank at constant speed and asks for the driving torque and "
      "the reaction at every joint; it prints no numbers (\"due to page restriction\"), only "
      "Table 3's matrix sizes and CPU times. Here the crank turns at a constant 2π rad/s from "
      "the reference pose for one turn: `sslm inverse examples/rssr.json --speed "
      "theta=6.283185307179586 --t-end 1 --sample 0.005 --method M --cut C`, for the three "
      "methods and both cuts.\n")
    w(f"- **Agreement.** Over the six runs (3 methods × cuts J2, J3) every `tau.*` and "
      f"`reaction.*` column (force and moment of all four joints) agrees with the subsystem "
      f"run cut at J2 to **{worst:.1e}** (largest value {scale:.3g} N or N·m). The reactions "
      "are those of the physical joints, so they cannot depend on where the loop is cut.")
    w(f"- **Crank work** over the turn, trapezoid ∫τω dt: **{work:.2g} J** against "
      f"∫|τω| dt = {gross:.4g} J passing in and out: zero, as it must be for a periodic "
      "motion under conservative forces.")
    w(f"- **Forced simulation.** The torque sampled every 1 ms drives the forward dynamics "
      f"(`sslm simulate examples/rssr.json --forced-from torque.csv --integrator rkf78 --rtol "
      f"1e-12 --atol 1e-12`, open loop): the largest deviation of any coordinate from the "
      f"prescribed motion over the turn is **{deviation:.2e} rad** (the spline between torque "
      "samples: 2.6e-5 rad with 5 ms samples, 1.7e-6 with 2 ms). `tst_cli_spatial` asserts "
      "it below 1e-6 rad.\n")
    w("**Matrix sizes (seed 002 Table 3: traditional 18 × 18, system 4 × 4, subsystem 3 × 3).** "
      "Ours, as the summaries report them:\n")
    w("| cut | traditional | system [Jᵀ B] | subsystem plan |")
    w("|---|---|---|---|")
    for cut in ["J2", "J3"]:
        plan, nq = sizes(cut)
        w(f"| {cut} | 18 × 18 (6 per body; 17 constraint rows of the four joints + τ) | "
          f"{nq} × {nq} | `{plan}` |")
    w("")
    w("Cut at the spherical joint J2, as in the paper, ours are the paper's sizes: the "
      "rocker–coupler subsystem is determinate (its 3 coordinates, the rocker angle and the "
      "universal joint's two, carry exactly J2's 3 multipliers), then the crank's 1 × 1 gives "
      "τ. Cut at J3 the spherical joint's 3 rates make the crank–coupler subsystem 4 "
      "coordinates for 4 multipliers + τ, indeterminate with the rocker's, so the plan falls "
      "back to the system approach (5 × 5).\n")
    w(f"![RSSR crank driving torque over one turn at 2π rad/s](images/{svg_name})\n")
    w("| crank angle (°) | t (s) | τ (N·m) | J1 reaction force (N) | J3 reaction force (N) |")
    w("|---|---|---|---|---|")
    for r in rows_30:
        def force(joint):
            return "(" + ", ".join(f"{float(r[f'reaction.{joint}.f{a}']):.4f}"
                                   for a in "xyz") + ")"
        w(f"| {math.degrees(float(r['q.theta'])):.0f} | {float(r['t']):.4f} | "
          f"{float(r['tau.theta']):.5f} | {force('J1')} | {force('J3')} |")
    w("")
    w("τ acts to increase θ (about +z). A reaction is what the joint's child side exerts on "
      "its parent side, in the ground frame; the moments (about the parent side's joint "
      "point) are in the CSV as `reaction.<joint>.mx/.my/.mz`. The Newton–Euler balance of "
      "every body with these reactions is asserted by `tst_inverse_dynamics_spatial`.\n")


def log_slope(points):
    """Least-squares slope of log y against log t."""
    xs = [math.log(t) for t, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys)) /
            sum((x - mx) ** 2 for x in xs))


def four_bar_closure(spec):
    """Φ(q) of examples/four_bar.json's cut J8 (m, ground frame): the crank's J8 point minus
    the coupler's, the joint angles relative (link3 turns by θ2 + θ3)."""
    ground = {p["name"]: p["at"] for p in spec["ground"]["points"]}
    points = {b["id"]: {p["name"]: p["at"] for p in b["points"]} for b in spec["bodies"]}

    def place(origin, angle, p):
        c, s = math.cos(angle), math.sin(angle)
        return (origin[0] + c * p[0] - s * p[1], origin[1] + s * p[0] + c * p[1])

    def closure(q):
        t1, t2, t3 = q["theta1"], q["theta2"], q["theta3"]
        a = place(ground["O1"], t1, points["link1"]["J8"])
        j3 = place(ground["O2"], t2, points["link2"]["J3"])
        b = place(j3, t2 + t3, [points["link3"]["J8"][k] - points["link3"]["J3"][k]
                                for k in range(2)])
        return (a[0] - b[0], a[1] - b[1])
    return closure


def drift_curve_plot(path, h, curves, slopes):
    """log10 ‖Φ(t) − Φ(0)‖ against log10 t for RCR and SSLM at step h (every 4th sample from
    t = 0.05 s, where both are non-zero)."""
    t_rcr, d_rcr = curves["rcr"]
    _, d_sslm = curves["sslm"]
    keep = [i for i in range(0, len(t_rcr), 4)
            if t_rcr[i] >= 0.05 and d_rcr[i] > 0 and d_sslm[i] > 0]
    xs = [math.log10(t_rcr[i]) for i in keep]
    svg_line_plot(
        path, xs, [math.log10(d_rcr[i]) for i in keep],
        f"Four-bar, RK4 at h = {h:g} s, no stabilisation: drift of the loop closure",
        "log10 t (s)", "log10 ‖Φ(t) − Φ(0)‖ (m)", [-1.5, -1, -0.5, 0, 0.5, 1],
        more_series=[([math.log10(d_sslm[i]) for i in keep],
                      f"SSLM, acceleration level (slope {slopes['sslm']:.2f})")],
        series_label=f"RCR, velocity level (slope {slopes['rcr']:.2f})",
        legend="slopes: turning points, 1 ≤ t ≤ 10 s", legend_at="bottom")


def drift_section(w, sslm, root, output):
    """## Constraint drift, seed 003 Sect. 4.1: RCR (velocity level) against the multiplier
    methods (acceleration level), fixed-step RK4 without stabilisation; the curves of RCR and
    SSLM as SVG in images/drift_h*.svg next to OUTPUT.md."""
    example = os.path.join(root, "examples", "four_bar.json")
    with open(example) as f:
        closure = four_bar_closure(json.load(f))
    rows_out = []
    plots = []
    with tempfile.TemporaryDirectory() as workdir:
        for h in [0.0025, 0.01]:
            curves, slopes = {}, {}
            for solver in ["rcr", "sslm", "slm", "augmented"]:
                out = os.path.join(workdir, f"drift_{solver}_{h}.csv")
                run([sslm, "simulate", example, "--solver", solver, "--integrator", "rk4",
                     "--dt", repr(h), "--stabilise", "none", "--t-end", "10", "--sample",
                     repr(h), "--out", out, "--quiet"])
                rows = read_csv(out)
                t = [float(r["t"]) for r in rows]
                rate = [float(r["qd.theta1"]) for r in rows]
                # ‖Φ(t) − Φ(0)‖ from the samples' q (the CSV holds max |Φ| only)
                phi = [closure({k[2:]: float(v) for k, v in r.items() if k.startswith("q.")})
                       for r in rows]
                drift = [math.hypot(p[0] - phi[0][0], p[1] - phi[0][1]) for p in phi]
                # the crank's upper turning points: θ̇1 from + to −, sampled in phase
                turns = [(t[i], drift[i]) for i in range(1, len(rows))
                         if rate[i - 1] > 0 >= rate[i] and 1.0 <= t[i] <= 10.0 and drift[i] > 0]
                energy = [float(r["energy.total"]) for r in rows]
                slope = log_slope(turns)
                curves[solver], slopes[solver] = (t, drift), slope
                rows_out.append((h, solver, slope, drift[-1],
                                 max(float(r["violation.velocity"]) for r in rows),
                                 max(abs(e - energy[0]) for e in energy), len(turns)))
            svg_name = f"drift_h{h:g}.svg".replace(".", "_", 1)
            drift_curve_plot(os.path.join(os.path.dirname(os.path.abspath(output)), "images",
                                          svg_name), h, curves, slopes)
            plots.append((h, svg_name))
    w("## Constraint drift, seed 003 Sect. 4.1: velocity level against acceleration level\n")
    w("Recursive coordinate reduction ([rcr.md](rcr.md), `--solver rcr`) embeds the loop "
      "constraints at velocity level; the multiplier methods (SSLM, SLM, augmented) enforce "
      "them at acceleration level. The four-bar from its assembled state, fixed-step RK4, no "
      "stabilisation, 10 s: `sslm simulate examples/four_bar.json --solver S --integrator rk4 "
      "--dt H --stabilise none --t-end 10 --sample H`. The drift ‖Φ(t) − Φ(0)‖ (Φ of the cut "
      "J8 from each sample's q) is read at the crank's upper turning points (θ̇1 from + to −; "
      "sampling in phase removes the within-swing oscillation) and its log–log slope fitted "
      "over 1 ≤ t ≤ 10 s. `tests/core/sim/tst_constraint_drift.cpp` asserts the bands (RCR "
      "0.8–1.2 with |J q̇| at round-off, SSLM 1.7–2.3 at h = 0.0025 s) on the same quantity.\n")
    w("| h (s) | solver | slope | ‖Φ − Φ(0)‖ at 10 s (m) | max \\|J q̇\\| (m/s) | "
      "max energy error (J) | turning points |")
    w("|---|---|---|---|---|---|---|")
    for h, solver, slope, last, velocity, energy, count in rows_out:
        label = f"{h:g}" + (" (the paper's)" if h == 0.01 else "")
        w(f"| {label} | {solver} | {slope:.3f} | {last:.2e} | {velocity:.1e} | "
          f"{energy:.2g} | {count} |")
    w("")
    for h, svg_name in plots:
        w(f"![‖Φ(t) − Φ(0)‖ of RCR and SSLM, RK4 at h = {h:g} s, log–log](images/{svg_name})\n")
    w("Linear against quadratic growth at h = 0.0025 s, as in seed 003 Fig. 6: each RK4 step's "
      "truncation error accumulates once in RCR (in Φ, the velocity constraint holding to "
      "round-off) and twice in the multiplier methods (in Φ̇, then integrated into Φ). Our "
      "four-bar is faster than the paper's (the crank reaches about 33 rad/s), so at the "
      "paper's h = 0.01 s the acceleration-level runs are close to blowing up and the fitted "
      "exponents are no longer a t or t² law ([rcr.md](rcr.md#agreement-and-drift-tests)).\n")


FAMILY_TITLES = {"chain": "Chains of k four-bars (1 DOF)",
                 "fivebar": "Chains of k five-bars (k + 1 DOF)",
                 "ladder": "Spatial ladders of L cells (2 DOF)"}
SCALING_METHODS = [("tree", "tree (loops ignored)"), ("slm", "SLM"),
                   ("augmented", "augmented"), ("rcr", "RCR"), ("sslm", "SSLM")]


def scaling_section(w, calls, bench_text):
    """## Scaling with the number of loops, seed 003 Sect. 4.3 (Fig. 11), from sslm-bench's
    records of the four-bar chains and the spatial ladders."""
    def call(model, method):
        return next((c for c in calls if c["model"] == model and c["method"] == method), None)

    w("## Scaling with the number of loops, seed 003 Sect. 4.3 (Fig. 11)\n")
    w("Per-call cost (median ns, one forward-dynamics evaluation at the assembled state) on "
      "the chains of k four-bars (`core/spec/four_bar_chain`, 1 DOF, 2k rows), the chains of "
      "k five-bars (the same file, k + 1 DOF, 2k rows: the mobility grows with the loops) and "
      "the spatial ladders of L cells (`sslm generate ladder --cells L`, 2 DOF, 4L rows): the "
      "unconstrained tree (kinematics, M, φ and q̈ = M⁻¹φ, the loops ignored: the paper's "
      "curve i), SLM and the augmented system (its \"traditional O(n)\", curve ii), RCR "
      "(curve iii) and SSLM. *RCR solve* is RCR's reduction alone on fixed M, φ, J, Ψ: with "
      "the loops folded recursively onto their known coordinates (eqs. 60–71, the default) "
      "and with Rᵀ M R assembled (the previous implementation). The slope is the "
      "least-squares log–log slope over the family (1 = linear, 3 = cubic).\n")
    for family, prefix, sizes_label in [("chain", "chain_", "k"), ("fivebar", "fivebar_", "k"),
                                        ("ladder", "ladder_", "L")]:
        models = sorted({c["model"] for c in calls if c["model"].startswith(prefix)},
                        key=lambda m: int(m[len(prefix):]))
        if not models:
            continue
        w(f"**{FAMILY_TITLES[family]}**\n")
        w(f"| {sizes_label} | nq | rows | " +
          " | ".join(label for _, label in SCALING_METHODS) +
          " | RCR solve, folded | RCR solve, assembled | allocations per call |")
        w("|---" * (len(SCALING_METHODS) + 6) + "|")
        series = {m: [] for m, _ in SCALING_METHODS + [("folded", ""), ("assembled", "")]}
        for model in models:
            size = int(model[len(prefix):])
            cells, allocations = [], 0.0
            for method, _ in SCALING_METHODS:
                c = call(model, method)
                cells.append(f"{c['ns_per_call']:.0f}" if c else "—")
                if c:
                    series[method].append((size, c["ns_per_call"]))
                    allocations = max(allocations, c["allocations_per_call"])
            rcr = call(model, "rcr") or {}
            folded, assembled = rcr.get("lambda_ns"), rcr.get("assembled_lambda_ns")
            if folded and assembled:
                series["folded"].append((size, folded))
                series["assembled"].append((size, assembled))
            sslm_c = call(model, "sslm")
            w(f"| {size} | {sslm_c['nq']} | {rows_of(family, sslm_c['loops'])} | " +
              " | ".join(cells) +
              f" | {folded or 0:.0f} | {assembled or 0:.0f} | {allocations:g} |")
        for label, low in [("slope, all", 0), (f"slope, {sizes_label} ≥ 4", 4)]:
            slopes = []
            for key in [m for m, _ in SCALING_METHODS] + ["folded", "assembled"]:
                points = [(x, y) for x, y in series[key] if x >= low and y > 0]
                slopes.append(f"{log_slope(points):.2f}" if len(points) >= 2 else "—")
            w(f"| {label} | | | " + " | ".join(slopes) + " | |")
        w("")
    w("On the four-bar chains and the ladders f is 1 and 2 whatever the size, so RCR is linear "
      "with either form of the reduced equations; on the five-bar chains f = k + 1 and the "
      "assembled Rᵀ M R grows like f²n + f³, while the folded form stays linear "
      "([rcr.md](rcr.md#acceleration-level-and-kinetics-eqs-5471)). SLM and the augmented "
      "system grow like n³ once m is of the order of n, the paper's point about "
      "\"Order-n\" multiplier methods.\n")
    table = []
    lines = bench_text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Scaling with the number of loops"):
            table = lines[i:]
            end = next((j for j, l in enumerate(table[1:], 1) if not l.strip()), len(table))
            table = table[:end]
            break
    if table:
        w("The benchmark's own table (the same run):\n")
        w("```text")
        w("\n".join(table))
        w("```\n")


def rows_of(family, loops):
    """Constraint rows of a planar chain (2 per loop) or a ladder (4 per cell)."""
    return loops * (4 if family == "ladder" else 2)


def spatial_section(w, sslm, root, output, calls, bench_text):
    """## Spatial mechanisms (seeds 002 and 003)."""
    w("## Spatial mechanisms (seeds 002 and 003)\n")
    w("The seeds' two spatial systems: the RSSR of seed 002 §6.2 and the spatial ladder of "
      "seed 003 §4.3. The papers give their topology but no numbers, so the geometry, masses, "
      "initial states and the t = 0 oracle values are the project's, from "
      "`../shared/spec/spatial.md` (checked there with an independent engine).\n")
    with tempfile.TemporaryDirectory() as workdir:
        rssr_section(w, sslm, root, output, workdir)
        rssr_inverse_section(w, sslm, root, output, workdir)
        ladder_section(w, sslm, workdir)
    spatial_benchmark_section(w, calls, bench_text)


# seed 002 Table 2, last column: 33 iterations, 1000 evaluations, 56.703 s (Pentium IV 2.6 GHz)
SEED002_OPTIMISATION_SECONDS = 56.703
SEED002_OPTIMISATION_EVALUATIONS = 1000
# the scraper's balancing runs: counterweights on the crank and the rocker, 0-20 kg, within
# 0.5 m of their pivots; (label, extra options)
BALANCE_CASES = [
    ("force only", []),
    ("force + moment + torque (1, 1, 1)", ["--moment-weight", "1", "--torque-weight", "1"]),
    ("force, at most 5 kg added (COBYLA)", ["--max-added-mass", "5"]),
    ("force + moment, 4 starts", ["--moment-weight", "1", "--starts", "4"]),
]


def balance(sslm, example, workdir, tag, options):
    out = os.path.join(workdir, f"balanced_{tag}.json")
    report = json.loads(run([sslm, "balance", example, *options, "--out", out, "--json",
                             "--quiet"]))
    return report


def balance_section(w, sslm, root, workdir):
    """Counterweight balancing (issue 16): the Berkof-Lowen full force balance of a four-bar
    found by the optimiser, and the scraper's crank and rocker balanced with several
    objectives, beside seed 002 Table 2's optimisation time."""
    w("## Balancing by counterweights (seed 002 §5)\n")
    w("`sslm balance` chooses one counterweight per named body (mass and centre in the body "
      "frame, within bounds) to minimise w_F (F/F₀)² + w_M (M/M₀)² + w_T (T/T₀)² over one "
      "crank revolution sampled 100 times: F and M the RMS of the dynamic shaking force and "
      "moment about the ground origin (the `inverse` run's shaking wrench less the weight and "
      "its moment), T the RMS driving torque, each relative to its value without the new "
      "counterweights. The motion does not depend on the masses: the cycle is run once by "
      "`inverse` (assembly, rates, accelerations). At those 100 states the shaking wrench and "
      "the driving torque are linear in every body's inertial parameters (m, m c, I about the "
      "frame origin), to which a point mass adds (m_w, m_w p, m_w(|p|² 1 − p pᵀ)); so the "
      "inverse dynamics (subsystem method, all joint reactions) runs once more per parameter "
      "of each chosen body (4 planar, 10 spatial) to build the linear model, and an "
      "evaluation is one matrix–vector product. `tst_counterweight_balance` checks the terms "
      "it finds against the balanced file run over the whole cycle again (1e-9). Optimiser: "
      "NLopt "
      "LN_BOBYQA from the middle of the bounds (LN_COBYLA under an added-mass limit), "
      "absolute tolerance 1e-10 on every variable, at most 2000 evaluations; `--starts 4` "
      "adds three random starts (seed 1).\n")

    # ---- Berkof-Lowen: the four-bar of examples/four_bar.json, coupler COM on its joint line
    with open(os.path.join(root, "examples", "four_bar.json")) as f:
        spec = json.load(f)
    bodies = {b["id"]: b for b in spec["bodies"]}
    crank, rocker, coupler = bodies["link1"], bodies["link2"], bodies["link3"]
    coupler["com"] = [-0.04, 0.0]
    four_bar = os.path.join(workdir, "four_bar_offset_coupler.json")
    with open(four_bar, "w") as f:
        json.dump(spec, f)

    def point(body, name):
        p = next(q["at"] for q in body["points"] if q["name"] == name)
        return complex(p[0], p[1])

    def com(body):
        return complex(body["com"][0], body["com"][1])

    weights = {"link1": 1.0, "link2": 2.0}
    u = (com(coupler) - point(coupler, "J3")) / (point(coupler, "J8") - point(coupler, "J3"))
    o1, o2 = point(crank, "J1"), point(rocker, "J2")
    analytic = {
        "link1": o1 + (-coupler["mass"] * u * (point(crank, "J8") - o1)
                       - crank["mass"] * (com(crank) - o1)) / weights["link1"],
        "link2": o2 + (-coupler["mass"] * (1 - u) * (point(rocker, "J3") - o2)
                       - rocker["mass"] * (com(rocker) - o2)) / weights["link2"],
    }
    report = balance(sslm, four_bar, workdir, "berkof_lowen", [
        "--body", "link1:mass=1:1,x=-0.2:0.2,y=-0.2:0.2",
        "--body", "link2:mass=2:2,x=-0.5:0.5,y=-0.5:0.5",
        "--speed", f"theta1={SCRAPER_CRANK_SPEED}"])
    found = {c["body"]: complex(c["at"][0], c["at"][1]) for c in report["counterweights"]}
    w("### Full force balance of a four-bar (Berkof–Lowen)\n")
    w("`examples/four_bar.json` (crank O1–J8, coupler J8–J3, rocker O2–J3) with the coupler's "
      "centre of mass moved to (−0.04, 0) m, on the line of its joints, so that its mass splits "
      "into m₃(1 − u) at J3 and m₃u at J8 with u = (c₃ − J3)/(J8 − J3). The total centre of "
      "mass is stationary, the dynamic shaking force zero, when the crank's and the rocker's "
      "first moments about their pivots cancel those shares: "
      "m₁(c₁ − O1) + m_w1(p₁ − O1) = −m₃u(J8 − O1) and "
      "m₂(c₂ − O2) + m_w2(p₂ − O2) = −m₃(1 − u)(J3 − O2). With the counterweights' masses "
      "fixed at 1 kg and 2 kg their positions are unique; the optimiser searches x and y of "
      "both:\n")
    w("| counterweight | analytic position (m) | found (m) | difference (m) |")
    w("|---|---|---|---|")
    for body, label in [("link1", "crank, 1 kg"), ("link2", "rocker, 2 kg")]:
        a, b = analytic[body], found[body]
        w(f"| {label} | ({a.real:.9f}, {a.imag:.9f}) | ({b.real:.9f}, {b.imag:.9f}) | "
          f"{fmt(abs(a - b), 2)} |")
    w("")
    w(f"RMS dynamic shaking force {fmt(report['before']['force_rms'], 4)} N before, "
      f"{fmt(report['after']['force_rms'], 2)} N after, in {report['evaluations']} evaluations "
      f"({fmt(report['seconds'], 3)} s). `tst_counterweight_balance` checks the positions to "
      "1e-6 m in every test run.\n")

    # ---- the scraper
    scraper = os.path.join(root, "examples", "carpet_scraper.json")
    base = ["--body", "link1", "--body", "link2", "--mass", "0:20", "--reach", "0.5",
            "--speed", f"theta1={SCRAPER_CRANK_SPEED}"]
    w("### The carpet scraper: counterweights on the crank and the rocker\n")
    w(f"Crank at {SCRAPER_CRANK_SPEED} rad/s (45 rpm), one revolution; each counterweight "
      "0–20 kg with its centre within 0.5 m of its body's pivot in x and y. Terms before → "
      "after (RMS; force in N, moment and torque in N·m):\n")
    w("| objective | shaking force | shaking moment | driving torque | counterweights "
      "(kg at (x, y) m) | algorithm | evaluations | ms per evaluation | stop |")
    w("|---|---|---|---|---|---|---|---|---|")
    per_evaluation = []
    setups = []
    evaluations = 1
    for i, (label, extra) in enumerate(BALANCE_CASES):
        r = balance(sslm, scraper, workdir, f"scraper_{i}", base + extra)
        b, a = r["before"], r["after"]
        weights_text = "; ".join(
            f"{c['body']} {c['mass']:.3f} at ({c['at'][0]:.3f}, {c['at'][1]:.3f})"
            for c in r["counterweights"])
        per_evaluation.append(r["seconds_per_evaluation"])
        setups.append(r["setup_seconds"])
        if i == 0:
            evaluations = r["evaluations"]
        w(f"| {label} | {b['force_rms']:.2f} → {a['force_rms']:.2f} "
          f"(×{a['force_rms'] / b['force_rms']:.3f}) | {b['moment_rms']:.3f} → "
          f"{a['moment_rms']:.3f} (×{a['moment_rms'] / b['moment_rms']:.3f}) | "
          f"{b['torque']:.2f} → {a['torque']:.2f} (×{a['torque'] / b['torque']:.3f}) | "
          f"{weights_text} | {r['algorithm']} | {r['evaluations']} | "
          f"{1e3 * r['seconds_per_evaluation']:.4f} | {r['stop']} |")
    w("")
    seed = SEED002_OPTIMISATION_SECONDS / SEED002_OPTIMISATION_EVALUATIONS
    ours = sorted(per_evaluation)[len(per_evaluation) // 2]
    setup = sorted(setups)[len(setups) // 2]
    w("Counterweights on the crank and the rocker cannot balance the pantograph and the blade "
      "arm beyond them, so the shaking force falls by a factor, not to zero, and a force-only "
      "objective buys its reduction with a larger shaking moment and torque; weighting the "
      "moment and the torque keeps them down at the cost of force reduction.\n")
    w(f"Seed 002's Table 2 reports the optimisation of the scraper's shaking force and moment: "
      f"{SEED002_OPTIMISATION_EVALUATIONS} evaluations in {SEED002_OPTIMISATION_SECONDS} s on a "
      f"2.6 GHz Pentium IV, {1e3 * seed:.1f} ms per evaluation of 134 positions. Ours, median of "
      f"the runs above: {1e3 * ours:.4f} ms per evaluation of 100 samples, "
      f"{seed / ours:.0f}× faster per evaluation; with the setup (the cycle and its linear "
      f"model, {1e3 * setup:.1f} ms, median) spread over the evaluations, "
      f"{seed / (ours + setup / evaluations):.0f}× on the force-only run. Their number "
      "includes the recursion at every position of every evaluation; ours does that work once "
      "per parameter, which is the gain of knowing the dynamics are linear in the masses.\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, output = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sslm = os.path.join(build, "app", "cli", "sslm")
    bench = os.path.join(build, "bench", "sslm-bench")
    commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    md = []
    w = md.append
    w("# Validation: SSLM against the paper, the other solvers and physics\n")
    w(f"Generated by `scripts/make-validation.sh` on {datetime.date.today()} at commit "
      f"`{commit}` ({machine()}). Every number below comes from a run made by that script: "
      "`sslm simulate` for the trajectories, `sslm inverse` for the driving torques and "
      "`sslm-bench` for the timings. Do not edit by hand; rerun the script.\n")
    w("The reference is Koul, Shah, Saha & Manivannan, *Reduced-order forward dynamics of "
      "multiclosed-loop systems*, Multibody Syst Dyn 31 (2014), seed 000: its Table 2 "
      "(initial states), Table 3 (overall CPU time) and Table 4 (CPU time of λ).\n")
    w("The t = 0 oracle of `tests/data/oracle/initial_state.json` (M, φ, J, J̇q̇, GICM blocks, λ, q̈) "
      "is checked to 1e-12 relative for all three solvers by `tst_forward_dynamics` in every "
      "test run; this page is about trajectories and time.\n")

    with tempfile.TemporaryDirectory() as workdir:
        # ---- Table 2
        w("## Table 2: initial states\n")
        w("The paper gives the actuated joints; the other coordinates are assembled "
          "(closed form for the scraper's loops, Newton for the 3-RRR's coupled loops). "
          "Free motion: the actuators apply no torque.\n")
        w("| mechanism | paper (Table 2) | our assembled q(0) (rad) | q̇(0) (rad/s) |")
        w("|---|---|---|---|")
        paper_t2 = {"carpet_scraper": "θ1 = 0, θ̇1 = 4.7124",
                    "three_rrr": "θ1 = 1.04, θ6 = 4.1883, θ7 = 5.7637, at rest"}
        first_rows = {}
        for name, title in MECHANISMS:
            example = os.path.join(root, "examples", name + ".json")
            info = simulate(sslm, example, workdir, "sslm", "none", 0.01, 1e-10)
            row = info["rows"][0]
            first_rows[name] = row
            qs = ", ".join(f"{k[2:]} = {float(v):.6f}" for k, v in row.items()
                           if k.startswith("q."))
            qds = ", ".join(f"{k[3:]} = {float(v):.6f}" for k, v in row.items()
                            if k.startswith("qd.") and abs(float(v)) > 0)
            w(f"| {title} | {paper_t2[name]} | {qs} | {qds or 'all 0'} |")
        w("")

        # ---- Table 3 runs: drift, violation, agreement
        results = {}
        for name, title in MECHANISMS:
            example = os.path.join(root, "examples", name + ".json")
            for label, t_end, tol in CASES:
                for stab in STABILISATIONS:
                    for solver in SOLVERS:
                        results[(name, label, stab, solver)] = simulate(
                            sslm, example, workdir, solver, stab, t_end, tol)
        w("## Free motion with the paper's settings (Table 3)\n")
        w("Dormand–Prince 5(4) (the ode45 analogue) with equal absolute and relative "
          "tolerance, outputs every 0.01 s, no actuation. *Energy drift* is "
          "max |E(t) − E(0)| / |E(0)| over the outputs; *max |Φ|* the largest loop-closure "
          "error (m); *Δq vs SSLM* the largest difference of any coordinate from the SSLM "
          "trajectory with the same settings (rad). Baumgarte uses α = β = 5 /s.\n")
        for name, title in MECHANISMS:
            w(f"### {title}\n")
            w("| run | stabilisation | solver | steps | RHS calls | energy drift | max abs Φ "
              "(m) | max abs Jq̇ (m/s) | Δq vs SSLM (rad) | outcome |")
            w("|---|---|---|---|---|---|---|---|---|---|")
            for label, _, _ in CASES:
                for stab in STABILISATIONS:
                    ref = results[(name, label, stab, "sslm")]
                    for solver in SOLVERS:
                        r = results[(name, label, stab, solver)]
                        dq = "—" if solver == "sslm" else fmt(
                            max_q_difference(ref["rows"], r["rows"]), 2)
                        w(f"| {label} | {stab} | {solver} | {r['steps']} | {r['rhs_calls']} | "
                          f"{fmt(r['relative_energy_drift'], 2)} | "
                          f"{fmt(r['max_position_violation'], 2)} | "
                          f"{fmt(r['max_velocity_violation'], 2)} | {dq} | {outcome(r)} |")
            w("")
        def worst(stab, label, key):
            return max(results[(n, label, stab, s)][key] for n, _ in MECHANISMS
                       for s in SOLVERS)

        loose, tight = CASES[0][0], CASES[1][0]
        w(f"Reading the tables: at tolerance 1e-3 without stabilisation nothing holds the "
          f"loops closed, and the drift grows unchecked to max |Φ| = "
          f"{fmt(worst('none', loose, 'max_position_violation'), 2)} m: those trajectories "
          f"are not physical, and the paper's loose setting is useful only as a timing "
          f"benchmark. Baumgarte stabilisation holds |Φ| below "
          f"{fmt(worst('baumgarte', loose, 'max_position_violation'), 2)} m there, and "
          f"projection at rounding level "
          f"({fmt(worst('projection', loose, 'max_position_violation'), 2)} m). At 1e-8 the "
          f"energy drifts by at most {fmt(worst('none', tight, 'relative_energy_drift'), 2)} "
          f"without stabilisation and "
          f"{fmt(worst('projection', tight, 'relative_energy_drift'), 2)} with projection. "
          f"The three solvers differ only by rounding; at 1e-3 the step-size controller's "
          f"accept/reject decisions amplify that into visibly different trajectories, at 1e-8 "
          f"they agree to the tolerance.\n")

        # ---- tight run, the done-means
        w("## Tight tolerance: energy conservation and solver agreement\n")
        w("`sslm simulate FILE --integrator dopri5 --rtol 1e-12 --atol 1e-12 --t-end 2`, "
          "free motion, each stabilisation mode:\n")
        w("| mechanism | stabilisation | solver | steps | energy drift | max abs Φ (m) | "
          "Δq vs SSLM (rad) |")
        w("|---|---|---|---|---|---|---|")
        for name, title in MECHANISMS:
            example = os.path.join(root, "examples", name + ".json")
            for stab in STABILISATIONS:
                ref = None
                for solver in SOLVERS:
                    r = simulate(sslm, example, workdir, solver, stab, 2.0, 1e-12)
                    if solver == "sslm":
                        ref = r
                    dq = "—" if solver == "sslm" else fmt(max_q_difference(ref["rows"],
                                                                           r["rows"]), 2)
                    w(f"| {name} | {stab} | {solver} | {r['steps']} | "
                      f"{fmt(r['relative_energy_drift'], 2)} | "
                      f"{fmt(r['max_position_violation'], 2)} | {dq} |")
        w("")

        # ---- inverse dynamics (seed 002): the scraper's crank at 45 rpm over one revolution
        scraper = os.path.join(root, "examples", "carpet_scraper.json")
        with open(scraper) as f:
            scraper_spec = json.load(f)
        crank_joint = scraper_spec["actuators"][0]["joint"]
        crank = next(j["coordinate"] for j in scraper_spec["joints"] if j["name"] == crank_joint)
        period = 2 * math.pi / SCRAPER_CRANK_SPEED
        speeds = [(crank, SCRAPER_CRANK_SPEED)]
        inverse_runs = {m: inverse(sslm, scraper, workdir, m, speeds, period, 0.005, "fine")
                        for m in INVERSE_METHODS}
        # the table's points exactly: samples every 30° of crank angle
        inverse_30, _ = inverse(sslm, scraper, workdir, "subsystem", speeds, period,
                                period / 12, "30deg")

        # ---- timings
        calls_json = os.path.join(workdir, "calls.json")
        runs_json = os.path.join(workdir, "runs.json")
        bench_text = run([bench, "--json", calls_json, "--runs-json", runs_json])
        with open(calls_json) as f:
            calls = json.load(f)
        with open(runs_json) as f:
            runs = json.load(f)

    def call(model, method):
        for c in calls:
            if c["model"] == model and c["method"] == method:
                return c
        return None

    def wall(model, method, t_end):
        for r in runs:
            if r["model"] == model and r["method"] == method and r["t_end"] == t_end:
                return r
        return None

    w("## Tables 3 and 4 restated: SSLM against SLM\n")
    w("Our times are medians from `sslm-bench` on this machine (C++, −O2); the paper's are "
      "MATLAB on a 2.2 GHz Core 2 Duo. Compare the ratios, not the absolute times. Our SLM "
      "uses the same small dense Cholesky kernels as SSLM, with M factored as one matrix, so "
      "the ratio measures the algorithm, not the library.\n")
    w("**Table 4, the multiplier (λ) phase**, per call (ns), against the paper's total "
      "λ time over the 15 s run (s):\n")
    w("| mechanism | SLM (ns) | SSLM (ns) | SSLM/SLM | paper SLM (s) | paper SSLM (s) | "
      "paper SSLM/SLM |")
    w("|---|---|---|---|---|---|---|")
    for name, _ in MECHANISMS:
        slm, sslm_c = call(name, "slm"), call(name, "sslm")
        p_slm, p_sslm = PAPER_TABLE4[name]
        w(f"| {name} | {slm['lambda_ns']:.0f} | {sslm_c['lambda_ns']:.0f} | "
          f"{sslm_c['lambda_ns'] / slm['lambda_ns']:.2f} | {p_slm} | {p_sslm} | "
          f"{p_sslm / p_slm:.2f} |")
    w("")
    w("**Table 3, the whole run** (dopri5, no stabilisation, outputs every 0.01 s):\n")
    w("| mechanism | run | SLM (ms) | SSLM (ms) | SSLM/SLM | RHS calls SLM / SSLM | "
      "SSLM/SLM per RHS call | real-time factor (SSLM) | paper SLM (s) | paper SSLM (s) | "
      "paper SSLM/SLM |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, _ in MECHANISMS:
        for label, t_end, _ in CASES:
            slm, sslm_r = wall(name, "slm", t_end), wall(name, "sslm", t_end)
            p_slm, p_sslm = PAPER_TABLE3[(name, label)]
            per_call = ((sslm_r["wall_ms"] / sslm_r["rhs_calls"]) /
                        (slm["wall_ms"] / slm["rhs_calls"]))
            w(f"| {name} | {label} | {slm['wall_ms']:.2f} | {sslm_r['wall_ms']:.2f} | "
              f"{sslm_r['wall_ms'] / slm['wall_ms']:.2f} | "
              f"{slm['rhs_calls']} / {sslm_r['rhs_calls']} | {per_call:.2f} | "
              f"{sslm_r['real_time_factor']:.0f} | {p_slm} | {p_sslm} | {p_sslm / p_slm:.3f} |")
    w("")
    w("The paper found the λ phase 20–30 % cheaper with SSLM but the whole run only 1–3 % "
      "cheaper, because MATLAB's overheads dominated. In C++ the multiplier phase is a "
      "large share of each call, so the saving carries over to the whole run. At 1e-3 the "
      "solvers' drifting trajectories part ways and take different numbers of steps, so "
      "the per-RHS-call ratio is the fair comparison there.\n")

    w("## Per call against other engines\n")
    w("One forward-dynamics evaluation at the initial state (kinematics, inertia, forces, "
      "constraint Jacobian and bias, multipliers, accelerations), median ns. Simbody: "
      "`realize(Stage::Acceleration)` with loops closed by `Constraint::PointOnLine`; "
      "MuJoCo 2.2: `mj_forward` with `connect` equalities. Simbody agrees with our q̈ to "
      "1e-12; MuJoCo's soft constraints and its omission of J̇q̇ make its q̈ differ on moving "
      "mechanisms (`tst_peers` bounds both). The `rssr` and `ladder_L` rows are the spatial "
      "mechanisms, whose peer models are described under *Spatial mechanisms* below.\n")
    w("| model | nq | loops | SSLM | SLM | augmented | Simbody | MuJoCo | SSLM allocations |")
    w("|---|---|---|---|---|---|---|---|---|")
    models = []
    for c in calls:
        if c["model"] not in models:
            models.append(c["model"])
    for m in models:
        cells = []
        for method in ["sslm", "slm", "augmented", "simbody", "mujoco"]:
            c = call(m, method)
            cells.append(f"{c['ns_per_call']:.0f}" if c else "—")
        s = call(m, "sslm")
        w(f"| {m} | {s['nq']} | {s['loops']} | " + " | ".join(cells) +
          f" | {s['allocations_per_call']:g} |")
    w("")
    w("The `chain_k` models are k four-bar loops side by side (`core/spec/four_bar_chain`): "
      "SSLM's GICM is block tridiagonal, so its cost grows linearly in k, while SLM and the "
      "augmented system factor dense matrices that grow with k.\n")
    inverse_section(w, output, crank, period, inverse_runs, inverse_30, calls)
    forced_section(w, sslm, root)
    spatial_section(w, sslm, root, output, calls, bench_text)
    drift_section(w, sslm, root, output)
    scaling_section(w, calls, bench_text)
    with tempfile.TemporaryDirectory() as workdir:
        balance_section(w, sslm, root, workdir)
    w("## The benchmark's own report\n")
    w("```text")
    w(bench_text.rstrip())
    w("```\n")

    with open(output, "w") as f:
        f.write("\n".join(md))
    print(f"validation: wrote {output}")


if __name__ == "__main__":
    main()
