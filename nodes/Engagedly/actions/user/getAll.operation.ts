import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { userFilter } from '../../people/filter';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';
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
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. Jane Doe',
			default: '',
			description:
				'Only users whose name holds every word of this text (in any case, in any order: "doe jane" finds Jane Q. Doe). Engagedly has no name search: the user list is read page by page until Limit users are found, or to its end.',
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

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const email = trimmed(this.getNodeParameter('filters.email', itemIndex, ''));
	const name = trimmed(this.getNodeParameter('filters.name', itemIndex, ''));
	const include = this.getNodeParameter('options.include', itemIndex, []) as string[];
	const simplify = readSimplify.call(this, itemIndex);
	// The simplified users name their managers: the list embeds them at no extra cost.
	const embeds = simplify ? [...new Set([...include, 'primary_reporter'])] : include;
	const users = await scanAll.call(this, '/users', {
		...request,
		limit: readLimit.call(this, itemIndex),
		qs: {
			...(email ? { email } : {}),
			...(embeds.length ? { include: embeds.join(',') } : {}),
		},
		keep: userFilter({ email, name }),
	});
	return simplify ? users.map(simplifyUser) : users;
}
