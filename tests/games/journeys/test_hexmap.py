"""The map: axial hexes, tiles placed and turned, gray and black borders, distances and paths.

Rules checked (rulebook, Travel / Black Borders / Enemy Activation / Terrain Types): spaces sharing a
gray border are adjacent; black borders block unless aligned gray borders meet; a gray border meeting
a black one does not join; an enemy's every step must close the distance, ties left to the party;
a wall token closes a border.
"""

import pytest

from middleearth.core.errors import DataError
from middleearth.games.journeys.hexmap import (DIRECTIONS, Hex, HexMap, Placement, hex_distance, load_terrain,
                                               load_tiles, rotate, rotate_direction)

TILES = load_tiles()


def road() -> HexMap:
    return HexMap(TILES, (Placement("J1"), Placement("J2", (2, 0))))


def test_a_sixth_of_a_turn_clockwise_takes_east_to_south_east_and_six_come_home():
    assert rotate((1, 0), 1) == Hex(0, 1)
    assert rotate_direction("E", 1) == "SE"
    for cell in [(2, -1), (0, 3), (-1, -1)]:
        assert rotate(cell, 6) == Hex(*cell)


@pytest.mark.parametrize("turns", range(6))
def test_turning_a_step_is_stepping_the_turned_direction(turns):
    for direction in DIRECTIONS:
        moved = Hex(0, 0).step(direction)
        assert rotate(moved, turns) == Hex(0, 0).step(rotate_direction(direction, turns))


def test_hex_distance_counts_hexes_on_an_open_grid():
    assert hex_distance((0, 0), (3, -1)) == 3
    assert hex_distance((0, 0), (-2, 2)) == 2


def test_spaces_sharing_a_gray_border_on_one_tile_are_adjacent():
    m = road()
    assert m.adjacent((0, 0), (1, 0)) and m.adjacent((1, 0), (0, 1))
    assert not m.adjacent((0, 0), (1, 1))  # the hexes do not touch


def test_gray_edges_of_two_light_tiles_join_across_the_seam():
    assert road().adjacent((1, 0), (2, 0))
    assert road().border(Hex(1, 0), "E") == "gray"


def test_a_black_border_inside_a_tile_keeps_touching_spaces_apart():
    halls = HexMap(TILES, (Placement("J7"),))
    assert halls.border(Hex(1, 0), "E") == "black"
    assert not halls.adjacent((1, 0), (2, 0))
    assert halls.distance((1, 0), (2, 0)) == 2  # round by the lower space


def test_a_gray_border_meeting_a_black_one_does_not_join():
    # Downs Ridge's east end has black south-east and south-west edges; a light tile below it
    # offers gray edges that meet them.
    m = HexMap(TILES, (Placement("J4"), Placement("J2", (2, 1))))
    assert m.border(Hex(3, 0), "SW") == "black"
    assert not m.adjacent((3, 0), (2, 1))
    assert m.adjacent((2, 0), (2, 1))  # the ridge's gray edges still join it


def test_dark_tiles_join_only_where_aligned_gray_borders_meet():
    # The Cold Lanterns' barrow: the mouth's south-west gray edge meets the halls' turned west edge.
    m = HexMap(TILES, (Placement("J6", (8, -1)), Placement("J7", (7, 1), rotation=2)))
    assert m.adjacent((8, 0), (7, 1))
    # The same halls unturned put a black edge against the same gray one.
    unturned = HexMap(TILES, (Placement("J6", (8, -1)), Placement("J7", (7, 1))))
    assert not unturned.adjacent((8, 0), (7, 1))


def test_a_dark_tiles_black_outer_edge_blocks_a_light_neighbour():
    m = HexMap(TILES, (Placement("J6"), Placement("J2", (2, -1))))
    # J6's east space (1,0) has black outer edges; J2's (2,-1) touches it from the north-east.
    assert m.border(Hex(1, 0), "NE") == "black"
    assert not m.adjacent((1, 0), (2, -1))


