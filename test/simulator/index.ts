/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The Engagedly simulator's programmatic API (see README.md next to this file).
 *
 * ```ts
 * const sim = await startSimulator({ port: 0, seed: 1 });
 * // ... point a client at `${sim.baseUrl}/beta` with sim.keys.demo ...
 * await sim.stop();
 * ```
 */
import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { FaultRegistry } from './faults';
import type { ErrorBodySettings } from './http';
import type { Profile } from './profiles';
import { RateLimiter, type RateLimitSettings } from './rateLimit';
import { createServer, listen, type ApiKeyConfig, type RequestLogEntry } from './server';
import { generateOrganisation } from './seed';
import { Store } from './store';

export interface KeyPair {
	clientKey: string;
	secretKey: string;
}

export interface SimulatorOptions {
	/** 0 (default) = a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Deterministic data (number or string); default 1. */
	seed?: number | string;
	/** Users in the organisation, the admin included; default 250. */
	users?: number;
	/** Requests per window per ClientKey; default 200. */
	rateLimit?: number;
	/** 60 = a "minute" lasts one second; default 1. */
	timeScale?: number;
	/**
	 * Whether answers carry X-RateLimit-Limit, -Remaining and -Reset (the vendor's names, which the
	 * contract does not give): default only in the vendor profile. See setRateLimit({ headers }).
	 */
	rateLimitHeaders?: boolean;
	/**
	 * Extra key pairs (or replacements of the defaults, by clientKey). The defaults are always
	 * there: demo (full access) and read-only, both owned by the admin.
	 */
	keys?: ApiKeyConfig[];
	/**
	 * Whose shapes the answers take: `contract` (default, engagedly-api.md) or `vendor` (the
	 * vendor's OpenAPI description and examples, where they differ; see profiles.ts).
	 */
	profile?: Profile;
}

export interface Simulator {
	/** `http://127.0.0.1:<port>`; the API is at `${baseUrl}/beta` and `${baseUrl}/api/beta`. */
	readonly baseUrl: string;
	readonly port: number;
	/** Whose shapes the answers take (fixed for the simulator's life). */
	readonly profile: Profile;
	/** `demo`, `readOnly`, plus every configured key that has a `name`. */
	readonly keys: { demo: KeyPair; readOnly: KeyPair; [name: string]: KeyPair };
	/** The live state: read it to assert, call its helpers to simulate web-app changes. */
	readonly store: Store;
	/** Every request, in arrival order of completion. */
	readonly log: RequestLogEntry[];
	clearLog(): void;
	/** Fresh data (same Store object), empty log, rate-limit counters and faults cleared. */
	reset(options?: { seed?: number | string; users?: number }): void;
	/**
	 * Also Engagedly's clock (`clockOffsetMs`), the reset's rounding and whether answers carry the
	 * X-RateLimit-* headers (`headers`, off in the contract profile); stays in force across reset().
	 */
	setRateLimit(options: Partial<RateLimitSettings>): void;
	/** Switches for a less convenient praise feed (see Store.praiseQuirks); stay in force across reset(). */
	setPraiseQuirks(quirks: Partial<Store['praiseQuirks']>): void;
	/**
	 * The friendly side of error bodies: `{ documentedShape: true }` answers every error as
	 * `{error_type, errors: [{field, message, code}]}`; stays in force across reset().
	 */
	setErrorBodies(settings: Partial<ErrorBodySettings>): void;
	/** The kinder side of what the contract leaves open about users (see Store.friendlyUsers); stays in force across reset(). */
	setFriendlyUsers(switches: Partial<Store['friendlyUsers']>): void;
	resetRateLimit(): void;
	readonly faults: FaultRegistry;
	stop(): Promise<void>;
}

export const DEMO_KEY: KeyPair = { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' };
export const READ_ONLY_KEY: KeyPair = { clientKey: 'readonly-client-key', secretKey: 'readonly-secret-key' };

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const host = options.host ?? '127.0.0.1';
	let seed = options.seed ?? 1;
	let users = options.users ?? 250;
	const store = new Store({ seed, users });
	const profile = options.profile ?? 'contract';
	// The vendor's file names the rate-limit headers; the contract does not (see rateLimit.ts).
	const limiter = new RateLimiter({ limit: options.rateLimit ?? 200, timeScale: options.timeScale ?? 1, headers: options.rateLimitHeaders ?? profile === 'vendor' });
	store.clock = () => limiter.serverNow();
	const faults = new FaultRegistry();
	const log: RequestLogEntry[] = [];

	const configured: ApiKeyConfig[] = [
		{ name: 'demo', ...DEMO_KEY },
		{ name: 'readOnly', ...READ_ONLY_KEY, readOnly: true },
	];
	for (const key of options.keys ?? []) {
		const i = configured.findIndex((k) => k.clientKey === key.clientKey);
		if (i >= 0) configured[i] = { ...configured[i], ...key };
		else configured.push(key);
	}
	const keys = { demo: DEMO_KEY, readOnly: READ_ONLY_KEY } as Simulator['keys'];
	for (const key of configured) if (key.name) keys[key.name] = { clientKey: key.clientKey, secretKey: key.secretKey };

	const errorBodies: ErrorBodySettings = { documentedShape: false };
	const server = createServer({ store, limiter, faults, keys: () => configured, log, profile, errorBodies });
	const sockets = new Set<Socket>();
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	const address = await listen(server, options.port ?? 0, host);
	const visibleHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	const baseUrl = `http://${visibleHost}:${address.port}`;
	store.baseUrl = baseUrl;

	return {
		baseUrl,
		port: address.port,
		profile,
		keys,
		store,
		log,
		clearLog: () => {
			log.length = 0;
		},
		reset: (next = {}) => {
			seed = next.seed ?? seed;
			users = next.users ?? users;
			store.load(generateOrganisation({ seed, users }));
			log.length = 0;
			limiter.reset();
			faults.clear();
		},
		setRateLimit: (changes) => limiter.set(changes),
		setPraiseQuirks: (quirks) => {
			store.praiseQuirks = { ...store.praiseQuirks, ...quirks };
		},
		setErrorBodies: (settings) => Object.assign(errorBodies, settings),
		setFriendlyUsers: (switches) => {
			store.friendlyUsers = { ...store.friendlyUsers, ...switches };
		},
		resetRateLimit: () => limiter.reset(),
		faults,
		stop: () => stopServer(server, sockets),
	};
}

function stopServer(server: http.Server, sockets: Set<Socket>): Promise<void> {
	return new Promise((resolve) => {
		if (!server.listening) return resolve();
		server.close(() => resolve());
		// Keep-alive connections would hold close() open; requests in flight are cut short.
		for (const socket of sockets) socket.destroy();
	});
}

export { Store } from './store';
export type { ApiKeyConfig, RequestLogEntry } from './server';
export type { FaultKind, FaultSpec, Fault } from './faults';
export type { ResourceFamily } from './router';
export type { RateLimitSettings } from './rateLimit';
export type { ErrorBodySettings } from './http';
export type {
	UserRecord,
	UserStatus,
	PraiseRecord,
	OrgUnitRecord,
	LocationRecord,
	JobTitleRecord,
	PermissionRecord,
	AttributeRecord,
	CertificateRecord,
	LearningResourceRecord,
	LearnerRow,
} from './store';
export { SEED_ANCHOR } from './seed';
export { PROFILES, isProfile, profileFromEnvironment, type Profile } from './profiles';
