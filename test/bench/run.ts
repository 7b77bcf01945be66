/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark script that runs in plain Node */
/**
 * `npm run bench`: the package's performance claims, measured against the simulator under
 * Engagedly's real limit (200 requests a minute per key). Where time matters (listing, sharing a
 * key) a "minute" lasts 10 real seconds: long against a request's few milliseconds here, as
 * Engagedly's minute is against its 0.3 to 0.5 s, so waiting for a window or meeting a 429 costs
 * what it would. Where only requests are counted (the trigger, the pickers) a minute lasts one
 * second, to keep the run short. Everything is reported as counts and as ratios to the limit's
 * floor or to a naive client measured in the same run, never as absolute timings to compare
 * across machines. Writes bench/RESULTS.md; `npm run bench:n8n` measures in real n8n.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { credentialsFor, followedByTheNode } from '../helpers/simulator';
import { directoryPage, peopleBench } from './people';
import { sharingBench } from './sharing';
import { besideBench, nightsBySizeBench, syncSections } from './sync';
import { startSimulator, type Simulator } from '../simulator';
import { ordinaryUsers } from '../user/helpers';

const USERS = 10_000;
/** Listed by the naive client and the node: 240 requests of 50, more than one window's 200. */
const LISTED = 12_000;
const LIMIT = 200;
const TIME_SCALE = 60;
/** Where time is measured: a minute of 10 real seconds. */
const TIMED_SCALE = 6;
const MINUTE_MS = 60_000 / TIMED_SCALE;
/** The trigger's sizes, and its default Rate Limit Share (50 %: 100 requests a poll). */
const TRIGGER_SIZES = [10_000, 50_000, 100_000];
const PAGES_PER_POLL = 100;
const RESULTS = path.resolve(__dirname, '../../bench/RESULTS.md');

interface Measure {
	requests: number;
	tooMany: number;
	minutes: number;
	records: number;
}

function measure(sim: Simulator, startedAt: number, records: number): Measure {
	return {
		requests: sim.log.length,
		tooMany: sim.log.filter((entry) => entry.status === 429).length,
		minutes: (Date.now() - startedAt) / MINUTE_MS,
		records,
	};
}

/**
 * What a builder gets from the HTTP Request node with pagination: the API's default page size,
 * requests as fast as they come, and a wait of Retry-After when a 429 arrives.
 */
async function naiveListAll(sim: Simulator): Promise<number> {
	const seen = new Set<string>();
	for (let page = 1; ; page++) {
		const { data: users, pagination } = await directoryPage(sim, page);
		for (const user of users) seen.add(user.id);
		if (!pagination.has_more) return seen.size;
	}
}

async function startBench() {
	// Executions on one key learn what the others spent only from X-RateLimit-Remaining: the vendor's
	// headers, which the contract profile leaves out; the figures here are of that pacing.
	const options = { users: USERS, seed: 'bench', rateLimit: LIMIT, timeScale: TIME_SCALE, rateLimitHeaders: true };
	// The node's view of the key follows the simulator's resets, as in the test suites.
	const sim = followedByTheNode(await startSimulator(options), options);
	return { sim, credentials: credentialsFor(sim) };
}

