import type { UnitKind } from '../orgUnit';
import { unitOperations } from '../orgUnit';

export const departmentKind: UnitKind = {
	resource: 'department',
	path: '/departments',
	noun: 'department',
	plural: 'departments',
	locatorName: 'departmentId',
	searchListMethod: 'searchDepartments',
};

/** Built once; each operation file picks its own. */
export const departmentOperations = unitOperations(departmentKind);
