import type { IDataObject } from 'n8n-workflow';

/**
 * What the node keeps between runs in n8n's static data (the trigger's place in the feed, Sync's
 * digests). n8n saves the object it handed out, not a new one: a state is replaced in place.
 */
export function writeState(staticData: IDataObject, state: IDataObject): void {
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, state);
}
