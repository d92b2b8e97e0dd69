"""simulate: the same seed gives the same rows on every backend and number of workers."""

import pytest

from middleearth.core.errors import BadOption
from middleearth.lab import derive_seed, simulate

OPTIONS = {"players": 3, "variant": "locations"}


def test_same_seed_same_rows_for_one_or_two_workers():
    one = simulate("mordor", OPTIONS, "random", games=24, seed=5, workers=1)
    two = simulate("mordor", OPTIONS, "random", games=24, seed=5, workers=2)
    assert one == two
    assert [row.index for row in one] == list(range(24))


def test_inline_backend_gives_the_rows_of_the_pool():
    pool = simulate("mordor", OPTIONS, "random", games=10, seed=9, workers=2, backend="process")
    inline = simulate("mordor", OPTIONS, "random", games=10, seed=9, backend="inline")
    assert pool == inline


def test_game_rows_depend_on_the_seed_and_the_index_only():
    longer = simulate("mordor", OPTIONS, "random", games=12, seed=5, backend="inline")
    shorter = simulate("mordor", OPTIONS, "random", games=6, seed=5, backend="inline")
    other = simulate("mordor", OPTIONS, "random", games=6, seed=6, backend="inline")
    assert longer[:6] == shorter
    assert [row.seed for row in other] != [row.seed for row in shorter]
    assert shorter[3].seed == derive_seed(5, 3)


def test_rows_hold_the_result_and_mordors_figures():
    rows = simulate("mordor", {"players": 4}, "random,random,greedy,greedy", games=15, seed=2, backend="inline")
    for row in rows:
        assert len(row.returns) == 4 and row.actions > row.turns > 0
        fig = row.figures
        assert fig["all_lost"] == (fig["eliminations"] == 4) == (row.winners == ())
        assert fig["any_eliminated"] == (fig["eliminations"] > 0) == any(fig["eliminated"])
        assert len(fig["ring"]) == len(fig["nazgul_marks"]) == 4
        for seat in row.winners:
            assert row.returns[seat] == max(row.returns) > 0 and not fig["eliminated"][seat]
        assert "turns" not in fig  # the game's own turn count went into row.turns


@pytest.mark.parametrize("kwargs,named", [
    ({"agents": "random,greedy"}, "2 agents for 3 players"),
    ({"agents": "clever"}, "no agent named 'clever'"),
    ({"games": 0}, "games=0"),
    ({"workers": 0}, "workers=0"),
    ({"backend": "cloud"}, "no backend 'cloud'"),
])
def test_bad_arguments_name_what_is_wrong(kwargs, named):
    with pytest.raises(BadOption, match=named):
        simulate("mordor", OPTIONS, **{"agents": "random", **kwargs})


def test_bad_game_options_are_refused_before_playing():
    with pytest.raises(BadOption, match="players"):
        simulate("mordor", {"players": 7}, "random", games=1)
    with pytest.raises(BadOption, match="no game named"):
        simulate("chess", {}, "random", games=1)


def test_ray_backend_gives_the_same_rows():
    pytest.importorskip("ray")
    ray_rows = simulate("mordor", OPTIONS, "random", games=6, seed=3, workers=2, backend="ray")
    assert ray_rows == simulate("mordor", OPTIONS, "random", games=6, seed=3, backend="inline")
