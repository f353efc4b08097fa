//! Every save is checked on loading by dealing its deals again from the seed: the hands a seed
//! gives must never change, whatever version of a crate the game is built with. These are the
//! hands of a few seeds and deals, recorded once; a change to the shuffle, the cut, the first
//! dealer or the generator that alters any of them fails here before it turns saved games into
//! "altered" files.

use contree::game::{Action, DealStyle, Game, GameOptions, HUMAN, Phase, Players};
use contree::rules::{BySeat, Call, Seat};

fn players() -> Players {
    BySeat([HUMAN.to_string(), "a".into(), "b".into(), "c".into()])
}

/// The dealer and the four hands (South, East, North, West) of deals 0 to 3, every deal passed
/// out so that the next one is dealt.
fn deals(seed: u64, deal_style: DealStyle) -> Vec<String> {
    let options = GameOptions { deal_style, ..GameOptions::default() };
    let mut game = Game::new(options, seed, players());
    let mut out = Vec::new();
    for _ in 0..4 {
        let d = game.deal();
        let hands: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| d.dealt[s].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
            .collect();
        out.push(format!("{} | {}", d.dealer, hands.join(" | ")));
        while game.phase() == Phase::Bidding {
            let seat = game.to_act().expect("a seat to speak");
            game.apply(seat, Action::Bid(Call::Pass)).expect("a pass");
        }
        game.next_deal().expect("the next deal");
    }
    out
}

const SEEDS: [u64; 6] = [0, 1, 4, 42, 0x8000_0000_0000_0007, u64::MAX];

#[test]
fn seeds_keep_their_hands() {
    let mut got = Vec::new();
    for seed in SEEDS {
        got.push(format!("seed {seed}"));
        got.extend(deals(seed, DealStyle::Shuffle));
    }
    got.push("tradition, seed 4".into());
    got.extend(deals(4, DealStyle::Tradition));
    let got = got.join("\n") + "\n";
    let want = include_str!("data/golden_deals.txt");
    if got != want {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/target/golden_deals.got.txt");
        let _ = std::fs::write(path, &got);
        panic!("the hands dealt from these seeds changed (what was dealt is in {path})");
    }
}
