/**
 * One simulator per file (or describe block): started before its tests, stopped after them and,
 * unless the file says otherwise, reset before each test. The hooks are registered where
 * `useSimulator` is called, so hooks added after it run once the simulator is up and after the
 * reset. Tests that start several simulators on purpose call `startSimulator` themselves.
 */
import { forgetCooldowns } from '../../nodes/Engagedly/transport/cooldowns';
import { forgetKeyCounts } from '../../nodes/Engagedly/transport/keyCounts';
import { documentedWindow } from '../../nodes/Engagedly/transport/rateLimit';
import axios from 'axios';

import type { RequestLogEntry, Simulator, SimulatorOptions } from '../simulator';
import { profileFromEnvironment, startSimulator } from '../simulator';
import type { EngagedlyCredentials } from './engine';

/** The node's credentials for a simulator: its demo key pair (full access) and its address. */
export const credentialsFor = (sim: Pick<Simulator, 'keys' | 'baseUrl'>): EngagedlyCredentials => ({
	...sim.keys.demo,
	baseUrl: sim.baseUrl,
});

/** The requests the simulator logged for one route, e.g. `GET /beta/activities/praises`. */
export const requestsTo = (sim: Pick<Simulator, 'log'>, route: string): RequestLogEntry[] =>
	sim.log.filter((entry) => entry.route === route);

/**
 * Requests another workflow on the same key sends meanwhile (`GET /beta/permissions`), not
 * through the node: the statuses the simulator answered, 429s included.
 */
export async function otherWorkflow(sim: Pick<Simulator, 'keys' | 'baseUrl'>, requests = 1): Promise<number[]> {
	const headers = { ClientKey: sim.keys.demo.clientKey, SecretKey: sim.keys.demo.secretKey };
	const statuses: number[] = [];
	for (let i = 0; i < requests; i++) {
		statuses.push((await axios.get(`${sim.baseUrl}/beta/permissions`, { headers, validateStatus: () => true })).status);
	}
	return statuses;
}

/**
 * Praise ids in the order the feed dates them, oldest first (the trigger's order): by
 * `activity_date`, then id. Praises posted together may share a timestamp (the simulator keeps
 * whole seconds by default), and their ids need not grow with time, so the order they were
 * posted in is not one a client can know.
 */
export const inFeedOrder = (sim: Pick<Simulator, 'store'>, ids: number[]): number[] => {
	const at = (id: number) => Date.parse(sim.store.praises.get(id)!.activity_date);
	return [...ids].sort((a, b) => at(a) - at(b) || a - b);
};

/**
 * Praises posted a millisecond apart, oldest first, after the newest there is: each of its own
 * time, so the order a trigger emits them in is known. Posted in a loop, many would share a
 * millisecond, and a poll reads past every praise of the newest time (a new one may share it): a
 * request per 50 of them, which would blur request counts; shared times are
 * test/trigger/praiseOrder.test.ts's subject. Dated on Engagedly's clock, a minute back at the
 * latest, so that however fast a test posts, none is dated ahead of it
 * (test/trigger/feedMoves.test.ts has those).
 */
export function postApart(sim: Pick<Simulator, 'store'>, count: number): number[] {
	const newest = Math.max(sim.store.clock() - 60_000, ...[...sim.store.praises.values()].map((praise) => Date.parse(praise.activity_date)));
	return Array.from({ length: count }, (_, i) => sim.store.addPraise({ activity_date: new Date(newest + 1 + i).toISOString() }).id);
}

export interface SimulatorLifecycle {
	/**
	 * Before every test: `'each'` (the default) resets the organisation, `'never'` leaves it to
	 * the file (suites that build up state across tests, or reset per describe block), and a
	 * function runs instead of the plain reset (a reset to another size, a rate limit to restore).
	 */
	reset?: 'each' | 'never' | ((sim: Simulator) => void | Promise<void>);
}

export type SimulatorHandle = Simulator & {
	/** `credentialsFor` this simulator. */
	credentials(): EngagedlyCredentials;
};

