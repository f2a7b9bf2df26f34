// SPDX-License-Identifier: MIT
// The studio's style sheet: resources/style/studio.qss with the palette's colours filled in.
#include "ui/style/style_sheet.hpp"

#include <QFile>
#include <QRegularExpression>
#include <QStyle>
#include <QWidget>

#include "ui/style/palette.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/theme.hpp"

namespace sslm::ui {

namespace {

/// The colour a style sheet token (@name) stands for; invalid if there is none.
QColor tokenColour(const QString& name) {
    // (not kept: the colours are the theme's of the moment)
    const QHash<QString, QColor> colours = {
        {QStringLiteral("errorText"), errorTextColour()},
        {QStringLiteral("okText"), okTextColour()},
        {QStringLiteral("mutedText"), mutedTextColour()},
        {QStringLiteral("invalidField"), invalidFieldColour()},
        {QStringLiteral("warningBackground"), warningMessageColours().background},
        {QStringLiteral("warningBorder"), warningMessageColours().border},
        {QStringLiteral("warningText"), warningMessageColours().text},
        {QStringLiteral("infoBackground"), infoMessageColours().background},
        {QStringLiteral("infoBorder"), infoMessageColours().border},
        {QStringLiteral("infoText"), infoMessageColours().text},
        {QStringLiteral("successBackground"), successMessageColours().background},
        {QStringLiteral("successBorder"), successMessageColours().border},
        {QStringLiteral("successText"), successMessageColours().text},
        {QStringLiteral("errorBackground"), errorMessageColours().background},
        {QStringLiteral("errorBorder"), errorMessageColours().border},
        {QStringLiteral("errorMessageText"), errorMessageColours().text},
    };
    return colours.value(name);
}

QString loadStyleSheet() {
    initResources();
    QFile file(QStringLiteral(":/sslm/style/studio.qss"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        qWarning("sslm-studio: the style sheet :/sslm/style/studio.qss is missing");
        return {};
    }
    QString sheet = QString::fromUtf8(file.readAll());
    static const QRegularExpression token(QStringLiteral("@([A-Za-z]+)"));
    QString filled;
    qsizetype last = 0;
    for (const QRegularExpressionMatch& match : token.globalMatch(sheet)) {
        const QColor colour = tokenColour(match.captured(1));
        if (!colour.isValid()) {
            qWarning("sslm-studio: studio.qss names the unknown colour @%s; add it to "
                     "tokenColour() in ui/style/style_sheet.cpp",
                     qPrintable(match.captured(1)));
        }
        filled += QStringView(sheet).mid(last, match.capturedStart() - last);
        filled += colour.isValid() ? colour.name() : match.captured(0);
        last = match.capturedEnd();
    }
    filled += QStringView(sheet).mid(last);
    return filled;
}

const char* roleName(StyleRole role) {
    switch (role) {
    case StyleRole::Plain:
        return "";
    case StyleRole::ErrorText:
        return "error";
    case StyleRole::MutedText:
        return "muted";
    case StyleRole::WarningBanner:
        return "warningBanner";
    case StyleRole::InfoMessage:
        return "infoMessage";
    case StyleRole::SuccessMessage:
        return "successMessage";
    case StyleRole::ErrorMessage:
        return "errorMessage";
    }
    return "";
}

/// Makes `widget` and its children re-read the style sheet after a property change.
void repolish(QWidget* widget) {
    widget->style()->unpolish(widget);
    widget->style()->polish(widget);
    for (QWidget* child : widget->findChildren<QWidget*>()) {
        child->style()->unpolish(child);
        child->style()->polish(child);
    }
    widget->update();
}

} // namespace

QString studioStyleSheet() {
    // the tokens' colours depend on the theme: one sheet per theme, made when first asked
    static QString sheets[2];
    QString& sheet = sheets[isDarkTheme() ? 1 : 0];
    if (sheet.isEmpty()) {
        sheet = loadStyleSheet();
    }
    return sheet;
}

void setStyleRole(QWidget* widget, StyleRole role) {
    widget->setProperty("styleRole", QString::fromLatin1(roleName(role)));
    repolish(widget);
}

void setInvalid(QWidget* widget, bool invalid) {
    if (widget->property("invalid").toBool() == invalid) {
        return;
    }
    widget->setProperty("invalid", invalid);
    repolish(widget);
}

} // namespace sslm::ui
