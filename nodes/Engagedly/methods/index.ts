import * as listSearch from './listSearch';

export const methods = {
	listSearch: { searchUsers: listSearch.searchUsers },
};
