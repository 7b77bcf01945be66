/**
 * The cleaner of `npm start` (see test/e2e/harness/watchdog.ts, which starts it): whatever ends
 * the demo, Ctrl-C, a closed terminal, an error or `kill -9`, it stops the processes and deletes
 * the folders the demo made. It runs in a process group of its own, so the signals that stop the
 * demo do not stop it, and it reads commands from its parent through stdin:
 *
 *   group <pid>     on cleanup, stop that process group (SIGTERM, SIGKILL 10 s later)
 *   release <pid>   forget that group (it has stopped)
 *   remove <path>   on cleanup, delete that folder
 *   keep <path>     forget that folder (it became permanent, like a finished n8n install)
 *
 * Cleanup runs when stdin ends, which happens when the parent closes it or dies, however it dies.
 * Then this process exits.
 */
import fs from 'node:fs';
import readline from 'node:readline';

const groups = new Set();
const folders = new Set();

readline.createInterface({ input: process.stdin }).on('line', (line) => {
	const space = line.indexOf(' ');
	const [command, argument] = [line.slice(0, space), line.slice(space + 1)];
	if (command === 'group') groups.add(Number(argument));
	else if (command === 'release') groups.delete(Number(argument));
	else if (command === 'remove') folders.add(argument);
	else if (command === 'keep') folders.delete(argument);
});

const alive = (pgid) => {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
};
const signal = (pgid, name) => {
	try {
		process.kill(-pgid, name);
	} catch {
		// already gone
	}
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

process.stdin.on('close', async () => {
	for (const pgid of groups) signal(pgid, 'SIGTERM');
	for (let waited = 0; waited < 10_000 && [...groups].some(alive); waited += 200) await sleep(200);
	for (const pgid of groups) if (alive(pgid)) signal(pgid, 'SIGKILL');
	for (let waited = 0; waited < 5_000 && [...groups].some(alive); waited += 200) await sleep(200);
	for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
	process.exit(0);
});
// The parent's pipe is the only thing that may keep this process alive.
for (const name of ['SIGINT', 'SIGHUP']) process.on(name, () => undefined);
