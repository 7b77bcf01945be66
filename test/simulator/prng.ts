/**
 * A small deterministic PRNG so that a seed always produces the same organisation, on every
 * machine and Node version (Math.random is neither seedable nor stable across runs).
 */

/** FNV-1a over the seed's text, so `1`, `'1'` and `'demo'` are all valid seeds. */
export function hashSeed(seed: number | string): number {
	const text = String(seed);
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** mulberry32: 32 bits of state, good enough spread for test data, trivially reproducible. */
export class Prng {
	private state: number;

	constructor(seed: number | string) {
		this.state = hashSeed(seed) || 0x9e3779b9;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max], both ends included. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	bool(probability = 0.5): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** `count` distinct items, in the order drawn. */
	sample<T>(items: readonly T[], count: number): T[] {
		const pool = items.slice();
		const out: T[] = [];
		while (out.length < count && pool.length > 0) {
			out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
		}
		return out;
	}

	hex(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
		return out;
	}

	/** A version-4-shaped UUID (the service's user, department and business ids look like this). */
	uuid(): string {
		const variant = (8 + Math.floor(this.next() * 4)).toString(16);
		return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
	}
}
