//! The connection's encryption: TLS (rustls, its `ring` provider). The host makes a
//! self-signed certificate on its first start and keeps it in its directory; a client pins the
//! certificate's SHA-256 fingerprint the first time it reaches a host, as SSH pins a host key,
//! and refuses a changed one ([`PinError`]). Names and certificate authorities play no part:
//! the fingerprint is the host's identity.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use serde::{Deserialize, Serialize};

use super::code::digest;
use super::disk;

/// The certificate's file in the host's directory (DER).
pub const CERT_FILE: &str = "host-cert.der";

/// The private key's file in the host's directory (PKCS #8, DER), its owner's alone.
pub const KEY_FILE: &str = "host-key.der";

/// The file of the hosts a client has pinned, in its data directory.
pub const PINS_FILE: &str = "hosts.json";

/// The version of [`PINS_FILE`].
pub const PINS_VERSION: u32 = 1;

/// The most a certificate, a key or the pins' file may weigh.
const FILE_LIMIT: u64 = 1024 * 1024;

/// The name the host's certificate is made for; the client does not check it.
pub const HOST_NAME: &str = "contree-host";

/// The crypto provider of every connection: `ring`'s, which builds with a C compiler alone
/// (rustls marks it deprecated for lacking the post-quantum key exchange of its `aws-lc-rs`
/// provider, whose build needs more than this project's builders have).
#[allow(deprecated)]
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The host's certificate and key, and its fingerprint.
pub struct HostIdentity {
    /// The certificate (DER).
    pub cert: CertificateDer<'static>,
    /// The key (PKCS #8, DER).
    key: Vec<u8>,
}

impl fmt::Debug for HostIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HostIdentity({})", self.fingerprint())
    }
}

impl HostIdentity {
    /// The identity kept in `dir`, made and kept there on the first start.
    pub fn load_or_make(dir: &Path) -> Result<HostIdentity, String> {
        let (cert_path, key_path) = (dir.join(CERT_FILE), dir.join(KEY_FILE));
        let cert = disk::read_within(&cert_path, FILE_LIMIT).map_err(|e| e.to_string())?;
        let key = disk::read_within(&key_path, FILE_LIMIT).map_err(|e| e.to_string())?;
        match (cert, key) {
            (Some(cert), Some(key)) => Ok(HostIdentity { cert: CertificateDer::from(cert), key }),
            (None, None) => {
                let made = rcgen::generate_simple_self_signed(vec![HOST_NAME.to_string()])
                    .map_err(|e| e.to_string())?;
                let key = made.signing_key.serialize_der();
                let cert = made.cert.der().to_vec();
                disk::write_atomic(&key_path, &key, true).map_err(|e| e.to_string())?;
                disk::write_atomic(&cert_path, &cert, true).map_err(|e| e.to_string())?;
                Ok(HostIdentity { cert: CertificateDer::from(cert), key })
            }
            _ => Err(format!(
                "{} holds one of {CERT_FILE} and {KEY_FILE} without the other: remove it to make a new certificate",
                dir.display()
            )),
        }
    }

    /// The certificate's SHA-256 fingerprint, in hexadecimal.
    pub fn fingerprint(&self) -> String {
        digest(self.cert.as_ref())
    }

    /// The TLS configuration of the host.
    pub fn server_config(&self) -> Result<rustls::ServerConfig, rustls::Error> {
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key.clone()));
        rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()?
            .with_no_client_auth()
            .with_single_cert(vec![self.cert.clone()], key)
    }
}

/// Why a client refuses a host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinError {
    /// The host's fingerprint is not the one pinned on first contact.
    Changed {
        /// The host, as the player named it.
        host: String,
        /// The fingerprint pinned.
        pinned: String,
        /// The fingerprint presented now.
        presented: String,
    },
}

impl fmt::Display for PinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinError::Changed { host, pinned, presented } => write!(
                f,
                "the host {host} presents the certificate {presented}, not the {pinned} it had: \
                 someone may stand between you and it"
            ),
        }
    }
}

impl std::error::Error for PinError {}

/// The pins' file: each host's fingerprint, by the address the player gave.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pins {
    /// [`PINS_VERSION`].
    pub version: u32,
    /// The fingerprint of each host.
    pub hosts: BTreeMap<String, String>,
}