async function main() {
	const { sim, credentials } = await startBench();
	const rows: string[] = [];
	const fresh = (users = USERS, timeScale = TIME_SCALE) => {
		sim.reset({ users, seed: 'bench' });
		sim.setRateLimit({ limit: LIMIT, timeScale });
	};

	// 1. Listing every user.
	fresh(LISTED, TIMED_SCALE);
	let start = Date.now();
	const naiveCount = await naiveListAll(sim);
	const naive = measure(sim, start, naiveCount);

	fresh(LISTED, TIMED_SCALE);
	start = Date.now();
	const run = await runEngagedly({
		parameters: { resource: 'user', operation: 'getAll', returnAll: true },
		credentials,
	});
	if (run.error) throw run.error;
	const node = measure(sim, start, new Set(run.items.map((item) => item.json.id)).size);

	// The floor: the limit's 200 requests a minute, spread evenly.
	const floorMinutes = (measure: Measure) => measure.requests / LIMIT;
	rows.push(
		`## Listing ${LISTED.toLocaleString('en')} users (Get Many, Return All)`,
		'',
		`A minute of ${MINUTE_MS / 1000} real seconds. n8n's HTTP Request node with pagination, in real n8n, is in bench/N8N-TRIGGER.md.`,
		'',
		'| client | users returned | requests | 429 answers | simulated minutes | ratio to the floor (its requests at 200 a minute) |',
		'|---|---|---|---|---|---|',
		`| naive (default page size, no pacing, waits Retry-After) | ${naive.records} | ${naive.requests} | ${naive.tooMany} | ${naive.minutes.toFixed(2)} | ${(naive.minutes / floorMinutes(naive)).toFixed(2)} |`,
		`| this node | ${node.records} | ${node.requests} | ${node.tooMany} | ${node.minutes.toFixed(2)} | ${(node.minutes / floorMinutes(node)).toFixed(2)} |`,
		`| ratio node / naive | | ${(node.requests / naive.requests).toFixed(2)} | ${naive.tooMany ? (node.tooMany / naive.tooMany).toFixed(2) : 'n/a'} | ${(node.minutes / naive.minutes).toFixed(2)} | |`,
		'',
	);

	// 2. Executions sharing one key.
	rows.push(...(await sharingBench(sim, credentials)));

	// 3. The trigger: what a poll and a pass cost.
	fresh();
	const praisePoller = await createPoller({ parameters: { event: 'newPraise' }, credentials });
	await praisePoller.poll();
	sim.clearLog();
	await praisePoller.poll();
	const quietPraise = sim.log.length;
	for (let i = 0; i < 120; i++) sim.store.addPraise();
	sim.clearLog();
	const burst = await praisePoller.poll();
	const burstRequests = sim.log.length;

	// A backlog of 5,000 praises after a pause, in the least convenient order the API may give.
	fresh();
	sim.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 60_000, scatteredIds: true });
	const backlogPoller = await createPoller({ parameters: { event: 'newPraise' }, credentials });
	await backlogPoller.poll();
	const pauseStart = Date.now() - 2500 * 60_000;
	const backlog = Array.from({ length: 5000 }, (_, i) =>
		sim.store.addPraise({ activity_date: new Date(pauseStart + Math.floor(i / 2) * 60_000).toISOString(), pinned: i % 1000 === 0 }).id,
	);
	sim.clearLog();
	const backlogEmitted: number[] = [];
	let backlogPolls = 0;
	let backlogBytes = 0;
	let backlogMostInPoll = 0;
	do {
		const before = sim.log.length;
		const outcome = await backlogPoller.poll();
		if (outcome.error) throw outcome.error;
		backlogEmitted.push(...outcome.items.map((item) => item.id as number));
		backlogPolls++;
		backlogMostInPoll = Math.max(backlogMostInPoll, sim.log.length - before);
		backlogBytes = Math.max(backlogBytes, backlogPoller.serialisedState().length);
	} while (backlogPoller.state().pass);
	const backlogOnce = new Set(backlogEmitted).size === backlogEmitted.length && backlogEmitted.length === backlog.length;
	sim.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 0, scatteredIds: false });

	/** A tenth of the organisation changed at once, in the way each event sees. */
	const bulkChange = (event: 'newUser' | 'userDeactivated' | 'userUpdated', users: number): number => {
		const chosen = ordinaryUsers(sim).filter((_, i) => i % 9 === 4).slice(0, users / 10);
		if (event === 'newUser') {
			for (let i = 0; i < users / 10; i++) sim.store.addUser({ first_name: `Hire${i}` });
			return users / 10;
		}
		const locations = [...sim.store.locations.keys()];
		for (const user of chosen) {
			if (event === 'userDeactivated') sim.store.setUserStatus(user.id, 'Blocked', 'not_known');
			else sim.store.updateUser(user.id, { location_id: locations.find((id) => id !== user.location_id)! });
		}
		return chosen.length;
	};

	const userRows: string[] = [];
	for (const users of TRIGGER_SIZES) {
		for (const event of ['newUser', 'userDeactivated', 'userUpdated'] as const) {
			// Each event on the organisation as generated: the bulk change of the one before is not its.
			fresh(users);
			const parameters =
				event === 'userUpdated'
					? { event, watchedFields: ['job_title', 'location', 'status', 'level'] }
					: { event };
			const poller = await createPoller({ parameters, credentials });
			/** A pass: requests of each poll, the largest saved state a user at any of its polls, what it emitted. */
			const pass = async () => {
				const perPoll: number[] = [];
				let peak = 0;
				let emitted = 0;
				let inProgress: boolean;
				do {
					sim.clearLog();
					const outcome = await poller.poll();
					if (outcome.error) throw outcome.error;
					perPoll.push(sim.log.length);
					emitted += outcome.items.length;
					const saved = poller.serialisedState();
					peak = Math.max(peak, saved.length / sim.store.users.size);
					inProgress = saved.includes('"pass":{');
				} while (inProgress);
				return { perPoll, peak, emitted };
			};
			const baseline = await pass();
			const quiet = await pass();
			const changed = bulkChange(event, users);
			const bulk = await pass();
			const caught = await pass();
			const requests = quiet.perPoll.reduce((a, b) => a + b, 0);
			const peak = Math.max(baseline.peak, quiet.peak);
			userRows.push(
				`| ${event} | ${users.toLocaleString('en')} | ${requests} | ${Math.ceil(users / 50)} | ${(requests / Math.ceil(users / 50)).toFixed(2)} | ${quiet.perPoll.length} | ${Math.max(...quiet.perPoll)} | ${peak.toFixed(1)} | ${Math.max(bulk.peak, caught.peak).toFixed(1)} | ${bulk.emitted + caught.emitted} of ${changed} |`,
			);
		}
	}

	rows.push(
		'## Engagedly Events Trigger',
		'',
		`- New Praise, nothing new: ${quietPraise} request(s) per poll.`,
		`- New Praise, a burst of 120 praises: ${burst.items.length} emitted in ${burstRequests} requests (ceil(120/50) = 3).`,
		`- New Praise, a backlog of 5,000 praises after a pause, pinned praises listed first, two praises to each minute's timestamp, ids out of time order: ${backlogEmitted.length} emitted over ${backlogPolls} polls (at most ${backlogMostInPoll} requests in a poll), ${backlogOnce ? 'each once' : 'NOT each once'}; the largest saved state at any poll ${backlogBytes} bytes.`,
		'',
		`User events, default Rate Limit Share (50 %: at most ${PAGES_PER_POLL} requests a poll): a pass after the baseline; the saved state at its peak (the largest at any poll of the baseline and that pass), then at the peak of the pass that meets a bulk change of a tenth of the organisation (new hires, deactivations, a move to another location) and of the pass after it, and the events those two emitted:`,
		'',
		'| user event | users | requests per pass | ceil(N/50) | ratio | polls per pass | most requests in a poll | peak saved state, bytes a user | with a bulk change of 10 %: peak bytes a user | events emitted of changes made |',
		'|---|---|---|---|---|---|---|---|---|---|',
		...userRows,
		'',
	);

	// 4. People by email: its own section, at 1,000 and 10,000 users.
	rows.push(...(await peopleBench(sim, credentials)));
	fresh();

	// 5. Sync: real minutes, so about a minute and a half of its own; then the scheduled runs' digests, counted.
	rows.push(...(await syncSections(sim, credentials)));
	fresh();

	await sim.stop();
	const report = [
		'# Benchmark results',
		'',
		`Produced by \`npm run bench\` (test/bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: the simulator with ${LIMIT} requests a minute per key, a minute lasting ${MINUTE_MS / 1000} s where time is measured and ${60 / TIME_SCALE} s where requests are counted. Compare ratios, not times: absolute numbers depend on the machine.`,
		'',
		...rows,
	].join('\n');
	writeFileSync(RESULTS, report);
	console.log(report);
}

