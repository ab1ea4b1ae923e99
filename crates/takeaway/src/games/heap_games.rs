//! Which games are heap games, the input of a misère quotient: Nim, an
//! octal game, a subtraction game (its set cut to the heap bound). A game
//! of another family is refused with its spec
//! ([`GameError::NotAHeapGame`]); every front-end takes its heap game from
//! here.

use super::octal::Octal;
use super::octal::quotient::heap_game::{HeapGame, Nim, OctalHeaps, Subtraction};
use super::subtraction::Subtraction as SubtractionGame;
use super::{Family, Game, GameError};

/// A heap game that can cross threads (what the quotient cache keeps).
pub type BoxedHeapGame = Box<dyn HeapGame + Send + Sync>;

/// The heap game of `game` for heaps `1..=bound`: an octal game's code, a
/// subtraction game's set up to `bound`.
///
/// Law: `Ok` exactly for the octal and subtraction families; any other
/// game is [`GameError::NotAHeapGame`] naming its spec.
///
/// ```
/// use takeaway::games::{Game, GameError, heap_games};
/// // The set is cut to the heap bound: heaps up to 3 never see the move 4.
/// let g = heap_games::of_game(&Game::parse("subtraction:s=1,3,4").unwrap(), 3).unwrap();
/// assert_eq!(g.name(), "subtraction:s=1,3");
/// let e = heap_games::of_game(&Game::parse("wythoff").unwrap(), 3).err().unwrap();
/// assert!(matches!(e, GameError::NotAHeapGame { .. }));
/// ```
pub fn of_game(game: &Game, bound: usize) -> Result<BoxedHeapGame, GameError> {
    if let Some(g) = game.family_as::<Octal>() {
        return Ok(Box::new(OctalHeaps(g.code.clone())));
    }
    if let Some(g) = game.family_as::<SubtractionGame>() {
        return Ok(Box::new(Subtraction(
            (1..=bound as u64)
                .filter(|&s| g.set.contains(s))
                .map(|s| s as usize)
                .collect(),
        )));
    }
    Err(GameError::NotAHeapGame { spec: game.spec() })
}

/// The heap game of a spec: `nim` (Nim itself), or the game [`of_game`]
/// takes from [`Game::parse`] of `spec`.
///
/// ```
/// use takeaway::games::heap_games;
/// assert_eq!(heap_games::of_spec(" nim ", 5).unwrap().name(), "nim");
/// assert_eq!(heap_games::of_spec("kayles", 5).unwrap().name(), "octal:0.77");
/// assert!(heap_games::of_spec("spite", 5).is_err());
/// ```
pub fn of_spec(spec: &str, bound: usize) -> Result<BoxedHeapGame, GameError> {
    if spec.trim() == "nim" {
        return Ok(Box::new(Nim));
    }
    of_game(&Game::parse(spec)?, bound)
}
