//! `takeaway play GAME PILES... [--bound W] [--first human|computer]`: a game
//! against the computer, one line per command, in a terminal or over a pipe.

use crate::commands::analyze::parse_piles;
use crate::numbers::NumberArgs;
use anyhow::Context;
use num_bigint::BigUint;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use takeaway::games::play::{Intent, Play, PlayMove, Position};
use takeaway::games::{Family, Game, GameError};
use takeaway::natural::parse_natural;

/// Who moves first.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum First {
    /// You move first.
    Human,
    /// The computer moves first.
    Computer,
}

/// How the computer chooses its moves.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Computer {
    /// The best move: the winning one when there is one (theory or search), else the longest stall.
    Best,
    /// Paper 000's Table 4.1 (two-pile games with l(k) ∈ {0, 1}): the move the table
    /// prescribes, the optimist's move in the "??" cell; the best move where the table gives none.
    #[value(name = "table-4.1")]
    Table41,
}

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "COMMANDS (one per line; piles and rows are numbered from 1):
  take 2            take 2 from the only pile (also just `2`)
  take 2 from 1     take 2 from pile 1 (also `2 1`)
  both 3            Wythoff: take 3 from both piles
  add 2 to 1        appendix games (add=K, must-add=K): add 2 to pile 1
  take 1 from 2 leaving 3 and 4
                    octal games: take 1 from heap 2 and leave two heaps,
                    3 and 4 (`take 1 leaving 3 and 4` with one heap)
  call 5            Spite Nim: name 5; the opponent picks the row
  pick 2            Spite Nim: take the opponent's call from row 2 (also `2`)
  hint              the winning move and why, or \"You are losing: every move loses\"
  undo              take back your last move and the computer's reply
  history           every position so far: who was winning, and the
                    remoteness (moves left with best play) or the value
  link              the address of the position in `takeaway serve`'s page
  quit              give up

The computer plays the winning move when it has one (theory where it holds,
exhaustive search otherwise); when it is losing it stalls. Over a pipe the
commands are read line by line and echoed, so scripts can play.

EXAMPLES:
  takeaway play fibonacci 20
  takeaway play fibonacci 21 --first computer
  takeaway play wythoff 10 15
  takeaway play two-pile:f=2*t 20 62 --bound 6
  takeaway play two-pile:f=2*t 20 62 --bound 6 --first computer --computer table-4.1
  takeaway play spite 10 6
  takeaway play nim 3 4 5
  takeaway play kayles 10 7
  printf 'hint\\ntake 1\\nquit\\n' | takeaway play fibonacci 20
  takeaway play sum 'fibonacci 20' 'fibonacci 13' 'nim 5'

SUMS (`play sum PART...`, each part written as `analyze` takes it): a move is
made in one part, named by its number: `take 3 from 2` (part 2, a part of one
pile), `take 3 from 2 pile 1` (a part of several piles), `both 2 in 3`
(Wythoff); `hint` names the part and gives each part's Grundy value;
`undo`, `history` (who was winning at each position, and its remoteness) and
`link` (the page's address of the whole sum) work as in a game of one
part."
)]
pub(crate) struct Args {
    /// The game, e.g. `fibonacci`, `wythoff`, `spite`, `subtraction:s=1,3,4`.
    game: String,
    /// Pile (row) sizes; natural numbers of any size (`@FILE`: read from FILE; not `-`: moves come from standard input).
    #[arg(required = true)]
    piles: Vec<String>,
    /// Bound on the first move (one-pile default n−1; two-pile default unbounded).
    #[arg(long, allow_hyphen_values = true)]
    bound: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// How the computer plays: `best`, or `table-4.1` (two-pile games: by paper 000's
    /// Table 4.1, without knowing L(m, d); its move line says "optimist" in the "??" cell).
    #[arg(long, value_enum, default_value_t = Computer::Best)]
    computer: Computer,
}

/// One parsed line.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Move(PlayMove),
    Hint,
    Undo,
    History,
    Link,
    Quit,
    Help,
    Empty,
}

fn number(word: &str, what: &str) -> Result<BigUint, GameError> {
    parse_natural(word).map_err(|source| GameError::Number {
        what: what.into(),
        source,
    })
}

/// A 1-based pile number as a 0-based index.
fn index(word: &str) -> Result<usize, GameError> {
    let n = number(word, "pile")?;
    usize::try_from(n)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .ok_or_else(|| GameError::Invalid(format!("There is no pile {word}")))
}

