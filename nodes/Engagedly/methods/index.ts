import { structureKinds } from '../actions/records/kinds';
import * as listSearch from './listSearch';
import * as loadOptions from './loadOptions';
import * as resourceMapping from './resourceMapping';

/**
 * Names here are referenced from descriptions (loadOptionsMethod, searchListMethod) and saved in
 * nothing, but keep them stable anyway: renaming one silently empties a dropdown. The searches of
 * the structure records take their names and paths from the kinds' data.
 */
export const methods = {
	loadOptions: {
		getBlockReasonCodes: loadOptions.getBlockReasonCodes,
		getBusinesses: loadOptions.getBusinesses,
		getDepartments: loadOptions.getDepartments,
		getEmployeeTypes: loadOptions.getEmployeeTypes,
		getGenders: loadOptions.getGenders,
		getJobTitles: loadOptions.getJobTitles,
		getLearningResources: loadOptions.getLearningResources,
		getLocations: loadOptions.getLocations,
		getPermissions: loadOptions.getPermissions,
		getTitles: loadOptions.getTitles,
		getWatchableUserFields: loadOptions.getWatchableUserFields,
	},
	listSearch: {
		searchUsers: listSearch.searchUsers,
		...Object.fromEntries(structureKinds.map((kind) => [kind.searchListMethod, listSearch.searchByName(kind.path)])),
		searchLearningResources: listSearch.searchByName('/learning/resources', 'title'),
		searchCertificates: listSearch.searchByName('/certificates', 'certificate_name'),
	},
	resourceMapping: {
		getCustomAttributes: resourceMapping.getCustomAttributes,
	},
};
