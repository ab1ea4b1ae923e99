//! Running the `takeaway` binary from a test: a command with its input and
//! a time limit, and checks on its exit status and output that print both
//! streams when they fail.
//!
//! The same small surface as the `assert_cmd` and `predicates` crates,
//! written here because those two brought a regular-expression engine into
//! every test build for a handful of `contains` checks (issue 21: the test
//! build's time).

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The path of a binary of this package built for the tests.
pub(crate) fn cargo_bin(name: &str) -> PathBuf {
    assert_eq!(name, "takeaway", "only the takeaway binary is built");
    PathBuf::from(env!("CARGO_BIN_EXE_takeaway"))
}

/// The cache directory of this test process (under the system's temporary
/// directory, one per process).
pub(crate) fn test_cache_dir() -> PathBuf {
    std::env::temp_dir().join(format!("takeaway-cli-tests-cache-{}", std::process::id()))
}

/// A command to run once: its arguments, environment, input and time limit.
#[derive(Debug)]
pub(crate) struct Command {
    inner: std::process::Command,
    stdin: Option<Vec<u8>>,
    timeout: Option<Duration>,
}

impl Command {
    /// The binary `name` of this package.
    pub(crate) fn cargo_bin(name: &str) -> Result<Command, std::convert::Infallible> {
        Ok(Command::new(cargo_bin(name)))
    }

    /// Any program; its misère quotients are kept in this test process's
    /// own directory (`TAKEAWAY_CACHE_DIR`), never in the user's cache.
    pub(crate) fn new(program: impl AsRef<OsStr>) -> Command {
        let mut inner = std::process::Command::new(program);
        inner.env("TAKEAWAY_CACHE_DIR", test_cache_dir());
        Command {
            inner,
            stdin: None,
            timeout: None,
        }
    }

    /// Sets an environment variable of the program.
    pub(crate) fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.inner.env(key, value);
        self
    }

    /// Adds an argument.
    pub(crate) fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Self {
        self.inner.arg(arg);
        self
    }

    /// Adds arguments.
    pub(crate) fn args<I, S>(&mut self, args: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.inner.args(args);
        self
    }

    /// What the program reads on its standard input (else nothing: closed).
    pub(crate) fn write_stdin(&mut self, input: impl Into<Vec<u8>>) -> &mut Self {
        self.stdin = Some(input.into());
        self
    }

    /// Kills the program after `limit` (a hang guard, not a timing check).
    pub(crate) fn timeout(&mut self, limit: Duration) -> &mut Self {
        self.timeout = Some(limit);
        self
    }

    /// Runs the program to its end and returns what it did.
    pub(crate) fn output(&mut self) -> std::io::Result<Output> {
        self.inner
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self.inner.spawn()?;
        let input = self.stdin.clone().unwrap_or_default();
        let mut stdin = child.stdin.take().expect("piped stdin");
        let writer = std::thread::spawn(move || {
            // A program that stops reading early closes the pipe: not an error.
            let _ = stdin.write_all(&input);
        });
        let out = read_all(child.stdout.take().expect("piped stdout"));
        let err = read_all(child.stderr.take().expect("piped stderr"));
        let status = wait(&mut child, self.timeout)?;
        let _ = writer.join();
        Ok(Output {
            status,
            stdout: out.join().expect("stdout reader"),
            stderr: err.join().expect("stderr reader"),
        })
    }

    /// Runs the program to its end, for checks on what it did.
    pub(crate) fn assert(&mut self) -> Assert {
        let output = self
            .output()
            .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", self.inner));
        Assert {
            command: format!("{:?}", self.inner),
            output,
        }
    }
}

fn read_all(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = r.read_to_end(&mut v);
        v
    })
}

