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

/// Reads one line of at most `max` bytes, newline included.
pub async fn read_line<R: AsyncBufRead + Unpin>(r: &mut R, max: usize) -> std::io::Result<Read> {
    let mut line = Vec::new();
    loop {
        let buf = r.fill_buf().await?;
        if buf.is_empty() {
            return Ok(if line.is_empty() { Read::End } else { Read::Line(line) });
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if line.len() + take > max {
            return Ok(Read::TooLong);
        }
        line.extend_from_slice(&buf[..take]);
        r.consume(take);
        if done {
            return Ok(Read::Line(line));
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
}
