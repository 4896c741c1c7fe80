import pytest

from ragsite import embedded

pytestmark = pytest.mark.unit


def test_redis_port_is_stable_and_in_the_unprivileged_range(monkeypatch) -> None:
    monkeypatch.delenv("REDIS_PORT", raising=False)
    assert embedded.redis_port() == embedded.redis_port()
    assert 20000 <= embedded.redis_port() < 40000


def test_redis_port_follows_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("REDIS_PORT", "6391")
    assert embedded.redis_port() == 6391


def test_socket_dir_is_read_from_the_pid_file(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(embedded, "PG_DIR", tmp_path)
    assert embedded.pg_socket_dir() == tmp_path
    (tmp_path / "postmaster.pid").write_text("123\n/x\n1\n5432\n/run/sock\nlocalhost\n")
    assert str(embedded.pg_socket_dir()) == "/run/sock"
