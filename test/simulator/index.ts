/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/** The Engagedly simulator's programmatic API: README.md next to this file documents it. */
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

/** What each option and member means: README.md, "Programmatic API". */
export interface SimulatorOptions {
	port?: number;
	host?: string;
	seed?: number | string;
	users?: number;
	rateLimit?: number;
	timeScale?: number;
	rateLimitHeaders?: boolean;
	keys?: ApiKeyConfig[];
	profile?: Profile;
}

export interface Simulator {
	readonly baseUrl: string;
	readonly port: number;
	readonly profile: Profile;
	readonly keys: { demo: KeyPair; readOnly: KeyPair; [name: string]: KeyPair };
	readonly store: Store;
	readonly log: RequestLogEntry[];
	clearLog(): void;
	reset(options?: { seed?: number | string; users?: number }): void;
	setRateLimit(options: Partial<RateLimitSettings>): void;
	setPraiseQuirks(quirks: Partial<Store['praiseQuirks']>): void;
	setErrorBodies(settings: Partial<ErrorBodySettings>): void;
	setFriendlyUsers(switches: Partial<Store['friendlyUsers']>): void;
	resetRateLimit(): void;
	readonly faults: FaultRegistry;
	stop(): Promise<void>;
}

const DEMO_KEY: KeyPair = { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' };
const READ_ONLY_KEY: KeyPair = { clientKey: 'readonly-client-key', secretKey: 'readonly-secret-key' };

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

export type { RequestLogEntry } from './server';
export type {
	UserRecord,
	PraiseRecord,
	PermissionRecord,
	AttributeRecord,
	CertificateRecord,
	LearningResourceRecord,
	LearnerRow,
} from './store';
export { PROFILES, isProfile, profileFromEnvironment, type Profile } from './profiles';
