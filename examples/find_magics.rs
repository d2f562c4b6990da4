//! Finds the fixed-shift "fancy" magic multipliers of `src/position/magic_numbers.rs`.
//!
//! ```sh
//! cargo run --release --example find_magics > src/position/magic_numbers.rs
//! ```
//!
//! For every square it enumerates each subset of the relevant blockers, then tries sparse
//! random multipliers from a fixed-seed xorshift generator until no two subsets with different
//! attacks share an index. The output is deterministic.

fn ray_attacks(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let s = r * 8 + f;
            a |= 1 << s;
            if occ & (1 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    a
}
fn mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut m = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            m |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    m
}
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2685821657736338717)
    }
}
fn main() {
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut rng = Rng(0x9E3779B97F4A7C15);
    println!("// Magic multipliers found by `examples/find_magics.rs` (seed 0x9E3779B97F4A7C15).");
    println!(
        "// Generated data: regenerate with `cargo run --release --example find_magics > src/position/magic_numbers.rs`."
    );
    println!();
    for (name, dirs) in [("ROOK", &rook[..]), ("BISHOP", &bishop[..])] {
        print!("const {name}_FACTORS: [u64; 64] = [");
        for sq in 0..64 {
            let m = mask(sq, dirs);
            let bits = m.count_ones();
            let mut subsets = vec![];
            let mut s = 0u64;
            loop {
                subsets.push((s, ray_attacks(sq, s, dirs)));
                s = s.wrapping_sub(m) & m;
                if s == 0 {
                    break;
                }
            }
            let mut table = vec![0u64; 1 << bits];
            let mut used = vec![0u32; 1 << bits];
            let mut epoch = 0;
            'search: loop {
                let magic = rng.next() & rng.next() & rng.next();
                if ((m.wrapping_mul(magic)) >> 56).count_ones() < 6 {
                    continue;
                }
                epoch += 1;
                for &(occ, att) in &subsets {
                    let idx = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
                    if used[idx] != epoch {
                        used[idx] = epoch;
                        table[idx] = att;
                    } else if table[idx] != att {
                        continue 'search;
                    }
                }
                if sq % 4 == 0 {
                    print!("\n    ");
                } else {
                    print!(" ");
                }
                print!("0x{magic:016x},");
                break;
            }
        }
        println!("\n];");
    }
}
