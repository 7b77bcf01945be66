/** Shared by the suites of the read-only resources (learning, certificates, praises, permissions, attributes). */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly } from './engine';
import { credentialsFor } from './simulator';
import type { RequestLogEntry, Simulator } from '../simulator';

/** Runs the node once on one empty item; the output items' JSON, or the error that stopped it. */
export async function run(sim: Simulator, parameters: IDataObject) {
	const result = await runEngagedly({ parameters, credentials: credentialsFor(sim) });
	return { ...result, json: result.items.map((item) => item.json) };
}

/** A query value as a list: the simulator keeps one value as a string and repeats as an array. */
export function queryList(entry: RequestLogEntry, key: string): string[] {
	const value = entry.query[key];
	return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
