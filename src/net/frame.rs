//! Reading one line of the protocol from a stream, never holding more than its bound: a line
//! longer than the bound is an error as soon as the bound is passed, whatever follows.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// What reading a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// A line, its newline included (the last line of a stream may lack it).
    Line(Vec<u8>),
    /// The stream ended before any byte of a line.
    End,
    /// The line passed the bound.
    TooLong,
}

/// Reads one line of at most `max` bytes, newline included. Not cancellation-safe: a line
/// half-read when the future is dropped is lost (see [`Lines`]).
pub async fn read_line<R: AsyncBufRead + Unpin>(r: &mut R, max: usize) -> std::io::Result<Read> {
    Lines::new(max).read(r).await
}

/// The lines of one stream, each of at most `max` bytes, newline included, read so that a
/// read dropped before its line is whole (in a `select!`) loses nothing: the bytes taken so
/// far are kept for the next read.
#[derive(Debug)]
pub struct Lines {
    partial: Vec<u8>,
    max: usize,
}

impl Lines {
    /// Lines of at most `max` bytes.
    pub fn new(max: usize) -> Lines {
        Lines { partial: Vec::new(), max }
    }

    /// The next line. Cancellation-safe: the only await is the stream's `fill_buf`, and what
    /// it gave is moved into the line kept here before the next.
    pub async fn read<R: AsyncBufRead + Unpin>(&mut self, r: &mut R) -> std::io::Result<Read> {
        loop {
            let buf = r.fill_buf().await?;
            if buf.is_empty() {
                let line = std::mem::take(&mut self.partial);
                return Ok(if line.is_empty() { Read::End } else { Read::Line(line) });
            }
            let (take, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            if self.partial.len() + take > self.max {
                self.partial.clear();
                return Ok(Read::TooLong);
            }
            self.partial.extend_from_slice(&buf[..take]);
            r.consume(take);
            if done {
                return Ok(Read::Line(std::mem::take(&mut self.partial)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_are_read_within_their_bound() {
        let mut input: &[u8] = b"ab\ncdef\ngh";
        assert_eq!(read_line(&mut input, 3).await.ok(), Some(Read::Line(b"ab\n".to_vec())));
        assert_eq!(read_line(&mut input, 3).await.ok(), Some(Read::TooLong));
        let mut rest: &[u8] = b"gh";
        assert_eq!(read_line(&mut rest, 3).await.ok(), Some(Read::Line(b"gh".to_vec())));
        assert_eq!(read_line(&mut rest, 3).await.ok(), Some(Read::End));
    }

    #[tokio::test]
    async fn a_read_dropped_halfway_loses_nothing() {
        use tokio::io::AsyncWriteExt;
        let (mut w, r) = tokio::io::duplex(64);
        let mut r = tokio::io::BufReader::new(r);
        let mut lines = Lines::new(64);
        w.write_all(b"{\"type\":").await.expect("written");
        let wait = std::time::Duration::from_millis(50);
        let first = tokio::time::timeout(wait, lines.read(&mut r)).await;
        assert!(first.is_err(), "no whole line yet: the read is dropped");
        w.write_all(b"\"pong\"}\n").await.expect("written");
        let line = lines.read(&mut r).await.expect("read");
        assert_eq!(line, Read::Line(b"{\"type\":\"pong\"}\n".to_vec()));
    }
}
