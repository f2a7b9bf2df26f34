// SPDX-License-Identifier: MIT
#include "ui/help/getting_started.hpp"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace sslm::ui {

QString GettingStartedDialog::pageHtml() {
    return tr(
        "<h2>Getting started with SSLM Studio</h2>"
        "<p>SSLM Studio simulates mechanisms with closed loops by the subsystem-level Lagrange "
        "multiplier method: it cuts one joint per independent loop, solves the loops subsystem "
        "by subsystem, and shows the cut joints' reactions.</p>"
        "<h3>1. Open a mechanism</h3>"
        "<p><b>File ▸ Examples</b> has planar, spatial and imported models; start with "
        "<i>Carpet scraper at work</i>. <b>File ▸ Open</b> (Ctrl+O) reads a mechanism file "
        "(.json); <b>File ▸ Import</b> (Ctrl+I) reads URDF, SDFormat or MJCF; <b>File ▸ New</b> "
        "(Ctrl+N) starts a drawing in the <b>Edit</b> tab (Ctrl+2).</p>"
        "<h3>2. Pick the cut joints</h3>"
        "<p>The <b>Loops and cuts</b> dock draws the mechanism as a graph: bodies are boxes, "
        "joints are circles, cut joints are red and dashed. <b>Click a joint to cut it</b>: it "
        "takes the place of its loop's cut, and the panel beside the graph explains the loops, "
        "the subsystems and the block pattern of J that the choice gives. <i>Automatic cuts</i> "
        "and <i>File's cuts</i> bring the other choices back; Ctrl+Z undoes a change.</p>"
        "<h3>3. Run</h3>"
        "<p>The <b>Simulation</b> dock holds what to run (forward dynamics, inverse dynamics or "
        "a forced simulation), the solver, the integrator and the tolerances. <b>F5</b> starts, "
        "<b>F6</b> pauses, <b>Shift+F5</b> stops, <b>Ctrl+F5</b> restarts with the settings on "
        "the form. The run goes on in the background: the 3-D view animates the mechanism and "
        "the plots fill as it runs.</p>"
        "<h3>4. Read the plots</h3>"
        "<p>Each plot dock has a <b>Series</b> list: tick the quantities to show (joint "
        "coordinates, rates, cut reactions λ, actuator forces τ, energy, constraint violation, "
        "CPU time). Every run is kept in the <b>Runs</b> dock; tick a run to compare it. The "
        "wheel zooms a plot about the pointer, a drag pans it, a double click fits it again. The "
        "timeline at the bottom plays a run back "
        "(Space) with the 3-D view and the plots' time cursors in step.</p>"
        "<h3>5. Inverse dynamics and reactions</h3>"
        "<p>Choose <b>Inverse dynamics</b> under <i>Run</i> in the Simulation dock (or "
        "<b>Simulation ▸ What to run</b>): the inputs turn at their initial rates, and the plots "
        "show the driving torque, the cut multipliers and every joint's reaction. <b>Forced "
        "simulation</b> then drives the forward dynamics with those torques. "
        "<b>Simulation ▸ Balance</b> (Ctrl+Shift+B) finds counterweights that reduce the "
        "shaking.</p>"
        "<h3>6. Export</h3>"
        "<p><b>File ▸ Export</b>: the samples as CSV (Ctrl+Shift+E), the 3-D view as PNG, an "
        "animation of the run (MP4 or GIF), a Python script that repeats it, or the model as "
        "URDF, SDFormat or MJCF; each plot's <i>Export</i> button writes it as PNG or SVG. The "
        "command line <tt>sslm</tt> does the same headless, for scripts and "
        "studies.</p>"
        "<p><b>Help ▸ Keyboard Shortcuts</b> lists every key of the window.</p>");
}

GettingStartedDialog::GettingStartedDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("GettingStartedDialog"));
    setWindowTitle(tr("Getting Started"));
    m_browser = new QTextBrowser;
    m_browser->setOpenExternalLinks(false);
    m_browser->setHtml(pageHtml());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(640, 720);
}

} // namespace sslm::ui
