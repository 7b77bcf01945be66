import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { department } from '../records/kinds';
import { changeMembers, changeMembersFields } from '../records/memberGroup';

export const description = changeMembersFields(department, 'addMembers');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await changeMembers.call(this, department, 'addMembers', itemIndex, request);
}
