"""The per-connection message rate: a token bucket, checked with a clock the test moves."""

from middleearth.server.limits import RateLimit


def test_a_burst_is_allowed_then_refused_until_time_refills_the_bucket() -> None:
    now = [0.0]
    limit = RateLimit(rate=10, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1  # one message's worth at 10 a second
    assert [limit.allow() for _ in range(2)] == [True, False]
    now[0] += 60  # a long pause refills only up to the burst
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
