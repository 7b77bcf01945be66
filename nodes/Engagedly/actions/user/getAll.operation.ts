import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailKey } from '../../api/users';
import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import type { ItemRequest } from '../../transport/request';
import { readSimplify, simplifyProperties, simplifyUser } from './simplify';

const properties: INodeProperties[] = [
	...returnAllFields(),
	...simplifyProperties,
	filtersCollection([
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Only the user with this email address (in any case)',
		},
	]),
	optionsCollection([
		{
			displayName: 'Include',
			name: 'include',
			type: 'multiOptions',
			default: [],
			description: 'Related people to add to each user',
			options: [
				{ name: 'Direct Reports', value: 'direct_reports' },
				{ name: 'Primary Reporter (Manager)', value: 'primary_reporter' },
			],
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const email = trimmed(this.getNodeParameter('filters.email', itemIndex, ''));
	const include = this.getNodeParameter('options.include', itemIndex, []) as string[];
	const simplify = readSimplify.call(this, itemIndex);
	// The simplified users name their managers: the list embeds them at no extra cost.
	const embeds = simplify ? [...new Set([...include, 'primary_reporter'])] : include;
	const users = await paginate.call(this, '/users', {
		...request,
		limit: readLimit.call(this, itemIndex),
		qs: {
			...(email ? { email } : {}),
			...(embeds.length ? { include: embeds.join(',') } : {}),
		},
		// The filter may match loosely (any address containing the text): only that address counts.
		...(email ? { keep: (user: IDataObject) => emailKey(user.email) === emailKey(email) } : {}),
	});
	return simplify ? users.map(simplifyUser) : users;
}
