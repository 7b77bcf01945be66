/**
 * Shared by the user suites: the organisation's attribute definitions read from the simulator's
 * own state (so no test depends on the seed's particular attribute set), and small readers of
 * the simulator's request log.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { resourceMapping } from '../helpers/engine';
import { credentialsFor } from '../helpers/simulator';
import type { AttributeRecord, RequestLogEntry, Simulator, UserRecord } from '../simulator';
import { attributeOfType as storeAttributeOfType, mandatoryCustomValues } from '../simulator/store';

let emails = 0;
/** An address no seeded user has. */
export const freshEmail = (tag = 'user') => `zz.${tag}.${++emails}@example.test`;

export function customAttributes(sim: Simulator): AttributeRecord[] {
	return sim.store.attributes.filter((a) => !a.preset);
}

/** The first custom attribute of a data type (the seed has one of each; the test fails loudly if not). */
export const attributeOfType = (sim: Simulator, dataType: string, mandatory?: boolean): AttributeRecord =>
	storeAttributeOfType(sim.store.attributes, dataType, mandatory);

/** Values the editor would hold for every mandatory custom attribute. */
export const mandatoryValues = (sim: Simulator): IDataObject => mandatoryCustomValues(sim.store.attributes);

/** A resource-mapper value as the editor saves it (defineBelow). */
export function mapping(value: IDataObject, schema: unknown[] = []): IDataObject {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** The mapper's fields as the editor loads them for an operation. */
export async function mapperSchema(sim: Simulator, operation: string) {
	return await resourceMapping('getCustomAttributes', credentialsFor(sim), { resource: 'user', operation });
}

export const writes = (sim: Simulator): RequestLogEntry[] => sim.log.filter((entry) => entry.method !== 'GET');

export const routes = (sim: Simulator): string[] => sim.log.map((entry) => entry.route ?? `${entry.method} ${entry.path}`);

/** Active users other than the organisation admin, in list order. */
export function ordinaryUsers(sim: Simulator): UserRecord[] {
	return sim.store.sortedUsers().filter((u) => u.id !== sim.store.adminId && u.status === 'Active');
}

export const jsonOf = (items: INodeExecutionData[]) => items.map((item) => item.json);

/** A deep copy of a stored user, to compare before and after a write. */
export const snapshot = (user: UserRecord): UserRecord => JSON.parse(JSON.stringify(user)) as UserRecord;
