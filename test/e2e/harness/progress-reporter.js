/**
 * A jest reporter for the end-to-end suite: a line when each file starts, and every 45 seconds
 * while one runs (its real n8n processes, the trigger's once-a-minute polls), so that a log is
 * never silent for a minute and says where the time goes. Jest's own reporter prints the results.
 */
const path = require('node:path');

const minutesAndSeconds = (ms) => {
	const seconds = Math.round(ms / 1000);
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

class ProgressReporter {
	constructor(globalConfig) {
		this.rootDir = globalConfig.rootDir;
		this.running = new Map();
	}

	say(line) {
		process.stderr.write(`[e2e] ${line}\n`);
	}

	onRunStart() {
		this.timer = setInterval(() => {
			for (const [file, started] of this.running) this.say(`${path.relative(this.rootDir, file)}: running, ${minutesAndSeconds(Date.now() - started)} so far`);
		}, 45_000);
		this.timer.unref();
	}

	onTestFileStart(test) {
		this.running.set(test.path, Date.now());
		this.say(`${path.relative(this.rootDir, test.path)}: started`);
	}

	onTestFileResult(test) {
		this.running.delete(test.path);
	}

	onRunComplete() {
		clearInterval(this.timer);
	}
}

module.exports = ProgressReporter;
