// SPDX-License-Identifier: MIT
// File ▸ Export ▸ Python Script (ui/export/python_script.hpp) through the window: the script of
// the carpet scraper and of the RSSR after a cut change in the graph view, run by Debian's
// Python with the module of the build tree, writes the same samples as the window's run, bit
// for bit (CPU times aside); so does the inverse dynamics of the RSSR's input coordinate.

#include <cmath>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/run_kind.hpp"

#include "tests/ui/fixtures/window_test.hpp"

namespace tst_python_script {

using namespace sslm;
using namespace sslm::ui;

class TestPythonScript : public fixtures::WindowTest {
    Q_OBJECT

    QTemporaryDir m_dir;

    /// Exports the script, runs it, and compares its CSV with the window's last run: the
    /// number of columns compared (fatal mismatches fail the test).
    int verifyScriptReproducesRun(MainWindow& window, const QString& name) {
        const QString script = m_dir.filePath(name + QStringLiteral(".py"));
        QString error;
        if (!window.exportPythonScript(script, &error)) {
            qWarning("%s", qPrintable(error));
            return -1;
        }
        QProcess python;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(SSLM_PYTHON_DIR));
        env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
        python.setProcessEnvironment(env);
        python.start(QStringLiteral(SSLM_PYTHON_EXE), {script});
        if (!python.waitForFinished(120000) || python.exitCode() != 0) {
            qWarning("%s: %s", qPrintable(script), python.readAllStandardError().constData());
            return -1;
        }
        const fixtures::Csv csv = fixtures::readCsv(m_dir.filePath(name + QStringLiteral(".csv")));
        const auto run = window.controller()->currentRun();
        int compared = 0;
        double worst = 0;
        for (const QString& column : csv.header) {
            if (column.startsWith(QLatin1String("cpu.")) || run->layout().indexOf(column) < 0) {
                continue;
            }
            const std::vector<double> stored = this->column(*run, column);
            const int c = csv.column(column);
            if (stored.size() != csv.rows.size()) {
                qWarning("%s: %zu rows, the window has %zu", qPrintable(column), csv.rows.size(),
                         stored.size());
                return -1;
            }
            for (std::size_t row = 0; row < stored.size(); ++row) {
                worst = std::max(worst, std::abs(stored[row] - csv.rows[row][c]));
            }
            ++compared;
        }
        qInfo("%s: the script's %zu samples equal the window's over %d columns (max |diff| %g)",
              qPrintable(name), csv.rows.size(), compared, worst);
        return worst == 0.0 ? compared : -1;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void cleanup() { m_window.reset(); }

    void scraperForwardRun() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), 0.5);
        QVERIFY(runToEnd(window));
        QVERIFY(verifyScriptReproducesRun(window, QStringLiteral("scraper")) > 20);
    }

    void rssrWithAnotherCutAndInverse() {
        MainWindow& window = freshWindow("rssr.json");
        MechanismGraphView& graph = *window.graphView();
        QApplication::processEvents();
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {},
                          graph.jointPosition(QStringLiteral("J2")));
        QCOMPARE(graph.currentCuts(), std::vector<std::string>{"J2"});
        enterSettings(*window.runPanel(), 0.5);
        QVERIFY(runToEnd(window));
        QVERIFY(verifyScriptReproducesRun(window, QStringLiteral("rssr_j2")) > 20);

        RunPanel& panel = *window.runPanel();
        panel.runKindBox()->setCurrentIndex(
            panel.runKindBox()->findData(static_cast<int>(RunKind::Inverse)));
        QVERIFY(runToEnd(window));
        QVERIFY(verifyScriptReproducesRun(window, QStringLiteral("rssr_inverse")) > 20);
    }
};

SSLM_WINDOW_TEST_MAIN(TestPythonScript, "tst_python_script")
} // namespace tst_python_script
#include "tst_python_script.moc"