/// A 1-based row number (Spite Nim) as a 0-based index.
fn row_index(word: &str) -> Result<usize, GameError> {
    let n = number(word, "row")?;
    usize::try_from(n)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .ok_or_else(|| GameError::Invalid(format!("There is no row {word}")))
}

/// Parses one line of input against the current position (`spite`: the
/// game is Spite Nim, where one calls and picks rows instead of taking).
/// In a sum of games a move names its part: `MOVE in K` (`take 3 in 2`,
/// `take 3 from 1 in 2`, `both 2 in 3`), or `take T from K [pile P]`.
fn parse_command(line: &str, pos: &Position, spite: bool) -> Result<Command, GameError> {
    if pos.parts.is_empty() {
        return parse_one(line, pos, spite, None);
    }
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let count = pos.parts.len();
    let part = |p: &str| -> Result<usize, GameError> {
        index(p).ok().filter(|&i| i < count).ok_or_else(|| {
            GameError::Invalid(format!("There is no part {p}: the parts are 1 to {count}"))
        })
    };
    // `take T from K [pile P] [leaving …]`: the part first, then its pile.
    let (k, inner): (&str, Vec<&str>) = match w.as_slice() {
        [.., "in" | "part", k] if w.len() > 2 => (k, w[..w.len() - 2].to_vec()),
        ["take", t, "from", k, "pile", p, rest @ ..] => {
            (k, [&["take", *t, "from", *p][..], rest].concat())
        }
        ["take", t, "from", k, rest @ ..] => (k, [&["take", *t][..], rest].concat()),
        _ => return parse_one(line, pos, spite, None),
    };
    let i = part(k)?;
    match parse_one(&inner.join(" "), &pos.parts[i].position, spite, Some(i + 1))? {
        Command::Move(mv) => Ok(Command::Move(PlayMove::Part {
            part: i,
            mv: Box::new(mv),
        })),
        other => Ok(other),
    }
}

/// [`parse_command`] for a game without parts, or for part `part` (counted
/// from 1) of a sum, whose advice then names the part.
fn parse_one(
    line: &str,
    pos: &Position,
    spite: bool,
    part: Option<usize>,
) -> Result<Command, GameError> {
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let bad = || {
        GameError::Invalid(format!(
            "Cannot read `{}`; try `take 2`, `take 2 from 1`, `take 1 from 2 leaving 3 and 4`, `both 3`, `call 5`, `pick 1`, `hint`, `undo`, `history`, `link`, `quit`{}",
            line.trim(),
            if pos.parts.is_empty() {
                ""
            } else {
                "; in a sum name the part: `take 3 in 2`"
            }
        ))
    };
    let take = |t: &str, p: Option<&str>| -> Result<Command, GameError> {
        if spite {
            return Err(GameError::Invalid(format!(
                "In Spite Nim you call a number and the opponent picks the row: write `call {t}`"
            )));
        }
        let pile = match p {
            Some(p) => index(p)?,
            None if pos.piles.len() == 1 => 0,
            None => {
                let n = pos.piles.len();
                return Err(GameError::Invalid(match part {
                    Some(k) => format!(
                        "Part {k} has {n} piles: write `take {t} from {k} pile Q` with Q from 1 to {n}"
                    ),
                    None => format!("Which pile? Write `take {t} from P` with P from 1 to {n}"),
                }));
            }
        };
        Ok(Command::Move(PlayMove::Take {
            pile,
            take: number(t, "take")?,
        }))
    };
    let split = |t: &str, p: Option<&str>, heaps: &[&str]| -> Result<Command, GameError> {
        match take(t, p)? {
            Command::Move(PlayMove::Take { pile, take }) => Ok(Command::Move(PlayMove::Split {
                pile,
                take,
                split: heaps
                    .iter()
                    .map(|h| number(h.trim_end_matches(','), "heap left"))
                    .collect::<Result<_, _>>()?,
            })),
            other => Ok(other),
        }
    };
    match w.as_slice() {
        [] => Ok(Command::Empty),
        ["hint" | "h" | "?"] => Ok(Command::Hint),
        ["undo" | "u"] => Ok(Command::Undo),
        ["history"] => Ok(Command::History),
        ["link" | "url"] => Ok(Command::Link),
        ["quit" | "q" | "exit"] => Ok(Command::Quit),
        ["help"] => Ok(Command::Help),
        ["take", t, "from", p, "leaving" | "leave", l, "and", r]
        | ["take", t, "from", p, "leaving" | "leave", l, r] => split(t, Some(p), &[l, r]),
        ["take", t, "leaving" | "leave", l, "and", r] | ["take", t, "leaving" | "leave", l, r] => {
            split(t, None, &[l, r])
        }
        // Three heaps (a hexadecimal code): `leaving 1, 2 and 3` or `leaving 1 2 3`.
        ["take", t, "from", p, "leaving" | "leave", a, b, "and", c]
        | ["take", t, "from", p, "leaving" | "leave", a, b, c] => split(t, Some(p), &[a, b, c]),
        ["take", t, "leaving" | "leave", a, b, "and", c]
        | ["take", t, "leaving" | "leave", a, b, c] => split(t, None, &[a, b, c]),
        ["take", t] => take(t, None),
        ["take", t, "from", p] | ["take", t, p] => take(t, Some(p)),
        ["add", t, "to", p] | ["add", t, p] => Ok(Command::Move(PlayMove::Add {
            pile: index(p)?,
            add: number(t, "add")?,
        })),
        ["both" | "diagonal", t] => Ok(Command::Move(PlayMove::Both {
            take: number(t, "both")?,
        })),
        ["call", c] => Ok(Command::Move(PlayMove::Call {
            call: number(c, "call")?,
        })),
        ["pick" | "row", r] => Ok(Command::Move(PlayMove::Pick {
            pile: row_index(r)?,
        })),
        [n] if n.chars().all(|c| c.is_ascii_digit()) => {
            if pos.call.is_some() {
                Ok(Command::Move(PlayMove::Pick {
                    pile: row_index(n)?,
                }))
            } else {
                take(n, None)
            }
        }
        [t, p] if t.chars().all(|c| c.is_ascii_digit()) => take(t, Some(p)),
        _ => Err(bad()),
    }
}

