/**
 * The order a plan's writes go in, decided before any is written: a step naming a user this run
 * creates (a new hire whose manager starts the same day) comes in a wave after that creation, so
 * it can name them by their new id. Whether a creation succeeds is for the apply stage to see.
 */

export interface Ordered {
	/** The address (emailKey) of the user the step creates, if it creates one. */
	creates?: string;
	/** The addresses of the new users the step names. */
	names: readonly string[];
}

export interface WriteOrder {
	/** The steps' indexes, wave by wave, each wave in the plan's order. */
	waves: number[][];
	/** Steps that wait, directly or through others, on a creation that waits on them: never written. */
	circular: number[];
}

export function writeOrder(steps: readonly Ordered[]): WriteOrder {
	const creator = new Map<string, number>();
	steps.forEach((step, index) => {
		if (step.creates !== undefined) creator.set(step.creates, index);
	});
	// A step's wave, or null when it waits on itself through the creations it names; a step met
	// again before its wave is known is on a ring.
	const waveOf = new Map<number, number | null>();
	const placing = new Set<number>();
	const place = (index: number): number | null => {
		const known = waveOf.get(index);
		if (known !== undefined) return known;
		if (placing.has(index)) return null;
		placing.add(index);
		let wave: number | null = 0;
		for (const address of steps[index].names) {
			const by = creator.get(address);
			// Nobody creates them: the step comes at once, and fails there for want of their id.
			if (by === undefined) continue;
			const before = place(by);
			wave = before === null || wave === null ? null : Math.max(wave, before + 1);
		}
		waveOf.set(index, wave);
		return wave;
	};
	const waves: number[][] = [];
	const circular: number[] = [];
	steps.forEach((_, index) => {
		const wave = place(index);
		if (wave === null) circular.push(index);
		else (waves[wave] ??= []).push(index);
	});
	return { waves, circular };
}
