//! The secrets of the network table: the tables' codes, the seat tokens and how the host keeps
//! them (a SHA-256 digest, never the token itself), drawn from the system's random source.

use ring::rand::{SecureRandom, SystemRandom};

/// The letters and digits of a table's code: none that looks like another (no 0 and O, 1, I
/// and L, 2 and Z, 5 and S, 8 and B, 6 and G).
pub const CODE_ALPHABET: &[u8] = b"ACDEFHJKMNPQRTUVWXY34679";

/// The length of a table's code.
pub const CODE_LEN: usize = 6;

/// Random bytes from the system, or `None` if it gives none.
fn random<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    SystemRandom::new().fill(&mut bytes).ok()?;
    Some(bytes)
}

/// A new table code: [`CODE_LEN`] characters of [`CODE_ALPHABET`].
pub fn new_code() -> Option<String> {
    let bytes = random::<CODE_LEN>()?;
    // 256 is not a multiple of the alphabet's 24 letters: the first 240 values are even.
    let n = CODE_ALPHABET.len();
    let mut out = String::with_capacity(CODE_LEN);
    let mut pool = bytes.to_vec();
    while out.len() < CODE_LEN {
        let b = match pool.pop() {
            Some(b) => b,
            None => {
                pool.extend(random::<CODE_LEN>()?);
                continue;
            }
        };
        if usize::from(b) < 256 - 256 % n {
            out.push(char::from(CODE_ALPHABET[usize::from(b) % n]));
        }
    }
    Some(out)
}

/// A code as a player may type it: upper-cased, spaces and dashes left out; `None` when it is
/// not [`CODE_LEN`] characters of the alphabet.
pub fn read_code(typed: &str) -> Option<String> {
    let code: String =
        typed.chars().filter(|c| !matches!(c, ' ' | '-')).map(|c| c.to_ascii_uppercase()).collect();
    let ok = code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
    ok.then_some(code)
}

/// A new seat token: 128 random bits, in hexadecimal.
pub fn new_token() -> Option<String> {
    random::<16>().map(|b| hex(&b))
}

/// Bytes in lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 digest of `bytes`, in hexadecimal.
pub fn digest(bytes: &[u8]) -> String {
    hex(ring::digest::digest(&ring::digest::SHA256, bytes).as_ref())
}

/// What the host keeps of a secret (a token, a password): its digest with the table's code, so
/// that the same secret at two tables is kept as two different digests.
pub fn keep(code: &str, secret: &str) -> String {
    digest(format!("contree:{code}:{secret}").as_bytes())
}

/// Whether `secret` is the one kept as `kept`, compared in constant time.
pub fn matches(code: &str, secret: &str, kept: &str) -> bool {
    let ours = keep(code, secret);
    ours.len() == kept.len()
        && ours.bytes().zip(kept.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_letters_of_the_alphabet_and_read_back() {
        for _ in 0..200 {
            let code = new_code().expect("a random source");
            assert_eq!(code.len(), CODE_LEN);
            assert_eq!(read_code(&code.to_lowercase()), Some(code.clone()));
            let dashed = format!("{}-{}", &code[..3], &code[3..]);
            assert_eq!(read_code(&dashed), Some(code));
        }
        assert_eq!(read_code("ABCDE0"), None);
        assert_eq!(read_code("ACDEF"), None);
    }

    #[test]
    fn a_kept_secret_matches_itself_only_at_its_table() {
        let token = new_token().expect("a random source");
        assert_eq!(token.len(), 32);
        let kept = keep("ACDEFH", &token);
        assert!(matches("ACDEFH", &token, &kept));
        assert!(!matches("ACDEFJ", &token, &kept));
        assert!(!matches("ACDEFH", "guess", &kept));
    }
}