/// The address of `pos` in the page of `takeaway serve` (on its default
/// address): `#game=SPEC&piles=A,B&bound=W[&call=C]`, or for a sum
/// `#game=sum&part=TEXT&part=TEXT…` (each part as `analyze sum` takes it),
/// encoded as JavaScript's `encodeURIComponent` does.
pub(crate) fn page_address(spec: &str, pos: &Position) -> String {
    let encode = |text: &str| {
        let mut out = String::new();
        for b in text.bytes() {
            if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
                out.push(char::from(b));
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        out
    };
    let game = encode(spec);
    if !pos.parts.is_empty() {
        // A sum: each part as `analyze sum` takes it (`GAME PILES [--bound W]`).
        let mut url = format!("http://127.0.0.1:8080/#game={game}");
        for part in &pos.parts {
            let piles: Vec<String> = part
                .position
                .piles
                .iter()
                .map(ToString::to_string)
                .collect();
            let mut text = format!("{} {}", part.game, piles.join(" "));
            if let Some(b) = &part.position.bound {
                text.push_str(&format!(" --bound {b}"));
            }
            url.push_str(&format!("&part={}", encode(&text)));
        }
        return url;
    }
    let piles: Vec<String> = pos.piles.iter().map(ToString::to_string).collect();
    let mut url = format!(
        "http://127.0.0.1:8080/#game={game}&piles={}",
        piles.join(",")
    );
    if let Some(b) = &pos.bound {
        url.push_str(&format!("&bound={b}"));
    }
    if let Some(c) = &pos.call {
        url.push_str(&format!("&call={c}"));
    }
    url
}

/// The piles of `pos`, without the bound (for the end of the game); a
/// sum's parts on one line each.
fn show_piles(game: &Game, pos: &Position) -> String {
    if !pos.parts.is_empty() {
        return show(game, pos);
    }
    let piles: Vec<String> = pos.piles.iter().map(ToString::to_string).collect();
    if pos.piles.len() == 1 {
        format!("pile: {}", piles.join(" "))
    } else {
        format!("piles: {}", piles.join(" "))
    }
}

/// One line of `history`: who was winning at a position reached, and how far.
fn history_line(game: &Game, step: usize, label: &str, pos: &Position, actor: Actor) -> String {
    let limits = super::limits();
    let mover = if actor == Actor::Human {
        "you"
    } else {
        "the computer"
    };
    let winner = |actor_wins: bool| {
        if actor_wins == (actor == Actor::Human) {
            "you are winning"
        } else {
            "the computer is winning"
        }
    };
    let state = if game.is_over(pos) {
        format!("{}, game over", winner(game.stuck_player_wins()))
    } else if pos.call.is_some() {
        match game.hint(pos, &limits) {
            Ok(h) => winner(h.winning).to_string(),
            Err(_) => "not analysed".to_string(),
        }
    } else {
        match game.analyze_position(pos, &limits) {
            Ok(a) => {
                let how = match (&a.remoteness, &a.value) {
                    (Some(r), _) => format!("; remoteness {r}"),
                    (None, Some(v)) => format!("; value {v}"),
                    (None, None) => String::new(),
                };
                format!(
                    "{}{how}",
                    winner(a.outcome == takeaway::analysis::Outcome::N)
                )
            }
            Err(_) => "not analysed".to_string(),
        }
    };
    let mut at = if pos.parts.is_empty() {
        show_piles(game, pos)
    } else {
        // A sum: its parts on one line.
        let parts: Vec<String> = pos
            .parts
            .iter()
            .map(|p| {
                let piles: Vec<String> = p.position.piles.iter().map(ToString::to_string).collect();
                let mut s = format!("{} {}", p.game, piles.join(" "));
                let part = Game::parse(&p.game).ok();
                if let Some(b) = bound_word(part.as_ref(), &p.position) {
                    s.push_str(&format!(" ({b})"));
                }
                s
            })
            .collect();
        parts.join(" | ")
    };
    if let Some(b) = bound_word(Some(game), pos) {
        at.push_str(&format!(", {b}"));
    }
    if let Some(c) = &pos.call {
        at.push_str(&format!(", call {c} waiting"));
    }
    if let Some(k) = pos.phase.filter(|&k| k > 0) {
        at.push_str(&format!(", first-phase moves left: {k}"));
    }
    format!("{step:>3}. {label:<28} {at} ({mover} to act): {state}")
}

/// What the player to move may take, as the display says it: a memory
/// game's memory and the takes it allows (`memory 3 (the previous take):
/// you may take 3 to 9`), else the bound (`you may take up to: 4`).
fn may_take(game: Option<&Game>, pos: &Position) -> Option<String> {
    if let Some(Ok(Some(memory))) = game.map(|g| g.memory(pos)) {
        return Some(memory.to_string());
    }
    pos.bound
        .as_ref()
        .map(|b| format!("you may take up to: {b}"))
}

/// The position's bound in a history line: `bound W`, or `memory K` in a
/// memory game (the bound field holds the previous take).
fn bound_word(game: Option<&Game>, pos: &Position) -> Option<String> {
    let b = pos.bound.as_ref()?;
    let memory = game.is_some_and(|g| matches!(g.memory(pos), Ok(Some(_))));
    Some(if memory {
        format!("memory {b}")
    } else {
        format!("bound {b}")
    })
}

fn show(game: &Game, pos: &Position) -> String {
    if !pos.parts.is_empty() {
        let lines: Vec<String> = pos
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let piles: Vec<String> = p.position.piles.iter().map(ToString::to_string).collect();
                let mut line = format!(
                    "{}: {} {}",
                    takeaway::analysis::numbered("part", i),
                    p.game,
                    piles.join(" ")
                );
                let part = Game::parse(&p.game).ok();
                if let Some(t) = may_take(part.as_ref(), &p.position) {
                    line.push_str(&format!("   {t}"));
                }
                line
            })
            .collect();
        return lines.join("\n");
    }
    let piles: Vec<String> = pos.piles.iter().map(ToString::to_string).collect();
    let mut s = if pos.piles.len() == 1 {
        format!("pile: {}", piles.join(" "))
    } else {
        format!("piles: {}", piles.join(" "))
    };
    if let Some(t) = may_take(Some(game), pos) {
        s.push_str(&format!("   {t}"));
    }
    if let Some(k) = pos.phase.filter(|&k| k > 0) {
        s.push_str(&format!("   first-phase moves left: {k}"));
    }
    s
}

