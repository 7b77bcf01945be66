import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findUserByEmail, rememberUser } from '../../people/byEmail';
import { MANAGER_FIX, optionsCollection } from '../../descriptions/common';
import { userFieldNames } from '../../people/editorPlaces';
import type { ItemScope } from '../../transport/request';
import type { ManagersGivenBy } from './fields/descriptions';
import { managersGivenByProperty } from './fields/descriptions';
import { createProperties, readCreateBody } from './fields/newUser';
import { readSimplify, simplifyProperties, userOutput } from './simplify';
import { upsertUser } from './upsert/upsert';
import { outcomeFields } from './upsert/write';
import { liveUserAttributes } from './fields/customAttributes';

const properties: INodeProperties[] = [...createProperties, ...simplifyProperties, optionsCollection([managersGivenByProperty])];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['createOrUpdate'] } },
	properties,
);

/**
 * The user is matched by email (`GET /users?email=`, whatever the case); every value is checked
 * as Create checks it before that look-up, so a bad item sends nothing. The output is the user
 * plus `outcome` (created, updated, unchanged) and, for an update, `changes`. Managers Given By
 * Employee ID: the managers are the users holding those Employee IDs, found in the directory
 * (read once per execution, by the first item that needs it: people/byEmployeeId.ts).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const givenBy = this.getNodeParameter('options.managersGivenBy', itemIndex, 'idOrEmail') as ManagersGivenBy;
	const body = await readCreateBody.call(this, itemIndex, { request, givenBy });
	const existing = await findUserByEmail.call(this, String(body.email), request);
	const result = await upsertUser.call(this, body, existing, { ...request, fieldNames: userFieldNames('create', { peopleFix: MANAGER_FIX, attributes: await liveUserAttributes.call(this, request) }) });
	// Items after this one that name the address (as a manager, say) find the user as written.
	rememberUser(this, result.user);
	return userOutput(result.user, readSimplify.call(this, itemIndex), outcomeFields(result));
}
