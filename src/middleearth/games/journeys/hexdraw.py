"""A hex map drawn in text: each space a box of a few lines, laid out as bricks.

Axial (q, r) pointy-topped hexes become a brick wall: row ``r`` is a band of lines, and each
space sits ``2q + r`` half-widths from the left, so a space's east and west neighbours share its
side walls while its two upper neighbours (NW, NE) each share half of its top wall and its two
lower ones (SW, SE) half of its bottom wall. Every border is drawn by its kind: a gray border
(figures pass) dotted, a black one (they do not) heavy, the map's outer edge a plain line; a
border the caller marks (a battle map's wall or stream token) is drawn by its mark instead.

This module knows nothing of the game's state: the caller gives the map and what each space
shows (:class:`Cell`); :class:`HexGrid` picks the widest boxes that fit the console.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Iterator

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Span, Text

from middleearth.games.journeys.hexmap import Hex, HexMap

# Inner widths tried, widest first; odd, so a box (inner + its wall) splits into two halves.
INNER_WIDTHS = (11, 9, 7, 5)
CONTENT_LINES = 3  # line 1: the label and coordinates; lines 2-3: what stands there
BAND = CONTENT_LINES + 1  # lines per row of hexes: its top wall, then its content

# Border kinds (HexMap.border) and how each is drawn: (horizontal, vertical, style).
BORDERS = {
    "gray": ("╌", "╎", "grey50"),
    "black": ("━", "┃", "bold red"),
    "edge": ("─", "│", "grey70"),
    "stream": ("≈", "≀", "bold blue"),  # a terrain token on an open border: crossing it ends a move
    "wall": ("═", "║", "bold dark_orange"),  # a terrain token that closes its border
}
# Where two borders meet at a corner, the stronger is drawn.
STRENGTH = {"gray": 0, "edge": 1, "stream": 2, "black": 3, "wall": 4}
# A border marked by a terrain token: the two spaces it parts, and the mark's kind (a BORDERS key).
Marks = frozenset[tuple[frozenset[Hex], str]]


@dataclass
class Cell:
    """What one space shows. ``label`` opens its first line (a tile id), ``items`` (figures and
    tokens, already styled) fill the others, ``fill`` stands in the blanks (darkness)."""
    label: Text = field(default_factory=Text)
    coordinates: str = ""
    items: list[Text] = field(default_factory=list)
    fill: str = " "
    fill_style: str = ""


def layout_width(spaces: Iterable[Hex], inner: int) -> int:
    """Columns the drawing of ``spaces`` takes with boxes ``inner`` characters wide."""
    xs = [2 * h.q + h.r for h in spaces]
    if not xs:
        return 0
    half = (inner + 1) // 2
    return (max(xs) - min(xs)) * half + inner + 2


def origin_of(hexmap: HexMap, at: Hex, inner: int) -> tuple[int, int]:
    """The (line, column) of the top-left corner of ``at``'s box in the drawing of ``hexmap``
    with boxes ``inner`` characters wide."""
    return _walls(hexmap, inner)[2][at]


def marks_of(borders: dict[frozenset[Hex], str] | None) -> Marks:
    """Marked borders in the hashable form :func:`draw` takes; a kind not in BORDERS is refused."""
    for pair, kind in (borders or {}).items():
        if kind not in BORDERS:
            raise ValueError(f"border {'|'.join(map(str, pair))} is marked {kind!r}; marks are: "
                             + ", ".join(sorted(BORDERS)))
    return frozenset((frozenset(pair), kind) for pair, kind in (borders or {}).items())


@lru_cache(maxsize=64)
def _walls(hexmap: HexMap, inner: int, marks: Marks = frozenset()) -> tuple[
        tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], dict[Hex, tuple[int, int]]]:
    """The borders of every space as (chars, styles) rows, and each space's box corner; a map
    never changes, so each map is walled once per width (and set of marks)."""
    marked = dict(marks)
    spaces = list(hexmap.spaces)
    width = inner + 1
    half = width // 2
    x_min = min(2 * h.q + h.r for h in spaces)
    r_min, r_max = min(h.r for h in spaces), max(h.r for h in spaces)
    lines = (r_max - r_min + 1) * BAND + 1
    columns = layout_width(spaces, inner)
    chars = [[" "] * columns for _ in range(lines)]
    styles: list[list[str]] = [[""] * columns for _ in range(lines)]
    strength = [[-1] * columns for _ in range(lines)]

    def wall(line: int, column: int, kind: str, horizontal: bool) -> None:
        if STRENGTH[kind] < strength[line][column]:
            return
        across, down, style = BORDERS[kind]
        chars[line][column] = across if horizontal else down
        styles[line][column] = style
        strength[line][column] = STRENGTH[kind]

    corners = {}
    for at in spaces:
        top, left = corners[at] = ((at.r - r_min) * BAND, (2 * at.q + at.r - x_min) * half)
        for direction, line, start in (("NW", top, left), ("NE", top, left + half),
                                       ("SW", top + BAND, left), ("SE", top + BAND, left + half)):
            kind = marked.get(frozenset((at, at.step(direction))), hexmap.border(at, direction))
            for column in range(start, start + half + 1):
                wall(line, column, kind, horizontal=True)
        for direction, column in (("W", left), ("E", left + width)):
            kind = marked.get(frozenset((at, at.step(direction))), hexmap.border(at, direction))
            for line in range(top + 1, top + BAND):
                wall(line, column, kind, horizontal=False)
    return tuple(map(tuple, chars)), tuple(map(tuple, styles)), corners


def draw(hexmap: HexMap, cells: dict[Hex, Cell], inner: int, marks: Marks = frozenset()) -> Text:
    """The map as lines of text; every space of ``hexmap`` is drawn once (a blank box if
    ``cells`` says nothing of it), each border in ``marks`` by its mark."""
    if not hexmap.spaces:
        return Text("(no tiles on the table yet)", style="dim")
    wall_chars, wall_styles, corners = _walls(hexmap, inner, marks)
    chars = [list(row) for row in wall_chars]
    styles = [list(row) for row in wall_styles]
    lines = len(chars)
    for at, (top, left) in corners.items():
        for offset, content in enumerate(_content(cells.get(at, Cell()), inner)):
            line = top + 1 + offset
            for i, (char, style) in enumerate(content):
                chars[line][left + 1 + i] = char
                styles[line][left + 1 + i] = style
    # One span per run of a style, built directly: appending piece by piece is slow on big maps.
    rows, spans, offset = [], [], 0
    for line in range(lines):
        row = "".join(chars[line]).rstrip()
        start = 0
        for column in range(1, len(row) + 1):
            if column == len(row) or styles[line][column] != styles[line][start]:
                if styles[line][start]:
                    spans.append(Span(offset + start, offset + column, styles[line][start]))
                start = column
        rows.append(row)
        offset += len(row) + 1
    text = Text("\n".join(rows))
    text.spans = spans
    return text


def _content(cell: Cell, inner: int) -> Iterator[list[tuple[str, str]]]:
    """The cell's lines, each exactly ``inner`` characters of (char, style)."""
    first = _styled(cell.label)[:inner]
    room = inner - len(first) - (1 if first else 0)  # a space between the label and coordinates
    if cell.coordinates and room >= len(cell.coordinates):
        gap = inner - len(first) - len(cell.coordinates)
        first += [(cell.fill, cell.fill_style)] * gap + [(c, "dim") for c in cell.coordinates]
    yield _padded(first, cell, inner)
    for line in _flow(cell.items, inner, CONTENT_LINES - 1):
        yield _padded(line, cell, inner)