/// The console: prompt and messages on stdout (a closed pipe ends the game).
struct Console {
    out: std::io::Stdout,
    echo: bool,
}

impl Console {
    fn say(&mut self, text: &str) -> std::io::Result<()> {
        let mut out = self.out.lock();
        writeln!(out, "{text}")?;
        out.flush()
    }
    fn prompt(&mut self, text: &str) -> std::io::Result<()> {
        let mut out = self.out.lock();
        write!(out, "{text}")?;
        out.flush()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Actor {
    Human,
    Computer,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = Game::parse(&args.game)?;
    let start = if game.takes_parts() {
        if args.bound.is_some() {
            anyhow::bail!(
                "a sum takes no --bound: give each part its own inside its text, e.g. 'fibonacci 13 --bound 4'"
            );
        }
        let parts = takeaway::games::sum::parse_parts(&args.piles)?;
        game.check_position(&takeaway::games::sum::position_of(&parts))
            .context("cannot start this game")?
    } else {
        let mut numbers = NumberArgs::without_stdin("`play` reads its moves from standard input");
        let piles = parse_piles(&args.piles, &mut numbers)?;
        let bound = match &args.bound {
            Some(b) => Some(numbers.natural(b, "--bound")?),
            None => None,
        };
        game.start(piles, bound).context("cannot start this game")?
    };
    if args.computer == Computer::Table41 {
        // The table's hypotheses, checked once for the whole game (every later
        // position has fewer counters).
        let mut probe = start.piles.clone();
        if let [a, b] = probe.as_mut_slice()
            && a == b
        {
            // Equal piles are outside the table; check the hypotheses one counter further.
            *b += 1u32;
        }
        game.strategy_table_4_1(&probe, start.bound.as_ref())
            .context("cannot play by Table 4.1")?;
    }
    let mut console = Console {
        out: std::io::stdout(),
        echo: !std::io::stdin().is_terminal(),
    };
    match play(&game, start, args.first, args.computer, &mut console) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => Ok(other?),
    }
}

fn play(
    game: &Game,
    start: Position,
    first: First,
    computer: Computer,
    console: &mut Console,
) -> std::io::Result<ExitCode> {
    let limits = super::limits();
    let mut pos = start;
    let mut actor = match first {
        First::Human => Actor::Human,
        First::Computer => Actor::Computer,
    };
    // Positions where the human was to act, for `undo` (with the length of
    // the trail then).
    let mut history: Vec<(Position, usize)> = Vec::new();
    // Every position reached: what led there, the position, who acts there.
    let mut trail: Vec<(String, Position, Actor)> = vec![("start".into(), pos.clone(), actor)];
    console.say(&format!(
        "{}: you against the computer. Type `help` for the commands.",
        game.spec()
    ))?;
    console.say(&format!(
        "In the browser (takeaway serve): {}",
        page_address(&game.spec(), &pos)
    ))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // Whether the game is played by calls (Spite Nim): from its capabilities.
    let calls = game.entry().is_some_and(|f| {
        f.capabilities
            .moves
            .contains(&takeaway::family::MoveKind::Call)
    });
    loop {
        if game.is_over(&pos) {
            console.say(&show_piles(game, &pos))?;
            let actor_wins = game.stuck_player_wins();
            let human_wins = (actor == Actor::Human) == actor_wins;
            console.say(if human_wins {
                "Game over: you win"
            } else {
                "Game over: the computer wins"
            })?;
            return Ok(ExitCode::SUCCESS);
        }
        if actor == Actor::Computer {
            let reply = match computer {
                Computer::Best => game.computer_move(&pos, &limits),
                Computer::Table41 => game.table_4_1_move(&pos, &limits),
            };
            match reply {
                Ok(reply) => {
                    let why = match reply.intent {
                        Intent::Winning => "a winning move",
                        Intent::Spite => "your call loses: this row wins for the computer",
                        Intent::Stalling => "the computer is losing and stalls",
                        Intent::Fallback => "no analysis; a small legal move",
                        Intent::Optimist => {
                            "Table 4.1, cell \"??\": the optimist's move, which wins exactly when L(m, d) = H(n−1)"
                        }
                    };
                    let said = reply.mv.command_at(&pos);
                    console.say(&format!("computer: {said}   ({why})"))?;
                    if !reply.mv.passes_turn() {
                        // The computer picked the row of the human's call; it calls next.
                    } else {
                        actor = Actor::Human;
                    }
                    pos = reply.position;
                    trail.push((format!("computer: {said}"), pos.clone(), actor));
                }
                Err(e) => {
                    console.say(&format!("error: The computer cannot move: {e}"))?;
                    return Ok(ExitCode::from(1));
                }
            }
            continue;
        }
        console.say(&show(game, &pos))?;
        let prompt = match &pos.call {
            Some(c) => format!("the computer calls {c}; pick a row> "),
            None => "your move> ".to_string(),
        };
        console.prompt(&prompt)?;
        let Some(line) = next_line(&mut input) else {
            console.say("")?;
            console.say("End of input: game abandoned")?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        if console.echo {
            console.say(line.trim_end())?;
        }
        match parse_command(&line, &pos, calls) {
            Ok(Command::Empty) => {}
            Ok(Command::Help) => console.say(
                "Commands: take T [from P] | T [P] | add T to P | both T | call C | pick R | hint | undo | history | link | quit",
            )?,
            Ok(Command::Quit) => {
                console.say("You resign: the computer wins")?;
                return Ok(ExitCode::SUCCESS);
            }
            Ok(Command::Undo) => match history.pop() {
                Some((p, length)) => {
                    pos = p;
                    trail.truncate(length);
                    console.say("Undone")?;
                }
                None => console.say("Nothing to undo")?,
            },
            Ok(Command::History) => {
                for (step, (label, p, who)) in trail.iter().enumerate() {
                    console.say(&history_line(game, step, label, p, *who))?;
                }
            }
            Ok(Command::Link) => console.say(&page_address(&game.spec(), &pos))?,
            Ok(Command::Hint) => match game.hint(&pos, &limits) {
                Ok(h) => console.say(&format!("hint: {}", h.explanation))?,
                Err(e) => console.say(&format!("hint: Not available: {e}"))?,
            },
            Ok(Command::Move(mv)) => match game.apply(&pos, &mv) {
                Ok(next) => {
                    let said = mv.command_at(&pos);
                    history.push((pos, trail.len()));
                    pos = next;
                    if mv.passes_turn() {
                        actor = Actor::Computer;
                    }
                    trail.push((format!("you: {said}"), pos.clone(), actor));
                }
                Err(e) => console.say(&format!("illegal: {e}"))?,
            },
            Err(e) => console.say(&format!("illegal: {e}"))?,
        }
    }
}

/// Most bytes of one line of input (a move is a short line; a number in it
/// has at most 100,000 digits).
const MAX_LINE: u64 = 1 << 20;

/// The next line of `input` without its line ending, `None` at the end;
/// a line longer than [`MAX_LINE`] is an error (reading `/dev/zero` used to
/// grow without bound until the process aborted).
fn next_line(input: &mut impl BufRead) -> Option<std::io::Result<String>> {
    let mut buf = Vec::new();
    match std::io::Read::take(&mut *input, MAX_LINE + 1).read_until(b'\n', &mut buf) {
        Ok(0) => None,
        Ok(_) if buf.last() != Some(&b'\n') && buf.len() as u64 > MAX_LINE => {
            Some(Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "a line of input is longer than {MAX_LINE} bytes; a move is a short line such as `take 3`"
                ),
            )))
        }
        Ok(_) => {
            if buf.last() == Some(&b'\n') {
                buf.pop();
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
            }
            Some(String::from_utf8(buf).map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            }))
        }
        Err(e) => Some(Err(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_command_t(line: &str, pos: &Position) -> Result<Command, GameError> {
        parse_command(line, pos, false)
    }

    fn pos(piles: &[u32]) -> Position {
        Position::new(piles.iter().map(|&p| p.into()).collect(), None)
    }

    #[test]
    fn commands_parse() {
        let one = pos(&[20]);
        let two = pos(&[3, 4]);
        let take = |pile, t: u32| {
            Command::Move(PlayMove::Take {
                pile,
                take: t.into(),
            })
        };
        assert_eq!(parse_command_t("take 2", &one).unwrap(), take(0, 2));
        assert_eq!(parse_command_t("2", &one).unwrap(), take(0, 2));
        assert_eq!(parse_command_t("take 2 from 2", &two).unwrap(), take(1, 2));
        assert_eq!(parse_command_t("2 1", &two).unwrap(), take(0, 2));
        assert!(parse_command_t("take 2", &two).is_err());
        assert!(parse_command_t("take 2 from 0", &two).is_err());
        assert_eq!(
            parse_command_t("both 3", &two).unwrap(),
            Command::Move(PlayMove::Both { take: 3u32.into() })
        );
        assert_eq!(parse_command_t("HINT", &two).unwrap(), Command::Hint);
        assert_eq!(parse_command_t("  ", &two).unwrap(), Command::Empty);
        let mut called = pos(&[5, 6]);
        called.call = Some(2u32.into());
        assert_eq!(
            parse_command_t("2", &called).unwrap(),
            Command::Move(PlayMove::Pick { pile: 1 })
        );
        assert!(parse_command_t("take -1", &one).is_err());
        assert!(parse_command_t("dance", &one).is_err());
    }
}
