/**
 * The order of a plan's writes (actions/user/sync/order.ts): a step naming a user created in the
 * same run waits for that creation. test/user/sync.test.ts runs new hires who name each other
 * through the engine; this is the rule on its own, each case a row.
 */
import type { Ordered } from '../../nodes/Engagedly/actions/user/sync/order';
import { writeOrder } from '../../nodes/Engagedly/actions/user/sync/order';

const hire = (address: string, ...names: string[]): Ordered => ({ creates: address, names });
const update = (...names: string[]): Ordered => ({ names });

describe('writeOrder: each write after the creations it names', () => {
	test.each<[string, Ordered[], number[][], number[]]>([
		['no steps', [], [], []],
		['nobody names a new user: the plan order, in one wave', [update(), hire('a'), update()], [[0, 1, 2]], []],
		['a manager hired later in the plan comes first', [hire('b', 'a'), hire('a')], [[1], [0]], []],
		['a manager hired earlier in the plan: still a wave after', [hire('a'), update('a'), hire('c')], [[0, 2], [1]], []],
		['a chain of three new hires', [hire('c', 'b'), hire('b', 'a'), hire('a')], [[2], [1], [0]], []],
		['a step waits for the last of the creations it names', [update('a', 'b'), hire('b', 'a'), hire('a')], [[2], [1], [0]], []],
		['an address nobody creates: at once (it fails there)', [update('x'), hire('a')], [[0, 1]], []],
		['one hire names itself', [hire('a', 'a'), update()], [[1]], [0]],
		['two new hires who are each other’s manager', [hire('a', 'b'), hire('b', 'a'), update()], [[2]], [0, 1]],
		['a ring of three, and one who names a hire in it', [hire('a', 'c'), hire('b', 'a'), hire('c', 'b'), update('b')], [], [0, 1, 2, 3]],
		['one who names a hire in a ring, placed before the ring is seen', [update('b'), hire('a', 'b'), hire('b', 'a'), hire('d')], [[3]], [0, 1, 2]],
		['one address named twice counts once', [update('a', 'a'), hire('a')], [[1], [0]], []],
	])('%s', (_name, steps, waves, circular) => {
		expect(writeOrder(steps)).toEqual({ waves, circular });
	});
});
