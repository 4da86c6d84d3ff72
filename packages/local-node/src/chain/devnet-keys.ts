/* eslint-disable no-bitwise -- 64-bit generator arithmetic */
/**
 * The private keys starknet-devnet gives its predeployed accounts for a seed,
 * so that `--seed N` here yields the same accounts as `starknet-devnet --seed N`.
 *
 * starknet-devnet draws one u128 per account from a 64-bit Mersenne Twister
 * (MT19937-64) whose u64 seed is the `--seed` value expanded by rand_core's
 * `seed_from_u64` (two PCG32 outputs, little-endian). A u128 is two draws,
 * the first as the low half.
 */

const MASK_64 = (1n << 64n) - 1n;
const MASK_32 = (1n << 32n) - 1n;
const STATE_WORDS = 312;
const MIDDLE = 156;
const MATRIX_A = 0xb5026f5aa96619e9n;
const UPPER_33 = 0xffffffff80000000n;
const LOWER_31 = 0x7fffffffn;
const INIT_MULTIPLIER = 6364136223846793005n;
const PCG_INCREMENT = 11634580027462260723n;

/**
 * rand_core's `seed_from_u64`: PCG32 outputs written little-endian into the
 * generator's 8-byte seed, read back as a little-endian u64.
 *
 * @param seed - The user's seed.
 * @returns The Mersenne Twister's u64 seed.
 */
function expandSeed(seed: bigint): bigint {
  let state = seed;
  let out = 0n;
  for (let word = 0n; word < 2n; word++) {
    state = (state * INIT_MULTIPLIER + PCG_INCREMENT) & MASK_64;
    const xorShifted = (((state >> 18n) ^ state) >> 27n) & MASK_32;
    const rotation = state >> 59n;
    const rotated =
      ((xorShifted >> rotation) | (xorShifted << ((32n - rotation) & 31n))) &
      MASK_32;
    out |= rotated << (32n * word);
  }
  return out;
}

/** MT19937-64, the reference algorithm (Matsumoto and Nishimura, 2004). */
class MersenneTwister64 {
  readonly #state: bigint[] = [];

  #index = STATE_WORDS;

  /**
   * Fills the state from a u64 seed (the reference `init_genrand64`).
   *
   * @param seed - The seed.
   */
  constructor(seed: bigint) {
    this.#state.push(seed & MASK_64);
    for (let i = 1; i < STATE_WORDS; i++) {
      const previous = this.#state[i - 1] ?? 0n;
      this.#state.push(
        (INIT_MULTIPLIER * (previous ^ (previous >> 62n)) + BigInt(i)) &
          MASK_64,
      );
    }
  }

  /**
   * The next tempered u64.
   *
   * @returns The number.
   */
  next(): bigint {
    if (this.#index >= STATE_WORDS) {
      this.#regenerate();
    }
    let value = this.#state[this.#index] ?? 0n;
    this.#index += 1;
    value ^= (value >> 29n) & 0x5555555555555555n;
    value ^= (value << 17n) & 0x71d67fffeda60000n;
    value ^= (value << 37n) & 0xfff7eee000000000n;
    value ^= value >> 43n;
    return value & MASK_64;
  }

  /** Twists the whole state once its words are used up. */
  #regenerate(): void {
    const state = this.#state;
    for (let i = 0; i < STATE_WORDS; i++) {
      const mixed =
        ((state[i] ?? 0n) & UPPER_33) |
        ((state[(i + 1) % STATE_WORDS] ?? 0n) & LOWER_31);
      state[i] =
        (state[(i + MIDDLE) % STATE_WORDS] ?? 0n) ^
        (mixed >> 1n) ^
        ((mixed & 1n) === 1n ? MATRIX_A : 0n);
    }
    this.#index = 0;
  }
}

/**
 * starknet-devnet's predeployed private keys for a seed (u32).
 *
 * @param seed - The seed (0 to 2^32 - 1).
 * @param count - How many keys.
 * @returns The keys, in account order.
 */
export function devnetPrivateKeys(seed: number, count: number): bigint[] {
  const generator = new MersenneTwister64(expandSeed(BigInt(seed)));
  const keys: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const low = generator.next();
    const high = generator.next();
    keys.push((high << 64n) | low);
  }
  return keys;
}
