// SPDX-License-Identifier: MIT
#include "ui/editor/counterweight_table.hpp"

#include <cmath>
#include <set>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/util/text.hpp"

namespace sslm::ui {

namespace {

QString number(double value) {
    return QString::number(value, 'g', 10);
}

} // namespace

CounterweightTable::CounterweightTable(QWidget* parent) : QWidget(parent) {
    m_table = new QTableWidget(0, 0);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setMinimumHeight(90);
    m_table->setToolTip(tr("Point masses fixed to the body, e.g. to balance it: the body's mass, "
                           "centre of mass and inertia include them. Double-click a cell to "
                           "edit it; Ctrl+Z undoes."));
    m_add = new QPushButton(tr("Add"));
    m_add->setToolTip(tr("A new counterweight at the body frame's origin, a tenth of the "
                         "body's mass"));
    m_remove = new QPushButton(tr("Remove"));
    m_remove->setToolTip(tr("Remove the selected counterweight"));
    m_total = new QLabel;
    m_total->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);
    layout->addWidget(m_total);

    connect(m_add, &QPushButton::clicked, this, &CounterweightTable::addWeight);
    connect(m_remove, &QPushButton::clicked, this, &CounterweightTable::removeWeight);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        const int row = item->row();
        if (row < 0 || row >= static_cast<int>(m_weights.size())) {
            return;
        }
        const QString text = item->text().trimmed();
        const int col = item->column();
        if (col == column(Name)) {
            rename(row, text);
            return;
        }
        for (Column field : {Mass, X, Y, Z, Inertia}) {
            if (col != column(field)) {
                continue;
            }
            bool ok = false;
            const double value = text.toDouble(&ok);
            if (field == Inertia && (text.isEmpty() || text == tr("point mass"))) {
                changeNumber(row, Inertia, -1); // a point mass
            } else if (ok && std::isfinite(value)) {
                changeNumber(row, field, value);
            } else {
                rebuild(); // not a number: show what it was
            }
        }
    });
}

int CounterweightTable::column(Column field) const {
    if (m_spatial) {
        return field == Inertia ? 5 : static_cast<int>(field);
    }
    switch (field) {
    case Z:
        return -1;
    case Inertia:
        return 4;
    default:
        return static_cast<int>(field);
    }
}

void CounterweightTable::showWeights(const std::vector<CounterweightSpec>& weights,
                                     double bodyMass,
                                     const QString& body,
                                     bool spatial) {
    m_weights = weights;
    m_bodyMass = bodyMass;
    m_body = body;
    m_spatial = spatial;
    rebuild();
}

void CounterweightTable::rebuild() {
    const QSignalBlocker blocker(m_table);
    const int selected = m_table->currentRow();
    QStringList headers = {tr("name"), tr("mass (kg)"), tr("x (m)"), tr("y (m)")};
    if (m_spatial) {
        headers << tr("z (m)");
    }
    headers << (m_spatial ? tr("inertia") : tr("inertia (kg·m²)"));
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_weights.size()));
    double added = 0;
    for (std::size_t k = 0; k < m_weights.size(); ++k) {
        const CounterweightSpec& w = m_weights[k];
        const int row = static_cast<int>(k);
        added += w.mass;
        m_table->setItem(row, column(Name), new QTableWidgetItem(QString::fromStdString(w.name)));
        m_table->setItem(row, column(Mass), new QTableWidgetItem(number(w.mass)));
        m_table->setItem(row, column(X), new QTableWidgetItem(number(w.p_B.x())));
        m_table->setItem(row, column(Y), new QTableWidgetItem(number(w.p_B.y())));
        if (m_spatial) {
            m_table->setItem(row, column(Z), new QTableWidgetItem(number(w.z_B)));
            auto* inertia =
                new QTableWidgetItem(w.inertiaTensor ? tr("tensor (file)") : tr("point mass"));
            inertia->setFlags(inertia->flags() & ~Qt::ItemIsEditable);
            inertia->setToolTip(tr("A spatial counterweight's inertia tensor is given in the "
                                   "file (counterweights[].inertia)"));
            m_table->setItem(row, column(Inertia), inertia);
        } else {
            m_table->setItem(
                row, column(Inertia),
                new QTableWidgetItem(w.inertia ? number(*w.inertia) : tr("point mass")));
        }
    }
    if (selected >= 0 && selected < m_table->rowCount()) {
        m_table->selectRow(selected);
    }
    m_remove->setEnabled(m_table->currentRow() >= 0 && !m_weights.empty());
    m_total->setText(
        m_weights.empty()
            ? tr("No counterweights: the body's mass is %1 kg.").arg(number(m_bodyMass))
            : tr("Body %1 kg + counterweights %2 kg = %3 kg")
                  .arg(number(m_bodyMass), number(added), number(m_bodyMass + added)));
}

