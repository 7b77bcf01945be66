import type { UnitKind } from '../orgUnit';
import { unitOperations } from '../orgUnit';

export const businessKind: UnitKind = {
	resource: 'business',
	path: '/businesses',
	noun: 'business',
	plural: 'businesses',
	locatorName: 'businessId',
	searchListMethod: 'searchBusinesses',
};

/** Built once; each operation file picks its own. */
export const businessOperations = unitOperations(businessKind);
