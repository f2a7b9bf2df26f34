// SPDX-License-Identifier: MIT
// The edited document compiled off the GUI thread (ui/document/document_compiler): the outcome
// comes back by signal; of requests made in a row only the last one's is delivered, and a
// cancelled compile delivers nothing. The tests wait for busyChanged(false), which comes with
// the outcome.

#include <QSignalSpy>
#include <QtTest>

#include "core/spec/mechanism_templates.hpp"
#include "ui/document/document_compiler.hpp"

#include "tests/test_main.hpp"

namespace tst_document_compiler {

using namespace sslm;
using namespace sslm::ui;

class TestDocumentCompiler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theOutcomeComesBackBySignal() {
        DocumentCompiler compiler;
        QSignalSpy busy(&compiler, &DocumentCompiler::busyChanged);
        QString name;
        connect(&compiler, &DocumentCompiler::compiled, this, [&](const LoadOutcome& outcome) {
            name = outcome.mechanism ? QString::fromStdString(outcome.mechanism->model->name)
                                     : outcome.error;
        });
        compiler.compile(mechanismTemplate("four_bar"), {});
        QVERIFY(compiler.isBusy());
        QVERIFY(busy.wait(30000));
        QVERIFY(!compiler.isBusy());
        QCOMPARE(name, QString::fromStdString(mechanismTemplate("four_bar").name));
        QCOMPARE(busy.count(), 2); // busy, then not
    }

    // the stale outcomes are dropped by their generation: only the last request's is shown
    void onlyTheLastRequestIsDelivered() {
        DocumentCompiler compiler;
        QStringList names;
        connect(&compiler, &DocumentCompiler::compiled, this, [&](const LoadOutcome& outcome) {
            names << (outcome.mechanism ? QString::fromStdString(outcome.mechanism->model->name)
                                        : outcome.error);
        });
        QSignalSpy busy(&compiler, &DocumentCompiler::busyChanged);
        compiler.compile(mechanismTemplate("four_bar"), {});
        compiler.compile(mechanismTemplate("slider_crank"), {});
        MechanismSpec last = mechanismTemplate("four_bar");
        last.name = "the last one";
        compiler.compile(last, {});
        QCOMPARE(busy.count(), 1);
        QVERIFY(busy.wait(30000));
        QCOMPARE(names, QStringList{QStringLiteral("the last one")});
        QVERIFY(!compiler.isBusy());
    }

    // a cancelled compile delivers nothing, and the next request is compiled as usual
    void aCancelledCompileDeliversNothing() {
        DocumentCompiler compiler;
        int compiled = 0;
        connect(&compiler, &DocumentCompiler::compiled, this, [&] { ++compiled; });
        QSignalSpy busy(&compiler, &DocumentCompiler::busyChanged);
        compiler.compile(mechanismTemplate("four_bar"), {});
        compiler.cancel();
        QVERIFY(!compiler.isBusy());
        QCOMPARE(busy.count(), 2);
        compiler.compile(mechanismTemplate("slider_crank"), {});
        QVERIFY(busy.wait(30000));
        QCOMPARE(compiled, 1);
    }
};

SSLM_TEST_WIDGETS_MAIN(TestDocumentCompiler)
} // namespace tst_document_compiler
#include "tst_document_compiler.moc"
