"""`middleearth play`: a game at the terminal, people and AI seats around one screen.

The loop knows only the engine contract, so it plays every game: chance is sampled, AI seats
choose, human seats are asked. A game may draw itself in colour with a ``render`` module in its
package (``render(state, seat)``, and optionally ``describe(action)``, a ``HELP`` text and
``render_again(state, seat)``, the shorter picture for a seat that decides twice in a row);
otherwise the loop prints ``state.text(seat)``.

A human confirms before chance speaks (press Enter to roll), because that is the last moment a
decision may be taken back: ``undo`` follows :func:`middleearth.core.records.can_undo`. A game
whose chance speaks after nearly every decision (tiles, deals) sets ``CONFIRM_CHANCE = False`` in
its render module, and chance then goes on at once.

Hidden hands: the table is told each action as ``state.log_text(i, None)`` gives it, so a card
dealt or passed face down is announced only as the render module's ``describe_hidden(state, i)``
words it. With two or more human seats at one screen, the screen is cleared and handed over
("pass the device to Sam") before a seat's hand is shown; an AI seat's hand is never shown.
"""

from __future__ import annotations

import importlib
import random
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, NoReturn

import typer
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from middleearth.agents import agent_names, make_agent
from middleearth.core.contract import CHANCE, Action, Game, State, sample_chance
from middleearth.core.errors import BadOption, IllegalAction, MiddleEarthError
from middleearth.core.records import can_undo, load_record, rewind, save_record
from middleearth.core.registry import load as load_game

HUMAN = "human"
COMMANDS = {
    "help": "the rules in short and these commands",
    "odds": "the exact odds of your choices, where the game has them",
    "save FILE": "write the game so far to FILE (resume it with --load FILE)",
    "undo": "take back your last decision, while the dice have not been rolled",
    "quit": "leave the game (you may save first)",
}

Ask = Callable[[str], str]


class Leave(Exception):
    """The player asked to stop (quit, Ctrl-C or end of input)."""


