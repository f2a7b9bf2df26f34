// SPDX-License-Identifier: MIT
#pragma once

// The counterweights of one body (file format `counterweights`, folded into the body's mass,
// COM and inertia by spec/counterweights.hpp): a row per counterweight with its name, mass
// (kg), centre in the body frame (m; x, y, and z for a spatial body) and, planar, its moment of
// inertia about its own centre (kg·m², "point mass" when none); Add and Remove below, and the
// body's total mass with them. Every change is reported as the whole new list with what changed
// in words, for the owner to apply as one undoable edit.

#include <vector>

#include <QString>
#include <QWidget>

#include "core/spec/mechanism_spec.hpp"

class QLabel;
class QPushButton;
class QTableWidget;

namespace sslm::ui {

class CounterweightTable : public QWidget {
    Q_OBJECT

public:
    explicit CounterweightTable(QWidget* parent = nullptr);

    /// Shows `weights` of a body of `bodyMass` kg (without them) named `body`; `spatial` adds the
    /// z column and leaves the inertia to the file (a tensor).
    void showWeights(const std::vector<CounterweightSpec>& weights,
                     double bodyMass,
                     const QString& body,
                     bool spatial);

    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QLabel* totalLabel() const { return m_total; }

    /// Column of each field in table() (z only when spatial).
    enum Column { Name, Mass, X, Y, Z, Inertia };
    int column(Column field) const;

Q_SIGNALS:
    /// The user changed the list: the whole new list and the change in words, e.g.
    /// "Counterweight cw1 on crank: mass 0.5 kg".
    void edited(const std::vector<CounterweightSpec>& weights, const QString& text);

private:
    void rebuild();
    void addWeight();
    void removeWeight();
    void changeNumber(int row, Column field, double value);
    void rename(int row, const QString& name);
    /// A name no other counterweight of the body has: "cw1", "cw2", …
    std::string freshName() const;

    QTableWidget* m_table = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QLabel* m_total = nullptr;
    std::vector<CounterweightSpec> m_weights;
    double m_bodyMass = 0;
    QString m_body;
    bool m_spatial = false;
};

} // namespace sslm::ui
