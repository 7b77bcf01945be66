import type { FlatKind } from '../flatRecord';
import { flatOperations } from '../flatRecord';

export const jobTitleKind: FlatKind = {
	resource: 'jobTitle',
	path: '/job_titles',
	noun: 'job title',
	plural: 'job titles',
	locatorName: 'jobTitleId',
	searchListMethod: 'searchJobTitles',
	fields: [
		{
			name: 'description',
			wire: 'description',
			displayName: 'Description',
			description: 'What the role is',
			long: true,
		},
		{
			name: 'responsibilities',
			wire: 'responsibilities',
			displayName: 'Responsibilities',
			description: 'What the holder of the role is responsible for',
			long: true,
		},
	],
};

/** Built once; each operation file picks its own. */
export const jobTitleOperations = flatOperations(jobTitleKind);
