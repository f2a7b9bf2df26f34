# SPDX-License-Identifier: MIT
"""The same study on a Dask LocalCluster of two worker processes gives the same table."""

import pytest

import sslm
from conftest import scraper_study

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_dask_table_equals_single_machine_table(tmp_path, client):
    local = sslm.study(scraper_study(), tmp_path / "local.csv")
    remote = sslm.study(scraper_study(), tmp_path / "dask.csv", client=client, batch_size=7)
    assert remote.where.startswith("Dask (2 worker threads")
    assert (remote.done, remote.failed) == (100, 0)
    assert (tmp_path / "dask.csv").read_text() == (tmp_path / "local.csv").read_text()
    assert local.complete


def test_dask_study_interrupted_then_resumed(tmp_path, client):
    path = tmp_path / "resumed.csv"
    stopped = sslm.study(scraper_study(), path, client=client, batch_size=10,
                         progress=lambda done, total, failed, skipped: done < 20)
    assert stopped.cancelled
    kept = path.read_text().splitlines()[1:]
    assert 20 <= len(kept) < 100
    resumed = sslm.study(scraper_study(), path, client=client, batch_size=10)
    assert resumed.skipped == len(kept) and resumed.done == 100
    sslm.study(scraper_study(), tmp_path / "local.csv")
    assert path.read_text() == (tmp_path / "local.csv").read_text()
