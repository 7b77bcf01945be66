import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isBlank, toApiDay } from '../../parameters/values';

/**
 * "Simplify" on the user reads and writes that output users (Get, Get Many, Create or Update;
 * Sync's User Details "Simplified" is the same ten fields): a user record has about thirty-five
 * fields, and n8n's UX guidelines ask for a
 * simplified output of at most ten on records of more than ten. The node run as an AI tool
 * (n8n names its tool variant `…Tool`, which `@tool` in displayOptions tests) has it on by
 * default, since an agent pays for every field in its context; a workflow has it off, so the
 * output of saved workflows stays what it was.
 */
const description = 'Whether to return a simplified version of the response instead of the raw data';

export const simplifyProperties: INodeProperties[] = [
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description,
		displayOptions: { hide: { '@tool': [true] } },
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description,
		displayOptions: { show: { '@tool': [true] } },
	},
];

export function readSimplify(this: IExecuteFunctions, itemIndex: number): boolean {
	return this.getNodeParameter('simplify', itemIndex, false) === true;
}

const record = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

const nameOf = (value: unknown): string | null => {
	const name = record(value)?.name;
	return isBlank(name) ? null : String(name);
};

/**
 * The ten fields a person or an agent needs: id, name, email, status, job title, location,
 * manager (name and email), department names (null where the answer does not carry them), employee id and joining date (a day). Names stand
 * for the `{id, name}` references; the manager is the user's `primary_reporter`.
 */
export function simplifyUser(user: IDataObject): IDataObject {
	const manager = record(user.primary_reporter);
	const fullName = [user.first_name, user.last_name].filter((part) => !isBlank(part)).join(' ');
	return {
		id: user.id ?? null,
		name: isBlank(user.name) ? fullName || null : user.name,
		email: user.email ?? null,
		status: user.status ?? null,
		job_title: nameOf(user.job_title),
		location: nameOf(user.location),
		manager: manager ? { name: manager.name ?? null, email: manager.email ?? null } : null,
		// Null, not an empty list, where the answer does not say (the contract's user list): "in no
		// department" would be a claim the answer does not make.
		departments: Array.isArray(user.departments) ? user.departments.map(nameOf).filter((name) => name !== null) : null,
		employee_id: isBlank(user.employee_id) ? null : user.employee_id,
		joining_date: toApiDay(user.joining_date) ?? null,
	};
}

/**
 * The output of a user: simplified when asked, with what the operation adds (its outcome,
 * changes) first, so that n8n's JSON and Table views show what happened before the user's
 * thirty-odd fields. Its values win over a user field of the same name, as they are the point.
 */
export function userOutput(user: IDataObject, simplify: boolean, extra: IDataObject = {}): IDataObject {
	return Object.assign({ ...extra }, simplify ? simplifyUser(user) : user, extra);
}