/**
 * The handle is usable at once (`sim.store`, `sim.log`, `sim.keys.demo`): it forwards to the
 * running simulator, which exists only from `beforeAll` on. `options` may be a function for
 * options that need a lookup first (run in `beforeAll`). Without a `profile` in them,
 * `ENGAGEDLY_SIMULATOR_PROFILE` picks it (`npm run test:vendor`).
 */
export function useSimulator(
	options: SimulatorOptions | (() => SimulatorOptions | Promise<SimulatorOptions>) = {},
	lifecycle: SimulatorLifecycle = {},
): SimulatorHandle {
	let started: Simulator | undefined;
	const running = (): Simulator => {
		if (!started) throw new Error('The simulator starts in beforeAll: use it in hooks and tests, not while the file loads');
		return started;
	};

	beforeAll(async () => {
		const chosen = typeof options === 'function' ? await options() : options;
		started = followedByTheNode(await startSimulator({ profile: profileFromEnvironment(), ...chosen }), chosen);
	});
	// A failed start has nothing to stop, and its own error is the one worth reading.
	afterAll(async () => {
		Object.assign(documentedWindow, DOCUMENTED);
		await started?.stop();
	});
	const reset = lifecycle.reset ?? 'each';
	if (reset === 'each') beforeEach(() => running().reset());
	else if (reset !== 'never') beforeEach(async () => await reset(running()));
	// The node remembers a cooldown Engagedly announced on a key, and the requests sent on it, for
	// every run in the process; a simulator reset ends both on Engagedly's side, so each test starts
	// with none known, on the real clock.
	beforeEach(() => {
		forgetCooldowns();
		forgetKeyCounts();
	});
	afterEach(() => jest.useRealTimers());

	const credentials = () => credentialsFor(running());
	return new Proxy({} as SimulatorHandle, {
		get: (_target, key) => (key === 'credentials' ? credentials : Reflect.get(running(), key)),
	});
}

const DOCUMENTED = { ...documentedWindow };

/**
 * The simulator's minute is the node's: where answers carry no rate-limit header, the node counts
 * requests against the documented 200 a minute (transport/rateLimit.ts, documentedWindow), and a
 * suite that shortens the simulator's minute (timeScale) shortens the node's with it. The limit
 * stays the documented 200: a suite that lowers the simulator's is an Engagedly that allows less
 * than its documentation says (others on the key spent it), which the node learns from a 429; a
 * suite that means a documented limit other than 200 sets `documentedWindow.limit` itself. And the
 * simulator's limiter starting afresh (reset(), resetRateLimit(): as n8n's once-a-minute polls
 * meet a fresh window) is the window passing for the node too: the requests it counted on the key
 * are forgotten with it.
 */
export function followedByTheNode(sim: Simulator, options: SimulatorOptions): Simulator {
	let timeScale = options.timeScale ?? 1;
	const follow = () => Object.assign(documentedWindow, { ...DOCUMENTED, windowMs: DOCUMENTED.windowMs / timeScale });
	follow();
	const { setRateLimit, resetRateLimit, reset } = sim;
	sim.reset = (next) => {
		reset(next);
		forgetKeyCounts();
	};
	sim.setRateLimit = (changes) => {
		setRateLimit(changes);
		if (changes.timeScale !== undefined) timeScale = changes.timeScale;
		follow();
	};
	sim.resetRateLimit = () => {
		resetRateLimit();
		forgetKeyCounts();
	};
	return sim;
}

/**
 * Engagedly's cooldown on the key is over: the simulator's limiter starts afresh, and the clock
 * this process reads (Date only: timers run as ever) moves `ms` on, past the cooldown the node
 * remembers (the key's, and a trigger's saved one), as those minutes would have passed. It runs
 * on from there until the test ends.
 */
export function cooldownOver(sim: Pick<Simulator, 'resetRateLimit'>, ms = 61_000): void {
	sim.resetRateLimit();
	jest.useFakeTimers({
		now: Date.now() + ms,
		advanceTimers: true,
		doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
	});
}
