// SPDX-License-Identifier: MIT
// Over 600 lines: The Balance panel: the shaking forces, the counterweight table and the background
// search all follow one balance run.
#include "ui/balance/balance_panel.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/inverse/driven_motions.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/balance/cycle_curve_chart.hpp"
#include "ui/balance/shaking_locus_chart.hpp"
#include "ui/input/number_box.hpp"

namespace sslm::ui {

namespace {

/// Largest distance of the body's points from its frame origin (m), or 0.1 m: the default
/// reach of its counterweight.
double bodySize(const BodySpec& body) {
    double size = 0;
    for (const BodyPoint& p : body.points) {
        size = std::max(size, p.position3().norm());
    }
    return size > 0 ? size : 0.1;
}

/// Whether a joint pins `body` to the ground: the usual place for a counterweight (cranks,
/// rockers).
bool pinnedToGround(const MechanismSpec& spec, const std::string& body) {
    return std::any_of(spec.joints.begin(), spec.joints.end(), [&](const JointSpec& j) {
        return (j.parent.body == kGroundId && j.child.body == body) ||
               (j.child.body == kGroundId && j.parent.body == body);
    });
}

QString number(double value) {
    return QString::number(value, 'g', 5);
}

QTableWidgetItem* readOnly(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QDoubleSpinBox* weightBox(double value, const QString& tip) {
    QDoubleSpinBox* box = numberBox(tip, QString(), 0, 1000, 3);
    box->setKeyboardTracking(true); // Analyse and Balance follow each keystroke
    box->setSingleStep(0.1);
    box->setValue(value);
    return box;
}

} // namespace

BalancePanel::BalancePanel(QWidget* parent) : QWidget(parent) {
    createJob();
    createBodyTable();
    QFormLayout* form = buildSettingsForm();
    QHBoxLayout* buttons = buildButtons();
    createStatus();
    createResultTable();
    QTabWidget* charts = buildCharts();
    layOutContent(form, buttons, charts);
    connectFormToButtons();
    showResultTable();
    setMechanism(nullptr, {}, {}, {});
}

void BalancePanel::createJob() {
    m_job = new BalanceJob(this);
    connect(m_job, &BalanceJob::progress, this, &BalancePanel::showProgress);
    connect(m_job, &BalanceJob::finished, this, &BalancePanel::showOutput);
}

void BalancePanel::createBodyTable() {
    // the counterweights to choose
    m_bodies = new QTableWidget(0, 4);
    m_bodies->setHorizontalHeaderLabels(
        {tr("Body"), tr("Mass min (kg)"), tr("Mass max (kg)"), tr("Reach (m)")});
    m_bodies->horizontalHeader()->setSectionResizeMode(BodyName, QHeaderView::Stretch);
    m_bodies->verticalHeader()->hide();
    m_bodies->setToolTip(tr("Tick the bodies that get a counterweight. Its mass stays within "
                            "the bounds; its centre within ±reach of the body frame's origin "
                            "in each direction. Min = max fixes the mass."));
    m_bodies->setMinimumHeight(110);
}

QFormLayout* BalancePanel::buildSettingsForm() {
    m_forceWeight =
        weightBox(1, tr("Weight of (RMS shaking force / its value before)² in the objective"));
    m_momentWeight = weightBox(0, tr("Weight of (RMS shaking moment / before)²"));
    m_torqueWeight = weightBox(0, tr("Weight of (driving torque / before)²"));
    m_torqueMeasure = new QComboBox;
    m_torqueMeasure->addItem(tr("RMS"), static_cast<int>(TorqueMeasure::Rms));
    m_torqueMeasure->addItem(tr("peak"), static_cast<int>(TorqueMeasure::Peak));
    m_torqueMeasure->setToolTip(tr("Minimise the RMS or the peak of the driving torque"));
    auto* torqueRow = new QHBoxLayout;
    torqueRow->addWidget(m_torqueWeight, 1);
    torqueRow->addWidget(m_torqueMeasure);

    auto* aboutRow = new QHBoxLayout;
    for (int axis = 0; axis < 3; ++axis) {
        m_about[axis] =
            numberBox(tr("The point the shaking moment is taken about (m, ground frame)"),
                      QString(), -1e4, 1e4, 4);
        m_about[axis]->setSingleStep(0.01);
        m_about[axis]->setPrefix(QStringLiteral("xyz").mid(axis, 1) + QStringLiteral(" "));
        aboutRow->addWidget(m_about[axis]);
    }

    m_limitMass = new QCheckBox(tr("Added mass at most"));
    m_limitMass->setToolTip(tr("Limit the sum of the new counterweights' masses (uses COBYLA)"));
    m_massLimit =
        numberBox(tr("The largest sum of the new counterweights' masses"), tr(" kg"), 0, 1e6, 3);
    m_massLimit->setValue(1);
    m_massLimit->setEnabled(false);
    connect(m_limitMass, &QCheckBox::toggled, m_massLimit, &QWidget::setEnabled);
    auto* limitRow = new QHBoxLayout;
    limitRow->addWidget(m_limitMass);
    limitRow->addWidget(m_massLimit, 1);

    m_starts = countBox(tr("Local runs: the first from the middle of the bounds, the others "
                           "from random points (a multi-start global search)"),
                        1, 100, 1);
    m_evaluations = countBox(tr("Stop after this many evaluations over all starts, keeping the "
                                "best found"),
                             10, 1'000'000, 2000);
    m_evaluations->setSingleStep(500);
    m_samples = countBox(tr("Samples over one cycle of the input motion"), 8, 100'000, 100);
    m_cycle = new QLabel;
    m_cycle->setWordWrap(true);
    m_cycle->setToolTip(tr("The cycle: the actuated coordinates (or the file's inputs) turning "
                           "at their initial rates from the initial pose"));

    auto* form = new QFormLayout;
    form->addRow(tr("Force weight"), m_forceWeight);
    form->addRow(tr("Moment weight"), m_momentWeight);
    form->addRow(tr("Torque weight"), torqueRow);
    form->addRow(tr("Moment about (m)"), aboutRow);
    form->addRow(limitRow);
    form->addRow(tr("Starts"), m_starts);
    form->addRow(tr("Evaluations"), m_evaluations);
    form->addRow(tr("Samples per cycle"), m_samples);
    form->addRow(tr("Cycle"), m_cycle);
    return form;
}

QHBoxLayout* BalancePanel::buildButtons() {
    m_analyse = new QPushButton(tr("Analyse"));
    m_analyse->setToolTip(tr("The shaking force, moment and driving torque over one cycle of "
                             "the mechanism as it is"));
    m_balance = new QPushButton(tr("Balance"));
    m_balance->setDefault(true);
    m_balance->setToolTip(tr("Find the counterweights that minimise the objective (NLopt), on a "
                             "worker thread"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the optimisation; nothing is kept"));
    m_apply = new QPushButton(tr("Apply"));
    m_apply->setToolTip(tr("Add the counterweights found to the mechanism as one undoable edit"));
    m_save = new QPushButton(tr("Save As…"));
    m_save->setToolTip(tr("Write the balanced mechanism to a new file (never over the open "
                          "one)"));
    connect(m_analyse, &QPushButton::clicked, this, [this] { start(false); });
    connect(m_balance, &QPushButton::clicked, this, [this] { start(true); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_job->cancel();
        setStatus(tr("Cancelling…"));
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (const std::optional<MechanismSpec> spec = balancedSpec()) {
            Q_EMIT applyRequested(*spec, tr("Balance with counterweights"));
            setStatus(tr("The counterweights were added to the mechanism (Ctrl+Z undoes)."));
        }
    });
    connect(m_save, &QPushButton::clicked, this, &BalancePanel::promptSave);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* button : {m_analyse, m_balance, m_cancel, m_apply, m_save}) {
        buttons->addWidget(button);
    }
    return buttons;
}

void BalancePanel::createStatus() {
    m_progress = new QProgressBar;
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void BalancePanel::createResultTable() {
    m_results = new QTableWidget(AddedMass + 1, 3);
    m_results->setHorizontalHeaderLabels({tr("before"), tr("after"), tr("after/before")});
    m_results->setVerticalHeaderLabels({tr("Shaking force RMS (N)"), tr("Shaking force peak (N)"),
                                        tr("Shaking moment RMS (N·m)"),
                                        tr("Shaking moment peak (N·m)"), tr("Driving torque RMS"),
                                        tr("Driving torque peak"), tr("Added mass (kg)")});
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setToolTip(tr("The dynamic shaking (the weight taken away) over one cycle, and "
                             "the driving torque, before and after the counterweights"));
    m_results->setMinimumHeight(m_results->verticalHeader()->length() +
                                m_results->horizontalHeader()->height() + 4);
    m_chosen = new QLabel;
    m_chosen->setWordWrap(true);
    m_chosen->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

QTabWidget* BalancePanel::buildCharts() {
    m_locus = new ShakingLocusChart;
    m_curves = new CycleCurveChart;
    auto* charts = new QTabWidget;
    charts->addTab(m_locus, tr("Shaking force locus"));
    charts->addTab(m_curves, tr("Over the cycle"));
    charts->setMinimumHeight(300);
    return charts;
}

void BalancePanel::layOutContent(QFormLayout* form, QHBoxLayout* buttons, QTabWidget* charts) {
    auto* setup = new QGroupBox(tr("Counterweights"));
    auto* setupLayout = new QVBoxLayout(setup);
    setupLayout->addWidget(m_bodies);
    setupLayout->addLayout(form);

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(setup);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_results);
    layout->addWidget(m_chosen);
    layout->addWidget(charts, 1);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

void BalancePanel::connectFormToButtons() {
    for (QDoubleSpinBox* box : {m_forceWeight, m_momentWeight, m_torqueWeight}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, &BalancePanel::updateButtons);
    }
    connect(m_bodies, &QTableWidget::itemChanged, this, &BalancePanel::updateButtons);
    connect(m_samples, &QSpinBox::valueChanged, this, &BalancePanel::updateCycleLabel);
}

void BalancePanel::setMechanism(std::shared_ptr<const Model> model,
                                const Eigen::VectorXd& q0,
                                const Eigen::VectorXd& qd0,
                                const QString& path) {
    const bool sameBodies =
        model && m_model && model->spec.bodies.size() == m_model->spec.bodies.size() &&
        std::equal(model->spec.bodies.begin(), model->spec.bodies.end(),
                   m_model->spec.bodies.begin(),
                   [](const BodySpec& a, const BodySpec& b) { return a.id == b.id; });
    m_model = std::move(model);
    m_q0 = q0;
    m_qd0 = qd0;
    m_path = path;
    if (!sameBodies) {
        fillBodies(); // another mechanism: its own bodies and defaults; the form keeps the rest
    }
    // the moment point's coordinates: x, y in the plane (z hidden and 0), x, y, z in space
    const int dimension = m_model ? m_model->dimension() : 2;
    for (int axis = 0; axis < 3; ++axis) {
        m_about[axis]->setVisible(axis < dimension);
        if (axis >= dimension) {
            m_about[axis]->setValue(0);
        }
    }
    updateCycleLabel();
    updateButtons();
}

void BalancePanel::fillBodies() {
    const QSignalBlocker block(m_bodies);
    m_bodies->setRowCount(0);
    if (!m_model) {
        return;
    }
    const MechanismSpec& spec = m_model->spec;
    for (const BodySpec& body : spec.bodies) {
        const int row = m_bodies->rowCount();
        m_bodies->insertRow(row);
        auto* name =
            new QTableWidgetItem(QString::fromStdString(body.name.empty() ? body.id : body.name));
        name->setData(Qt::UserRole, QString::fromStdString(body.id));
        name->setFlags((name->flags() | Qt::ItemIsUserCheckable) & ~Qt::ItemIsEditable);
        name->setCheckState(pinnedToGround(spec, body.id) ? Qt::Checked : Qt::Unchecked);
        name->setToolTip(
            tr("Body %1: %2 kg").arg(QString::fromStdString(body.id)).arg(number(body.mass)));
        m_bodies->setItem(row, BodyName, name);
        m_bodies->setItem(row, MassMin, new QTableWidgetItem(number(0)));
        m_bodies->setItem(row, MassMax, new QTableWidgetItem(number(body.mass)));
        m_bodies->setItem(row, Reach, new QTableWidgetItem(number(bodySize(body))));
    }
}

std::optional<std::vector<DrivenMotion>> BalancePanel::motions(QString* error) const {
    const auto fail = [error](const QString& text) {
        if (error != nullptr) {
            *error = text;
        }
        return std::nullopt;
    };
    if (!m_model) {
        return fail(tr("Open a mechanism first."));
    }
    if (m_model->nv() == 0 || m_q0.size() != m_model->nq() || m_qd0.size() != m_model->nv()) {
        return fail(tr("The mechanism has no assembled initial state to start the cycle from."));
    }
    std::string message;
    std::optional<std::vector<DrivenMotion>> result =
        initialRateMotions(*m_model, m_q0, m_qd0, message);
    if (!result) {
        return fail(QString::fromStdString(message));
    }
    if (result->empty()) {
        return fail(tr("The mechanism has no actuated or input coordinate to drive."));
    }
    if (!(cyclePeriod(*m_model, *result) > 0)) {
        return fail(tr("The cycle is one turn of the input at its initial rate, and that rate "
                       "is zero: give the input a speed in the Run panel's initial state or the "
                       "file."));
    }
    return result;
}

std::optional<BalanceSettings> BalancePanel::settings(QString* error) const {
    const auto fail = [error](const QString& text) {
        if (error != nullptr) {
            *error = text;
        }
        return std::nullopt;
    };
    QString why;
    const std::optional<std::vector<DrivenMotion>> driven = motions(&why);
    if (!driven) {
        return fail(why);
    }
    BalanceSettings s;
    for (int row = 0; row < m_bodies->rowCount(); ++row) {
        const QTableWidgetItem* name = m_bodies->item(row, BodyName);
        if (name->checkState() != Qt::Checked) {
            continue;
        }
        double values[3] = {};
        for (int column = MassMin; column <= Reach; ++column) {
            bool ok = false;
            values[column - MassMin] = m_bodies->item(row, column)->text().toDouble(&ok);
            if (!ok || !std::isfinite(values[column - MassMin])) {
                return fail(tr("%1: '%2' in %3 is not a number.")
                                .arg(name->text(), m_bodies->item(row, column)->text(),
                                     m_bodies->horizontalHeaderItem(column)->text()));
            }
        }
        if (values[2] < 0) {
            return fail(tr("%1: the reach must be zero or more metres.").arg(name->text()));
        }
        CounterweightBounds bounds;
        bounds.body = name->data(Qt::UserRole).toString().toStdString();
        bounds.massMin = values[0];
        bounds.massMax = values[1];
        bounds.atMin = Eigen::Vector3d::Constant(-values[2]);
        bounds.atMax = Eigen::Vector3d::Constant(values[2]);
        s.counterweights.push_back(bounds);
    }
    if (s.counterweights.empty()) {
        return fail(tr("Tick at least one body to carry a counterweight."));
    }
    s.forceWeight = m_forceWeight->value();
    s.momentWeight = m_momentWeight->value();
    s.torqueWeight = m_torqueWeight->value();
    s.torque = static_cast<TorqueMeasure>(m_torqueMeasure->currentData().toInt());
    if (m_limitMass->isChecked()) {
        s.maxAddedMass = m_massLimit->value();
    }
    s.starts = m_starts->value();
    s.maxEvaluations = m_evaluations->value();
    s.run = cycleRun(*driven);
    if (const std::string e = inverseRunError(*m_model, *driven, s.run); !e.empty()) {
        return fail(QString::fromStdString(e));
    }
    if (const std::string e = balanceSettingsError(*m_model, s); !e.empty()) {
        return fail(QString::fromStdString(e));
    }
    return s;
}

InverseRunSettings BalancePanel::cycleRun(const std::vector<DrivenMotion>& driven) const {
    InverseRunSettings run;
    const double period = cyclePeriod(*m_model, driven);
    run.tEnd = period;
    run.sampleInterval = period / m_samples->value();
    run.shakingAbout.setZero();
    for (int axis = 0; axis < m_model->dimension(); ++axis) {
        run.shakingAbout[axis] = m_about[axis]->value();
    }
    return run;
}

std::optional<BalanceJobInput> BalancePanel::jobInput(bool optimise, QString* error) const {
    std::optional<BalanceSettings> s = settings(error);
    if (!s && optimise) {
        return std::nullopt;
    }
    const std::optional<std::vector<DrivenMotion>> driven = motions(error);
    if (!driven) {
        return std::nullopt;
    }
    if (!s) {
        // Analyse needs only the cycle, not the design variables
        s = BalanceSettings{};
        s->run = cycleRun(*driven);
    }
    BalanceJobInput input;
    input.model = m_model;
    input.motions = *driven;
    input.q0 = m_q0;
    input.settings = std::move(*s);
    input.optimise = optimise;
    return input;
}

void BalancePanel::start(bool optimise) {
    if (m_job->isRunning()) {
        return;
    }
    QString error;
    std::optional<BalanceJobInput> made = jobInput(optimise, &error);
    if (!made) {
        setStatus(error, true);
        return;
    }
    const long maxEvaluations = made->settings.maxEvaluations;
    m_jobModel = m_model;
    m_jobBodies.clear();
    for (const CounterweightBounds& bounds : made->settings.counterweights) {
        m_jobBodies.push_back(bounds.body);
    }
    if (!m_job->start(std::move(*made))) {
        return;
    }
    m_progress->setRange(0, optimise ? static_cast<int>(maxEvaluations) : 0);
    m_progress->setValue(0);
    m_progress->setFormat(optimise ? tr("%v of %m evaluations") : QString());
    m_progress->show();
    setStatus(optimise ? tr("Balancing…") : tr("Running the cycle…"));
    updateButtons();
}

void BalancePanel::showProgress(long evaluations,
                                long maxEvaluations,
                                double best,
                                double seconds) {
    m_progress->setRange(0, static_cast<int>(maxEvaluations));
    m_progress->setValue(static_cast<int>(std::min(evaluations, maxEvaluations)));
    setStatus(tr("Balancing: %1 evaluations, best objective %2, %3 s")
                  .arg(evaluations)
                  .arg(number(best))
                  .arg(seconds, 0, 'f', 1));
}

void BalancePanel::showOutput(std::shared_ptr<const BalanceJobOutput> output) {
    m_progress->hide();
    m_output = std::move(output);
    m_outputModel = m_jobModel;
    m_outputBodies = m_jobBodies;
    m_jobModel.reset();
    const BalanceJobOutput& out = *m_output;
    showResultTable();

    // the charts: the driven coordinates' names and units
    QStringList driven;
    QStringList units;
    if (m_outputModel && out.before.ok) {
        if (const auto list = motions(); list && m_outputModel == m_model) {
            for (const DrivenMotion& motion : *list) {
                const Coordinate& c = m_outputModel->coordinates[motion.coordinate];
                driven << QString::fromStdString(c.name);
                units << (c.angular ? tr("N·m") : tr("N"));
            }
        }
    }
    // the torque rows in the driven coordinates' units
    QStringList distinct = units;
    distinct.removeDuplicates();
    const QString torqueUnit = distinct.isEmpty() ? tr("N·m") : distinct.join(QStringLiteral(", "));
    m_results->setVerticalHeaderItem(
        TorqueRms, new QTableWidgetItem(tr("Driving torque RMS (%1)").arg(torqueUnit)));
    m_results->setVerticalHeaderItem(
        TorquePeak, new QTableWidgetItem(tr("Driving torque peak (%1)").arg(torqueUnit)));
    const ShakingCycle* before = out.before.ok ? &out.before : nullptr;
    const ShakingCycle* after = out.after.ok ? &out.after : nullptr;
    m_locus->setCycles(before, after);
    m_curves->setCycles(before, after, driven, units);

    // the counterweights found, one line per body
    QStringList chosen;
    if (out.result && out.result->improved && !out.cancelled) {
        const int dimension = m_outputModel ? m_outputModel->dimension() : 2;
        for (std::size_t k = 0; k < out.result->chosen.size(); ++k) {
            const CounterweightSpec& w = out.result->chosen[k];
            QStringList at; // the position's x, y (and z in space)
            for (int axis = 0; axis < dimension; ++axis) {
                at << number(w.position3()[axis]);
            }
            const std::string& id = k < m_outputBodies.size() ? m_outputBodies[k] : w.name;
            chosen << tr("On %1: %2 kg at (%3) m")
                          .arg(QString::fromStdString(id), number(w.mass),
                               at.join(QStringLiteral(", ")));
        }
    }

    if (!out.error.isEmpty()) {
        setStatus(out.error, true);
        m_chosen->clear();
    } else if (out.cancelled) {
        setStatus(tr("Cancelled after %1 evaluations: nothing was kept.")
                      .arg(out.result ? out.result->evaluations : 0));
        m_chosen->clear();
    } else if (!out.result) {
        setStatus(tr("One cycle in %1 samples: RMS shaking force %2 N (peak %3), RMS shaking "
                     "moment %4 N·m, RMS driving torque %5.")
                      .arg(out.before.t.size())
                      .arg(number(out.before.forceSize.rms), number(out.before.forceSize.peak),
                           number(out.before.momentSize.rms), number(out.before.torqueSize.rms)));
        m_chosen->clear();
    } else if (!out.result->improved) {
        setStatus(tr("No counterweight within the bounds lowers the objective (%1 evaluations): "
                     "the mechanism is left as it is. Widen the mass or reach bounds, or tick "
                     "other bodies.")
                      .arg(out.result->evaluations));
        m_chosen->clear();
    } else {
        const BalanceResult& r = *out.result;
        const double factor = r.after.force > 0 ? r.before.force / r.after.force : 0;
        setStatus(tr("%1 evaluations in %2 s (%3, stopped: %4). RMS shaking force %5 → %6 N%7.")
                      .arg(r.evaluations)
                      .arg(r.seconds, 0, 'f', 2)
                      .arg(QString::fromStdString(r.algorithm),
                           QString::fromStdString(balanceStopName(r.stop)))
                      .arg(number(r.before.force), number(r.after.force))
                      .arg(factor > 0 ? tr(", %1× less").arg(number(factor)) : QString()));
        m_chosen->setText(chosen.join(QLatin1Char('\n')));
    }
    Q_EMIT message(m_status->text());
    updateButtons();
}

void BalancePanel::showResultTable() {
    const auto set = [this](int row, int column, const QString& text) {
        m_results->setItem(row, column, readOnly(text));
    };
    for (int row = 0; row <= AddedMass; ++row) {
        for (int column = 0; column < 3; ++column) {
            set(row, column, QStringLiteral("—"));
        }
    }
    if (!m_output || !m_output->before.ok) {
        return;
    }
    const ShakingCycle& b = m_output->before;
    const ShakingCycle* a = m_output->after.ok ? &m_output->after : nullptr;
    const double beforeValues[] = {b.forceSize.rms,
                                   b.forceSize.peak,
                                   b.momentSize.rms,
                                   b.momentSize.peak,
                                   b.torqueSize.rms,
                                   b.torqueSize.peak,
                                   0};
    double afterValues[7] = {};
    if (a != nullptr) {
        const double values[] = {a->forceSize.rms,
                                 a->forceSize.peak,
                                 a->momentSize.rms,
                                 a->momentSize.peak,
                                 a->torqueSize.rms,
                                 a->torqueSize.peak,
                                 0};
        std::copy(std::begin(values), std::end(values), afterValues);
        for (const CounterweightSpec& w : m_output->result->chosen) {
            afterValues[AddedMass] += w.mass;
        }
    }
    for (int row = 0; row <= AddedMass; ++row) {
        set(row, 0, number(beforeValues[row]));
        if (a != nullptr) {
            set(row, 1, number(afterValues[row]));
            if (beforeValues[row] > 0) {
                set(row, 2, number(afterValues[row] / beforeValues[row]));
            }
        }
    }
}

std::optional<MechanismSpec> BalancePanel::balancedSpec() const {
    if (!m_output || !m_output->result || !m_output->result->improved || m_output->cancelled ||
        !m_outputModel || m_outputModel != m_model) {
        return std::nullopt;
    }
    return m_output->result->balanced;
}

bool BalancePanel::saveBalanced(const QString& path, QString* error) const {
    const auto fail = [error](const QString& text) {
        if (error != nullptr) {
            *error = text;
        }
        return false;
    };
    const std::optional<MechanismSpec> spec = balancedSpec();
    if (!spec) {
        return fail(tr("There is no balanced mechanism to save: run Balance first."));
    }
    if (!m_path.isEmpty()) {
        std::error_code ec;
        const std::filesystem::path target = path.toStdString();
        if (QFileInfo(path).absoluteFilePath() == QFileInfo(m_path).absoluteFilePath() ||
            (std::filesystem::exists(target, ec) &&
             std::filesystem::equivalent(target, m_path.toStdString(), ec))) {
            return fail(tr("%1 is the open mechanism's file: save the balanced mechanism to a "
                           "new file.")
                            .arg(QFileInfo(path).fileName()));
        }
    }
    if (const std::optional<std::string> failure = saveMechanismFile(*spec, path.toStdString())) {
        return fail(QString::fromStdString(*failure));
    }
    return true;
}

void BalancePanel::promptSave() {
    const QFileInfo open(m_path);
    const QString suggested = m_path.isEmpty()
                                  ? tr("balanced.json")
                                  : open.absolutePath() + QLatin1Char('/') +
                                        open.completeBaseName() + QStringLiteral("_balanced.json");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Balanced Mechanism"),
                                                      suggested, tr("Mechanism (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    if (!saveBalanced(path, &error)) {
        QMessageBox::warning(this, tr("Save Balanced Mechanism"), error);
        return;
    }
    setStatus(tr("Wrote %1.").arg(QFileInfo(path).fileName()));
    Q_EMIT message(m_status->text());
}

void BalancePanel::updateButtons() {
    const bool running = m_job->isRunning();
    const bool haveModel = m_model != nullptr;
    m_analyse->setEnabled(haveModel && !running);
    m_balance->setEnabled(haveModel && !running);
    m_cancel->setEnabled(running);
    const bool result = !running && balancedSpec().has_value();
    m_apply->setEnabled(result);
    m_save->setEnabled(result);
    m_bodies->setEnabled(!running);
}

void BalancePanel::updateCycleLabel() {
    QString error;
    const std::optional<std::vector<DrivenMotion>> driven = motions(&error);
    if (!driven) {
        m_cycle->setText(m_model ? error : tr("no mechanism"));
        return;
    }
    QStringList names;
    for (const DrivenMotion& motion : *driven) {
        names << QString::fromStdString(m_model->coordinates[motion.coordinate].name);
    }
    const double period = cyclePeriod(*m_model, *driven);
    m_cycle->setText(tr("one turn of %1: %2 s, sampled every %3 s")
                         .arg(names.join(QStringLiteral(", ")), number(period),
                              number(period / m_samples->value())));
}

void BalancePanel::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

} // namespace sslm::ui
