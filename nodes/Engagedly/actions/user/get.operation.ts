import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { readSimplify, simplifyProperties, simplifyUser } from './simplify';

const properties: INodeProperties[] = [
	userLocator(),
	...simplifyProperties,
	optionsCollection([
		{
			displayName: 'Include',
			name: 'include',
			type: 'multiOptions',
			default: [],
			description: 'Related people to add to the user',
			options: [
				{ name: 'Direct Reports', value: 'direct_reports' },
				{ name: 'HR Managers', value: 'hr_managers' },
				{ name: 'Primary Reporter (Manager)', value: 'primary_reporter' },
				{ name: 'Secondary Managers', value: 'secondary_managers' },
			],
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const include = this.getNodeParameter('options.include', itemIndex, []) as string[];
	const simplify = readSimplify.call(this, itemIndex);
	// The simplified user names the manager: asked for explicitly, since it costs nothing.
	const embeds = simplify ? [...new Set([...include, 'primary_reporter'])] : include;
	const user = await requestRecord.call(this, 'GET', apiPath`/users/${id}`, {
		...request,
		qs: embeds.length ? { include: embeds.join(',') } : undefined,
	});
	return simplify ? simplifyUser(user) : user;
}