def _flow(items: list[Text], inner: int, count: int) -> list[list[tuple[str, str]]]:
    """Items left to right, a space between, wrapped over ``count`` lines; what does not fit is
    counted as ``+N`` at the end."""
    lines: list[list[tuple[str, str]]] = [[] for _ in range(count)]
    row = 0
    for index, item in enumerate(items):
        piece = _styled(item)
        while row < count:
            gap = 1 if lines[row] else 0
            last_row = row == count - 1
            left_after = len(items) - index - 1
            # On the last line keep room for "+N" if more items follow.
            reserve = len(f" +{left_after}") if last_row and left_after else 0
            if len(lines[row]) + gap + len(piece) + reserve <= inner:
                if gap:
                    lines[row].append((" ", ""))
                lines[row] += piece
                break
            row += 1
        else:
            more = f"+{len(items) - index}"
            last = lines[-1]
            while last and len(last) + 1 + len(more) > inner:
                last.pop()
            if last:
                last.append((" ", ""))
            last += [(c, "bold") for c in more[: inner - len(last)]]
            break
    return lines


def _styled(text: Text) -> list[tuple[str, str]]:
    """A Text as (char, style) pairs; one terminal column per char is assumed."""
    out = []
    for char in text.plain:
        out.append((char, ""))
    for span in text.spans:
        for i in range(span.start, min(span.end, len(out))):
            out[i] = (out[i][0], str(span.style))
    if text.style:
        out = [(c, s or str(text.style)) for c, s in out]
    return out


def _padded(line: list[tuple[str, str]], cell: Cell, inner: int) -> list[tuple[str, str]]:
    return line[:inner] + [(cell.fill, cell.fill_style)] * (inner - len(line))


class HexGrid:
    """The map as a Rich renderable: the widest boxes that fit the console's width (down to
    the narrowest, which is cropped on a very narrow console)."""

    def __init__(self, hexmap: HexMap, cells: dict[Hex, Cell], marks: Marks = frozenset()):
        self.hexmap = hexmap
        self.cells = cells
        self.marks = marks

    def inner_width(self, max_width: int) -> int:
        for inner in INNER_WIDTHS:
            if layout_width(self.hexmap.spaces, inner) <= max_width:
                return inner
        return INNER_WIDTHS[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = draw(self.hexmap, self.cells, self.inner_width(options.max_width), self.marks)
        text.no_wrap = True
        text.overflow = "crop"
        yield text
