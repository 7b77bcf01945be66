import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { listOf } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';
import { perExecution } from '../../transport/perExecution';

const properties: INodeProperties[] = [
	userLocator(),
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Give the user these permissions and keep the ones they have',
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Take these permissions away and keep the others',
			},
			{
				name: 'Replace',
				value: 'replace',
				description: 'The user ends up with exactly these permissions',
			},
		],
		default: 'add',
	},
	{
		displayName: 'Permission Names or IDs',
		name: 'permissionIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getPermissions' },
		default: [],
		description:
			'Site Administrator cannot be given or removed through the API: a user who holds it keeps it. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['updatePermissions'] } },
	properties,
);

type Mode = 'add' | 'remove' | 'replace';

/** Engagedly gives permission ids as numbers in some answers and as text in others: compared as text. */
const key = (permission: IDataObject) => String(permission.id);
/** The write takes integers only (as documented), whatever form the id was read in. */
const wireId = (permission: IDataObject): IDataObject[string] => (/^\d+$/.test(key(permission)) ? Number(key(permission)) : permission.id);
const isSiteAdmin = (permission: IDataObject) => permission.is_admin === true;

/**
 * The spec does not say whether PUT /users/<id>/permissions replaces or adds, so the node never
 * relies on either: it reads the user's permissions, computes the final set for the chosen mode
 * and sends that whole set. Site Administrator is outside the API's reach (it belongs to the
 * organisation admin): asking to add or remove it fails before anything is written, and a user
 * who holds it keeps it in the set that is sent.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const mode = this.getNodeParameter('mode', itemIndex, 'add') as Mode;
	const requested = listOf(this.getNodeParameter('permissionIds', itemIndex, []));
	const fail = (message: string, hint: string): never => {
		throw new NodeOperationError(this.getNode(), message, { itemIndex, description: `${hint} Nothing was sent.` });
	};
	if (!requested.length && mode !== 'replace') {
		fail(`No permissions to ${mode}`, 'Choose at least one permission under Permissions.');
	}

	const organisation = await perExecution(this, 'permissions', async () => await scanAll.call(this, '/permissions', request));
	const byId = new Map(organisation.map((permission) => [key(permission), permission]));
	const unknown = requested.filter((permissionId) => !byId.has(permissionId));
	if (unknown.length) {
		fail(
			`Permission ${unknown.join(', ')} does not exist in this Engagedly organisation`,
			`Choose permissions from the list. Known permissions: ${organisation.map((p) => `${String(p.name)} (${key(p)})`).join(', ')}.`,
		);
	}
	const wanted = requested.map((permissionId) => byId.get(permissionId)!);
	const admin = wanted.find(isSiteAdmin);
	if (admin) {
		fail(
			`The ${String(admin.name)} permission cannot be ${mode === 'remove' ? 'removed' : 'given'} through the Engagedly API`,
			`Remove ${String(admin.name)} from Permissions: it belongs to the organisation admin, who always keeps it, and cannot be given to anyone else.`,
		);
	}

	const path = apiPath`/users/${id}/permissions`;
	// The set sent replaces the user's: it is computed only from a list the API gave in full.
	const current = await requestList.call(this, 'GET', path, request);
	const wantedKeys = new Set(wanted.map(key));
	let next: IDataObject[];
	if (mode === 'add') next = [...current, ...wanted.filter((p) => !current.some((c) => key(c) === key(p)))];
	else if (mode === 'remove') next = current.filter((p) => !wantedKeys.has(key(p)));
	else next = [...current.filter(isSiteAdmin), ...wanted];

	const permissions = await requestList.call(this, 'PUT', path, {
		...request,
		body: { permission_ids: next.map(wireId) },
	});
	const before = new Set(current.map(key));
	const after = new Set(permissions.map(key));
	return {
		id,
		mode,
		added: permissions.filter((p) => !before.has(key(p))).map((p) => String(p.name)),
		removed: current.filter((p) => !after.has(key(p))).map((p) => String(p.name)),
		permissions,
	};
}