def test_a_wall_token_closes_a_gray_border():
    m = road().with_wall((1, 0), (2, 0))
    assert not m.adjacent((1, 0), (2, 0))
    assert m.distance((1, 0), (2, 0)) == 2  # round through (1,1)


def test_distance_is_none_when_nothing_joins_two_spaces():
    m = HexMap(TILES, (Placement("J1"), Placement("J8", (10, 10))))
    assert m.distance((0, 0), (10, 10)) is None
    assert m.shortest_path((0, 0), (10, 10)) is None


def test_every_shortest_path_is_listed_and_each_step_closes_the_distance():
    m = road()
    paths = m.shortest_paths((0, 1), (3, 0))
    assert {p[1] for p in paths} == {Hex(1, 0), Hex(1, 1)}  # a tie the party settles
    assert all(len(p) == 4 for p in paths)
    assert set(m.closer_steps((0, 1), (3, 0))) == {Hex(1, 0), Hex(1, 1)}
    assert m.closer_steps((3, 0), (3, 0)) == ()


def test_placing_a_tile_turned_moves_its_spaces_and_darkness():
    m = HexMap(TILES, (Placement("J5", (4, 4), rotation=3),))
    # local (1,1) with the printed darkness icon, half a turn round the origin, then moved.
    assert m.spaces[Hex(3, 3)].darkness and m.spaces[Hex(3, 3)].local == (1, 1)
    assert m.spaces[Hex(4, 4)].exploration_box


def test_overlapping_tiles_are_refused_naming_both():
    with pytest.raises(DataError, match="J2 overlaps tile J1"):
        HexMap(TILES, (Placement("J1"), Placement("J2", (1, 0))))


@pytest.mark.parametrize("placement, message", [
    (Placement("Z9"), "does not exist"),
    (Placement("J1", rotation=6), "rotation 6 must be 0 to 5"),
])
def test_bad_placements_say_what_is_allowed(placement, message):
    with pytest.raises(DataError, match=message):
        HexMap(TILES, (placement,))


def test_journey_tiles_have_an_exploration_box_and_battle_tiles_do_not():
    assert all((t.exploration_box is not None) == (t.kind == "journey") for t in TILES.values())
    assert {t.kind for t in TILES.values()} == {"journey", "battle"}
    assert all(t.provenance == "design" for t in TILES.values())


def test_the_ten_terrain_types_and_which_border_ones_join():
    terrain = load_terrain()
    assert len(terrain) == 10
    assert terrain["stream"].joins and terrain["stream"].ends_movement
    assert terrain["wall"].joins is False
    assert terrain["table"].interact_stat == "spirit" and terrain["table"].successes == 1


def test_a_users_tiles_file_replaces_the_packaged_one(tmp_path):
    (tmp_path / "tiles.toml").write_text(
        'provenance = "board"\nsource = "my box"\n[[tile]]\nid = "A1"\nname = "Printed"\nkind = "battle"\n'
        'spaces = [[0, 0], [1, 0]]\nprovenance = "board"\nsource = "my box"\n')
    assert list(load_tiles(tmp_path)) == ["A1"]


def test_a_broken_tiles_file_names_the_file_and_the_field(tmp_path):
    (tmp_path / "tiles.toml").write_text(
        'provenance = "design"\nsource = "x"\n[[tile]]\nid = "A1"\nname = "No box"\nkind = "journey"\n'
        'spaces = [[0, 0]]\nprovenance = "design"\nsource = "x"\n')
    with pytest.raises(DataError, match=r"tiles\.toml.*field tile\.0.*exploration_box"):
        load_tiles(tmp_path)


def test_maps_with_the_same_placements_are_equal_and_placing_a_tile_leaves_the_old_map_alone():
    smaller = HexMap(TILES, (Placement("J1"),))
    bigger = smaller.placed(Placement("J2", (2, 0)))
    assert bigger == road() and hash(bigger) == hash(road())
    assert Hex(2, 0) not in smaller.spaces and smaller.neighbours((1, 0)) == (Hex(0, 0), Hex(0, 1), Hex(1, 1))
