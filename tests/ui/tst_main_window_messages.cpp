// SPDX-License-Identifier: MIT
// What the window says when a file cannot be opened: the mechanism still shown by its name, or
// nothing about a previous mechanism when there is none (the box a user reads, answered as a
// user answers it).

#include <memory>

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/main_window.hpp"

#include "tests/ui/fixtures/main_window.hpp"

namespace tst_main_window_messages {

using namespace sslm;
using namespace sslm::ui;

class TestMainWindowMessages : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    /// A file that is not JSON.
    QString brokenFile() {
        const QString path = m_dir.filePath(QStringLiteral("broken.json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write("{ \"format\": ") < 0) {
            return {};
        }
        return path;
    }

    /// Opens `path` as File ▸ Open does (an error box) and returns the box's text and details.
    static QStringList openingFails(MainWindow& window, const QString& path) {
        QStringList said;
        fixtures::answerNextDialog(&window, [&said](QWidget* dialog) {
            auto* box = qobject_cast<QMessageBox*>(dialog);
            if (box != nullptr) {
                said << box->text() << box->informativeText();
                box->button(QMessageBox::Ok)->click();
            }
        });
        if (window.openFile(path)) {
            qWarning("the broken file opened");
        }
        return said;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void theMechanismStillShownIsNamed() {
        std::unique_ptr<MainWindow> window =
            fixtures::windowWith(fixtures::example("four_bar.json"));
        const QStringList said = openingFails(*window, brokenFile());
        QCOMPARE(said.size(), 2);
        QCOMPARE(said[0], QStringLiteral("broken.json could not be opened; Four-bar (Hoekens) is "
                                         "still shown."));
        // a syntax error is placed by line and column, with no JSON path in front
        QVERIFY2(said[1].startsWith(QStringLiteral("error: invalid JSON at line 1, column 13 "
                                                   "(while reading format): syntax error")),
                 qPrintable(said[1]));
    }

    void noPreviousMechanismIsClaimed() {
        auto window = std::make_unique<MainWindow>();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const QStringList said = openingFails(*window, brokenFile());
        QCOMPARE(said.size(), 2);
        QCOMPARE(said[0], QStringLiteral("broken.json could not be opened."));
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowMessages, "tst_main_window_messages")
} // namespace tst_main_window_messages

#include "tst_main_window_messages.moc"
