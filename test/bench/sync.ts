/**
 * User Sync at 10,000 users with 100 changes (issue 13): what it costs against Engagedly's real
 * limit, 200 requests a minute per key, with real minutes (the pacer's margin and the headers'
 * one-second granularity would be most of a one-second "minute"). The claim: ceil(N/50) reads of
 * the directory, one read of the attribute definitions, one write per change, no 429, and a run
 * within 10% of the least time the limit allows for that many requests. Beside it, the same job
 * as a workflow does it without Sync (User Get Many by email per employee, then Create or Update
 * per change), counted from the same input rather than run: it is one request per employee.
 */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import type { Simulator, UserRecord } from '../simulator';

const USERS = 10_000;
const LIMIT = 200;
const UPDATES = 60;
const CREATES = 40;

function employees(sim: Simulator): Array<{ json: IDataObject }> {
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const titles = [...sim.store.jobTitles.values()];
	const active = sim.store.sortedUsers().filter((u) => u.status === 'Active');
	const employee = (user: UserRecord): IDataObject => ({
		email: user.email,
		firstName: user.first_name,
		lastName: user.last_name,
		jobTitle: user.job_title_id === null ? '' : String(user.job_title_id),
		costCenter: user.custom[costCenter],
	});
	const list = active.map(employee);
	// Changes spread over the directory: every other one a new job title, the rest a new last name.
	for (let i = 0; i < UPDATES; i++) {
		const at = Math.floor(((i + 0.5) * list.length) / UPDATES);
		const user = active[at];
		if (i % 2 === 0) {
			list[at].jobTitle = String(titles.find((t) => t.id !== user.job_title_id)!.id);
		} else {
			list[at].lastName = `${user.last_name}-Synced`;
		}
	}
	for (let i = 0; i < CREATES; i++) {
		list.push({ email: `bench.hire.${i}@example.test`, firstName: 'New', lastName: `Hire ${i}`, jobTitle: '', costCenter: 'CC-100' });
	}
	return list.map((json) => ({ json }));
}

const parameters = (costCenter: string) => ({
	resource: 'user',
	operation: 'sync',
	email: '={{ $json.email }}',
	firstName: '={{ $json.firstName }}',
	lastName: '={{ $json.lastName }}',
	additionalFields: { jobTitle: '={{ $json.jobTitle }}' },
	customAttributes: {
		mappingMode: 'defineBelow',
		value: { [costCenter]: '={{ $json.costCenter }}' },
		matchingColumns: [],
		schema: [],
	},
	// On, with every Active user named: the guard and the deactivation pass cost nothing.
	deactivateMissing: true,
});

export async function syncBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	sim.reset({ users: USERS, seed: 'bench-sync' });
	sim.setRateLimit({ limit: LIMIT, timeScale: 1 });
	const input = employees(sim);
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	sim.clearLog();
	const started = Date.now();
	const run = await runEngagedly({ parameters: parameters(costCenter), credentials, input });
	const seconds = (Date.now() - started) / 1000;
	if (run.error) throw run.error;

	const outcomes = new Map<string, number>();
	for (const item of run.items) outcomes.set(String(item.json.outcome ?? 'error'), (outcomes.get(String(item.json.outcome ?? 'error')) ?? 0) + 1);
	const log = sim.log;
	const reads = log.filter((entry) => entry.method === 'GET');
	const pages = reads.filter((entry) => entry.route === 'GET /beta/users').length;
	const writes = log.length - reads.length;
	const tooMany = log.filter((entry) => entry.status === 429).length;
	const first = Date.parse(log[0].time);
	const last = Date.parse(log[log.length - 1].time);
	const windows = Math.ceil(log.length / LIMIT);
	// The least time: a window of 200 requests a minute, the last window opening (windows - 1) minutes after the first request.
	const floorSeconds = (windows - 1) * 60;
	const spanSeconds = (last - first) / 1000;
	const changed = (outcomes.get('updated') ?? 0) + (outcomes.get('created') ?? 0);
	const naive = input.length + changed;

	return [
		'## Sync: 10,000 users, 100 changes (User → Sync)',
		'',
		`${input.length.toLocaleString('en')} input items (every Active user of ${USERS.toLocaleString('en')}, ${UPDATES} of them changed, ${CREATES} new hires), Deactivate Missing Users on; ${LIMIT} requests a minute per key in real minutes. Outcomes: ${[...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(', ')}.`,
		'',
		'| | requests | reads of the directory (ceil(N/50)) | other reads | writes | 429 answers | first to last request | least time the limit allows | ratio |',
		'|---|---|---|---|---|---|---|---|---|',
		`| Sync | ${log.length} | ${pages} (${Math.ceil(USERS / 50)}) | ${reads.length - pages} | ${writes} | ${tooMany} | ${spanSeconds.toFixed(1)} s | ${floorSeconds} s (${windows} windows of ${LIMIT}) | ${floorSeconds ? (spanSeconds / floorSeconds).toFixed(3) : 'n/a'} |`,
		`| a workflow without Sync (Get Many by email per employee, then a write per change), counted | ${naive} | | ${input.length} | ${changed} | | | ${(Math.ceil(naive / LIMIT) - 1) * 60} s | |`,
		'',
		`The whole run took ${seconds.toFixed(1)} s, reading and checking the ${input.length.toLocaleString('en')} items' parameters through n8n's engine included.`,
		'',
	];
}