class Session:
    """One game at one screen: the state, who sits in each seat, and the console they share.

    ``ask`` reads one line from a person (tests give a script); ``sleep`` paces the AI seats.
    """

    def __init__(self, state: State, seats: list[str], console: Console, ask: Ask | None = None,
                 seed: int | None = None, delay: float = 0.0, sleep: Callable[[float], None] = time.sleep):
        self.state = state
        self.game: Game = state.game
        self.seats = seats
        self.console = console
        self.ask = ask or (lambda prompt: console.input(prompt))
        self.rng = random.Random(seed)
        self.delay = delay
        self.sleep = sleep
        self.names = self.game.seat_names()
        self.agents = {
            seat: make_agent(kind, self.game, seat, None if seed is None else seed + 1 + seat)
            for seat, kind in enumerate(seats) if kind != HUMAN
        }
        self.view = _game_module(self.game, "render")
        self.logged = len(self._log())
        self.confirm_chance = getattr(self.view, "CONFIRM_CHANCE", True)
        # Hot seat with hidden hands: the human seat whose hand is on screen now (None: nobody's).
        self.hot_seat = self.game.hidden_information and seats.count(HUMAN) > 1
        self.on_screen: int | None = None
        # Spectators of AI seats see the table again when the game's ``moment(state)`` changes
        # (by default, whenever another seat moves).
        self.watched: Any = None
        self.hidden_line: tuple[str, int] | None = None  # a hidden announcement and how often in a row

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end. The exit code: 0 when the game ends or a player quits, 130 on Ctrl-C,
        1 if an AI seat or the rules fail (the game may still be saved)."""
        try:
            try:
                while not self.state.is_terminal():
                    self.step()
            except KeyboardInterrupt:  # while an AI thinks or the dice roll
                self.leave(interrupted=True)
            except MiddleEarthError as error:  # a bug, but the player keeps the game so far
                self.flush_hidden()
                self.console.print(f"[red]The game cannot go on:[/] {error}")
                self.leave(code=1)
        except Leave as leave:
            return int(leave.args[0])
        self.flush_hidden()
        self.show(None)
        self.console.print(self._result())
        return 0

    def step(self) -> None:
        mover = self.state.current_player
        if mover == CHANCE:
            if not self.confirm_chance or self.ready_to_roll():
                self.play(sample_chance(self.state, self.rng))
        elif self.seats[mover] == HUMAN:
            self.decide(mover)
        else:
            moment = getattr(self.view, "moment", None)
            seen = moment(self.state) if moment else mover
            if not self.confirm_chance and HUMAN not in self.seats and seen != self.watched:
                self.watched = seen  # nobody's prompt shows the table: show it to the spectators
                self.show(None)
            with self.console.status(f"{self.names[mover]} ({self.seats[mover]}) is thinking"):
                if self.delay:
                    self.sleep(self.delay)
                action = self.agents[mover].choose(self.state.clone())
            self.play(action)

    def play(self, action: Action) -> None:
        """Apply ``action`` and tell the table what it was and what followed."""
        self.state.apply(action)
        mover = self.state.movers[-1]
        index = len(self.state.history) - 1
        if self.state.log_text(index, None) is None:  # seen only by some seats: say only what all saw
            self.announce_hidden(index)
        else:
            if mover == CHANCE:  # name the roll after the seat it was rolled for
                after = self.state.current_player
                who = self.names[after] if after >= 0 else "chance"
            else:
                who = self.names[mover]
            line = Text(f"{who:>10}  ", style="bold")
            line.append_text(self.describe(action))
            self.flush_hidden()
            self.console.print(line)
        log = self._log()
        for entry in log[self.logged:]:
            self.console.print(Text("            " + _log_text(entry), style="italic"))
        self.logged = len(log)

    # -- a human's turn -----------------------------------------------------------------------

    def ready_to_roll(self) -> bool:
        """Before chance speaks, the human who just decided, then the human about to roll,
        press Enter. False when one of them took a decision back instead."""
        last = self.state.movers[-1] if self.state.movers else None
        roller = self.next_mover()
        waiting = [seat for seat in (last, roller) if seat is not None and seat >= 0 and self.seats[seat] == HUMAN]
        for seat in dict.fromkeys(waiting):
            if seat == roller and seat != last:
                self.console.rule(Text(f"{self.names[seat]}'s turn", style="bold"))
                self.show(seat)
            if seat == roller:
                prompt = f"{self.names[seat]}, press Enter to roll"
            else:
                prompt = f"{self.names[seat]}, press Enter to end your turn"
            if not self.confirm(seat, prompt):
                return False
        if roller >= 0 and roller != last and self.seats[roller] != HUMAN:
            self.console.rule(Text(f"{self.names[roller]}'s turn ({self.seats[roller]})", style="dim"), style="dim")
            if HUMAN not in self.seats:  # nobody's prompt shows the table: show it to the spectators
                self.show(None)
        return True

    def confirm(self, seat: int, prompt: str) -> bool:
        """Wait for Enter; commands work meanwhile. False if the seat took its decision back."""
        while True:
            line = self.read(f"{prompt} (or help, undo, save FILE, quit): ")
            if not line:
                return True
            if self.command(line, seat):
                if self.state.current_player != CHANCE:  # undone: the decision is open again
                    return False
                continue
            self.console.print(f"[yellow]Press Enter to go on[/], or type one of: {', '.join(COMMANDS)}")

    def decide(self, seat: int) -> None:
        """Show the table and the numbered choices; read until a legal choice is played."""
        if self.hot_seat and self.on_screen not in (None, seat):
            self.hand_over(seat)
        again = getattr(self.view, "render_again", None)
        if again and self.on_screen == seat and self.state.movers and self.state.movers[-1] == seat:
            self.flush_hidden()
            self.console.print(again(self.state, seat))  # deciding again at once: only what may have changed
        else:
            self.show(seat)
        self.on_screen = seat
        legal = self.state.legal_actions()
        self.list_choices(legal)
        numbers = "1, or Enter" if len(legal) == 1 else f"1-{len(legal)}"
        while self.state.current_player == seat:
            line = self.read(f"{self.names[seat]}, your choice ({numbers}; help for more): ")
            if not line:
                if len(legal) == 1:  # the only choice: Enter takes it
                    self.play(legal[0])
                    return
                continue
            if self.command(line, seat):
                if self.state.current_player != seat or self.state.legal_actions() != legal:
                    return  # undone: the loop shows the new moment
                continue
            try:
                self.play(self.pick(line, legal))
                return  # the same seat may choose again at once (a second card): show it afresh
            except IllegalAction as error:
                self.console.print(f"[red]Not allowed:[/] {error.reason}")
                self.list_choices(legal)

    def hand_over(self, seat: int) -> None:
        """Clear the last seat's hand off the screen and wait until ``seat`` has the device."""
        self.flush_hidden()
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")  # the scrollback too, where terminals keep it
        name = self.names[seat]
        self.console.print(Panel(Text(f"Pass the device to {name}.\n{name}'s hand is shown next: "
                                      "the others look away.", justify="center"),
                                 title="Hot seat", style="bold"))
        while True:
            line = self.read(f"{name}, press Enter when only you can see the screen (or help, save FILE, quit): ")
            if not line:
                return
            if not self.command(line, seat):
                self.console.print(f"[yellow]Press Enter to see {name}'s hand[/], "
                                   f"or type one of: {', '.join(COMMANDS)}")

    def pick(self, line: str, legal: list[Action]) -> Action:
        """The action a line names: its number in the list, or its text."""
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(legal):
                raise IllegalAction(f"there is no choice {number}: choose from 1 to {len(legal)}")
            return legal[number - 1]
        return self.game.parse_action(line)

    def list_choices(self, legal: list[Action]) -> None:
        table = Table(box=None, show_header=False, pad_edge=False)
        columns = 2 if len(legal) > 8 else 1
        for _ in range(columns):
            table.add_column(justify="right", style="bold cyan")
            table.add_column()
        rows = (len(legal) + columns - 1) // columns
        for row in range(rows):
            cells: list[RenderableType] = []
            for column in range(columns):
                index = row + column * rows
                if index < len(legal):
                    cells += [f"{index + 1}.", self.describe(legal[index])]
            table.add_row(*cells)
        self.console.print(table)

    # -- commands -------------------------------------------------------------------------------

    def command(self, line: str, seat: int) -> bool:
        """Run ``line`` if it is a command (help, odds, save, undo, quit); False if it is not."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word == "help":
            self.help()
        elif word == "odds":
            self.odds()
        elif word == "save":
            self.save(rest.strip())
        elif word == "undo":
            self.undo(seat)
        elif word == "quit":
            self.leave()
        else:
            return False
        return True

    def help(self) -> None:
        rules = getattr(self.view, "HELP", None) or f"{self.game.title}: {self.game.summary}"
        self.console.print(rules)
        table = Table(title="Commands", title_justify="left", box=None, show_header=False)
        table.add_column(style="bold cyan")
        table.add_column()
        for name, what in COMMANDS.items():
            table.add_row(name, what)
        self.console.print(table)

    def odds(self) -> None:
        module = _game_module(self.game, "odds")
        odds_table = getattr(module, "odds_table", None)
        if odds_table is None:
            self.console.print("odds are not available for this game")
            return
        if self.state.current_player < 0:
            self.console.print("odds are for a choice: ask again once the dice are rolled")
            return
        try:
            with self.console.status("working out the odds"):
                table = odds_table(self.state.clone())
            self.console.print(table)
        except MiddleEarthError as error:
            self.console.print(f"[yellow]No odds now:[/] {error}")

    def save(self, path: str) -> bool:
        if not path:
            self.console.print("[yellow]Name the file:[/] save FILE, for example: save mordor.json")
            return False
        try:
            saved = save_record(self.state, path)
        except OSError as error:
            self.console.print(f"[red]Cannot save to {path}:[/] {error.strerror or error}")
            return False
        resume = f"middleearth play {self.game.name} --load {saved} --seats {','.join(self.seats)}"
        self.console.print(f"Saved to {saved}; resume with: {resume}", soft_wrap=True)
        return True

    def undo(self, seat: int) -> None:
        if can_undo(self.state, seat):
            taken = self.state.history[-1]
            self.state = rewind(self.state)
            self.logged = len(self._log())
            self.console.print(Text("Taken back: ").append_text(self.describe(taken)))
            return
        movers = self.state.movers
        if not movers or seat not in movers:
            why = "you have made no decision yet"
        elif movers[-1] == CHANCE:
            drawn = "the dice have been rolled" if self.confirm_chance else "chance has spoken (a tile, card or die)"
            why = f"{drawn} since your last decision"
        else:
            why = f"{self.names[movers[-1]]} has decided since"
        self.console.print(f"[yellow]Cannot undo:[/] {why}")

    def leave(self, interrupted: bool = False, code: int = 0) -> NoReturn:
        """Offer to save, then stop the game."""
        code = 130 if interrupted else code
        try:
            while True:
                path = self.ask("\nSave before leaving? A file name, or Enter (or 'no') to leave without saving: ").strip()
                if not path or path.lower() in ("n", "no") or self.save(path):
                    break
        except (EOFError, KeyboardInterrupt):
            pass
        self.console.print("Left the game.")
        raise Leave(code)

    # -- helpers --------------------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        """One line from the player; Ctrl-C or the end of input offers to save and leave."""
        self.flush_hidden()
        try:
            return self.ask(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.leave(interrupted=True)

    def next_mover(self) -> int:
        """Who moves once chance has spoken: the seat a roll is for (any outcome will do)."""
        probe = self.state.clone()
        dice = random.Random(0)
        while probe.current_player == CHANCE:
            probe.apply(sample_chance(probe, dice))
        return probe.current_player

    def announce_hidden(self, index: int) -> None:
        """Tell the table of ``history[index]`` only what all saw; repeats (six cards dealt to
        one hand) become one line with a count."""
        words = getattr(self.view, "describe_hidden", None)
        text = words(self.state, index).plain if words else "something only some players may see"
        if self.hidden_line and self.hidden_line[0] == text:
            self.hidden_line = (text, self.hidden_line[1] + 1)
            return
        self.flush_hidden()
        self.hidden_line = (text, 1)

    def flush_hidden(self) -> None:
        if self.hidden_line is None:
            return
        text, count = self.hidden_line
        self.hidden_line = None
        self.console.print(Text(f"{'':>10}  {text}{f' (x{count})' if count > 1 else ''}", style="dim italic"))

    def show(self, seat: int | None) -> None:
        self.flush_hidden()
        render = getattr(self.view, "render", None)
        self.console.print(render(self.state, seat) if render else Text(self.state.text(seat)))

    def describe(self, action: Action) -> Text:
        """The game's coloured picture of ``action``; its plain text where colour is off."""
        describe = getattr(self.view, "describe", None)
        colour = self.console.color_system is not None and not self.console.no_color
        return describe(action) if describe and colour else Text(str(action))

    def _log(self) -> list[Any]:
        return list(self.state.observation(None).get("log") or [])

    def _result(self) -> Table:
        returns = self.state.returns()
        table = Table(title="Game over", title_justify="left", title_style="bold gold1")
        for column in ("seat", "played by", "result"):
            table.add_column(column)
        for seat, name in enumerate(self.names):
            table.add_row(name, self.seats[seat], f"{returns[seat]:g}")
        return table


