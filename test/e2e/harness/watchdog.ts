/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in plain Node, not inside n8n: it starts a process */
/**
 * The parent's side of scripts/watchdog.mjs: tell it which process groups and folders to clean
 * up, and `finish()` to have it clean up now and wait for it. If the parent dies first (even by
 * SIGKILL) its end of the pipe closes and the watchdog cleans up all the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { REPO_ROOT } from './install';

export class Watchdog {
	private readonly child: ChildProcess;
	private readonly exited: Promise<void>;

	constructor() {
		this.child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'watchdog.mjs')], {
			detached: true,
			stdio: ['pipe', 'ignore', 'ignore'],
		});
		this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
		// Only the demo's own work keeps the parent running, never its cleaner.
		this.child.unref();
		(this.child.stdin as unknown as { unref(): void }).unref();
	}

	private send(command: string, argument: string | number): void {
		this.child.stdin!.write(`${command} ${String(argument)}\n`);
	}

	/** On cleanup, stop the process group led by `pid` (a process spawned with `detached: true`). */
	group(pid: number): void {
		this.send('group', pid);
	}

	release(pid: number): void {
		this.send('release', pid);
	}

	/** On cleanup, delete `folder`. */
	remove(folder: string): void {
		this.send('remove', path.resolve(folder));
	}

	keep(folder: string): void {
		this.send('keep', path.resolve(folder));
	}

	/** Clean up now (stop the groups, delete the folders) and wait until it is done. */
	async finish(): Promise<void> {
		this.child.ref();
		this.child.stdin!.end();
		await this.exited;
	}
}
