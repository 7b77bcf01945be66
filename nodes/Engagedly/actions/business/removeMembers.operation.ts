import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../transport/request';
import { business } from '../records/kinds';
import { changeMembers, changeMembersFields } from '../records/memberGroup';

export const description = changeMembersFields(business, 'removeMembers');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	return await changeMembers.call(this, business, 'removeMembers', itemIndex, request);
}
