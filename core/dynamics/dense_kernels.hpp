// SPDX-License-Identifier: MIT
#pragma once

// Small dense Cholesky kernels on raw column-major storage for the solvers' per-call work:
// the matrices are a few rows (a subsystem's I_j, the scraper's 7 × 7 M), where plain loops
// beat a general library's size dispatch and blocking. No allocation, no exceptions.
// Each kernel takes its order n at run time or, as the template argument N > 0, at compile
// time (then n must equal N): the same loops, unrolled; withOrder() picks N for an n.

#include <cmath>
#include <type_traits>

namespace sslm::dense {

/// Calls f(std::integral_constant<int, n>) for n of 1 to 6, else f(std::integral_constant<int,
/// 0>) (a run-time order). (A switch: a recursive dispatch cost the scraper's SSLM call 7 %.)
template <class F> decltype(auto) withOrder(int n, F&& f) {
    switch (n) {
    case 1:
        return f(std::integral_constant<int, 1>{});
    case 2:
        return f(std::integral_constant<int, 2>{});
    case 3:
        return f(std::integral_constant<int, 3>{});
    case 4:
        return f(std::integral_constant<int, 4>{});
    case 5:
        return f(std::integral_constant<int, 5>{});
    case 6:
        return f(std::integral_constant<int, 6>{});
    default:
        return f(std::integral_constant<int, 0>{});
    }
}

/// A pivot at or below this fraction of its diagonal entry marks the matrix as not positive
/// definite (numerically singular).
inline constexpr double kRelativePivot = 1e-14;

/// The largest order ldlt() takes at run time.
inline constexpr int kMaxLdltOrder = 6;

/// In-place A = L' D L'ᵀ of the n × n (n ≤ kMaxLdltOrder) symmetric positive definite matrix in
/// `a` (leading dimension lda): the strictly lower triangle becomes the unit lower factor L',
/// d[0..n) gets D; the diagonal and the upper triangle are left as they were. Returns false,
/// and leaves `a` partly factored, when a pivot is not positive. Its chain from one column to
/// the next is one division (no square root): what a small factor's latency is made of.
template <int N = 0> bool ldlt(double* a, int n, int lda, double* d) {
    constexpr int kOrder = N > 0 ? N : kMaxLdltOrder;
    n = N > 0 ? N : n;
    double s[kOrder][kOrder]; // s[i][k] = L'_ik D_k for k < i: the column before its scaling
    for (int j = 0; j < n; ++j) {
        double* colJ = a + j * lda;
        double dj = colJ[j];
        for (int k = 0; k < j; ++k) {
            dj -= s[j][k] * a[k * lda + j];
        }
        if (!(dj > kRelativePivot * colJ[j])) {
            return false;
        }
        d[j] = dj;
        const double inverse = 1.0 / dj;
        for (int i = j + 1; i < n; ++i) {
            double sij = colJ[i];
            for (int k = 0; k < j; ++k) {
                sij -= s[i][k] * a[k * lda + j];
            }
            s[i][j] = sij;
            colJ[i] = sij * inverse;
        }
    }
    return true;
}

/// How cholesky() stores the factor's diagonal and the solves read it: L_jj itself, or its
/// reciprocal 1/L_jj, so that the solves multiply where they would divide (a division's
/// latency is most of a small solve's column-to-column chain).
enum class Diagonal { Plain, Reciprocal };

/// In-place Cholesky factor A = L Lᵀ of the n × n symmetric positive definite matrix in `a`
/// (leading dimension lda); reads and writes the lower triangle only, the diagonal as `kDiagonal`
/// says. Returns false, and leaves `a` partly factored, when a pivot is not positive. At a
/// compile-time order it is ldlt()'s L' scaled by √D afterwards, the square roots (and the
/// reciprocals) off the column-to-column chain.
template <int N = 0, Diagonal kDiagonal = Diagonal::Plain>
bool cholesky(double* a, int n, int lda) {
    if constexpr (N > 0) {
        double d[N];
        if (!ldlt<N>(a, N, lda, d)) {
            return false;
        }
        for (int j = 0; j < N; ++j) {
            const double root = std::sqrt(d[j]);
            double* colJ = a + j * lda;
            colJ[j] = kDiagonal == Diagonal::Reciprocal ? 1.0 / root : root;
            for (int i = j + 1; i < N; ++i) {
                colJ[i] *= root;
            }
        }
        return true;
    }
    for (int j = 0; j < n; ++j) {
        double* colJ = a + j * lda;
        double d = colJ[j];
        for (int k = 0; k < j; ++k) {
            d -= a[k * lda + j] * a[k * lda + j];
        }
        if (!(d > kRelativePivot * colJ[j])) {
            return false;
        }
        d = std::sqrt(d);
        const double inverse = 1.0 / d;
        colJ[j] = kDiagonal == Diagonal::Reciprocal ? inverse : d;
        for (int i = j + 1; i < n; ++i) {
            double s = colJ[i];
            for (int k = 0; k < j; ++k) {
                s -= a[k * lda + i] * a[k * lda + j];
            }
            colJ[i] = s * inverse;
        }
    }
    return true;
}

/// Solves L Y = B in place (B is n × m, leading dimension ldb) with L from cholesky() (its
/// diagonal stored as `kDiagonal`); M > 0: m at compile time.
template <int N = 0, Diagonal kDiagonal = Diagonal::Plain, int M = 0>
void solveLower(const double* l, int n, int lda, double* b, int m, int ldb) {
    n = N > 0 ? N : n;
    m = M > 0 ? M : m;
    for (int c = 0; c < m; ++c) {
        double* x = b + c * ldb;
        for (int j = 0; j < n; ++j) {
            const double xj =
                kDiagonal == Diagonal::Reciprocal ? x[j] * l[j * lda + j] : x[j] / l[j * lda + j];
            x[j] = xj;
            const double* colJ = l + j * lda;
            for (int i = j + 1; i < n; ++i) {
                x[i] -= colJ[i] * xj;
            }
        }
    }
}

/// Solves Lᵀ x = y in place (one right-hand side of n entries) with L from cholesky() (its
/// diagonal stored as `kDiagonal`).
template <int N = 0, Diagonal kDiagonal = Diagonal::Plain>
void solveLowerTransposed(const double* l, int n, int lda, double* x) {
    n = N > 0 ? N : n;
    for (int j = n - 1; j >= 0; --j) {
        const double* colJ = l + j * lda;
        double s = x[j];
        for (int i = j + 1; i < n; ++i) {
            s -= colJ[i] * x[i];
        }
        x[j] = kDiagonal == Diagonal::Reciprocal ? s * colJ[j] : s / colJ[j];
    }
}

} // namespace sslm::dense