std::string CounterweightTable::freshName() const {
    std::set<std::string> taken;
    for (const CounterweightSpec& w : m_weights) {
        taken.insert(w.name);
    }
    return text::numberedName("cw", [&](const std::string& name) { return taken.contains(name); });
}

void CounterweightTable::addWeight() {
    std::vector<CounterweightSpec> weights = m_weights;
    CounterweightSpec w;
    w.name = freshName();
    w.mass = m_bodyMass > 0 ? 0.1 * m_bodyMass : 0.1;
    weights.push_back(w);
    const QString text =
        tr("Add counterweight %1 to %2").arg(QString::fromStdString(w.name), m_body);
    QMetaObject::invokeMethod(
        this, [this, weights, text] { Q_EMIT edited(weights, text); }, Qt::QueuedConnection);
}

void CounterweightTable::removeWeight() {
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_weights.size())) {
        return;
    }
    std::vector<CounterweightSpec> weights = m_weights;
    const QString text = tr("Remove counterweight %1 from %2")
                             .arg(QString::fromStdString(weights[row].name), m_body);
    weights.erase(weights.begin() + row);
    QMetaObject::invokeMethod(
        this, [this, weights, text] { Q_EMIT edited(weights, text); }, Qt::QueuedConnection);
}

void CounterweightTable::changeNumber(int row, Column field, double value) {
    std::vector<CounterweightSpec> weights = m_weights;
    CounterweightSpec& w = weights[row];
    QString what;
    switch (field) {
    case Mass:
        if (!(value > 0)) {
            m_total->setText(tr("A counterweight's mass must be positive (kg); remove it "
                                "instead."));
            const QSignalBlocker blocker(m_table);
            m_table->item(row, column(Mass))->setText(number(w.mass));
            return;
        }
        w.mass = value;
        what = tr("mass %1 kg").arg(number(value));
        break;
    case X:
        w.p_B.x() = value;
        what = tr("x %1 m").arg(number(value));
        break;
    case Y:
        w.p_B.y() = value;
        what = tr("y %1 m").arg(number(value));
        break;
    case Z:
        w.z_B = value;
        what = tr("z %1 m").arg(number(value));
        break;
    case Inertia:
        if (value < 0) {
            w.inertia.reset();
            what = tr("point mass");
        } else {
            w.inertia = value;
            what = tr("inertia %1 kg·m²").arg(number(value));
        }
        break;
    case Name:
        return;
    }
    if (weights == m_weights) {
        return;
    }
    const QString text =
        tr("Counterweight %1 on %2: %3").arg(QString::fromStdString(w.name), m_body, what);
    QMetaObject::invokeMethod(
        this, [this, weights, text] { Q_EMIT edited(weights, text); }, Qt::QueuedConnection);
}

void CounterweightTable::rename(int row, const QString& name) {
    std::vector<CounterweightSpec> weights = m_weights;
    const std::string wanted = name.toStdString();
    for (std::size_t k = 0; k < weights.size(); ++k) {
        if (static_cast<int>(k) != row && !wanted.empty() && weights[k].name == wanted) {
            m_total->setText(tr("%1 already has a counterweight named %2: choose another name.")
                                 .arg(m_body, name));
            const QSignalBlocker blocker(m_table);
            m_table->item(row, column(Name))->setText(QString::fromStdString(weights[row].name));
            return;
        }
    }
    if (weights[row].name == wanted) {
        return;
    }
    const QString text = tr("Rename counterweight %1 on %2 to %3")
                             .arg(QString::fromStdString(weights[row].name), m_body, name);
    weights[row].name = wanted;
    QMetaObject::invokeMethod(
        this, [this, weights, text] { Q_EMIT edited(weights, text); }, Qt::QueuedConnection);
}

} // namespace sslm::ui