fn wait(child: &mut Child, timeout: Option<Duration>) -> std::io::Result<ExitStatus> {
    let Some(limit) = timeout else {
        return child.wait();
    };
    let end = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if Instant::now() >= end {
            let _ = child.kill();
            return child.wait();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// What a command did, with checks that panic showing both streams.
#[derive(Debug)]
pub(crate) struct Assert {
    command: String,
    output: Output,
}

impl Assert {
    /// The status and both streams.
    pub(crate) fn get_output(&self) -> &Output {
        &self.output
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "{what}\ncommand: {}\nstatus: {}\nstdout:\n{}\nstderr:\n{}",
            self.command,
            self.output.status,
            String::from_utf8_lossy(&self.output.stdout),
            String::from_utf8_lossy(&self.output.stderr)
        )
    }

    /// Exited with status 0.
    #[track_caller]
    pub(crate) fn success(self) -> Self {
        if !self.output.status.success() {
            self.fail("expected success");
        }
        self
    }

    /// Exited with a non-zero status (or was killed).
    #[track_caller]
    pub(crate) fn failure(self) -> Self {
        if self.output.status.success() {
            self.fail("expected failure");
        }
        self
    }

    /// The standard output satisfies `p` (a `&str` or `String`: equals it).
    #[track_caller]
    pub(crate) fn stdout(self, p: impl IntoPredicate) -> Self {
        let p = p.into_predicate();
        if !p.eval(&String::from_utf8_lossy(&self.output.stdout)) {
            self.fail(&format!("stdout: expected {}", p.describe()));
        }
        self
    }

    /// The standard error satisfies `p` (a `&str` or `String`: equals it).
    #[track_caller]
    pub(crate) fn stderr(self, p: impl IntoPredicate) -> Self {
        let p = p.into_predicate();
        if !p.eval(&String::from_utf8_lossy(&self.output.stderr)) {
            self.fail(&format!("stderr: expected {}", p.describe()));
        }
        self
    }
}

/// A check on a text.
#[derive(Debug, Clone)]
pub(crate) enum Predicate {
    /// Equals the text.
    Eq(String),
    /// Contains the text.
    Contains(String),
    /// Starts with the text.
    StartsWith(String),
    /// Both hold.
    And(Box<Predicate>, Box<Predicate>),
    /// Does not hold.
    Not(Box<Predicate>),
}

impl Predicate {
    fn eval(&self, s: &str) -> bool {
        match self {
            Predicate::Eq(t) => s == t,
            Predicate::Contains(t) => s.contains(t.as_str()),
            Predicate::StartsWith(t) => s.starts_with(t.as_str()),
            Predicate::And(a, b) => a.eval(s) && b.eval(s),
            Predicate::Not(a) => !a.eval(s),
        }
    }

    fn describe(&self) -> String {
        match self {
            Predicate::Eq(t) => format!("to equal {t:?}"),
            Predicate::Contains(t) => format!("to contain {t:?}"),
            Predicate::StartsWith(t) => format!("to start with {t:?}"),
            Predicate::And(a, b) => format!("{} and {}", a.describe(), b.describe()),
            Predicate::Not(a) => format!("not {}", a.describe()),
        }
    }

    /// Both `self` and `other` hold.
    pub(crate) fn and(self, other: Predicate) -> Predicate {
        Predicate::And(Box::new(self), Box::new(other))
    }

    /// `self` does not hold.
    pub(crate) fn not(self) -> Predicate {
        Predicate::Not(Box::new(self))
    }
}

/// What [`Assert::stdout`] and [`Assert::stderr`] accept.
pub(crate) trait IntoPredicate {
    /// The check.
    fn into_predicate(self) -> Predicate;
}

impl IntoPredicate for Predicate {
    fn into_predicate(self) -> Predicate {
        self
    }
}

impl IntoPredicate for &str {
    fn into_predicate(self) -> Predicate {
        Predicate::Eq(self.to_string())
    }
}

impl IntoPredicate for String {
    fn into_predicate(self) -> Predicate {
        Predicate::Eq(self)
    }
}

impl IntoPredicate for &String {
    fn into_predicate(self) -> Predicate {
        Predicate::Eq(self.clone())
    }
}

/// The checks, by the names of the `predicates` crate.
pub(crate) mod predicate {
    /// Checks on text.
    pub(crate) mod str {
        use super::super::Predicate;

        /// The text contains `t`.
        pub(crate) fn contains(t: impl Into<String>) -> Predicate {
            Predicate::Contains(t.into())
        }

        /// The text starts with `t`.
        pub(crate) fn starts_with(t: impl Into<String>) -> Predicate {
            Predicate::StartsWith(t.into())
        }
    }
}