def _log_text(entry: Any) -> str:
    return str(entry.get("text", entry)) if isinstance(entry, dict) else str(entry)


def _game_module(game: Game, name: str) -> ModuleType | None:
    """The optional module ``name`` of the game's package (render, odds), or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.{name}":
            return None
        raise


# -- the command ----------------------------------------------------------------------------------


def register(app: typer.Typer) -> None:
    app.command("play")(play)


def play(
    game: str = typer.Argument(..., help="The game to play (see `middleearth games`)."),
    players: int | None = typer.Option(None, help="How many play; default: one per --seats entry."),
    seats: str | None = typer.Option(None, help="Who sits in each seat, comma-separated: human or an agent "
                                     "(e.g. human,expectimax,greedy,greedy). Default: you against greedy."),
    variant: str | None = typer.Option(None, help="The game's variant (mordor: basic or locations)."),
    hobbits: str | None = typer.Option(None, help="Mordor: the hobbits in seat order, e.g. Sam,Frodo."),
    data: Path | None = typer.Option(None, help="A folder of your own component files."),
    option: list[str] = typer.Option([], "--option", "-o", help="Any other game option, as NAME=VALUE "
                                     "(fellowship: -o sauron=introductory)."),
    load: Path | None = typer.Option(None, "--load", help="Resume a saved record file."),
    seed: int | None = typer.Option(None, help="Seed for the dice and the AI seats, to play a game again."),
    delay: float = typer.Option(0.6, min=0.0, help="Seconds to pause before each AI move."),
) -> None:
    """Play a game at the terminal: you, friends at the same screen, and AI seats."""
    console = Console(highlight=False)
    options = {name: value for name, value in
               (("players", players), ("variant", variant), ("hobbits", hobbits), ("data", data))
               if value is not None}
    if players is None and seats is not None and load is None:
        options["players"] = len(seats.split(","))
    try:
        for pair in option:
            name, equals, value = pair.partition("=")
            if not equals or not name.strip():
                raise BadOption(f"--option {pair!r}: write it as NAME=VALUE, for example sauron=introductory")
            options[name.strip()] = value.strip()
        state = _setup(game, options, load)
        kinds = _seats(seats, state.game.num_players)
        session = Session(state, kinds, console, seed=seed, delay=delay)
    except MiddleEarthError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(session.run())


def _setup(name: str, options: dict[str, Any], record: Path | None) -> State:
    """A new game with ``options``, or the game saved in ``record``."""
    if record is None:
        if "data" in options:
            options["data"] = str(options["data"])
        return load_game(name, **options).new_state()
    if options:
        given = ", ".join(f"--{option}" for option in options)
        raise BadOption(f"--load resumes the record with its own options: leave out {given}")
    state = load_record(record)
    if state.game.name != name:
        raise BadOption(f"{record} is a record of {state.game.name}, not {name}")
    return state


def _seats(text: str | None, players: int) -> list[str]:
    """The kind of each seat from --seats, checked: human or a known agent, one per player."""
    if text is None:
        return [HUMAN] + ["greedy"] * (players - 1)
    kinds = [word.strip().lower() for word in text.split(",")]
    allowed = [HUMAN, *agent_names()]
    for kind in kinds:
        if kind not in allowed:
            raise BadOption(f"--seats: no player {kind!r}; each seat is one of {', '.join(allowed)}")
    if len(kinds) != players:
        raise BadOption(f"--seats names {len(kinds)} seats for {players} players: give one per player")
    return kinds
