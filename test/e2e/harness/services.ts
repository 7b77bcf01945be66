/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- test code runs in plain Node, not inside n8n: it runs PostgreSQL, Redis and apt-get as processes */
/**
 * The services n8n's queue mode needs, as our users run them: one PostgreSQL and one Redis, from
 * Debian's packages (`postgresql`, `redis-server`), installed with apt-get when missing (CI is a
 * fresh machine). The system services are never used: each run starts private ones on free
 * loopback ports, with their files in one folder under the system temp dir, and stops them
 * (pg_ctl -m fast stop; SIGTERM to Redis, which saves nothing) and removes the folder in stop().
 * A run killed outright leaves them behind: the next run stops them and removes the folder
 * (install.ts's removeAbandoned, as for an abandoned n8n install).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../helpers/net';
import { processAlive, removeAbandoned, runSync as run } from './install';
import { ServerProcess } from './instance';

function log(message: string): void {
	process.stderr.write(`[queue services] ${message}\n`);
}

const isRoot = () => process.getuid?.() === 0;

/** Debian puts PostgreSQL's server programs in /usr/lib/postgresql/<major>/bin, off PATH. */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const majors = fs
		.readdirSync(root)
		.filter((major) => fs.existsSync(path.join(root, major, 'bin', 'initdb')) && fs.existsSync(path.join(root, major, 'bin', 'pg_ctl')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

function onPath(command: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The Debian packages queue mode needs, with apt-get when one is missing (root, or sudo without a password). */
export function ensurePackages(): void {
	const missing = [...(postgresBin() && onPath('psql') ? [] : ['postgresql']), ...(onPath('redis-server') ? [] : ['redis-server'])];
	if (!missing.length) return;
	const sudo = isRoot() ? [] : ['sudo', '-n'];
	if (!isRoot() && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
		throw new Error(`queue mode needs Debian's ${missing.join(' and ')}: run \`sudo apt-get install -y ${missing.join(' ')}\``);
	}
	const started = Date.now();
	log(`installing ${missing.join(' and ')} with apt-get (once per machine, about a minute)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	// Other apt-get runs on the machine hold dpkg's lock for a while: wait for it rather than fail.
	const apt = (args: string[]) => {
		const [command, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
		run(command, rest, { env, stdio: ['ignore', 'ignore', 'pipe'] });
	};
	apt(['update', '-q']);
	apt(['install', '-y', '-q', '--no-install-recommends', ...missing]);
	if (!postgresBin() || !onPath('redis-server')) throw new Error(`apt-get installed ${missing.join(' and ')}, but initdb or redis-server is still missing`);
	log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * PostgreSQL refuses to run as root; Debian's package creates the `postgres` system user for it.
 * As anyone else, the programs run as that user.
 */
function asServerUser(command: string, args: string[]): [string, string[]] {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function pgCtl(bin: string, args: string[]): string {
	const [command, rest] = asServerUser(path.join(bin, 'pg_ctl'), args);
	return run(command, rest);
}

const FOLDER_PREFIX = 'engagedly-queue-';

/** The services of a run whose process is gone (removeAbandoned), stopped. */
function stopAbandoned(folder: string): void {
	log(`stopping the services of a run whose process is gone: ${folder}`);
	const data = path.join(folder, 'postgres');
	const bin = postgresBin();
	if (bin && fs.existsSync(path.join(data, 'postmaster.pid'))) {
		try {
			pgCtl(bin, ['-D', data, '-m', 'immediate', '-w', 'stop']);
		} catch {
			// not running any more
		}
	}
	const redisPid = Number(fs.existsSync(path.join(folder, 'redis.pid')) ? fs.readFileSync(path.join(folder, 'redis.pid'), 'utf8') : NaN);
	if (redisPid > 0 && processAlive(redisPid)) process.kill(redisPid, 'SIGKILL');
}

export interface Postgres {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
}

export interface Redis {
	host: string;
	port: number;
}

/** One command to Redis over its protocol (no redis-cli needed); resolves with its first reply line. */
function redisCommand(port: number, command: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ port, host: '127.0.0.1' });
		let reply = '';
		socket.once('error', reject);
		socket.once('connect', () => socket.write(`${command}\r\n`));
		socket.on('data', (chunk: Buffer) => {
			reply += chunk.toString();
			if (reply.includes('\r\n')) {
				socket.destroy();
				resolve(reply.split('\r\n')[0]);
			}
		});
		socket.once('close', () => resolve(reply.split('\r\n')[0]));
	});
}

export class QueueServices {
	private redisProcess?: ServerProcess;

	private postgresData?: string;

	private constructor(
		readonly folder: string,
		readonly postgres: Postgres,
		readonly redis: Redis,
	) {}

	/** Installs the packages when missing, then starts a private PostgreSQL (with n8n's database) and Redis. */
	static async start(): Promise<QueueServices> {
		ensurePackages();
		removeAbandoned(os.tmpdir(), new RegExp(`^${FOLDER_PREFIX}(\\d+)-`), stopAbandoned);
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
		const services = new QueueServices(
			folder,
			{ host: '127.0.0.1', port: await freePort(), database: 'n8n', user: 'n8n', password: 'n8n-queue-e2e' },
			{ host: '127.0.0.1', port: await freePort() },
		);
		try {
			await services.startPostgres();
			await services.startRedis();
		} catch (error) {
			await services.stop();
			throw error;
		}
		return services;
	}

	/** n8n's settings for this database and queue: the same for main and every worker. */
	n8nEnv(): NodeJS.ProcessEnv {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: this.postgres.host,
			DB_POSTGRESDB_PORT: String(this.postgres.port),
			DB_POSTGRESDB_DATABASE: this.postgres.database,
			DB_POSTGRESDB_USER: this.postgres.user,
			DB_POSTGRESDB_PASSWORD: this.postgres.password,
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: this.redis.host,
			QUEUE_BULL_REDIS_PORT: String(this.redis.port),
		};
	}

	/** `psql -c <sql>` as the database's owner: the rows, tab-separated, one a line. */
	psql(sql: string): string[] {
		const out = run('psql', ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-h', this.postgres.host, '-p', String(this.postgres.port), '-U', this.postgres.user, '-d', this.postgres.database, '-c', sql], {
			env: { ...process.env, PGPASSWORD: this.postgres.password, PGCONNECT_TIMEOUT: '30' },
		});
		return out.split('\n').filter((line) => line !== '');
	}

	private async startPostgres(): Promise<void> {
		const bin = postgresBin()!;
		const data = path.join(this.folder, 'postgres');
		fs.mkdirSync(data, { mode: 0o700 });
		if (isRoot()) {
			run('chown', ['postgres:postgres', data]);
			// The server user must reach its data folder inside ours.
			fs.chmodSync(this.folder, 0o755);
		}
		const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
		run(initdb, initArgs);
		this.postgresData = data;
		// The socket goes into the data folder (the default, /var/run/postgresql, may not exist);
		// n8n and psql use TCP on loopback. fsync off: a throwaway database.
		const options = `-p ${this.postgres.port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
		pgCtl(bin, ['-D', data, '-l', path.join(data, 'server.log'), '-o', options, '-w', '-t', '120', 'start']);
		const { user, password, database } = this.postgres;
		run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(this.postgres.port), '-U', 'postgres', '-d', 'postgres', '-c', `CREATE USER ${user} PASSWORD '${password}'`, '-c', `CREATE DATABASE ${database} OWNER ${user}`]);
		log(`PostgreSQL on 127.0.0.1:${this.postgres.port} (${data})`);
	}

	private async startRedis(): Promise<void> {
		const { port } = this.redis;
		const redis = new ServerProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.folder], process.env);
		this.redisProcess = redis;
		if (redis.child.pid) fs.writeFileSync(path.join(this.folder, 'redis.pid'), String(redis.child.pid));
		await redis.ready(`redis-server on port ${port}`, async () => (await redisCommand(port, 'PING')) === '+PONG', 60_000);
		log(`Redis on 127.0.0.1:${port}`);
	}

	/** Stops both (whatever state they are in) and removes the folder. */
	async stop(): Promise<void> {
		await this.redisProcess?.stop();
		const data = this.postgresData;
		this.postgresData = undefined;
		if (data && fs.existsSync(path.join(data, 'postmaster.pid'))) {
			try {
				pgCtl(postgresBin()!, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
			} catch (error) {
				log(`pg_ctl stop: ${(error as Error).message}; stopping it immediately`);
				pgCtl(postgresBin()!, ['-D', data, '-m', 'immediate', '-w', 'stop']);
			}
		}
		fs.rmSync(this.folder, { recursive: true, force: true });
	}
}