/**
 * Writes `section` over its blocks in bench/RESULTS.md: each block (a heading of the section's
 * first heading's level, to the next heading of that level or higher) replaces the block with the
 * same heading, or goes after the block headed `after` (else at the end). The other sections keep
 * the figures of the last run that measured them.
 */
function spliceSection(current: string, section: string, after?: string): string {
	const level = /^#+/.exec(section)![0].length;
	const isHeading = (line: string, upTo: number) => /^#+ /.test(line) && /^#+/.exec(line)![0].length <= upTo;
	const blocks = (lines: string[]) => {
		const found: string[][] = [];
		for (const line of lines) {
			if (isHeading(line, level) || found.length === 0) found.push([]);
			found[found.length - 1].push(line);
		}
		return found;
	};
	let lines = current.trimEnd().split('\n');
	for (const block of blocks(section.trimEnd().split('\n'))) {
		const at = lines.indexOf(block[0]);
		const anchor = after === undefined ? -1 : lines.indexOf(after);
		let end = (at < 0 ? anchor : at) + 1;
		while (end > 0 && end < lines.length && !isHeading(lines[end], level)) end++;
		const spliced = [...block, ...(block[block.length - 1] === '' ? [] : [''])];
		if (at >= 0) lines = [...lines.slice(0, at), ...spliced, ...lines.slice(end)];
		else if (anchor >= 0) lines = [...lines.slice(0, end), ...spliced, ...lines.slice(end)];
		else lines = [...lines, '', ...spliced];
	}
	return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * `npm run bench -- sync` measures only the Sync sections; `npm run bench -- nights` only what a
 * night costs by size; `npm run bench -- beside` only a first Sync beside a trigger and a Get Many;
 * `npm run bench -- sharing` only executions sharing one key. Each is written over its own part of
 * bench/RESULTS.md.
 */
async function sectionOnly(which: 'sync' | 'nights' | 'beside' | 'sharing') {
	const { sim, credentials } = await startBench();
	const sections = { sync: syncSections, nights: nightsBySizeBench, beside: besideBench, sharing: sharingBench };
	const section = (await sections[which](sim, credentials)).join('\n');
	await sim.stop();
	const after = which === 'nights' ? '### Every field and the birth date and HR managers: two weeks of nightly runs' : undefined;
	writeFileSync(RESULTS, spliceSection(readFileSync(RESULTS, 'utf8'), section, after));
	console.log(section);
}

const only = (['sync', 'nights', 'beside', 'sharing'] as const).find((which) => process.argv.includes(which));
(only ? sectionOnly(only) : main()).catch((error) => {
	console.error(error);
	process.exit(1);
});