impl Pins {
    /// The pins kept in `dir`; a file that cannot be read is set aside, and the pins start
    /// again (answered with where it went).
    pub fn load(dir: &Path) -> (Pins, Option<PathBuf>) {
        let path = dir.join(PINS_FILE);
        let read = disk::read_within(&path, FILE_LIMIT);
        match read.map(|b| b.map(|b| serde_json::from_slice::<Pins>(&b))) {
            Ok(None) => (Pins { version: PINS_VERSION, ..Pins::default() }, None),
            Ok(Some(Ok(pins))) if pins.version == PINS_VERSION => (pins, None),
            _ => {
                let aside = disk::set_aside(&path).ok();
                (Pins { version: PINS_VERSION, ..Pins::default() }, aside)
            }
        }
    }

    /// Keeps the pins in `dir`.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        let bytes = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        std::fs::create_dir_all(dir)?;
        disk::write_atomic(&dir.join(PINS_FILE), &bytes, true)
    }
}

/// The client's check of the host's certificate: the fingerprint pinned for the host, else any
/// (its fingerprint is kept in `seen` to be pinned once the connection works); the handshake's
/// signatures are checked against the certificate as usual.
#[derive(Debug)]
pub struct PinVerifier {
    host: String,
    pinned: Option<String>,
    /// The fingerprint the host presented.
    pub seen: Mutex<Option<String>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl PinVerifier {
    /// A check of `host`'s certificate against `pinned`.
    pub fn new(host: &str, pinned: Option<String>) -> PinVerifier {
        let algorithms = provider().signature_verification_algorithms;
        PinVerifier { host: host.to_string(), pinned, seen: Mutex::new(None), algorithms }
    }

    /// The fingerprint the host presented, once the handshake has seen it.
    pub fn seen(&self) -> Option<String> {
        self.seen.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The pin error of a presented fingerprint, if it is not the one pinned.
    pub fn refusal(&self, presented: &str) -> Option<PinError> {
        let pinned = self.pinned.as_ref().filter(|p| *p != presented)?;
        Some(PinError::Changed {
            host: self.host.clone(),
            pinned: pinned.clone(),
            presented: presented.to_string(),
        })
    }
}

impl ServerCertVerifier for PinVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let presented = digest(end_entity.as_ref());
        *self.seen.lock().unwrap_or_else(PoisonError::into_inner) = Some(presented.clone());
        match self.refusal(&presented) {
            Some(e) => Err(rustls::Error::General(e.to_string())),
            None => Ok(ServerCertVerified::assertion()),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// The TLS configuration of a client checking with `verifier`.
pub fn client_config(verifier: Arc<PinVerifier>) -> Result<rustls::ClientConfig, rustls::Error> {
    Ok(rustls::ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_identity_is_made_once_and_kept() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let first = HostIdentity::load_or_make(dir.path()).expect("made");
        let again = HostIdentity::load_or_make(dir.path()).expect("read");
        assert_eq!(first.fingerprint(), again.fingerprint());
        assert_eq!(first.fingerprint().len(), 64);
        assert!(first.server_config().is_ok());
        std::fs::remove_file(dir.path().join(KEY_FILE)).expect("removed");
        assert!(HostIdentity::load_or_make(dir.path()).is_err());
    }

    #[test]
    fn a_changed_fingerprint_is_refused_and_the_pinned_one_taken() {
        let pinned = PinVerifier::new("h:1", Some("aa".to_string()));
        assert!(pinned.refusal("aa").is_none());
        assert!(matches!(pinned.refusal("bb"), Some(PinError::Changed { .. })));
        assert!(PinVerifier::new("h:1", None).refusal("bb").is_none());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        #[test]
        fn any_bytes_in_the_pins_file_are_read_or_set_aside(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..500),
            host in "[a-z0-9.:]{1,20}",
            print in "[0-9a-f]{64}",
        ) {
            let dir = tempfile::tempdir().expect("a temporary directory");
            std::fs::write(dir.path().join(PINS_FILE), &bytes).expect("written");
            let (mut pins, _) = Pins::load(dir.path());
            pins.hosts.insert(host.clone(), print.clone());
            pins.save(dir.path()).expect("saved");
            let back = Pins::load(dir.path()).0;
            proptest::prop_assert_eq!(back.hosts.get(&host), Some(&print));
        }
    }

    #[test]
    fn pins_read_back_and_a_bad_file_is_set_aside() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut pins = Pins::load(dir.path()).0;
        pins.hosts.insert("h:1".into(), "aa".into());
        pins.save(dir.path()).expect("saved");
        assert_eq!(Pins::load(dir.path()).0, pins);
        std::fs::write(dir.path().join(PINS_FILE), b"{not json").expect("spoiled");
        let (fresh, aside) = Pins::load(dir.path());
        assert!(fresh.hosts.is_empty());
        assert!(aside.is_some_and(|p| p.exists()));
    }
}
